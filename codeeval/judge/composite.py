"""The quality-judge composite: verdicts with their reasons, and the human-review queue.

Per text, from the scores of a rubric with a ``[composite]`` table (``quality.toml``):

1. the gate (safety) first: a fail rejects at once (``failed``), nothing else counts; a
   gate that could not be scored leaves the text ``unscored``;
2. every other dimension must be scored, else the verdict is ``unscored`` with the
   dimensions named — never a composite from a part;
3. ``composite = Σ weight × points`` (points on 0–100: 1–5 × 20, pass 100, fail 0,
   intent accuracy as given); ``production_ready`` at or above the upper threshold (80),
   ``needs_review`` from the lower (60), ``failed`` below;
4. a composite inside the escalation band (75–85, inclusive) goes to the review queue,
   a file a person works through with ``codeeval review``.

Every verdict lists its reasons: each dimension with its points and weight, the judge's
own reason, and the threshold that decided.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal

from pydantic import Field

from codeeval import atomic
from codeeval.errors import InputError, StoreError, UsageError
from codeeval.models import Frozen
from codeeval.rubrics import FAIL, Rubric
from codeeval.scoring import Score

VerdictName = Literal["production_ready", "needs_review", "failed", "unscored"]
DECISIONS: tuple[VerdictName, ...] = ("production_ready", "needs_review", "failed")
VERDICTS = "verdicts.jsonl"
QUEUE = "review.jsonl"
DECISIONS_FILE = "review_decisions.jsonl"


class Verdict(Frozen):
    id: str
    """The text: ``model/prompt/runN``."""
    model: str
    prompt_id: str
    run: int
    rater: str
    rubric_version: str
    verdict: VerdictName
    composite: float | None = None
    dimensions: dict[str, int | None] = Field(default_factory=dict)
    reasons: tuple[str, ...] = ()
    escalate: bool = False


def verdict_of(rubric: Rubric, scores: dict[str, Score], text: str, rater: str) -> Verdict:
    """One text's verdict from its scores by one rater, keyed by criterion."""
    comp = rubric.composite
    if comp is None:
        raise UsageError(f"rubric {rubric.id} has no [composite] table")
    first = next(iter(scores.values()))
    base = {
        "id": text,
        "model": first.model,
        "prompt_id": first.prompt_id,
        "run": first.run,
        "rater": rater,
        "rubric_version": rubric.version_tag,
        "dimensions": {c: s.value for c, s in scores.items()},
    }
    for gate in (c for c in rubric.criteria if c.gate):
        s = scores.get(gate.id)
        if s is None or s.value is None:
            why = s.reason if s is not None else "no score"
            return Verdict(**base, verdict="unscored", reasons=(f"{gate.id} not scored: {why}",))
        if s.value == FAIL:
            return Verdict(
                **base,
                verdict="failed",
                reasons=(
                    f"{gate.id}: fail — rejected at once, no other dimension counts"
                    + (f" ({s.reason})" if s.reason else ""),
                ),
            )
    missing = [
        f"{c.id} ({scores[c.id].reason if c.id in scores else 'no score'})"
        for c in rubric.criteria
        if c.id not in scores or scores[c.id].value is None
    ]
    if missing:
        return Verdict(**base, verdict="unscored", reasons=(f"not scored: {'; '.join(missing)}",))
    total = 0.0
    reasons: list[str] = []
    for c in rubric.criteria:
        s = scores[c.id]
        assert s.value is not None
        points = rubric.points(c, s.value)
        part = comp.weights[c.id] * points
        total += part
        reasons.append(
            f"{c.id} {s.value} → {points:g} points × {comp.weights[c.id]:g} = {part:.2f}"
            + (f" ({s.reason})" if s.reason else "")
        )
    total = round(total, 6)
    verdict: VerdictName
    if total >= comp.production_ready:
        verdict = "production_ready"
        reasons.append(f"composite {total:.2f} ≥ {comp.production_ready:g}")
    elif total >= comp.needs_review:
        verdict = "needs_review"
        reasons.append(f"{comp.needs_review:g} ≤ composite {total:.2f} < {comp.production_ready:g}")
    else:
        verdict = "failed"
        reasons.append(f"composite {total:.2f} < {comp.needs_review:g}")
    lo, hi = comp.escalate
    escalate = lo <= total <= hi
    if escalate:
        reasons.append(f"borderline: {lo:g} ≤ {total:.2f} ≤ {hi:g}, sent to human review")
    return Verdict(
        **base, verdict=verdict, composite=total, reasons=tuple(reasons), escalate=escalate
    )


def verdicts(rubric: Rubric, scores: Iterable[Score]) -> list[Verdict]:
    """Verdicts for every (text, rater) with scores on ``rubric``."""
    grouped: dict[tuple[str, str], dict[str, Score]] = {}
    for s in scores:
        if s.rubric != rubric.id:
            continue
        if s.rubric_version != rubric.version_tag:
            raise UsageError(
                f"a score of {s.key.label()} was made with {s.rubric_version}, "
                f"not {rubric.version_tag}",
                hint="compute verdicts with the rubric the scores were made with (--rubrics)",
            )
        grouped.setdefault((s.key.label(), s.rater), {})[s.criterion] = s
    return [verdict_of(rubric, v, text, rater) for (text, rater), v in sorted(grouped.items())]


def _append(path: Path, lines: Iterable[str]) -> None:
    data = "".join(line + "\n" for line in lines)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8") as fh:
            fh.write(data)
    except OSError as exc:
        raise StoreError(f"{path}: cannot write ({exc.strerror})") from exc


def write_verdicts(found: list[Verdict], out: Path) -> tuple[Path, int]:
    """``OUT/verdicts.jsonl`` (rewritten) and new escalations appended to ``OUT/review.jsonl``.

    Returns:
        The queue's path and how many items were added to it.
    """
    path = out / VERDICTS
    try:
        out.mkdir(parents=True, exist_ok=True)
        atomic.write_text(path, "".join(v.model_dump_json() + "\n" for v in found))
    except OSError as exc:
        raise StoreError(f"{path}: cannot write ({exc.strerror})") from exc
    queue = out / QUEUE
    queued = {item.id for item in read_queue(queue)} if queue.is_file() else set()
    new = [v for v in found if v.escalate and v.id not in queued]
    _append(queue, (v.model_dump_json() for v in new))
    return queue, len(new)


def read_queue(path: Path) -> list[Verdict]:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise InputError(f"{path}: cannot read the review queue ({exc.strerror})") from exc
    out: list[Verdict] = []
    for number, line in enumerate(lines, 1):
        if line.strip():
            try:
                out.append(Verdict.model_validate_json(line))
            except ValueError as exc:
                raise InputError(f"{path}:{number}: not a queue item ({exc})") from exc
    return out


class Decision(Frozen):
    id: str
    decision: VerdictName
    reviewer: str
    note: str = ""
    at: str
    composite: float | None = None
    judge_verdict: VerdictName


class QueueState(Frozen):
    items: tuple[Verdict, ...]
    decisions: dict[str, Decision]

    @property
    def open(self) -> list[Verdict]:
        return [i for i in self.items if i.id not in self.decisions]


def _decisions_path(queue: Path) -> Path:
    return queue.with_name(DECISIONS_FILE)


def queue_state(queue: Path) -> QueueState:
    items = read_queue(queue)
    decisions: dict[str, Decision] = {}
    path = _decisions_path(queue)
    if path.is_file():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.strip():
                try:
                    d = Decision.model_validate_json(line)
                except ValueError as exc:
                    raise InputError(f"{path}:{number}: not a decision ({exc})") from exc
                decisions[d.id] = d  # the latest decision on an item stands
    return QueueState(items=tuple(items), decisions=decisions)


def decide(queue: Path, item_id: str, decision: str, reviewer: str, note: str = "") -> Decision:
    """Record a person's decision on a queued item (appended; the latest one stands)."""
    if decision not in DECISIONS:
        raise UsageError(f"decision {decision!r}", hint=f"use one of {', '.join(DECISIONS)}")
    if not reviewer.strip():
        raise UsageError("a decision needs the reviewer's name (--reviewer)")
    state = queue_state(queue)
    item = next((i for i in state.items if i.id == item_id), None)
    if item is None:
        raise UsageError(
            f"{item_id!r} is not in the queue {queue}",
            hint="`codeeval review QUEUE` lists the open items",
        )
    made = Decision(
        id=item_id,
        decision=decision,
        reviewer=reviewer,
        note=note,
        at=datetime.now(UTC).isoformat(timespec="seconds"),
        composite=item.composite,
        judge_verdict=item.verdict,
    )
    _append(_decisions_path(queue), [json.dumps(made.model_dump(mode="json"), ensure_ascii=False)])
    return made
