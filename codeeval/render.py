"""Render aggregated results: each table is first a :class:`Grid` (title, header, rows,
caption), then drawn as a rich table (terminal), Markdown (wiki pages) or CSV.

Numbers are never cut: rich columns fold instead of ending in "…", and Markdown lines are
never wrapped (a table row is one line, however long).
"""

from __future__ import annotations

import csv
import io
import json
import math
from dataclasses import dataclass, field

from rich import box
from rich.table import Table as RichTable

from codeeval.report import METRIC_TITLES, MIN_RUNS, Cell, Overall, Summary, Table
from codeeval.suites import SuiteResult

MANY_MODELS = 20
"""From this many models on, models are rows of the per-prompt tables so names are never cut."""


@dataclass
class Grid:
    title: str
    header: list[str]
    rows: list[list[str]]
    caption: list[str] = field(default_factory=list)
    section_before_last: bool = False


def num(value: float | None, digits: int = 2) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "–"
    return f"{value:.{digits}f}"


def cell_text(cell: Cell | None) -> str:
    if cell is None or cell.n == 0:
        return "–"
    spread = f" ±{cell.sd:.2f}" if cell.n > 1 else ""
    return f"{cell.passes}/{cell.n} · {cell.mean:.2f}{spread}"


def overall_text(row: Overall | None) -> str:
    if row is None:
        return "–"
    return f"{row.strict_passes}/{row.samples} · {row.mean:.2f} ±{row.sd_runs:.2f}"


def footnote(table: Table) -> str:
    parts = []
    if table.excluded_sandbox:
        parts.append(f"{table.excluded_sandbox} sandbox errors excluded")
    if table.excluded_unsupported:
        parts.append(
            f"{table.excluded_unsupported} hidden-test suites excluded (isolation unsupported)"
        )
    if table.excluded_not_run:
        parts.append(f"{table.excluded_not_run} samples not executed (--no-exec)")
    if table.excluded_untested:
        parts.append(f"{table.excluded_untested} answers without tests (n/a)")
    if table.excluded_api_mismatch:
        parts.append(
            f"{table.excluded_api_mismatch} test files import names the reference "
            "solution does not define (n/a)"
        )
    return "; ".join(parts)


def thin_warning(table: Table) -> str:
    thin = table.thin_cells
    if not thin:
        return ""
    shown = ", ".join(f"{m}/{p}" for m, p in thin[:5]) + (" …" if len(thin) > 5 else "")
    return (
        f"warning: {len(thin)} of {len(table.cells)} model × prompt cells have fewer than "
        f"{MIN_RUNS} runs ({shown}); their spread says nothing"
    )


def headline_grid(table: Table) -> Grid:
    """Models as rows: strict pass rate and pass@k first, then the mean share of tests."""
    ks = table.ks
    header = [
        "model",
        "strict pass rate",
        *(f"pass@{k}" for k in ks),
        "mean share of tests passed",
        "± sd over runs",
        "prompts",
        "samples",
        "runs per cell",
    ]
    rows = []
    for model in table.model_names:
        row = table.overall(model)
        if row is None:
            continue
        rows.append(
            [
                model,
                f"{row.strict_rate:.2f} ({row.strict_passes}/{row.samples})",
                *(num(row.pass_at[k]) for k in ks),
                num(row.mean),
                num(row.sd_runs),
                str(row.prompts),
                str(row.samples),
                str(row.min_runs) + ("" if row.min_runs >= MIN_RUNS else " ⚠"),
            ]
        )
    caption = [
        "strict pass rate: samples whose suite passed every test, pooled over prompts; "
        "pass@k: unbiased estimator per prompt (Chen et al. 2021), mean over prompts; "
        "mean share of tests passed: mean over prompts of each prompt's mean; "
        "± sd over runs: standard deviation over runs of the per-run mean over prompts "
        "(run-to-run noise, not prompt difficulty)"
    ]
    if note := footnote(table):
        caption.append(note)
    if warning := thin_warning(table):
        caption.append(warning)
    return Grid(f"Per model: {METRIC_TITLES[table.metric]}", header, rows, caption)


SIDE_BY_SIDE = (
    ("reference", "hidden tests"),
    ("own", "own tests"),
    ("own_vs_reference", "own tests vs reference"),
)


def side_by_side_grid(summary: Summary) -> Grid:
    """One row per model: each suite's strict pass rate and mean share, side by side."""
    shown = [(m, label) for m, label in SIDE_BY_SIDE if summary.tables[m].cells]
    header = ["model"]
    for _, label in shown:
        header += [f"{label}: strict", f"{label}: mean share"]
    rows = []
    for model in sorted({m for metric, _ in shown for m in summary.tables[metric].model_names}):
        row = [model]
        for metric, _ in shown:
            overall = summary.tables[metric].overall(model)
            if overall is None:
                row += ["–", "–"]
            else:
                row += [
                    f"{overall.strict_rate:.2f} ({overall.strict_passes}/{overall.samples})",
                    num(overall.mean),
                ]
        rows.append(row)
    return Grid(
        "Per model, every suite side by side",
        header,
        rows,
        [
            "hidden tests: the prompt's tests against the model's module (correctness, the "
            "number to decide on); own tests: the model's tests against its own module; own "
            "tests vs reference: the model's tests against the reference solution (do its "
            "tests test the right thing)"
        ],
    )


def matrix_grid(table: Table, models_as_rows: bool = False) -> Grid:
    """Prompts × models (or models × prompts): strict passes / runs · mean share ± sd."""
    models, prompts = table.model_names, table.prompt_ids
    overall = {m: table.overall(m) for m in models}
    runs = max((row.runs for row in overall.values() if row is not None), default=0)
    all_label = f"all {len(prompts)} prompts"
    if models_as_rows:
        header = ["model", *prompts, all_label]
        rows = [
            [
                m,
                *(cell_text(table.cells.get((m, p))) for p in prompts),
                overall_text(overall[m]),
            ]
            for m in models
        ]
    else:
        header = ["prompt", *models]
        rows = [[p, *(cell_text(table.cells.get((m, p))) for m in models)] for p in prompts]
        rows.append([all_label, *(overall_text(overall[m]) for m in models)])
    caption = [
        "cell: strict passes / runs · mean share of tests passed ± sd over runs; "
        f"{all_label}: strict passes / samples · mean over prompts ± sd over "
        f"{runs} runs of the per-run mean over prompts"
    ]
    if note := footnote(table):
        caption.append(note)
    if warning := thin_warning(table):
        caption.append(warning)
    return Grid(
        f"Per prompt: {METRIC_TITLES[table.metric]}",
        header,
        rows,
        caption,
        section_before_last=not models_as_rows,
    )


OUTPUT_COLUMNS = (
    ("samples", "samples"),
    ("coding", "coding"),
    ("parsed", "parsed"),
    ("syntax_errors", "syntax errors"),
    ("unavailable_imports", "unknown imports"),
    ("truncated", "truncated"),
    ("evasion_findings", "evasion findings"),
    ("evasion_observations", "evasion observations"),
    ("refusals_full", "refusals (full)"),
    ("refusals_partial", "refusals (partial)"),
)

MODEL_FAILURES = (
    "failed",
    "collection_error",
    "no_tests",
    "timeout",
    "oom",
    "no_results",
    "results_rejected",
    "skipped",
)
NOT_MODEL = ("sandbox_error", "isolation_unsupported", "not_run")


def outputs_grid(summary: Summary) -> Grid:
    """Per model: what the outputs look like (parsed, syntax errors, …, mean words)."""
    header = [
        "model",
        *(h for _, h in OUTPUT_COLUMNS),
        "mean words",
        "off target / with target",
        "mean |deviation| %",
    ]
    rows = [
        [
            m,
            *(str(getattr(summary.outputs[m], name)) for name, _ in OUTPUT_COLUMNS),
            num(summary.outputs[m].mean_words, 0),
            f"{summary.outputs[m].off_target}/{summary.outputs[m].with_target}",
            num(summary.outputs[m].mean_abs_deviation_pct, 1),
        ]
        for m in summary.models
    ]
    return Grid(
        "Outputs per model (samples)",
        header,
        rows,
        [
            "counts of samples, executed or not; evasion findings: the prompt forbade it; "
            "off target: outside the length the prompt asks for"
        ],
    )


def status_grid(summary: Summary) -> Grid:
    """Per model: execution statuses, model failures apart from infrastructure."""
    seen = {s for counts in summary.model_statuses.values() for s in counts}
    order = ["passed", *MODEL_FAILURES, *NOT_MODEL]
    statuses = [s for s in order if s in seen] + sorted(seen - set(order))
    rows = [
        [m, *(str(summary.model_statuses.get(m, {}).get(s, 0)) for s in statuses)]
        for m in sorted(summary.model_statuses)
    ]
    return Grid(
        "Execution status per model (coding samples)",
        ["model", *statuses],
        rows,
        [
            "model failures, scored 0: failed, collection_error, no_tests, timeout, oom, "
            "no_results, results_rejected (a report inconsistent with the run), skipped (no "
            "module to run); excluded from every table: sandbox_error (infrastructure), "
            "isolation_unsupported (hidden tests the isolation cannot reproduce), "
            "not_run (--no-exec)"
        ],
    )


def grids(summary: Summary, models_as_rows: bool | None = None) -> list[Grid]:
    """Every table of a report, the one to decide on first."""
    many = len(summary.models) >= MANY_MODELS if models_as_rows is None else models_as_rows
    out: list[Grid] = []
    if sum(bool(t.cells) for t in summary.tables.values()) > 1:
        out.append(side_by_side_grid(summary))
    headline = summary.headline
    for table in [headline, *(t for t in summary.tables.values() if t is not headline)]:
        if table.cells:
            out.append(headline_grid(table))
            out.append(matrix_grid(table, many))
    if summary.model_statuses:
        out.append(status_grid(summary))
    if summary.outputs:
        out.append(outputs_grid(summary))
    return out


def empty_notes(summary: Summary) -> list[str]:
    """One line per suite that has no scores but excluded records."""
    return [
        f"{METRIC_TITLES[t.metric]}: no scores ({footnote(t)})"
        for t in summary.tables.values()
        if not t.cells and t.excluded
    ]


# ---------------------------------------------------------------- drawing


def rich_grid(grid: Grid) -> RichTable:
    table = RichTable(
        title=grid.title,
        caption="\n".join(grid.caption) or None,
        caption_justify="left",
        box=box.SIMPLE_HEAD,
    )
    for i, head in enumerate(grid.header):
        if i == 0:
            table.add_column(head, style="bold", overflow="fold")
        else:
            table.add_column(head, justify="right", overflow="fold")
    for i, row in enumerate(grid.rows):
        table.add_row(*row, end_section=grid.section_before_last and i == len(grid.rows) - 2)
    return table


def _md_escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def markdown_grid(grid: Grid) -> str:
    lines = [
        f"### {grid.title}",
        "",
        "| " + " | ".join(_md_escape(h) for h in grid.header) + " |",
        "|" + "|".join("---" if i == 0 else "---:" for i in range(len(grid.header))) + "|",
    ]
    lines += ["| " + " | ".join(_md_escape(c) for c in row) + " |" for row in grid.rows]
    if grid.caption:
        lines.append("")
        lines += [f"{_md_escape(c)}  " if i < len(grid.caption) - 1 else _md_escape(c)
                  for i, c in enumerate(grid.caption)]  # fmt: skip
    return "\n".join(lines) + "\n"


def markdown(summary: Summary, title: str = "codeeval report") -> str:
    parts = [f"# {title}\n"]
    parts += [markdown_grid(g) for g in grids(summary)]
    parts += [f"{n}\n" for n in empty_notes(summary)]
    if not summary.outputs:
        parts.append("no records\n")
    return "\n".join(parts)


def csv_text(summary: Summary) -> str:
    """Long format: one row per suite × model × prompt, and one per suite × model overall."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(
        [
            "suite",
            "model",
            "prompt",
            "runs",
            "strict_passes",
            "strict_rate",
            "pass_at_1",
            "mean_share",
            "sd_over_runs",
        ]
    )
    for table in summary.tables.values():
        for model in table.model_names:
            for prompt in table.prompt_ids:
                cell = table.cells.get((model, prompt))
                if cell is None:
                    continue
                writer.writerow(
                    [
                        table.metric,
                        model,
                        prompt,
                        cell.n,
                        cell.passes,
                        f"{cell.strict_rate:.4f}",
                        f"{cell.pass_at(1):.4f}",
                        f"{cell.mean:.4f}",
                        f"{cell.sd:.4f}",
                    ]
                )
            row = table.overall(model)
            if row is not None:
                writer.writerow(
                    [
                        table.metric,
                        model,
                        "*",
                        row.runs,
                        row.strict_passes,
                        f"{row.strict_rate:.4f}",
                        f"{row.pass_at[1]:.4f}",
                        f"{row.mean:.4f}",
                        f"{row.sd_runs:.4f}",
                    ]
                )
    return buf.getvalue()


def scoreboard_grid(results: list[SuiteResult]) -> Grid:
    """One row per suite: the counts, precision, recall, F1 and each gate's verdict."""
    rows = []
    for r in results:
        s = r.score
        gates = "; ".join(
            f"{g.gate} {'≤' if g.gate.startswith('max_') else '≥'} {g.threshold:g}: "
            f"{'ok' if g.passed else 'FAILED'}"
            for g in r.gates
        )
        rows.append(
            [
                r.spec.name,
                r.spec.kind,
                str(s.cases),
                str(s.tp),
                str(s.fp),
                str(s.tn) if r.spec.kind == "binary" else "–",
                str(s.fn),
                num(s.precision),
                num(s.recall),
                num(s.f1),
                r.note or gates or "no gates",
            ]
        )
    return Grid(
        "Suites",
        ["suite", "kind", "cases", "TP", "FP", "TN", "FN", "precision", "recall", "F1", "gates"],
        rows,
        [
            "label-set suites count labels, summed over cases (TP = predicted ∩ expected, "
            "FP = extra, FN = missed); binary suites count cases"
        ],
    )


def scoreboard_json(results: list[SuiteResult]) -> str:
    data = [
        {
            "suite": r.spec.name, "kind": r.spec.kind, "cases": r.score.cases,
            "tp": r.score.tp, "fp": r.score.fp, "tn": r.score.tn, "fn": r.score.fn,
            "precision": r.score.precision, "recall": r.score.recall, "f1": r.score.f1,
            "gates": [vars(g) for g in r.gates], "passed": r.passed, "note": r.note,
        }
        for r in results
    ]  # fmt: skip
    return json.dumps(data, indent=2) + "\n"
