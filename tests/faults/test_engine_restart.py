"""The Docker engine restarted under a running evaluation.

The test stops the engine this machine runs (CI starts it with `.ci/setup.sh`) while
`codeeval run` is mid-way, starts it again with the same command line, and checks that
the run either finishes or stops cleanly with a clear message (exit 5), that a re-run
completes it, and that every sample is recorded exactly once. It needs root (to stop
and start the engine) and an engine it can find with `pgrep dockerd`.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from tests.faults.test_interrupts import (
    N_SAMPLES,
    keys,
    start,
    wait_for_records,
    write_inputs,
)

pytestmark = pytest.mark.docker


def _engine() -> tuple[int, list[str]] | None:
    found = subprocess.run(["pgrep", "-x", "dockerd"], capture_output=True, text=True)
    pids = found.stdout.split()
    if len(pids) != 1:
        return None
    pid = int(pids[0])
    cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    return pid, [a.decode() for a in cmdline if a]


def _wait_gone(pid: int, limit: float = 60) -> None:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline and Path(f"/proc/{pid}").exists():
        time.sleep(0.1)


def _wait_engine(up: bool, limit: float = 60) -> None:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        ok = subprocess.run(["docker", "info"], capture_output=True).returncode == 0
        if ok == up:
            return
        time.sleep(0.2)
    raise AssertionError(f"engine did not come {'up' if up else 'down'}")


@pytest.mark.skipif(os.geteuid() != 0, reason="restarting the Docker engine needs root")
def test_engine_restart_mid_run(tmp_path: Path, runner_image: str) -> None:
    engine = _engine()
    if engine is None:
        pytest.skip("no single dockerd process of this machine to restart")
    pid, cmdline = engine
    samples, prompts = write_inputs(tmp_path)
    out = tmp_path / "out"
    proc = start(samples, prompts, out)
    wait_for_records(out, 3, proc)
    os.kill(pid, signal.SIGTERM)
    try:
        _wait_gone(pid)
    finally:
        with open(tmp_path / "dockerd.log", "wb") as log:
            subprocess.Popen(cmdline, stdout=log, stderr=log, start_new_session=True)
        _wait_engine(up=True)
    _, stderr = proc.communicate(timeout=300)
    assert proc.returncode in (0, 5), stderr.decode()
    if proc.returncode == 5:
        assert b"error:" in stderr and b"Traceback" not in stderr
    # the same command completes the job
    again = start(samples, prompts, out)
    _, stderr = again.communicate(timeout=300)
    assert again.returncode == 0, stderr.decode()
    found = keys(out)
    assert len(found) == len(set(found)) == N_SAMPLES
