"""The word definition, as a table of real-looking inputs."""

from __future__ import annotations

import re

import pytest

from codeeval.textmetrics.words import WORD, count_prose_words, count_words, strip_markup

CASES = [
    ("Donaudampfschifffahrtsgesellschaft", 1, "German compound"),
    ("Die E-Mail-Adresse stimmt nicht.", 4, "hyphenated compound is one word"),
    ("Ein- und Ausgang", 3, "suspended hyphen keeps its word"),
    ("Der Umbau kostet 1.200 Euro.", 5, "German thousands separator"),
    ("Die Inflation lag bei 3,5 Prozent.", 6, "decimal comma"),
    ("about 1,200 words", 3, "English thousands separator"),
    ("Treffen um 12:30 Uhr", 4, "time"),
    ("Das sind 50 % mehr.", 4, "percent sign is not a word"),
    ("I don't know, she said.", 5, "apostrophe inside a word"),
    ("z. B. hier und z.B. dort", 7, "abbreviation dots split letters"),
    ("# Überschrift\n\nEin kurzer Absatz.", 4, "heading marks are markup"),
    ("Das ist **fett** und _kursiv_.", 5, "emphasis marks are markup"),
    ("- Punkt eins\n- Punkt zwei\n* Punkt drei", 6, "list bullets are markup"),
    ("1. Erstens\n2. Zweitens\n10) Zehntens", 3, "ordered-list numbers are markup"),
    ("| Name | Wert |\n|---|---:|\n| Miete | 800 |", 4, "table pipes and separator row"),
    ("Mehr im [Handbuch der Stadt](https://example.org/handbuch).", 5, "link text only"),
    ("Quelle: https://example.org/a/b?c=1 (abgerufen).", 3, "bare URL is one word"),
    ("Die Funktion `slugify(text)` gibt einen Slug zurück.", 7, "inline code is one word"),
    ("Intro.\n\n```python\nprint('hello world')\nx = 1\n```\n\nOutro.", 2, "code block excluded"),
    ("Prose first.\n~~~\nunclosed code with many words in it", 2, "unclosed fence: rest is code"),
    ("erst — dann – danach … Ende", 4, "dashes and ellipsis are not words"),
    ("Zeile<br>zwei&nbsp;drei", 3, "HTML tags and entities are markup"),
    ("Tempo 30 km/h und/oder mehr", 5, "slash joins"),
    ("Cre\u0300me bru\u0302le\u0301e", 2, "combining accents stay inside the word"),
    ("---\n***\n> ", 0, "rules and quote marks alone"),
    ("", 0, "empty"),
    ("   \n\t  ", 0, "white space only"),
    ("Das Jahr 2024 war gut.", 5, "numbers are words"),
]


@pytest.mark.parametrize(("text", "expected", "why"), CASES, ids=[c[2] for c in CASES])
def test_count_words(text: str, expected: int, why: str) -> None:
    assert count_words(text) == expected, why


def test_streaming_count_equals_plain_count() -> None:
    paragraph = "Der Zug fuhr pünktlich ab, 1.200 Fahrgäste stiegen ein.\n"
    text = paragraph * 40_000 + "```\ncode words here\n"  # over the 1 MiB chunk size
    assert count_words(text) == 9 * 40_000


def test_a_line_longer_than_a_chunk_is_not_split_into_extra_words() -> None:
    assert count_words("x" * 3_000_000) == 1
    assert count_words("ab " * 1_000_000) == 1_000_000


EDGE_TOKENS = (
    "„Haus“ (1.200) _word_ a_b «Wort» ‹x› ‚y‘ ’tis 'tis don't. Ein- -ein e.g., z.B. 1.2.3, "
    "3,5% 12:30. km/h/ …und— —und– [1] {x} *fett* **fett**: #tag >zitat |a|b| ~x~ a.b "
    "x\u0301y \u0301x ___ ... -- ¿qué? ¡sí! 50%-ig 2x2 x²"
)


@pytest.mark.parametrize("text", [EDGE_TOKENS, *(c[0] for c in CASES)])
def test_the_token_fast_path_counts_as_the_pattern_does(text: str) -> None:
    """Tokens that are letters and digits once their edge punctuation is stripped are
    counted without the pattern; every count equals the pattern's own."""
    assert count_prose_words(text) == len(WORD.findall(strip_markup(text)))


LIST_TEXTS = (
    "1. Erstens\n2. Zweitens\n10) Zehntens",
    "Intro\n  3. drei\n> 4. vier\n\t5) fünf\n6.Keine Liste\n12:30 Uhr\n1.200 Euro",
    "7. am Anfang\n\n  12) nach einer Leerzeile\n1.\tTab",
)


@pytest.mark.parametrize("text", LIST_TEXTS)
def test_list_numbers_are_removed_as_by_a_line_anchored_pattern(text: str) -> None:
    """The markers of ordered lists are found after line breaks (fast); the words left
    are those a ``^``-anchored multi-line pattern leaves."""
    anchored = re.compile(r"^[ \t>]*\d{1,9}[.)](?=[ \t])", re.MULTILINE)
    assert strip_markup(text).split() == anchored.sub(" ", text).split()
