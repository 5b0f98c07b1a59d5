"""Quoted and direct speech is blanked before marker search, offsets unchanged."""

from __future__ import annotations

import pytest

from codeeval.textmetrics.quotes import mask_quotes


@pytest.mark.parametrize(
    ("text", "kept", "hidden"),
    [
        ("Sie sagte: „Bitte beachten Sie das.“ Dann ging sie.", "Dann ging sie.", "beachten"),
        ("Er rief: »Ich kann das nicht tun!« und lief.", "und lief.", "kann"),
        ("Il dit: «Je ne peux pas.» Puis rien.", "Puis rien.", "peux"),
        ("Sie flüsterte ›Vorsicht‹ und schwieg.", "und schwieg.", "Vorsicht"),
        ("Er meinte ‚nie wieder‘ und lachte.", "und lachte.", "nie"),
        ("She said, “Please note the time.” Then she left.", "Then she left.", "Please"),
        ('He said, "I cannot help with that." Then silence.', "Then silence.", "cannot"),
        ("She said, ‘I don’t know,’ and shrugged.", "and shrugged.", "know"),
        ("Er sagte „Stopp“ – sie hörte nicht.", "sie hörte nicht.", "Stopp"),
        ("Bots often reply 'I cannot help with that', sadly.", "sadly.", "cannot"),
        ("She wrote: 'I won't go. I can't.' Then she left.", "Then she left.", "go."),
    ],
)
def test_quote_styles(text: str, kept: str, hidden: str) -> None:
    masked = mask_quotes(text)
    assert len(masked) == len(text)
    assert kept in masked
    assert hidden not in masked


def test_dash_dialogue_lines() -> None:
    text = "Er sah sie an.\n– Bitte beachten Sie, dass ich gehe.\n— Ich kann das nicht.\nStille."
    masked = mask_quotes(text)
    assert "beachten" not in masked and "kann" not in masked
    assert masked.splitlines()[0] == "Er sah sie an."
    assert masked.splitlines()[-1] == "Stille."


@pytest.mark.parametrize(
    "text",
    [
        "It's Tom's car, and he doesn't lend it.",
        "The kids' bikes and the dogs' bowls stood by the door.",
        "'Tis the season, and I can't wait.",
    ],
)
def test_apostrophes_are_not_quotes(text: str) -> None:
    assert mask_quotes(text) == text


def test_unclosed_quote_stops_at_the_line_end() -> None:
    text = "„Erster Absatz einer langen Rede\nDie Erzählung geht weiter."
    masked = mask_quotes(text)
    assert masked.splitlines()[1] == "Die Erzählung geht weiter."


def test_markdown_list_hyphens_are_not_dialogue() -> None:
    text = "- Bitte beachten Sie die Regeln.\n- Punkt zwei."
    assert mask_quotes(text) == text
