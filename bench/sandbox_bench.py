"""Sandboxed vs. unsandboxed execution of the same coding samples, side by side.

Builds N samples from the shipped prompts (each prompt's reference solution, and
copies with a planted bug, so that both passing and failing suites occur), then
runs the hidden reference tests of every sample twice in the same process:

* ``sandboxed``: codeeval's DockerRunner (hardened containers, fresh box UID per
  suite, everything killed and wiped between suites), container start-up included;
* ``unsandboxed``: a fork-per-sample executor of the kind classic harnesses use —
  pytest pre-imported in the parent, one ``fork`` per suite into a temp dir, a
  timeout, no isolation at all. WARNING: only for trusted code; this file runs it
  on the shipped reference solutions only.

codeeval runs hidden tests isolated (the module in a process of its own, the tests
against a proxy); the benchmark also times them in the module's process, to show what
that isolation costs. All runs use the same number of parallel workers and must agree
on every verdict.
Prints both wall times and their ratio. Usage::

    python bench/sandbox_bench.py [--samples 156] [--jobs 2] [--image TAG]
"""

from __future__ import annotations

import argparse
import base64
import json
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from codeeval.analysis import count_test_functions
from codeeval.config import settings
from codeeval.junit import RawOutcome, judge, judge_run
from codeeval.models import Limits, RunRequest, SampleKey, SuiteSpec
from codeeval.prompts import load_prompts
from codeeval.runners.docker import DockerRunner

ROOT = Path(__file__).resolve().parent.parent
LIMITS = Limits(timeout_s=20)


def make_samples(n: int, isolate: bool = True) -> list[RunRequest]:
    prompts = [p for p in load_prompts(ROOT / "prompts" / "coding").values() if p.reference]
    requests: list[RunRequest] = []
    i = 0
    while len(requests) < n:
        prompt = prompts[i % len(prompts)]
        variant = i // len(prompts)
        assert prompt.reference and prompt.reference.solution and prompt.reference.tests
        assert prompt.module
        source = prompt.reference.solution
        if variant % 3 == 2:  # a planted bug: every raise becomes a silent return
            source = source.replace("raise ", "return None  # ")
        spec = SuiteSpec(
            name="reference",
            module_name=prompt.module[:-3],
            module_source=source,
            test_file="test_codeeval_reference.py",
            test_source=prompt.reference.tests,
            expected_tests=count_test_functions(prompt.reference.tests),
            isolate=isolate,  # codeeval's default: the module in a process of its own
        )
        key = SampleKey(model=f"bench-{variant}", prompt_id=prompt.id, run=1)
        requests.append(RunRequest(key=key, suites=(spec,)))
        i += 1
    return requests


# ----------------------------------------------------- the unsandboxed baseline


def baseline_python() -> str:
    """The runner image's interpreter and pytest, when the host has them (Debian's
    python3-pytest), so that both sides run the same pytest version."""
    system = "/usr/bin/python3"
    probe = subprocess.run(
        [system, "-c", "import pytest, hypothesis"], capture_output=True, check=False
    )
    return system if probe.returncode == 0 else sys.executable


def run_unsandboxed(
    requests: list[RunRequest], jobs: int, python: str
) -> tuple[float, list[str], str]:
    suites = [
        {
            "files": {f"{s.module_name}.py": s.module_source, s.test_file: s.test_source},
            "test_file": s.test_file,
            "timeout": LIMITS.timeout_s,
        }
        for r in requests
        for s in r.suites
    ]
    proc = subprocess.run(
        [python, str(ROOT / "bench" / "unsandboxed_executor.py"), str(jobs)],
        input=json.dumps(suites),
        capture_output=True,
        text=True,
        check=True,
    )
    result = json.loads(proc.stdout)
    verdicts = []
    for outcome, r in zip(result["outcomes"], requests, strict=True):
        raw = RawOutcome(
            exit_code=outcome["exit_code"],
            timed_out=outcome["timed_out"],
            report=base64.b64decode(outcome["report"]) if outcome["report"] else None,
        )
        verdicts.append(judge(raw, r.suites[0].expected_tests).status)
    return float(result["wall_s"]), verdicts, str(result["pytest"])


def run_sandboxed(requests: list[RunRequest], jobs: int, image: str) -> tuple[float, list[str]]:
    started = time.monotonic()
    runner = DockerRunner(image, LIMITS, jobs=jobs)
    try:
        runner.start()
        with ThreadPoolExecutor(jobs) as pool:
            verdicts = list(
                pool.map(lambda r: judge_run(r, runner.run(r))["reference"].status, requests)
            )
    finally:
        runner.close()
    return time.monotonic() - started, verdicts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--samples", type=int, default=156)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--image", default=settings().image)
    parser.add_argument("--baseline-python", help="interpreter for the unsandboxed executor")
    args = parser.parse_args()
    requests = make_samples(args.samples)
    in_process = make_samples(args.samples, isolate=False)
    python = args.baseline_python or baseline_python()
    plain, v_plain, version = run_unsandboxed(requests, args.jobs, python)
    isolated, v_iso = run_sandboxed(requests, args.jobs, args.image)
    shared, v_shared = run_sandboxed(in_process, args.jobs, args.image)
    agree = sum(a == b == c for a, b, c in zip(v_iso, v_shared, v_plain, strict=True))
    passed = sum(v == "passed" for v in v_plain)
    print(f"samples: {len(requests)} (hidden reference tests each), jobs: {args.jobs}")
    print(
        f"verdicts: {passed} passed, {len(requests) - passed} not; "
        f"all three executors agree on {agree}/{len(requests)}"
    )
    print(f"unsandboxed, fork per sample ({python}, pytest {version}): {plain:6.2f} s")
    print(f"codeeval sandbox, hidden tests isolated (default):     {isolated:6.2f} s")
    print(f"codeeval sandbox, hidden tests in the module's process: {shared:6.2f} s")
    print(
        f"ratio sandboxed / unsandboxed: {isolated / plain:.2f} (default), "
        f"{shared / plain:.2f} (hidden tests in-process)"
    )
    return 0 if agree == len(requests) else 1


if __name__ == "__main__":
    sys.exit(main())
