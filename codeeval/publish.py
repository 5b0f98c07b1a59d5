"""``codeeval report``: everything a results directory turns into, in one call.

Reads the records once per output (streaming), aggregates them, and writes what was asked
for: the report text (Markdown, CSV or JSON), the HTML page, the JUnit XML of codeeval's
verdicts, a saved baseline, and a comparison with an earlier baseline.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from codeeval import baseline as baselines
from codeeval import html, render
from codeeval.compare import DEFAULT_ALPHA, DEFAULT_TOLERANCE, Comparison, compare
from codeeval.errors import StoreError
from codeeval.record import Result
from codeeval.report import Results, Summary, aggregate, load
from codeeval.store import BadLine
from codeeval.verdicts import junit_xml, verdicts

Format = Literal["markdown", "csv", "json"]


@dataclass
class ReportOptions:
    out: Path
    format: Format = "markdown"
    output: Path | None = None
    html: Path | None = None
    junit: Path | None = None
    models: Sequence[str] = ()
    prompts: Sequence[str] = ()
    suite: str = "coding"
    baselines: Path = Path("baselines")
    save: bool = False
    compare: str | None = None
    """``latest`` or a baseline file."""
    tolerance: float = DEFAULT_TOLERANCE
    alpha: float = DEFAULT_ALPHA
    title: str = "codeeval report"


@dataclass
class ReportOutcome:
    summary: Summary
    text: str
    bad_lines: list[BadLine] = field(default_factory=list)
    results_path: Path = Path()
    written: list[Path] = field(default_factory=list)
    saved: Path | None = None
    comparison: Comparison | None = None
    compared_with: Path | None = None

    @property
    def regressed(self) -> bool:
        return bool(self.comparison and self.comparison.regressions)


def _finite(value: float) -> float | None:
    return None if math.isnan(value) else round(value, 4)


def summary_json(summary: Summary, comparison: Comparison | None = None) -> dict[str, Any]:
    tables: dict[str, Any] = {}
    for name, table in summary.tables.items():
        if not table.cells:
            continue
        models = {}
        for model in table.model_names:
            row = table.overall(model)
            if row is None:
                continue
            models[model] = {
                "prompts": row.prompts,
                "samples": row.samples,
                "runs": row.runs,
                "strict_passes": row.strict_passes,
                "strict_rate": _finite(row.strict_rate),
                "pass_at": {str(k): _finite(v) for k, v in row.pass_at.items()},
                "mean_share": _finite(row.mean),
                "sd_over_runs": _finite(row.sd_runs),
                "min_runs_per_cell": row.min_runs,
            }
        tables[name] = {
            "models": models,
            "cells": [
                {
                    "model": m,
                    "prompt": p,
                    "runs": c.n,
                    "strict_passes": c.passes,
                    "mean_share": _finite(c.mean),
                    "sd": _finite(c.sd),
                }
                for (m, p), c in sorted(table.cells.items())
            ],
            "excluded_sandbox_errors": table.excluded_sandbox,
            "excluded_not_executed": table.excluded_not_run,
            "excluded_untested": table.excluded_untested,
            "excluded_api_mismatch": table.excluded_api_mismatch,
            "cells_with_fewer_than_2_runs": [f"{m}/{p}" for m, p in table.thin_cells],
        }
    data: dict[str, Any] = {
        "headline": summary.headline.metric,
        "suites": tables,
        "statuses": summary.model_statuses,
        "outputs": {
            m: {
                **vars(o),
                "mean_words": _finite(o.mean_words),
                "mean_abs_deviation_pct": _finite(o.mean_abs_deviation_pct),
            }
            for m, o in summary.outputs.items()
        },
    }
    if comparison is not None:
        data["comparison"] = comparison_json(comparison)
    return data


def comparison_json(c: Comparison) -> dict[str, Any]:
    return {
        "baseline": c.baseline,
        "test": "McNemar exact, paired by (model, prompt, run)",
        "tolerance": c.tolerance,
        "alpha": c.alpha,
        "pooled_p": round(c.pooled_p, 6),
        "models": [
            {
                "model": m.model,
                "before": m.before,
                "after": m.after,
                "delta": m.delta,
                "paired": m.paired,
                "pass_to_fail": m.pass_to_fail,
                "fail_to_pass": m.fail_to_pass,
                "p_value": round(m.p_value, 6),
                "regression": m.regression,
            }
            for m in c.models
        ],
        "flips": [vars(f) for f in c.flips],
    }


def comparison_markdown(c: Comparison) -> str:
    lines = [
        f"### Compared with {c.baseline}",
        "",
        "| model | strict pass rate before | after | delta | paired samples | pass→fail "
        "| fail→pass | McNemar exact p | verdict |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    for m in c.models:
        verdict = (
            "**regression**" if m.regression
            else "new" if m.before is None
            else "gone" if m.after is None
            else "within noise or tolerance"
        )  # fmt: skip
        lines.append(
            f"| {render._md_escape(m.model)} | {render.num(m.before)} | {render.num(m.after)} | "
            f"{render.num(m.delta)} | {m.paired} | {m.pass_to_fail} | {m.fail_to_pass} | "
            f"{m.p_value:.3g} | {verdict} |"
        )
    changed = [p for p in c.prompts if p.delta]
    if changed:
        lines += ["", "| model | prompt | strict rate before | after | delta | mean share "
                  "before | after |", "|---|---|---:|---:|---:|---:|---:|"]  # fmt: skip
        lines += [
            f"| {render._md_escape(p.model)} | {render._md_escape(p.prompt)} | "
            f"{render.num(p.before)} | {render.num(p.after)} | {render.num(p.delta)} | "
            f"{render.num(p.share_before)} | {render.num(p.share_after)} |"
            for p in changed
        ]
    if c.flips:
        lines += ["", "Flipped samples: " + "; ".join(
            f"{f.model}/{f.prompt}/run{f.run} {'pass→fail' if f.before else 'fail→pass'}"
            for f in c.flips)]  # fmt: skip
    lines += [
        "",
        f"A regression: strict pass rate down by more than {c.tolerance:.2f} and McNemar's "
        f"exact test on the paired samples p < {c.alpha:g}. Pooled over models p = "
        f"{c.pooled_p:.3g}.",
    ]
    return "\n".join(lines) + "\n"


def _write(path: Path, data: str | bytes) -> Path:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(data, bytes):
            path.write_bytes(data)
        else:
            path.write_text(data, encoding="utf-8")
    except OSError as exc:
        raise StoreError(f"{path}: cannot write ({exc.strerror})") from exc
    return path


def report(opts: ReportOptions) -> ReportOutcome:
    """Aggregate ``OUT`` and write every output asked for.

    Raises:
        InputError: no results file, a record of a newer codeeval, an unreadable baseline.
        StoreError: an output cannot be written.
        UsageError: a suite name that cannot be a directory.
    """
    results: Results = load(opts.out, opts.models, opts.prompts)
    summary = aggregate(results)
    outcome = ReportOutcome(
        summary=summary, text="", bad_lines=list(results.bad_lines), results_path=results.path
    )
    suite = baselines.check_suite(opts.suite)
    current = baselines.from_summary(summary, suite, str(opts.out)) if summary.outputs else None
    history = baselines.history(opts.baselines, suite)
    if opts.compare and current is not None:
        path = baselines.resolve(opts.compare, opts.baselines, suite)
        old = baselines.read(path)
        outcome.comparison = compare(
            old, current, tolerance=opts.tolerance, alpha=opts.alpha, label=str(path)
        )
        outcome.compared_with = path
    if opts.format == "markdown":
        outcome.text = render.markdown(summary, opts.title)
        if outcome.comparison is not None:
            outcome.text += "\n" + comparison_markdown(outcome.comparison)
    elif opts.format == "csv":
        outcome.text = render.csv_text(summary)
    else:
        outcome.text = json.dumps(summary_json(summary, outcome.comparison), indent=2) + "\n"
    if opts.output is not None:
        outcome.written.append(_write(opts.output, outcome.text))
    if opts.html is not None:
        page = html.render(
            summary,
            _records(results),
            title=opts.title,
            history=[baselines.read(p) for p in history],
            current=current,
        )
        outcome.written.append(_write(opts.html, page))
    if opts.junit is not None:
        outcome.written.append(_write(opts.junit, junit_xml(verdicts(_records(results)))))
    if opts.save and current is not None:
        outcome.saved = baselines.save(current, opts.baselines)
    return outcome


def _records(results: Results) -> list[Result]:
    return list(results)


def as_baseline(path: Path, suite: str = "coding") -> baselines.Baseline:
    """A baseline file as it is, or a results directory summarised as one."""
    if path.is_dir() or path.name == "results.jsonl":
        summary = aggregate(load(path))
        return baselines.from_summary(summary, suite, str(path))
    return baselines.read(path)


def compare_paths(
    old: Path, new: Path, *, tolerance: float = DEFAULT_TOLERANCE, alpha: float = DEFAULT_ALPHA
) -> Comparison:
    """``codeeval compare OLD NEW``: each a baseline file or a results directory."""
    return compare(
        as_baseline(old), as_baseline(new), tolerance=tolerance, alpha=alpha, label=str(old)
    )
