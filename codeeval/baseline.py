"""Baselines: a run's summary, small and diff-friendly, meant to be committed.

A baseline is ``baselines/<suite>/<timestamp>.json``: per model the headline figures, and per
model × prompt one line with each run's strict verdict and share of tests passed, so that a
later run can be compared sample by sample (see :mod:`codeeval.compare`). Runs are keyed by
their run number, which the samples tie to a sampling seed: run 1 of tonight is paired
with run 1 of the baseline.
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from pathlib import Path

from pydantic import ValidationError

from codeeval import __version__, atomic
from codeeval.errors import InputError, StoreError, UsageError
from codeeval.models import Frozen, first_error
from codeeval.report import Summary, Table

BASELINE_SCHEMA = 1
SUITE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")


class ModelFigures(Frozen):
    prompts: int
    samples: int
    strict_passes: int
    strict_rate: float
    pass_at_1: float
    mean_share: float
    sd_over_runs: float


class CellRuns(Frozen):
    """One model × prompt cell: per run, the strict verdict and the share of tests passed."""

    runs: tuple[int, ...]
    passed: tuple[bool, ...]
    share: tuple[float, ...]


class Baseline(Frozen):
    schema_version: int = BASELINE_SCHEMA
    suite: str
    created: str
    """UTC time of saving, ISO 8601."""
    codeeval_version: str
    source: str
    """The results directory the baseline was made from."""
    metric: str
    """The suite the figures are of (``reference``: hidden tests; ``own`` without them)."""
    models: dict[str, ModelFigures]
    cells: dict[str, dict[str, CellRuns]]
    """model → prompt → runs."""


def from_summary(
    summary: Summary, suite: str, source: str, now: datetime | None = None
) -> Baseline:
    table: Table = summary.headline
    models: dict[str, ModelFigures] = {}
    cells: dict[str, dict[str, CellRuns]] = {}
    for model in table.model_names:
        row = table.overall(model)
        if row is None:
            continue
        models[model] = ModelFigures(
            prompts=row.prompts,
            samples=row.samples,
            strict_passes=row.strict_passes,
            strict_rate=round(row.strict_rate, 4),
            pass_at_1=round(row.pass_at[1], 4),
            mean_share=round(row.mean, 4),
            sd_over_runs=round(row.sd_runs, 4),
        )
        for (m, prompt), cell in sorted(table.cells.items()):
            if m != model:
                continue
            runs = tuple(sorted(cell.scores))
            cells.setdefault(model, {})[prompt] = CellRuns(
                runs=runs,
                passed=tuple(cell.strict[r] for r in runs),
                share=tuple(round(cell.scores[r], 4) for r in runs),
            )
    stamp = (now or datetime.now(UTC)).replace(microsecond=0)
    return Baseline(
        suite=suite,
        created=stamp.isoformat().replace("+00:00", "Z"),
        codeeval_version=__version__,
        source=source,
        metric=table.metric,
        models=models,
        cells=cells,
    )


_FLAT_LIST = re.compile(r"\[\s*([^\[\]{}]*?)\s*\]", re.S)
_FLAT_OBJECT = re.compile(r"\{\s*([^\[\]{}]*(?:\[[^\[\]{}]*\][^\[\]{}]*)*?)\s*\}", re.S)


def dumps(baseline: Baseline) -> str:
    """Stable JSON: sorted keys, one line per cell and per model's figures."""
    text = json.dumps(baseline.model_dump(mode="json"), indent=2, sort_keys=True)
    text = _FLAT_LIST.sub(lambda m: "[" + " ".join(m.group(1).split()) + "]", text)
    text = _FLAT_OBJECT.sub(lambda m: "{" + " ".join(m.group(1).split()) + "}", text)
    return text + "\n"


def check_suite(name: str) -> str:
    if not SUITE_NAME.match(name):
        raise UsageError(
            f"suite name {name!r} is not usable as a directory name",
            hint="use letters, digits, '.', '_' and '-' (e.g. --suite nightly-coding)",
        )
    return name


def save(baseline: Baseline, root: Path) -> Path:
    """Write ``root/<suite>/<timestamp>.json``; never overwrites an existing baseline."""
    folder = root / check_suite(baseline.suite)
    stamp = baseline.created.replace(":", "").replace("-", "")
    path = folder / f"{stamp}.json"
    n = 1
    while path.exists():
        n += 1
        path = folder / f"{stamp}-{n}.json"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        atomic.write_text(path, dumps(baseline))
    except OSError as exc:
        raise StoreError(f"{path}: cannot write the baseline ({exc.strerror})") from exc
    return path


def read(path: Path) -> Baseline:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError(
            f"{path}: no such baseline", hint="list them under baselines/<suite>/"
        ) from None
    except (OSError, ValueError) as exc:
        raise InputError(f"{path}: not a readable baseline ({exc})") from exc
    version = data.get("schema_version") if isinstance(data, dict) else None
    if isinstance(version, int) and version > BASELINE_SCHEMA:
        raise InputError(
            f"{path}: baseline schema {version} is newer than this codeeval reads "
            f"({BASELINE_SCHEMA})",
            hint="upgrade codeeval, or compare with the version that saved it",
        )
    try:
        return Baseline.model_validate(data)
    except ValidationError as exc:
        where, msg = first_error(exc)
        raise InputError(f"{path}: not a valid baseline ({where}: {msg})") from None


def history(root: Path, suite: str) -> list[Path]:
    """The saved baselines of a suite, oldest first."""
    folder = root / check_suite(suite)
    if not folder.is_dir():
        return []

    def order(path: Path) -> tuple[str, int]:
        stamp, _, n = path.stem.partition("-")
        return (stamp, int(n) if n.isdigit() else 1)

    return sorted(folder.glob("*.json"), key=order)


def resolve(spec: str, root: Path, suite: str) -> Path:
    """``latest`` (the newest baseline of the suite) or a path to a baseline file."""
    if spec == "latest":
        saved = history(root, suite)
        if not saved:
            raise InputError(
                f"no baseline saved under {root / suite}",
                hint=f"save one first: codeeval report OUT --save --suite {suite}",
            )
        return saved[-1]
    return Path(spec)
