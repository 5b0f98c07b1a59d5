"""Hostile and broken programs, run for real through ``codeeval run`` in the Docker sandbox.

One batch holds every program of ``programs.py`` (one realistic model answer each),
"checker" samples interleaved after them (each lists what a later sample can see of
earlier ones: processes, files, IPC objects, listeners), and a contamination section
in which hostile samples that try to influence later ones alternate with ordinary
samples. The ordinary samples run a second time alone, in a clean ``codeeval run``;
their verdicts must be identical.

The CLI runs as a child process (exactly as a user runs it); afterwards the tests
check each record, that no labelled container of the child is left, that a host
canary file is untouched, that nothing appeared on the host under the paths the
programs tried to write, that no host secret reached a record, and the child's peak
RSS (``os.wait4``).
"""

from __future__ import annotations

import json
import os
import re
import secrets
import signal
import subprocess
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import labelled_containers, run_command
from tests.sandbox.programs import (
    CHECKER,
    CONTAMINATORS,
    IPC_SENSITIVE,
    LEAKERS,
    NORMALS,
    PROGRAMS,
    REFERENCE_TESTS,
    Program,
    answer,
    filled,
)

pytestmark = pytest.mark.docker

TIMEOUT_S = 5
#: Suite deadlines per runtime: gVisor's ptrace platform makes every system call dearer,
#: so an ordinary suite takes longer there.
TIMEOUTS_S = {"runc": TIMEOUT_S, "runsc": 2 * TIMEOUT_S}
MEMORY_MB = 256
JOBS = 2
#: Peak resident set of the evaluator process, infinite-output programs included.
MAX_RSS_MIB = 400
#: Longest a suite may run past its deadline on the supervisor's clock.
DEADLINE_SLACK_S = 1.0
#: Hard stop for one ``codeeval run`` child (the suite must stay far below it).
RUN_LIMIT_S = 420
CHECKER_EVERY = 8
ROUNDS = 3
FINAL_CHECKERS = 6
#: Runs of each leaking program: two back to back before the contamination rounds, two
#: more after the first round, so that every container of the pool is likely to hold one.
LEAK_RUNS = (1, 2, 3, 4)
OUTPUT_TAIL_MAX = 2000
_UNSAFE_CHARS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")

PROMPT = """
id = "{id}"
domain = "coding"
prompt = "Write a module subject.py with a function add(a, b) returning a + b, and pytest tests."
module = "subject.py"
"""
REFERENCE = "\n[reference]\ntests = '''\n{tests}\n'''\n"

HOSTILE = [p for p in PROGRAMS if p.name not in LEAKERS]
#: Under gVisor the batch holds the programs that meet the kernel — syscalls, /proc,
#: ptrace, mounts, namespaces, signals, resource exhaustion, the network — each once. The
#: ones that attack pytest's report or the host's parsing of it meet only code that is the
#: same under either runtime. There is no contamination section: gVisor's kernel cannot
#: list SysV IPC objects, so its containers are never reused and no sample can meet
#: another's leftovers. Programs that only flood the kernel with system calls (output
#: floods, many small files, fd exhaustion, fork storms, su) are left out too: under
#: gVisor's ptrace platform they merely run into the deadline, slowly.
KERNEL_FACING = frozenset(
    [
        "fork_bomb",
        "memory_bomb",
        "infinite_loop",
        "sleep_ignoring_signals",
        "fill_dev_shm",
        "one_huge_file",
        "connect_host_loopback",
        "connect_docker_gateway",
        "dns_lookup",
        "udp_exfiltration",
        "docker_socket",
        "only_loopback_interface",
        "read_etc_shadow",
        "print_environment",
        "read_proc1_environ",
        "read_supervisor_memory",
        "read_host_canary",
        "write_etc",
        "write_usr",
        "write_root",
        "write_opt_codeeval",
        "write_var_tmp",
        "write_host_looking_paths",
        "exec_from_tmp",
        "setuid_root",
        "mount_tmpfs",
        "unshare_namespaces",
        "keyctl_syscall",
        "bpf_syscall",
        "perf_event_open",
        "chroot",
        "raise_rlimits",
        "ambient_capability_raise",
        "lower_oom_score",
        "renice_negative",
        "sysrq_trigger",
        "cgroup_memory_write",
        "proc_sys_write",
        "mknod_block_device",
        "setns_init",
        "ptrace_supervisor",
        "signal_supervisor",
        "kill_pid1",
        "kill_parent",
        "kill_every_root_process",
        "kill_minus_one",
        "double_fork_daemon",
        "zombies",
        "shm_reader_daemon",
        "sysv_ipc_leftovers",
        "chmod_000_tree",
        "listener_daemon",
        "read_other_boxes",
        "os_exit_in_test",
        "sys_exit_in_test",
        "alarm_os_exit",
        "module_huge_value",
    ]
)
#: Where gVisor's kernel gives another outcome than the host's, measured; each stays a
#: non-pass for an attack, and the reason is the kernel's, not codeeval's. Statuses
#: replace the program's; ``why``/``counts`` set to None drop that check (an errno's text
#: or which of two tests failed differs). SECURITY.md lists these with their meaning.
SLOW_UNDER_GVISOR = ("timeout",)  # ptrace platform: syscall-heavy programs hit the deadline
GVISOR_DIFFERENCES: dict[str, dict[str, Any]] = {
    # one memory cgroup for the user-space kernel and the guest: the sandbox ends as a whole
    # (a fork bomb's guest tasks each cost the kernel memory too)
    "fork_bomb": {"expect": ("timeout", "oom"), "why": None},
    "memory_bomb_in_child": {"expect": ("oom",), "why": None, "counts": None},
    "module_huge_value": {"expect": ("oom",)},
    # readable in gVisor; it holds only the variables codeeval passed (checked elsewhere)
    "read_proc1_environ": {"expect": ("passed", "failed"), "why": None},
    "read_supervisor_memory": {"counts": None},
    # namespaces, priorities and device nodes exist only inside gVisor's own kernel
    "unshare_namespaces": {"expect": ("passed", "failed"), "why": None},
    "renice_negative": {"expect": ("passed", "failed"), "why": None},
    "mknod_block_device": {"expect": ("passed", "failed"), "why": None},
    # kill(-1) with nobody else to signal is ESRCH there
    "kill_minus_one": {"expect": ("passed", "failed"), "counts": None},
    # still no route; the errno is EHOSTUNREACH instead of ENETUNREACH
    "connect_docker_gateway": {"expect": ("passed", "failed"), "counts": None},
    # denied with EACCES before EROFS, ENODEV, EINVAL or ENOENT: other messages
    **{
        name: {"why": None}
        for name in (
            "write_etc", "write_usr", "write_root", "write_opt_codeeval", "write_var_tmp",
            "cgroup_memory_write", "proc_sys_write", "keyctl_syscall", "perf_event_open",
            "ambient_capability_raise", "setns_init", "udp_exfiltration",
        )
    },
}  # fmt: skip
for _name in (
    "fill_tmp", "stdout_flood_print", "many_small_files_workdir", "many_small_files_tmp",
    "fd_exhaustion", "deep_recursion", "setsid_fork_storm", "huge_argv",
):  # fmt: skip
    _program = next(p for p in PROGRAMS if p.name == _name)
    GVISOR_DIFFERENCES[_name] = {
        "expect": (*_program.expect, *SLOW_UNDER_GVISOR),
        "why": None,
        "counts": None,
    }
#: Hard stop for one ``codeeval run`` child per runtime (the suite must stay far below it).
RUN_LIMITS_S = {"runc": RUN_LIMIT_S, "runsc": 2 * RUN_LIMIT_S}
BY_NAME = {p.name: p for p in PROGRAMS + CONTAMINATORS + NORMALS}


@dataclass
class CliRun:
    pid: int
    exit_code: int
    stderr: str
    max_rss_kib: int
    elapsed_s: float
    raw: bytes
    records: dict[tuple[str, int], dict[str, Any]]
    containers_left: list[str]


@dataclass
class Batch:
    main: CliRun
    clean: CliRun
    samples: list[tuple[str, int]]
    token: str
    secret: str
    canary: Path
    canary_text: str
    canary_stat: tuple[int, int]
    canary_listing: list[str]
    traces_before: list[str]
    values: dict[str, str] = field(default_factory=dict)
    runtime: str = "runc"
    programs: frozenset[str] = frozenset()
    """The programs of ``PROGRAMS`` in this batch."""


def escape_traces(token: str, canary_dir: Path) -> list[str]:
    """Host paths carrying the session token: anything a program managed to write."""
    found = []
    for top in ("/tmp", "/dev/shm", "/etc", "/usr", "/", "/var/tmp", "/opt", str(canary_dir)):
        try:
            names = os.listdir(top)
        except OSError:
            continue
        found += [os.path.join(top, n) for n in names if token in n]
    return sorted(found)


def run_cli(
    samples: Path, prompts: Path, out: Path, image: str, secret: str, runtime: str
) -> CliRun:
    """``codeeval run`` as a child process; its peak RSS from ``os.wait4``."""
    cmd = run_command(
        samples, prompts, out,
        "--jobs", str(JOBS), "--timeout", str(TIMEOUTS_S[runtime]), "--memory", str(MEMORY_MB),
        "--image", image, "--runtime", runtime, "-q",
    )  # fmt: skip
    env = {**os.environ, "CODEEVAL_IMAGE": image, "CODEEVAL_HOST_SECRET": secret}
    logs = out.parent / f"{out.name}.log"
    started = time.monotonic()
    with logs.open("wb") as log:
        proc = subprocess.Popen(cmd, stdout=log, stderr=log, env=env)
    watchdog = threading.Timer(RUN_LIMITS_S[runtime], os.kill, (proc.pid, signal.SIGKILL))
    watchdog.start()
    try:
        _, status, usage = os.wait4(proc.pid, 0)
    finally:
        watchdog.cancel()
    proc.returncode = os.waitstatus_to_exitcode(status)
    elapsed = time.monotonic() - started
    raw = (out / "results.jsonl").read_bytes() if (out / "results.jsonl").exists() else b""
    records = {}
    for line in raw.splitlines():
        record = json.loads(line)
        records[(record["model"], record["run"])] = record
    return CliRun(
        pid=proc.pid,
        exit_code=proc.returncode,
        stderr=logs.read_text(errors="replace")[-4000:],
        max_rss_kib=usage.ru_maxrss,
        elapsed_s=elapsed,
        raw=raw,
        records=records,
        containers_left=labelled_containers(proc.pid),
    )


def write_prompts(root: Path) -> Path:
    prompts = root / "prompts"
    prompts.mkdir()
    (prompts / "hostile.toml").write_text(PROMPT.format(id="hostile"))
    (prompts / "hostile_ref.toml").write_text(
        PROMPT.format(id="hostile_ref") + REFERENCE.format(tests=REFERENCE_TESTS.strip("\n"))
    )
    return prompts


def main_sequence(hostile: list[Program], reuse: bool = True) -> list[tuple[Program, int]]:
    """Every hostile program, a checker after every few, then the contamination section.

    Without container ``reuse`` (gVisor) only the programs: nothing could carry over.
    """
    if not reuse:
        return [(program, 1) for program in hostile]
    seq: list[tuple[Program, int]] = []
    checks = 0
    for i, program in enumerate(hostile, 1):
        seq.append((program, 1))
        if i % CHECKER_EVERY == 0:
            checks += 1
            seq.append((CHECKER, checks))
    leaks = [[(BY_NAME[name], run) for name in LEAKERS] for run in LEAK_RUNS]
    seq += leaks[0] + leaks[1]
    for rnd in range(1, ROUNDS + 1):
        normals = iter(NORMALS)
        for contaminator in CONTAMINATORS:
            seq.append((contaminator, rnd))
            seq += [(n, rnd) for n in (next(normals, None), next(normals, None)) if n]
        if rnd == 1:
            seq += leaks[2] + leaks[3]
    for _ in range(FINAL_CHECKERS):
        checks += 1
        seq.append((CHECKER, checks))
    return seq


def write_samples(path: Path, seq: list[tuple[Program, int]], values: dict[str, str]) -> None:
    with path.open("w") as fh:
        for program, run in seq:
            program = filled(program, values)
            line = {
                "model": program.name,
                "prompt_id": program.prompt,
                "run": run,
                "text": answer(program),
            }
            fh.write(json.dumps(line) + "\n")


@pytest.fixture(scope="module")
def batch(
    runner_image: str,
    sandbox_runtime: str,
    host_port: int,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[Batch]:
    root = tmp_path_factory.mktemp("hostile")
    token = secrets.token_hex(8)
    secret = "codeeval-host-secret-" + secrets.token_hex(16)
    canary_dir = tmp_path_factory.mktemp("canary")
    canary = canary_dir / "canary.txt"
    canary_text = secrets.token_hex(32)
    canary.write_text(canary_text)
    info = canary.stat()
    values = {
        "TOKEN": token,
        "CANARY": str(canary),
        "CANARY_DIR": str(canary_dir),
        "PORT": str(host_port),
    }
    traces_before = escape_traces(token, canary_dir)
    prompts = write_prompts(root)
    hostile = [p for p in HOSTILE if sandbox_runtime == "runc" or p.name in KERNEL_FACING]
    seq = main_sequence(hostile, reuse=sandbox_runtime == "runc")
    write_samples(root / "samples.jsonl", seq, values)
    write_samples(root / "clean.jsonl", [(n, 1) for n in NORMALS], values)
    main, clean = (
        run_cli(root / f"{name}.jsonl", prompts, root / out, runner_image, secret, sandbox_runtime)
        for name, out in (("samples", "out"), ("clean", "clean-out"))
    )
    yield Batch(
        main=main,
        clean=clean,
        samples=[(p.name, run) for p, run in seq],
        token=token,
        secret=secret,
        canary=canary,
        canary_text=canary_text,
        canary_stat=(info.st_mtime_ns, info.st_size),
        canary_listing=sorted(os.listdir(canary_dir)),
        traces_before=traces_before,
        values=values,
        runtime=sandbox_runtime,
        programs=frozenset(p.name for p, _ in seq),
    )


def suite(record: dict[str, Any], name: str) -> dict[str, Any]:
    execution: dict[str, Any] = record["execution"]
    if name == "execution":
        return execution
    assert name in execution, (name, execution.get("status"), execution.get("reason"))
    result: dict[str, Any] = execution[name]
    return result


def describe(result: dict[str, Any]) -> str:
    tail = str(result.get("output_tail", ""))[-600:]
    return f"status={result.get('status')} detail={result.get('detail')!r}\n{tail}"


def record_of(batch: Batch, name: str, run: int = 1) -> dict[str, Any]:
    if name not in batch.programs:
        pytest.skip(f"not in the {batch.runtime} batch (it holds the kernel-facing programs)")
    key = (name, run)
    assert key in batch.main.records, f"no record for {key}; CLI said:\n{batch.main.stderr}"
    return batch.main.records[key]


# ------------------------------------------------------------------ whole-run checks


def test_run_completed(batch: Batch) -> None:
    for run in (batch.main, batch.clean):
        assert run.exit_code == 0, run.stderr
        assert run.raw.endswith(b"\n")
    assert sorted(batch.main.records) == sorted(set(batch.samples))
    assert len(batch.main.raw.splitlines()) == len(batch.samples), "a record was written twice"
    assert sorted(batch.clean.records) == sorted((n.name, 1) for n in NORMALS)
    statuses = [r["execution"]["status"] for r in batch.main.records.values()]
    assert "sandbox_error" not in statuses


def test_nothing_left_running(batch: Batch) -> None:
    assert batch.main.containers_left == []
    assert batch.clean.containers_left == []


def test_host_canary_unchanged(batch: Batch) -> None:
    assert batch.canary.read_text() == batch.canary_text
    info = batch.canary.stat()
    assert (info.st_mtime_ns, info.st_size) == batch.canary_stat
    assert sorted(os.listdir(batch.canary.parent)) == batch.canary_listing


def test_nothing_written_on_the_host(batch: Batch) -> None:
    assert batch.traces_before == []
    assert escape_traces(batch.token, batch.canary.parent) == []


def test_no_host_secret_in_records(batch: Batch) -> None:
    for run in (batch.main, batch.clean):
        assert batch.secret.encode() not in run.raw
        assert batch.canary_text.encode() not in run.raw
        assert b"root:x:0:0" not in run.raw, "a host or image passwd file reached a record"


def test_evaluator_memory_bounded(batch: Batch) -> None:
    for run in (batch.main, batch.clean):
        assert run.max_rss_kib < MAX_RSS_MIB * 1024, f"peak RSS {run.max_rss_kib} KiB"


def test_run_time(batch: Batch) -> None:
    total = batch.main.elapsed_s + batch.clean.elapsed_s
    print(
        f"\n{len(batch.samples)} samples: main run {batch.main.elapsed_s:.1f}s "
        f"(peak RSS {batch.main.max_rss_kib // 1024} MiB), clean run "
        f"{batch.clean.elapsed_s:.1f}s (peak RSS {batch.clean.max_rss_kib // 1024} MiB)"
    )
    assert total < 240 * (RUN_LIMITS_S[batch.runtime] / RUN_LIMIT_S)


# ------------------------------------------------------------------ per program


def _param(program: Program) -> Any:
    marks = [pytest.mark.xfail(strict=True, reason=program.finding)] if program.finding else []
    return pytest.param(program, id=program.name, marks=marks)


@pytest.mark.parametrize("program", [_param(p) for p in PROGRAMS])
def test_program_status(batch: Batch, program: Program) -> None:
    record = record_of(batch, program.name)
    if batch.runtime == "runsc" and program.name in GVISOR_DIFFERENCES:
        program = replace(program, **GVISOR_DIFFERENCES[program.name])
    parse = record["parse"]
    assert parse["status"] == program.parse, parse
    if program.rejects:
        assert program.rejects in [r["name"] for r in parse["rejections"]], parse["rejections"]
    result = suite(record, program.suite)
    assert result["status"] in program.expect, describe(result)
    if program.why:
        seen = f"{result.get('detail', '')}\n{result.get('reason', '')}\n"
        seen += str(result.get("output_tail", ""))
        assert program.why in seen, describe(result)
    if program.counts is not None:
        assert (result["passed"], result["failed"]) == program.counts, describe(result)
    for other, allowed in (program.also or {}).items():
        assert suite(record, other)["status"] in allowed, describe(suite(record, other))
    if result["status"] == "timeout":
        limit = TIMEOUTS_S[batch.runtime] + DEADLINE_SLACK_S
        assert result["duration_s"] <= limit, result["duration_s"]


@pytest.mark.parametrize("program", [pytest.param(p, id=p.name) for p in PROGRAMS])
def test_program_record_is_safe(batch: Batch, program: Program) -> None:
    record = record_of(batch, program.name)
    line = json.dumps(record, ensure_ascii=False)
    assert len(line) < 256 * 1024, len(line)
    execution = record["execution"]
    for name in ("own", "reference", "own_vs_reference"):
        tail = (execution.get(name) or {}).get("output_tail", "")
        assert len(tail) <= OUTPUT_TAIL_MAX
        assert not _UNSAFE_CHARS.search(tail), repr(_UNSAFE_CHARS.search(tail))
        detail = (execution.get(name) or {}).get("detail", "")
        assert not _UNSAFE_CHARS.search(detail)


@pytest.mark.parametrize(
    ("program", "runs"),
    [pytest.param(p, range(1, ROUNDS + 1), id=p.name) for p in CONTAMINATORS]
    + [pytest.param(BY_NAME[n], LEAK_RUNS, id=n) for n in LEAKERS],
)
def test_contaminator_status(batch: Batch, program: Program, runs: range) -> None:
    needs_reuse(batch)
    for run in runs:
        result = suite(record_of(batch, program.name, run), "own")
        assert result["status"] in program.expect, describe(result)


# ------------------------------------------------------------------ later samples see nothing


def needs_reuse(batch: Batch) -> None:
    if batch.runtime != "runc":
        pytest.skip(f"{batch.runtime} never reuses a container: nothing can carry over")


def observations(batch: Batch) -> list[tuple[int, dict[str, Any]]]:
    needs_reuse(batch)
    found = []
    for (name, run), record in sorted(batch.main.records.items()):
        if name != CHECKER.name:
            continue
        result = suite(record, "own")
        assert result["status"] == "passed", describe(result)
        match = re.search(r"CODEEVAL-CHECK (\{.*\})", result["output_tail"])
        assert match, describe(result)
        found.append((run, json.loads(match.group(1))))
    assert len(found) >= 10
    return found


@pytest.mark.parametrize("what", ["procs", "files", "listeners"])
def test_later_samples_see_nothing(batch: Batch, what: str) -> None:
    seen = [(run, obs[what]) for run, obs in observations(batch) if obs[what]]
    assert seen == []


def test_later_samples_see_no_ipc_objects(batch: Batch) -> None:
    seen = [(run, obs["ipc"], obs["mqueue"]) for run, obs in observations(batch)]
    leftovers = [s for s in seen if any(s[1].values()) or s[2]]
    assert leftovers == []


# ------------------------------------------------------------------ no contamination


def verdict(record: dict[str, Any]) -> tuple[Any, ...]:
    own = record["execution"]["own"]
    return (own["status"], own["passed"], own["failed"], own["errors"], own["skipped"])


@pytest.mark.parametrize("normal", [pytest.param(n, id=n.name) for n in NORMALS])
def test_clean_run_verdicts(batch: Batch, normal: Program) -> None:
    result = batch.clean.records[(normal.name, 1)]["execution"]["own"]
    if batch.runtime == "runsc" and normal.name == "normal_mqueue":
        # gVisor's kernel (Debian's 2022 runsc) has no POSIX message queues
        assert result["status"] == "failed", describe(result)
        return
    assert result["status"] in normal.expect, describe(result)
    if normal.counts is not None:
        assert (result["passed"], result["failed"]) == normal.counts, describe(result)


def contamination(batch: Batch, names: set[str]) -> list[str]:
    needs_reuse(batch)
    differences = []
    for normal in NORMALS:
        if normal.name not in names:
            continue
        clean = verdict(batch.clean.records[(normal.name, 1)])
        for rnd in range(1, ROUNDS + 1):
            record = record_of(batch, normal.name, rnd)
            if verdict(record) != clean:
                own = record["execution"]["own"]
                differences.append(f"{normal.name} run {rnd}: {verdict(record)} != {clean}")
                differences.append(describe(own))
    return differences


def test_no_contamination(batch: Batch) -> None:
    names = {n.name for n in NORMALS} - IPC_SENSITIVE
    assert contamination(batch, names) == []


def test_no_contamination_through_ipc(batch: Batch) -> None:
    assert contamination(batch, set(IPC_SENSITIVE)) == []
