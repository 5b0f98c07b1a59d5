"""Render aggregated tables as rich tables (terminal) or Markdown (wiki pages)."""

from __future__ import annotations

from rich.table import Table as RichTable

from codeeval.report import METRIC_TITLES, Cell, Table


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


def rich_table(table: Table) -> RichTable:
    out = RichTable(
        title=f"Pass ratio: {METRIC_TITLES[table.metric]}",
        caption="mean ±sd over runs; n = runs"
        + (f"; {footnote(table)}" if footnote(table) else ""),
    )
    out.add_column("model", style="bold")
    for prompt in table.prompt_ids:
        out.add_column(prompt, justify="right")
    out.add_column("all", justify="right", style="bold")
    for model in table.model_names:
        row = [cell_text(table.cells.get((model, p))) for p in table.prompt_ids]
        out.add_row(model, *row, cell_text(table.models.get(model)))
    return out


def markdown(table: Table) -> str:
    head = ["model", *table.prompt_ids, "all"]
    lines = [
        f"### Pass ratio: {METRIC_TITLES[table.metric]}",
        "",
        "| " + " | ".join(head) + " |",
        "|" + "---|" * len(head),
    ]
    for model in table.model_names:
        row = [cell_text(table.cells.get((model, p))) for p in table.prompt_ids]
        lines.append("| " + " | ".join([model, *row, cell_text(table.models.get(model))]) + " |")
    note = footnote(table)
    lines += ["", "mean ±sd over runs; n = runs" + (f"; {note}" if note else "")]
    return "\n".join(lines) + "\n"
