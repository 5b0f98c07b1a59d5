"""Scores on rubric criteria, the cap on coding correctness, and automatic suggestions.

Every score — a judge's, a person's, or one imported from a sheet — is made by
:func:`make_score`, the one place the rubric's caps are enforced: a module that fails its
own tests cannot score above the cap (2) on correctness, whoever scores it, and the score
records that the cap was applied and what was given. A score that cannot be a number (an
unparseable judge reply, a value off the scale, a judge that declined) is ``unscored``
with its reason: never a zero, never a guess.

Suggestions (:func:`suggest`) are kept apart from scores: each has its source and reason
and is shown beside the scores, never averaged into them.
"""

from __future__ import annotations

import hashlib
from typing import Literal

from codeeval.extract import extract
from codeeval.hallucination import signals_of
from codeeval.models import Execution, Frozen, ParseOutcome, Prompt, SampleKey, SuiteResult
from codeeval.rubrics import Criterion, Rubric, Signals, Suggester

RaterKind = Literal["judge", "person", "suggestion"]
ScoreStatus = Literal["scored", "unscored"]


def text_id(key: SampleKey) -> str:
    return key.label()


def text_hash(text: str) -> str:
    return "sha256:" + hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


class CapApplied(Frozen):
    given: int
    max: int
    reason: str


class JudgeTrace(Frozen):
    """How a judge's score came about: enough to reproduce or audit it."""

    prompt: str
    raw_reply: str
    judge: str
    judge_weights: tuple[str, ...] = ()
    served_model: str | None = None
    reply_format: str = "text"
    latency_s: float = 0.0
    overhead_s: float = 0.0
    """codeeval's own time for this judgment (prompt, parse, cache, write), model excluded."""
    cached: bool = False
    text_hash: str = ""


class Score(Frozen):
    model: str
    prompt_id: str
    run: int
    rubric: str
    rubric_version: str
    criterion: str
    rater_kind: RaterKind
    rater: str
    status: ScoreStatus
    value: int | None = None
    reason: str = ""
    cap: CapApplied | None = None
    notes: tuple[str, ...] = ()
    trace: JudgeTrace | None = None

    @property
    def key(self) -> SampleKey:
        return SampleKey(model=self.model, prompt_id=self.prompt_id, run=self.run)


def own_suite_failed(criterion: Criterion, execution: Execution | None) -> bool | None:
    """Whether the module fails its own tests, by the cap's statuses; None if unknown."""
    if criterion.cap is None or execution is None or execution.status in ("not_run",):
        return None
    if execution.status == "sandbox_error":
        return None
    if execution.own is None:
        return False if execution.status == "skipped" else None
    return execution.own.status in criterion.cap.own_statuses


def make_score(
    rubric: Rubric,
    criterion_id: str,
    key: SampleKey,
    *,
    rater_kind: RaterKind,
    rater: str,
    value: int | None,
    reason: str = "",
    execution: Execution | None = None,
    trace: JudgeTrace | None = None,
) -> Score:
    """The one way a score is made: checks the scale and enforces the criterion's cap.

    A value off the criterion's scale becomes ``unscored`` with the value in the reason.
    """
    criterion = rubric.criterion(criterion_id)
    lo, hi = rubric.bounds(criterion)
    base = {
        "model": key.model,
        "prompt_id": key.prompt_id,
        "run": key.run,
        "rubric": rubric.id,
        "rubric_version": rubric.version_tag,
        "criterion": criterion_id,
        "rater_kind": rater_kind,
        "rater": rater,
        "trace": trace,
    }
    if value is None:
        return Score(**base, status="unscored", reason=reason or "no score given")
    if not lo <= value <= hi:
        return Score(
            **base, status="unscored", reason=f"score {value} is outside the scale {lo}–{hi}"
        )
    cap: CapApplied | None = None
    notes: tuple[str, ...] = ()
    if criterion.cap is not None:
        failed = own_suite_failed(criterion, execution)
        if failed and value > criterion.cap.max:
            cap = CapApplied(given=value, max=criterion.cap.max, reason=criterion.cap.reason)
            value = criterion.cap.max
        elif failed is None:
            status = execution.status if execution is not None else "no result record"
            notes = (f"cap not checked: the own tests' outcome is unknown ({status})",)
    return Score(**base, status="scored", value=value, reason=reason, cap=cap, notes=notes)


# ---------------------------------------------------------------- suggestions


class Suggestion(Frozen):
    model: str
    prompt_id: str
    run: int
    criterion: str
    source: Suggester
    value: int | None
    """None: the data does not support a number here (the reason says why)."""
    reason: str
    signals: tuple[str, ...] = ()
    cap: CapApplied | None = None


def _ratio(suite: SuiteResult) -> float:
    ran = suite.passed + suite.failed + suite.errors
    return suite.passed / ran if ran else 0.0


def _band(criterion: Criterion, ratio: float) -> int:
    for bound, value in criterion.bands:
        if ratio >= bound:
            return value
    return criterion.bands[-1][1]


def _counts(suite: SuiteResult) -> str:
    ran = suite.passed + suite.failed + suite.errors
    return f"{suite.passed}/{ran} passed" if ran else suite.status


def suggest_correctness(criterion: Criterion, execution: Execution) -> tuple[int | None, str]:
    if execution.status in ("not_run", "sandbox_error"):
        return None, f"not measured: execution {execution.status}"
    if execution.status == "skipped":
        return _band(criterion, 0.0), f"no module to run ({execution.reason})"
    if execution.reference is not None and execution.reference.status != "sandbox_error":
        ref = execution.reference
        return _band(criterion, _ratio(ref)), f"hidden reference tests: {_counts(ref)}"
    if execution.own is not None:
        own = execution.own
        return _band(criterion, _ratio(own)), (
            f"own tests only: {_counts(own)} (passing its own tests is no proof of correctness)"
        )
    return None, "no suite ran"


def suggest_test_quality(criterion: Criterion, execution: Execution) -> tuple[int | None, str]:
    if execution.status in ("not_run", "sandbox_error"):
        return None, f"not measured: execution {execution.status}"
    own, ref, valid = execution.own, execution.reference, execution.own_vs_reference
    if own is None or own.status == "untested":
        return _band(criterion, 0.0), "no tests to run"
    if valid is None or valid.status == "sandbox_error":
        return None, "no reference solution: the tests' validity cannot be measured"
    if valid.status == "api_mismatch":
        return None, f"the tests' validity cannot be measured: {valid.detail}"
    ran = valid.passed + valid.failed + valid.errors
    value = _band(criterion, _ratio(valid))
    wrong = valid.failed + valid.errors
    if not ran:
        reason = f"the tests did not run against the reference solution ({valid.status})"
    elif wrong:
        reason = f"{wrong} of {ran} tests fail on the reference solution (wrong tests)"
    else:
        reason = f"all {ran} tests pass on the reference solution"
    cap = criterion.blind_to_bugs_max
    if cap is not None and own.status == "passed" and ref is not None and ref.status != "passed":
        if value > cap:
            value = cap
        reason += (
            f"; the tests pass on a module the hidden tests fail ({_counts(ref)}): "
            "they miss its bug"
        )
    return value, reason


def suggest(
    rubric: Rubric,
    key: SampleKey,
    prompt: Prompt,
    text: str,
    execution: Execution | None,
    parse: ParseOutcome | None,
    signals: Signals,
) -> list[Suggestion]:
    """Automatic suggestions for one coding output, one per criterion that has a source."""
    out: list[Suggestion] = []
    for criterion in rubric.criteria:
        source = criterion.suggested_by
        if source is None:
            continue
        found: tuple[str, ...] = ()
        value: int | None
        if source in ("test_run", "validity_suite") and execution is None:
            value, reason = None, "no result record for this output (run `codeeval run`)"
        elif source == "test_run" and execution is not None:
            value, reason = suggest_correctness(criterion, execution)
        elif source == "validity_suite" and execution is not None:
            value, reason = suggest_test_quality(criterion, execution)
        else:
            ext = extract(text, module=prompt.module)
            found = tuple(signals_of(text, ext, parse.analysis if parse else None, signals))
            value = criterion.signal_score if found else None
            reason = (
                f"{len(found)} hallucination signal(s)"
                if found
                else "no signal found (absence proves nothing: a reader must check)"
            )
        cap: CapApplied | None = None
        if value is not None:
            made = make_score(
                rubric,
                criterion.id,
                key,
                rater_kind="suggestion",
                rater=source,
                value=value,
                execution=execution,
            )
            value, cap = made.value, made.cap
        out.append(
            Suggestion(
                model=key.model,
                prompt_id=key.prompt_id,
                run=key.run,
                criterion=criterion.id,
                source=source,
                value=value,
                reason=reason,
                signals=found,
                cap=cap,
            )
        )
    return out
