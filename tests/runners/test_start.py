"""The Docker runner's start against the real engine: the pre-flight checks run on the
pool's own containers as they become ready, a check that fails on either container
stops the run before any sample runs, and the deadline probe really is killed while it
ignores SIGTERM (under each runtime)."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import docker
import pytest

from codeeval.config import settings
from codeeval.errors import SecurityCheckFailed
from codeeval.junit import judge_run
from codeeval.models import RunRequest
from codeeval.pipeline import RunOptions, run
from codeeval.runners.canary import DEADLINE_SUITE, PROBE_KEY, RESISTING
from codeeval.runners.docker import LABEL_RUN, Box, DockerRunner
from codeeval.store import RESULTS
from tests.docker.probes import LIMITS
from tests.helpers import labelled_containers

pytestmark = pytest.mark.docker


def containers_of(run_id: str, running: bool = False) -> list[str]:
    client = docker.DockerClient(base_url=settings().docker_url or None, timeout=30)
    filters = {"label": f"{LABEL_RUN}={run_id}", **({"status": "running"} if running else {})}
    return [c["Id"] for c in client.api.containers(all=True, filters=filters)]


@pytest.mark.parametrize("jobs", [1, 2])
def test_the_checks_run_on_the_pools_own_containers(runner_image: str, jobs: int) -> None:
    seen: list[list[str]] = []  # the pool's running containers, as the host work saw them
    runner = DockerRunner(
        runner_image,
        LIMITS,
        jobs=jobs,
        while_booting=lambda: seen.append(containers_of(run, running=True)),
    )
    run = runner.run_id
    try:
        runner.start()
        assert len(seen) == 1, "the host's work ran once, before start returned"
        assert len(seen[0]) == jobs, "it ran before the engine had started every container"
        assert len(containers_of(run)) == jobs, "a check started a container"
        assert runner.recycled == 0
    finally:
        runner.close()
    assert containers_of(run) == []


ADD = """
id = "add"
domain = "coding"
module = "add.py"
prompt = "Write add.py with add(a, b) and pytest tests."
"""

ANSWER = """```python
# add.py
def add(a, b):
    return a + b
```

```python
# test_add.py
from add import add

def test_add():
    assert add(1, 2) == 3
```
"""


def one_sample(tmp_path: Path) -> RunOptions:
    prompts = tmp_path / "prompts"
    prompts.mkdir()
    (prompts / "add.toml").write_text(ADD, encoding="utf-8")
    samples = tmp_path / "samples.jsonl"
    row = {"model": "m", "prompt_id": "add", "run": 1, "text": ANSWER}
    samples.write_text(json.dumps(row) + "\n", encoding="utf-8")
    return RunOptions(samples=samples, prompts=prompts, out=tmp_path / "out", limits=LIMITS)


def test_a_check_failing_on_one_container_stops_the_run_before_any_sample(
    runner_image: str, tmp_path: Path
) -> None:
    opts = one_sample(tmp_path)
    # A network route out: the isolation probes fail on one container, while the
    # deadline probe passes on the other.
    runner = DockerRunner(runner_image, LIMITS, jobs=2, sabotage=frozenset({"network"}))
    with pytest.raises(SecurityCheckFailed, match="isolation probes") as caught:
        run(opts, runner=runner)
    assert "deadline probe" not in str(caught.value)
    results = opts.out / RESULTS
    assert not results.exists() or results.read_bytes() == b"", "a sample ran"
    assert containers_of(runner.run_id) == []


def test_the_deadline_probe_is_killed_while_it_ignores_sigterm(docker_runner: DockerRunner) -> None:
    # 1 s: long enough under either runtime (the check's own ladder starts shorter)
    request = RunRequest(key=PROBE_KEY, suites=(DEADLINE_SUITE,), timeout_s=1.0)
    verdict = judge_run(request, docker_runner.run(request))["reference"]
    assert verdict.status == "timeout"
    assert RESISTING in verdict.output_tail


def test_the_containers_of_a_run_are_removed_on_a_thread_the_interpreter_waits_for(
    runner_image: str, tmp_path: Path
) -> None:
    before = set(labelled_containers(os.getpid()))  # the session's own runners
    summary = run(one_sample(tmp_path), image=runner_image)
    assert summary.written == 1
    closing = [t for t in threading.enumerate() if t.name == "codeeval-close"]
    for thread in closing:
        assert not thread.daemon, "the interpreter would not wait for the removal"
        thread.join(60)
    assert set(labelled_containers(os.getpid())) <= before


def test_the_images_supervisor_rewrites_hidden_tests_itself(
    docker_runner: DockerRunner, runner_image: str, sandbox_runtime: str
) -> None:
    """The image's pytest is one whose assertion rewriting the supervisor recognises, so a
    prompt's hidden tests are rewritten once per container, not in every suite."""
    box = Box(
        docker_runner.client, runner_image, LIMITS, docker_runner.run_id, runtime=sandbox_runtime
    )
    try:
        assert box.ready["rewrites_hidden_tests"] is True, box.ready
    finally:
        box.destroy()
