"""The Docker runner: a pool of hardened containers, each running codeeval's supervisor.

The only importer of ``docker``. Every engine error is translated here into
``EngineError`` / ``SandboxError``; nothing from ``docker.errors`` leaks out.

Each container is created with every isolation setting on (see ``_create``) and
runs ``sandbox/supervisor.py``, which executes one suite at a time under a fresh
box UID and wipes it afterwards. A container that shows any anomaly (a process or
file of a finished box left behind, a protocol error, a missed deadline) is
killed and replaced; infrastructure failures are retried on a fresh container.
"""

from __future__ import annotations

import json
import os
import random
import socket
import struct
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import docker
import docker.errors
import requests.exceptions
from docker.models.containers import Container
from docker.types import LogConfig, Ulimit

from codeeval import __version__
from codeeval.errors import EngineError, ImageMissing, RuntimeMissing, SandboxError
from codeeval.models import Limits, RawOutcome, RunRequest, RunResult
from codeeval.runners import canary
from codeeval.runners.base import effective_limits, outcome_from_response, suite_request
from codeeval.runners.canary import Check

LABEL_ROLE = "codeeval.role"
LABEL_RUN = "codeeval.run"
LABEL_PID = "codeeval.pid"
LABEL_HOST = "codeeval.host"
ROLE = "runner"
MAX_RESPONSE_BYTES = 16 * 1024 * 1024
READY_TIMEOUT_S = 60.0
#: Time the supervisor may take beyond the suite deadline to kill, collect and wipe.
GRACE_S = 10.0
RETRY_PAUSE_S = 1.0
#: Box UIDs: each container gets its own span, so no two containers share a UID (the
#: kernel counts some limits per UID across the host). Spans start at 10^8, far above
#: the accounts a host has, and stay below 2^32. The supervisor holds the same base and
#: span (``sandbox/supervisor.py``); ``tests/test_shared_constants.py`` checks them.
UID_BASE = 100_000_000
UID_SPAN = 1_000_000
UID_SLOTS = 4000
#: Runtimes that share the host's kernel (the engine's default is runc).
DEFAULT_RUNTIMES = (None, "runc")
#: What a runtime with a user-space kernel (gVisor's runsc) adds to the container's
#: cgroup: the kernel's own threads (about 40 when idle, measured), one host process or
#: thread per guest task (a suite's two boxes may each use ``Limits.pids``), and memory.
#: (At 3x + 128, a suite starting 64 interpreters still killed gVisor's kernel.)
#: Model code is still held to ``Limits.pids`` per box by RLIMIT_NPROC, which gVisor
#: enforces; were the host's limit reached first, gVisor's kernel would die with the
#: sandbox and a fork bomb would read as an infrastructure failure.
KERNEL_HEADROOM = {"pids_per_limit": 8, "pids": 256, "memory_mb": 128}
ENGINE_ERRORS = (docker.errors.DockerException, requests.exceptions.RequestException, OSError)


class BoxBroken(Exception):
    """The container or its supervisor misbehaved; the container must be replaced."""

    def __init__(self, message: str, *, deadline: bool = False, oom: bool = False) -> None:
        super().__init__(message)
        self.deadline = deadline
        self.oom = oom


def connect(base_url: str | None, timeout_s: float) -> docker.DockerClient:
    """A client with a timeout on every call; ``EngineError`` if the engine does not answer."""
    try:
        client = docker.DockerClient(base_url=base_url or None, timeout=int(timeout_s))
        client.ping()
    except ENGINE_ERRORS as exc:
        where = base_url or os.environ.get("DOCKER_HOST", "unix:///var/run/docker.sock")
        raise EngineError(f"the Docker engine at {where} does not answer ({exc})") from exc
    return client


class Box:
    """One running container and the protocol channel to its supervisor."""

    def __init__(
        self,
        client: docker.DockerClient,
        image: str,
        limits: Limits,
        run_id: str,
        sabotage: frozenset[str] = frozenset(),
        first_uid: int = UID_BASE,
        cpu: int | None = None,
        labels: Mapping[str, str] | None = None,
        runtime: str | None = None,
        on_started: Callable[[], None] | None = None,
    ):
        """Create and start the container, then wait for its supervisor's ready line;
        ``on_started`` is called once the engine has started it (before that wait)."""
        self.client = client
        self.limits = limits
        self.container: Container = _create(
            client, image, limits, run_id, sabotage, first_uid, cpu, labels, runtime
        )
        self._buf = b""
        self._next_id = 0
        try:
            sock = client.api.attach_socket(
                str(self.container.id), params={"stdin": 1, "stdout": 1, "stderr": 1, "stream": 1}
            )
            self._sock: socket.socket = getattr(sock, "_sock", sock)
            self.container.start()
            if on_started is not None:
                on_started()
            ready = self._read_line(time.monotonic() + READY_TIMEOUT_S)
        except BaseException:
            self.destroy()
            raise
        if not ready.get("ready"):
            self.destroy()
            raise BoxBroken(f"supervisor did not start: {ready}")
        self.ready = ready

    def call(self, request: dict[str, Any], wait_s: float) -> dict[str, Any]:
        self._next_id += 1
        request = {**request, "id": self._next_id}
        line = json.dumps(request).encode() + b"\n"
        try:
            self._sock.settimeout(30)
            self._sock.sendall(line)
        except OSError as exc:
            raise BoxBroken(f"cannot write to the supervisor: {exc}") from exc
        resp = self._read_line(time.monotonic() + wait_s)
        if resp.get("id") != self._next_id:
            raise BoxBroken(f"out-of-order answer from the supervisor: {str(resp)[:200]}")
        return resp

    def _read_line(self, deadline: float) -> dict[str, Any]:
        while b"\n" not in self._buf:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise BoxBroken("the supervisor did not answer in time", deadline=True)
            header = self._recv_exact(8, deadline)
            kind, size = header[0], struct.unpack(">I", header[4:])[0]
            if size > MAX_RESPONSE_BYTES:
                raise BoxBroken(f"oversized frame from the container ({size} bytes)")
            payload = self._recv_exact(size, deadline)
            if kind == 1:
                self._buf += payload
                if len(self._buf) > MAX_RESPONSE_BYTES:
                    raise BoxBroken("oversized answer from the supervisor")
        line, _, self._buf = self._buf.partition(b"\n")
        try:
            value = json.loads(line)
        except ValueError as exc:
            raise BoxBroken(f"unreadable answer from the supervisor: {line[:200]!r}") from exc
        if not isinstance(value, dict):
            raise BoxBroken("unexpected answer from the supervisor")
        return value

    def _recv_exact(self, n: int, deadline: float) -> bytes:
        chunks = bytearray()
        while len(chunks) < n:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise BoxBroken("the supervisor did not answer in time", deadline=True)
            self._sock.settimeout(min(remaining, 5.0))
            try:
                chunk = self._sock.recv(min(n - len(chunks), 1 << 20))
            except TimeoutError:
                continue
            except OSError as exc:
                raise BoxBroken(f"channel to the container failed: {exc}") from exc
            if not chunk:
                raise BoxBroken("the container closed the channel", oom=self._oom_killed())
            chunks += chunk
        return bytes(chunks)

    def _oom_killed(self) -> bool:
        try:
            self.container.reload()
            return bool(self.container.attrs["State"].get("OOMKilled"))
        except ENGINE_ERRORS:
            return False

    def destroy(self) -> None:
        """SIGKILL and remove the container; errors are ignored (the sweep catches leftovers)."""
        try:
            self._sock.close()
        except (AttributeError, OSError):
            pass
        try:
            self.container.remove(force=True)
        except ENGINE_ERRORS:
            pass


#: Test-only weakenings of the sandbox, for sabotage tests (each must make a deny-test
#: fail). Never reachable from the CLI; every use is marked on the container's labels.
SABOTAGE = frozenset(
    {"network", "limits", "root", "read_only", "no_new_privileges", "conftest", "deadline"}
)


def _create(
    client: docker.DockerClient,
    image: str,
    limits: Limits,
    run_id: str,
    sabotage: frozenset[str] = frozenset(),
    first_uid: int = UID_BASE,
    cpu: int | None = None,
    labels: Mapping[str, str] | None = None,
    runtime: str | None = None,
) -> Container:
    """Create (not start) a runner container with every isolation setting on.

    ``runtime`` names an OCI runtime registered with the engine (``runsc`` for gVisor's
    user-space kernel); None is the engine's default (runc). Every other setting is the
    same under either.

    WARNING: each keyword below is a security boundary; none may be relaxed
    silently. ``tests/docker/test_conformance.py`` tries to break every one, and
    ``tests/docker/test_sabotage.py`` proves each of those tries can fail.
    """
    headroom = KERNEL_HEADROOM if runtime not in DEFAULT_RUNTIMES else {}
    # + the supervisor's own resident set (and a user-space kernel's, which the
    # container's cgroup counts too)
    mem = f"{limits.memory_mb + 64 + headroom.get('memory_mb', 0)}m"
    tmpfs_opts = "rw,nosuid,nodev,noexec,mode=1777"
    settings: dict[str, Any] = dict(
        command=["python3", "-I", "/opt/codeeval/supervisor.py"],
        user="0:0",  # the supervisor; model code runs under per-suite box UIDs
        cap_drop=["ALL"],
        cap_add=["SETUID", "SETGID"],  # only to switch to box UIDs; see SECURITY.md
        security_opt=["no-new-privileges:true"],
        privileged=False,
        network_mode="none",
        read_only=True,
        tmpfs={
            "/box": f"{tmpfs_opts},size={limits.tmpfs_mb}m",
            "/tmp": f"{tmpfs_opts},size={limits.tmpfs_mb // 2 or 1}m",
        },
        shm_size=f"{max(1, limits.tmpfs_mb // 4)}m",
        mem_limit=mem,
        memswap_limit=mem,
        pids_limit=limits.pids * headroom.get("pids_per_limit", 1) + headroom.get("pids", 0),
        nano_cpus=int(limits.cpus * 1e9),
        # One core per container: the processes of a suite (tests, module, supervisor)
        # wake each other on the same core, much faster than across cores in a VM.
        **({"cpuset_cpus": str(cpu)} if cpu is not None else {}),
        ulimits=[
            Ulimit(name="core", soft=0, hard=0),
            Ulimit(name="nofile", soft=limits.open_files * 4, hard=limits.open_files * 4),
            Ulimit(name="fsize", soft=limits.file_size_mb << 20, hard=limits.file_size_mb << 20),
        ],
        init=True,
        ipc_mode="private",
        pid_mode="",
        hostname="sandbox",
        environment={
            "PATH": "/usr/local/bin:/usr/bin:/bin",
            "LANG": "C.UTF-8",
            "CODEEVAL_FIRST_UID": str(first_uid),
        },
        working_dir="/box",
        log_config=LogConfig(type="json-file", config={"max-size": "1m", "max-file": "1"}),
        labels={
            LABEL_ROLE: ROLE,
            LABEL_RUN: run_id,
            LABEL_PID: str(os.getpid()),
            LABEL_HOST: socket.gethostname(),
            "codeeval.version": __version__,
            **(labels or {}),
        },
        stdin_open=True,
        tty=False,
        detach=True,
    )
    if runtime is not None:
        settings["runtime"] = runtime
    if sabotage:
        _weaken(settings, sabotage)
    try:
        return client.containers.create(image, **settings)
    except docker.errors.ImageNotFound as exc:
        raise ImageMissing(f"the runner image {image!r} is not there") from exc
    except ENGINE_ERRORS as exc:
        raise SandboxError(f"cannot create a runner container: {exc}") from exc


def _weaken(settings: dict[str, Any], sabotage: frozenset[str]) -> None:
    """Apply test-only weakenings (sabotage tests). Marked on the container's labels."""
    unknown = sabotage - SABOTAGE
    if unknown:
        raise ValueError(f"unknown sabotage {sorted(unknown)}")
    settings["labels"]["codeeval.sabotage"] = ",".join(sorted(sabotage))
    settings["environment"]["CODEEVAL_SABOTAGE"] = ",".join(sorted(sabotage))
    if "network" in sabotage:
        settings["network_mode"] = "host"
        settings.pop("hostname")
    if "limits" in sabotage:
        for key in ("mem_limit", "memswap_limit", "pids_limit", "nano_cpus", "ulimits"):
            settings.pop(key)
        settings["tmpfs"] = {k: "rw,mode=1777" for k in settings["tmpfs"]}
    if "read_only" in sabotage:
        settings["read_only"] = False
    if "no_new_privileges" in sabotage:
        settings["security_opt"] = []


def check_runtime(info: dict[str, Any], runtime: str | None) -> None:
    """Raise ``RuntimeMissing`` unless the engine has ``runtime`` registered.

    Never falls back to the default runtime: a team that asked for gVisor must not get
    runc without knowing.
    """
    if runtime is None:
        return
    known = sorted((info.get("Runtimes") or {}).keys())
    if runtime not in known:
        raise RuntimeMissing(
            f"the Docker engine has no runtime {runtime!r} (it has: {', '.join(known) or 'none'})"
        )


def sweep(client: docker.DockerClient, keep_run: str | None = None) -> int:
    """Remove labelled containers whose evaluator process is gone. Returns how many."""
    host = socket.gethostname()
    removed = 0
    try:
        # The engine's list already carries the labels: one call, not one per container.
        found = client.api.containers(all=True, filters={"label": f"{LABEL_ROLE}={ROLE}"})
    except ENGINE_ERRORS as exc:
        raise EngineError(f"cannot list containers: {exc}") from exc
    for c in found:
        labels = c.get("Labels") or {}
        if keep_run is not None and labels.get(LABEL_RUN) == keep_run:
            continue
        if labels.get(LABEL_HOST) == host and _alive(labels.get(LABEL_PID, "")):
            continue  # another live codeeval run on this host owns it
        try:
            client.api.remove_container(c["Id"], force=True)
            removed += 1
        except ENGINE_ERRORS as exc:
            if _already_gone(exc):
                continue  # removed by someone else since the list, or being removed now
            raise EngineError(f"cannot remove container {c['Id'][:12]}: {exc}") from exc
    return removed


def _already_gone(exc: BaseException) -> bool:
    """The engine says the container no longer exists (404) or another caller's removal
    of it is in progress (409): nothing is left for this caller to do."""
    if isinstance(exc, docker.errors.NotFound):
        return True
    return isinstance(exc, docker.errors.APIError) and exc.status_code in (404, 409)


def _alive(pid: str) -> bool:
    if not pid.isdigit():
        return False
    if int(pid) == os.getpid():
        return True
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


class _Lane:
    """The runner as one pre-flight check sees it: the check's suites run on a container
    it holds (taken from the pool once ready), so the time the check measures is that of
    its suites alone, never a wait for a container to start. A container that has to be
    replaced is replaced as in ``DockerRunner.run``."""

    def __init__(self, runner: DockerRunner, box: Box) -> None:
        self.runner = runner
        self.box: Box | None = box

    def take(self) -> Box | None:
        box, self.box = self.box, None
        return box

    def run(self, request: RunRequest) -> RunResult:
        return self.runner._run(request, self)


class DockerRunner:
    """Runs suites in a pool of hardened containers, one suite at a time per container."""

    name = "docker"

    def __init__(
        self,
        image: str,
        limits: Limits,
        *,
        jobs: int = 2,
        base_url: str | None = None,
        engine_timeout_s: float = 60.0,
        attempts: int = 3,
        run_id: str | None = None,
        preflight: bool = True,
        sabotage: frozenset[str] = frozenset(),
        labels: Mapping[str, str] | None = None,
        runtime: str | None = None,
        while_booting: Callable[[], None] | None = None,
    ) -> None:
        """Args (besides the limits and the engine's): ``while_booting`` is host work to
        do while the pool's containers boot (the supervisors warm up): it runs on a
        thread of its own once the engine has started every container of the pool, so
        it never slows the engine calls that start them, and ``start`` waits for it."""
        self.image = image
        self.labels = dict(labels or {})  # extra container labels (the Ray backend's sample)
        self.limits = limits
        self.jobs = max(1, jobs)
        self.base_url = base_url
        self.engine_timeout_s = engine_timeout_s
        self.attempts = attempts
        self.run_id = run_id or f"{os.getpid()}-{int(time.time())}"
        self.preflight = preflight
        self.sabotage = sabotage  # test-only weakenings; see SABOTAGE
        self.runtime = runtime
        self.engine_kernel = ""
        self._client: docker.DockerClient | None = None
        self._idle: deque[Box] = deque()
        self._all: set[Box] = set()
        self._lock = threading.Lock()
        #: Signalled when a container becomes idle or one of the pool's stops starting.
        self._changed = threading.Condition(self._lock)
        self._starting = 0
        """Containers of the pool still starting: a suite waits for one of them (or for
        an idle one) instead of starting a container of its own."""
        self._starter: ThreadPoolExecutor | None = None
        self._unstarted = 0
        """Containers of the pool the engine has not started yet (nor failed to)."""
        self._all_started = threading.Event()
        self.while_booting = while_booting
        self._digest: str | None = None
        self.swept = 0
        self.recycled = 0
        self._closed = False
        # Retired containers are removed off the request's path: removing one takes a few
        # hundred milliseconds under runc and seconds under gVisor. ``close`` waits for it.
        self._reaper = ThreadPoolExecutor(self.jobs, thread_name_prefix="codeeval-reaper")
        self._boxes_made = 0
        self._cores = 0
        self._slot_offset = random.randrange(UID_SLOTS)

    @property
    def image_digest(self) -> str | None:
        return self._digest

    @property
    def client(self) -> docker.DockerClient:
        if self._client is None:
            raise EngineError("the runner was not started")
        return self._client

    def start(self) -> None:
        self._client = connect(self.base_url, self.engine_timeout_s)
        try:
            self._digest = str(self._client.images.get(self.image).id)
        except docker.errors.ImageNotFound as exc:
            raise ImageMissing(f"the runner image {self.image!r} is not built") from exc
        except ENGINE_ERRORS as exc:
            raise EngineError(f"cannot inspect the runner image: {exc}") from exc
        try:
            info = self._client.info()
        except ENGINE_ERRORS as exc:
            raise EngineError(f"cannot ask the Docker engine about itself: {exc}") from exc
        check_runtime(info, self.runtime)
        self.engine_kernel = str(info.get("KernelVersion") or "")
        try:
            self._cores = int(info.get("NCPU", 0))
        except (ValueError, TypeError):
            self._cores = 0  # unknown: containers are not pinned to a core
        checks: tuple[Check, ...] = ()
        if self.preflight:
            foreign = self.runtime not in DEFAULT_RUNTIMES
            checks = canary.checks(host_kernel=self.engine_kernel if foreign else None)
        canary.require_passed(self._warm_pool(checks))

    def run(self, request: RunRequest) -> RunResult:
        """Run the suites of one sample; retry infrastructure failures on fresh containers.

        Returns raw outcomes only: ``codeeval.junit.judge_run`` decides the verdicts.

        Raises:
            EngineError: the engine stopped answering; the sample gets no record and
                runs again on resume.
        """
        return self._run(request, None)

    def _run(self, request: RunRequest, lane: _Lane | None) -> RunResult:
        """``run``, on the container ``lane`` holds when given, else on one of the pool."""
        last_error = ""
        for attempt in range(1, self.attempts + 1):
            if self._closed:
                last_error = "the runner was closed"
                break
            if attempt > 1:
                time.sleep(RETRY_PAUSE_S * (attempt - 1))  # let a restarting engine settle
            try:
                outcomes = self._run_once(request, lane)
                return RunResult(
                    key=request.key,
                    outcomes=outcomes,
                    runner=self.name,
                    image=self._digest,
                    attempts=attempt,
                )
            except (SandboxError, BoxBroken) as exc:
                last_error = str(exc)
        if not self._closed:
            try:
                self.client.ping()
            except ENGINE_ERRORS as exc:
                raise EngineError(f"the Docker engine stopped answering ({exc})") from exc
        broken = RawOutcome(sandbox_error=f"after {self.attempts} attempts: {last_error}")
        return RunResult(
            key=request.key,
            outcomes={s.name: broken for s in request.suites},
            runner=self.name,
            image=self._digest,
            attempts=self.attempts,
        )

    def _run_once(self, request: RunRequest, lane: _Lane | None = None) -> dict[str, RawOutcome]:
        limits = effective_limits(self.limits, request)
        held = lane.take() if lane is not None else None
        box = held or self._acquire()
        results: dict[str, RawOutcome] = {}
        healthy = True
        try:
            for spec in request.suites:
                if not healthy:  # the last suite retired the container: the next gets a new one
                    box = self._replace(box)
                    healthy = True
                wait = limits.timeout_s + GRACE_S
                try:
                    resp = box.call(suite_request(spec, limits), wait)
                except BoxBroken as exc:
                    healthy = False
                    if exc.deadline:
                        results[spec.name] = RawOutcome(timed_out=True)
                        continue
                    if exc.oom:
                        results[spec.name] = RawOutcome(exit_code=-9, oom=True)
                        continue
                    raise
                if "error" in resp:
                    healthy = False
                    raise BoxBroken(f"supervisor error: {resp['error']}")
                try:
                    results[spec.name] = outcome_from_response(resp)
                except (ValueError, KeyError, TypeError) as exc:
                    healthy = False
                    raise BoxBroken(f"malformed answer from the supervisor: {exc}") from exc
                if resp.get("anomaly"):
                    healthy = False  # the verdict stands; the container is not reused
        except BaseException:
            healthy = False
            raise
        finally:
            if lane is not None and healthy:
                lane.box = box  # kept for the check's next suite
            else:
                self._release(box, healthy)
        return results

    def _warm_pool(self, checks: tuple[Check, ...] = ()) -> list[str]:
        """Start every container of the pool at once, instead of one by one on demand, and
        run the pre-flight ``checks`` meanwhile: the first container ready takes the first
        (the longest) check, the next one the next check; with fewer containers than
        checks, a container runs several, one after the other. Once the engine has
        started every container, the host sweeps stale containers and does its
        ``while_booting`` work while they boot. Returns what the checks found wrong once
        all this is done; containers still starting join the pool when they are ready.

        Nothing else uses the runner before this returns: no sample runs before every
        check has passed.

        Raises:
            EngineError: the sweep failed.
        """
        lanes = min(self.jobs, len(checks))
        self._starter = ThreadPoolExecutor(self.jobs + lanes + 1, "codeeval-start")
        with self._lock:
            self._starting += self.jobs
            self._unstarted += self.jobs
        for _ in range(self.jobs):
            self._starter.submit(self._start_one)
        booting = self._starter.submit(self._while_booting)
        running = []
        for lane in range(lanes):
            try:
                box: Box | None = self._acquire()  # the next container ready
            except (SandboxError, BoxBroken):
                box = None  # the check's suites retry on fresh containers
            running.append(self._starter.submit(self._check_in_turn, checks[lane::lanes], box))
        failures = [failure for future in running for failure in future.result()]
        booting.result()
        return failures

    def _while_booting(self) -> None:
        """Once the engine started the pool's containers: the sweep, then the host's work."""
        self._all_started.wait()
        self.swept = sweep(self.client)
        if self.while_booting is not None:
            self.while_booting()

    def _check_in_turn(self, checks: tuple[Check, ...], box: Box | None) -> list[str]:
        """Run ``checks`` one after the other on ``box``, held throughout (the time a
        check measures is that of its suites, never a wait for a container to start)."""
        if box is None:
            return [failure for check in checks for failure in check(self)]
        lane = _Lane(self, box)
        try:
            return [failure for check in checks for failure in check(lane)]
        finally:
            if lane.box is not None:
                self._release(lane.box, True)

    def _start_one(self) -> None:
        """Start a container of the pool; a suite waiting for one (``_acquire``) gets it."""
        box: Box | None = None
        counted = False

        def started() -> None:  # the engine is done with it, one way or the other
            nonlocal counted
            if not counted:
                counted = True
                with self._lock:
                    self._unstarted -= 1
                    if not self._unstarted:
                        self._all_started.set()

        try:
            box = self._new_box(on_started=started)
        except Exception:  # retried on demand, where failures count
            pass
        finally:
            started()
            with self._changed:
                self._starting -= 1
                if box is not None:
                    self._idle.append(box)
                if self._starting:
                    self._changed.notify()  # the suite that asked first
                else:  # the last one: whoever still waits starts a container of its own
                    self._changed.notify_all()

    def _placement(self) -> tuple[int, int | None]:
        """The first box UID of a new container — a span no other container of this run
        uses (concurrent runs start at random slots; see SECURITY.md) — and its core."""
        with self._lock:
            made = self._boxes_made
            self._boxes_made += 1
        slot = (self._slot_offset + made) % UID_SLOTS
        cpu = made % self._cores if self._cores and self.limits.cpus <= 1 else None
        return UID_BASE + slot * UID_SPAN, cpu

    def _acquire(self) -> Box:
        """An idle container; else one of the pool's that is still starting; else a new one."""
        with self._changed:
            while not self._idle and self._starting and not self._closed:
                self._changed.wait()
            if self._idle:
                return self._idle.popleft()
        return self._new_box()

    def _new_box(self, on_started: Callable[[], None] | None = None) -> Box:
        if self._closed:
            raise SandboxError("the runner was closed")
        try:
            first_uid, cpu = self._placement()
            box = Box(
                self.client,
                self.image,
                self.limits,
                self.run_id,
                self.sabotage,
                first_uid,
                cpu,
                self.labels,
                self.runtime,
                on_started,
            )
        except ENGINE_ERRORS as exc:
            raise SandboxError(f"cannot start a runner container: {exc}") from exc
        with self._lock:
            closed = self._closed
            if not closed:
                self._all.add(box)
        if closed:  # closed while it started: ``close`` no longer sees it
            box.destroy()
            raise SandboxError("the runner was closed")
        return box

    def _replace(self, box: Box) -> Box:
        self._discard(box)
        self.recycled += 1
        return self._new_box()

    def _discard(self, box: Box) -> None:
        with self._lock:
            self._all.discard(box)
        try:
            self._reaper.submit(box.destroy)
        except RuntimeError:  # the runner is closing: remove it here
            box.destroy()

    def _release(self, box: Box, healthy: bool) -> None:
        if healthy:
            with self._changed:
                self._idle.append(box)
                self._changed.notify()
        else:
            self._discard(box)
            self.recycled += 1

    def close(self) -> None:
        with self._changed:
            self._closed = True
            self._changed.notify_all()
            boxes = list(self._all)
            self._all.clear()
            self._idle.clear()
        for box in boxes:  # removed side by side: each removal mostly waits on the engine
            self._discard(box)
        if self._starter is not None:
            self._starter.shutdown(wait=True)  # a container still starting removes itself
        self._reaper.shutdown(wait=True)
        if self._client is not None:
            try:
                for c in self._client.api.containers(
                    all=True, filters={"label": f"{LABEL_RUN}={self.run_id}"}
                ):
                    self._client.api.remove_container(c["Id"], force=True)
            except ENGINE_ERRORS:
                pass
