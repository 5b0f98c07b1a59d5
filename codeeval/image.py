"""Build the runner image, with or without a container registry.

Two bases, one Dockerfile (``Dockerfile.runner``, build argument ``BASE``):

* ``registry``: ``python:3.11-slim`` from a registry, pytest & co. from PyPI;
* ``offline``: a Debian root file system made locally with ``mmdebstrap`` from
  Debian's archive (python3, pytest, pytest-timeout, hypothesis) and imported as
  ``codeeval-base:bookworm``; no registry is contacted.

``auto`` uses the registry base when it is present or can be pulled, else offline.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Literal

import docker
import docker.errors

from codeeval.errors import ImageBuildError
from codeeval.runners.docker import ENGINE_ERRORS, connect

Base = Literal["auto", "registry", "offline"]
REGISTRY_BASE = "python:3.11-slim"
OFFLINE_BASE = "codeeval-base:bookworm"
DEBIAN_PACKAGES = "python3,python3-pytest,python3-pytest-timeout,python3-hypothesis"
SOURCE_ROOT = Path(__file__).resolve().parent.parent
Log = Callable[[str], None]


def _context() -> Path:
    dockerfile = SOURCE_ROOT / "Dockerfile.runner"
    sandbox = SOURCE_ROOT / "sandbox"
    if not dockerfile.is_file() or not sandbox.is_dir():
        raise ImageBuildError(
            f"Dockerfile.runner and sandbox/ not found next to the package ({SOURCE_ROOT})",
            hint="build the image from a source checkout of codeeval",
        )
    ctx = Path(tempfile.mkdtemp(prefix="codeeval-build-"))
    shutil.copy(dockerfile, ctx / "Dockerfile.runner")
    shutil.copytree(sandbox, ctx / "sandbox", ignore=shutil.ignore_patterns("__pycache__"))
    return ctx


def _has_image(client: docker.DockerClient, name: str) -> bool:
    try:
        client.images.get(name)
        return True
    except docker.errors.ImageNotFound:
        return False


def _try_pull(client: docker.DockerClient, name: str, log: Log) -> bool:
    repo, _, tag = name.partition(":")
    try:
        client.images.pull(repo, tag=tag or "latest")
        return True
    except ENGINE_ERRORS as exc:
        log(f"cannot pull {name}: {str(exc).splitlines()[0][:200]}")
        return False


def ensure_offline_base(client: docker.DockerClient, log: Log, cache: Path) -> None:
    """Make ``codeeval-base:bookworm`` from Debian's archive unless it exists."""
    if _has_image(client, OFFLINE_BASE):
        log(f"offline base {OFFLINE_BASE} present")
        return
    tool = shutil.which("mmdebstrap")
    if tool is None:
        raise ImageBuildError(
            "the offline base needs mmdebstrap, which is not installed",
            hint="apt-get install -y mmdebstrap (or build with --base registry)",
        )
    cache.mkdir(parents=True, exist_ok=True)
    tar = cache / "rootfs-bookworm.tar"
    log(f"building a Debian root file system with mmdebstrap ({DEBIAN_PACKAGES})")
    proc = subprocess.run(
        [tool, "--variant=apt", f"--include={DEBIAN_PACKAGES}", "bookworm", str(tar)],
        capture_output=True,
        text=True,
        timeout=1800,
        check=False,
    )
    if proc.returncode != 0:
        raise ImageBuildError(f"mmdebstrap failed: {proc.stderr.strip()[-500:]}")
    log(f"importing {tar} as {OFFLINE_BASE}")
    try:
        repo, _, tag = OFFLINE_BASE.partition(":")
        client.api.import_image_from_file(str(tar), repository=repo, tag=tag)
    except ENGINE_ERRORS as exc:
        raise ImageBuildError(f"cannot import the root file system: {exc}") from exc
    finally:
        tar.unlink(missing_ok=True)


def build(
    tag: str,
    base: Base = "auto",
    *,
    base_url: str | None = None,
    cache: Path,
    log: Log = lambda line: None,
) -> str:
    """Build the runner image and return its digest (the image id)."""
    client = connect(base_url, 600)
    chosen = base
    if base == "auto":
        if _has_image(client, REGISTRY_BASE) or _try_pull(client, REGISTRY_BASE, log):
            chosen = "registry"
        else:
            chosen = "offline"
            log("no registry reachable: using the offline Debian base")
    if chosen == "offline":
        ensure_offline_base(client, log, cache)
        base_image = OFFLINE_BASE
    else:
        base_image = REGISTRY_BASE
    ctx = _context()
    try:
        log(f"building {tag} on {base_image}")
        stream = client.api.build(
            path=str(ctx),
            dockerfile="Dockerfile.runner",
            tag=tag,
            buildargs={"BASE": base_image},
            rm=True,
            forcerm=True,
            pull=False,
            decode=True,
            labels={"org.codeeval.base": base_image},
        )
        for chunk in stream:
            if "error" in chunk:
                raise ImageBuildError(f"image build failed: {str(chunk['error']).strip()}")
            text = str(chunk.get("stream", "")).rstrip()
            if text:
                log(text)
        return str(client.images.get(tag).id)
    except ENGINE_ERRORS as exc:
        raise ImageBuildError(f"image build failed: {exc}") from exc
    finally:
        shutil.rmtree(ctx, ignore_errors=True)
