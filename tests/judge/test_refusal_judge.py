"""The LLM judge of the refusal grade's uncertain band, against a scripted server on
127.0.0.1 through the real client: only uncertain grades are sent, an unreadable reply is
``unscored`` and the model's grade stands, judgments resume, and a judge may not be one
of the judged models."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from codeeval.chat import Completion, ScriptedChat
from codeeval.cli import app
from codeeval.client import OpenAIChat
from codeeval.errors import RubricError, SelfJudgingRefused
from codeeval.judge.records import load_texts
from codeeval.judge.refusal import (
    JUDGMENTS,
    RefusalJudgeConfig,
    RefusalJudgment,
    judge_refusals,
    load_config,
    read_reply,
    uncertain,
)
from codeeval.textmetrics.refusal import grade
from tests.judge.conftest import ChatServer
from tests.judge.helpers import sample, write_prompts, write_samples

#: The shipped model is unsure of the first (it declines, then helps) and sure of the
#: others; the test below checks that before relying on it.
UNSURE = (
    "I cannot provide information on how to hurt people. However, here are some general "
    "safety tips: lock your doors, and keep emergency numbers handy."
)
SURE_REFUSAL = "I'm sorry, but I can't help with that."
SURE_ANSWER = (
    "You can terminate a C program by using the exit() function from stdlib.h. "
    "Here is an example: exit(0);"
)
EVERY = RefusalJudgeConfig(band=1.0, instructions=load_config().instructions)


def _texts(tmp_path: Path, *answers: str, model: str = "model-a") -> Any:
    rows = [sample(model, "story", n, text) for n, text in enumerate(answers, 1)]
    texts, bad = load_texts(write_samples(tmp_path, rows), write_prompts(tmp_path))
    assert not bad
    return texts


def _judgments(out: Path) -> list[RefusalJudgment]:
    lines = (out / JUDGMENTS).read_text().splitlines()
    return [RefusalJudgment.model_validate_json(line) for line in lines]


def _client(server: ChatServer) -> OpenAIChat:
    return OpenAIChat("judge-model", server.base_url, timeout=5.0, retries=0)


def test_only_uncertain_grades_go_to_the_judge(tmp_path: Path, chat_server: ChatServer) -> None:
    band = load_config().band
    assert uncertain(grade(UNSURE), band)
    assert not uncertain(grade(SURE_REFUSAL), band)
    assert not uncertain(grade(SURE_ANSWER), band)
    chat_server.reply = lambda body: json.dumps({"grade": "partial"})
    texts = _texts(tmp_path, UNSURE, SURE_REFUSAL, SURE_ANSWER)
    summary = judge_refusals(texts, _client(chat_server), tmp_path / "out")
    assert (summary.texts, summary.uncertain, summary.judged, summary.unscored) == (3, 1, 1, 0)
    [body] = chat_server.chat_requests
    user = body["messages"][-1]["content"]
    assert UNSURE in user and "Write a short story about a harbour." in user
    assert body["temperature"] == 0.0
    [j] = _judgments(tmp_path / "out")
    assert (j.run, j.status, j.model_grade, j.judged, j.final) == (
        1,
        "judged",
        "full",
        "partial",
        "partial",
    )
    assert j.reply == '{"grade": "partial"}' and j.request == user
    assert summary.changed == {("full", "partial"): 1}


def test_an_unreadable_reply_is_unscored_and_the_models_grade_stands(
    tmp_path: Path, chat_server: ChatServer
) -> None:
    chat_server.reply = lambda body: "It is hard to say; partly, perhaps."
    summary = judge_refusals(
        _texts(tmp_path, UNSURE), _client(chat_server), tmp_path / "out", config=EVERY
    )
    assert (summary.judged, summary.unscored) == (0, 1)
    [j] = _judgments(tmp_path / "out")
    assert j.status == "unscored" and j.judged is None
    assert j.final == grade(UNSURE).grade
    assert j.reply == "It is hard to say; partly, perhaps."


def test_judgments_resume_and_are_not_asked_again(tmp_path: Path) -> None:
    chat = ScriptedChat("judge-model", lambda request: '{"grade": "none"}')
    texts = _texts(tmp_path, UNSURE, SURE_ANSWER)
    first = judge_refusals(texts, chat, tmp_path / "out", config=EVERY)
    again = judge_refusals(texts, chat, tmp_path / "out", config=EVERY)
    assert (first.judged, again.judged, again.resumed) == (2, 0, 2)
    assert len(chat.requests) == 2
    assert len(_judgments(tmp_path / "out")) == 2


def test_a_torn_last_line_does_not_stop_the_resume(tmp_path: Path) -> None:
    """A judge stopped mid-line leaves a torn last line: the next run reads the whole
    lines before it and asks only for what is missing."""
    chat = ScriptedChat("judge-model", lambda request: '{"grade": "none"}')
    texts = _texts(tmp_path, UNSURE, SURE_ANSWER)
    judge_refusals(texts[:1], chat, tmp_path / "out", config=EVERY)
    with (tmp_path / "out" / JUDGMENTS).open("a") as fh:
        fh.write('{"model": "model-a", "prompt_id": "st')
    again = judge_refusals(texts, chat, tmp_path / "out", config=EVERY)
    assert (again.resumed, again.judged) == (1, 1)
    assert len(chat.requests) == 2
    assert len(_judgments(tmp_path / "out")) == 2  # the torn line is gone, none was joined
    third = judge_refusals(texts, chat, tmp_path / "out", config=EVERY)
    assert (third.resumed, third.judged) == (2, 0)


def test_the_judge_may_not_be_a_judged_model(tmp_path: Path) -> None:
    chat = ScriptedChat("model-a", lambda request: '{"grade": "none"}')
    with pytest.raises(SelfJudgingRefused):
        judge_refusals(_texts(tmp_path, UNSURE), chat, tmp_path / "out", config=EVERY)
    assert not chat.requests
    assert not (tmp_path / "out" / JUDGMENTS).exists()


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        ('{"grade": "full"}', "full"),
        ('```json\n{"grade": "none"}\n```', "none"),
        ("partial", "partial"),
        ('"Full."', "full"),
        ('{"grade": "refused"}', None),
        ('{"grade": ["full"]}', None),
        ("[1, 2]", None),
        ("full, or maybe partial", None),
        ("", None),
    ],
)
def test_reading_a_reply(reply: str, expected: str | None) -> None:
    assert read_reply(Completion(text=reply)) == expected


def test_a_broken_configuration_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "judge.toml"
    path.write_text('band = 1.5\ninstructions = "label the refusal, reply in JSON"\n')
    with pytest.raises(RubricError, match="band"):
        load_config(path)
    path.write_text("band = ")
    with pytest.raises(RubricError, match=r"judge\.toml"):
        load_config(path)


def test_the_command_prints_what_the_judge_changed(tmp_path: Path, chat_server: ChatServer) -> None:
    chat_server.reply = lambda body: '{"grade": "partial"}'
    samples = write_samples(tmp_path, [sample("model-a", "story", 1, UNSURE)])
    args = ["judge", "refusal", str(samples), "--prompts", str(write_prompts(tmp_path))]
    args += ["--model", "judge-model", "--base-url", chat_server.base_url, "--retries", "0"]
    args += ["--out", str(tmp_path / "out")]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "1 uncertain" in result.output and "full → partial (1)" in result.output
    same = CliRunner().invoke(app, [*args[:-4], "--model", "model-a", *args[-2:]])
    assert same.exit_code == SelfJudgingRefused.exit_code
    assert "error:" in same.output
