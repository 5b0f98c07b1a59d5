"""A real multi-node Ray cluster on this machine, for the Ray backend's tests and benchmark.

Each node is started by a ``ray start`` in a session of its own, with HOME and the temp dir
inside the cluster's directory; its daemons stay in that session when ``ray start`` returns.
Nodes are ended by their own process ids (the session's processes and the workers below
them), never with ``ray stop``, which would end every Ray process on the machine.
"""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

RAY = str(Path(sys.executable).with_name("ray"))
OBJECT_STORE = 80 << 20  # bytes: Ray's minimum is 75 MiB


def _free_port() -> int:
    """A free port below the kernel's ephemeral range (32768 up), where no outgoing
    connection of another process can take it between this check and Ray's bind."""
    while True:
        port = random.randrange(20000, 32000)
        with socket.socket() as s:
            try:
                s.bind(("0.0.0.0", port))
            except OSError:
                continue
            return port


def _table() -> tuple[dict[int, list[int]], dict[int, list[int]]]:
    """Children by parent id, and processes by session id, read from /proc."""
    children: dict[int, list[int]] = {}
    sessions: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        children.setdefault(int(fields[1]), []).append(int(entry.name))
        sessions.setdefault(int(fields[3]), []).append(int(entry.name))
    return children, sessions


def descendants(pid: int) -> list[int]:
    """``pid`` and every process below it."""
    return _below([pid], _table()[0])


def _below(roots: list[int], children: dict[int, list[int]]) -> list[int]:
    found: list[int] = []
    todo = list(roots)
    while todo:
        p = todo.pop()
        if p in found:
            continue
        found.append(p)
        todo.extend(children.get(p, []))
    return found


def session(leader: int) -> list[int]:
    """Every process of the session ``leader`` started (a Ray node's daemons outlive the
    ``ray start`` that made them, in its session), and all processes below them (the
    workers a raylet starts open sessions of their own)."""
    children, sessions = _table()
    return _below([leader, *sessions.get(leader, [])], children)


def memory_mib(pids: list[int]) -> dict[str, float]:
    """Proportional set size of these processes by program: shared pages (Ray's libraries,
    the object store) counted once across them, not once per process."""
    by_name: dict[str, float] = {}
    for pid in pids:
        try:
            name = Path(f"/proc/{pid}/comm").read_text().strip()
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    by_name[name] = by_name.get(name, 0.0) + int(line.split()[1]) / 1024
        except OSError:
            continue
    return by_name


class LocalCluster:
    """Head with no CPUs; ``add_node`` adds workers (with or without ``docker_slots``)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        root.mkdir(parents=True, exist_ok=True)
        self.env = dict(
            os.environ,
            HOME=str(root),
            TMPDIR=str(root),
            RAY_USAGE_STATS_ENABLED="0",
            # A killed node is noticed within seconds, not the default half minute.
            RAY_health_check_period_ms="500",
            RAY_health_check_timeout_ms="1000",
            RAY_health_check_failure_threshold="3",
            # a busy 2-core machine starts a raylet slowly
            RAY_raylet_start_wait_time_s="180",
            # no idle workers waiting for tasks that never come: memory for the samples
            RAY_enable_worker_prestart="0",
        )
        self.env.pop("RAY_ADDRESS", None)
        self.nodes: dict[str, subprocess.Popen[bytes]] = {}
        self.killed: set[str] = set()
        self.used: set[int] = set()
        self.port = self._port()
        self.address = f"127.0.0.1:{self.port}"

    def _port(self) -> int:
        """A port free now and given to no other process of this cluster."""
        while True:
            port = _free_port()
            if port not in self.used:
                self.used.add(port)
                return port

    def _ports(self) -> list[str]:
        # workers take any free port: two raylets on one machine would hand out the same
        # ports of a shared range
        ports = ["--min-worker-port", "0", "--max-worker-port", "0"]
        ports += ["--include-log-monitor", "false"]  # the tests read no worker's log
        for flag in (
            "--node-manager-port",
            "--object-manager-port",
            "--dashboard-agent-listen-port",
            "--dashboard-agent-grpc-port",
            "--metrics-export-port",
            "--runtime-env-agent-port",
        ):
            ports += [flag, str(self._port())]
        return ports

    def _start(self, name: str, args: list[str], env: dict[str, str] | None = None) -> None:
        log = (self.root / f"{name}.log").open("wb")
        self.nodes[name] = subprocess.Popen(
            [RAY, "start", "--disable-usage-stats", *args, *self._ports()],
            env={**self.env, **(env or {})},
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def start_head(self) -> None:
        self._start(
            "head",
            [
                "--head",
                "--port",
                str(self.port),
                "--num-cpus",
                "0",
                "--include-dashboard",
                "false",
                "--temp-dir",
                str(self.root / "ray"),
                "--object-store-memory",
                str(OBJECT_STORE),
            ],
        )

    def add_node(
        self, name: str, docker_slots: int = 0, cpus: int = 1, env: dict[str, str] | None = None
    ) -> None:
        """A worker node; ``env`` is added to its environment (and its workers')."""
        resources = {"docker_slots": docker_slots} if docker_slots else {}
        self._start(
            name,
            [
                "--address",
                self.address,
                "--num-cpus",
                str(cpus),
                "--resources",
                json.dumps(resources),
                "--object-store-memory",
                str(OBJECT_STORE),
            ],
            env,
        )

    def wait_nodes(self, count: int, timeout_s: float = 300.0) -> list[dict[str, Any]]:
        """Wait until ``count`` nodes are alive (one child process asks the head)."""
        script = (
            "import json, sys, time, ray\n"
            f"ray.init(address={self.address!r}, logging_level='ERROR')\n"
            f"while True:\n"
            "    nodes = [n for n in ray.nodes() if n['Alive']]\n"
            f"    if len(nodes) >= {count}: break\n"
            "    time.sleep(0.5)\n"
            "print(json.dumps(nodes))\n"
        )
        asker = subprocess.Popen(
            [sys.executable, "-c", script],
            env=self.env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        deadline = time.monotonic() + timeout_s
        try:
            while asker.poll() is None and time.monotonic() < deadline:
                for name, proc in self.nodes.items():
                    if proc.poll() not in (None, 0):  # `ray start` ends once its node is up
                        log = (self.root / f"{name}.log").read_text(errors="replace")[-2000:]
                        raise RuntimeError(f"Ray node {name} exited: {log}")
                time.sleep(0.5)
        finally:
            if asker.poll() is None:
                asker.kill()
            out, err = asker.communicate(timeout=60)
        if asker.returncode != 0:
            raise RuntimeError(f"fewer than {count} Ray nodes came up: {err[-2000:]}")
        nodes: list[dict[str, Any]] = json.loads(out.strip().splitlines()[-1])
        return nodes

    def pids(self) -> list[int]:
        found: list[int] = []
        for proc in self.nodes.values():
            found += session(proc.pid)
        return found

    def kill(self, name: str, extra: list[int] | None = None) -> None:
        """SIGKILL one node: its processes and the given worker ids (by their own ids)."""
        for pid in [*session(self.nodes[name].pid), *(extra or [])]:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self.killed.add(name)

    def stop(self) -> None:
        """End every process of every node this cluster started (workers first)."""
        for name in [n for n in self.nodes if n != "head"] + ["head"]:
            proc = self.nodes.get(name)
            if proc is None:
                continue
            for pid in reversed(session(proc.pid)):
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                pass
