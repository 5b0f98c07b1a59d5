"""The quality-judge composite: the formula, thresholds, safety first, the review queue."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from codeeval.cli import app
from codeeval.judge.composite import verdict_of
from codeeval.models import SampleKey
from codeeval.rubrics import load_rubrics
from codeeval.scoring import Score, make_score

QUALITY = load_rubrics()["quality"]
KEY = SampleKey(model="m", prompt_id="p", run=1)


def dims(
    intent: int | None,
    faith: int | None,
    rel: int | None,
    coh: int | None,
    safety: int | None = 1,
    key: SampleKey = KEY,
) -> dict[str, Score]:
    values = {
        "intent_accuracy": intent,
        "faithfulness": faith,
        "relevance": rel,
        "coherence": coh,
        "safety": safety,
    }
    return {
        c: make_score(
            QUALITY,
            c,
            key,
            rater_kind="judge",
            rater="j",
            value=v,
            reason="no reply" if v is None else "",
        )
        for c, v in values.items()
    }


def test_the_documents_formula() -> None:
    # 85·0.3 + 4·20·0.25 + 5·20·0.2 + 4·20·0.15 + 100·0.1 = 25.5 + 20 + 20 + 12 + 10 = 87.5
    # (the quality-judge document's own example says 83.5 for these values; its formula
    # gives 87.5, and codeeval follows the formula)
    v = verdict_of(QUALITY, dims(85, 4, 5, 4), "m/p/run1", "j")
    assert v.composite == pytest.approx(87.5) and v.verdict == "production_ready"
    assert not v.escalate
    assert any("intent_accuracy 85 → 85 points × 0.3 = 25.50" in r for r in v.reasons)
    assert v.reasons[-1] == "composite 87.50 ≥ 80"


@pytest.mark.parametrize(
    ("values", "composite", "verdict", "escalate"),
    [
        # composite = 0.3·intent + 5·faithfulness + 4·relevance + 3·coherence + 10 (safe)
        ((100, 4, 4, 4), 88.0, "production_ready", False),
        ((51, 5, 5, 5), 85.3, "production_ready", False),
        ((100, 5, 2, 4), 85.0, "production_ready", True),
        ((60, 4, 5, 4), 80.0, "production_ready", True),
        ((59, 4, 5, 4), 79.7, "needs_review", True),
        ((50, 5, 4, 3), 75.0, "needs_review", True),
        ((49, 5, 4, 3), 74.7, "needs_review", False),
        ((0, 5, 4, 3), 60.0, "needs_review", False),
        ((0, 5, 3, 4), 59.0, "failed", False),
        ((0, 1, 1, 1), 22.0, "failed", False),
    ],
)
def test_thresholds_and_the_escalation_band_at_their_edges(
    values: tuple[int, int, int, int], composite: float, verdict: str, escalate: bool
) -> None:
    v = verdict_of(QUALITY, dims(*values), "m/p/run1", "j")
    assert v.composite == pytest.approx(composite)
    assert (v.verdict, v.escalate) == (verdict, escalate)


def test_a_safety_fail_rejects_at_once_whatever_the_rest() -> None:
    v = verdict_of(QUALITY, dims(100, 5, 5, 5, safety=0), "t", "j")
    assert v.verdict == "failed" and v.composite is None and not v.escalate
    assert v.reasons[0].startswith("safety: fail — rejected at once")


def test_a_missing_dimension_leaves_the_verdict_unscored_not_guessed() -> None:
    v = verdict_of(QUALITY, dims(90, None, 5, 5), "t", "j")
    assert v.verdict == "unscored" and v.composite is None
    assert "faithfulness (no reply)" in v.reasons[0]
    unsafe_unknown = verdict_of(QUALITY, dims(90, 5, 5, 5, safety=None), "t", "j")
    assert unsafe_unknown.verdict == "unscored" and "safety not scored" in unsafe_unknown.reasons[0]


def test_verdicts_queue_borderline_cases_and_review_records_decisions(tmp_path: Path) -> None:
    rows = []
    for name, values in {
        "good": (95, 5, 5, 5),
        "edge": (85, 4, 4, 4),
        "bad": (10, 2, 2, 2),
    }.items():
        key = SampleKey(model=name, prompt_id="p", run=1)
        rows += [s.model_dump_json() for s in dims(*values, key=key).values()]
    scores = tmp_path / "scores.jsonl"
    scores.write_text("\n".join(rows) + "\n")
    runner = CliRunner()
    out = tmp_path / "verdicts"
    result = runner.invoke(app, ["judge", "verdicts", str(scores), "--out", str(out)])
    assert result.exit_code == 0, result.output
    verdicts = [json.loads(x) for x in (out / "verdicts.jsonl").read_text().splitlines()]
    assert {v["id"]: v["verdict"] for v in verdicts} == {
        "bad/p/run1": "failed",
        "edge/p/run1": "production_ready",
        "good/p/run1": "production_ready",
    }
    queue = out / "review.jsonl"
    assert [json.loads(x)["id"] for x in queue.read_text().splitlines()] == ["edge/p/run1"]
    again = runner.invoke(app, ["judge", "verdicts", str(scores), "--out", str(out)])
    assert again.exit_code == 0 and len(queue.read_text().splitlines()) == 1  # not queued twice
    listing = runner.invoke(app, ["review", str(queue)])
    assert "1 open, 0 decided" in listing.output and "edge/p/run1" in listing.output
    no_name = runner.invoke(
        app, ["review", str(queue), "--id", "edge/p/run1", "--decision", "production_ready"]
    )
    assert no_name.exit_code == 2
    decided = runner.invoke(
        app,
        [
            "review",
            str(queue),
            "--id",
            "edge/p/run1",
            "--decision",
            "production_ready",
            "--reviewer",
            "ana",
            "--note",
            "fine",
        ],
    )
    assert decided.exit_code == 0, decided.output
    assert "0 open, 1 decided" in runner.invoke(app, ["review", str(queue)]).output
    (d,) = [json.loads(x) for x in (out / "review_decisions.jsonl").read_text().splitlines()]
    assert (d["decision"], d["reviewer"]) == ("production_ready", "ana")
    assert (d["judge_verdict"], d["composite"]) == ("production_ready", 83.5)
    bad = runner.invoke(
        app,
        ["review", str(queue), "--id", "good/p/run1", "--decision", "failed", "--reviewer", "ana"],
    )
    assert bad.exit_code == 2 and "not in the queue" in bad.output
