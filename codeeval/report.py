"""Aggregate result records into per-model pass-rate tables. Pure; streams its input.

A sample's score for a suite is ``passed / (passed + failed + errors)``. Outcomes
with no passing evidence (timeout, oom, no results, rejected results, collection
error, no tests, and outputs with no runnable code) score 0: the model did not
deliver working code. Two kinds of record are *excluded* and counted apart,
because they say nothing about the model: sandbox errors (infrastructure) and
records that were not executed (``--no-exec``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

Metric = Literal["reference", "own", "own_vs_reference"]
METRIC_TITLES: dict[str, str] = {
    "reference": "hidden reference tests against the model's module (correctness)",
    "own": "the model's own tests against its module",
    "own_vs_reference": "the model's own tests against the reference solution (test validity)",
}


@dataclass
class Cell:
    """Running statistics of one (model, prompt) cell; memory does not grow with runs."""

    n: int = 0
    total: float = 0.0
    total_sq: float = 0.0
    low: float = math.inf
    high: float = -math.inf

    def add(self, value: float) -> None:
        self.n += 1
        self.total += value
        self.total_sq += value * value
        self.low = min(self.low, value)
        self.high = max(self.high, value)

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else math.nan

    @property
    def sd(self) -> float:
        """Sample standard deviation over runs (0 for a single run)."""
        if self.n < 2:
            return 0.0
        var = (self.total_sq - self.total * self.total / self.n) / (self.n - 1)
        return math.sqrt(max(0.0, var))


@dataclass
class Table:
    metric: str
    cells: dict[tuple[str, str], Cell] = field(default_factory=dict)
    models: dict[str, Cell] = field(default_factory=dict)
    excluded_sandbox: int = 0
    excluded_not_run: int = 0

    @property
    def model_names(self) -> list[str]:
        return sorted(self.models)

    @property
    def prompt_ids(self) -> list[str]:
        return sorted({p for _, p in self.cells})


@dataclass
class Outputs:
    """What a model's outputs look like, executed or not: one row of the outputs table."""

    samples: int = 0
    coding: int = 0
    parsed: int = 0
    syntax_errors: int = 0
    unavailable_imports: int = 0
    truncated: int = 0
    evasion_findings: int = 0
    evasion_observations: int = 0

    def add(self, record: dict[str, Any]) -> None:
        self.samples += 1
        parse = record.get("parse") or {}
        if record.get("domain") == "coding":
            self.coding += 1
            self.parsed += parse.get("status") == "ok"
            analysis = parse.get("analysis") or {}
            self.syntax_errors += analysis.get("syntax_ok") is False
            self.unavailable_imports += bool(analysis.get("unavailable_imports"))
        metrics = record.get("metrics") or {}
        truncation = metrics.get("truncation") or {}
        self.truncated += bool(truncation.get("suspected") or parse.get("truncated"))
        evasion = metrics.get("evasion") or {}
        self.evasion_findings += bool(evasion.get("findings"))
        self.evasion_observations += bool(evasion.get("observations"))


@dataclass
class Summary:
    tables: dict[str, Table]
    records: int = 0
    statuses: dict[str, int] = field(default_factory=dict)
    outputs: dict[str, Outputs] = field(default_factory=dict)


def suite_score(suite: dict[str, Any] | None) -> float | None:
    """The pass ratio of one suite record, 0 when nothing passed, None when it did not run."""
    if suite is None:
        return None
    if suite.get("status") == "sandbox_error":
        return None
    ran = int(suite.get("passed", 0)) + int(suite.get("failed", 0)) + int(suite.get("errors", 0))
    return int(suite.get("passed", 0)) / ran if ran else 0.0


def aggregate(records: Iterable[dict[str, Any]]) -> Summary:
    tables = {m: Table(metric=m) for m in METRIC_TITLES}
    summary = Summary(tables=tables)
    for record in records:
        summary.outputs.setdefault(str(record.get("model")), Outputs()).add(record)
        if record.get("domain") != "coding":
            continue
        summary.records += 1
        execution = record.get("execution") or {}
        status = str(execution.get("status", "unknown"))
        summary.statuses[status] = summary.statuses.get(status, 0) + 1
        key = (str(record.get("model")), str(record.get("prompt_id")))
        applicable = record.get("applicable") or []
        executed = not str((record.get("provenance") or {}).get("runner", "")).startswith("none")
        for metric, table in tables.items():
            if metric not in applicable:
                continue
            if status == "not_run" or not executed:
                table.excluded_not_run += 1
                continue
            suite = execution.get(metric)
            if status == "sandbox_error":
                table.excluded_sandbox += 1
                continue
            score = suite_score(suite) if suite is not None else 0.0
            if score is None:
                table.excluded_sandbox += 1
                continue
            table.cells.setdefault(key, Cell()).add(score)
            table.models.setdefault(key[0], Cell()).add(score)
    return summary
