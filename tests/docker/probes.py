"""Deny-probes: small test suites run *inside* the sandbox, each trying to break one setting.

Every probe names the verdict it must get from a correct sandbox and the sabotage
(a deliberate weakening of the runner) under which it must get something else.
``test_conformance.py`` runs them on the real sandbox; ``test_sabotage.py`` runs each
on a sandbox weakened in its own way, proving the probe can fail for the right reason.
Probes only touch addresses on this machine: the network probe connects to a
listener the test opens on the host's loopback.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field
from typing import Any

from codeeval.junit import judge_run
from codeeval.models import Limits, RunRequest, SampleKey, SuiteResult, SuiteSpec

LIMITS = Limits(timeout_s=6, memory_mb=256, pids=64, tmpfs_mb=32, file_size_mb=4)


@dataclass(frozen=True)
class Probe:
    name: str
    tests: str
    expect: str
    sabotage: str
    module: str = "VALUE = 1\n"
    timeout_s: float | None = None
    """A deadline shorter than the runner's, for this probe only."""
    extra: tuple[tuple[str, str], ...] = field(default=())


def run_probe(runner: Any, probe: Probe, **module_vars: object) -> SuiteResult:
    header = "".join(f"{k} = {v!r}\n" for k, v in module_vars.items())
    spec = SuiteSpec(
        name="own",
        module_name="probe",
        module_source=header + textwrap.dedent(probe.module),
        test_file="test_probe.py",
        test_source=textwrap.dedent(probe.tests),
        extra_files=probe.extra,
    )
    key = SampleKey(model="probe", prompt_id=probe.name, run=1)
    req = RunRequest(key=key, suites=(spec,), timeout_s=probe.timeout_s)
    return judge_run(req, runner.run(req))["own"]


PROBES = [
    Probe(
        "network",
        """
        import os, socket, pytest
        from probe import HOST_PORT
        def test_no_connection_to_the_host():
            with pytest.raises(OSError):
                socket.create_connection(("127.0.0.1", HOST_PORT), timeout=2).close()
        def test_only_loopback():
            assert sorted(os.listdir("/sys/class/net")) == ["lo"]
        """,
        expect="passed",
        sabotage="network",
    ),
    Probe(
        "not_root",
        """
        import os
        def test_not_root():
            assert os.getuid() != 0 and os.geteuid() != 0
            assert os.getgid() != 0 and os.getgroups() in ([], [os.getgid()])
        """,
        expect="passed",
        sabotage="root",
    ),
    Probe(
        "no_capabilities",
        """
        def test_no_capabilities():
            status = dict(line.split(":", 1) for line in open("/proc/self/status") if ":" in line)
            for key in ("CapEff", "CapPrm", "CapInh"):
                assert int(status[key].strip(), 16) == 0, key
            # gVisor's kernel has no CapAmb line (and no ambient set to raise)
            assert int(status.get("CapAmb", "0").strip(), 16) == 0
        """,
        expect="passed",
        sabotage="root",
    ),
    Probe(
        "no_new_privileges",
        """
        import ctypes
        def test_no_new_privs():
            # prctl(PR_GET_NO_NEW_PRIVS) rather than /proc/self/status: gVisor's kernel
            # has no NoNewPrivs line there
            libc = ctypes.CDLL(None, use_errno=True)
            assert libc.prctl(39, 0, 0, 0, 0) == 1
        """,
        expect="passed",
        sabotage="no_new_privileges",
    ),
    Probe(
        "read_only_root",
        """
        import pytest
        @pytest.mark.parametrize("path", ["/var/tmp/x", "/etc/x", "/usr/x", "/x"])
        def test_read_only(path):
            with pytest.raises(OSError):
                open(path, "w").close()
        """,
        expect="passed",
        sabotage="read_only",
    ),
    Probe(
        "memory",
        """
        def test_allocate_past_the_limit():
            blocks = [bytearray(16 * 1024 * 1024) for _ in range(28)]  # 448 MiB, bounded
            assert len(blocks) == 28
        """,
        expect="oom",
        sabotage="limits",
    ),
    Probe(
        "pids",
        """
        import subprocess, pytest
        def test_many_processes():
            procs = []
            try:
                with pytest.raises(OSError):
                    for _ in range(100):
                        # a small program, not an interpreter: 64 interpreters starting
                        # under gVisor on a busy machine outlast the probe's deadline
                        procs.append(subprocess.Popen(["sleep", "30"]))
            finally:
                for p in procs:
                    p.kill()
        """,
        expect="passed",
        sabotage="limits",
    ),
    Probe(
        "file_size",
        """
        import signal, pytest
        def test_big_file():
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
            with pytest.raises(OSError):
                with open("big", "wb") as fh:
                    fh.write(b"x" * (8 * 1024 * 1024))
        """,
        expect="passed",
        sabotage="limits",
    ),
    Probe(
        "scratch_space",
        """
        import pytest
        def test_fill_tmp():
            with pytest.raises(OSError):
                for i in range(24):
                    with open(f"/tmp/fill{i}", "wb") as fh:
                        fh.write(b"x" * (2 * 1024 * 1024))
        """,
        expect="passed",
        sabotage="limits",
    ),
    Probe(
        "deadline",
        """
        import signal, time
        def test_sleep_past_the_deadline():
            signal.signal(signal.SIGTERM, signal.SIG_IGN)
            time.sleep(4)
        """,
        expect="timeout",
        sabotage="deadline",
        timeout_s=2,
    ),
    Probe(
        "conftest",
        """
        def test_fails():
            assert 1 == 2
        """,
        expect="failed",
        sabotage="conftest",
        extra=(
            (
                "conftest.py",
                "import pytest\n"
                "@pytest.hookimpl(hookwrapper=True)\n"
                "def pytest_runtest_makereport(item, call):\n"
                "    outcome = yield\n"
                "    outcome.get_result().outcome = 'passed'\n",
            ),
        ),
    ),
]
