"""Settings from flags and the environment, validated once. The only reader of env vars."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from codeeval import __version__

DEFAULT_IMAGE = f"codeeval-runner:{__version__}"


@dataclass(frozen=True)
class Settings:
    image: str
    docker_url: str | None
    cache_dir: Path
    runtime: str | None = None


def settings(image: str | None = None, runtime: str | None = None) -> Settings:
    """``CODEEVAL_IMAGE`` names the runner image, ``DOCKER_HOST`` the engine, and
    ``CODEEVAL_RUNTIME`` the engine's OCI runtime for the sandbox (``runsc``: gVisor)."""
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "codeeval"
    return Settings(
        image=image or os.environ.get("CODEEVAL_IMAGE") or DEFAULT_IMAGE,
        docker_url=os.environ.get("DOCKER_HOST") or None,
        cache_dir=cache,
        runtime=runtime or os.environ.get("CODEEVAL_RUNTIME") or None,
    )


def api_key() -> str | None:
    """The key sent to model servers: ``CODEEVAL_API_KEY``, else ``OPENAI_API_KEY``."""
    return os.environ.get("CODEEVAL_API_KEY") or os.environ.get("OPENAI_API_KEY") or None
