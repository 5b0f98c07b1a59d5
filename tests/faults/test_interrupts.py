"""A run survives being stopped: SIGINT, SIGTERM and SIGKILL mid-run, then a resume.

Each test runs the real CLI in a child process against the real engine, stops it once
a few records are written, and checks: the exit code, that only complete lines are
in results.jsonl, that no labelled container of the stopped run is left (after the
next run's sweep, for SIGKILL), and that re-running the same command finishes the
job with every sample recorded exactly once.
"""

from __future__ import annotations

import json
import signal
import subprocess
import time
from pathlib import Path

import pytest

from tests.helpers import labelled_containers, run_command

pytestmark = pytest.mark.docker

N_SAMPLES = 24

PROMPT = """
id = "napper"
domain = "coding"
prompt = "Write a module napper.py with a function nap() and pytest tests."
module = "napper.py"
"""

OUTPUT = """Here is the module:

```python
# napper.py
import time

def nap():
    time.sleep(0.3)
    return {run}
```

```python
# test_napper.py
from napper import nap

def test_nap():
    assert nap() == {run}
```
"""


def write_inputs(tmp: Path) -> tuple[Path, Path]:
    prompts = tmp / "prompts"
    prompts.mkdir()
    (prompts / "napper.toml").write_text(PROMPT)
    samples = tmp / "samples.jsonl"
    with samples.open("w") as fh:
        for i in range(N_SAMPLES):
            model = f"m{i % 3}"
            run = i // 3 + 1
            text = OUTPUT.format(run=run)
            fh.write(json.dumps({"model": model, "prompt_id": "napper", "run": run, "text": text}))
            fh.write("\n")
    return samples, prompts


def start(samples: Path, prompts: Path, out: Path) -> subprocess.Popen[bytes]:
    cmd = run_command(samples, prompts, out, "--jobs", "2", "-q")
    return subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def wait_for_records(out: Path, n: int, proc: subprocess.Popen[bytes], limit: float = 90) -> None:
    path = out / "results.jsonl"
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if path.exists() and path.read_bytes().count(b"\n") >= n:
            return
        if proc.poll() is not None:
            raise AssertionError(f"run ended early: {proc.stderr.read() if proc.stderr else ''!r}")
        time.sleep(0.05)
    raise AssertionError("no records in time")


def keys(out: Path) -> list[tuple[str, str, int]]:
    raw = (out / "results.jsonl").read_bytes()
    assert raw == b"" or raw.endswith(b"\n"), "a torn line was left behind"
    records = [json.loads(line) for line in raw.splitlines()]
    return [(r["model"], r["prompt_id"], r["run"]) for r in records]


def resume_and_check(samples: Path, prompts: Path, out: Path, before: int) -> None:
    proc = start(samples, prompts, out)
    _, stderr = proc.communicate(timeout=300)
    assert proc.returncode == 0, stderr.decode()
    found = keys(out)
    assert len(found) == N_SAMPLES
    assert len(set(found)) == N_SAMPLES, "a record was written twice"
    assert f"{N_SAMPLES - before} records written" in stderr.decode()


@pytest.mark.parametrize(("sig", "code"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_stop_by_signal_then_resume(
    tmp_path: Path, runner_image: str, sig: signal.Signals, code: int
) -> None:
    samples, prompts = write_inputs(tmp_path)
    out = tmp_path / "out"
    proc = start(samples, prompts, out)
    wait_for_records(out, 3, proc)
    proc.send_signal(sig)
    _, stderr = proc.communicate(timeout=60)
    assert proc.returncode == code, stderr.decode()
    assert b"resume" in stderr
    written = len(keys(out))
    assert 3 <= written < N_SAMPLES
    assert labelled_containers(proc.pid) == []
    resume_and_check(samples, prompts, out, written)


def test_sigkill_then_sweep_and_resume(tmp_path: Path, runner_image: str) -> None:
    samples, prompts = write_inputs(tmp_path)
    out = tmp_path / "out"
    proc = start(samples, prompts, out)
    wait_for_records(out, 3, proc)
    proc.kill()
    proc.wait(timeout=30)
    written = len(keys(out))
    assert written < N_SAMPLES
    orphans = labelled_containers(proc.pid)
    assert orphans, "a killed run leaves its containers; the next run must sweep them"
    resume_and_check(samples, prompts, out, written)
    assert labelled_containers(proc.pid) == []
