"""Agreement between two raters (judge vs people, judge vs judge), per criterion.

Four statistics on the texts both raters scored:

* exact agreement — share of texts with the same score;
* agreement within one point;
* Cohen's κ with quadratic weights (computed here; the tests check it against
  scikit-learn's ``cohen_kappa_score(..., weights="quadratic")`` and hand-computed values);
* Krippendorff's α, ordinal, from the ``krippendorff`` package (the judge extra);

each with a percentile bootstrap confidence interval (texts resampled with replacement,
fixed seed). A criterion is *flagged* when the chosen statistic is below the threshold
(default: exact agreement below 90 %, the quality-judge document's inter-judge target), or
when the statistic is undefined (a rater gave one value to every text: κ has no variance
to explain). Texts one rater left unscored are counted, never paired.

:func:`stratified_sample` draws the texts people score: at least the given fraction
(20 % by default) of every (model, prompt) stratum, rounded up.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Literal

from pydantic import Field

from codeeval.errors import ExtraMissing, UsageError
from codeeval.models import Frozen, SampleKey
from codeeval.scoring import Score

Statistic = Literal["exact", "within_one", "kappa", "alpha"]
STATISTICS: tuple[Statistic, ...] = ("exact", "within_one", "kappa", "alpha")
DEFAULT_THRESHOLD = 0.9
BOOTSTRAP = 1000


def exact(a: Sequence[int], b: Sequence[int]) -> float:
    return sum(x == y for x, y in zip(a, b, strict=True)) / len(a)


def within_one(a: Sequence[int], b: Sequence[int]) -> float:
    return sum(abs(x - y) <= 1 for x, y in zip(a, b, strict=True)) / len(a)


def quadratic_kappa(a: Sequence[int], b: Sequence[int]) -> float | None:
    """Cohen's κ with quadratic weights over the categories either rater used.

    ``1 - Σ w·O / Σ w·E`` with ``w = (i - j)²``; None when undefined (no expected
    disagreement: both raters gave one and the same value throughout).
    """
    cats = sorted(set(a) | set(b))
    index = {c: i for i, c in enumerate(cats)}
    k, n = len(cats), len(a)
    observed = [[0.0] * k for _ in range(k)]
    for x, y in zip(a, b, strict=True):
        observed[index[x]][index[y]] += 1
    rows = [sum(r) for r in observed]
    cols = [sum(observed[i][j] for i in range(k)) for j in range(k)]
    num = den = 0.0
    for i in range(k):
        for j in range(k):
            w = float((i - j) ** 2)
            num += w * observed[i][j]
            den += w * rows[i] * cols[j] / n
    if den == 0:
        return None
    return 1.0 - num / den


def krippendorff_alpha(a: Sequence[int], b: Sequence[int], domain: Sequence[int]) -> float | None:
    """Krippendorff's α (ordinal) for two raters; None when undefined."""
    try:
        import krippendorff
    except ImportError as exc:
        raise ExtraMissing("Krippendorff's α needs the 'krippendorff' package") from exc
    if len(set(a) | set(b)) < 2:
        return None
    try:
        value = float(
            krippendorff.alpha(
                reliability_data=[list(a), list(b)],
                value_domain=list(domain),
                level_of_measurement="ordinal",
            )
        )
    except (ValueError, ZeroDivisionError):
        return None
    return None if math.isnan(value) else value


def _alpha_on(domain: Sequence[int], a: Sequence[int], b: Sequence[int]) -> float | None:
    return krippendorff_alpha(a, b, domain)


def bootstrap(
    a: Sequence[int],
    b: Sequence[int],
    stat: Callable[[Sequence[int], Sequence[int]], float | None],
    reps: int = BOOTSTRAP,
    seed: int = 0,
    level: float = 0.95,
) -> tuple[float, float] | None:
    """Percentile interval of ``stat`` over texts resampled with replacement."""
    rng = random.Random(seed)
    n = len(a)
    values: list[float] = []
    for _ in range(reps):
        idx = [rng.randrange(n) for _ in range(n)]
        v = stat([a[i] for i in idx], [b[i] for i in idx])
        if v is not None:
            values.append(v)
    if len(values) < reps // 2:
        return None
    values.sort()
    lo = values[math.floor((1 - level) / 2 * (len(values) - 1))]
    hi = values[math.ceil((1 + level) / 2 * (len(values) - 1))]
    return lo, hi


class Interval(Frozen):
    low: float
    high: float


class CriterionAgreement(Frozen):
    rubric: str
    criterion: str
    rater_a: str
    rater_b: str
    n: int
    """Texts both raters scored."""
    unscored_a: int = 0
    unscored_b: int = 0
    only_a: int = 0
    only_b: int = 0
    exact: float | None = None
    within_one: float | None = None
    kappa: float | None = None
    alpha: float | None = None
    intervals: dict[str, Interval] = Field(default_factory=dict)
    flagged: bool = False
    flag_reason: str = ""


def _one_per_text(scores: Iterable[Score], side: str) -> dict[tuple[str, str, SampleKey], Score]:
    out: dict[tuple[str, str, SampleKey], Score] = {}
    for s in scores:
        k = (s.rubric, s.criterion, s.key)
        if k in out:
            raise UsageError(
                f"{side}: two scores for {s.key.label()} on {s.criterion} "
                f"(raters {out[k].rater} and {s.rater})",
                hint="compare one rater with another: pass one rater's scores per side",
            )
        out[k] = s
    return out


def compare(
    side_a: Iterable[Score],
    side_b: Iterable[Score],
    *,
    threshold: float = DEFAULT_THRESHOLD,
    statistic: Statistic = "exact",
    reps: int = BOOTSTRAP,
    seed: int = 0,
    domain: Sequence[int] = (1, 2, 3, 4, 5),
) -> list[CriterionAgreement]:
    """Agreement per (rubric, criterion) between two sets of scores."""
    a_map, b_map = _one_per_text(side_a, "first side"), _one_per_text(side_b, "second side")
    groups = sorted({(r, c) for r, c, _ in a_map} | {(r, c) for r, c, _ in b_map})
    results: list[CriterionAgreement] = []
    for rubric, criterion in groups:
        a_keys = {k for r, c, k in a_map if (r, c) == (rubric, criterion)}
        b_keys = {k for r, c, k in b_map if (r, c) == (rubric, criterion)}
        xs: list[int] = []
        ys: list[int] = []
        un_a = un_b = 0
        for key in sorted(a_keys & b_keys, key=lambda k: k.label()):
            sa, sb = a_map[(rubric, criterion, key)], b_map[(rubric, criterion, key)]
            un_a += sa.value is None
            un_b += sb.value is None
            if sa.value is not None and sb.value is not None:
                xs.append(sa.value)
                ys.append(sb.value)
        names_a = sorted({a_map[(rubric, criterion, k)].rater for k in a_keys}) or ["-"]
        names_b = sorted({b_map[(rubric, criterion, k)].rater for k in b_keys}) or ["-"]
        row: dict[str, object] = {
            "rubric": rubric,
            "criterion": criterion,
            "rater_a": ",".join(names_a),
            "rater_b": ",".join(names_b),
            "n": len(xs),
            "unscored_a": un_a,
            "unscored_b": un_b,
            "only_a": len(a_keys - b_keys),
            "only_b": len(b_keys - a_keys),
        }
        if not xs:
            results.append(
                CriterionAgreement.model_validate(
                    {**row, "flagged": True, "flag_reason": "no text scored by both raters"}
                )
            )
            continue
        dom = sorted(set(domain) | set(xs) | set(ys))
        stats: dict[str, Callable[[Sequence[int], Sequence[int]], float | None]] = {
            "exact": exact,
            "within_one": within_one,
            "kappa": quadratic_kappa,
            "alpha": functools.partial(_alpha_on, dom),
        }
        intervals: dict[str, Interval] = {}
        for name, fn in stats.items():
            row[name] = fn(xs, ys)
            ci = bootstrap(xs, ys, fn, reps=reps, seed=seed)
            if ci is not None:
                intervals[name] = Interval(low=ci[0], high=ci[1])
        row["intervals"] = intervals
        value = row[statistic]
        if value is None:
            row["flagged"] = True
            row["flag_reason"] = f"{statistic} is undefined (a rater gave one value throughout)"
        elif isinstance(value, float) and value < threshold:
            row["flagged"] = True
            row["flag_reason"] = f"{statistic} {value:.2f} is below {threshold:.2f}"
        results.append(CriterionAgreement.model_validate(row))
    return results


def stratified_sample(
    keys: Iterable[SampleKey], fraction: float = 0.2, seed: int = 0
) -> list[SampleKey]:
    """At least ``fraction`` of every (model, prompt) stratum, rounded up, drawn at random."""
    if not 0 < fraction <= 1:
        raise UsageError(f"--fraction {fraction}: must be in (0, 1]")
    strata: dict[tuple[str, str], list[SampleKey]] = {}
    for k in keys:
        strata.setdefault((k.model, k.prompt_id), []).append(k)
    rng = random.Random(seed)
    chosen: list[SampleKey] = []
    for stratum in sorted(strata):
        members = sorted(strata[stratum], key=lambda k: k.run)
        take = math.ceil(fraction * len(members) - 1e-9)
        chosen += rng.sample(members, take)
    return chosen
