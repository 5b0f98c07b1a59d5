"""``codeeval judge calibrate`` on the shipped anchor examples, against a scripted judge."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from codeeval.cli import app

from .conftest import ROOT, ChatServer
from .helpers import scored, text_of

ANCHORS = ROOT / "data" / "calibration" / "anchors.jsonl"
runner = CliRunner()


def test_calibration_reports_agreement_and_names_disagreements(chat_server: ChatServer) -> None:
    truth = {
        json.loads(x)["text"]: json.loads(x)["score"] for x in ANCHORS.read_text().splitlines()
    }

    def reply(body: dict[str, object]) -> str:
        score = truth[text_of(body)]  # type: ignore[arg-type]
        if "fisherman" in str(body) and score == 1:
            return scored(4, "a fine ending")  # one disagreement, on closing_image
        return scored(score)

    chat_server.reply = reply
    result = runner.invoke(
        app,
        [
            "judge",
            "calibrate",
            str(ANCHORS),
            "--model",
            "judge",
            "--base-url",
            chat_server.base_url,
            "--retries",
            "0",
        ],
    )
    assert result.exit_code == 0, result.output
    assert len(chat_server.requests) == 10
    assert "prose-img-1 closing_image: people 1, judge 4 (a fine ending)" in result.output
    assert "not yet trustworthy on: prose/closing_image" in result.output
    assert "speech/objections" not in result.output.split("not yet trustworthy on:")[1]


def test_a_bad_calibration_line_is_named(tmp_path: Path, chat_server: ChatServer) -> None:
    bad = tmp_path / "c.jsonl"
    bad.write_text(
        ANCHORS.read_text().splitlines()[0]
        + "\n"
        + json.dumps(
            {
                "id": "x",
                "rubric": "prose",
                "criterion": "tone",
                "task": "t",
                "text": "t",
                "score": 9,
            }
        )
        + "\n"
    )
    result = runner.invoke(
        app,
        ["judge", "calibrate", str(bad), "--model", "judge", "--base-url", chat_server.base_url],
    )
    assert result.exit_code == 4 and "c.jsonl:2: score 9 outside 1–5" in result.output
