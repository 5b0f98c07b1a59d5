"""The runtime option against the real engine: gVisor really runs, and nothing falls back.

Under ``runsc`` the sandbox must see gVisor's kernel, not the host's; the pre-flight
canary checks exactly that, and a sabotage test proves the check fails on runc.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from codeeval.errors import RuntimeMissing, SecurityCheckFailed
from codeeval.junit import judge_run
from codeeval.models import RunRequest, SampleKey, SuiteSpec
from codeeval.runners.canary import preflight
from codeeval.runners.docker import DockerRunner
from tests.docker.probes import LIMITS

pytestmark = pytest.mark.docker

UNAME = """
import os
def test_kernel():
    print("KERNEL=" + os.uname().release)
    assert False, "KERNEL=" + os.uname().release
"""


def test_deny_unknown_runtime_without_fallback(runner_image: str) -> None:
    runner = DockerRunner(runner_image, LIMITS, jobs=1, runtime="codeeval-no-such-runtime")
    try:
        with pytest.raises(RuntimeMissing, match="no runtime 'codeeval-no-such-runtime'"):
            runner.start()
        assert runner._all == set(), "a container was started despite the missing runtime"
    finally:
        runner.close()


def test_deny_unknown_runtime_from_the_cli(runner_image: str, tmp_path: Path) -> None:
    prompts = tmp_path / "prompts"
    prompts.mkdir()
    (prompts / "p.toml").write_text('id = "p"\ndomain = "coding"\nprompt = "x"\n')
    samples = tmp_path / "s.jsonl"
    samples.write_text(json.dumps({"model": "m", "prompt_id": "p", "run": 1, "text": "x"}) + "\n")
    done = subprocess.run(
        [sys.executable, "-m", "codeeval", "run", str(samples), "--prompts", str(prompts),
         "--out", str(tmp_path / "out"), "--image", runner_image, "--runtime", "nosuch", "-q"],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 5, done.stderr
    assert "error: the Docker engine has no runtime 'nosuch'" in done.stderr
    assert "hint:" in done.stderr and "daemon.json" in done.stderr
    assert (
        not (tmp_path / "out" / "results.jsonl").exists()
        or not (tmp_path / "out" / "results.jsonl").read_text()
    )


def _kernel_seen(runner: DockerRunner) -> str:
    spec = SuiteSpec(
        name="own", module_name="m", module_source="", test_file="test_k.py", test_source=UNAME
    )
    key = SampleKey(model="kernel", prompt_id="uname", run=1)
    request = RunRequest(key=key, suites=(spec,))
    result = judge_run(request, runner.run(request))["own"]
    assert result.status == "failed", (result.status, result.detail)
    return result.output_tail.split("KERNEL=")[-1].split()[0]


def test_allow_each_runtime_with_its_own_kernel(docker_runner: DockerRunner) -> None:
    seen = _kernel_seen(docker_runner)
    if docker_runner.runtime == "runsc":
        assert seen != docker_runner.engine_kernel, "runsc ran on the host's kernel"
    else:
        assert seen == docker_runner.engine_kernel


def test_sabotage_kernel_probe_fails_on_the_hosts_kernel(runner_image: str) -> None:
    runner = DockerRunner(runner_image, LIMITS, jobs=1, preflight=False)
    runner.start()
    try:
        with pytest.raises(SecurityCheckFailed, match="host's kernel"):
            preflight(runner, host_kernel=runner.engine_kernel)
    finally:
        runner.close()
