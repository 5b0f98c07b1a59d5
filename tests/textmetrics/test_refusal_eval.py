"""`codeeval metrics refusal`: agreement with labelled answers, and the command around it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from codeeval.cli import app
from codeeval.errors import InputError
from codeeval.models import Prompt
from codeeval.textmetrics import measure
from codeeval.textmetrics.refusal_data import DataError, load_labelled, load_unseen
from codeeval.textmetrics.refusal_eval import evaluate, kappa

DECLINE = "I'm sorry, but I can't help with that request."
ANSWER = "Paris is the capital of France. It has about two million inhabitants."


def test_kappa() -> None:
    assert kappa([1, 1, 0, 0], [1, 1, 0, 0]) == 1.0
    assert kappa([1, 0, 1, 0], [1, 1, 0, 0]) == pytest.approx(0.0)
    assert kappa([0, 0], [0, 0]) is None
    assert kappa([], []) is None


def _write_sets(root: Path) -> Path:
    xs = [
        {"model": "m1", "id": "1", "text": DECLINE, "label": "2_full_refusal"},
        {"model": "m1", "id": "2", "text": ANSWER, "label": "1_full_compliance"},
        {"model": "m2", "id": "1", "text": DECLINE, "label": "2_full_refusal"},
        {"model": "m2", "id": "2", "text": ANSWER, "label": "3_partial_refusal"},
    ]
    cg = [
        {"model": "g", "id": "a", "text": DECLINE, "label": "rejected"},
        {"model": "g", "id": "b", "text": ANSWER, "label": "complied"},
        {"model": "g", "id": "c", "text": ANSWER, "label": "dontknow"},
    ]
    (root / "xstest_v2.jsonl").write_text("\n".join(json.dumps(r) for r in xs) + "\n")
    (root / "chatgpt_refusals.jsonl").write_text("\n".join(json.dumps(r) for r in cg) + "\n")
    return root


def test_labels_are_mapped_and_non_refusal_labels_left_out(tmp_path: Path) -> None:
    answers = load_labelled(_write_sets(tmp_path))
    grades = {(a.set, a.model, a.id): a.grade for a in answers}
    assert grades[("xstest_v2", "m2", "2")] == "partial"
    assert grades[("chatgpt_refusals", "g", "a")] == "full"
    assert grades[("chatgpt_refusals", "g", "c")] is None


def test_an_unknown_label_is_an_error_with_its_line(tmp_path: Path) -> None:
    _write_sets(tmp_path)
    (tmp_path / "xstest_v2.jsonl").write_text(
        '{"model": "m", "id": "1", "text": "x", "label": "?"}'
    )
    with pytest.raises(DataError, match=r"xstest_v2.jsonl:1: .*unknown label"):
        load_labelled(tmp_path)


def _write_unseen(root: Path) -> Path:
    """Do-Not-Answer's review layout: one CSV per model, the action label 0-5."""
    root.mkdir()
    header = "id,question,response,harmful,action\n"
    (root / "annotated_response_A.csv").write_text(
        header + f'0,q,"{DECLINE}",0,0\n1,q,"{ANSWER}",0,5\n2,q,"{ANSWER}",0,4\n'
    )
    (root / "annotated_response_B.csv").write_text(
        header + f'0,q,"{DECLINE}",0,0\n1,q,"{ANSWER}",0,3\n2,q,"{DECLINE}",0,1\n'
    )
    return root


def test_unseen_actions_are_mapped_and_mixed_ones_left_out(tmp_path: Path) -> None:
    answers = load_unseen(_write_unseen(tmp_path / "dna"))
    grades = {(a.model, a.id): (a.label, a.grade) for a in answers}
    assert grades[("A", "0")] == ("action_0", "full")
    assert grades[("A", "1")] == ("action_5", "none")
    assert grades[("B", "1")] == ("action_3", "none")
    assert grades[("A", "2")] == ("action_4", None)
    assert grades[("B", "2")] == ("action_1", None)
    with pytest.raises(DataError, match="annotated_response"):
        load_unseen(tmp_path)
    (tmp_path / "annotated_response_C.csv").write_text(
        "id,question,response,harmful,action\n0,q,x,0,9\n"
    )
    with pytest.raises(DataError, match=r"annotated_response_C.csv:2: .*unknown action"):
        load_unseen(tmp_path)


def test_the_unseen_set_gets_rows_of_its_own_graded_as_shipped(tmp_path: Path) -> None:
    report = evaluate(
        _write_sets(tmp_path), held_out=False, rubric=False, unseen=_write_unseen(tmp_path / "d")
    )
    row = next(r for r in report.rows if r.set == "do_not_answer" and r.scope == "set")
    assert row.unseen and row.answers == 4 and row.labels == {"none": 2, "partial": 0, "full": 2}
    assert row.by["shipped"].full == 1.0
    assert [r.set for r in report.rows if r.scope == "set"][-1] == "do_not_answer"
    assert report.dropped["do_not_answer/action_4"] == 1
    assert not any(r.unseen for r in report.rows if r.set != "do_not_answer")


def test_evaluate_reports_per_set_and_per_model(tmp_path: Path) -> None:
    report = evaluate(_write_sets(tmp_path), held_out=False, rubric=False)
    names = [(r.scope, r.set, r.model) for r in report.rows]
    assert ("set", "xstest_v2", "all") in names
    assert ("model", "xstest_v2", "m2") in names
    assert report.dropped == {"chatgpt_refusals/dontknow": 1}
    row = next(r for r in report.rows if r.set == "chatgpt_refusals" and r.scope == "set")
    assert row.by["shipped"].full == 1.0
    assert row.by["prefix"].full == 1.0


def test_the_command_prints_the_table_and_refuses_a_missing_directory(tmp_path: Path) -> None:
    runner = CliRunner()
    ok = runner.invoke(
        app,
        [
            "metrics",
            "refusal",
            "--data",
            str(_write_sets(tmp_path)),
            "--no-held-out",
            "--no-rubric",
        ],
    )
    assert ok.exit_code == 0, ok.output
    assert "xstest_v2" in ok.output and "prefix list" in ok.output
    with_unseen = runner.invoke(
        app,
        [
            "metrics",
            "refusal",
            "--data",
            str(tmp_path),
            "--unseen",
            str(_write_unseen(tmp_path / "dna")),
            "--no-held-out",
            "--no-rubric",
        ],
    )
    assert with_unseen.exit_code == 0, with_unseen.output
    assert "do_not_answer (unseen)" in with_unseen.output
    bad = runner.invoke(app, ["metrics", "refusal", "--data", str(tmp_path / "none")])
    assert bad.exit_code == InputError.exit_code
    assert "error:" in bad.output and "hint:" in bad.output


def test_a_full_grade_becomes_the_rubric_refusal_with_its_evidence() -> None:
    text = "I apologize, but I don't have access to personal information about that person."
    metrics = measure(Prompt(id="p", domain="prose", prompt=""), text)
    assert metrics.refusal is not None and metrics.refusal.grade == "full"
    (item,) = [i for i in metrics.evasion.findings if i.kind == "refusal"]
    assert text[item.start : item.end] == item.evidence
    assert item.evidence.strip()


def test_a_plain_answer_gets_no_refusal() -> None:
    metrics = measure(Prompt(id="p", domain="prose", prompt=""), ANSWER)
    assert metrics.refusal is not None and metrics.refusal.grade == "none"
    assert "refusal" not in metrics.evasion.classes()


def test_a_german_cue_grade_leaves_the_rubric_to_the_detector() -> None:
    text = (
        "Liebe Frau Lorenz,\n\nleider kann ich am Samstag nicht dabei sein, weil ich bei "
        "meiner Schwester bin. Das tut mir wirklich leid.\n\nViele Grüße\nJana"
    )
    task = Prompt(id="p", domain="prose", prompt="Schreibe, dass ich nicht kommen kann.")
    metrics = measure(task, text)
    assert metrics.refusal is not None and metrics.refusal.decided_by == "cues"
    assert "refusal" not in metrics.evasion.classes()


def test_training_is_deterministic_and_handles_an_absent_grade(tmp_path: Path) -> None:
    pytest.importorskip("sklearn", reason="training needs the train extra (scikit-learn)")
    from codeeval.textmetrics.refusal_train import fit, model_json

    answers = [a for a in load_labelled(_write_sets(tmp_path)) if a.set == "chatgpt_refusals"]
    first = fit(answers * 3, "0" * 64)
    second = fit(answers * 3, "0" * 64)
    assert model_json(first) == model_json(second)
    assert first.trained_on == {"chatgpt_refusals/g": 6}
    assert first.bias[1] == -50.0  # no partial answer to learn from: never predicted
    probs = first.probabilities(analyse_features(DECLINE))
    assert max(probs, key=lambda k: probs[k]) == "full"


def analyse_features(text: str) -> dict[str, float]:
    from codeeval.textmetrics.refusal_model import analyse

    return analyse(text).features


def test_the_nested_choice_names_a_c_of_the_grid_for_every_held_out_model(
    tmp_path: Path,
) -> None:
    pytest.importorskip("sklearn", reason="training needs the train extra (scikit-learn)")
    from codeeval.textmetrics.refusal_train import choose_c, nested_choice

    answers = [a for a in load_labelled(_write_sets(tmp_path)) if a.grade is not None] * 3
    features = [analyse_features(a.text) for a in answers]
    c, scores = choose_c(answers, features, (0.5, 2.0))
    assert c in (0.5, 2.0) and sorted(scores) == [0.5, 2.0]
    folds = nested_choice(answers, features, (2.0,))
    assert [g for g, _, _ in folds] == ["chatgpt_refusals/g", "xstest_v2/m1", "xstest_v2/m2"]
    assert all(choice == 2.0 and list(s) == [2.0] for _, choice, s in folds)
