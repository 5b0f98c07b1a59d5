"""Agreement of the refusal grade with people's labels (``codeeval metrics refusal``).

For every answer of the labelled sets (:mod:`.refusal_data`) the grade is computed by a
model that never saw that answer's generating model (**held out by model**: train on the
other five models, score the sixth) and, per set, by one that never saw the set (**held
out by set**). Those are the honest figures. Beside them: a prefix list (the decline
openings of :func:`.baselines.prefix_start`) and the rubric's ``refusal`` evasion class.
The shipped model's own figures on these sets are in-sample (it was trained on them) and
are shown apart.

A third set, passed with ``unseen`` (Do-Not-Answer's human reviews, see
:func:`.refusal_data.load_unseen`), is never trained on: every detector grades it as it
ships, so its rows are the figure on data the grade was not developed on.

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
from .refusal_data import LabelledAnswer, load_labelled, load_unseen
from .refusal_model import Grade, analyse, shipped_model

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
    unseen: bool = False
    """A set never trained on: the shipped model grades it, no held-out fits needed."""


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


def held_out_probabilities(
    answers: Sequence[LabelledAnswer],
    features: Sequence[dict[str, float]],
    key: Callable[[LabelledAnswer], str],
) -> list[dict[Grade, float]]:
    """Each answer's grade probabilities from a model trained on the answers of every
    other ``key`` (a model, a set): what an answer the model never saw gets."""
    from .refusal_train import fit  # needs the train extra

    probs: list[dict[Grade, float]] = [{} for _ in answers]
    for group in sorted({key(a) for a in answers}):
        train = [i for i, a in enumerate(answers) if key(a) != group]
        model = fit([answers[i] for i in train], "0" * 64, features=[features[i] for i in train])
        for i, a in enumerate(answers):
            if key(a) == group:
                probs[i] = model.probabilities(features[i])
    return probs


def _held_out(
    answers: list[LabelledAnswer],
    features: list[dict[str, float]],
    key: Callable[[LabelledAnswer], str],
) -> list[Grade]:
    """Each answer graded by a model trained on the answers of every other ``key``."""
    return [max(p, key=lambda k: p[k]) for p in held_out_probabilities(answers, features, key)]


def _rubric(text: str) -> Grade:
    from .measure import measure

    metrics = measure(Prompt(id="refusal-eval", domain="prose", prompt=""), text)
    return "full" if "refusal" in metrics.evasion.classes() else "none"


def evaluate(
    data_dir: Path, *, held_out: bool = True, rubric: bool = True, unseen: Path | None = None
) -> RefusalReport:
    """Score the grade and the baselines against the labels under ``data_dir``.

    ``unseen``: a directory of Do-Not-Answer's human reviews, graded as shipped and
    reported in rows of their own (never trained on).
    """
    everything = load_labelled(data_dir)
    answers = [a for a in everything if a.grade is not None]
    extra = load_unseen(unseen) if unseen is not None else []
    dropped = Counter(f"{a.set}/{a.label}" for a in [*everything, *extra] if a.grade is None)
    fresh = [a for a in extra if a.grade is not None]
    cues = compile_cues(shipped_cues())
    features = [analyse(a.text, cues).features for a in answers]
    fresh_features = [analyse(a.text, cues).features for a in fresh]
    model = shipped_model()
    shipped_fresh = [model.predict(f) for f in fresh_features]
    preds: dict[Detector, list[Grade]] = {
        "shipped": [model.predict(f) for f in features] + shipped_fresh,
        "prefix": ["full" if prefix_start(a.text) else "none" for a in [*answers, *fresh]],
    }
    if rubric:
        preds["rubric"] = [_rubric(a.text) for a in [*answers, *fresh]]
    if held_out:
        # the unseen set is held out of every fit: the shipped model (all other sets) grades it
        preds["held_out_model"] = _held_out(answers, features, lambda a: a.model) + shipped_fresh
        preds["held_out_set"] = _held_out(answers, features, lambda a: a.set) + shipped_fresh
    answers = [*answers, *fresh]
    truth: list[Grade] = [a.grade for a in answers if a.grade is not None]
    unseen_sets = {a.set for a in fresh}
    rows: list[Row] = []
    groups: list[tuple[Literal["set", "model"], str, str]] = []
    for name in sorted({a.set for a in answers}, key=lambda n: (n in unseen_sets, n)):
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
                unseen=set_name in unseen_sets,
            )
        )
    return RefusalReport(rows=tuple(rows), dropped=dict(sorted(dropped.items())), held_out=held_out)
