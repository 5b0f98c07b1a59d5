"""``codeeval show``: one sample explained in plain text (files, suites, failures, metrics)."""

from __future__ import annotations

from codeeval.record import Result


def failing_lines(output_tail: str, limit: int = 12) -> list[str]:
    """The lines of pytest's output that name a failing test or its message."""
    keep = [
        line.rstrip()
        for line in output_tail.splitlines()
        if line.startswith(("FAILED ", "ERROR ", "E ")) or line.lstrip().startswith("E   ")
    ]
    return keep[:limit]


def show_text(record: Result) -> str:
    """Plain text explaining one sample: files, suites, failing tests, text metrics."""
    lines = [f"{record.model} / {record.prompt_id} / run {record.run} ({record.domain})"]
    if record.seed is not None:
        lines.append(f"seed: {record.seed}")
    if record.source:
        lines.append(f"source: {record.source}")
    ex = record.execution
    lines.append(f"verdict: {ex.status}" + (f" — {ex.reason}" if ex.reason else ""))
    if not record.executed:
        lines.append("not executed (--no-exec): no suite ran")
    parse = record.parse
    if parse is not None:
        lines.append(f"parse: {parse.status}" + (" (truncated)" if parse.truncated else ""))
        lines.append("  files: " + (", ".join(parse.files) or "none"))
        lines += [f"  rejected {r.name}: {r.reason}" for r in parse.rejections]
        lines += [f"  note: {n}" for n in parse.notes]
        if parse.analysis is not None:
            a = parse.analysis
            lines.append(
                f"  syntax ok: {a.syntax_ok}; test functions: {a.test_functions}; imports: "
                + (", ".join(a.imports) or "none")
            )
            lines += [f"  syntax error: {e}" for e in a.syntax_errors]
            if a.unavailable_imports:
                lines.append("  unavailable imports: " + ", ".join(a.unavailable_imports))
    for name in ("reference", "own", "own_vs_reference"):
        suite = getattr(ex, name)
        if suite is None:
            if name in record.applicable:
                lines.append(f"suite {name}: did not run")
            continue
        lines.append(
            f"suite {name}: {suite.status} — {suite.passed} passed, {suite.failed} failed, "
            f"{suite.errors} errors, {suite.skipped} skipped, {suite.duration_s:.2f} s"
            + (f" ({suite.detail})" if suite.detail else "")
        )
        if suite.failing:
            lines.append("  failing tests: " + ", ".join(suite.failing))
        if suite.status != "passed":
            lines += [f"  {line}" for line in failing_lines(suite.output_tail)]
    m = record.metrics
    if m is None:
        lines.append("text metrics: none recorded")
    elif m.status == "error":
        lines.append("text metrics: error — " + "; ".join(i.detail for i in m.issues))
    else:
        target = ""
        if m.target is not None and m.deviation_words is not None:
            target = f"; target {m.target.phrase!r}, deviation {m.deviation_words:+d} words"
        lines.append(f"text metrics: {m.status}; {m.words} words{target}")
        if m.refusal is not None:
            r = m.refusal
            lines.append(
                f"  refusal: {r.grade} (decided by {r.decided_by}, {r.language}; p full "
                f"{r.p_full:.2f}, partial {r.p_partial:.2f})"
            )
            lines += [f"    cue {c.id}: {c.evidence!r}" for c in r.cues]
        if m.truncation.suspected:
            lines += [f"  truncation: {s.kind} — {s.detail}" for s in m.truncation.signals]
        for kind, items in (
            ("finding", m.evasion.findings),
            ("observation", m.evasion.observations),
        ):
            lines += [f"  evasion {kind} {i.kind}: {i.evidence!r} — {i.reason}" for i in items]
    return "\n".join(lines) + "\n"
