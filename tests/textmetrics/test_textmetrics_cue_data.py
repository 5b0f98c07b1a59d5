"""The disclaimer cues as data: the files load and validate, every example behaves as it
says, the derived triggers fire on every example, and a broken file is refused with the
cue named. One test per cue, generated from the files."""

from __future__ import annotations

import pytest

from codeeval.textmetrics.cuedata import (
    CueDataError,
    check_examples,
    cue_files,
    read_file,
    specs,
)
from codeeval.textmetrics.cues import Doc, all_cues, index

SPECS = specs()


def test_both_languages_load_with_unique_ids() -> None:
    files = cue_files()
    assert [f.lang for f in files] == ["en", "de"]
    ids = [s.id for s in SPECS]
    assert len(ids) == len(set(ids))
    assert sum(len(s.patterns) for s in SPECS) >= 500


@pytest.mark.parametrize("spec", SPECS, ids=[s.id for s in SPECS])
def test_cue_examples(spec: object) -> None:
    """Each ``match`` is found (and its derived triggers fire), no ``no_match`` is."""
    assert spec in SPECS
    problems = check_examples(SPECS[SPECS.index(spec)])  # type: ignore[arg-type]
    assert problems == []


def test_every_cue_has_an_example() -> None:
    assert [s.id for s in SPECS if not s.match] == []


def test_no_cue_runs_on_every_sentence() -> None:
    """Every alternative of every cue requires some literal text: none escapes the
    prefilter (which would be correct but slow)."""
    assert [c.id for c in all_cues() if c.always] == []


def test_substring_needles_stay_few() -> None:
    """Needles that are not word keys each cost a search through every text."""
    assert len(index().substrings) <= 25


def test_the_glued_trigger_words_are_found() -> None:
    """Trigger lists written by hand once glued "inaccurate" and "outdated" (and
    "Forschung" and "Studienlage") into one word, so that the prefilter hid these matches.
    Derived triggers cannot drift from their pattern."""
    caveat = [c for c in all_cues() if c.family == "caveat"]
    keys = {n.text for c in caveat for n in c.needles}
    assert {"outda", "inacc", "studi", "forsc"} <= keys
    for sentence in (
        "Please note that these figures may be outdated.",
        "Bitte beachten Sie: Die Studienlage ist dünn.",
    ):
        fast = {f for s in Doc(sentence, sentence).candidates() for f in s.families}
        full = {f for s in Doc(sentence, sentence).candidates(full=True) for f in s.families}
        assert "caveat" in fast and fast == full, sentence


def _file(body: str) -> str:
    return f'lang = "en"\n\n[[cue]]\n{body}\n'


@pytest.mark.parametrize(
    ("body", "named"),
    [
        ('id = "en.caveat"\nfamily = "caveat"\nweight = 1\npatterns = [\'(unclosed\']', "pattern"),
        ('id = "en.caveat"\nfamily = "gossip"\nweight = 1\npatterns = [\'x\']', "family"),
        ('id = "en.caveat"\nfamily = "caveat"\nweight = 3\npatterns = [\'x\']', "weight"),
        ('id = "de.caveat"\nfamily = "caveat"\nweight = 1\npatterns = [\'x\']', "de.caveat"),
        ('id = "en.caveat"\nfamily = "caveat"\nweight = 1\npatterns = []', "patterns"),
        ('id = "en.caveat"\nfamily = "caveat"\nweight = 1\ntriggers = "a b"', "triggers"),
    ],
)
def test_a_broken_cue_file_is_refused_naming_the_problem(body: str, named: str) -> None:
    with pytest.raises(CueDataError, match=named):
        read_file(_file(body), "en.toml")


def test_a_wrong_example_is_reported() -> None:
    spec = read_file(
        _file(
            'id = "en.caveat"\nfamily = "caveat"\nweight = 1\npatterns = [\'\\bno guarantee\\b\']\n'
            "match = ['no guarantees at all']\nno_match = ['There is no guarantee.']"
        ),
        "en.toml",
    ).cue[0]
    problems = check_examples(spec)
    assert len(problems) == 2
    assert "does not match" in problems[0] and "matches" in problems[1]


def test_the_cue_files_are_declared_package_data() -> None:
    """The cue files ship in the wheel (and no written evaluation case does)."""
    import fnmatch
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    declared = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
        "setuptools"
    ]["package-data"]
    globs = declared.get("codeeval.textmetrics", [])
    files = sorted((root / "codeeval" / "textmetrics" / "cue_data").glob("*.toml"))
    assert [f.name for f in files] == ["de.toml", "en.toml"]
    for f in files:
        assert any(fnmatch.fnmatch(f"cue_data/{f.name}", g) for g in globs), f.name
    assert not list((root / "codeeval").rglob("*.jsonl"))
