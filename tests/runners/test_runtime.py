"""The sandbox's OCI runtime: asked for by name, never silently replaced by another."""

from __future__ import annotations

from typing import Any

import pytest

from codeeval.errors import RuntimeMissing
from codeeval.models import Limits
from codeeval.runners.docker import KERNEL_HEADROOM, _create, check_runtime

ENGINE_INFO = {"Runtimes": {"runc": {"path": "runc"}, "io.containerd.runc.v2": {}}}


class RecordingContainers:
    """Stands in for ``client.containers``: keeps what a container was created with."""

    def __init__(self) -> None:
        self.created: list[dict[str, Any]] = []

    def create(self, image: str, **settings: Any) -> dict[str, Any]:
        self.created.append(settings)
        return settings


class RecordingClient:
    def __init__(self) -> None:
        self.containers = RecordingContainers()


def test_deny_a_runtime_the_engine_lacks() -> None:
    with pytest.raises(RuntimeMissing) as caught:
        check_runtime(ENGINE_INFO, "runsc")
    assert "no runtime 'runsc'" in str(caught.value)
    assert "io.containerd.runc.v2, runc" in str(caught.value)
    assert "daemon.json" in caught.value.hint and "--network=none" in caught.value.hint
    assert caught.value.exit_code == 5


def test_allow_the_default_or_a_registered_runtime() -> None:
    check_runtime(ENGINE_INFO, None)
    check_runtime(ENGINE_INFO, "runc")
    check_runtime({"Runtimes": {"runc": {}, "runsc": {}}}, "runsc")


def test_runtime_reaches_the_container_with_every_other_setting_kept() -> None:
    limits = Limits()
    client = RecordingClient()
    _create(client, "img", limits, "run")  # type: ignore[arg-type]
    _create(client, "img", limits, "run", runtime="runsc")  # type: ignore[arg-type]
    default, gvisor = client.containers.created
    assert "runtime" not in default
    assert gvisor["runtime"] == "runsc"
    same = {"runtime", "mem_limit", "memswap_limit", "pids_limit"}
    assert {k: v for k, v in default.items() if k not in same} == {
        k: v for k, v in gvisor.items() if k not in same
    }
    # A user-space kernel's own threads and pages count in the container's cgroup.
    per = KERNEL_HEADROOM["pids_per_limit"]
    assert gvisor["pids_limit"] == limits.pids * per + KERNEL_HEADROOM["pids"]
    assert default["pids_limit"] == limits.pids
    extra = KERNEL_HEADROOM["memory_mb"]
    assert gvisor["mem_limit"] == f"{limits.memory_mb + 64 + extra}m" == gvisor["memswap_limit"]
