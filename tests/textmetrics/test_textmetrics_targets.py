"""Word targets read from prompts, and the deviation from them."""

from __future__ import annotations

import pytest

from codeeval.models import Prompt
from codeeval.textmetrics import measure
from codeeval.textmetrics.targets import deviation, parse_target, resolve_target

PHRASES = [
    ("Schreibe eine Erzählung mit etwa 1200 Wörtern.", (1200, 1200, "approx")),
    ("Länge: ca. 800 Wörter, nüchtern.", (800, 800, "approx")),
    ("Write about 1,200 words.", (1200, 1200, "approx")),
    ("Rede, rund 500 Wörter.", (500, 500, "approx")),
    ("A story of 600–800 words.", (600, 800, "range")),
    ("A story of 600-800 words.", (600, 800, "range")),
    ("Umfang 1.200 Wörter.", (1200, 1200, "approx")),
    ("zwischen 600 und 800 Wörtern", (600, 800, "range")),
    ("between 600 and 800 words", (600, 800, "range")),
    ("600 bis 800 Wörter", (600, 800, "range")),
    ("no more than 300 words", (None, 300, "at_most")),
    ("höchstens 300 Wörter", (None, 300, "at_most")),
    ("maximal 250 Wörter", (None, 250, "at_most")),
    ("up to 400 words", (None, 400, "at_most")),
    ("unter 300 Wörtern bleiben", (None, 300, "at_most")),
    ("150 words or fewer", (None, 150, "at_most")),
    ("at least 500 words", (500, None, "at_least")),
    ("mindestens 500 Wörter", (500, None, "at_least")),
    ("500 Wörter oder mehr", (500, None, "at_least")),
    ("genau 100 Wörter", (100, 100, "exact")),
    ("exactly 100 words", (100, 100, "exact")),
    ("a 500-word essay", (500, 500, "approx")),
    ("ein 1200-Wörter-Text", (1200, 1200, "approx")),
    ("roughly 2k words", (2000, 2000, "approx")),
    ("between 800 and 600 words", (600, 800, "range")),
    ("3 Absätze und etwa 600 Wörter, höchstens 2 Seiten", (600, 600, "approx")),
]


@pytest.mark.parametrize(("text", "expected"), PHRASES, ids=[p[0] for p in PHRASES])
def test_target_phrases(text: str, expected: tuple[int | None, int | None, str]) -> None:
    target, issue = parse_target(text)
    assert issue is None
    assert target is not None
    assert (target.min_words, target.max_words, target.kind) == expected
    assert target.source == "prompt_text"


@pytest.mark.parametrize(("text", "expected"), PHRASES, ids=[p[0] for p in PHRASES])
def test_target_phrases_in_capitals(
    text: str, expected: tuple[int | None, int | None, str]
) -> None:
    """The patterns ignore case, and so does the check that a prompt has a number and a
    unit at all (which spares compiling them for most prompts)."""
    target, issue = parse_target(text.upper())
    assert issue is None
    assert target is not None
    assert (target.min_words, target.max_words, target.kind) == expected


@pytest.mark.parametrize(
    "text",
    [
        "Write a short story.",
        "Zwei Seiten, drei Absätze.",
        "Use 4000 tokens at most.",
        "In your own words, explain it.",
        "Fünfhundert Wörter.",
    ],
)
def test_no_target(text: str) -> None:
    assert parse_target(text) == (None, None)


@pytest.mark.parametrize(
    "text",
    [
        "Write 0 words.",
        "Schreibe -5 Wörter.",
        "Write 10^9 words.",
        "1000000000 Wörter",
        "about 1 Million words",
        "Write 2e6 words.",
    ],
)
def test_nonsense_target_is_an_issue_not_a_crash(text: str) -> None:
    target, issue = parse_target(text)
    assert target is None
    assert issue is not None and issue.code == "invalid_target"
    metrics = measure(Prompt(id="p", domain="prose", prompt=text), "Ein kurzer Text.")
    assert metrics.status == "invalid_target"
    assert metrics.deviation_words is None and metrics.deviation_pct is None


def test_prompt_file_target_wins_over_the_text() -> None:
    prompt = Prompt(id="p", domain="prose", prompt="etwa 1200 Wörter", target_words=500)
    target, _ = resolve_target(prompt)
    assert target is not None
    assert (target.min_words, target.source) == (500, "prompt_file")


@pytest.mark.parametrize("bad", [0, -10, 10**9])
def test_nonsense_prompt_file_target(bad: int) -> None:
    prompt = Prompt(id="p", domain="prose", prompt="etwa 1200 Wörter", target_words=bad)
    metrics = measure(prompt, "Ein Text.")
    assert metrics.status == "invalid_target"
    assert metrics.target is None


@pytest.mark.parametrize(
    ("words", "phrase", "expected"),
    [
        (1100, "etwa 1000 Wörter", (100, 10.0)),
        (900, "etwa 1000 Wörter", (-100, -10.0)),
        (1000, "etwa 1000 Wörter", (0, 0.0)),
        (700, "600–800 words", (0, 0.0)),
        (500, "600–800 words", (-100, -16.7)),
        (1000, "600–800 words", (200, 25.0)),
        (250, "höchstens 300 Wörter", (0, 0.0)),
        (360, "höchstens 300 Wörter", (60, 20.0)),
        (400, "at least 500 words", (-100, -20.0)),
        (9000, "at least 500 words", (0, 0.0)),
    ],
)
def test_deviation(words: int, phrase: str, expected: tuple[int, float]) -> None:
    target, _ = parse_target(phrase)
    assert target is not None
    assert deviation(words, target) == expected


def test_no_target_no_deviation() -> None:
    metrics = measure(Prompt(id="p", domain="prose", prompt="Schreib was."), "Ein Satz hier.")
    assert metrics.target is None
    assert metrics.deviation_words is None and metrics.deviation_pct is None
    assert metrics.status == "ok"


def test_deviation_on_a_measured_text() -> None:
    prompt = Prompt(id="p", domain="speech", prompt="Eine Rede, etwa 10 Wörter.")
    metrics = measure(prompt, "Liebe Gäste, heute feiern wir zwölf Jahre Verein, Sport und Kuchen!")
    assert metrics.words == 11
    assert (metrics.deviation_words, metrics.deviation_pct) == (1, 10.0)
