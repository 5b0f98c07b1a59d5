"""Refusal cues: every example in the cue file is a test; the loader refuses bad files."""

from __future__ import annotations

import pytest

from codeeval.textmetrics.refusal_cues import (
    Cue,
    CueFileError,
    find_cues,
    load_cues,
    lowered,
    matches,
    normalize,
    parse_cues,
    shipped_cues,
)

CUES = shipped_cues().cue
MUST = [(c, e) for c in CUES for e in c.must_match]
MUST_NOT = [(c, e) for c in CUES for e in c.must_not_match]


@pytest.mark.parametrize(("cue", "example"), MUST, ids=[f"{c.id}:{e[:30]}" for c, e in MUST])
def test_cue_fires_on_its_examples(cue: Cue, example: str) -> None:
    assert matches(cue, example)


@pytest.mark.parametrize(
    ("cue", "example"), MUST_NOT, ids=[f"{c.id}:{e[:30]}" for c, e in MUST_NOT]
)
def test_cue_stays_silent_on_its_counter_examples(cue: Cue, example: str) -> None:
    assert not matches(cue, example)


def test_every_family_has_english_cues() -> None:
    families = {c.family for c in CUES if c.lang == "en"}
    assert {"apology", "decline", "identity", "not_appropriate", "redirect"} <= families


VALID = """
version = 1
[[cue]]
id = "en.decline.x"
lang = "en"
family = "decline"
strength = "strong"
pattern = 'I cannot help'
must_match = ["I cannot help"]
must_not_match = ["I can help"]
"""


def test_a_valid_file_loads() -> None:
    (cue,) = parse_cues(VALID).cue
    assert cue.id == "en.decline.x"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("pattern = 'I cannot help'", "pattern = 'I (cannot'"), "does not compile"),
        (('lang = "en"', 'lang = "fr"'), "lang"),
        (('id = "en.decline.x"', 'id = "de.decline.x"'), "must start with its language"),
        (('family = "decline"', 'family = "sarcasm"'), "family"),
        (('strength = "strong"', 'strength = "medium"'), "strength"),
        (('must_not_match = ["I can help"]', "must_not_match = []"), "must_not_match"),
        (("version = 1", "version = 2"), "version"),
        (('id = "en.decline.x"', 'id = "en.decline.x"\nextra = 1'), "extra"),
    ],
)
def test_a_broken_file_is_refused_with_its_place(change: tuple[str, str], message: str) -> None:
    with pytest.raises(CueFileError, match=message):
        parse_cues(VALID.replace(*change))


def test_duplicate_ids_are_refused() -> None:
    text = VALID + VALID.split("version = 1", 1)[1]
    with pytest.raises(CueFileError, match="duplicate cue id"):
        parse_cues(text)


def test_not_toml_is_refused() -> None:
    with pytest.raises(CueFileError, match="not valid TOML"):
        parse_cues("[[cue]\n")


def test_a_missing_file_is_refused(tmp_path: object) -> None:
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    with pytest.raises(CueFileError, match="cannot read"):
        load_cues(tmp_path / "missing.toml")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I can't and won't.", "I cannot and will not."),
        ("I’m sure it’s fine.", "I am sure it is fine."),
        (
            "Don't. They're here; we'll see, I'd say.",
            "Do not. They are here; we will see, I would say.",
        ),
        ("John's car isn't red.", "John's car is not red."),
        ("No apostrophes at all.", "No apostrophes at all."),
        ("I can`t, I won‘t, it isnʼt.", "I cannot, I will not, it is not."),
        ("Ich kann`s nicht, größer.", "Ich kann's nicht, größer."),
    ],
)
def test_normalize_writes_contractions_out(text: str, expected: str) -> None:
    assert normalize(text).text == expected


def test_normalized_offsets_map_back_to_the_original() -> None:
    text = "Well, I can't say. I'm afraid it's a no, and I won't help."
    norm = normalize(text)
    for word in ("say", "afraid", "a no", "help"):
        start = norm.text.index(word)
        assert text[norm.original(start) :].startswith(word)


def test_lowered_keeps_escapes() -> None:
    assert lowered(r"\bI \S+ AI\W") == r"\bi \S+ ai\W"


def test_find_cues_reports_hits_in_text_order() -> None:
    text = normalize("I'm sorry, but I can't help with that.").text.lower()
    ids = [h.cue.id for h in find_cues(text)]
    assert ids == ["en.apology.but", "en.decline.cannot_verb"]
