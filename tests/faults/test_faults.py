"""Faults a nightly job meets: a runaway sample among good ones, a full or read-only
results directory, corrupt input. Each must lose or duplicate no record."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.faults.test_interrupts import PROMPT, keys

RUNAWAY = {
    "oom": (
        "def nap():\n    blocks = []\n    while True:\n        blocks.append(bytearray(1 << 24))\n"
    ),
    "timeout": "def nap():\n    while True:\n        pass\n",
}

GOOD = "def nap():\n    return {run}\n"

TEMPLATE = """Module:

```python
# napper.py
{module}
```

```python
# test_napper.py
from napper import nap

def test_nap():
    assert nap() == {run}
```
"""


def write(tmp: Path, modules: list[tuple[str, int, str]]) -> tuple[Path, Path]:
    prompts = tmp / "prompts"
    prompts.mkdir(exist_ok=True)
    (prompts / "napper.toml").write_text(PROMPT)
    samples = tmp / "samples.jsonl"
    with samples.open("w") as fh:
        for model, run, module in modules:
            text = TEMPLATE.format(module=module.format(run=run), run=run)
            fh.write(json.dumps({"model": model, "prompt_id": "napper", "run": run, "text": text}))
            fh.write("\n")
    return samples, prompts


def codeeval(*args: object, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-m", "codeeval", *map(str, args)]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, check=False)


@pytest.mark.docker
def test_a_runaway_sample_affects_only_itself(tmp_path: Path, runner_image: str) -> None:
    modules = [("good", run, GOOD) for run in range(1, 9)]
    modules.insert(2, ("bad", 1, RUNAWAY["oom"]))
    modules.insert(5, ("bad", 2, RUNAWAY["timeout"]))
    samples, prompts = write(tmp_path, modules)
    out = tmp_path / "out"
    done = codeeval(
        "run",
        samples,
        "--prompts",
        prompts,
        "--out",
        out,
        "--jobs",
        "2",
        "--timeout",
        "3",
        "--memory",
        "256",
        "-q",
    )
    assert done.returncode == 0, done.stderr
    records = {(r["model"], r["run"]): r for r in map(json.loads, (out / "results.jsonl").open())}
    assert len(records) == 10
    assert records[("bad", 1)]["execution"]["own"]["status"] == "oom"
    assert records[("bad", 2)]["execution"]["own"]["status"] == "timeout"
    for run in range(1, 9):
        own = records[("good", run)]["execution"]["own"]
        assert (own["status"], own["passed"]) == ("passed", 1), own


@pytest.mark.skipif(os.geteuid() != 0, reason="mounting a tiny tmpfs to fill needs root")
def test_full_disk_keeps_only_complete_lines(tmp_path: Path) -> None:
    samples, prompts = write(tmp_path, [("m", run, GOOD) for run in range(1, 400)])
    out = tmp_path / "out"
    out.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(out)], check=True)
    try:
        done = codeeval("run", samples, "--prompts", prompts, "--out", out, "--no-exec", "-q")
        assert done.returncode == 8, done.stderr
        assert "error:" in done.stderr and "results" in done.stderr
        assert "Traceback" not in done.stderr
        written = keys(out)  # asserts the file ends in a complete line
        assert 0 < len(written) < 399
        assert len(set(written)) == len(written)
        saved = {name: (out / name).read_bytes() for name in ("results.jsonl", "run.json")}
    finally:
        subprocess.run(["umount", str(out)], check=True)
    # moved to a disk with room, the same command resumes and completes the job
    for name, data in saved.items():
        (out / name).write_bytes(data)
    done = codeeval("run", samples, "--prompts", prompts, "--out", out, "--no-exec", "-q")
    assert done.returncode == 0, done.stderr
    final = keys(out)
    assert len(final) == len(set(final)) == 399


@pytest.mark.skipif(os.geteuid() != 0, reason="a read-only mount needs root (root ignores modes)")
def test_read_only_results_directory_is_a_clear_error(tmp_path: Path) -> None:
    samples, prompts = write(tmp_path, [("m", 1, GOOD)])
    out = tmp_path / "out"
    out.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m,ro", "tmpfs", str(out)], check=True)
    try:
        done = codeeval("run", samples, "--prompts", prompts, "--out", out, "--no-exec", "-q")
    finally:
        subprocess.run(["umount", str(out)], check=True)
    assert done.returncode == 8, done.stderr
    assert done.stderr.startswith("error:") and "hint:" in done.stderr


def test_corrupt_input_is_reported_by_line_and_the_rest_evaluated(tmp_path: Path) -> None:
    samples, prompts = write(tmp_path, [("m", run, GOOD) for run in range(1, 4)])
    good = samples.read_bytes().splitlines(keepends=True)
    bad = [
        b"{not json\n",
        b'{"model": "m", "prompt_id": "napper", "text": "no run"}\n',
        b'{"model": "m", "prompt_id": "nope", "run": 9, "text": "x"}\n',
        b'{"model": "m", "model": "n", "prompt_id": "napper", "run": 8, "text": "x"}\n',
        b'{"model": "m", "prompt_id": "napper", "run": 7, "text": "\xff\xfe"}\n',
        b'{"model": "m", "prompt_id": "napper", "run": 6, "text": "' + b"x" * (100 << 20) + b'"}\n',
        good[0],  # a duplicate sample
    ]
    samples.write_bytes(good[0] + b"".join(bad[:3]) + good[1] + b"".join(bad[3:]) + good[2])
    out = tmp_path / "out"
    done = codeeval("run", samples, "--prompts", prompts, "--out", out, "--no-exec", "-q")
    assert done.returncode == 3, done.stderr
    for line, reason in [
        (2, "not valid JSON"),
        (3, "missing key 'run'"),
        (4, "unknown prompt id 'nope'"),
        (6, "duplicate key 'model'"),
        (7, "invalid UTF-8"),
        (8, "longer than"),
        (9, "duplicate sample"),
    ]:
        reported = [ln for ln in done.stderr.splitlines() if f"samples.jsonl:{line}: " in ln]
        assert len(reported) == 1 and reason in reported[0], (line, reason, reported)
    assert sorted(keys(out)) == [("m", "napper", 1), ("m", "napper", 2), ("m", "napper", 3)]
    again = codeeval("run", samples, "--prompts", prompts, "--out", out, "--no-exec", "-q")
    assert again.returncode == 3
    assert len(keys(out)) == 3, "a re-run wrote a record twice"


HOLD_LOCK = """
import sys, time
from pathlib import Path
from codeeval.store import OutLock
with OutLock(Path(sys.argv[1])):
    print("locked", flush=True)
    time.sleep(600)
"""


def test_a_second_run_on_the_same_results_directory_is_refused(tmp_path: Path) -> None:
    samples, prompts = write(tmp_path, [("m", run, GOOD) for run in range(1, 4)])
    out = tmp_path / "out"
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD_LOCK, str(out)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "locked\n"
        done = codeeval("run", samples, "--prompts", prompts, "--out", out, "--no-exec", "-q")
        assert done.returncode == 11, done.stderr
        first, hint = done.stderr.splitlines()[:2]
        assert first.startswith(f"error: {out} is in use by another codeeval run (pid {holder.pid}")
        assert hint.startswith("hint: wait for that run to finish, or pass another --out")
        assert not (out / "results.jsonl").exists()
    finally:
        holder.kill()  # SIGKILL: the kernel releases the lock with the process
        holder.wait()
    done = codeeval("run", samples, "--prompts", prompts, "--out", out, "--no-exec", "-q")
    assert done.returncode == 0, done.stderr
    assert sorted(keys(out)) == [("m", "napper", 1), ("m", "napper", 2), ("m", "napper", 3)]


def test_a_binary_samples_file_is_one_error(tmp_path: Path) -> None:
    _, prompts = write(tmp_path, [])
    samples = tmp_path / "samples.jsonl"
    samples.write_bytes(os.urandom(64 << 10) + b"\x00")
    done = codeeval("run", samples, "--prompts", prompts, "--out", tmp_path / "o", "--no-exec")
    assert done.returncode == 4, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 2 and lines[0].startswith(f"error: {samples}: a ")
    assert lines[1].startswith("hint: ")
