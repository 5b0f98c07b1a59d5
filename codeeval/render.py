"""Render aggregated tables as rich tables (terminal) or Markdown (wiki pages)."""

from __future__ import annotations

from rich.table import Table as RichTable

from codeeval.report import METRIC_TITLES, Cell, Outputs, Table


def cell_text(cell: Cell | None) -> str:
    if cell is None or cell.n == 0:
        return "–"
    if cell.n == 1:
        return f"{cell.mean:.2f} (n=1)"
    return f"{cell.mean:.2f} ±{cell.sd:.2f} (n={cell.n})"


def footnote(table: Table) -> str:
    parts = []
    if table.excluded_sandbox:
        parts.append(f"{table.excluded_sandbox} sandbox errors excluded")
    if table.excluded_not_run:
        parts.append(f"{table.excluded_not_run} samples not executed (--no-exec)")
    return "; ".join(parts)


def _rows(table: Table) -> list[list[str]]:
    """One row per prompt, one column per model, and an overall row per model."""
    if not table.models:
        return []
    rows = [
        [prompt, *(cell_text(table.cells.get((m, prompt))) for m in table.model_names)]
        for prompt in table.prompt_ids
    ]
    rows.append(["all prompts", *(cell_text(table.models.get(m)) for m in table.model_names)])
    return rows


def rich_table(table: Table) -> RichTable:
    note = footnote(table)
    out = RichTable(
        title=f"Pass ratio: {METRIC_TITLES[table.metric]}",
        caption="mean ±sd over runs; n = runs" + (f"; {note}" if note else ""),
        min_width=72,
    )
    out.add_column("prompt", style="bold")
    for model in table.model_names:
        out.add_column(model, justify="right")
    rows = _rows(table)
    for i, row in enumerate(rows):
        out.add_row(*row, end_section=i == len(rows) - 2)
    return out


def markdown(table: Table) -> str:
    head = ["prompt", *table.model_names]
    lines = [
        f"### Pass ratio: {METRIC_TITLES[table.metric]}",
        "",
        "| " + " | ".join(_escape(h) for h in head) + " |",
        "|" + "---|" * len(head),
    ]
    for row in _rows(table):
        lines.append("| " + " | ".join(_escape(c) for c in row) + " |")
    note = footnote(table)
    lines += ["", "mean ±sd over runs; n = runs" + (f"; {note}" if note else "")]
    return "\n".join(lines) + "\n"


def _escape(text: str) -> str:
    return text.replace("|", "\\|")


OUTPUT_COLUMNS = (
    ("samples", "samples"),
    ("coding", "coding"),
    ("parsed", "parsed"),
    ("syntax_errors", "syntax errors"),
    ("unavailable_imports", "unknown imports"),
    ("truncated", "truncated"),
    ("evasion_findings", "evasion findings"),
    ("evasion_observations", "evasion observations"),
)


def outputs_table(outputs: dict[str, Outputs]) -> RichTable:
    """Per model: how many outputs parsed, had syntax errors, hallucinated imports, were
    cut off, or evaded; counts of samples, with or without execution."""
    out = RichTable(title="Outputs per model (samples)")
    out.add_column("model", style="bold")
    for _, header in OUTPUT_COLUMNS:
        out.add_column(header, justify="right")
    for model in sorted(outputs):
        row = outputs[model]
        out.add_row(model, *(str(getattr(row, name)) for name, _ in OUTPUT_COLUMNS))
    return out
