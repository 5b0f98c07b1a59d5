"""Suites: binary and label-set scoring, gates and their exit code, the scoreboard."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from codeeval.cli import main
from codeeval.errors import EXIT_GATE_FAILED, InputError, UsageError
from codeeval.suites import (
    check_gates,
    load_spec,
    run_suites,
    score_binary,
    score_label_sets,
)
from tests.records import rec, suite, write_results


def test_binary_scoring() -> None:
    s = score_binary(
        [True, True, True, False, False, False], [True, True, False, True, False, False]
    )
    assert (s.tp, s.fp, s.tn, s.fn, s.cases) == (2, 1, 2, 1, 6)
    assert s.precision == pytest.approx(2 / 3)
    assert s.recall == pytest.approx(2 / 3)
    assert s.f1 == pytest.approx(2 / 3)
    assert s.accuracy == pytest.approx(4 / 6)


def test_label_set_scoring_is_retrieval_summed_over_cases() -> None:
    gold = [frozenset({"refusal"}), frozenset({"preamble", "tail"}), frozenset()]
    pred = [frozenset({"refusal", "inline"}), frozenset({"tail"}), frozenset()]
    s = score_label_sets(gold, pred)
    assert (s.tp, s.fp, s.fn) == (2, 1, 1)
    assert s.precision == pytest.approx(2 / 3) and s.recall == pytest.approx(2 / 3)


def test_nothing_predicted_has_no_precision() -> None:
    s = score_binary([True, False], [False, False])
    assert s.precision is None and s.recall == 0.0 and s.f1 is None


def write_suite(folder: Path, name: str, body: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.toml"
    path.write_text(f'name = "{name}"\n{body}')
    return path


EVASION_CASES = [
    {
        "id": f"c{i}",
        "lang": "en",
        "domain": "prose",
        "prompt": "Write a short note on tea.",
        "text": text,
        "classes": classes,
        "split": "dev",
    }
    for i, (text, classes) in enumerate(
        [
            ("I'm sorry, but I can't help with that request.", ["refusal"]),
            ("Green tea is steamed or pan-fired soon after picking, which keeps it green.", []),
            ("Black tea is oxidised fully before it is dried; it keeps for years.", []),
        ]
    )
]


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    cases = tmp_path / "cases.jsonl"
    cases.write_text("".join(json.dumps(c) + "\n" for c in EVASION_CASES))
    suites = tmp_path / "suites"
    write_suite(
        suites,
        "tea",
        'kind = "binary"\npredictor = "evasion"\ncases = "../cases.jsonl"\n'
        "[gates]\nrecall = 1.0\nmax_fp = 0\n",
    )
    write_suite(
        suites,
        "tea-labels",
        'kind = "label-set"\npredictor = "evasion"\n'
        'cases = "../cases.jsonl"\n[gates]\nprecision = 1.0\n',
    )
    return suites


def test_suites_run_one_by_one_or_together(folder: Path) -> None:
    both = run_suites(folder)
    assert [r.spec.name for r in both] == ["tea", "tea-labels"]
    tea = both[0]
    assert (tea.score.tp, tea.score.fp, tea.score.tn, tea.score.fn) == (1, 0, 2, 0)
    assert tea.passed and [g.gate for g in tea.gates] == ["max_fp", "recall"]
    assert [r.spec.name for r in run_suites(folder, ["tea-labels"])] == ["tea-labels"]
    with pytest.raises(UsageError, match="no suite named nope"):
        run_suites(folder, ["nope"])


def test_a_failed_gate_exits_11_and_says_which(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write_suite(
        folder,
        "strict",
        'kind = "binary"\npredictor = "evasion"\ncases = "../cases.jsonl"\n[gates]\nmin_tp = 2\n',
    )
    code = main(["suite", "--suites", str(folder)])
    captured = capsys.readouterr()
    assert code == EXIT_GATE_FAILED
    assert "gate failed: strict: min_tp = 1.000, needs 2" in captured.err
    assert "tea" in captured.out and "min_tp ≥ 2: FAILED" in " ".join(captured.out.split())
    assert main(["suite", "tea", "--suites", str(folder), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data[0]["suite"] == "tea" and data[0]["passed"] is True


def test_gate_thresholds_compare_the_right_way() -> None:
    from codeeval.suites import SuiteSpec

    s = score_binary([True, False, False], [True, True, False])
    spec2 = SuiteSpec(
        name="x",
        kind="binary",
        predictor="evasion",
        cases="c",
        gates={"precision": 0.5, "max_fp": 0, "recall": 1.0},
    )
    verdicts = {g.gate: g.passed for g in check_gates(spec2, s)}
    assert verdicts == {"precision": True, "max_fp": False, "recall": True}


def test_bad_suite_files_are_refused(tmp_path: Path) -> None:
    bad = write_suite(
        tmp_path,
        "bad",
        'kind = "binary"\npredictor = "evasion"\ncases = "x"\n[gates]\nrecal = 0.9\n',
    )
    with pytest.raises(InputError, match="unknown gates"):
        load_spec(bad)
    wrong = write_suite(tmp_path, "wrong", 'kind = "ternary"\npredictor = "evasion"\ncases = "x"\n')
    with pytest.raises(InputError, match="invalid suite"):
        load_spec(wrong)


def test_verdicts_suite_scores_codeevals_verdicts_against_expected_outcomes(
    tmp_path: Path,
) -> None:
    expected = {
        "m/lru/run1": {"reference": "passed"},
        "m/lru/run2": {"reference": "failed"},
        "m/rle/run1": {"reference": "passed"},
    }
    (tmp_path / "expected.json").write_text(json.dumps(expected))
    out = write_results(
        tmp_path / "out",
        [
            rec("m", "lru", 1, "passed", reference=suite(passed=3)),
            rec("m", "lru", 2, "passed", reference=suite(passed=3)),
            rec("m", "rle", 1, "failed", reference=suite(passed=1, failed=1)),
        ],
    )
    folder = tmp_path / "suites"
    write_suite(
        folder, "v", 'kind = "binary"\npredictor = "verdicts"\ncases = "../expected.json"\n'
    )
    (result,) = run_suites(folder, ["v"], results=out)
    assert (result.score.tp, result.score.fp, result.score.fn) == (1, 1, 1)
    (skipped,) = run_suites(folder)
    assert skipped.note == "skipped: needs --results OUT"


def test_the_shipped_suites_load() -> None:
    shipped = Path(__file__).resolve().parents[1] / "suites"
    names = {load_spec(p).name for p in shipped.glob("*.toml")}
    assert {"evasion-gold", "evasion-classes", "refusal-xstest", "examples-verdicts"} <= names
