"""Aggregate result records into per-model pass-rate tables. Pure; streams its input.

Two numbers per sample and suite:

* the **share of tests passed**, ``passed / (passed + failed + errors)``;
* the **strict pass**: the suite's status is ``passed`` (every test ran and passed).

Outcomes with no passing evidence (timeout, oom, no results, rejected results, collection
error, no tests, and outputs with no runnable code) score 0 and are no strict pass: the
model did not deliver working code. Some records are *excluded* and counted apart,
because they say nothing about the model: sandbox errors (infrastructure), records that
were not executed (``--no-exec``), and — in the own-tests and test-validity tables only —
answers without tests (``untested``: there is nothing to score, which is not 0) and
tests importing names the reference solution does not define (``api_mismatch``).

Per (model, prompt) cell with ``n`` runs and ``c`` strict passes, **pass@k** is the
unbiased estimator of Chen et al. (2021), ``1 - C(n-c, k) / C(n, k)``; a model's pass@k is
its mean over prompts. The **strict pass rate** is ``c / n`` pooled over the model's
samples. The "all prompts" figure of the share of tests passed is the mean over prompts of
each prompt's mean (every prompt weighs the same), and its spread is the standard
deviation *over runs* of the per-run mean over prompts: run-to-run noise, not prompt
difficulty.

:func:`load` is the one reader of results for every command.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from codeeval.errors import InputError
from codeeval.models import SuiteName, SuiteResult
from codeeval.record import Result
from codeeval.store import RESULTS, BadLine, read_results

Metric = SuiteName
METRICS: tuple[Metric, ...] = ("reference", "own", "own_vs_reference")
METRIC_TITLES: dict[str, str] = {
    "reference": "hidden reference tests against the model's module (correctness)",
    "own": "the model's own tests against its module",
    "own_vs_reference": "the model's own tests against the reference solution (test validity)",
}
MIN_RUNS = 2
"""Fewer runs per (model, prompt) cell than this is a warning on every table showing it."""


# ---------------------------------------------------------------- reading


class Results:
    """The records of ``OUT/results.jsonl``, typed and filtered; iterable more than once.

    Streams on every iteration (memory does not grow with the file). Lines that are no
    valid record are skipped and kept in :attr:`bad_lines` with their line numbers.
    """

    def __init__(
        self,
        out: Path,
        models: Sequence[str] = (),
        prompts: Sequence[str] = (),
    ) -> None:
        self.out = out
        self.path = out / RESULTS
        self.models = frozenset(models)
        self.prompts = frozenset(prompts)
        self.bad_lines: list[BadLine] = []
        self.total = 0
        """Valid records read in the last full iteration, before the filters."""

    def __iter__(self) -> Iterator[Result]:
        bad: list[BadLine] = []
        total = 0
        for item in read_results(self.path):
            if isinstance(item, BadLine):
                bad.append(item)
                continue
            total += 1
            if self.models and item.model not in self.models:
                continue
            if self.prompts and item.prompt_id not in self.prompts:
                continue
            yield item
        self.bad_lines = bad
        self.total = total


def load(out: Path, models: Sequence[str] = (), prompts: Sequence[str] = ()) -> Results:
    """The results of an earlier run, for every command that reads them.

    Args:
        out: the results directory (``--out`` of ``codeeval run``), or the results file.
        models: keep only these models (all when empty).
        prompts: keep only these prompt ids (all when empty).

    Raises:
        InputError: there is no results file.
    """
    if out.is_file():
        out = out.parent
    path = out / RESULTS
    if not path.is_file():
        raise InputError(f"{path}: no results file", hint="run `codeeval run` first")
    return Results(out, models, prompts)


# ---------------------------------------------------------------- statistics


def pass_at_k(n: int, c: int, k: int) -> float:
    """Unbiased pass@k from ``n`` samples with ``c`` passes (Chen et al., 2021)."""
    if not 0 < k <= n:
        raise ValueError(f"pass@{k} needs 1 ≤ k ≤ n (n = {n})")
    if n - c < k:
        return 1.0
    return 1.0 - math.comb(n - c, k) / math.comb(n, k)


def mean(values: Iterable[float]) -> float:
    items = list(values)
    return sum(items) / len(items) if items else math.nan


def sd(values: Iterable[float]) -> float:
    """Sample standard deviation (0 for fewer than two values)."""
    items = list(values)
    if len(items) < 2:
        return 0.0
    m = sum(items) / len(items)
    return math.sqrt(sum((x - m) ** 2 for x in items) / (len(items) - 1))


@dataclass
class Cell:
    """One (model, prompt) cell of one suite: each run's share of tests passed and verdict."""

    scores: dict[int, float] = field(default_factory=dict)
    strict: dict[int, bool] = field(default_factory=dict)

    def add(self, run: int, score: float, strict: bool) -> None:
        self.scores[run] = score
        self.strict[run] = strict

    @property
    def n(self) -> int:
        return len(self.scores)

    @property
    def passes(self) -> int:
        return sum(self.strict.values())

    @property
    def mean(self) -> float:
        return mean(self.scores.values())

    @property
    def sd(self) -> float:
        return sd(self.scores.values())

    @property
    def strict_rate(self) -> float:
        return self.passes / self.n if self.n else math.nan

    def pass_at(self, k: int) -> float | None:
        return pass_at_k(self.n, self.passes, k) if 0 < k <= self.n else None


@dataclass(frozen=True)
class Overall:
    """A model over all prompts of one suite (the "all prompts" row)."""

    prompts: int
    samples: int
    runs: int
    """Distinct run numbers seen (the n of the spread)."""
    mean: float
    """Mean over prompts of each prompt's mean share of tests passed."""
    sd_runs: float
    """Standard deviation over runs of the per-run mean over prompts."""
    strict_passes: int
    strict_rate: float
    pass_at: dict[int, float]
    min_runs: int
    """The fewest runs of any of the model's cells."""


@dataclass
class Table:
    metric: str
    cells: dict[tuple[str, str], Cell] = field(default_factory=dict)
    excluded_sandbox: int = 0
    excluded_not_run: int = 0
    excluded_untested: int = 0
    """Answers without tests (own-tests and validity tables): n/a, not 0."""
    excluded_api_mismatch: int = 0
    """Tests importing names the reference solution lacks (validity table): n/a."""
    excluded_unsupported: int = 0
    """Hidden-test suites the isolation proxy could not run faithfully."""

    @property
    def excluded(self) -> int:
        return (
            self.excluded_sandbox
            + self.excluded_not_run
            + self.excluded_untested
            + self.excluded_api_mismatch
            + self.excluded_unsupported
        )

    @property
    def model_names(self) -> list[str]:
        return sorted({m for m, _ in self.cells})

    @property
    def prompt_ids(self) -> list[str]:
        return sorted({p for _, p in self.cells})

    @property
    def ks(self) -> list[int]:
        """The k of pass@k every cell supports: 1, and the fewest runs of any cell if more."""
        if not self.cells:
            return []
        fewest = min(c.n for c in self.cells.values())
        return sorted({1, *(k for k in (fewest, 5, 10) if 1 < k <= fewest)})

    @property
    def thin_cells(self) -> list[tuple[str, str]]:
        """Cells with fewer than :data:`MIN_RUNS` runs."""
        return sorted(key for key, cell in self.cells.items() if cell.n < MIN_RUNS)

    def overall(self, model: str) -> Overall | None:
        cells = {p: c for (m, p), c in self.cells.items() if m == model}
        if not cells:
            return None
        per_run: dict[int, list[float]] = {}
        for cell in cells.values():
            for run, score in cell.scores.items():
                per_run.setdefault(run, []).append(score)
        samples = sum(c.n for c in cells.values())
        passes = sum(c.passes for c in cells.values())
        return Overall(
            prompts=len(cells),
            samples=samples,
            runs=len(per_run),
            mean=mean(c.mean for c in cells.values()),
            sd_runs=sd(mean(v) for v in per_run.values()),
            strict_passes=passes,
            strict_rate=passes / samples,
            pass_at={k: mean(c.pass_at(k) or 0.0 for c in cells.values()) for k in self.ks},
            min_runs=min(c.n for c in cells.values()),
        )


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
    words: int = 0
    metrics_errors: int = 0
    refusals_full: int = 0
    refusals_partial: int = 0
    with_target: int = 0
    """Samples whose prompt asks for a length."""
    off_target: int = 0
    """Of those, samples outside the asked-for range."""
    abs_deviation_pct: float = 0.0

    def add(self, record: Result) -> None:
        self.samples += 1
        parse = record.parse
        if record.domain == "coding":
            self.coding += 1
            if parse is not None:
                self.parsed += parse.status == "ok"
                if parse.analysis is not None:
                    self.syntax_errors += not parse.analysis.syntax_ok
                    self.unavailable_imports += bool(parse.analysis.unavailable_imports)
        metrics = record.metrics
        truncated = bool(parse and parse.truncated)
        if metrics is None or metrics.status == "error":
            self.metrics_errors += 1
        else:
            self.words += metrics.words
            if metrics.refusal is not None:
                self.refusals_full += metrics.refusal.grade == "full"
                self.refusals_partial += metrics.refusal.grade == "partial"
            if metrics.target is not None and metrics.deviation_words is not None:
                self.with_target += 1
                self.off_target += metrics.deviation_words != 0
                self.abs_deviation_pct += abs(metrics.deviation_pct or 0.0)
            truncated = truncated or metrics.truncation.suspected
            self.evasion_findings += bool(metrics.evasion.findings)
            self.evasion_observations += bool(metrics.evasion.observations)
        self.truncated += truncated

    @property
    def mean_abs_deviation_pct(self) -> float:
        return self.abs_deviation_pct / self.with_target if self.with_target else math.nan

    @property
    def mean_words(self) -> float:
        measured = self.samples - self.metrics_errors
        return self.words / measured if measured else math.nan


@dataclass
class Summary:
    tables: dict[str, Table]
    records: int = 0
    """Coding records."""
    statuses: dict[str, int] = field(default_factory=dict)
    model_statuses: dict[str, dict[str, int]] = field(default_factory=dict)
    outputs: dict[str, Outputs] = field(default_factory=dict)

    @property
    def models(self) -> list[str]:
        return sorted(self.outputs)

    @property
    def headline(self) -> Table:
        """The table to decide on: hidden tests when any ran, else the model's own tests."""
        reference = self.tables["reference"]
        return reference if reference.cells else self.tables["own"]


def suite_score(suite: SuiteResult | None) -> float | None:
    """The pass ratio of one suite, 0 when nothing passed, None when it did not run."""
    if suite is None or suite.status in ("sandbox_error", "isolation_unsupported"):
        return None
    ran = suite.passed + suite.failed + suite.errors
    return suite.passed / ran if ran else 0.0


def aggregate(records: Iterable[Result]) -> Summary:
    tables: dict[str, Table] = {m: Table(metric=m) for m in METRICS}
    summary = Summary(tables=tables)
    for record in records:
        summary.outputs.setdefault(record.model, Outputs()).add(record)
        if record.domain != "coding":
            continue
        summary.records += 1
        status = record.execution.status
        summary.statuses[status] = summary.statuses.get(status, 0) + 1
        per_model = summary.model_statuses.setdefault(record.model, {})
        per_model[status] = per_model.get(status, 0) + 1
        key = (record.model, record.prompt_id)
        for metric in record.applicable:
            table = tables[metric]
            if not record.executed:
                table.excluded_not_run += 1
                continue
            if status == "sandbox_error":
                table.excluded_sandbox += 1
                continue
            suite = record.suite(metric)
            if suite is not None and suite.status == "untested":
                table.excluded_untested += 1
                continue
            if suite is not None and suite.status == "api_mismatch":
                table.excluded_api_mismatch += 1
                continue
            if suite is not None and suite.status == "isolation_unsupported":
                table.excluded_unsupported += 1
                continue
            score = suite_score(suite) if suite is not None else 0.0
            if score is None:
                table.excluded_sandbox += 1
                continue
            strict = suite is not None and suite.status == "passed"
            table.cells.setdefault(key, Cell()).add(record.run, score, strict)
    return summary


def find(results: Results, model: str, prompt: str, run: int) -> Result:
    """The record of one sample.

    Raises:
        InputError: no such sample; the hint names what the results do hold.
    """
    models: set[str] = set()
    prompts: set[str] = set()
    runs: set[int] = set()
    for record in results:
        if (record.model, record.prompt_id, record.run) == (model, prompt, run):
            return record
        models.add(record.model)
        if record.model == model:
            prompts.add(record.prompt_id)
            if record.prompt_id == prompt:
                runs.add(record.run)
    if model not in models:
        hint = "models: " + ", ".join(sorted(models)[:20])
    elif prompt not in prompts:
        hint = f"prompts of {model}: " + ", ".join(sorted(prompts)[:30])
    else:
        hint = f"runs of {model}/{prompt}: " + ", ".join(map(str, sorted(runs)))
    raise InputError(f"{results.path}: no sample {model}/{prompt}/run{run}", hint=hint)
