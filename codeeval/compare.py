"""Compare a run with a baseline: deltas, flipped samples, and a paired significance test.

**The test.** Samples are paired by (model, prompt, run): the same prompt and the same run
number (hence the same sampling seed) before and after. Each pair is a pass/fail verdict
twice, so the right test is **McNemar's exact test**: only the discordant pairs carry
information — ``b`` samples that flipped from pass to fail and ``c`` from fail to pass — and
under "nothing changed" each flip is as likely one way as the other, so ``b`` follows
Binomial(b + c, ½). The two-sided p-value is exact (no normal approximation), which matters
because nightly runs flip a handful of samples, not hundreds. An unpaired test (comparing
two proportions) would ignore that both runs saw the same prompts and lose most of the
power; a t-test on shares of tests passed would treat bounded, lumpy data as normal.

**A regression** is a model whose strict pass rate fell by more than the tolerance *and*
whose flips are significant (p < alpha). A drop within the tolerance, or one the test cannot
tell from noise, is reported but does not fail the command.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from codeeval.baseline import Baseline

DEFAULT_TOLERANCE = 0.05
DEFAULT_ALPHA = 0.05


def mcnemar_exact(b: int, c: int) -> float:
    """Two-sided exact McNemar p-value for ``b`` and ``c`` discordant pairs."""
    n = b + c
    if n == 0:
        return 1.0
    low = min(b, c)
    tail = sum(math.comb(n, i) for i in range(low + 1)) / 2**n
    return min(1.0, 2.0 * float(tail))


@dataclass(frozen=True)
class Flip:
    model: str
    prompt: str
    run: int
    before: bool
    after: bool


@dataclass
class ModelDelta:
    model: str
    before: float | None
    after: float | None
    mean_before: float | None
    mean_after: float | None
    paired: int = 0
    pass_to_fail: int = 0
    fail_to_pass: int = 0
    p_value: float = 1.0
    regression: bool = False

    @property
    def delta(self) -> float | None:
        if self.before is None or self.after is None:
            return None
        return self.after - self.before


@dataclass(frozen=True)
class PromptDelta:
    model: str
    prompt: str
    before: float | None
    after: float | None
    share_before: float | None
    share_after: float | None

    @property
    def delta(self) -> float | None:
        if self.before is None or self.after is None:
            return None
        return self.after - self.before


@dataclass
class Comparison:
    baseline: str
    tolerance: float
    alpha: float
    models: list[ModelDelta] = field(default_factory=list)
    prompts: list[PromptDelta] = field(default_factory=list)
    flips: list[Flip] = field(default_factory=list)
    pooled_p: float = 1.0

    @property
    def regressions(self) -> list[ModelDelta]:
        return [m for m in self.models if m.regression]


def _rate(passed: list[bool]) -> float | None:
    return sum(passed) / len(passed) if passed else None


def _mean(values: list[float]) -> float | None:
    return sum(values) / len(values) if values else None


def compare(
    old: Baseline,
    new: Baseline,
    *,
    tolerance: float = DEFAULT_TOLERANCE,
    alpha: float = DEFAULT_ALPHA,
    label: str = "baseline",
) -> Comparison:
    result = Comparison(baseline=label, tolerance=tolerance, alpha=alpha)
    b_all = c_all = 0
    for model in sorted(set(old.models) | set(new.models)):
        before, after = old.models.get(model), new.models.get(model)
        delta = ModelDelta(
            model=model,
            before=before.strict_rate if before else None,
            after=after.strict_rate if after else None,
            mean_before=before.mean_share if before else None,
            mean_after=after.mean_share if after else None,
        )
        old_cells, new_cells = old.cells.get(model, {}), new.cells.get(model, {})
        for prompt in sorted(set(old_cells) | set(new_cells)):
            oc, nc = old_cells.get(prompt), new_cells.get(prompt)
            result.prompts.append(
                PromptDelta(
                    model=model,
                    prompt=prompt,
                    before=_rate(list(oc.passed)) if oc else None,
                    after=_rate(list(nc.passed)) if nc else None,
                    share_before=_mean(list(oc.share)) if oc else None,
                    share_after=_mean(list(nc.share)) if nc else None,
                )
            )
            if oc is None or nc is None:
                continue
            was = dict(zip(oc.runs, oc.passed, strict=True))
            now = dict(zip(nc.runs, nc.passed, strict=True))
            for run in sorted(set(was) & set(now)):
                delta.paired += 1
                if was[run] != now[run]:
                    result.flips.append(Flip(model, prompt, run, was[run], now[run]))
                    if was[run]:
                        delta.pass_to_fail += 1
                    else:
                        delta.fail_to_pass += 1
        delta.p_value = mcnemar_exact(delta.pass_to_fail, delta.fail_to_pass)
        delta.regression = (
            delta.delta is not None and delta.delta < -tolerance and delta.p_value < alpha
        )
        b_all += delta.pass_to_fail
        c_all += delta.fail_to_pass
        result.models.append(delta)
    result.pooled_p = mcnemar_exact(b_all, c_all)
    return result
