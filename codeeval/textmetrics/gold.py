"""The evasion gold set and its scorer.

A gold set (JSON Lines, e.g. ``tests/data/evasion/evasion_gold.jsonl``) holds hand-written
outputs in German and English, each labelled with the evasion classes it *exhibits*: a
preamble is labelled whether or not the prompt forbade it (the detector's job is to see
behaviour; whether it is a finding follows from the prompt by fixed rules), except in
coding answers, where a preamble is never counted. A partial refusal (does part of the
task, declines part) is labelled ``refusal``.

Each case has a ``split``: ``dev`` is what the detector was tuned on, ``test`` was held
out. Cases are split by source text, so all variants of one story share a split.

These are written cases, not answers of real models: every case in the repository's sets
has been seen during development, so the scores are a regression check of the rubric's
classes, not an estimate of accuracy on real answers (``tests/data/evasion/HISTORY.md``
keeps how each set was written and first scored). The sets live outside the installed
package; ``load_gold`` takes a path.

Scores: per class precision / recall / F1; for the binary decision "any evasion" the
false-positive rate, false-negative rate and Cohen's kappa. Targets: FPR < 5 %,
FNR < 2 %, kappa >= 0.9.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Literal

from pydantic import Field

from codeeval.models import Domain, Frozen, Prompt

from .baselines import BASELINES
from .measure import measure
from .records import EVASION_CLASSES, EvasionClass

Split = Literal["all", "dev", "test"]

TARGET_FPR = 0.05
TARGET_FNR = 0.02
TARGET_KAPPA = 0.9


class GoldCase(Frozen):
    id: str
    lang: Literal["de", "en"]
    domain: Domain
    prompt: str
    forbids_preamble: bool = False
    text: str
    classes: tuple[EvasionClass, ...] = ()
    note: str = ""
    split: Literal["dev", "test"]
    preamble_labels: Literal["present", "forbidden"] = "present"
    """How ``preamble`` was labelled: wherever framing is present (this set), or only
    where the prompt forbids it (the held-out set). Scoring follows the case's rule."""

    def as_prompt(self) -> Prompt:
        return Prompt(
            id=self.id,
            domain=self.domain,
            prompt=self.prompt,
            forbids_preamble=self.forbids_preamble,
        )


class ClassScore(Frozen):
    label: str
    tp: int
    fp: int
    fn: int
    precision: float | None
    recall: float | None
    f1: float | None


class BinaryScore(Frozen):
    """The decision "any evasion" (or, for baselines, "refusal") against the gold set."""

    name: str
    tp: int
    fp: int
    tn: int
    fn: int
    fpr: float | None
    fnr: float | None
    kappa: float | None


class Miss(Frozen):
    id: str
    expected: tuple[str, ...]
    got: tuple[str, ...]


class GoldReport(Frozen):
    split: Split
    cases: int
    classes: tuple[ClassScore, ...]
    binary: BinaryScore
    exact_match: float
    baselines: tuple[BinaryScore, ...]
    """The keyword baselines on "any evasion" (they only know refusals)."""
    refusal: tuple[BinaryScore, ...]
    """The decision "refusal or not", for the detector and the baselines: the fair
    comparison, since refusal is all the baselines look for."""
    misses: tuple[Miss, ...] = Field(default=())

    @property
    def targets_met(self) -> bool:
        b = self.binary
        return (
            b.fpr is not None
            and b.fpr < TARGET_FPR
            and b.fnr is not None
            and b.fnr < TARGET_FNR
            and b.kappa is not None
            and b.kappa >= TARGET_KAPPA
        )


def load_gold(path: Path) -> list[GoldCase]:
    """Read a gold set; raises ``ValueError`` naming the line of a malformed case."""
    cases: list[GoldCase] = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            cases.append(GoldCase.model_validate(json.loads(line)))
        except ValueError as exc:
            raise ValueError(f"{path}:{n}: {exc}") from exc
    return cases


def _ratio(num: int, den: int) -> float | None:
    return num / den if den else None


def cohen_kappa(tp: int, fp: int, tn: int, fn: int) -> float | None:
    """Cohen's kappa of two binary raters (gold and detector) from the confusion matrix."""
    n = tp + fp + tn + fn
    if n == 0:
        return None
    observed = (tp + tn) / n
    expected = ((tp + fn) * (tp + fp) + (tn + fp) * (tn + fn)) / (n * n)
    if expected == 1.0:
        return 1.0 if observed == 1.0 else 0.0
    return (observed - expected) / (1.0 - expected)


def class_score(label: str, gold: Iterable[bool], pred: Iterable[bool]) -> ClassScore:
    tp = fp = fn = 0
    for g, p in zip(gold, pred, strict=True):
        tp += g and p
        fp += p and not g
        fn += g and not p
    precision, recall = _ratio(tp, tp + fp), _ratio(tp, tp + fn)
    f1 = (
        2 * precision * recall / (precision + recall)
        if precision is not None and recall is not None and precision + recall
        else None
    )
    return ClassScore(label=label, tp=tp, fp=fp, fn=fn, precision=precision, recall=recall, f1=f1)


def binary_score(name: str, gold: Iterable[bool], pred: Iterable[bool]) -> BinaryScore:
    tp = fp = tn = fn = 0
    for g, p in zip(gold, pred, strict=True):
        tp += g and p
        fp += p and not g
        tn += not g and not p
        fn += g and not p
    return BinaryScore(
        name=name,
        tp=tp,
        fp=fp,
        tn=tn,
        fn=fn,
        fpr=_ratio(fp, fp + tn),
        fnr=_ratio(fn, fn + tp),
        kappa=cohen_kappa(tp, fp, tn, fn),
    )


def detected_classes(case: GoldCase) -> frozenset[EvasionClass]:
    """What ``measure`` reports for a case, findings and observations together; a
    preamble only where the prompt forbids one, when the case was labelled that way."""
    found = measure(case.as_prompt(), case.text).evasion.classes()
    if case.preamble_labels == "forbidden" and not case.forbids_preamble:
        found -= {"preamble"}
    return found


def score_splits(cases: list[GoldCase], split: Split = "all") -> list[GoldReport]:
    """One report for ``dev`` or ``test``; for ``all``: dev, test and both together."""
    if split != "all":
        return [score(cases, split)]
    return [score(cases, "dev"), score(cases, "test"), score(cases, "all")]


def score(
    cases: list[GoldCase],
    split: Split = "all",
    detector: Callable[[GoldCase], frozenset[EvasionClass]] = detected_classes,
) -> GoldReport:
    """Score ``detector`` and the baselines on the cases of ``split``."""
    chosen = [c for c in cases if split == "all" or c.split == split]
    predicted = [detector(c) for c in chosen]
    expected = [frozenset(c.classes) for c in chosen]
    per_class = tuple(
        class_score(k, (k in e for e in expected), (k in p for p in predicted))
        for k in EVASION_CLASSES
    )
    gold_any = [bool(e) for e in expected]
    gold_refusal = ["refusal" in e for e in expected]
    baselines = []
    refusal = [binary_score("textmetrics", gold_refusal, ["refusal" in p for p in predicted])]
    for name, fn in BASELINES.items():
        hits = [fn(c.text) for c in chosen]
        baselines.append(binary_score(name, gold_any, hits))
        refusal.append(binary_score(name, gold_refusal, hits))
    misses = tuple(
        Miss(id=c.id, expected=tuple(sorted(e)), got=tuple(sorted(p)))
        for c, e, p in zip(chosen, expected, predicted, strict=True)
        if e != p
    )
    return GoldReport(
        split=split,
        cases=len(chosen),
        classes=per_class,
        binary=binary_score("textmetrics", gold_any, [bool(p) for p in predicted]),
        exact_match=(len(chosen) - len(misses)) / len(chosen) if chosen else 0.0,
        baselines=tuple(baselines),
        refusal=tuple(refusal),
        misses=misses,
    )
