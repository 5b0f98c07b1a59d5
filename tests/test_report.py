"""Aggregation of typed result records into pass-rate tables, and their rendering."""

from __future__ import annotations

import io
import json
import math
from pathlib import Path

import pytest
from rich.console import Console

from codeeval.errors import InputError
from codeeval.models import SuiteResult
from codeeval.record import Result
from codeeval.render import (
    cell_text,
    csv_text,
    footnote,
    grids,
    headline_grid,
    markdown,
    markdown_grid,
    matrix_grid,
    rich_grid,
)
from codeeval.report import METRIC_TITLES, Cell, aggregate, load, pass_at_k, suite_score
from tests.records import ALL, raw, rec, suite


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
def test_suite_score(data: dict[str, object] | None, expected: float | None) -> None:
    assert suite_score(None if data is None else SuiteResult.model_validate(data)) == expected


@pytest.mark.parametrize(
    ("n", "c", "k", "expected"),
    [
        (2, 1, 1, 0.5),
        (2, 1, 2, 1.0),
        (2, 0, 2, 0.0),
        (10, 3, 1, 0.3),
        (10, 3, 5, 1 - math.comb(7, 5) / math.comb(10, 5)),
        (5, 5, 3, 1.0),
    ],
)
def test_pass_at_k_is_the_unbiased_estimator(n: int, c: int, k: int, expected: float) -> None:
    assert pass_at_k(n, c, k) == pytest.approx(expected)


def test_pass_at_k_needs_k_at_most_n() -> None:
    with pytest.raises(ValueError):
        pass_at_k(2, 1, 3)


def nightly() -> list[Result]:
    return [
        # qwen: slugify twice (1.0 and 0.5 on the hidden tests), lru twice (timeout, 0.0)
        rec(
            "qwen2.5-7b",
            "slugify",
            1,
            "passed",
            own=suite(passed=6),
            reference=suite(passed=10),
            own_vs_reference=suite(passed=6),
        ),
        rec(
            "qwen2.5-7b",
            "slugify",
            2,
            "failed",
            own=suite(passed=6),
            reference=suite(passed=5, failed=5),
            own_vs_reference=suite(passed=4, failed=2),
        ),
        rec(
            "qwen2.5-7b",
            "lru",
            1,
            "timeout",
            own=suite(status="timeout"),
            reference=suite(status="timeout"),
            own_vs_reference=suite(passed=3, failed=1),
        ),
        rec(
            "qwen2.5-7b",
            "lru",
            2,
            "failed",
            own=suite(passed=1),
            reference=suite(passed=0, failed=4),
            own_vs_reference=suite(passed=3, failed=1),
        ),
        # llama: one slugify run scored, one broke the sandbox, one was a refusal
        rec(
            "llama-3.1-8b",
            "slugify",
            1,
            "failed",
            own=suite(passed=2, failed=2),
            reference=suite(passed=8, errors=2),
            own_vs_reference=suite(passed=4),
        ),
        rec(
            "llama-3.1-8b",
            "slugify",
            2,
            "sandbox_error",
            own=suite(passed=2),
            reference=suite(status="sandbox_error"),
        ),
        rec("llama-3.1-8b", "lru", 1, "skipped"),
        # a prose record never enters the coding tables
        rec("llama-3.1-8b", "essay", 1, "skipped", applicable=[], domain="prose"),
    ]


def test_cells_keep_each_runs_share_and_strict_verdict() -> None:
    ref = aggregate(nightly()).tables["reference"]
    cell = ref.cells[("qwen2.5-7b", "slugify")]
    assert (cell.n, cell.passes) == (2, 1)
    assert cell.mean == pytest.approx(0.75)
    assert cell.sd == pytest.approx(math.sqrt(0.125))  # sample sd of 1.0 and 0.5
    assert cell.strict_rate == 0.5
    assert cell.pass_at(1) == 0.5 and cell.pass_at(2) == 1.0 and cell.pass_at(3) is None
    assert ref.cells[("qwen2.5-7b", "lru")].mean == 0.0
    assert ref.cells[("llama-3.1-8b", "slugify")].mean == pytest.approx(0.8)
    assert ref.cells[("llama-3.1-8b", "slugify")].passes == 0
    assert ref.model_names == ["llama-3.1-8b", "qwen2.5-7b"]
    assert ref.prompt_ids == ["lru", "slugify"]


def test_all_prompts_row_is_a_mean_over_prompts_with_a_spread_over_runs() -> None:
    ref = aggregate(nightly()).tables["reference"]
    row = ref.overall("qwen2.5-7b")
    assert row is not None
    assert (row.prompts, row.samples, row.runs) == (2, 4, 2)
    assert row.mean == pytest.approx((0.75 + 0.0) / 2)
    # run 1: (1.0 + 0.0) / 2 = 0.5; run 2: (0.5 + 0.0) / 2 = 0.25
    assert row.sd_runs == pytest.approx(math.sqrt(0.03125))
    assert (row.strict_passes, row.strict_rate) == (1, 0.25)
    assert ref.ks == [1]  # llama has cells of one run
    assert row.pass_at == {1: pytest.approx(0.25)}


def test_strict_rate_is_the_headline_not_the_mean_share() -> None:
    # 24 of 26 runs pass fully, two pass 19 of 20 tests: the mean share is 0.99,
    # the strict pass rate 0.92 — the number people recognise.
    records = [
        rec("m", f"p{i}", run, "passed", applicable=["reference"], reference=suite(passed=20))
        for i in range(13)
        for run in (1, 2)
        if (i, run) not in {(0, 1), (5, 2)}
    ] + [
        rec("m", p, run, "failed", applicable=["reference"], reference=suite(passed=19, failed=1))
        for p, run in (("p0", 1), ("p5", 2))
    ]
    table = aggregate(records).tables["reference"]
    row = table.overall("m")
    assert row is not None
    assert row.mean == pytest.approx(0.996, abs=1e-3)
    assert row.strict_rate == pytest.approx(24 / 26)
    assert table.ks == [1, 2]
    assert row.pass_at[1] == pytest.approx(24 / 26)
    assert row.pass_at[2] == pytest.approx(1.0)
    grid = headline_grid(table)
    assert grid.header[1:4] == ["strict pass rate", "pass@1", "pass@2"]
    assert grid.rows[0][:4] == ["m", "0.92 (24/26)", "0.92", "1.00"]


def test_other_metrics() -> None:
    tables = aggregate(nightly()).tables
    own = tables["own"]
    assert own.cells[("llama-3.1-8b", "slugify")].mean == pytest.approx(0.5)
    assert own.cells[("qwen2.5-7b", "lru")].scores == {1: 0.0, 2: 1.0}
    ovr = tables["own_vs_reference"]
    assert ovr.cells[("qwen2.5-7b", "slugify")].mean == pytest.approx((1.0 + 4 / 6) / 2)
    assert ovr.cells[("qwen2.5-7b", "lru")].mean == pytest.approx(0.75)


def test_sandbox_errors_are_excluded_and_counted() -> None:
    summary = aggregate(nightly())
    for metric in ALL:
        table = summary.tables[metric]
        assert table.excluded_sandbox == 1, metric
        assert table.cells[("llama-3.1-8b", "slugify")].n == 1, metric
    assert summary.statuses["sandbox_error"] == 1
    assert summary.model_statuses["llama-3.1-8b"] == {"failed": 1, "sandbox_error": 1, "skipped": 1}


def test_sandbox_error_suite_under_another_status_is_excluded() -> None:
    summary = aggregate(
        [rec("m", "lru", 1, "failed", own=suite(status="sandbox_error"), reference=suite(failed=1))]
    )
    assert summary.tables["own"].excluded_sandbox == 1
    assert summary.tables["own"].cells == {}
    assert summary.tables["reference"].cells[("m", "lru")].mean == 0.0


def test_unsupported_isolation_is_excluded_and_counted_never_a_failure() -> None:
    unsupported = suite(status="isolation_unsupported")
    summary = aggregate(
        [rec("m", "lru", 1, "isolation_unsupported", own=suite(passed=2), reference=unsupported)]
    )
    assert summary.tables["reference"].excluded_unsupported == 1
    assert summary.tables["reference"].cells == {}
    assert summary.tables["own"].cells[("m", "lru")].mean == 1.0
    assert suite_score(SuiteResult.model_validate(unsupported)) is None


def test_record_without_an_applicable_suite_scores_zero_and_no_strict_pass() -> None:
    summary = aggregate(nightly())
    for metric in ALL:
        cell = summary.tables[metric].cells[("llama-3.1-8b", "lru")]
        assert (cell.n, cell.mean, cell.passes) == (1, 0.0, 0), metric


def test_metric_that_does_not_apply_is_not_scored() -> None:
    summary = aggregate(
        [rec("m", "wordcount", 1, "passed", applicable=["own"], own=suite(passed=3))]
    )
    assert summary.tables["own"].cells[("m", "wordcount")].mean == 1.0
    assert summary.tables["reference"].cells == {}
    assert summary.headline is summary.tables["own"]


def test_not_executed_records_are_excluded_and_counted() -> None:
    records = [rec("q", "slugify", r, "not_run", runner="none (--no-exec)") for r in (1, 2, 3)]
    # under --no-exec an output without code is "skipped", yet nothing was executed either
    records.append(rec("q", "wordcount", 1, "skipped", ["own"], runner="none (--no-exec)"))
    summary = aggregate(records)
    assert summary.tables["own"].excluded_not_run == 4
    assert summary.tables["reference"].excluded_not_run == 3
    for table in summary.tables.values():
        assert table.cells == {}
        assert table.excluded_sandbox == 0
    assert summary.statuses == {"not_run": 3, "skipped": 1}


def test_non_coding_records_are_counted_as_outputs_only() -> None:
    summary = aggregate(nightly())
    assert summary.records == 7
    assert all(p != "essay" for t in summary.tables.values() for _, p in t.cells)
    assert summary.outputs["llama-3.1-8b"].samples == 4
    assert summary.outputs["llama-3.1-8b"].coding == 3
    assert summary.outputs["llama-3.1-8b"].mean_words == 120


def test_aggregate_of_nothing() -> None:
    summary = aggregate([])
    assert summary.records == 0
    assert set(summary.tables) == set(METRIC_TITLES)
    assert grids(summary) == []
    assert markdown(summary).endswith("no records\n")


def test_thin_cells_warn_on_every_table_that_shows_them() -> None:
    summary = aggregate(nightly())
    table = summary.tables["reference"]
    assert table.thin_cells == [("llama-3.1-8b", "lru"), ("llama-3.1-8b", "slugify")]
    for grid in (headline_grid(table), matrix_grid(table)):
        assert any("2 of 4 model × prompt cells have fewer than 2 runs" in c for c in grid.caption)
    llama = headline_grid(table).rows[0]
    assert llama[0] == "llama-3.1-8b" and llama[-1] == "1 ⚠"


def make_cell(*values: float) -> Cell:
    cell = Cell()
    for run, v in enumerate(values, start=1):
        cell.add(run, v, v == 1.0)
    return cell


@pytest.mark.parametrize(
    ("cell", "text"),
    [
        (None, "–"),
        (Cell(), "–"),
        (make_cell(0.5), "0/1 · 0.50"),
        (make_cell(1.0, 0.5), "1/2 · 0.75 ±0.35"),
        (make_cell(1.0, 1.0, 1.0), "3/3 · 1.00 ±0.00"),
        (make_cell(2 / 3, 1 / 3), "0/2 · 0.50 ±0.24"),
    ],
)
def test_cell_text(cell: Cell | None, text: str) -> None:
    assert cell_text(cell) == text


def test_footnote() -> None:
    tables = aggregate(nightly()).tables
    assert footnote(tables["reference"]) == "1 sandbox errors excluded"
    not_run = aggregate([rec("m", "lru", r, "not_run", runner="none (--no-exec)") for r in (1, 2)])
    assert footnote(not_run.tables["own"]) == "2 samples not executed (--no-exec)"


def test_markdown_matrix_says_what_the_all_prompts_row_is() -> None:
    text = markdown_grid(matrix_grid(aggregate(nightly()).tables["reference"]))
    lines = text.splitlines()
    assert lines[0] == f"### Per prompt: {METRIC_TITLES['reference']}"
    assert lines[2] == "| prompt | llama-3.1-8b | qwen2.5-7b |"
    assert lines[3] == "|---|---:|---:|"
    rows = [line for line in lines[4:] if line.startswith("| ")]
    assert rows == [
        "| lru | 0/1 · 0.00 | 0/2 · 0.00 ±0.00 |",
        "| slugify | 0/1 · 0.80 | 1/2 · 0.75 ±0.35 |",
        "| all 2 prompts | 0/2 · 0.40 ±0.00 | 1/4 · 0.38 ±0.18 |",
    ]
    assert "mean over prompts ± sd over 2 runs of the per-run mean over prompts" in text


def test_markdown_is_never_hard_wrapped_and_escapes_pipes() -> None:
    long_name = "org/" + "x" * 150 + "|y"
    records = [rec(long_name, "lru", r, "passed", ["own"], own=suite(passed=1)) for r in (1, 2)]
    text = markdown(aggregate(records))
    header = next(line for line in text.splitlines() if line.startswith("| prompt"))
    assert header == "| prompt | org/" + "x" * 150 + "\\|y |"
    for table in text.split("### ")[1:]:
        rows = [r for r in table.splitlines() if r.startswith("|")]
        widths = {len(r.replace("\\|", "").split("|")) for r in rows}
        assert len(widths) == 1, rows  # one line per row, the same columns in each


def test_many_models_become_rows() -> None:
    records = [
        rec(f"model-{i:02d}-with-a-long-name", "lru", r, "passed", ["own"], own=suite(passed=1))
        for i in range(20)
        for r in (1, 2)
    ]
    matrix = next(g for g in grids(aggregate(records)) if g.title.startswith("Per prompt"))
    assert matrix.header == ["model", "lru", "all 1 prompts"]
    assert len(matrix.rows) == 20


def test_rich_tables_never_cut_numbers_on_a_narrow_console() -> None:
    console = Console(file=io.StringIO(), width=60, color_system=None)
    for grid in grids(aggregate(nightly())):
        console.print(rich_grid(grid))
    assert isinstance(console.file, io.StringIO)
    text = console.file.getvalue()
    assert "…" not in text
    assert "0.25 (1/4)" in text.replace("\n", " ") or "0.25" in text


def test_csv_has_one_row_per_cell_and_per_model() -> None:
    lines = csv_text(aggregate(nightly())).splitlines()
    assert lines[0].startswith("suite,model,prompt,runs,strict_passes")
    assert "reference,qwen2.5-7b,slugify,2,1,0.5000,0.5000,0.7500,0.3536" in lines
    assert "reference,qwen2.5-7b,*,2,1,0.2500,0.2500,0.3750,0.1768" in lines


def write(path: Path, lines: list[bytes]) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    (path / "results.jsonl").write_bytes(b"".join(lines))
    return path


def line(data: dict[str, object]) -> bytes:
    return json.dumps(data).encode() + b"\n"


def test_load_reads_typed_records_and_reports_bad_lines_with_numbers(tmp_path: Path) -> None:
    good = raw("m", "lru", 1, "passed", own=suite(passed=1))
    broken = dict(good, run="one")
    out = write(
        tmp_path,
        [line(good), b"{not json\n", line(broken), b"[1]\n", b"\n", line(dict(good, run=2))],
    )
    results = load(out)
    records = list(results)
    assert [r.run for r in records] == [1, 2]
    assert [(b.line, b.reason.split(" (")[0]) for b in results.bad_lines] == [
        (2, "not JSON"),
        (
            3,
            "invalid record: run: Input should be a valid integer, unable to parse string as an "
            "integer",
        ),
        (4, "a JSON list, not a record"),
    ]


def test_load_filters_models_and_prompts(tmp_path: Path) -> None:
    out = write(tmp_path, [line(raw(m, p, 1, "passed")) for m in "ab" for p in ("x", "y")])
    assert [(r.model, r.prompt_id) for r in load(out, models=["a"], prompts=["y"])] == [("a", "y")]
    assert len(list(load(out / "results.jsonl"))) == 4


def test_load_without_results_is_an_input_error(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no results file"):
        load(tmp_path)


def test_records_of_schema_0_still_load(tmp_path: Path) -> None:
    old = raw("m", "lru", 1, "not_run", runner="none (--no-exec)")
    del old["schema_version"]
    del old["provenance"]["executed"]  # type: ignore[attr-defined]
    executed = raw("m", "lru", 2, "passed", own=suite(passed=1))
    del executed["schema_version"]
    del executed["provenance"]["executed"]  # type: ignore[attr-defined]
    records = list(load(write(tmp_path, [line(old), line(executed)])))
    assert [(r.schema_version, r.executed) for r in records] == [(2, False), (2, True)]
    assert [r.provenance.runtime for r in records] == [None, "runc"]


def test_records_of_schema_1_still_load(tmp_path: Path) -> None:
    """Version 1 had no runtime, node or attempt: an executed record ran under the engine's
    default runtime on the local engine; a --no-exec one ran nothing."""
    executed = raw("m", "lru", 1, "passed", own=suite(passed=1))
    dry = raw("m", "lru", 2, "not_run", runner="none (--no-exec)")
    assert executed["schema_version"] == 1 and "runtime" not in executed["provenance"]
    on_ray = raw("m", "lru", 3, "passed", own=suite(passed=1))
    on_ray["provenance"].update(node="node-b", attempt=2, runtime="runsc")  # type: ignore[attr-defined]
    records = list(load(write(tmp_path, [line(executed), line(dry), line(on_ray)])))
    assert [r.schema_version for r in records] == [2, 2, 2]
    assert [(r.provenance.runtime, r.provenance.node, r.provenance.attempt) for r in records] == [
        ("runc", None, None),
        (None, None, None),
        ("runsc", "node-b", 2),
    ]
    assert Result.model_validate_json(records[0].to_line()) == records[0]


def test_records_of_a_newer_schema_are_refused_clearly(tmp_path: Path) -> None:
    newer = dict(raw("m", "lru", 1, "passed"), schema_version=99)
    out = write(tmp_path, [line(raw("m", "lru", 2, "passed")), line(newer)])
    with pytest.raises(InputError, match=r"results.jsonl:2: written by a newer codeeval"):
        list(load(out))


def test_a_record_round_trips_through_its_line() -> None:
    record = rec("m", "lru", 1, "failed", own=suite(passed=1, failed=1))
    again = Result.model_validate_json(record.to_line())
    assert again == record
    assert b'"reference":' not in record.to_line()  # suites that did not run are left out


def test_outputs_count_length_targets_missed() -> None:
    on = rec("m", "essay", 1, "skipped", applicable=[], domain="prose")
    target = {
        "min_words": 100,
        "max_words": 120,
        "kind": "range",
        "source": "prompt_text",
        "phrase": "100–120 words",
    }
    metrics = on.metrics.model_dump(mode="json") if on.metrics else {}
    off = Result.model_validate(
        on.model_dump(mode="json")
        | {
            "run": 2,
            "metrics": metrics | {"target": target, "deviation_words": -30, "deviation_pct": -30.0},
        }
    )
    inside = Result.model_validate(
        on.model_dump(mode="json")
        | {
            "run": 3,
            "metrics": metrics | {"target": target, "deviation_words": 0, "deviation_pct": 0.0},
        }
    )
    outputs = aggregate([on, off, inside]).outputs["m"]
    assert (outputs.with_target, outputs.off_target) == (2, 1)
    assert outputs.mean_abs_deviation_pct == pytest.approx(15.0)


def test_outputs_count_refusal_grades_and_show_names_them() -> None:
    from codeeval.explain import show_text

    base = rec("m", "lru", 1, "skipped")
    grade = {
        "grade": "full",
        "decided_by": "model",
        "language": "en",
        "p_none": 0.02,
        "p_partial": 0.08,
        "p_full": 0.9,
        "cues": [
            {
                "id": "cant_help",
                "family": "decline",
                "region": "opening",
                "start": 0,
                "end": 22,
                "evidence": "I can't help with that",
            }
        ],
    }
    metrics = base.metrics.model_dump(mode="json") if base.metrics else {}
    refused = Result.model_validate(
        base.model_dump(mode="json") | {"metrics": metrics | {"refusal": grade}}
    )
    partial = Result.model_validate(
        base.model_dump(mode="json")
        | {"run": 2, "metrics": metrics | {"refusal": grade | {"grade": "partial"}}}
    )
    outputs = aggregate([refused, partial, rec("m", "lru", 3, "passed")]).outputs["m"]
    assert (outputs.refusals_full, outputs.refusals_partial) == (1, 1)
    text = show_text(refused)
    assert "  refusal: full (decided by model, en; p full 0.90, partial 0.08)" in text
    assert '    cue cant_help: "I can\'t help with that"' in text
