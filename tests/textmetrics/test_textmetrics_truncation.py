"""Truncation suspicion and the signals behind it."""

from __future__ import annotations

import pytest

from codeeval.models import Prompt
from codeeval.textmetrics import measure

PROSE = Prompt(id="p", domain="prose", prompt="Eine Geschichte.")
CODING = Prompt(id="c", domain="coding", prompt="Ein Modul.")

ENDINGS = [
    ("Sie ging nach Hause.", False),
    ("Sie ging nach Hause", True),
    ("Er fragte: „Kommst du mit?“", False),
    ('He said, "Never again."', False),
    ("Sie rief: »Lauf!«", False),
    ("(Das war alles.)", False),
    ("Das Ende war *offen.*", False),
    ("Er öffnete die Tür und", True),
    ("Sie sah auf die Uhr, die", True),
    ("Es war ein langer Tag,", True),
    ("Das Fazit lautet:", True),
    ("Er hob die Hand — ", True),
    ("Und dann war es still…", False),
    ("Und dann war es still...", False),
    ("Viel Erfolg beim Ausprobieren! 🎉", False),
    ("Text davor.\n\n## Fazit", True),
    ("Die Liste:\n\n- Äpfel\n- Birnen\n- Pflaumen", False),
    ("Die Liste:\n\n- Äpfel\n- Birnen und", True),
    ("| Jahr | Umsatz |\n|---|---|\n| 2023 | 12 |", False),
    ("| Jahr | Umsatz |\n|---|---|\n| 2023 | 12", True),
    ("Ich danke Ihnen sehr.\n\nMit freundlichen Grüßen\nAnna Berg\nVorstand", False),
    ("Bis bald.\nTim", False),
    ("Er kam zurück.\n\nDer Regen fiel leise", True),
    ("Laub fällt\nauf nassen Stein\nder Nachbar fegt\nder Wind fegt zurück", False),
    ("Hier ist das Modul:\n\n```python\nx = 1\n```", False),
    ("Text.\n\n---", False),
]


@pytest.mark.parametrize(("text", "suspected"), ENDINGS, ids=[e[0][-30:] for e in ENDINGS])
def test_endings(text: str, suspected: bool) -> None:
    truncation = measure(PROSE, text).truncation
    assert truncation.suspected is suspected
    if suspected:
        assert [s.kind for s in truncation.signals] == ["no_closing_punctuation"]


def test_unclosed_code_fence() -> None:
    text = "Hier ist das Modul:\n\n```python\ndef f():\n    return"
    truncation = measure(CODING, text).truncation
    assert [s.kind for s in truncation.signals] == ["unclosed_code_fence"]


@pytest.mark.parametrize("reason", ["length", "max_tokens", "LENGTH", "max_output_tokens"])
def test_finish_reason_at_the_limit(reason: str) -> None:
    truncation = measure(PROSE, "Ein vollständiger Satz.", finish_reason=reason).truncation
    assert truncation.suspected
    assert [s.kind for s in truncation.signals] == ["finish_reason"]


@pytest.mark.parametrize("reason", ["stop", "eos", None, ""])
def test_normal_finish_reason(reason: str | None) -> None:
    assert not measure(PROSE, "Ein vollständiger Satz.", finish_reason=reason).truncation.suspected


def test_every_signal_is_reported() -> None:
    text = (
        "Hier ist der Code:\n\n```python\ndef f(x):\n    return x +\n"
        "Hinweis: Antwort bei max_tokens=2048 abgeschnitten\n"
    )
    truncation = measure(CODING, text, finish_reason="length").truncation
    assert [s.kind for s in truncation.signals] == [
        "finish_reason",
        "tool_notice",
        "unclosed_code_fence",
    ]


def test_notice_line_does_not_hide_the_real_ending() -> None:
    text = "Der Zug fuhr los und\nHinweis: Antwort bei max_tokens=512 abgeschnitten"
    kinds = {s.kind for s in measure(PROSE, text).truncation.signals}
    assert kinds == {"tool_notice", "no_closing_punctuation"}


def test_empty_text_is_not_suspected_without_signals() -> None:
    assert not measure(PROSE, "").truncation.suspected
    assert measure(PROSE, "", finish_reason="length").truncation.suspected
