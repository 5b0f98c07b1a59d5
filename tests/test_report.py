"""Aggregation of result records into pass-rate tables, and their rendering."""

from __future__ import annotations

import io
import math
from typing import Any

import pytest
from rich.console import Console

from codeeval.render import cell_text, footnote, markdown, rich_table
from codeeval.report import METRIC_TITLES, Cell, aggregate, suite_score

ALL = ["own", "reference", "own_vs_reference"]


def suite(passed: int = 0, failed: int = 0, errors: int = 0, skipped: int = 0,
          status: str | None = None) -> dict[str, Any]:  # fmt: skip
    if status is None:
        status = "failed" if failed or errors else "passed"
    return {"status": status, "passed": passed, "failed": failed, "errors": errors,
            "skipped": skipped, "exit_code": 0 if status == "passed" else 1,
            "duration_s": 0.41, "detail": "", "output_tail": ""}  # fmt: skip


def rec(
    model: str,
    prompt_id: str,
    run: int,
    status: str,
    applicable: list[str] | None = None,
    domain: str = "coding",
    **suites: dict[str, Any],
) -> dict[str, Any]:
    return {
        "model": model,
        "prompt_id": prompt_id,
        "run": run,
        "seed": 1000 + run,
        "domain": domain,
        "applicable": ALL if applicable is None else applicable,
        "parse": {"status": "ok"},
        "execution": {"status": status, "reason": "", **suites},
        "provenance": {"codeeval_version": "0.1.0", "runner": "docker"},
    }


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (None, None),
        (suite(status="sandbox_error"), None),
        (suite(passed=4, failed=1), 0.8),
        (suite(passed=3, errors=1), 0.75),
        (suite(passed=2, skipped=3), 1.0),
        (suite(passed=0, failed=5), 0.0),
        (suite(status="timeout"), 0.0),
        (suite(status="no_tests"), 0.0),
        (suite(status="collection_error", errors=1), 0.0),
        (suite(status="results_rejected"), 0.0),
        ({"status": "oom"}, 0.0),
    ],
)
def test_suite_score(data: dict[str, Any] | None, expected: float | None) -> None:
    assert suite_score(data) == expected


def nightly() -> list[dict[str, Any]]:
    return [
        # qwen: slugify twice (1.0 and 0.5 on the hidden tests), lru once (0.0)
        rec("qwen2.5-7b", "slugify", 1, "passed",
            own=suite(passed=6), reference=suite(passed=10), own_vs_reference=suite(passed=6)),
        rec("qwen2.5-7b", "slugify", 2, "failed",
            own=suite(passed=6), reference=suite(passed=5, failed=5),
            own_vs_reference=suite(passed=4, failed=2)),
        rec("qwen2.5-7b", "lru", 1, "timeout",
            own=suite(status="timeout"), reference=suite(status="timeout"),
            own_vs_reference=suite(passed=3, failed=1)),
        # llama: one slugify run scored, one broke the sandbox, one was a refusal
        rec("llama-3.1-8b", "slugify", 1, "failed",
            own=suite(passed=2, failed=2), reference=suite(passed=8, errors=2),
            own_vs_reference=suite(passed=4)),
        rec("llama-3.1-8b", "slugify", 2, "sandbox_error",
            own=suite(passed=2), reference=suite(status="sandbox_error")),
        rec("llama-3.1-8b", "lru", 1, "skipped"),
        # a prose record never enters the coding tables
        rec("llama-3.1-8b", "essay", 1, "skipped", applicable=[], domain="prose"),
    ]  # fmt: skip


def test_aggregate_mean_sd_and_n_per_cell() -> None:
    summary = aggregate(nightly())
    ref = summary.tables["reference"]
    cell = ref.cells[("qwen2.5-7b", "slugify")]
    assert cell.n == 2
    assert cell.mean == pytest.approx(0.75)
    assert cell.sd == pytest.approx(math.sqrt(0.125))  # sample sd of 1.0 and 0.5
    assert ref.cells[("qwen2.5-7b", "lru")].n == 1
    assert ref.cells[("qwen2.5-7b", "lru")].mean == 0.0
    assert ref.cells[("llama-3.1-8b", "slugify")].mean == pytest.approx(0.8)
    assert ref.cells[("llama-3.1-8b", "slugify")].n == 1
    # the row over all prompts: every scored run of the model
    assert ref.models["qwen2.5-7b"].n == 3
    assert ref.models["qwen2.5-7b"].mean == pytest.approx(0.5)
    assert ref.model_names == ["llama-3.1-8b", "qwen2.5-7b"]
    assert ref.prompt_ids == ["lru", "slugify"]


def test_aggregate_other_metrics() -> None:
    tables = aggregate(nightly()).tables
    own = tables["own"]
    assert own.cells[("llama-3.1-8b", "slugify")].mean == pytest.approx(0.5)
    assert own.cells[("qwen2.5-7b", "lru")].mean == 0.0
    ovr = tables["own_vs_reference"]
    assert ovr.cells[("qwen2.5-7b", "slugify")].mean == pytest.approx((1.0 + 4 / 6) / 2)
    assert ovr.cells[("qwen2.5-7b", "lru")].mean == pytest.approx(0.75)


def test_sandbox_errors_are_excluded_and_counted() -> None:
    summary = aggregate(nightly())
    for metric in ALL:
        table = summary.tables[metric]
        assert table.excluded_sandbox == 1, metric
        # llama/slugify run 2 broke the sandbox: only run 1 is in the cell
        assert table.cells[("llama-3.1-8b", "slugify")].n == 1, metric
    assert summary.statuses["sandbox_error"] == 1


def test_sandbox_error_suite_under_another_status_is_excluded() -> None:
    summary = aggregate(
        [rec("m", "lru", 1, "failed", own=suite(status="sandbox_error"), reference=suite(failed=1))]
    )
    assert summary.tables["own"].excluded_sandbox == 1
    assert summary.tables["own"].cells == {}
    assert summary.tables["reference"].cells[("m", "lru")].mean == 0.0


def test_record_without_an_applicable_suite_scores_zero() -> None:
    summary = aggregate(nightly())
    for metric in ALL:
        cell = summary.tables[metric].cells[("llama-3.1-8b", "lru")]
        assert (cell.n, cell.mean) == (1, 0.0), metric


def test_metric_that_does_not_apply_is_not_scored() -> None:
    summary = aggregate([rec("m", "wordcount", 1, "passed", applicable=["own"],
                             own=suite(passed=3))])  # fmt: skip
    assert summary.tables["own"].cells[("m", "wordcount")].mean == 1.0
    assert summary.tables["reference"].cells == {}
    assert summary.tables["own_vs_reference"].cells == {}


def test_not_run_records_are_excluded_and_counted() -> None:
    records = [rec("qwen2.5-7b", "slugify", r, "not_run") for r in (1, 2, 3)]
    records.append(rec("qwen2.5-7b", "wordcount", 1, "not_run", applicable=["own"]))
    summary = aggregate(records)
    assert summary.tables["own"].excluded_not_run == 4
    assert summary.tables["reference"].excluded_not_run == 3
    for table in summary.tables.values():
        assert table.cells == {} and table.models == {}
        assert table.excluded_sandbox == 0
    assert summary.statuses == {"not_run": 4}
    assert summary.records == 4


def test_non_coding_records_are_ignored() -> None:
    summary = aggregate(nightly())
    assert summary.records == 6
    assert summary.statuses == {"passed": 1, "failed": 2, "timeout": 1, "sandbox_error": 1,
                                "skipped": 1}  # fmt: skip
    assert all(p != "essay" for t in summary.tables.values() for _, p in t.cells)


def test_aggregate_of_nothing() -> None:
    summary = aggregate([])
    assert summary.records == 0
    assert set(summary.tables) == set(METRIC_TITLES)
    assert all(not t.cells for t in summary.tables.values())


def test_cell_statistics_stay_sane() -> None:
    assert math.isnan(Cell().mean)
    assert Cell().sd == 0.0
    cell = Cell()
    for _ in range(1000):
        cell.add(0.1)  # rounding must not make the variance negative
    assert cell.sd == pytest.approx(0.0, abs=1e-6)
    assert cell.mean == pytest.approx(0.1)
    assert (cell.low, cell.high) == (0.1, 0.1)


def make_cell(*values: float) -> Cell:
    cell = Cell()
    for v in values:
        cell.add(v)
    return cell


@pytest.mark.parametrize(
    ("cell", "text"),
    [
        (None, "–"),
        (Cell(), "–"),
        (make_cell(0.5), "0.50 (n=1)"),
        (make_cell(1.0, 0.5), "0.75 ±0.35 (n=2)"),
        (make_cell(1.0, 1.0, 1.0), "1.00 ±0.00 (n=3)"),
        (make_cell(0.0, 0.0), "0.00 ±0.00 (n=2)"),
        (make_cell(2 / 3, 1 / 3), "0.50 ±0.24 (n=2)"),
    ],
)
def test_cell_text(cell: Cell | None, text: str) -> None:
    assert cell_text(cell) == text


def test_footnote() -> None:
    tables = aggregate(nightly()).tables
    assert footnote(tables["reference"]) == "1 sandbox errors excluded"
    not_run = aggregate([rec("m", "lru", 1, "not_run"), rec("m", "lru", 2, "not_run")])
    assert footnote(not_run.tables["own"]) == "2 samples not executed (--no-exec)"
    assert footnote(aggregate([]).tables["own"]) == ""


def test_markdown_table() -> None:
    text = markdown(aggregate(nightly()).tables["reference"])
    lines = text.splitlines()
    assert lines[0] == f"### Pass ratio: {METRIC_TITLES['reference']}"
    assert lines[2] == "| prompt | llama-3.1-8b | qwen2.5-7b |"
    assert lines[3] == "|---|---|---|"
    rows = [line for line in lines[4:] if line.startswith("| ")]
    assert rows == [
        "| lru | 0.00 (n=1) | 0.00 (n=1) |",
        "| slugify | 0.80 (n=1) | 0.75 ±0.35 (n=2) |",
        "| all prompts | 0.40 ±0.57 (n=2) | 0.50 ±0.50 (n=3) |",
    ]
    assert lines[-1] == "mean ±sd over runs; n = runs; 1 sandbox errors excluded"
    assert text.endswith("\n")


def test_markdown_missing_cell_is_a_dash() -> None:
    records = [
        rec("qwen2.5-7b", "slugify", 1, "passed", applicable=["own"], own=suite(passed=2)),
        rec("llama-3.1-8b", "lru", 1, "failed", applicable=["own"], own=suite(passed=1, failed=1)),
    ]
    rows = [r for r in markdown(aggregate(records).tables["own"]).splitlines() if r[:2] == "| "]
    assert rows[1:] == [
        "| lru | 0.50 (n=1) | – |",
        "| slugify | – | 1.00 (n=1) |",
        "| all prompts | 0.50 (n=1) | 1.00 (n=1) |",
    ]


def render(table: Any) -> str:
    console = Console(file=io.StringIO(), width=200, color_system=None)
    console.print(rich_table(table))
    assert isinstance(console.file, io.StringIO)
    return " ".join(console.file.getvalue().split())  # titles and captions wrap


def test_rich_table() -> None:
    table = aggregate(nightly()).tables["reference"]
    rendered = rich_table(table)
    assert [c.header for c in rendered.columns] == ["prompt", "llama-3.1-8b", "qwen2.5-7b"]
    assert rendered.row_count == 3
    text = render(table)
    assert "Pass ratio: hidden reference tests" in text
    assert "0.75 ±0.35 (n=2)" in text
    assert "1 sandbox errors excluded" in text


def test_rich_table_for_no_exec_says_so() -> None:
    table = aggregate([rec("m", "lru", 1, "not_run")]).tables["own"]
    assert rich_table(table).row_count == 0
    assert "1 samples not executed (--no-exec)" in render(table)
