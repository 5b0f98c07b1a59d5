"""The sweep of stale containers against the real engine: a container someone else
removed between the list and the removal is no error; an engine that fails is one.

The client passed to ``sweep`` is the real engine's, seen through a narrow view that
lists only this test's container (so the sweep never touches anyone else's) and, where
a test needs it, removes that container itself right after listing it: the race of two
janitors, made deterministic.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import docker
import pytest

from codeeval.config import settings
from codeeval.errors import EngineError
from codeeval.runners.docker import LABEL_HOST, LABEL_PID, LABEL_ROLE, LABEL_RUN, ROLE, sweep

pytestmark = pytest.mark.docker


class _View:
    """``client.api`` of the real engine, listing only containers of one run id; with
    ``vanish`` it removes what it listed before handing the list over; ``remover``
    does the removals (another engine connection)."""

    def __init__(self, real: Any, run_id: str, vanish: bool, remover: Any) -> None:
        self._real, self._run_id, self._vanish, self._remover = real, run_id, vanish, remover

    def containers(self, **kwargs: Any) -> list[dict[str, Any]]:
        found: list[dict[str, Any]] = [
            c
            for c in self._real.containers(**kwargs)
            if (c.get("Labels") or {}).get(LABEL_RUN) == self._run_id
        ]
        if self._vanish:
            for c in found:
                self._real.remove_container(c["Id"], force=True)
        return found

    def remove_container(self, ident: str, **kwargs: Any) -> None:
        self._remover.remove_container(ident, **kwargs)


class _Client:
    def __init__(self, api: _View) -> None:
        self.api = api


@pytest.fixture()
def stale(runner_image: str) -> Iterator[tuple[Any, str, str]]:
    """A created (never started) container labelled as a runner whose evaluator is gone."""
    client = docker.DockerClient(base_url=settings().docker_url or None, timeout=30)
    run_id = f"sweep-test-{uuid.uuid4().hex[:8]}"
    labels = {LABEL_ROLE: ROLE, LABEL_RUN: run_id, LABEL_PID: "0", LABEL_HOST: "gone-host"}
    ident = client.api.create_container(runner_image, command="true", labels=labels)["Id"]
    yield client.api, run_id, ident
    try:
        client.api.remove_container(ident, force=True)
    except docker.errors.NotFound:
        pass
    client.close()


def test_a_stale_container_is_removed(stale: tuple[Any, str, str]) -> None:
    api, run_id, ident = stale
    assert sweep(_Client(_View(api, run_id, vanish=False, remover=api))) == 1  # type: ignore[arg-type]
    with pytest.raises(docker.errors.NotFound):
        api.inspect_container(ident)


def test_a_container_removed_by_someone_else_mid_sweep_is_no_error(
    stale: tuple[Any, str, str],
) -> None:
    api, run_id, _ = stale
    assert sweep(_Client(_View(api, run_id, vanish=True, remover=api))) == 0  # type: ignore[arg-type]


def test_an_engine_that_fails_the_removal_is_an_error(
    stale: tuple[Any, str, str], tmp_path: Any
) -> None:
    """The removal goes to an engine socket nobody answers: a real failure, never ignored."""
    api, run_id, ident = stale
    dead = docker.APIClient(
        base_url=f"unix://{tmp_path}/no-engine.sock", timeout=5, version=api.api_version
    )
    with pytest.raises(EngineError, match="cannot remove container"):
        sweep(_Client(_View(api, run_id, vanish=False, remover=dead)))  # type: ignore[arg-type]
    assert api.inspect_container(ident)["Id"] == ident  # still there for the next sweep
