"""Baselines (save, read, history) and comparisons (deltas, flips, McNemar's exact test)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from codeeval import baseline as baselines
from codeeval.compare import compare, mcnemar_exact
from codeeval.errors import InputError, UsageError
from codeeval.report import aggregate
from tests.records import nightly_records

PROMPTS = [f"p{i:02d}" for i in range(13)]
WHEN = datetime(2026, 12, 7, 2, 30, tzinfo=UTC)


def base(models: dict[str, list[bool]], when: datetime = WHEN) -> baselines.Baseline:
    return baselines.from_summary(
        aggregate(nightly_records(models, PROMPTS)), "coding", "out", when
    )


@pytest.mark.parametrize(
    ("b", "c", "p"),
    [
        (0, 0, 1.0),
        (1, 0, 1.0),
        (3, 0, 0.25),
        (5, 0, 0.0625),
        (6, 0, 0.03125),
        (8, 0, 2 / 256),
        (6, 2, 2 * 37 / 256),  # P(X <= 2) for Binomial(8, 1/2) = 37/256
        (4, 4, 1.0),
    ],
)
def test_mcnemar_exact(b: int, c: int, p: float) -> None:
    assert mcnemar_exact(b, c) == pytest.approx(p)
    assert mcnemar_exact(c, b) == pytest.approx(p)


def test_baseline_is_small_sorted_and_one_line_per_cell(tmp_path: Path) -> None:
    b = base({"model-a": [True] * 24 + [False] * 2})
    text = baselines.dumps(b)
    assert json.loads(text)["models"]["model-a"]["strict_rate"] == pytest.approx(0.9231)
    assert '      "p00": {"passed": [true, true], "runs": [1, 2], "share": [1.0, 1.0]},' in text
    assert '"p12": {"passed": [false, false], "runs": [1, 2], "share": [0.6, 0.6]}' in text
    assert text.count("\n") < 40
    path = baselines.save(b, tmp_path)
    assert path == tmp_path / "coding" / "20261207T023000Z.json"
    assert baselines.read(path) == b
    again = baselines.save(b, tmp_path)  # the same second: never overwritten
    assert again.name == "20261207T023000Z-2.json"
    assert baselines.history(tmp_path, "coding") == [path, again]
    assert baselines.resolve("latest", tmp_path, "coding") == again


def test_latest_without_a_baseline_says_how_to_save_one(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no baseline saved") as info:
        baselines.resolve("latest", tmp_path, "coding")
    assert "--save" in info.value.hint


def test_suite_names_must_be_directory_names() -> None:
    with pytest.raises(UsageError):
        baselines.check_suite("../etc")


def test_unreadable_and_newer_baselines_are_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    with pytest.raises(InputError, match="not a readable baseline"):
        baselines.read(bad)
    newer = tmp_path / "newer.json"
    newer.write_text(json.dumps({"schema_version": 9}))
    with pytest.raises(InputError, match="newer than this codeeval reads"):
        baselines.read(newer)
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps({"schema_version": 1, "suite": "x"}))
    with pytest.raises(InputError, match="not a valid baseline"):
        baselines.read(wrong)


def test_a_significant_drop_beyond_the_tolerance_is_a_regression() -> None:
    old = base({"a": [True] * 24 + [False] * 2, "b": [True] * 16 + [False] * 10})
    # a: eight samples flip from pass to fail (p = 2/256); b: one flips back (noise)
    new = base({"a": [True] * 16 + [False] * 10, "b": [True] * 17 + [False] * 9})
    result = compare(old, new, tolerance=0.05, alpha=0.05)
    a, b = result.models
    assert (a.model, a.paired, a.pass_to_fail, a.fail_to_pass) == ("a", 26, 8, 0)
    assert a.delta == pytest.approx(16 / 26 - 24 / 26, abs=1e-3)
    assert a.p_value == pytest.approx(2 / 256)
    assert a.regression
    assert (b.pass_to_fail, b.fail_to_pass, b.regression) == (0, 1, False)
    assert [r.model for r in result.regressions] == ["a"]
    assert len(result.flips) == 9
    assert result.flips[0].model == "a" and result.flips[0].before and not result.flips[0].after
    changed = {(p.model, p.prompt): p.delta for p in result.prompts if p.delta}
    assert changed[("a", "p08")] == -1.0


def test_noise_is_not_called_a_regression() -> None:
    old = base({"a": [True] * 20 + [False] * 6})
    # three down, one up: the rate drops by 0.077 > tolerance, but p = 0.625
    flags = [True] * 20 + [False] * 6
    for i in (0, 1, 2):
        flags[i] = False
    flags[20] = True
    result = compare(old, base({"a": flags}))
    (a,) = result.models
    assert a.delta is not None and a.delta < -0.05
    assert a.p_value == pytest.approx(0.625)
    assert not a.regression


def test_models_new_or_gone_are_reported_not_regressed() -> None:
    result = compare(base({"a": [True] * 26}), base({"b": [True] * 26}))
    assert [(m.model, m.before, m.after, m.regression) for m in result.models] == [
        ("a", 1.0, None, False),
        ("b", None, 1.0, False),
    ]
