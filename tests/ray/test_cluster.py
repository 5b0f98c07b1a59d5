"""``--backend ray`` on a real multi-node Ray cluster on this machine.

The cluster: a head with no CPUs, a node without ``docker_slots`` and, once the fail-fast
check has run, two Docker nodes with one slot each (they share this machine's engine) and a
third whose engine does not answer.
The tests run in file order on that one cluster:

1. a cluster without ``docker_slots`` is refused at once (exit 5, with a hint);
2. a run on which one Docker node is SIGKILLed mid-sample: every sample recorded exactly
   once, records from both good Docker nodes and from no other (the third failed its
   pre-flight, so it took no work), at least one sample retried
   (attempt 2) on the surviving node, in flight never above the cap, no container of the
   run left, the cluster's memory under 2 GiB;
3. a driver SIGKILLed mid-run, then the same run again: the finished samples are not
   submitted again, and no container of either run is left.

Nothing here is timed: each wait polls for a state and fails only after a generous limit.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from codeeval.models import Limits
from codeeval.pipeline import RunOptions, run
from tests.ray.cluster import LocalCluster, descendants, memory_mib, session

ray = pytest.importorskip("ray", reason="the Ray backend's tests need the ray extra")

pytestmark = [pytest.mark.docker, pytest.mark.ray]

PROMPT = """
id = "napper"
domain = "coding"
prompt = "Write a module napper.py with a function nap() and pytest tests."
module = "napper.py"
"""

OUTPUT = """```python
# napper.py
import time

def nap():
    time.sleep(0.8)
    return {value}
```

```python
# test_napper.py
from napper import nap

def test_nap():
    assert nap() == {run}
```
"""


def write_inputs(root: Path, n: int) -> tuple[Path, Path]:
    prompts = root / "prompts"
    prompts.mkdir(parents=True, exist_ok=True)
    (prompts / "napper.toml").write_text(PROMPT)
    samples = root / "samples.jsonl"
    with samples.open("w") as fh:
        for run_no in range(1, n + 1):
            value = run_no if run_no % 4 else -1  # every fourth answer fails its test
            text = OUTPUT.format(value=value, run=run_no)
            line = {"model": "m", "prompt_id": "napper", "run": run_no, "text": text}
            fh.write(json.dumps(line) + "\n")
    return samples, prompts


def records(out: Path) -> list[dict[str, Any]]:
    path = out / "results.jsonl"
    if not path.exists():
        return []
    raw = path.read_bytes()
    return [json.loads(line) for line in raw.splitlines() if line.endswith(b"}")]


def containers(label: str) -> list[str]:
    found = subprocess.run(
        ["docker", "ps", "-aq", "--filter", f"label={label}"],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return found.stdout.split()


def wait_until(what: str, check: Any, limit_s: float = 180.0) -> None:
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.2)
    raise AssertionError(f"gave up waiting: {what}")


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory, runner_image: str) -> Iterator[LocalCluster]:
    root = Path(tmp_path_factory.mktemp("ray", numbered=True))
    c = LocalCluster(root)
    try:
        c.start_head()
        c.add_node("plain")
        c.wait_nodes(2)
        yield c
    finally:
        c.stop()


@pytest.fixture(scope="module")
def docker_nodes(cluster: LocalCluster) -> dict[str, str]:
    """Adds the Docker nodes (after the fail-fast test): two good ones and one whose engine
    does not answer; "good" or "broken" by node id."""
    before = {n["NodeID"] for n in cluster.wait_nodes(2)}
    # one by one: nodes starting at once on one machine race for their socket names
    cluster.add_node("dockerA", docker_slots=1)
    cluster.wait_nodes(3)
    cluster.add_node("dockerB", docker_slots=1)
    ids = {n["NodeID"] for n in cluster.wait_nodes(4)} - before
    # a Docker node whose engine cannot be reached: it fails the pre-flight
    cluster.add_node("broken", docker_slots=1, env={"DOCKER_HOST": "unix:///nonexistent.sock"})
    nodes = cluster.wait_nodes(5)
    found: dict[str, str] = {}
    for node in nodes:
        if node["NodeID"] in before:
            continue
        assert node["Resources"].get("docker_slots") == 1
        found[node["NodeID"]] = "good" if node["NodeID"] in ids else "broken"
    assert sorted(found.values()) == ["broken", "good", "good"]
    return found


def test_cluster_without_docker_slots_fails_fast(cluster: LocalCluster, tmp_path: Path) -> None:
    samples, prompts = write_inputs(tmp_path, 2)
    cmd = [
        sys.executable, "-m", "codeeval", "run", str(samples), "--prompts", str(prompts),
        "--out", str(tmp_path / "out"), "--backend", "ray", "--ray-address", cluster.address, "-q",
    ]  # fmt: skip
    done = subprocess.run(cmd, env=cluster.env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 5, done.stderr
    lines = done.stderr.strip().splitlines()
    assert any(ln.startswith("error:") and "docker_slots" in ln for ln in lines), done.stderr
    assert any(ln.startswith("hint:") and "ray start" in ln for ln in lines), done.stderr
    assert records(tmp_path / "out") == []


def _options(tmp: Path, n: int) -> RunOptions:
    samples, prompts = write_inputs(tmp, n)
    return RunOptions(
        samples=samples, prompts=prompts, out=tmp / "out", limits=Limits(timeout_s=20.0)
    )


def test_node_loss_loses_and_duplicates_nothing(
    cluster: LocalCluster, docker_nodes: dict[str, str], runner_image: str, tmp_path: Path
) -> None:
    from codeeval.runners.ray import RayRunner

    n = 10
    opts = _options(tmp_path, n)
    runner = RayRunner(runner_image, opts.limits, address=cluster.address)
    killed: dict[str, Any] = {}
    peak_mib = [0.0]
    peak_by: dict[str, float] = {}
    failure: list[BaseException] = []
    finished = threading.Event()

    def saboteur() -> None:
        try:
            while not finished.is_set():
                now = memory_mib(cluster.pids() + descendants_self())
                if sum(now.values()) > peak_mib[0]:
                    peak_mib[0] = sum(now.values())
                    peak_by.clear()
                    peak_by.update({k: round(v) for k, v in now.items()})
                if runner.ledger is not None and "node" not in killed:
                    done_nodes = {r["provenance"]["node"] for r in records(opts.out)}
                    snap = ray.get(runner.ledger.snapshot.remote(), timeout=30)
                    for node, pid in snap["running"].values():
                        if node in done_nodes:
                            name = "dockerB" if _is_node(cluster, "dockerB", node) else "dockerA"
                            cluster.kill(name, [pid])
                            killed.update(node=node, name=name)
                            break
                time.sleep(0.3)
        except BaseException as exc:
            failure.append(exc)

    watcher = threading.Thread(target=saboteur, daemon=True)
    watcher.start()
    try:
        summary = run(opts, runner=runner)
    finally:
        finished.set()
        watcher.join(timeout=60)
    assert not failure, failure
    assert killed, "no Docker node was killed mid-sample"
    found = records(opts.out)
    keys = [(r["model"], r["prompt_id"], r["run"]) for r in found]
    assert sorted(k[2] for k in keys) == list(range(1, n + 1)), "a sample lost or duplicated"
    assert summary.written == n
    good = {node for node, kind in docker_nodes.items() if kind == "good"}
    nodes = {r["provenance"]["node"] for r in found}
    assert nodes == good, "records from a node without docker_slots or one that failed"
    broken = set(docker_nodes) - good
    assert set(runner.refused) == broken, runner.refused
    assert "EngineError" in runner.refused[broken.pop()]
    attempts = [r["provenance"]["attempt"] for r in found]
    assert max(attempts) >= 2, "the killed node's sample was not retried"
    retried = [r for r in found if r["provenance"]["attempt"] >= 2]
    assert all(r["provenance"]["node"] != killed["node"] for r in retried)
    # a failing test is a result: failing samples have a verdict, never a sandbox error
    verdicts = {r["run"]: r["execution"]["status"] for r in found}
    assert {verdicts[i] for i in (4, 8)} == {"failed"}
    assert {verdicts[i] for i in (1, 2, 3, 5)} == {"passed"}
    assert runner.in_flight_cap == 4
    assert 1 <= runner.peak_in_flight <= runner.in_flight_cap
    assert containers(f"codeeval.cluster_run={runner.run_id}") == []
    assert peak_mib[0] < 2048, f"the cluster and driver used {peak_mib[0]:.0f} MiB: {peak_by}"
    print(f"peak PSS of the cluster and the driver: {peak_mib[0]:.0f} MiB")


def descendants_self() -> list[int]:
    import os

    return descendants(os.getpid())


def _is_node(cluster: LocalCluster, name: str, node_id: str) -> bool:
    """Whether ``node_id`` is the node ``name`` (its raylet's command line names the id)."""
    for pid in session(cluster.nodes[name].pid):
        try:
            cmd = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            continue
        if f"--node_id={node_id}".encode() in cmd:
            return True
    return False


def test_driver_killed_then_resumed_without_resubmitting(
    cluster: LocalCluster, docker_nodes: dict[str, str], runner_image: str, tmp_path: Path
) -> None:
    from codeeval.runners.ray import RayRunner

    n = 6
    opts = _options(tmp_path, n)
    cmd = [
        sys.executable, "-m", "codeeval", "run", str(opts.samples), "--prompts",
        str(opts.prompts), "--out", str(opts.out), "--timeout", "20", "--backend", "ray",
        "--ray-address", cluster.address, "-q",
    ]  # fmt: skip
    driver = subprocess.Popen(
        cmd, env=cluster.env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    try:
        wait_until("two records", lambda: len(records(opts.out)) >= 2 or driver.poll() is not None)
    finally:
        driver.kill()
        driver.wait(timeout=60)
    before = records(opts.out)
    assert 2 <= len(before) < n, f"the driver ended before it was killed: {len(before)}"
    runner = RayRunner(runner_image, opts.limits, address=cluster.address)
    summary = run(opts, runner=runner)
    assert summary.resumed == len(before)
    assert runner.submitted == n - len(before), "finished samples were submitted again"
    after = records(opts.out)
    assert after[: len(before)] == before
    assert sorted(r["run"] for r in after) == list(range(1, n + 1))
    assert containers(f"codeeval.cluster_run={runner.run_id}") == []
    # the killed driver's workers died with it; the sweeps removed their containers
    leftovers = [
        c
        for node in docker_nodes
        for c in containers(f"codeeval.node={node}")
        if c not in containers("codeeval.sample=preflight")
    ]
    assert leftovers == [], "a container of the killed run was left behind"
