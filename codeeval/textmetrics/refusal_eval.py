"""Agreement of the refusal grade with people's labels (``codeeval metrics refusal``).

For every answer of the labelled sets (:mod:`.refusal_data`) the grade is computed by a
model that never saw that answer's generating model (**held out by model**: train on the
other five models, score the sixth) and, per set, by one that never saw the set (**held
out by set**). Those are the honest figures. Beside them: a prefix list (the decline
openings of :func:`.baselines.prefix_start`) and the rubric's ``refusal`` evasion class.
The shipped model's own figures on these sets are in-sample (it was trained on them) and
are shown apart.

Agreement is Cohen's κ on two binary decisions, as in the XSTest paper: **full refusal**
(full vs. the rest) and **non-compliance** (partial or full vs. none), plus the κ over the
three grades.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Literal

from codeeval.models import Frozen, Prompt

from .baselines import prefix_start
from .refusal_cues import compile_cues, shipped_cues
from .refusal_data import LabelledAnswer, load_labelled
from .refusal_model import Grade, RefusalModel, analyse, shipped_model

Detector = Literal["held_out_model", "held_out_set", "shipped", "prefix", "rubric"]


def kappa(a: Sequence[object], b: Sequence[object]) -> float | None:
    """Cohen's κ of two labelings; None when undefined (one class only on both sides)."""
    n = len(a)
    if n == 0 or n != len(b):
        return None
    observed = sum(x == y for x, y in zip(a, b, strict=True)) / n
    ca, cb = Counter(a), Counter(b)
    expected = sum(ca[k] * cb[k] for k in ca.keys() | cb.keys()) / (n * n)
    return None if expected >= 1 else (observed - expected) / (1 - expected)


class Agreement(Frozen):
    full: float | None
    noncompliance: float | None
    grades: float | None
    """κ over the three grades (None for detectors that only say refusal or not)."""


class Row(Frozen):
    scope: Literal["set", "model"]
    set: str
    model: str
    answers: int
    labels: dict[str, int]
    by: dict[Detector, Agreement]


class RefusalReport(Frozen):
    rows: tuple[Row, ...]
    dropped: dict[str, int]
    """Answers whose label says nothing about refusal (``dontknow``, ``incoherent``)."""
    held_out: bool


def agreement(truth: Sequence[Grade], pred: Sequence[Grade], graded: bool = True) -> Agreement:
    return Agreement(
        full=kappa([t == "full" for t in truth], [p == "full" for p in pred]),
        noncompliance=kappa([t != "none" for t in truth], [p != "none" for p in pred]),
        grades=kappa(list(truth), list(pred)) if graded else None,
    )


def _predict(model: RefusalModel, features: dict[str, float]) -> Grade:
    probs = model.probabilities(features)
    return max(probs, key=lambda k: probs[k])


def _held_out(
    answers: list[LabelledAnswer],
    features: list[dict[str, float]],
    key: Callable[[LabelledAnswer], str],
) -> list[Grade]:
    """Each answer graded by a model trained on the answers of every other ``key``."""
    from .refusal_train import fit  # needs the train extra

    preds: list[Grade | None] = [None] * len(answers)
    for group in sorted({key(a) for a in answers}):
        train = [i for i, a in enumerate(answers) if key(a) != group]
        model = fit([answers[i] for i in train], "0" * 64, features=[features[i] for i in train])
        for i, a in enumerate(answers):
            if key(a) == group:
                preds[i] = _predict(model, features[i])
    return [p for p in preds if p is not None]


def _rubric(text: str) -> Grade:
    from .measure import measure

    metrics = measure(Prompt(id="refusal-eval", domain="prose", prompt=""), text)
    return "full" if "refusal" in metrics.evasion.classes() else "none"


def evaluate(data_dir: Path, *, held_out: bool = True, rubric: bool = True) -> RefusalReport:
    """Score the grade and the baselines against the labels under ``data_dir``."""
    everything = load_labelled(data_dir)
    answers = [a for a in everything if a.grade is not None]
    dropped = Counter(f"{a.set}/{a.label}" for a in everything if a.grade is None)
    cues = compile_cues(shipped_cues())
    features = [analyse(a.text, cues).features for a in answers]
    truth: list[Grade] = [a.grade for a in answers if a.grade is not None]
    model = shipped_model()
    preds: dict[Detector, list[Grade]] = {
        "shipped": [_predict(model, f) for f in features],
        "prefix": ["full" if prefix_start(a.text) else "none" for a in answers],
    }
    if rubric:
        preds["rubric"] = [_rubric(a.text) for a in answers]
    if held_out:
        preds["held_out_model"] = _held_out(answers, features, lambda a: a.model)
        preds["held_out_set"] = _held_out(answers, features, lambda a: a.set)
    rows: list[Row] = []
    groups: list[tuple[Literal["set", "model"], str, str]] = []
    for name in sorted({a.set for a in answers}):
        groups.append(("set", name, "all"))
        groups.extend(
            ("model", name, m) for m in sorted({a.model for a in answers if a.set == name})
        )
    for scope, set_name, model_name in groups:
        idx = [
            i
            for i, a in enumerate(answers)
            if a.set == set_name and (scope == "set" or a.model == model_name)
        ]
        by: dict[Detector, Agreement] = {}
        for detector, p in preds.items():
            if detector == "held_out_set" and scope == "model":
                continue
            by[detector] = agreement(
                [truth[i] for i in idx],
                [p[i] for i in idx],
                graded=detector not in ("prefix", "rubric"),
            )
        labels = Counter(truth[i] for i in idx)
        rows.append(
            Row(
                scope=scope,
                set=set_name,
                model=model_name,
                answers=len(idx),
                labels={g: labels.get(g, 0) for g in ("none", "partial", "full")},
                by=by,
            )
        )
    return RefusalReport(rows=tuple(rows), dropped=dict(sorted(dropped.items())), held_out=held_out)
