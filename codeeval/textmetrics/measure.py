"""The one entry point: objective metrics of one output. Pure; never raises on bad input."""

from __future__ import annotations

from collections.abc import Sequence

from codeeval.models import Prompt

from . import policy
from .evasion import detect
from .inputs import FULL_ANALYSIS_CHARS, WINDOW_CHARS, head_tail, iter_chunks, sanitize
from .markdown import OpenFence, code_layout, prose_parts
from .notices import Notice, NoticePattern, compile_patterns, strip_notices
from .records import (
    Evasion,
    EvasionItem,
    Issue,
    RefusalGrade,
    Status,
    Target,
    TextMetrics,
    Truncation,
)
from .refusal import grade, refusal_item
from .targets import deviation, resolve_target
from .truncation import check_truncation
from .words import count_prose_words, count_words

_STATUS_ORDER: tuple[Status, ...] = ("empty", "too_large", "invalid_target", "sanitized")
_ISSUE_STATUS: dict[str, Status] = {
    "empty": "empty",
    "too_large": "too_large",
    "invalid_target": "invalid_target",
    "control_chars": "sanitized",
    "lone_surrogates": "sanitized",
}


def _status(issues: list[Issue]) -> Status:
    present = {_ISSUE_STATUS[i.code] for i in issues if i.code in _ISSUE_STATUS}
    return next((s for s in _STATUS_ORDER if s in present), "ok")


def measure(
    prompt: Prompt,
    text: str,
    *,
    finish_reason: str | None = None,
    notice_patterns: Sequence[str] = (),
) -> TextMetrics:
    """Measure one model output against its prompt.

    Args:
        prompt: The prompt the output answers (its ``target_words``, text, domain and
            ``forbids_preamble`` steer the metrics).
        text: The model's output (the sample's ``text``; never its ``stderr``).
        finish_reason: The server's finish reason, if recorded (``length`` and
            ``max_tokens`` mean the token limit was hit).
        notice_patterns: Extra regular expressions for lines the generating tool wrote;
            such lines are stripped before any metric. Invalid patterns are reported as an
            issue and ignored.

    Returns:
        The metrics. Bad input (empty, whitespace only, oversized, NUL bytes, lone
        surrogates, a nonsense target) gives a status and issues, never an exception.
    """
    text, sanitized = sanitize(text)
    issues: list[Issue] = list(sanitized)
    patterns, pattern_issues = compile_patterns(tuple(notice_patterns))
    issues.extend(pattern_issues)

    target, target_issue = resolve_target(prompt)
    if target_issue:
        issues.append(target_issue)

    if len(text) > FULL_ANALYSIS_CHARS:
        return _measure_large(prompt, text, issues, patterns, finish_reason, target)

    cleaned, notices = strip_notices(text, patterns)
    layout = code_layout(cleaned)
    words = count_words(cleaned)
    if not cleaned.strip():
        issues.append(Issue(code="empty", detail="no text besides white space and notices"))
        items: list[EvasionItem] = []
    else:
        items = detect(cleaned, prompt, blocks=layout.blocks)
    truncation = check_truncation(
        cleaned,
        fence_open_at_end=layout.open_at_end is not None,
        finish_reason=finish_reason,
        notices=notices,
    )
    refusal = grade(cleaned)
    return _result(text, issues, words, target, truncation, len(notices), items, prompt, refusal)


def _measure_large(
    prompt: Prompt,
    text: str,
    issues: list[Issue],
    patterns: tuple[NoticePattern, ...],
    finish_reason: str | None,
    target: Target | None,
) -> TextMetrics:
    """Oversized text: stream the word count, judge evasion on the head and tail only."""
    words = 0
    notices_stripped = 0
    cut_notices: list[Notice] = []
    state: OpenFence | None = None
    tail_state: OpenFence | None = None
    has_text = False
    head, tail_offset, tail = head_tail(text)
    pos = 0
    previous = ""
    for chunk in iter_chunks(text):
        cleaned, notices = strip_notices(chunk, patterns)
        notices_stripped += len(notices)
        cut_notices.extend(n for n in notices[:1] if n.says_truncated and not cut_notices)
        if pos <= tail_offset < pos + len(chunk):
            tail_state = code_layout(cleaned[: tail_offset - pos], state).open_at_end
        layout = code_layout(cleaned, state)
        words += sum(count_prose_words(p) for p in prose_parts(cleaned, layout))
        if previous[-1:].isalnum() and cleaned[:1].isalnum():
            words -= 1  # a line longer than a chunk was cut inside a word: counted twice
        previous = cleaned
        has_text = has_text or not cleaned.isspace()
        state = layout.open_at_end
        pos += len(chunk)
    issues.append(
        Issue(
            code="too_large",
            detail=f"{len(text)} characters: words counted in full, evasion and truncation judged "
            f"on the first and last {WINDOW_CHARS // 1024} KiB",
        )
    )
    items: list[EvasionItem] = []
    truncation_text = ""
    refusal = grade("")
    if not has_text:
        issues.append(Issue(code="empty", detail="no text besides white space and notices"))
    else:
        head_clean, _ = strip_notices(head, patterns)
        tail_clean, _ = strip_notices(tail, patterns)
        truncation_text = tail_clean
        refusal = grade(head_clean, words=words)
        items = detect(head_clean, prompt, words_after=words)
        items += detect(
            tail_clean,
            prompt,
            offset=tail_offset,
            at_start=False,
            words_before=words,
            fence_state=tail_state,
        )
    truncation = check_truncation(
        truncation_text,
        fence_open_at_end=state is not None,
        finish_reason=finish_reason,
        notices=tuple(cut_notices),
    )
    return _result(
        text,
        issues,
        words,
        target,
        truncation,
        notices_stripped,
        items,
        prompt,
        refusal,
        partial=True,
    )


def _result(
    text: str,
    issues: list[Issue],
    words: int,
    target: Target | None,
    truncation: Truncation,
    notices_stripped: int,
    items: list[EvasionItem],
    prompt: Prompt,
    refusal: RefusalGrade,
    partial: bool = False,
) -> TextMetrics:
    """The record, once the text has been measured (whole, or head and tail if large).

    A ``full`` refusal grade of the learned model adds the rubric's ``refusal`` evasion
    when the evasion detector found none; the detector's own refusals stay (it also knows
    partial ones, and German ones).
    """
    if not any(i.kind == "refusal" for i in items):
        item = refusal_item(refusal)
        if item is not None:
            items = [item, *items]
    findings, observations = policy.classify(items, prompt)
    dev = deviation(words, target) if target else None
    return TextMetrics(
        status=_status(issues),
        issues=tuple(issues),
        chars=len(text),
        words=words,
        target=target,
        deviation_words=dev[0] if dev else None,
        deviation_pct=dev[1] if dev else None,
        truncation=truncation,
        notices_stripped=notices_stripped,
        evasion=Evasion(findings=findings, observations=observations, partial=partial),
        refusal=refusal,
    )
