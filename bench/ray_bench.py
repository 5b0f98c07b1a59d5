"""The Ray backend's overhead: the same samples with ``--backend local`` and ``--backend ray``.

Samples are real model answers: MapCoder's published HumanEval answers from the corpus in
``tests/data/answers/`` (``examples/humaneval/build.py corpus``), evaluated against the
HumanEval prompts of ``examples/humaneval/prompts/``. Both runs go through
``codeeval.pipeline.run`` (prompt self-check, parsing, suites, records) into fresh results
directories, in the same process, one after the other:

* ``local``: the Docker runner on this machine, ``--jobs`` containers;
* ``ray``: a real multi-node Ray cluster on this machine (``tests/ray/cluster.py``: a head
  with no CPUs and ``--nodes`` Docker nodes of ``--slots`` slots each, sharing this
  machine's engine), the cluster's start-up not counted.

Prints both wall times, their ratio, the records per node and whether every verdict
agrees. On one machine the Ray run cannot be faster (its nodes share the same cores); the
ratio is the cost of the cluster path (a container per sample, a task and an actor call
per sample), which added hosts must repay. Usage::

    python bench/ray_bench.py [--samples 40] [--jobs 2] [--nodes 2] [--slots 1] [--image TAG]
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from codeeval.config import settings  # noqa: E402
from codeeval.models import Limits  # noqa: E402
from codeeval.pipeline import RunOptions, run  # noqa: E402
from codeeval.runners.docker import DockerRunner  # noqa: E402
from codeeval.runners.ray import RayRunner  # noqa: E402
from tests.ray.cluster import LocalCluster  # noqa: E402

LIMITS = Limits(timeout_s=20)


def samples(tmp: Path, n: int) -> Path:
    built = tmp / "corpus"
    subprocess.run(
        [sys.executable, str(ROOT / "examples/humaneval/build.py"), "corpus", "--out", str(built)],
        check=True,
        capture_output=True,
    )
    path = tmp / "samples.jsonl"
    lines = (built / "samples.jsonl").read_text().splitlines()[:n]
    path.write_text("\n".join(lines) + "\n")
    return path


def verdicts(out: Path) -> tuple[dict[str, str], Counter[str]]:
    found: dict[str, str] = {}
    nodes: Counter[str] = Counter()
    for line in (out / "results.jsonl").read_text().splitlines():
        record = json.loads(line)
        found[f"{record['model']}/{record['prompt_id']}/{record['run']}"] = record["execution"][
            "status"
        ]
        nodes[(record["provenance"].get("node") or "local")[:12]] += 1
    return found, nodes


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--samples", type=int, default=40)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--nodes", type=int, default=2)
    ap.add_argument("--slots", type=int, default=1)
    ap.add_argument("--image", default=None)
    args = ap.parse_args()
    image = settings(args.image).image
    tmp = Path(tempfile.mkdtemp(prefix="codeeval-raybench-"))
    prompts = ROOT / "examples/humaneval/prompts"
    try:
        path = samples(tmp, args.samples)

        def opts(name: str) -> RunOptions:
            return RunOptions(
                samples=path, prompts=prompts, out=tmp / name, jobs=args.jobs, limits=LIMITS
            )

        started = time.monotonic()
        local = run(opts("local"), runner=DockerRunner(image, LIMITS, jobs=args.jobs))
        local_s = time.monotonic() - started

        cluster = LocalCluster(tmp / "cluster")
        try:
            cluster.start_head()
            cluster.wait_nodes(1)
            for i in range(args.nodes):
                cluster.add_node(f"docker{i}", docker_slots=args.slots)
                cluster.wait_nodes(2 + i)
            runner = RayRunner(image, LIMITS, address=cluster.address)
            started = time.monotonic()
            remote = run(opts("ray"), runner=runner)
            ray_s = time.monotonic() - started
        finally:
            cluster.stop()

        local_v, _ = verdicts(tmp / "local")
        ray_v, nodes = verdicts(tmp / "ray")
        agree = sum(local_v[k] == ray_v.get(k) for k in local_v)
        print(f"samples: {local.written} local, {remote.written} ray (MapCoder HumanEval answers)")
        print(f"local  --jobs {args.jobs}: {local_s:7.1f} s  {local.written / local_s:5.2f}/s")
        print(
            f"ray    {args.nodes} nodes x {args.slots} slots (cap {runner.in_flight_cap}): "
            f"{ray_s:7.1f} s  {remote.written / ray_s:5.2f}/s"
        )
        print(f"overhead ratio ray/local: {ray_s / local_s:.2f}")
        print(f"records per node: {dict(nodes)}")
        print(f"verdicts agreeing: {agree} of {len(local_v)}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
