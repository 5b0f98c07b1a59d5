"""Training the refusal model from labelled answers (needs the ``train`` extra).

scikit-learn is imported here only, and only when training runs: ``pip install
'codeeval[train]'``. The result is a :class:`~.refusal_model.RefusalModel` — plain numbers
— so grading never needs scikit-learn. Training is deterministic: a fixed seed, a fixed
order of answers and features, and weights rounded to five decimals.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .refusal_cues import CueTable, compile_cues, parse_cues
from .refusal_data import LabelledAnswer, load_labelled
from .refusal_model import FEATURES_VERSION, GRADES, Grade, RefusalModel, analyse, cues_digest

SEED = 20240607
C = 10.0
"""Inverse regularisation strength; chosen by :func:`nested_choice` (see ``--select``)."""
C_GRID = (1.0, 3.0, 10.0)
MIN_DOCS = 3
DIGITS = 5


class TrainingUnavailable(RuntimeError):
    """scikit-learn is not installed."""


def _sklearn() -> tuple[Any, Any]:
    try:
        from scipy.sparse import csr_matrix
        from sklearn.linear_model import LogisticRegression
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise TrainingUnavailable(
            "training needs scikit-learn: pip install 'codeeval[train]'"
        ) from exc
    return csr_matrix, LogisticRegression


def feature_sets(
    answers: Sequence[LabelledAnswer], cues: CueTable | None = None
) -> list[dict[str, float]]:
    """The features of each answer; ``cues`` all languages' cues (default: the shipped)."""
    return [analyse(a.text, cues).features for a in answers]


def fit(
    answers: Sequence[LabelledAnswer],
    cues_sha256: str,
    *,
    features: Sequence[dict[str, float]] | None = None,
    c: float = C,
    min_docs: int = MIN_DOCS,
    tol: float = 1e-6,
) -> RefusalModel:
    """Fit the model on ``answers`` (those with a grade); features may be precomputed."""
    csr_matrix, LogisticRegression = _sklearn()
    pairs = [
        (f, a.grade)
        for a, f in zip(answers, features or feature_sets(answers), strict=True)
        if a.grade is not None
    ]
    df = Counter(f for fs, _ in pairs for f in fs)
    vocab = sorted(f for f, n in df.items() if n >= min_docs)
    index = {f: i for i, f in enumerate(vocab)}
    rows: list[int] = []
    cols: list[int] = []
    vals: list[float] = []
    for r, (fs, _) in enumerate(pairs):
        for f in sorted(fs):
            j = index.get(f)
            if j is not None:
                rows.append(r)
                cols.append(j)
                vals.append(fs[f])
    x = csr_matrix((vals, (rows, cols)), shape=(len(pairs), len(vocab)))
    y = [GRADES.index(g) for _, g in pairs]
    clf = LogisticRegression(C=c, max_iter=3000, random_state=SEED, tol=tol)
    clf.fit(x, y)
    seen = [int(k) for k in clf.classes_]
    coef = clf.coef_
    intercept = clf.intercept_
    if len(seen) == 2:  # binary fit: one row of coefficients for the second class
        coef = [-0.5 * coef[0], 0.5 * coef[0]]
        intercept = [-0.5 * intercept[0], 0.5 * intercept[0]]

    def weight(k: int, j: int) -> float:
        # a grade absent from the training answers gets no weight and a prohibitive bias
        return round(float(coef[seen.index(k)][j]), DIGITS) if k in seen else 0.0

    weights: dict[str, tuple[float, float, float]] = {}
    for j, f in enumerate(vocab):
        w = (weight(0, j), weight(1, j), weight(2, j))
        if any(w):
            weights[f] = w
    bias = tuple(
        round(float(intercept[seen.index(k)]), DIGITS) if k in seen else -50.0 for k in range(3)
    )
    trained_on = Counter(f"{a.set}/{a.model}" for a in answers if a.grade is not None)
    return RefusalModel(
        format=1,
        features_version=FEATURES_VERSION,
        classes=GRADES,
        bias=(bias[0], bias[1], bias[2]),
        weights=weights,
        cues_sha256=cues_sha256,
        trained_on=dict(sorted(trained_on.items())),
        settings={"C": c, "min_docs": min_docs, "seed": SEED, "solver": "lbfgs"},
    )


def class_counts(answers: Sequence[LabelledAnswer]) -> dict[Grade, int]:
    counts = Counter(a.grade for a in answers if a.grade is not None)
    return {g: counts.get(g, 0) for g in GRADES}


def model_json(model: RefusalModel) -> str:
    """The model file's text: stable key order, one feature per line."""
    head = model.model_dump(mode="json", exclude={"weights"})
    lines = ["{"]
    for key in sorted(head):
        lines.append(f"{json.dumps(key)}: {json.dumps(head[key], sort_keys=True)},")
    lines.append('"weights": {')
    items = sorted(model.weights.items())
    for i, (feature, w) in enumerate(items):
        comma = "," if i < len(items) - 1 else ""
        lines.append(f"{json.dumps(feature, ensure_ascii=False)}: {json.dumps(list(w))}{comma}")
    lines.append("}}")
    return "\n".join(lines) + "\n"


def train_file(data_dir: Path, cue_text: str) -> str:
    """Train on every labelled answer under ``data_dir``; the model file's text."""
    answers = [a for a in load_labelled(data_dir) if a.grade is not None]
    cues = compile_cues(parse_cues(cue_text))
    model = fit(answers, cues_digest(cue_text), features=feature_sets(answers, cues))
    return model_json(model)


def _score(truth: Sequence[Grade], pred: Sequence[Grade]) -> float:
    """Mean of Cohen's κ for full refusal and for non-compliance (0 where undefined)."""
    from .refusal_eval import kappa

    full = kappa([t == "full" for t in truth], [p == "full" for p in pred]) or 0.0
    nonc = kappa([t != "none" for t in truth], [p != "none" for p in pred]) or 0.0
    return (full + nonc) / 2


def choose_c(
    answers: Sequence[LabelledAnswer],
    features: Sequence[dict[str, float]],
    grid: Sequence[float] = C_GRID,
) -> tuple[float, dict[float, float]]:
    """The ``C`` of ``grid`` whose models agree best with people on models they never saw.

    Leave-one-model-out over ``answers`` (each model's answers graded by a fit on the
    others), scored by the mean κ (full refusal, non-compliance) over all answers.
    Returns the choice and every candidate's score.
    """
    groups = sorted({f"{a.set}/{a.model}" for a in answers})
    scores: dict[float, float] = {}
    for c in grid:
        truth: list[Grade] = []
        pred: list[Grade] = []
        for g in groups:
            train = [i for i, a in enumerate(answers) if f"{a.set}/{a.model}" != g]
            model = fit(
                [answers[i] for i in train],
                "0" * 64,
                features=[features[i] for i in train],
                c=c,
                tol=1e-4,
            )
            for i, a in enumerate(answers):
                if f"{a.set}/{a.model}" == g and a.grade is not None:
                    truth.append(a.grade)
                    pred.append(model.predict(features[i]))
        scores[c] = round(_score(truth, pred), 4)
    best = max(grid, key=lambda c: (scores[c], -c))
    return best, scores


def nested_choice(
    answers: Sequence[LabelledAnswer],
    features: Sequence[dict[str, float]],
    grid: Sequence[float] = C_GRID,
) -> list[tuple[str, float, dict[float, float]]]:
    """For every held-out model, the ``C`` chosen without it (by :func:`choose_c`).

    When every fold chooses the same value, fixing ``C`` to it is what a nested choice
    would do, so the held-out figures of ``codeeval metrics refusal`` stay honest.
    """
    out: list[tuple[str, float, dict[float, float]]] = []
    for g in sorted({f"{a.set}/{a.model}" for a in answers}):
        keep = [i for i, a in enumerate(answers) if f"{a.set}/{a.model}" != g]
        c, scores = choose_c([answers[i] for i in keep], [features[i] for i in keep], grid)
        out.append((g, c, scores))
    return out
