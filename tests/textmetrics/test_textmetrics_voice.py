"""The voice signals: narration, norms, asides, closings, rule lines, second person."""

from __future__ import annotations

import pytest

from codeeval.textmetrics import voice


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("She walked to the pier and waited.", True),
        ("Er stand am Fenster und sah hinaus.", True),
        ("I couldn't write the letter.", True),
        ("Pickpocketing, it should be said, is a crime.", False),  # present tense wins
        ("Swimming alone at night is never a good idea.", False),
    ],
)
def test_narrates(sentence: str, expected: bool) -> None:
    assert voice.narrates(sentence) is expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Violence is never the answer.", True),
        ("Man sollte nie ohne Helm fahren.", True),
        ("She said violence was never the answer.", False),  # narrated
        ("The sea is grey today.", False),  # no norm
    ],
)
def test_breaks_voice(sentence: str, expected: bool) -> None:
    assert voice.breaks_voice(sentence) is expected


def test_narrative_needs_several_past_verbs() -> None:
    assert voice.narrative("He went out. She waited. They sat down. It was late.")
    assert not voice.narrative("This essay argues that cities need more trees.")


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Thank you.", True),
        ("Vielen Dank für Ihre Aufmerksamkeit!", True),
        ("Please raise your glasses: to Dolores.", True),
        ("Prost!", True),
        (
            "Thank you for coming all the way out here in this weather to see the old mill "
            "one last time before they pull it down next spring.",
            False,
        ),
        ("She never said thank you to anyone in the village.", False),
    ],
)
def test_closes(sentence: str, expected: bool) -> None:
    assert voice.closes(sentence) is expected


@pytest.mark.parametrize("line", ["---", "***", "* * *", "___", "——"])
def test_separator(line: str) -> None:
    assert voice.SEPARATOR.match(line)


def test_aside_spans() -> None:
    text = "He left — and this must be said — at dawn (as one should, of course)."
    spans = [text[a:b] for a, b in voice.aside_spans(text, 0, len(text))]
    assert "as one should, of course" in spans
    assert "and this must be said" in spans
    assert voice.aside_form(text)
    assert not voice.aside_form("A plain sentence with a hyphen-word.")


def test_second_person_is_capped_and_ignores_she() -> None:
    assert voice.second_person("sie sagte, dass sie kommt", 0, 25) == 0
    text = "you and you and your and du and dir"
    assert voice.second_person(text, 0, len(text)) == voice.ADDRESSED_BODY
