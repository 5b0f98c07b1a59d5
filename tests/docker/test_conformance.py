"""Conformance: the isolation guarantees every runner must give, tried for real.

Each test runs a small pytest suite *inside* the sandbox whose assertions probe one
guarantee, and checks the verdict from outside. ``test_deny_*`` tests try to break
a setting; ``test_allow_*`` tests check that ordinary code still works. Run with a
weakened sandbox (tests/docker/test_sabotage.py) every deny test's probe fails.
"""

from __future__ import annotations

import textwrap
import time
from typing import Any

import pytest

from codeeval.junit import judge_run
from codeeval.models import RunRequest, SampleKey, SuiteResult, SuiteSpec
from codeeval.runners.canary import DEADLINE_SLACK_S, USER_KERNEL_DEADLINE_SLACK_S
from tests.docker.probes import PROBES, Probe, run_probe

pytestmark = pytest.mark.docker


@pytest.mark.parametrize("probe", PROBES, ids=[p.name for p in PROBES])
def test_deny_probe(docker_runner: Any, probe: Probe, host_port: int) -> None:
    result = run_probe(docker_runner, probe, HOST_PORT=host_port)
    assert result.status == probe.expect, (result.status, result.detail, result.output_tail[-1500:])


def test_deny_dns(docker_runner: Any) -> None:
    assert_passed(
        run_tests(
            docker_runner,
            """
            import socket, pytest
            def test_no_dns():
                with pytest.raises(OSError):
                    socket.getaddrinfo("example.com", 80)
            """,
        )
    )


def run_tests(
    runner: Any, tests: str, module: str = "VALUE = 1\n", timeout_s: float | None = None
) -> SuiteResult:
    spec = SuiteSpec(
        name="own",
        module_name="probe",
        module_source=textwrap.dedent(module),
        test_file="test_probe.py",
        test_source=textwrap.dedent(tests),
    )
    key = SampleKey(model="m", prompt_id="p", run=1)
    req = RunRequest(key=key, suites=(spec,), timeout_s=timeout_s)
    return judge_run(req, runner.run(req))["own"]


def assert_passed(result: SuiteResult) -> None:
    assert result.status == "passed", (result.status, result.detail, result.output_tail[-1500:])


def test_allow_pass_and_fail_are_told_apart(docker_runner: Any) -> None:
    result = run_tests(
        docker_runner,
        """
        from probe import VALUE
        def test_ok():
            assert VALUE == 1
        def test_bad():
            assert VALUE == 2
        """,
    )
    assert (result.status, result.passed, result.failed) == ("failed", 1, 1)


def test_deny_secrets(docker_runner: Any) -> None:
    # gVisor's kernel lets any task read PID 1's environment: there it must hold nothing
    # but what codeeval passed.
    init_readable = docker_runner.runtime == "runsc"
    assert_passed(
        run_tests(
            docker_runner,
            """
            import os, pytest
            INIT_READABLE = @INIT_READABLE@
            def test_shadow():
                with pytest.raises(PermissionError):
                    open("/etc/shadow").read()
            def test_environment_is_minimal():
                allowed = {"PATH", "HOME", "TMPDIR", "LANG", "PYTHONDONTWRITEBYTECODE",
                           "PYTEST_DISABLE_PLUGIN_AUTOLOAD", "PYTEST_CURRENT_TEST"}
                assert set(os.environ) <= allowed
            def test_init_environment_unreadable():
                if INIT_READABLE:
                    names = {v.split(b"=")[0] for v in open("/proc/1/environ", "rb").read()
                             .split(b"\\0") if v}
                    assert names <= {b"PATH", b"LANG", b"CODEEVAL_FIRST_UID", b"HOSTNAME",
                                     b"HOME", b"PYTHONDONTWRITEBYTECODE",
                                     b"PYTEST_DISABLE_PLUGIN_AUTOLOAD"}, names
                    return
                with pytest.raises(PermissionError):
                    open("/proc/1/environ").read()
            """.replace("@INIT_READABLE@", str(init_readable)),
        )
    )


def test_deny_privilege_changes(docker_runner: Any) -> None:
    # gVisor's kernel grants user namespaces of its own (nothing of the host's): there
    # unshare may succeed, and mount must still fail. The signal test runs first, before
    # a namespace could hide the supervisor's UID.
    userns = docker_runner.runtime == "runsc"
    assert_passed(
        run_tests(
            docker_runner,
            """
            import ctypes, os, pytest
            USERNS_ALLOWED = @USERNS_ALLOWED@
            def test_signal_and_trace_the_supervisor():
                roots = [int(p) for p in os.listdir("/proc") if p.isdigit()
                         and os.stat(f"/proc/{p}").st_uid == 0]
                assert roots, "the supervisor should be visible"
                libc = ctypes.CDLL(None, use_errno=True)
                for pid in roots:
                    with pytest.raises(PermissionError):
                        os.kill(pid, 9)
                    assert libc.ptrace(16, pid, None, None) != 0  # PTRACE_ATTACH
            def test_setuid():
                with pytest.raises(PermissionError):
                    os.setuid(0)
            def test_unshare_and_mount():
                libc = ctypes.CDLL(None, use_errno=True)
                assert libc.unshare(0x10000000) != 0 or USERNS_ALLOWED  # CLONE_NEWUSER
                assert libc.mount(b"none", b"/box", b"tmpfs", 0, None) != 0
            """.replace("@USERNS_ALLOWED@", str(userns)),
        )
    )


def test_deny_time_past_the_deadline(docker_runner: Any) -> None:
    deadline = 2.0
    started = time.monotonic()
    result = run_tests(
        docker_runner,
        """
        import os, signal, subprocess, sys, time
        def test_hang():
            for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
                signal.signal(sig, signal.SIG_IGN)
            subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"],
                             start_new_session=True)
            while True:
                time.sleep(0.1)
        """,
        timeout_s=deadline,
    )
    elapsed = time.monotonic() - started
    assert result.status == "timeout"
    slack = DEADLINE_SLACK_S if docker_runner.runtime != "runsc" else USER_KERNEL_DEADLINE_SLACK_S
    assert elapsed < deadline + slack


def test_deny_contamination_between_samples(docker_runner: Any) -> None:
    run_tests(
        docker_runner,
        """
        import os, subprocess, sys
        def test_leave_traces():
            for d in ("/tmp", "/dev/shm", "/box"):
                open(os.path.join(d, "codeeval_marker"), "w").write("x")
            subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"],
                             start_new_session=True)
        """,
    )
    for _ in range(3):  # whichever container of the pool runs next
        assert_passed(
            run_tests(
                docker_runner,
                """
                import os
                def test_clean_slate():
                    for d in ("/tmp", "/dev/shm", "/box"):
                        assert "codeeval_marker" not in os.listdir(d)
                    me = os.getuid()
                    others = []
                    for p in os.listdir("/proc"):
                        if p.isdigit():
                            uid = os.stat(f"/proc/{p}").st_uid
                            if uid not in (0, me):
                                others.append((p, uid))
                    assert others == []
                """,
            )
        )


def test_a_suite_reaching_hypothesis_without_naming_it_still_runs_it(docker_runner: Any) -> None:
    # The supervisor imports hypothesis ahead for suites that name it; this one's own
    # process has to import it, and its failing property is found all the same.
    result = run_tests(
        docker_runner,
        """
        import importlib
        h = importlib.import_module("hypo" + "thesis")
        st = importlib.import_module("hypo" + "thesis.strategies")
        @h.given(st.integers(min_value=0, max_value=10))
        def test_property(x):
            assert x < 5
        """,
    )
    assert result.status == "failed", result
    assert "Falsifying example" in result.output_tail, result.output_tail


def test_allow_hypothesis_and_tmp_path(docker_runner: Any) -> None:
    assert_passed(
        run_tests(
            docker_runner,
            """
            from hypothesis import given, strategies as st
            @given(st.integers())
            def test_property(x):
                assert x + 0 == x
            def test_tmp(tmp_path):
                (tmp_path / "f").write_text("hi")
                assert (tmp_path / "f").read_text() == "hi"
            """,
        )
    )
