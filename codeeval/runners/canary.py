"""The pre-flight check: before any model code runs, prove the sandbox isolates.

Runs probe suites through the runner exactly as a sample would be run, and refuses
to go on (``SecurityCheckFailed``) unless every probe holds: the network is
unreachable, the user is not root, no capability is held, the root file system is
read-only, and the deadline kills a process that ignores SIGTERM. Under a runtime
with a kernel of its own (gVisor's ``runsc``), it also proves that the sandbox really
sees that kernel and not the host's, so a mis-registered runtime cannot pass for it.
"""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
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

DEADLINE_PROBE = """
import signal, time

def test_ignores_sigterm():
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
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
PROBE_DEADLINE_S = 0.25


def kernel_probe(host_kernel: str) -> str:
    """A probe test that fails when the sandbox runs on the host's kernel."""
    return f"""
def test_kernel_is_not_the_hosts():
    import os
    seen = os.uname().release
    assert seen != {host_kernel!r}, f"the sandbox runs on the host's kernel ({{seen}})"
"""


def preflight(runner: _Runs, host_kernel: str | None = None) -> None:
    """Raise ``SecurityCheckFailed`` naming every isolation check that did not hold.

    Args:
        host_kernel: the engine host's kernel release; when given, the sandbox must
            report another one (a runtime with a user-space kernel is in use).
    """
    slack = DEADLINE_SLACK_S if host_kernel is None else USER_KERNEL_DEADLINE_SLACK_S
    key = SampleKey(model="codeeval-preflight", prompt_id="canary", run=1)
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
    deadline = SuiteSpec(
        name="reference",
        module_name="canary",
        module_source="",
        test_file="test_deadline.py",
        test_source=DEADLINE_PROBE,
        expected_tests=1,
    )

    def timed(request: RunRequest) -> tuple[dict[str, SuiteResult], float]:
        started = time.monotonic()
        verdicts = judge_run(request, runner.run(request))
        return verdicts, time.monotonic() - started

    with ThreadPoolExecutor(2) as pool:  # on two containers of the pool when there are two
        checks = pool.submit(timed, RunRequest(key=key, suites=(probes,)))
        late_run = pool.submit(
            timed, RunRequest(key=key, suites=(deadline,), timeout_s=PROBE_DEADLINE_S)
        )
        result, _ = checks.result()
        late, took = late_run.result()
    failures: list[str] = []
    own = result["own"]
    if own.status != "passed":
        failures.append(
            f"isolation probes: {own.status} ({own.detail or 'see below'}) "
            + _failed_lines(own.output_tail)
        )
    if late["reference"].status != "timeout":
        failures.append(f"deadline probe: {late['reference'].status}, expected timeout")
    elif took > PROBE_DEADLINE_S + slack:
        failures.append(f"deadline probe: killed after {took:.1f} s, not at {PROBE_DEADLINE_S} s")
    if failures:
        raise SecurityCheckFailed("pre-flight isolation check failed: " + "; ".join(failures))


def _failed_lines(output: str) -> str:
    lines = [ln for ln in output.splitlines() if ln.startswith(("FAILED", "E "))]
    return " | ".join(lines[:6])
