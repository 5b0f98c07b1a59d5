"""Peak memory of ``codeeval run --no-exec`` at 1,000 and 10,000 samples.

Writes synthetic coding samples (each shipped prompt's reference solution and tests,
wrapped in chat text the way models answer), runs the real CLI in a child process
for each size, and reports the child's peak resident set size (``ru_maxrss`` from
``wait4``) and its wall time. Memory must not grow with the number of samples.

    python bench/memory_bench.py [--sizes 1000 10000]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from codeeval.prompts import load_prompts

ROOT = Path(__file__).resolve().parent.parent


def write_samples(path: Path, n: int) -> None:
    prompts = [p for p in load_prompts(ROOT / "prompts" / "coding").values() if p.reference]
    models = [f"model-{i}" for i in range(6)]
    with path.open("w", encoding="utf-8") as fh:
        for i in range(n):
            prompt = prompts[i % len(prompts)]
            model = models[(i // len(prompts)) % len(models)]
            run = i // (len(prompts) * len(models)) + 1
            assert prompt.reference and prompt.module
            text = (
                f"Sure! Here is `{prompt.module}`:\n\n```python\n# {prompt.module}\n"
                f"{prompt.reference.solution}\n```\n\nAnd the tests:\n\n```python\n"
                f"# test_{prompt.module}\n{prompt.reference.tests}\n```\n\nRun them with "
                "`pytest -q`. Let me know if you need anything else."
            )
            sample = {"model": model, "prompt_id": prompt.id, "run": run, "text": text}
            fh.write(json.dumps(sample) + "\n")


def measure(n: int, work: Path) -> tuple[float, float]:
    samples = work / f"samples-{n}.jsonl"
    write_samples(samples, n)
    out = work / f"out-{n}"
    cmd = [
        sys.executable,
        "-m",
        "codeeval",
        "run",
        str(samples),
        "--prompts",
        str(ROOT / "prompts" / "coding"),
        "--out",
        str(out),
        "--no-exec",
        "-q",
    ]
    started = time.monotonic()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.monotonic() - started
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(
            f"codeeval run failed: {proc.stderr.read().decode() if proc.stderr else ''}"
        )
    lines = sum(1 for _ in (out / "results.jsonl").open())
    assert lines == n, (lines, n)
    return usage.ru_maxrss / 1024, wall


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="codeeval-membench-"))
    try:
        rows = [(n, *measure(n, work)) for n in args.sizes]
    finally:
        shutil.rmtree(work, ignore_errors=True)
    for n, rss, wall in rows:
        print(
            f"{n:>6} samples: peak RSS {rss:7.1f} MiB, {wall:6.1f} s "
            f"({1000 * wall / n:.2f} ms/sample)"
        )
    if len(rows) > 1:
        print(
            f"peak RSS ratio {rows[-1][0]} / {rows[0][0]} samples: {rows[-1][1] / rows[0][1]:.2f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
