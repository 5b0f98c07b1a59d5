"""The refusal grade: on records, explained by its cues, from a model file that is checked."""

from __future__ import annotations

import json
import math
import os
from pathlib import Path

import pytest

from codeeval.models import Prompt
from codeeval.textmetrics import measure
from codeeval.textmetrics.refusal import grade
from codeeval.textmetrics.refusal_cues import CUES_RESOURCE
from codeeval.textmetrics.refusal_model import (
    ModelFileError,
    analyse,
    cues_digest,
    load_model,
    parse_model,
    shipped_model,
)

ROOT = Path(__file__).resolve().parents[2]
MODEL_FILE = ROOT / "codeeval" / "data" / "refusal_model.json"
CUES_FILE = ROOT / "codeeval" / "data" / CUES_RESOURCE
CHECK_FILE = ROOT / "tests" / "data" / "refusal_model_check.json"
PROSE = Prompt(id="p", domain="prose", prompt="Write about it.")

REFUSAL = "I'm sorry, but I can't help with that request."
ANSWER = (
    "You can terminate a C program by calling the exit() function from stdlib.h. "
    "Here is an example:\n\n```c\n#include <stdlib.h>\nint main(void) { exit(0); }\n```\n\n"
    "Returning from main has the same effect."
)


def test_every_record_carries_a_grade() -> None:
    metrics = measure(PROSE, ANSWER)
    assert metrics.refusal is not None
    assert metrics.refusal.grade == "none"
    assert metrics.refusal.decided_by == "model"
    assert json.loads(metrics.model_dump_json())["refusal"]["grade"] == "none"


def test_a_plain_decline_is_full_with_its_cues_as_evidence() -> None:
    metrics = measure(PROSE, REFUSAL)
    assert metrics.refusal is not None
    assert metrics.refusal.grade == "full"
    ids = [c.id for c in metrics.refusal.cues]
    assert "en.decline.cannot_verb" in ids
    for cue in metrics.refusal.cues:
        assert REFUSAL[cue.start : cue.end] == cue.evidence
    assert metrics.refusal.opening == REFUSAL
    assert math.isclose(
        metrics.refusal.p_none + metrics.refusal.p_partial + metrics.refusal.p_full, 1, abs_tol=1e-3
    )


def test_offsets_point_into_the_text_after_contractions() -> None:
    text = "Well. I can't say, and I won't write it: I'm not able to provide that."
    g = grade(text)
    assert g.cues
    for cue in g.cues:
        assert text[cue.start : cue.end] == cue.evidence


def test_an_empty_answer_declines_nothing() -> None:
    g = grade("   \n")
    assert (g.grade, g.decided_by) == ("none", "empty")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Es tut mir leid, aber dabei kann ich nicht helfen.", "full"),
        ("Das kann ich nicht schreiben. Wenn du andere Fragen hast, helfe ich gern.", "full"),
        (
            "Ich kann dir dabei leider nicht helfen. Aber hier ist eine allgemeine Übersicht: "
            + "Der Motor braucht Öl und die Kette muss gespannt sein, damit das Fahrrad läuft. "
            * 8,
            "partial",
        ),
        (
            "Der Zug fuhr pünktlich ab, und die Reisenden waren froh über die Ruhe im Abteil.",
            "none",
        ),
    ],
)
def test_german_answers_are_graded_by_the_cues(text: str, expected: str) -> None:
    g = grade(text)
    assert g.language == "de"
    assert g.decided_by == "cues"
    assert g.grade == expected


def test_oversized_answers_are_graded_on_their_head() -> None:
    text = REFUSAL + "\n\n" + "A line of filler text that goes on.\n\n" * 60_000
    metrics = measure(PROSE, text)
    assert metrics.status == "too_large"
    assert metrics.refusal is not None
    assert metrics.refusal.opening.startswith("I'm sorry")


def test_the_cost_does_not_depend_on_the_length() -> None:
    a = analyse(ANSWER)
    b = analyse(ANSWER + " More words." * 5_000)
    assert a.opening == b.opening


# --- the model file ---------------------------------------------------------------------


def test_the_shipped_model_is_small_and_was_trained_with_the_shipped_cues() -> None:
    assert MODEL_FILE.stat().st_size < 1_000_000
    model = shipped_model()
    assert model.cues_sha256 == cues_digest(CUES_FILE.read_text(encoding="utf-8"))


def test_the_shipped_model_scores_the_fixed_examples_as_when_it_was_trained() -> None:
    check = json.loads(CHECK_FILE.read_text(encoding="utf-8"))
    model = shipped_model()
    assert len(check) >= 10
    for case in check:
        probs = model.probabilities(analyse(case["text"]).features)
        got = [round(probs[g], 4) for g in ("none", "partial", "full")]
        assert got == pytest.approx(case["p"], abs=2e-4), case["text"]


def _model_text(**changes: object) -> str:
    data = json.loads(MODEL_FILE.read_text(encoding="utf-8"))
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"features_version": 0}, "retrain"),
        ({"classes": ["none", "none", "full"]}, "classes"),
        ({"format": 2}, "format"),
        ({"bias": [0.0, 1.0]}, "bias"),
        ({"weights": {}}, "weights"),
        ({"cues_sha256": "abc"}, "cues_sha256"),
    ],
)
def test_a_broken_model_file_is_refused(changes: dict[str, object], message: str) -> None:
    with pytest.raises(ModelFileError, match=message):
        parse_model(_model_text(**changes))


def test_non_finite_weights_are_refused() -> None:
    text = _model_text(weights={"o:i": [0.0, float("nan"), 0.0]})
    with pytest.raises(ModelFileError, match="non-finite"):
        parse_model(text)


def test_a_model_file_that_is_not_json_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "model.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(ModelFileError, match="not valid JSON"):
        load_model(path)
    with pytest.raises(ModelFileError, match="cannot read"):
        load_model(tmp_path / "missing.json")


def test_the_shipped_model_is_what_the_training_script_produces() -> None:
    # Retraining takes longer than the unit tests' budget: CI runs the same comparison as
    # its own step (tools/train_refusal.py --check); set CODEEVAL_REFUSAL_DATA to run it here.
    data = os.environ.get("CODEEVAL_REFUSAL_DATA")
    if not data:
        pytest.skip("set CODEEVAL_REFUSAL_DATA to the labelled sets to retrain and compare")
    pytest.importorskip("sklearn", reason="training needs the train extra (scikit-learn)")
    from codeeval.textmetrics.refusal_train import train_file

    produced = train_file(Path(data), CUES_FILE.read_text(encoding="utf-8"))
    assert produced == MODEL_FILE.read_text(encoding="utf-8")
