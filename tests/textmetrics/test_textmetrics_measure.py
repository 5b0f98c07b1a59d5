"""The public API: bad input gives a status, never an exception; records serialise."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from codeeval.models import Prompt
from codeeval.textmetrics import TextMetrics, measure

PROMPT = Prompt(id="p", domain="prose", prompt="Eine Geschichte, etwa 300 Wörter.")


@pytest.mark.parametrize(
    "text", ["", "   ", "\n\n\t  \n", "Hinweis: Antwort bei max_tokens=9 abgeschnitten"]
)
def test_empty(text: str) -> None:
    metrics = measure(PROMPT, text)
    assert metrics.status == "empty"
    assert metrics.words == 0
    assert metrics.deviation_words == -300


def test_nul_bytes_and_control_characters() -> None:
    metrics = measure(PROMPT, "Der Zug\x00fuhr ab.\x07 Es regnete.")
    assert metrics.status == "sanitized"
    assert [i.code for i in metrics.issues] == ["control_chars"]
    assert metrics.words == 6


def test_lone_surrogates() -> None:
    text = b"Der Zug \xff fuhr ab.".decode("utf-8", errors="surrogateescape")
    metrics = measure(PROMPT, text)
    assert metrics.status == "sanitized"
    assert [i.code for i in metrics.issues] == ["lone_surrogates"]
    json.dumps(metrics.model_dump(mode="json"))


def test_oversized_text_is_capped_and_marked() -> None:
    paragraph = "Der Nebel lag über dem Hafen, und niemand sprach ein Wort.\n\n"
    text = "Gerne! Hier ist die Geschichte:\n\n" + paragraph * 30_000  # about 1.8 MB
    metrics = measure(PROMPT, text, finish_reason="length")
    assert metrics.status == "too_large"
    assert metrics.words == 5 + 11 * 30_000
    assert metrics.evasion.partial
    assert metrics.evasion.classes() == {"preamble"}
    assert metrics.truncation.suspected


def test_oversized_tail_offsets_point_into_the_full_text() -> None:
    paragraph = "Der Nebel lag über dem Hafen, und niemand sprach ein Wort.\n\n"
    note = "*Hinweis: Diese Geschichte ist frei erfunden.*"
    text = paragraph * 30_000 + note
    (item,) = measure(PROMPT, text).evasion.observations
    assert item.kind == "tail"
    assert text[item.start : item.end] == note


def test_model_dump_json_round_trip() -> None:
    metrics = measure(PROMPT, "Gerne! Hier ist sie:\n\nDer Zug fuhr ab.", finish_reason="length")
    dumped = metrics.model_dump(mode="json")
    assert json.loads(json.dumps(dumped)) == dumped
    assert TextMetrics.model_validate(dumped) == metrics
    assert set(dumped) >= {
        "status",
        "words",
        "target",
        "deviation_words",
        "deviation_pct",
        "truncation",
        "notices_stripped",
        "evasion",
        "issues",
    }
    assert dumped["target"]["source"] == "prompt_text"


def test_records_are_frozen() -> None:
    metrics = measure(PROMPT, "Ein Satz.")
    with pytest.raises(ValidationError):
        metrics.words = 3  # type: ignore[misc]


def test_coding_word_count_is_prose_outside_code() -> None:
    coding = Prompt(id="c", domain="coding", prompt="Write add.py.")
    text = "Here is the module:\n\n```python\ndef add(a, b):\n    return a + b\n```\n\nIt adds."
    assert measure(coding, text).words == 6
