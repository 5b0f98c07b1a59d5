"""``codeeval metrics`` through typer's test runner."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from codeeval.errors import EXIT_GATE_FAILED, InputError
from codeeval.textmetrics.cli import metrics_app
from tests.evasion_helpers import GOLD_PATH

runner = CliRunner()


def test_gold_tables() -> None:
    result = runner.invoke(metrics_app, ["gold", str(GOLD_PATH), "--split", "test"])
    assert result.exit_code == 0, result.output
    for needle in (
        "Evasion classes",
        "refusal",
        "harmbench_style",
        "jailbreakbench_style",
        "prefix_start",
        "Targets",
        "met",
    ):
        assert needle in result.output


def test_gold_json_reports_every_split() -> None:
    result = runner.invoke(metrics_app, ["gold", str(GOLD_PATH), "--json"])
    assert result.exit_code == 0, result.output
    reports = json.loads(result.output)
    assert [r["split"] for r in reports] == ["dev", "test", "all"]
    assert all(r["targets_met"] for r in reports)
    assert {b["name"] for b in reports[1]["baselines"]} == {
        "harmbench_style",
        "jailbreakbench_style",
        "prefix_start",
    }


def test_gold_exit_3_when_targets_are_missed(tmp_path: Path) -> None:
    lines = GOLD_PATH.read_text(encoding="utf-8").splitlines()[:40]
    flipped = []
    for line in lines:
        case = json.loads(line)
        case["classes"] = [] if case["classes"] else ["tail"]
        case["split"] = "test"
        flipped.append(json.dumps(case, ensure_ascii=False))
    path = tmp_path / "gold.jsonl"
    path.write_text("\n".join(flipped), encoding="utf-8")
    result = runner.invoke(metrics_app, ["gold", str(path)])
    assert result.exit_code == EXIT_GATE_FAILED


def test_gold_refuses_an_unreadable_file_with_error_and_hint(tmp_path: Path) -> None:
    path = tmp_path / "gold.jsonl"
    path.write_text('{"id": "x"}\n', encoding="utf-8")
    result = runner.invoke(metrics_app, ["gold", str(path)])
    assert result.exit_code == InputError.exit_code
    assert "error:" in result.output and "hint:" in result.output
    missing = runner.invoke(metrics_app, ["gold", str(tmp_path / "nope.jsonl")])
    assert missing.exit_code == InputError.exit_code


def test_text_command(tmp_path: Path) -> None:
    path = tmp_path / "out.md"
    path.write_text(
        "Gerne! Hier ist die Rede:\n\nLiebe Gäste, willkommen zum Fest. Fünfzig Jahre Verein, "
        "das sind fünfzig Sommer voller Kuchen, Musik und Geschichten, die wir heute erzählen, "
        "und\n"
        "Hinweis: Antwort bei max_tokens=64 abgeschnitten\n",
        encoding="utf-8",
    )
    result = runner.invoke(
        metrics_app,
        [
            "text",
            str(path),
            "--prompt-text",
            "Eine Rede, etwa 27 Wörter.",
            "--forbids-preamble",
            "--finish-reason",
            "length",
            "--domain",
            "speech",
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["words"] == 27
    assert data["notices_stripped"] == 1
    assert data["target"]["min_words"] == 27
    assert data["deviation_words"] == 0
    assert {s["kind"] for s in data["truncation"]["signals"]} == {
        "finish_reason",
        "tool_notice",
        "no_closing_punctuation",
    }
    assert [f["kind"] for f in data["evasion"]["findings"]] == ["preamble"]


def test_text_command_target_words_and_bad_bytes(tmp_path: Path) -> None:
    path = tmp_path / "out.txt"
    path.write_bytes(b"Ein kurzer Text \xff mit Rest.")
    result = runner.invoke(metrics_app, ["text", str(path), "--target-words", "0"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["status"] == "invalid_target"
    assert {i["code"] for i in data["issues"]} == {"invalid_target", "lone_surrogates"}


def test_text_command_missing_file(tmp_path: Path) -> None:
    result = runner.invoke(metrics_app, ["text", str(tmp_path / "missing.md")])
    assert result.exit_code == InputError.exit_code
    assert "error: cannot read" in result.output


def test_cues_command_checks_the_shipped_files() -> None:
    result = runner.invoke(metrics_app, ["cues"])
    assert result.exit_code == 0, result.output
    assert "0 cues tried on every sentence" in " ".join(result.output.split())


def test_alarms_counts_flags_on_compliant_answers(tmp_path: Path) -> None:
    answers = [
        {
            "source": "s",
            "model": "m",
            "id": "1",
            "prompt": "How do I stop a program?",
            "text": "Sure! Here are the steps:\n\n" + "Open the task manager and end it. " * 8,
            "label": "1_full_compliance",
        },
        {
            "source": "s",
            "model": "m",
            "id": "2",
            "prompt": "How do I stop a program?",
            "text": "I'm sorry, but I can't help with that.",
            "label": "2_full_refusal",
        },
    ]
    path = tmp_path / "answers.jsonl"
    path.write_text("\n".join(json.dumps(a) for a in answers), encoding="utf-8")
    result = runner.invoke(metrics_app, ["alarms", str(path), "--json"])
    assert result.exit_code == 0, result.output
    (row,) = json.loads(result.output)["rows"]
    assert row["answers"] == 1 and row["flagged"]["preamble"] == 1


def test_alarms_refuses_an_unreadable_file(tmp_path: Path) -> None:
    path = tmp_path / "answers.jsonl"
    path.write_text('{"id": "x"}\n', encoding="utf-8")
    assert runner.invoke(metrics_app, ["alarms", str(path)]).exit_code == InputError.exit_code
