"""The cost of gVisor: the same suites under runc and under runsc, side by side, one run.

Builds samples from the shipped prompts (each prompt's reference solution with its hidden
tests; a third of them with a planted bug so that failing suites occur too) and runs
them through codeeval's DockerRunner twice, once per OCI runtime, interleaved so that
the shared machine's load falls on both alike. Three suite kinds are timed: the hidden
tests isolated from the module (the default), the hidden tests in the module's
process, and a whole sample of both. Prints, per runtime, the start-up (containers and
pre-flight), the median and 90th-percentile latency per suite kind and the wall time of
the whole batch, and the runsc / runc ratio of each. Both runtimes must agree on every
verdict. Usage::

    python bench/runtime_bench.py [--samples 60] [--jobs 2] [--image TAG]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from codeeval.analysis import count_test_functions
from codeeval.config import settings
from codeeval.junit import judge_run
from codeeval.models import Limits, RunRequest, SampleKey, SuiteSpec
from codeeval.prompts import load_prompts
from codeeval.runners.docker import DockerRunner

ROOT = Path(__file__).resolve().parent.parent
RUNTIMES = ("runc", "runsc")
KINDS = ("isolated", "in_process", "sample")


def make_requests(n: int) -> dict[str, list[RunRequest]]:
    prompts = [p for p in load_prompts(ROOT / "prompts" / "coding").values() if p.reference]
    out: dict[str, list[RunRequest]] = {kind: [] for kind in KINDS}
    for i in range(n):
        prompt = prompts[i % len(prompts)]
        ref = prompt.reference
        assert ref and ref.solution and ref.tests and prompt.module
        source = ref.solution
        if (i // len(prompts)) % 3 == 2:  # a planted bug: every raise becomes a return
            source = source.replace("raise ", "return None  # ")

        module = prompt.module[:-3]

        def spec(
            isolate: bool, source: str = source, tests: str = ref.tests, module: str = module
        ) -> SuiteSpec:
            return SuiteSpec(
                name="reference" if isolate else "own",
                module_name=module,
                module_source=source,
                test_file="test_codeeval_reference.py" if isolate else "test_own.py",
                test_source=tests,
                expected_tests=count_test_functions(tests),
                isolate=isolate,
            )

        key = SampleKey(model=f"bench-{i}", prompt_id=prompt.id, run=1)
        out["isolated"].append(RunRequest(key=key, suites=(spec(True),)))
        out["in_process"].append(RunRequest(key=key, suites=(spec(False),)))
        out["sample"].append(RunRequest(key=key, suites=(spec(False), spec(True))))
    return out


def timed_batch(
    runner: DockerRunner, requests: list[RunRequest], jobs: int
) -> tuple[float, list[float], list[str]]:
    def one(request: RunRequest) -> tuple[float, str]:
        started = time.monotonic()
        verdicts = judge_run(request, runner.run(request))
        took = time.monotonic() - started
        return took, ",".join(s.status for _, s in sorted(verdicts.items()))

    started = time.monotonic()
    with ThreadPoolExecutor(jobs) as pool:
        done = list(pool.map(one, requests))
    return time.monotonic() - started, [t for t, _ in done], [v for _, v in done]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--samples", type=int, default=60)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--image", default=settings().image)
    args = parser.parse_args()
    limits = Limits(timeout_s=20)
    requests = make_requests(args.samples)
    runners: dict[str, DockerRunner] = {}
    startup: dict[str, float] = {}
    wall: dict[tuple[str, str], float] = {}
    latency: dict[tuple[str, str], list[float]] = {}
    verdicts: dict[tuple[str, str], list[str]] = {}
    try:
        for runtime in RUNTIMES:
            started = time.monotonic()
            runner = DockerRunner(args.image, limits, jobs=args.jobs, runtime=runtime)
            runner.start()
            startup[runtime] = time.monotonic() - started
            runners[runtime] = runner
        for kind in KINDS:  # interleaved: each kind under both runtimes back to back
            for runtime in RUNTIMES:
                cell = (runtime, kind)
                wall[cell], latency[cell], verdicts[cell] = timed_batch(
                    runners[runtime], requests[kind], args.jobs
                )
    finally:
        for runner in runners.values():
            runner.close()
    agree = all(verdicts[("runc", k)] == verdicts[("runsc", k)] for k in KINDS)
    print(f"samples: {args.samples}, jobs: {args.jobs}, image: {args.image}")
    print(f"verdicts agree under both runtimes: {agree}")
    print(f"{'':34}{'runc':>10}{'runsc':>10}{'ratio':>8}")
    print(
        f"{'start-up (pool + pre-flight), s':34}{startup['runc']:10.2f}"
        f"{startup['runsc']:10.2f}{startup['runsc'] / startup['runc']:8.2f}"
    )
    for kind in KINDS:
        for label, stat in (
            ("median", statistics.median),
            ("p90", lambda xs: statistics.quantiles(xs, n=10)[-1]),
        ):
            a, b = (stat(latency[(rt, kind)]) * 1000 for rt in RUNTIMES)
            print(f"{f'{kind} {label} per request, ms':34}{a:10.1f}{b:10.1f}{b / a:8.2f}")
        a, b = (wall[(rt, kind)] for rt in RUNTIMES)
        print(f"{f'{kind} batch wall, s':34}{a:10.2f}{b:10.2f}{b / a:8.2f}")
    return 0 if agree else 1


if __name__ == "__main__":
    sys.exit(main())
