"""Agreement statistics against hand-computed values and existing implementations."""

from __future__ import annotations

import random
from pathlib import Path

import krippendorff
import pytest
from sklearn.metrics import cohen_kappa_score

from codeeval.judge.agreement import (
    bootstrap,
    compare,
    exact,
    krippendorff_alpha,
    quadratic_kappa,
    stratified_sample,
    within_one,
)
from codeeval.models import SampleKey
from codeeval.rubrics import load_rubrics
from codeeval.scoring import Score, make_score

PROSE = load_rubrics()["prose"]


def test_hand_computed_values() -> None:
    a, b = [1, 1, 2, 2], [1, 2, 2, 2]
    assert exact(a, b) == 0.75
    assert within_one([1, 3, 5, 2], [2, 5, 5, 4]) == 0.5
    # observed [[1,1],[0,2]], margins rows (2,2) cols (1,3): κ = 1 - 1 / (2·3/4 + 2·1/4) = 0.5
    assert quadratic_kappa(a, b) == pytest.approx(0.5)
    # coincidences o11 = 2, o12 = o21 = 1, o22 = 4; n1 = 3, n2 = 5, n = 8:
    # α = 1 - (n - 1)·o12 / (n1·n2) = 1 - 7/15 = 8/15 (two categories: ordinal = nominal)
    assert krippendorff_alpha(a, b, [1, 2, 3, 4, 5]) == pytest.approx(8 / 15)
    assert quadratic_kappa([3, 3, 3], [3, 3, 3]) is None  # no variance: undefined, not 1


def test_kappa_matches_scikit_learn_on_random_ratings() -> None:
    rng = random.Random(7)
    for _ in range(200):
        n = rng.randint(2, 40)
        a = [rng.randint(1, 5) for _ in range(n)]
        b = [min(5, max(1, x + rng.choice([-2, -1, 0, 0, 0, 1, 2]))) for x in a]
        ours = quadratic_kappa(a, b)
        if ours is None:
            continue
        assert ours == pytest.approx(cohen_kappa_score(a, b, weights="quadratic"), abs=1e-12)


def test_alpha_matches_the_krippendorff_package_on_random_ratings() -> None:
    rng = random.Random(11)
    for _ in range(50):
        n = rng.randint(3, 30)
        a = [rng.randint(1, 5) for _ in range(n)]
        b = [min(5, max(1, x + rng.choice([-1, 0, 0, 1]))) for x in a]
        ours = krippendorff_alpha(a, b, [1, 2, 3, 4, 5])
        theirs = krippendorff.alpha(
            reliability_data=[a, b], value_domain=[1, 2, 3, 4, 5], level_of_measurement="ordinal"
        )
        assert ours is None or ours == pytest.approx(theirs)


def test_bootstrap_interval_contains_the_estimate_and_is_reproducible() -> None:
    a = [1, 2, 3, 4, 5, 3, 2, 4, 5, 1] * 3
    b = [1, 2, 3, 5, 5, 3, 1, 4, 4, 2] * 3
    ci = bootstrap(a, b, exact, reps=300, seed=1)
    assert ci is not None and ci[0] <= exact(a, b) <= ci[1] and ci[0] < ci[1]
    assert ci == bootstrap(a, b, exact, reps=300, seed=1)


def scores(rater: str, values: dict[str, int | None], criterion: str = "tone") -> list[Score]:
    return [
        make_score(
            PROSE,
            criterion,
            SampleKey(model="m", prompt_id=p, run=1),
            rater_kind="person",
            rater=rater,
            value=v,
        )
        for p, v in values.items()
    ]


def test_compare_per_criterion_flags_below_threshold_and_counts_unscored() -> None:
    judge = scores("judge", {"a": 3, "b": 4, "c": 5, "d": None, "e": 2})
    people = scores("ana", {"a": 3, "b": 4, "c": 4, "d": 3, "e": 2})
    (row,) = compare(judge, people, reps=200)
    assert row.n == 4 and row.unscored_a == 1 and row.exact == 0.75 and row.within_one == 1.0
    assert row.flagged and "exact 0.75 is below 0.90" in row.flag_reason
    assert set(row.intervals) == {"exact", "within_one", "kappa", "alpha"}
    (lenient,) = compare(judge, people, statistic="within_one", reps=200)
    assert not lenient.flagged


def test_compare_flags_an_undefined_statistic() -> None:
    (row,) = compare(
        scores("j", {"a": 3, "b": 3}), scores("p", {"a": 3, "b": 3}), statistic="kappa", reps=100
    )
    assert row.kappa is None and row.flagged and "undefined" in row.flag_reason


def test_stratified_sample_takes_at_least_a_fifth_of_every_model_and_prompt() -> None:
    keys = [
        SampleKey(model=m, prompt_id=p, run=r)
        for m in ("a", "b")
        for p in ("x", "y", "z")
        for r in range(1, 8)
    ]
    keys += [SampleKey(model="c", prompt_id="x", run=1)]
    chosen = stratified_sample(keys, 0.2, seed=3)
    for m in ("a", "b"):
        for p in ("x", "y", "z"):
            assert sum(k.model == m and k.prompt_id == p for k in chosen) == 2  # ceil(0.2·7)
    assert SampleKey(model="c", prompt_id="x", run=1) in chosen
    assert len(chosen) / len(keys) >= 0.2
    assert chosen == stratified_sample(keys, 0.2, seed=3)


def test_the_agreement_command_prints_statistics_and_flags(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from codeeval.cli import app

    judge = scores("judge", {"a": 3, "b": 4, "c": 5, "d": 2, "e": 2})
    judge += scores("judge", {"a": 3, "b": 4, "c": 5, "d": 2, "e": 2}, criterion="precision")
    people = scores("ana", {"a": 3, "b": 4, "c": 4, "d": 3, "e": 2})
    people += scores("ana", {"a": 3, "b": 4, "c": 5, "d": 2, "e": 2}, criterion="precision")
    files = []
    for name, rows in (("j", judge), ("p", people)):
        path = tmp_path / f"{name}.jsonl"
        path.write_text("".join(s.model_dump_json() + "\n" for s in rows))
        files.append(str(path))
    result = CliRunner().invoke(
        app, ["judge", "agreement", files[0], "--against", files[1], "--reps", "200"]
    )
    assert result.exit_code == 0, result.output
    tone = next(line for line in result.output.splitlines() if "tone" in line)
    precision = next(line for line in result.output.splitlines() if "precision" in line)
    assert "0.60" in tone and "below" in tone
    assert "1.00" in precision and precision.split("│")[-2].strip() == "ok"
