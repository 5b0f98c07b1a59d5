"""The pre-flight check: before any model code runs, prove the sandbox isolates.

Runs probe suites through the runner exactly as a sample would be run, and refuses
to go on (``SecurityCheckFailed``) unless every probe holds: the network is
unreachable, the user is not root, no capability is held, the root file system is
read-only, and the deadline kills a process that ignores SIGTERM. Under a runtime
with a kernel of its own (gVisor's ``runsc``), it also proves that the sandbox really
sees that kernel and not the host's, so a mis-registered runtime cannot pass for it.

The checks are separate functions (``checks``), so a runner can start each on the first
container that is ready instead of waiting for the whole pool (``DockerRunner.start``);
``preflight`` runs them side by side through any runner.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Protocol

from codeeval.errors import SecurityCheckFailed
from codeeval.junit import judge_run
from codeeval.models import RunRequest, RunResult, SampleKey, SuiteResult, SuiteSpec

PROBES = """
import os, socket

def test_network_unreachable():
    assert sorted(os.listdir("/sys/class/net")) == ["lo"], "a network interface besides lo"
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # a route lookup only: UDP connect sends nothing
    except OSError:
        return
    finally:
        probe.close()
    raise AssertionError("a route out of the sandbox exists")

def test_not_root():
    assert os.getuid() != 0 and os.geteuid() != 0, "model code runs as root"

def test_no_capabilities():
    status = dict(line.split(":", 1) for line in open("/proc/self/status") if ":" in line)
    # gVisor's kernel reports no CapAmb line; the effective and permitted sets must be there.
    held = [k for k in ("CapEff", "CapPrm", "CapAmb") if int(status.get(k, "0").strip(), 16)]
    assert "CapEff" in status and "CapPrm" in status, "capability sets not reported"
    assert not held, f"capabilities held: {held}"

def test_root_read_only():
    for path in ("/var/tmp/codeeval-canary", "/etc/codeeval-canary", "/codeeval-canary"):
        try:
            open(path, "w").close()
        except OSError:
            continue
        raise AssertionError(f"{path} was writable")
"""

#: What the deadline probe writes once it ignores SIGTERM, past pytest's capture (so it
#: reaches the suite's output even though the probe is killed before pytest reports).
RESISTING = "codeeval-probe: SIGTERM ignored"

DEADLINE_PROBE = f"""
import signal, sys, time

def test_ignores_sigterm(capsys):
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    with capsys.disabled():
        sys.stdout.write({RESISTING!r} + "\\n")
        sys.stdout.flush()
    while True:
        time.sleep(0.05)
"""


#: How late past its deadline a suite may end (kill, collect, wipe, answer).
DEADLINE_SLACK_S = 3.0
#: The same under a user-space kernel, where every system call of the kill, collect and
#: wipe costs several times more (about 5x, measured with gVisor's ptrace platform).
USER_KERNEL_DEADLINE_SLACK_S = 3 * DEADLINE_SLACK_S


class _Runs(Protocol):
    def run(self, request: RunRequest) -> RunResult: ...


#: The deadline of the deadline probe: shorter than any runner's, so it costs little.
#: A kill that came before the probe ignored SIGTERM proves nothing about a process that
#: resists, so such a run is not counted: the probe runs again with the next, longer
#: deadline, and fails when the last one is missed. On a fresh runc container the probe
#: was seen resisting at 0.03 s in 22 runs of 22 (12 at load average 1.5, 10 beside six
#: busy processes on the two cores); 0.05 s leaves room, and a miss costs 0.25 s more.
PROBE_DEADLINE_S = 0.05
#: The deadlines the probe is given, one after the other, until it was seen resisting.
PROBE_DEADLINES = (PROBE_DEADLINE_S, 0.25, 1.0, 5.0)
#: The same under a user-space kernel, where a suite takes longer to reach its test
#: (gVisor: once 0.1 s was not enough for the first suite of a container booting beside
#: another).
USER_KERNEL_PROBE_DEADLINES = (0.25, 1.0, 5.0)

#: One pre-flight check: runs its probe suite through the runner, returns what failed.
Check = Callable[[_Runs], list[str]]
#: The sample key of every pre-flight probe.
PROBE_KEY = SampleKey(model="codeeval-preflight", prompt_id="canary", run=1)
#: The deadline probe's suite (its deadline is the request's).
DEADLINE_SUITE = SuiteSpec(
    name="reference",
    module_name="canary",
    module_source="",
    test_file="test_deadline.py",
    test_source=DEADLINE_PROBE,
    expected_tests=1,
)


def kernel_probe(host_kernel: str) -> str:
    """A probe test that fails when the sandbox runs on the host's kernel."""
    return f"""
def test_kernel_is_not_the_hosts():
    import os
    seen = os.uname().release
    assert seen != {host_kernel!r}, f"the sandbox runs on the host's kernel ({{seen}})"
"""


def checks(host_kernel: str | None = None) -> tuple[Check, ...]:
    """The pre-flight checks, the longest first (the deadline probe waits for its kill).

    Args:
        host_kernel: the engine host's kernel release; when given, the sandbox must
            report another one (a runtime with a user-space kernel is in use).
    """
    if host_kernel is None:
        deadline = partial(deadline_check, slack=DEADLINE_SLACK_S, deadlines=PROBE_DEADLINES)
    else:
        deadline = partial(
            deadline_check,
            slack=USER_KERNEL_DEADLINE_SLACK_S,
            deadlines=USER_KERNEL_PROBE_DEADLINES,
        )
    return (deadline, partial(isolation_check, host_kernel=host_kernel))


def preflight(runner: _Runs, host_kernel: str | None = None) -> None:
    """Raise ``SecurityCheckFailed`` naming every isolation check that did not hold.

    The checks run side by side (on two containers of the pool when there are two).

    Args:
        host_kernel: see ``checks``.
    """
    with ThreadPoolExecutor(2) as pool:
        found = list(pool.map(lambda check: check(runner), checks(host_kernel)))
    require_passed([failure for failures in found for failure in failures])


def require_passed(failures: list[str]) -> None:
    """Raise ``SecurityCheckFailed`` unless ``failures`` (of the ``checks``) is empty."""
    if failures:
        raise SecurityCheckFailed("pre-flight isolation check failed: " + "; ".join(failures))


def isolation_check(runner: _Runs, host_kernel: str | None = None) -> list[str]:
    """The network is unreachable, the user not root, no capability held, the root file
    system read-only (and, given ``host_kernel``, the kernel not the host's)."""
    source, count = PROBES, 4
    if host_kernel is not None:
        source, count = source + kernel_probe(host_kernel), count + 1
    probes = SuiteSpec(
        name="own",
        module_name="canary",
        module_source="",
        test_file="test_canary.py",
        test_source=source,
        expected_tests=count,
    )
    own, _ = _timed(runner, RunRequest(key=PROBE_KEY, suites=(probes,)))
    if own.status == "passed":
        return []
    return [
        f"isolation probes: {own.status} ({own.detail or 'see below'}) "
        + _failed_lines(own.output_tail)
    ]


def deadline_check(
    runner: _Runs,
    slack: float = DEADLINE_SLACK_S,
    deadlines: tuple[float, ...] = PROBE_DEADLINES,
) -> list[str]:
    """The deadline kills a test that ignores SIGTERM, no later than ``slack`` after it.

    The probe counts only when its output shows it was already ignoring SIGTERM when
    killed; else it runs again with the next of ``deadlines``.
    """
    for limit in deadlines:
        request = RunRequest(key=PROBE_KEY, suites=(DEADLINE_SUITE,), timeout_s=limit)
        late, took = _timed(runner, request)
        if late.status != "timeout":
            return [f"deadline probe: {late.status}, expected timeout"]
        if took > limit + slack:
            return [f"deadline probe: killed after {took:.1f} s, not at {limit} s"]
        if RESISTING in late.output_tail:
            return []
    return [f"deadline probe: killed before it ignored SIGTERM, even at {deadlines[-1]} s"]


def _timed(runner: _Runs, request: RunRequest) -> tuple[SuiteResult, float]:
    """The verdict of the request's one suite, and how long the runner took for it."""
    started = time.monotonic()
    verdicts = judge_run(request, runner.run(request))
    return verdicts[request.suites[0].name], time.monotonic() - started


def _failed_lines(output: str) -> str:
    lines = [ln for ln in output.splitlines() if ln.startswith(("FAILED", "E "))]
    return " | ".join(lines[:6])
