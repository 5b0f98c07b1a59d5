"""The benchmark script stays runnable (timings are reported by running it, not here)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench" / "textmetrics_bench.py"


def test_bench_runs(capsys: pytest.CaptureFixture[str]) -> None:
    spec = importlib.util.spec_from_file_location("textmetrics_bench", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main(["--n", "20", "--imports", "1", "--first-use", "1"]) == 0
    out = capsys.readouterr().out
    assert "median" in out and "p95" in out and "peak memory" in out
    assert "codeeval.textmetrics" in out
    assert "cue cache read" in out and "ratio" in out
