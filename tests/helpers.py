"""Helpers shared by the tests that run the real CLI against the real engine."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path


def labelled_containers(pid: int) -> list[str]:
    """Containers (running or not) labelled as started by the evaluator process ``pid``.

    ``docker ps`` can fail while the engine removes containers concurrently; it is
    asked again, and the last error is raised with the engine's own words.
    """
    cmd = ["docker", "ps", "-aq", "--filter", f"label=codeeval.pid={pid}"]
    for _ in range(5):
        found = subprocess.run(cmd, capture_output=True, text=True, timeout=60, check=False)
        if found.returncode == 0:
            return found.stdout.split()
        time.sleep(0.5)
    raise AssertionError(f"docker ps failed: {found.stderr.strip()}")


def run_command(samples: Path, prompts: Path, out: Path, *extra: str) -> list[str]:
    """The argv of ``codeeval run`` as a child process of the test."""
    return [
        sys.executable, "-m", "codeeval", "run", str(samples),
        "--prompts", str(prompts), "--out", str(out), *extra,
    ]  # fmt: skip
