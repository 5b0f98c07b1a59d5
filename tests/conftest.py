"""Shared fixtures. Docker tests use the real engine; a skip always says why, and with
CODEEVAL_REQUIRE_DOCKER=1 (as in CI) a missing engine or image is a failure instead."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from codeeval.config import settings


def _unavailable(reason: str) -> None:
    if os.environ.get("CODEEVAL_REQUIRE_DOCKER") == "1":
        pytest.fail(f"Docker tests are required here but {reason}")
    pytest.skip(f"Docker tests need a running engine and the runner image: {reason}")


@pytest.fixture(scope="session")
def runner_image() -> str:
    from codeeval.errors import CodeevalError
    from codeeval.runners.docker import connect

    cfg = settings()
    try:
        client = connect(cfg.docker_url, 10)
        client.images.get(cfg.image)
    except CodeevalError as exc:
        _unavailable(str(exc))
    except Exception as exc:
        _unavailable(f"image {cfg.image} not found ({type(exc).__name__})")
    return cfg.image


#: The OCI runtimes every isolation test runs under: the engine's default (runc, sharing
#: the host's kernel) and gVisor's runsc (a user-space kernel; `.ci/setup.sh` registers it).
RUNTIMES = ("runc", "runsc")


@pytest.fixture(scope="session", params=RUNTIMES)
def sandbox_runtime(request: pytest.FixtureRequest, runner_image: str) -> str:
    """Each runtime in turn; one the engine does not have is a skip (a failure in CI)."""
    from codeeval.errors import CodeevalError
    from codeeval.runners.docker import check_runtime, connect

    runtime: str = request.param
    try:
        check_runtime(connect(settings().docker_url, 10).info(), runtime)
    except CodeevalError as exc:
        _unavailable(f"{exc} (`.ci/setup.sh` registers runsc)")
    return runtime


@pytest.fixture(scope="session")
def runc_runner(runner_image: str) -> Iterator[object]:
    """A runner on the engine's default runtime only: for tests of codeeval's own logic
    (the isolation proxy), which the kernel underneath does not change."""
    from codeeval.runners.docker import DockerRunner
    from tests.docker.probes import LIMITS

    runner = DockerRunner(runner_image, LIMITS, jobs=2)
    runner.start()
    yield runner
    runner.close()


@pytest.fixture(scope="session")
def docker_runner(runner_image: str, sandbox_runtime: str) -> Iterator[object]:
    from codeeval.runners.docker import DockerRunner
    from tests.docker.probes import LIMITS

    runner = DockerRunner(runner_image, LIMITS, jobs=2, runtime=sandbox_runtime)
    runner.start()
    yield runner
    runner.close()


@pytest.fixture(scope="session")
def host_port() -> Iterator[int]:
    """A TCP listener on the host's loopback that sandboxed code must not reach."""
    import socket

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(16)
    yield server.getsockname()[1]
    server.close()
