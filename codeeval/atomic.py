"""Files replaced whole: a reader sees the old file or the new one, never a part."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path


def write_text(path: Path, text: str) -> None:
    """Write ``text`` (UTF-8) to a temporary file beside ``path``, then move it over
    ``path`` in one step. The temporary file's name is unique to the call, so two writers
    never share it; when the write fails it is removed and the ``OSError`` raised."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{os.urandom(4).hex()}.tmp")
    try:
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(path)
    except OSError:
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)
        raise
