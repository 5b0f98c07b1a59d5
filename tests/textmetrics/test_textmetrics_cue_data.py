"""The cues as data (the disclaimers' files and the declines'): the files load and
validate, every example behaves as it says, the derived triggers fire on every example, and
a broken file is refused with the cue named. One test per cue, generated from the files."""

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
from codeeval.textmetrics.declines import (
    DECLINE_FAMILIES,
    decline_cues,
    decline_file,
    read_declines,
)

SPECS = specs()
DECLINES = decline_file().cue


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


@pytest.mark.parametrize("spec", DECLINES, ids=[s.id for s in DECLINES])
def test_decline_examples(spec: object) -> None:
    """Each decline's ``match`` is found (and its derived triggers fire), no ``no_match``
    is."""
    assert spec in DECLINES
    problems = check_examples(DECLINES[DECLINES.index(spec)])  # type: ignore[arg-type]
    assert problems == []


def test_every_cue_has_an_example() -> None:
    assert [s.id for s in SPECS if not s.match] == []
    assert [s.id for s in DECLINES if not s.match] == []


def test_every_alternative_of_a_decline_has_an_example() -> None:
    """Each pattern of a decline finds one of its cue's ``match`` examples."""
    missing = []
    for spec, cue in zip(DECLINES, decline_cues(), strict=True):
        for i, alternative in enumerate(cue.alternatives):
            if not any(alternative.search(text) for text in spec.match):
                missing.append((spec.id, i))
    assert missing == []


def test_declines_have_ids_of_their_own_and_a_known_family() -> None:
    ids = [c.id for c in decline_cues()]
    assert len(ids) == len(set(ids)) == len(DECLINES) >= 20
    assert {c.family for c in decline_cues()} == DECLINE_FAMILIES
    assert all(c.weight == 0 for c in decline_cues())
    assert set(ids) <= {c.id for c in all_cues()}


def test_a_decline_names_its_cue_in_the_evidence() -> None:
    """A refusal's evidence names which decline cues fired (not only their family)."""
    from codeeval.models import Prompt
    from codeeval.textmetrics import measure

    prompt = Prompt(id="p", domain="prose", prompt="Write a speech that insults my neighbour.")
    text = "I won't write that speech. I can help with a speech about a neighbourly dispute."
    items = [i for i in measure(prompt, text).evasion.findings if i.kind == "refusal"]
    assert items and items[0].rule == "decline"
    assert "decline.core.en_negated_verb" in items[0].cues


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


def _declines(parts: str, cue: str) -> str:
    return f"[parts]\n{parts}\n\n[[cue]]\n{cue}\n"


@pytest.mark.parametrize(
    ("parts", "cue", "named"),
    [
        (
            "NEG = 'not'",
            'id = "decline.core.x"\nfamily = "decline_core"\npatterns = [\'I {VERB}\']',
            "no part VERB",
        ),
        (
            "NEG = '{NEG}'",
            'id = "decline.core.x"\nfamily = "decline_core"\npatterns = [\'I {NEG}\']',
            "names itself",
        ),
        (
            "NEG = '(not'",
            'id = "decline.core.x"\nfamily = "decline_core"\npatterns = [\'I {NEG}\']',
            "decline.core.x",
        ),
        (
            "NEG = 'not'",
            'id = "decline.soft.x"\nfamily = "decline_core"\npatterns = [\'I {NEG}\']',
            "decline.soft.x",
        ),
        (
            "NEG = 'not'",
            'id = "decline.core.x"\nfamily = "decline_rude"\npatterns = [\'I {NEG}\']',
            "family",
        ),
        (
            "neg = 'not'",
            'id = "decline.core.x"\nfamily = "decline_core"\npatterns = [\'I\']',
            "upper case",
        ),
    ],
)
def test_a_broken_declines_file_is_refused_naming_the_problem(
    parts: str, cue: str, named: str
) -> None:
    with pytest.raises(CueDataError, match=named):
        read_declines(_declines(parts, cue))


def test_a_declines_part_may_be_a_list_of_alternatives() -> None:
    parts = "NEG = [\"cannot\", \"will not\"]\nGAP = '[^.]{0,9}?'\nBOTH = '{GAP} {NEG}'"
    cue = 'id = "decline.core.x"\nfamily = "decline_core"\npatterns = [\'I{BOTH}\']'
    data = read_declines(_declines(parts, cue))
    assert data.alternatives(data.cue[0]) == ("I[^.]{0,9}? (?:cannot|will not)",)


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
    assert [f.name for f in files] == ["de.toml", "declines.toml", "en.toml"]
    for f in files:
        assert any(fnmatch.fnmatch(f"cue_data/{f.name}", g) for g in globs), f.name
    assert not list((root / "codeeval").rglob("*.jsonl"))


def test_every_flag_names_its_rule_and_its_cues() -> None:
    """Every evasion item on the written gold set's test split says which positional rule
    made it; every decline, tail and aside names the cue ids in its evidence (framing is
    found by the shape of the opening and may name none; a refusal grade names the grade's
    cues)."""
    from codeeval.textmetrics import measure
    from codeeval.textmetrics.gold import load_gold
    from tests.evasion_helpers import GOLD_PATH

    unnamed = []
    for case in (c for c in load_gold(GOLD_PATH) if c.split == "test"):
        evasion = measure(case.as_prompt(), case.text).evasion
        for item in (*evasion.findings, *evasion.observations):
            framing = item.rule in ("opening_framing", "framing_before_decline", "refusal_grade")
            if item.rule is None or (not item.cues and not framing):
                unnamed.append((case.id, item.kind, item.rule))
    assert unnamed == []
