"""Sabotage tests: every deny-probe must fail on a sandbox weakened in its own way.

A deny-test that passes whatever the sandbox does proves nothing. Here each probe of
``probes.py`` runs on a runner with exactly one isolation setting turned off (network
on, no limits, root, writable root, no no-new-privileges, conftest allowed, no
deadline) and must then *not* get the verdict a correct sandbox gives. The pre-flight
check must refuse the weakened sandboxes it covers.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from codeeval.errors import SecurityCheckFailed
from codeeval.models import Limits
from codeeval.runners.docker import DockerRunner
from tests.docker.probes import LIMITS, PROBES, Probe, run_probe

pytestmark = pytest.mark.docker


@pytest.fixture(scope="module")
def weakened(runner_image: str) -> Iterator[dict[str, DockerRunner]]:
    runners: dict[str, DockerRunner] = {}
    yield runners
    for runner in runners.values():
        runner.close()


def _weak(cache: dict[str, DockerRunner], image: str, sabotage: str) -> DockerRunner:
    if sabotage not in cache:
        runner = DockerRunner(
            image, LIMITS, jobs=1, preflight=False, sabotage=frozenset({sabotage})
        )
        runner.start()
        cache[sabotage] = runner
    return cache[sabotage]


@pytest.mark.parametrize("probe", PROBES, ids=[f"{p.name}-without-{p.sabotage}" for p in PROBES])
def test_probe_fails_when_sabotaged(
    weakened: dict[str, DockerRunner], runner_image: str, probe: Probe, host_port: int
) -> None:
    runner = _weak(weakened, runner_image, probe.sabotage)
    result = run_probe(runner, probe, HOST_PORT=host_port)
    assert result.status != probe.expect, (
        f"probe {probe.name} still gets {result.status} without {probe.sabotage}: "
        "it cannot detect the weakness it is meant to catch"
    )


@pytest.mark.parametrize("sabotage", ["network", "root", "read_only", "deadline"])
def test_preflight_refuses_a_weakened_sandbox(runner_image: str, sabotage: str) -> None:
    runner = DockerRunner(runner_image, Limits(timeout_s=5), jobs=1, sabotage=frozenset({sabotage}))
    try:
        with pytest.raises(SecurityCheckFailed):
            runner.start()
    finally:
        runner.close()


def test_every_sabotage_is_covered_by_a_probe() -> None:
    from codeeval.runners.docker import SABOTAGE

    assert {p.sabotage for p in PROBES} == set(SABOTAGE)


def test_unknown_sabotage_is_refused(runner_image: str) -> None:
    runner: Any = DockerRunner(runner_image, LIMITS, preflight=False, sabotage=frozenset({"x"}))
    runner.start()
    try:
        with pytest.raises(Exception, match="unknown sabotage"):
            run_probe(runner, PROBES[0], HOST_PORT=1)
    finally:
        runner.close()
