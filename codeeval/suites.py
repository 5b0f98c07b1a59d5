"""Suites: named sets of cases with ground truth, a scoring kind and gates.

A suite file (TOML, under ``suites/``) names its cases, what predicts them, how they are
scored and the thresholds a run must meet::

    name = "evasion-gold"
    kind = "binary"                 # or "label-set"
    predictor = "evasion"           # evasion | refusal | verdicts
    cases = "../codeeval/data/evasion_gold.jsonl"   # relative to the suite file
    [gates]
    recall = 0.9                    # precision | recall | f1 | accuracy | tp | fp | fn | tn …
    max_fp = 0                      # max_<count> caps a count ("zero invented evidence")

**binary**: one yes/no per case → TP/FP/TN/FN, precision, recall, F1, accuracy.
**label-set**: a set of expected labels per case, scored as retrieval and summed over all
cases: TP = predicted ∩ expected, FP = predicted − expected, FN = expected − predicted.

Predictors:

* ``evasion`` — the text metrics' evasion classes on a labelled evasion set (the gold-set
  format of :mod:`codeeval.textmetrics.gold`); binary = any evasion, label-set = the classes;
* ``refusal`` — the text metrics' refusal grade on human-labelled real answers (``label``
  field; ``positive_labels`` says which labels are refusals, ``predicted_grades`` which
  grades count as predicting one, ``["full"]`` by default);
* ``verdicts`` — codeeval's own verdicts (a results directory, ``--results``) against the
  documented expected outcome of each sample (``expected.json``: ``reference`` ==
  ``passed`` is the positive class).

A gate that fails makes ``codeeval suite`` exit 13 and say which.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from pydantic import Field, ValidationError

from codeeval.errors import InputError, UsageError
from codeeval.models import Frozen, Prompt, first_error

Kind = Literal["binary", "label-set"]
Predictor = Literal["evasion", "refusal", "verdicts"]
METRICS = ("precision", "recall", "f1", "accuracy")
COUNTS = ("tp", "fp", "tn", "fn")


class SuiteSpec(Frozen):
    name: str
    kind: Kind
    predictor: Predictor
    cases: str
    description: str = ""
    positive_labels: tuple[str, ...] = ()
    predicted_grades: tuple[Literal["partial", "full"], ...] = ("full",)
    """refusal suites: the refusal grades that count as a predicted refusal."""
    split: Literal["all", "dev", "test"] = "all"
    gates: dict[str, float] = Field(default_factory=dict)
    path: str = ""

    def gate_problems(self) -> list[str]:
        known = {*METRICS, *(f"max_{c}" for c in COUNTS), *(f"min_{c}" for c in COUNTS)}
        return [g for g in self.gates if g not in known]


@dataclass
class Score:
    tp: int = 0
    fp: int = 0
    tn: int = 0
    fn: int = 0
    cases: int = 0

    @staticmethod
    def _ratio(num: int, den: int) -> float | None:
        return num / den if den else None

    @property
    def precision(self) -> float | None:
        return self._ratio(self.tp, self.tp + self.fp)

    @property
    def recall(self) -> float | None:
        return self._ratio(self.tp, self.tp + self.fn)

    @property
    def f1(self) -> float | None:
        p, r = self.precision, self.recall
        if p is None or r is None or p + r == 0:
            return None if p is None or r is None else 0.0
        return 2 * p * r / (p + r)

    @property
    def accuracy(self) -> float | None:
        """Binary suites only (label-set scoring has no true negatives)."""
        return self._ratio(self.tp + self.tn, self.tp + self.tn + self.fp + self.fn)

    def value(self, name: str) -> float | None:
        if name in COUNTS:
            return float(getattr(self, name))
        result: float | None = getattr(self, name)
        return result


def score_binary(gold: Iterable[bool], predicted: Iterable[bool]) -> Score:
    score = Score()
    for g, p in zip(gold, predicted, strict=True):
        score.cases += 1
        if g and p:
            score.tp += 1
        elif p:
            score.fp += 1
        elif g:
            score.fn += 1
        else:
            score.tn += 1
    return score


def score_label_sets(gold: Iterable[frozenset[str]], predicted: Iterable[frozenset[str]]) -> Score:
    score = Score()
    for g, p in zip(gold, predicted, strict=True):
        score.cases += 1
        score.tp += len(g & p)
        score.fp += len(p - g)
        score.fn += len(g - p)
        score.tn += not g and not p
    return score


@dataclass
class GateResult:
    gate: str
    threshold: float
    value: float | None
    passed: bool


@dataclass
class SuiteResult:
    spec: SuiteSpec
    score: Score
    gates: list[GateResult] = field(default_factory=list)
    note: str = ""

    @property
    def passed(self) -> bool:
        return all(g.passed for g in self.gates)


def check_gates(spec: SuiteSpec, score: Score) -> list[GateResult]:
    out = []
    for gate, threshold in sorted(spec.gates.items()):
        if gate.startswith("max_"):
            value = score.value(gate[4:])
            ok = value is not None and value <= threshold
        elif gate.startswith("min_"):
            value = score.value(gate[4:])
            ok = value is not None and value >= threshold
        else:
            value = score.value(gate)
            ok = value is not None and value >= threshold
        out.append(GateResult(gate, threshold, value, ok))
    return out


def load_spec(path: Path) -> SuiteSpec:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        spec = SuiteSpec.model_validate({**data, "path": str(path)})
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise InputError(f"{path}: not a readable suite file ({exc})") from exc
    except ValidationError as exc:
        where, msg = first_error(exc)
        raise InputError(f"{path}: invalid suite ({where}: {msg})") from None
    if unknown := spec.gate_problems():
        raise InputError(
            f"{path}: unknown gates {unknown}",
            hint="gates: precision, recall, f1, accuracy, max_<count>, min_<count> "
            "(count: tp, fp, tn, fn)",
        )
    return spec


def discover(folder: Path) -> dict[str, Path]:
    found: dict[str, Path] = {}
    for path in sorted(folder.glob("*.toml")):
        found[load_spec(path).name] = path
    return found


def _jsonl(path: Path) -> list[dict[str, object]]:
    try:
        with path.open(encoding="utf-8") as fh:
            return [json.loads(line) for line in fh if line.strip()]
    except FileNotFoundError:
        raise InputError(f"{path}: the suite's cases are missing") from None
    except (OSError, ValueError) as exc:
        raise InputError(f"{path}: unreadable cases ({exc})") from exc


def _evasion(spec: SuiteSpec, cases: Path) -> Score:
    from codeeval.textmetrics.gold import detected_classes, load_gold

    chosen = [c for c in load_gold(cases) if spec.split in ("all", c.split)]
    predicted = [detected_classes(c) for c in chosen]
    expected = [frozenset(c.classes) for c in chosen]
    if spec.kind == "binary":
        return score_binary((bool(e) for e in expected), (bool(p) for p in predicted))
    return score_label_sets(
        (frozenset(map(str, e)) for e in expected), (frozenset(map(str, p)) for p in predicted)
    )


def _refusal(spec: SuiteSpec, cases: Path) -> Score:
    from codeeval.textmetrics import measure

    if spec.kind != "binary" or not spec.positive_labels:
        raise InputError(
            f"{spec.path}: a refusal suite is binary and names its positive_labels",
            hint='e.g. positive_labels = ["2_full_refusal"]',
        )
    gold, predicted = [], []
    for row in _jsonl(cases):
        prompt = Prompt(id=str(row.get("id", "")), domain="prose", prompt=str(row["prompt"]))
        metrics = measure(prompt, str(row["text"]))
        gold.append(str(row["label"]) in spec.positive_labels)
        if metrics.refusal is not None:
            predicted.append(metrics.refusal.grade in spec.predicted_grades)
        else:  # a codeeval without the refusal grade: the evasion class
            predicted.append("refusal" in metrics.evasion.classes())
    return score_binary(gold, predicted)


def _verdicts(spec: SuiteSpec, cases: Path, results: Path | None) -> Score:
    from codeeval.report import load

    if results is None:
        raise UsageError(
            f"suite {spec.name} scores codeeval's verdicts and needs a results directory",
            hint=f"codeeval suite {spec.name} --results OUT (after codeeval run … --out OUT)",
        )
    try:
        expected = json.loads(cases.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise InputError(f"{cases}: unreadable expected outcomes ({exc})") from exc
    got = {
        f"{r.model}/{r.prompt_id}/run{r.run}": r.execution.status
        for r in load(results)
        if r.executed
    }
    keys = sorted(k for k in expected if k in got)
    if not keys:
        raise InputError(f"{results}: no executed record matches {cases}")
    if spec.kind == "binary":
        return score_binary(
            (expected[k].get("reference") == "passed" for k in keys),
            (got[k] == "passed" for k in keys),
        )
    return score_label_sets(
        (frozenset({str(expected[k].get("reference"))}) for k in keys),
        (frozenset({got[k]}) for k in keys),
    )


def run_suite(spec: SuiteSpec, results: Path | None = None) -> SuiteResult:
    cases = (Path(spec.path).parent / spec.cases).resolve()
    scorers: dict[str, Callable[[], Score]] = {
        "evasion": lambda: _evasion(spec, cases),
        "refusal": lambda: _refusal(spec, cases),
        "verdicts": lambda: _verdicts(spec, cases, results),
    }
    score = scorers[spec.predictor]()
    return SuiteResult(spec=spec, score=score, gates=check_gates(spec, score))


def run_suites(
    folder: Path, names: Iterable[str] = (), results: Path | None = None
) -> list[SuiteResult]:
    """Score the named suites (all of the folder's when none are named), one by one."""
    available = discover(folder)
    chosen = list(names) or sorted(available)
    unknown = [n for n in chosen if n not in available]
    if unknown:
        raise UsageError(
            f"no suite named {', '.join(unknown)} in {folder}",
            hint="suites: " + ", ".join(sorted(available)),
        )
    out = []
    for name in chosen:
        spec = load_spec(available[name])
        if spec.predictor == "verdicts" and results is None and not names:
            out.append(SuiteResult(spec, Score(), note="skipped: needs --results OUT"))
            continue
        cases = Path(spec.path).parent / spec.cases
        if not cases.exists() and not names:
            out.append(SuiteResult(spec, Score(), note=f"skipped: no {cases}"))
            continue
        out.append(run_suite(spec, results))
    return out
