"""`codeeval report`, `show`, `table` filters, JUnit verdicts, --version and bad flag values."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from codeeval import __version__
from codeeval.cli import main
from codeeval.errors import EXIT_REGRESSION
from codeeval.verdicts import junit_xml, verdicts
from tests.records import nightly_records, rec, suite, write_results

PROMPTS = ["lru", "slugify", "rle"]
GOOD = {"model-a": [True] * 6, "model-b": [True, False, False, False, True, True]}


def cli(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture
def out(tmp_path: Path) -> Path:
    return write_results(tmp_path / "out", nightly_records(GOOD, PROMPTS))


def test_version_flag(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(capsys, "--version") == (0, f"{__version__}\n", "")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["run", "x.jsonl", "--jobs", "0"], "error: Invalid value for '--jobs'"),
        (["report", "out", "--format", "xml"], "error: Invalid value for '--format'"),
        (["table", "out", "--bogus"], "error: No such option: --bogus"),
    ],
)
def test_bad_flag_values_are_error_and_hint_lines(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, _stdout, stderr = cli(capsys, *args)
    assert code == 2
    lines = stderr.strip().splitlines()
    assert lines[0].startswith(message)
    assert lines[1].startswith("hint: see `codeeval ")
    assert "╭" not in stderr and "Traceback" not in stderr


def test_the_installed_entry_point_uses_the_same_boundary() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "codeeval", "run", "x.jsonl", "--jobs", "0"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 2
    assert proc.stderr.startswith("error: Invalid value for '--jobs'")


def test_report_markdown_to_stdout(capsys: pytest.CaptureFixture[str], out: Path) -> None:
    code, stdout, stderr = cli(capsys, "report", out)
    assert code == 0, stderr
    assert stdout.startswith("# codeeval report\n")
    assert "| model-b | 0.50 (3/6) | 0.50 | 0.67 |" in stdout
    assert "| all 3 prompts | 6/6 · 1.00 ±0.00 | 3/6 · 0.80 ±0.09 |" in stdout


def test_report_csv_and_json(capsys: pytest.CaptureFixture[str], out: Path) -> None:
    code, stdout, _ = cli(capsys, "report", out, "--format", "csv")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(stdout)))
    overall = [r for r in rows if r["suite"] == "reference" and r["prompt"] == "*"]
    assert [(r["model"], r["strict_rate"]) for r in overall] == [
        ("model-a", "1.0000"),
        ("model-b", "0.5000"),
    ]
    code, stdout, _ = cli(capsys, "report", out, "--format", "json")
    data = json.loads(stdout)
    assert data["headline"] == "reference"
    b = data["suites"]["reference"]["models"]["model-b"]
    assert (b["strict_passes"], b["samples"], b["pass_at"]) == (3, 6, {"1": 0.5, "2": 0.6667})


def test_report_filters_models_and_prompts(capsys: pytest.CaptureFixture[str], out: Path) -> None:
    code, stdout, _ = cli(capsys, "report", out, "--models", "model-b", "--prompts", "lru,rle")
    assert code == 0
    assert "model-a" not in stdout
    assert "| lru |" in stdout and "| rle |" in stdout and "| slugify |" not in stdout
    code, stdout, _ = cli(capsys, "table", out, "--markdown", "--models", "model-a")
    assert code == 0 and "model-b" not in stdout and "model-a" in stdout


def test_report_writes_files_and_warns_of_corrupt_lines(
    capsys: pytest.CaptureFixture[str], out: Path, tmp_path: Path
) -> None:
    with (out / "results.jsonl").open("ab") as fh:
        fh.write(b'{"model": "x"\n')
    code, stdout, stderr = cli(
        capsys, "report", out, "-o", tmp_path / "r.md", "--junit", tmp_path / "j.xml"
    )
    assert code == 0
    assert stdout == ""
    assert f"warning: {out / 'results.jsonl'}:13: not JSON" in stderr
    assert (tmp_path / "r.md").read_text().startswith("# codeeval report")
    assert ET.parse(tmp_path / "j.xml").getroot().tag == "testsuites"


def test_empty_results_say_no_records(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = write_results(tmp_path / "out", [])
    code, stdout, stderr = cli(capsys, "table", out)
    assert code == 0 and "no records" in stdout
    code, stdout, stderr = cli(capsys, "report", out)
    assert code == 0 and "no records" in stderr and stdout.rstrip().endswith("no records")


def test_save_then_compare_exits_12_on_a_regression(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    prompts = [f"p{i}" for i in range(8)]
    before = write_results(tmp_path / "before", nightly_records({"m": [True] * 16}, prompts))
    after = write_results(
        tmp_path / "after", nightly_records({"m": [True] * 8 + [False] * 8}, prompts)
    )
    same = write_results(tmp_path / "same", nightly_records({"m": [True] * 16}, prompts))
    store = tmp_path / "baselines"
    code, _, stderr = cli(
        capsys, "report", before, "--save", "--baselines", store, "-o", tmp_path / "x.md"
    )
    assert code == 0 and "saved baseline" in stderr
    code, _, _ = cli(capsys, "report", same, "--compare", "latest", "--baselines", store)
    assert code == 0
    code, stdout, stderr = cli(capsys, "report", after, "--compare", "latest", "--baselines", store)
    assert code == EXIT_REGRESSION
    assert "regression: m" in stderr
    assert "| m | 1.00 | 0.50 | -0.50 | 16 | 8 | 0 | 0.00781 | **regression** |" in stdout
    assert "m/p4/run1 pass→fail" in stdout


def test_show_explains_one_sample(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    tail = (
        "F.\n=== FAILURES ===\n___ test_evict ___\n"
        "E       assert cache.get('a') is None\nFAILED test_lru.py::test_evict - assert\n"
    )
    failing = suite(passed=4, failed=1) | {
        "output_tail": tail,
        "failing": ["test_lru.py::test_evict"],
    }
    out = write_results(
        tmp_path / "out",
        [
            rec(
                "m",
                "lru",
                1,
                "failed",
                own=suite(passed=3),
                reference=failing,
                own_vs_reference=suite(passed=3),
            )
        ],
    )
    code, stdout, _ = cli(capsys, "show", out, "m", "lru", "1")
    assert code == 0
    assert "verdict: failed" in stdout
    assert "  files: lru.py" in stdout
    assert "suite reference: failed — 4 passed, 1 failed" in stdout
    assert "  FAILED test_lru.py::test_evict - assert" in stdout
    assert "  failing tests: test_lru.py::test_evict" in stdout
    assert "E       assert cache.get('a') is None" in stdout
    assert "text metrics: ok; 120 words" in stdout
    code, _, stderr = cli(capsys, "show", out, "m", "lru", "3")
    assert code == 4 and "no sample m/lru/run3" in stderr and "hint: runs of m/lru: 1" in stderr


def test_junit_has_one_case_per_model_and_prompt() -> None:
    records = nightly_records(GOOD, PROMPTS)
    records.append(
        rec("model-c", "lru", 1, "sandbox_error", reference=suite(status="sandbox_error"))
    )
    records.append(rec("model-c", "rle", 1, "not_run", runner="none (--no-exec)"))
    root = ET.fromstring(junit_xml(verdicts(records)))
    ts = root.find("testsuite")
    assert ts is not None
    assert (ts.get("tests"), ts.get("failures"), ts.get("errors"), ts.get("skipped")) == (
        "8",
        "2",
        "1",
        "1",
    )
    cases = {(c.get("classname"), c.get("name")): c for c in ts.iter("testcase")}
    failure = cases[("model-b", "lru")].find("failure")
    assert failure is not None
    assert failure.get("message", "").startswith(
        "1/2 runs passed every reference test; run 1: passed, 5/5 tests; run 2: failed, 3/5 tests"
    )
    assert cases[("model-a", "lru")].find("failure") is None
    assert cases[("model-c", "lru")].find("error") is not None
    assert cases[("model-c", "rle")].find("skipped") is not None


def test_piped_output_never_cuts_numbers(out: Path) -> None:
    root = Path(__file__).resolve().parents[1]
    for args in (
        ["table", str(out)],
        ["metrics", "gold", str(root / "tests/data/evasion/evasion_gold.jsonl"), "--split", "test"],
    ):
        proc = subprocess.run(
            [sys.executable, "-m", "codeeval", *args], capture_output=True, text=True, check=False
        )
        assert proc.stdout.strip(), proc.stderr
        assert "…" not in proc.stdout, args


def test_run_evaluates_only_the_filtered_samples(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    root = Path(__file__).resolve().parents[1]
    out = tmp_path / "out"
    code, _stdout, stderr = cli(
        capsys,
        "run",
        root / "examples/samples.jsonl",
        "--prompts",
        root / "prompts/coding",
        "--out",
        out,
        "--no-exec",
        "--models",
        "written-weak",
        "--prompt-ids",
        "lru,rle",
    )
    assert code == 0, stderr
    records = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert sorted((r["model"], r["prompt_id"], r["run"]) for r in records) == [
        ("written-weak", "lru", 1),
        ("written-weak", "lru", 2),
        ("written-weak", "rle", 1),
        ("written-weak", "rle", 2),
    ]
    assert "4 records written, 0 already there, 74 samples left out by the filters" in " ".join(
        stderr.split()
    )


def test_compare_two_results_directories(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    prompts = [f"p{i}" for i in range(8)]
    before = write_results(tmp_path / "before", nightly_records({"m": [True] * 16}, prompts))
    after = write_results(
        tmp_path / "after", nightly_records({"m": [True] * 8 + [False] * 8}, prompts)
    )
    code, stdout, stderr = cli(capsys, "compare", before, after)
    assert code == EXIT_REGRESSION and "regression: m" in stderr
    assert "| m | 1.00 | 0.50 | -0.50 | 16 | 8 | 0 |" in stdout
    code, stdout, _ = cli(capsys, "compare", before, before)
    assert code == 0 and "within noise or tolerance" in stdout
