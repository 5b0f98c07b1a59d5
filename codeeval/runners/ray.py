"""The Ray backend: the sandboxed suites of each sample run on a Docker host of a Ray cluster.

The only importer of ``ray``, imported when a run starts (``pip install 'codeeval[ray]'``;
the driver's Ray must match the cluster's, so codeeval declares a loose lower bound only).
codeeval builds no scheduler: Ray places each sample on a node that advertises the custom
resource ``docker_slots`` (the node's container concurrency) and retries it elsewhere when
its node or worker is lost. Around that:

* **Routing**: every task needs one ``docker_slots``, so work reaches no other node; a
  cluster without the resource is refused at once (``ClusterError``), not queued forever.
* **Pre-flight per node**: before any model code runs on a node, the isolation canary
  (``codeeval.runners.canary.preflight``) runs there, through that node's Docker engine. A
  node that fails it (or has another build of the runner image) takes no work: an actor
  holds all of its slots for the whole run. A node that joins later is checked the first
  time a sample lands on it.
* **Back-pressure**: at most ``2 × slots`` samples in flight (``in_flight_cap``); the
  pipeline writes each record as it completes, so the driver's memory stays flat.
* **One writer**: tasks return raw outcomes; only the driver writes ``results.jsonl``.
  Each result names its node and its attempt (counted by a ledger actor on the head
  node). A failing test is a result and is never retried; node or worker loss is retried
  by Ray (``max_retries``); a sample lost more often than that is a ``sandbox_error``.
* **Container hygiene**: each attempt runs in its own container, labelled with the run id
  (``codeeval.cluster_run``), the sample and the attempt, and removed in ``finally``; the
  Docker runner's sweep at every task start removes containers whose worker process died,
  and a janitor on every Docker node at the end of the run removes whatever of the run is
  left.
"""

from __future__ import annotations

import os
import threading
import uuid
from collections.abc import Iterable
from typing import Any

from codeeval.errors import CodeevalError, EngineError, ExtraMissing, SecurityCheckFailed
from codeeval.models import Limits, RawOutcome, RunRequest, RunResult

#: The custom resource a Docker host advertises: how many containers it runs at once.
RESOURCE = "docker_slots"
#: Every Ray cluster's head node holds this resource (Ray's own way to place work there).
HEAD_RESOURCE = "node:__internal_head__"
#: The Ray run a container belongs to. Each attempt's Docker runner has a run id of its own
#: (``codeeval.run``): its clean-up removes its own containers, never another attempt's.
LABEL_CLUSTER_RUN = "codeeval.cluster_run"
LABEL_SAMPLE = "codeeval.sample"
LABEL_ATTEMPT = "codeeval.attempt"
LABEL_NODE = "codeeval.node"
#: Samples in flight per slot: one running, one queued behind it on its node.
IN_FLIGHT_PER_SLOT = 2
#: How often Ray runs a sample again after losing its node or worker.
TASK_RETRIES = 3
VET_TIMEOUT_S = 300.0
#: How many nodes that joined after the start one sample may meet before it gives up.
MAX_LATE_NODES = 8


class ClusterError(EngineError):
    """The Ray cluster cannot take the run (none answers, or none of its nodes has Docker)."""

    hint = (
        "start each Docker host with `ray start --address HEAD:6379 "
        """--resources='{"docker_slots": K}'` (K containers at once; see README, 'Ray')"""
    )


class NodeNotVetted(Exception):
    """A sample reached a node that joined after the pre-flight: the driver checks it first."""

    def __init__(self, node: str) -> None:
        super().__init__(node)
        self.node = node


def _ray() -> Any:
    try:
        import ray
    except ImportError as exc:
        raise ExtraMissing(
            "--backend ray needs Ray", hint="pip install 'codeeval[ray]' (the cluster's version)"
        ) from exc
    return ray


def docker_nodes(nodes: Iterable[dict[str, Any]]) -> dict[str, int]:
    """The alive nodes advertising ``docker_slots``, with their slot counts."""
    found: dict[str, int] = {}
    for node in nodes:
        slots = int((node.get("Resources") or {}).get(RESOURCE, 0))
        if node.get("Alive") and slots > 0:
            found[str(node["NodeID"])] = slots
    return found


# --- what runs on the nodes -----------------------------------------------------------


def _node_id() -> str:
    return str(_ray().get_runtime_context().get_node_id())


def _engine() -> str | None:
    """This node's Docker engine (its own ``DOCKER_HOST``), not the driver's."""
    from codeeval.config import settings

    return settings().docker_url


def vet_node(
    image: str, limits_json: str, run_id: str, runtime: str | None = None
) -> dict[str, Any]:
    """On one node: sweep dead containers, then the isolation canary through its engine."""
    from codeeval.runners.docker import DockerRunner

    node = _node_id()
    runner = DockerRunner(
        image,
        Limits.model_validate_json(limits_json),
        base_url=_engine(),
        jobs=2,
        run_id=f"{run_id}.preflight.{node[:12]}",
        preflight=True,
        runtime=runtime,
        labels={
            LABEL_CLUSTER_RUN: run_id,
            LABEL_SAMPLE: "preflight",
            LABEL_ATTEMPT: "1",
            LABEL_NODE: node,
        },
    )
    try:
        runner.start()
    except CodeevalError as exc:
        return {"node": node, "ok": False, "why": f"{type(exc).__name__}: {exc}"}
    finally:
        runner.close()
    return {"node": node, "ok": True, "digest": runner.image_digest}


def run_sample(
    image: str,
    limits_json: str,
    run_id: str,
    request_json: str,
    token: str,
    vetted: frozenset[str],
    ledger: Any,
    runtime: str | None = None,
) -> str:
    """One attempt at one sample, in a container of its own on this node."""
    from codeeval.runners.docker import DockerRunner

    ray = _ray()
    node = _node_id()
    if node not in vetted:
        raise NodeNotVetted(node)
    request = RunRequest.model_validate_json(request_json)
    label = request.key.label()
    attempt = int(ray.get(ledger.begin.remote(token, node, os.getpid())))
    runner = DockerRunner(
        image,
        Limits.model_validate_json(limits_json),
        base_url=_engine(),
        jobs=1,
        run_id=f"{run_id}.{token.rsplit('#', 1)[-1]}.{attempt}",
        preflight=False,  # the node passed the canary before it got any work
        runtime=runtime,
        labels={
            LABEL_CLUSTER_RUN: run_id,
            LABEL_SAMPLE: label,
            LABEL_ATTEMPT: str(attempt),
            LABEL_NODE: node,
        },
    )
    try:
        runner.start()  # sweeps containers of dead workers first (the janitor at worker start)
        result = runner.run(request)
    finally:
        runner.close()
    return result.model_copy(update={"node": node, "attempt": attempt}).model_dump_json()


def remove_run_containers(run_id: str) -> int:
    """The janitor at the end of a run: remove every container of the run on this node."""
    from codeeval.runners.docker import connect

    client = connect(_engine(), 30)
    removed = 0
    label = f"{LABEL_CLUSTER_RUN}={run_id}"
    for container in client.containers.list(all=True, filters={"label": label}):
        try:
            container.remove(force=True)
            removed += 1
        except Exception:  # gone already, or the engine is busy: the next sweep gets it
            pass
    return removed


class Ledger:
    """Counts the attempts of each submission (a Ray actor on the head node)."""

    def __init__(self) -> None:
        self.attempts: dict[str, int] = {}
        self.running: dict[str, tuple[str, int]] = {}
        self.retried = 0

    def begin(self, token: str, node: str, pid: int) -> int:
        count = self.attempts.get(token, 0) + 1
        self.attempts[token] = count
        self.running[token] = (node, pid)
        if count > 1:
            self.retried += 1
        return count

    def end(self, token: str) -> None:
        self.attempts.pop(token, None)
        self.running.pop(token, None)

    def snapshot(self) -> dict[str, Any]:
        return {"running": dict(self.running), "retried": self.retried}


class Hold:
    """Holds every slot of a node that failed the pre-flight, so it takes no work."""

    def node(self) -> str:
        return _node_id()


# --- the driver -----------------------------------------------------------------------


class RayRunner:
    """Runs each sample's suites on a Docker host of a Ray cluster (see the module docstring).

    Args:
        image: the runner image; every Docker host needs the same build of it.
        limits: the limits of every suite.
        address: the cluster (``ray://…`` or ``HOST:PORT``); None: ``RAY_ADDRESS`` or the
            cluster started on this machine.
        task_retries: how often Ray runs a sample again after losing its node or worker.
    """

    name = "ray"

    def __init__(
        self,
        image: str,
        limits: Limits,
        *,
        address: str | None = None,
        run_id: str | None = None,
        task_retries: int = TASK_RETRIES,
        runtime: str | None = None,
    ) -> None:
        self.image = image
        self.runtime = runtime
        self.limits = limits
        self.address = address
        self.run_id = run_id or f"ray-{uuid.uuid4().hex[:12]}"
        self.task_retries = task_retries
        self.slots: dict[str, int] = {}
        """Vetted nodes and their slots."""
        self.refused: dict[str, str] = {}
        """Nodes that failed the pre-flight, with the reason."""
        self.in_flight_cap = 0
        self.peak_in_flight = 0
        self.submitted = 0
        self._digest: str | None = None
        self._ray: Any = None
        self._ledger: Any = None
        self._sample_task: Any = None
        self._holds: list[Any] = []
        self._refs: set[Any] = set()
        self._lock = threading.Lock()
        self._vet_lock = threading.Lock()
        self._gate: threading.BoundedSemaphore | None = None
        self._in_flight = 0
        self._owns_init = False
        self._closed = False

    @property
    def image_digest(self) -> str | None:
        return self._digest

    @property
    def ledger(self) -> Any:
        """The attempt ledger actor (its ``snapshot`` says what runs where, for tests)."""
        return self._ledger

    def start(self) -> None:
        ray = self._ray = _ray()
        address = self.address or "auto"
        if not ray.is_initialized():
            try:
                ray.init(address=address, log_to_driver=False, logging_level="ERROR")
            except (ConnectionError, RuntimeError, ValueError) as exc:
                raise ClusterError(
                    f"no Ray cluster answers at {address} ({exc})",
                    hint="start one (`ray start --head`), or pass --ray-address HOST:PORT",
                ) from exc
            self._owns_init = True
        nodes = docker_nodes(ray.nodes())
        if not nodes:
            raise ClusterError(
                f"no node of the Ray cluster at {address} advertises the resource {RESOURCE!r}; "
                "codeeval sends work only to Docker hosts that do"
            )
        # On the head: losing a Docker node must not lose the count of its attempts.
        self._ledger = (
            ray.remote(Ledger).options(num_cpus=0, resources={HEAD_RESOURCE: 0.001}).remote()
        )
        for node, slots in nodes.items():
            self._vet(node, slots)
        if not self.slots:
            raise SecurityCheckFailed(
                "no Docker host of the cluster passed the pre-flight: "
                + "; ".join(f"{n[:12]}: {why}" for n, why in sorted(self.refused.items()))
            )
        self._sample_task = ray.remote(run_sample).options(
            num_cpus=0,
            resources={RESOURCE: 1},
            max_retries=self.task_retries,
            retry_exceptions=[EngineError],
        )
        self.in_flight_cap = IN_FLIGHT_PER_SLOT * sum(self.slots.values())
        self._gate = threading.BoundedSemaphore(self.in_flight_cap)

    def _on(self, node: str, *, soft: bool = False) -> Any:
        from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

        return NodeAffinitySchedulingStrategy(node_id=node, soft=soft)

    def _vet(self, node: str, slots: int) -> None:
        """Run the canary on ``node``; a node that fails it is held so that it takes no work."""
        ray = self._ray
        task = ray.remote(vet_node).options(
            num_cpus=0,
            resources={RESOURCE: 1},
            scheduling_strategy=self._on(node),
            max_retries=0,
        )
        try:
            answer = ray.get(
                task.remote(self.image, self.limits.model_dump_json(), self.run_id, self.runtime),
                timeout=VET_TIMEOUT_S,
            )
            ok, why, digest = bool(answer["ok"]), str(answer.get("why", "")), answer.get("digest")
        except ray.exceptions.RayError as exc:
            ok, why, digest = False, f"the pre-flight task failed: {type(exc).__name__}", None
        if ok and self._digest is not None and digest != self._digest:
            ok, why = False, f"another build of the runner image ({digest}, not {self._digest})"
        if ok:
            self._digest = self._digest or str(digest)
            self.slots[node] = slots
            return
        self.refused[node] = why
        hold = (
            ray.remote(Hold)
            .options(num_cpus=0, resources={RESOURCE: slots}, scheduling_strategy=self._on(node))
            .remote()
        )
        self._holds.append(hold)
        try:
            ray.get(hold.node.remote(), timeout=VET_TIMEOUT_S)
        except ray.exceptions.RayError:
            pass  # the node is gone, so it takes no work either

    def run(self, request: RunRequest) -> RunResult:
        """Run the suites of one sample on some Docker host; blocks while the cap is reached."""
        if self._gate is None:
            raise EngineError("the Ray runner was not started")
        with self._gate:
            with self._lock:
                self._in_flight += 1
                self.peak_in_flight = max(self.peak_in_flight, self._in_flight)
            try:
                return self._run(request)
            finally:
                with self._lock:
                    self._in_flight -= 1

    def _run(self, request: RunRequest) -> RunResult:
        ray = self._ray
        # The ledger counts attempts per submission, not per sample label: the prompt
        # self-check and the samples may share a label.
        token = f"{request.key.label()}#{uuid.uuid4().hex[:12]}"
        request_json = request.model_dump_json()
        try:
            for _ in range(MAX_LATE_NODES):
                if self._closed:
                    return _lost(request, "the run was stopped")
                ref = self._sample_task.remote(
                    self.image,
                    self.limits.model_dump_json(),
                    self.run_id,
                    request_json,
                    token,
                    frozenset(self.slots),
                    self._ledger,
                    self.runtime,
                )
                with self._lock:
                    self._refs.add(ref)
                    self.submitted += 1
                try:
                    return RunResult.model_validate_json(ray.get(ref))
                except ray.exceptions.RayTaskError as exc:
                    cause = exc.cause
                    if isinstance(cause, NodeNotVetted):
                        self._vet_late(cause.node)
                        continue
                    if isinstance(cause, CodeevalError):
                        raise type(cause)(f"on a Ray node: {cause}") from None
                    raise EngineError(f"a Ray task failed: {cause!r}") from None
                except ray.exceptions.RayError as exc:
                    why = f"{type(exc).__name__} after {self.task_retries + 1} attempts"
                    return _lost(request, f"the cluster lost this sample: {why}")
                finally:
                    with self._lock:
                        self._refs.discard(ref)
            return _lost(request, f"landed on {MAX_LATE_NODES} nodes without a pre-flight")
        finally:
            self._ledger.end.remote(token)

    def _vet_late(self, node: str) -> None:
        with self._vet_lock:
            if node in self.slots or node in self.refused:
                return
            slots = docker_nodes(self._ray.nodes()).get(node, 0)
            if slots:
                self._vet(node, slots)
            else:
                self.refused[node] = "gone before its pre-flight"

    def close(self) -> None:
        """Cancel the samples under way, remove the run's containers on every Docker node."""
        if self._closed or self._ray is None:
            return
        self._closed = True
        ray = self._ray
        with self._lock:
            refs = list(self._refs)
        for ref in refs:
            try:
                ray.cancel(ref, force=True)
            except Exception:
                pass
        self.janitor()
        for actor in [*self._holds, self._ledger]:
            if actor is not None:
                try:
                    ray.kill(actor)
                except Exception:
                    pass
        if self._owns_init:
            ray.shutdown()

    def janitor(self) -> int:
        """Remove the run's containers on every alive Docker node; returns how many."""
        ray = self._ray
        task = ray.remote(remove_run_containers)
        refs = [
            task.options(num_cpus=0, max_retries=0, scheduling_strategy=self._on(node)).remote(
                self.run_id
            )
            for node in docker_nodes(ray.nodes())
        ]
        removed = 0
        for ref in refs:
            try:
                removed += int(ray.get(ref, timeout=60))
            except Exception:  # a node lost at the very end: its host sweeps at next start
                pass
        return removed


def _lost(request: RunRequest, why: str) -> RunResult:
    broken = RawOutcome(sandbox_error=why)
    return RunResult(
        key=request.key, outcomes={s.name: broken for s in request.suites}, runner="ray"
    )
