"""``codeeval generate`` against a scripted server: what each sample records, resume,
truncated and malformed replies, and failures with their exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from codeeval.cli import app
from codeeval.models import Sample
from codeeval.samples import iter_samples

from .conftest import ChatServer, Reply, completion
from .helpers import write_prompts

runner = CliRunner()


def generate(server: ChatServer, prompts: Path, out: Path, *extra: str) -> Any:
    return runner.invoke(
        app,
        [
            "generate",
            str(prompts),
            "--model",
            "served-model",
            "--base-url",
            server.base_url,
            "--out",
            str(out),
            "--retries",
            "0",
            "-q",
            *extra,
        ],
    )


def test_samples_record_finish_reason_sampling_latency_usage_and_identity(
    chat_server: ChatServer, tmp_path: Path
) -> None:
    chat_server.models = [{"id": "served-model", "root": "/weights/m.gguf"}]
    chat_server.reply = lambda body: Reply(
        body=completion(f"answer to {body['messages'][-1]['content'][:12]}", model="m-q4"),
        delay=0.02,
    )
    prompts = write_prompts(tmp_path)
    out = tmp_path / "samples.jsonl"
    result = generate(
        chat_server,
        prompts,
        out,
        "--runs",
        "2",
        "--seed",
        "40",
        "--temperature",
        "0.7",
        "--max-tokens",
        "300",
        "--label",
        "nightly-m",
    )
    assert result.exit_code == 0, result.output
    rows = [json.loads(x) for x in out.read_text().splitlines()]
    assert sorted((r["prompt_id"], r["run"], r["seed"]) for r in rows) == [
        ("story", 1, 40),
        ("story", 2, 41),
        ("toast", 1, 40),
        ("toast", 2, 41),
    ]
    r = rows[0]
    assert r["model"] == "nightly-m" and r["served_model"] == "m-q4"
    assert r["finish_reason"] == "stop" and r["weights"] == ["/weights/m.gguf"]
    assert r["sampling"] == {
        "temperature": 0.7,
        "top_p": None,
        "max_tokens": 300,
        "seed": r["seed"],
    }
    assert r["usage"]["total_tokens"] == 18 and r["latency_s"] >= 0.02
    sent = {(b["messages"][-1]["content"], b["seed"]) for b in chat_server.requests}
    assert ("Write a wedding toast.", 41) in sent
    # the samples file is what `codeeval run` and the judge read
    samples = list(iter_samples(out))
    assert all(isinstance(s, Sample) for s in samples) and len(samples) == 4


def test_a_rerun_resumes_and_asks_only_for_what_is_missing(
    chat_server: ChatServer, tmp_path: Path
) -> None:
    prompts = write_prompts(tmp_path)
    out = tmp_path / "samples.jsonl"
    chat_server.reply = lambda body: (
        Reply(body="not json") if "toast" in body["messages"][-1]["content"] else "A story."
    )
    first = generate(chat_server, prompts, out, "--runs", "2")
    assert first.exit_code == 3 and "2 unreadable replies" in first.output
    assert len(out.read_text().splitlines()) == 2
    with out.open("a") as fh:
        fh.write('{"model": "served-model", "prompt_id": "story", "ru')  # torn by a kill
    chat_server.requests.clear()
    chat_server.reply = lambda body: "A toast."
    second = generate(chat_server, prompts, out, "--runs", "2")
    assert second.exit_code == 0, second.output
    assert "2 samples written, 2 already there" in second.output
    assert len(chat_server.requests) == 2
    rows = [json.loads(x) for x in out.read_text().splitlines()]
    assert sorted((r["prompt_id"], r["run"]) for r in rows) == [
        ("story", 1),
        ("story", 2),
        ("toast", 1),
        ("toast", 2),
    ]


def test_truncated_replies_are_kept_with_finish_reason_length(
    chat_server: ChatServer, tmp_path: Path
) -> None:
    chat_server.reply = lambda body: Reply(body=completion("Once upon a", finish="length"))
    prompts = write_prompts(tmp_path, ("story",))
    out = tmp_path / "s.jsonl"
    result = generate(chat_server, prompts, out, "--runs", "1")
    assert result.exit_code == 0 and "1 cut off at the token limit" in result.output
    assert json.loads(out.read_text())["finish_reason"] == "length"


def test_failures_stop_with_their_exit_codes_and_keep_nothing_half_written(
    chat_server: ChatServer, tmp_path: Path
) -> None:
    prompts = write_prompts(tmp_path)
    out = tmp_path / "s.jsonl"
    for status, code in ((401, 25), (404, 27), (500, 24)):
        chat_server.reply = lambda body, s=status: Reply(s, {"error": {"message": "no"}})
        result = generate(chat_server, prompts, out)
        assert result.exit_code == code, (status, result.output)
        assert "error:" in result.output and "hint:" in result.output
    assert not out.exists() or out.read_text() == ""


def test_the_core_imports_and_runs_without_the_judge_extra(tmp_path: Path) -> None:
    code = (
        "import sys\n"
        "for name in ('openai', 'krippendorff', 'sklearn'):\n"
        "    sys.modules[name] = None\n"
        "import codeeval.cli, codeeval.scoring, codeeval.judge.run, codeeval.judge.blind\n"
        "from typer.testing import CliRunner\n"
        "r = CliRunner().invoke(codeeval.cli.app, ['judge', 'calibrate', 'x.jsonl',"
        " '--model', 'm', '--base-url', 'http://127.0.0.1:9/v1'])\n"
        "print(r.exit_code, r.output)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("23 ") and "pip install 'codeeval[judge]'" in done.stdout


def test_an_interrupted_generate_keeps_whole_lines_and_resumes(
    chat_server: ChatServer, tmp_path: Path
) -> None:
    import signal
    import time

    chat_server.reply = lambda body: Reply(body=completion("A reply."), delay=0.25)
    prompts = write_prompts(tmp_path)
    out = tmp_path / "s.jsonl"
    args = [
        sys.executable,
        "-m",
        "codeeval",
        "generate",
        str(prompts),
        "--model",
        "served-model",
        "--base-url",
        chat_server.base_url,
        "--out",
        str(out),
        "--runs",
        "3",
        "--concurrency",
        "1",
        "-q",
    ]
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and not (out.exists() and out.read_text().count("\n") >= 2):
        time.sleep(0.02)
    proc.send_signal(signal.SIGINT)
    output, _ = proc.communicate(timeout=30)
    assert proc.returncode == 130, output
    assert "run the same command to resume" in output
    kept = out.read_text()
    assert kept.endswith("\n") and 2 <= kept.count("\n") < 6
    for line in kept.splitlines():
        json.loads(line)
    result = generate(chat_server, prompts, out, "--runs", "3")
    assert result.exit_code == 0, result.output
    rows = [json.loads(x) for x in out.read_text().splitlines()]
    assert sorted((r["prompt_id"], r["run"]) for r in rows) == [
        (p, r) for p in ("story", "toast") for r in (1, 2, 3)
    ]
