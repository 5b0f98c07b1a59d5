"""Rubrics as data: the 1–5 scale and its anchors, the prose, speech and coding rubrics and
the quality-judge composite, each a TOML file a team can edit.

The files shipped beside this module are the defaults; ``--rubrics DIR`` points every
command at edited copies (a directory holding ``scale.toml`` and one file per rubric).
The loader validates everything once and refuses a file with the file and key named.

Every score carries :attr:`Rubric.version_tag`: the rubric's declared ``version`` plus a
digest of the rubric file and the scale file, so an edit that forgets to bump the version
still changes the tag (and misses the judge cache, as it must).
"""

from __future__ import annotations

import hashlib
import math
import tomllib
from pathlib import Path
from typing import Literal

from pydantic import Field, ValidationError, model_validator

from codeeval.errors import RubricError
from codeeval.models import Frozen, first_error

ScaleKind = Literal["likert", "percent", "pass_fail"]
Suggester = Literal["test_run", "validity_suite", "hallucination_signals"]
RubricDomain = Literal["coding", "prose", "speech", "any"]

SHIPPED = Path(__file__).parent
SCALE_FILE = "scale.toml"
SIGNALS_FILE = "signals.toml"
PASS, FAIL = 1, 0


class Scale(Frozen):
    version: str
    min: int
    max: int
    anchors: dict[int, str]

    @model_validator(mode="after")
    def _complete(self) -> Scale:
        if self.min >= self.max:
            raise ValueError(f"min ({self.min}) must be below max ({self.max})")
        missing = [p for p in range(self.min, self.max + 1) if p not in self.anchors]
        if missing:
            raise ValueError(f"anchors: no anchor for {', '.join(map(str, missing))}")
        extra = [p for p in self.anchors if not self.min <= p <= self.max]
        if extra:
            raise ValueError(f"anchors: {', '.join(map(str, extra))} outside the scale")
        return self


class Cap(Frozen):
    """An upper bound on a criterion, applied to every score whoever gives it."""

    max: int
    reason: str
    own_statuses: tuple[str, ...] = Field(min_length=1)
    """Statuses of the model's own test suite that mean "the module fails its own tests"."""


class Criterion(Frozen):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str
    question: str
    low: str | None = None
    high: str | None = None
    scale: ScaleKind = "likert"
    anchors: dict[int, str] = Field(default_factory=dict)
    """Anchors of this criterion; the shared scale's anchors when empty."""
    cap: Cap | None = None
    suggested_by: Suggester | None = None
    bands: tuple[tuple[float, int], ...] = ()
    """Suggestions from a ratio: the first (lower bound, score) the ratio reaches."""
    blind_to_bugs_max: int | None = None
    signal_score: int | None = None
    gate: bool = False
    """A failing gate rejects at once; the other criteria are then not scored."""


class Composite(Frozen):
    production_ready: float
    needs_review: float
    escalate: tuple[float, float]
    weights: dict[str, float]

    @model_validator(mode="after")
    def _ordered(self) -> Composite:
        if not 0 <= self.needs_review <= self.production_ready <= 100:
            raise ValueError("thresholds must satisfy 0 ≤ needs_review ≤ production_ready ≤ 100")
        if self.escalate[0] > self.escalate[1]:
            raise ValueError("escalate: the band's lower end is above its upper end")
        if not math.isclose(sum(self.weights.values()), 1.0, abs_tol=1e-9):
            raise ValueError(f"weights add up to {sum(self.weights.values())}, not 1")
        return self


class Rubric(Frozen):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    domain: RubricDomain
    version: str
    title: str
    criteria: tuple[Criterion, ...] = Field(min_length=1)
    composite: Composite | None = None
    scale: Scale
    digest: str = ""

    @model_validator(mode="after")
    def _consistent(self) -> Rubric:
        ids = [c.id for c in self.criteria]
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        if dupes:
            raise ValueError(f"criteria: duplicate id {', '.join(dupes)}")
        for c in self.criteria:
            lo, hi = self.bounds(c)
            bad = [p for p in c.anchors if not lo <= p <= hi]
            if bad:
                raise ValueError(f"criterion {c.id}: anchors {bad} outside {lo}–{hi}")
            if c.scale == "likert" and c.anchors and set(c.anchors) != set(range(lo, hi + 1)):
                raise ValueError(f"criterion {c.id}: anchors must cover every point {lo}–{hi}")
            bounds = [b for b, _ in c.bands]
            if bounds != sorted(bounds, reverse=True) or (bounds and bounds[-1] != 0.0):
                raise ValueError(f"criterion {c.id}: bands must descend to a lower bound of 0")
            for n in [p for _, p in c.bands] + [c.blind_to_bugs_max, c.signal_score]:
                if n is not None and not lo <= n <= hi:
                    raise ValueError(f"criterion {c.id}: suggested score {n} outside {lo}–{hi}")
            if c.cap is not None and not lo <= c.cap.max < hi:
                raise ValueError(f"criterion {c.id}: cap {c.cap.max} must lie in {lo}–{hi - 1}")
        if self.composite is not None:
            unknown = sorted(set(self.composite.weights) - set(ids))
            if unknown:
                raise ValueError(f"composite.weights: unknown criteria {', '.join(unknown)}")
            unweighted = sorted(set(ids) - set(self.composite.weights))
            if unweighted:
                raise ValueError(f"composite.weights: no weight for {', '.join(unweighted)}")
        return self

    @property
    def version_tag(self) -> str:
        """``id/version+digest``: recorded with every score made under this rubric."""
        return f"{self.id}/{self.version}+{self.digest[:12]}"

    def criterion(self, criterion_id: str) -> Criterion:
        for c in self.criteria:
            if c.id == criterion_id:
                return c
        raise KeyError(criterion_id)

    def bounds(self, criterion: Criterion) -> tuple[int, int]:
        if criterion.scale == "percent":
            return 0, 100
        if criterion.scale == "pass_fail":
            return FAIL, PASS
        return self.scale.min, self.scale.max

    def anchors(self, criterion: Criterion) -> dict[int, str]:
        if criterion.anchors:
            return dict(sorted(criterion.anchors.items(), reverse=True))
        if criterion.scale == "likert":
            return dict(sorted(self.scale.anchors.items(), reverse=True))
        if criterion.scale == "pass_fail":
            return {PASS: "pass", FAIL: "fail"}
        return {}

    def points(self, criterion: Criterion, value: int) -> float:
        """A score on 0–100: 1–5 × 20, pass 100, fail 0, percent as it is."""
        if criterion.scale == "percent":
            return float(value)
        if criterion.scale == "pass_fail":
            return 100.0 if value == PASS else 0.0
        return value * 100.0 / self.scale.max


def _read(path: Path) -> tuple[dict[str, object], bytes]:
    try:
        raw = path.read_bytes()
        return tomllib.loads(raw.decode("utf-8")), raw
    except FileNotFoundError as exc:
        raise RubricError(f"{path}: no such rubric file") from exc
    except (OSError, UnicodeDecodeError) as exc:
        raise RubricError(f"{path}: cannot read ({exc})") from exc
    except tomllib.TOMLDecodeError as exc:
        raise RubricError(f"{path}: invalid TOML ({exc})") from exc


def _first_error(path: Path, exc: ValidationError) -> RubricError:
    where, msg = first_error(exc)
    msg = msg.removeprefix("Value error, ")
    return RubricError(f"{path}: {where + ': ' if where else ''}{msg}")


def load_scale(directory: Path | None = None) -> tuple[Scale, bytes]:
    path = (directory or SHIPPED) / SCALE_FILE
    data, raw = _read(path)
    try:
        return Scale.model_validate(data), raw
    except ValidationError as exc:
        raise _first_error(path, exc) from exc


def load_rubric(path: Path, scale: Scale, scale_raw: bytes) -> Rubric:
    data, raw = _read(path)
    digest = hashlib.sha256(raw + b"\0" + scale_raw).hexdigest()
    try:
        return Rubric.model_validate({**data, "scale": scale, "digest": digest})
    except ValidationError as exc:
        raise _first_error(path, exc) from exc


def load_rubrics(directory: Path | None = None) -> dict[str, Rubric]:
    """Every rubric of ``directory`` (the shipped ones when None), by id.

    Raises:
        RubricError: a file is missing, not TOML, or fails validation (named in the message).
    """
    root = directory or SHIPPED
    if not root.is_dir():
        raise RubricError(f"{root}: no such rubrics directory")
    scale, scale_raw = load_scale(root)
    rubrics: dict[str, Rubric] = {}
    for path in sorted(root.glob("*.toml")):
        if path.name in (SCALE_FILE, SIGNALS_FILE):
            continue
        rubric = load_rubric(path, scale, scale_raw)
        if rubric.id in rubrics:
            raise RubricError(f"{path}: rubric id {rubric.id!r} is used twice")
        rubrics[rubric.id] = rubric
    if not rubrics:
        raise RubricError(f"{root}: no rubric files")
    return rubrics


def rubric_for(rubrics: dict[str, Rubric], domain: str) -> Rubric:
    """The rubric of a prompt domain (``speech`` → the speech rubric, and so on)."""
    for rubric in rubrics.values():
        if rubric.domain == domain:
            return rubric
    raise RubricError(f"no rubric for domain {domain!r}", hint="add one to the rubrics directory")


class Signals(Frozen):
    version: str
    units: tuple[str, ...]
    cues: tuple[str, ...]
    no_import: tuple[str, ...]
    elsewhere: tuple[str, ...] = ()
    """``module.name`` pairs that exist on other platforms or only at run time."""


def load_signals(directory: Path | None = None) -> Signals:
    path = (directory or SHIPPED) / SIGNALS_FILE
    if directory is not None and not path.is_file():
        path = SHIPPED / SIGNALS_FILE
    data, _ = _read(path)
    try:
        return Signals.model_validate(data)
    except ValidationError as exc:
        raise _first_error(path, exc) from exc
