"""Read samples: JSON Lines, or a directory of Markdown files.

Reading streams: one line or file at a time, so memory does not grow with the
input. A bad line never stops the run; it comes out as a ``BadInput`` with its
location and the reason, and the rest is read on.

Directory naming (``.md`` or ``.txt``)::

    <model>__<prompt_id>__run<N>.md       e.g. qwen2.5-7b__slugify__run2.md
    <model>/<prompt_id>__run<N>.md        one sub-directory per model

The separator is a double underscore; ``run<N>`` may also be written ``r<N>`` or
just ``<N>``. Files that do not match are reported, not guessed at.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from codeeval.errors import InputError
from codeeval.models import Sample, first_error

MAX_LINE_BYTES = 32 * 1024 * 1024
MAX_FILE_BYTES = 32 * 1024 * 1024
_RUN = r"(?:run|r)?(?P<run>\d+)"
_FLAT = re.compile(rf"^(?P<model>.+?)__(?P<prompt>[^_].*?)__{_RUN}$")
_NESTED = re.compile(rf"^(?P<prompt>.+?)__{_RUN}$")


@dataclass(frozen=True)
class BadInput:
    """One input line or file that could not be read as a sample."""

    where: str
    reason: str


def iter_samples(path: Path) -> Iterator[Sample | BadInput]:
    """Samples from a JSONL file or a Markdown directory, in input order.

    Raises:
        InputError: when ``path`` does not exist or cannot be opened at all.
    """
    if path.is_dir():
        yield from _iter_directory(path)
    elif path.is_file():
        yield from _iter_jsonl(path)
    else:
        raise InputError(f"{path}: no such samples file or directory")


def _reject_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise ValueError(f"duplicate key {key!r}")
        seen[key] = value
    return seen


def _iter_jsonl(path: Path) -> Iterator[Sample | BadInput]:
    sniff(path)
    try:
        fh = path.open("rb")
    except OSError as exc:
        raise InputError(f"{path}: cannot open the samples file ({exc.strerror})") from exc
    with fh:
        number = 0
        while True:
            raw = fh.readline(MAX_LINE_BYTES + 1)
            if not raw:
                return
            number += 1
            where = f"{path}:{number}"
            if len(raw) > MAX_LINE_BYTES and not raw.endswith(b"\n"):
                while (rest := fh.readline(1 << 20)) and not rest.endswith(b"\n"):
                    pass
                yield BadInput(where, f"line longer than {MAX_LINE_BYTES >> 20} MiB, skipped")
                continue
            if number == 1 and raw.startswith(b"\xef\xbb\xbf"):
                raw = raw[3:]  # a byte-order mark some editors write at the start of a file
            if not raw.strip():
                continue
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                yield BadInput(where, f"invalid UTF-8 at byte {exc.start}")
                continue
            try:
                data = json.loads(text, object_pairs_hook=_reject_duplicates)
            except ValueError as exc:
                yield BadInput(where, f"not valid JSON ({exc})")
                continue
            except RecursionError:
                yield BadInput(where, "not valid JSON (nested too deeply)")
                continue
            yield _validate(data, where)


def _validate(data: object, where: str) -> Sample | BadInput:
    if not isinstance(data, dict):
        return BadInput(where, "not a JSON object")
    missing = [k for k in REQUIRED if k not in data]
    if missing:
        return BadInput(where, f"missing key {', '.join(repr(k) for k in missing)}")
    for key, kind in _TYPES.items():
        value = data.get(key)
        if value is None and key not in REQUIRED:
            continue
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            return BadInput(where, f"key {key!r}: must be an integer, not {_show(value)}")
        if kind is str and not isinstance(value, str):
            return BadInput(where, f"key {key!r}: must be a string, not {_show(value)}")
    known = {k: v for k, v in data.items() if k in Sample.model_fields and k != "source"}
    try:
        return Sample.model_validate({**known, "source": where})
    except ValidationError as exc:
        field, msg = first_error(exc)
        return BadInput(where, f"key {field!r}: {msg}")


REQUIRED = ("model", "prompt_id", "run", "text")
#: The sample keys and their JSON types. Nothing is coerced: "1", 1.0 and true are not a
#: run number, and 7 is not a model name.
_TYPES: dict[str, type] = {
    "model": str,
    "prompt_id": str,
    "run": int,
    "text": str,
    "seed": int,
    "finish_reason": str,
    "stderr": str,
}


def _show(value: object) -> str:
    shown = json.dumps(value, ensure_ascii=False)
    return shown if len(shown) <= 40 else shown[:39] + "…"


def sniff(path: Path) -> None:
    """Refuse, as one error, a samples file that is plainly not JSON Lines.

    Raises:
        InputError: the file is compressed, binary, or one JSON array.
    """
    try:
        with path.open("rb") as fh:
            head = fh.read(8192)
    except OSError as exc:
        raise InputError(f"{path}: cannot open the samples file ({exc.strerror})") from exc
    for magic, kind in _ARCHIVES:
        if head.startswith(magic):
            raise InputError(
                f"{path}: a {kind} file, not JSON Lines",
                hint="decompress it first; codeeval reads JSON Lines or a directory of .md files",
            )
    if b"\x00" in head:
        raise InputError(
            f"{path}: a binary file, not JSON Lines (a NUL byte in its first {len(head)} bytes)",
            hint="pass a JSON Lines file (one JSON object per line) or a directory of .md files",
        )
    if head.removeprefix(b"\xef\xbb\xbf").lstrip().startswith(b"["):
        raise InputError(
            f"{path}: one JSON array, not JSON Lines",
            hint=f"write one object per line, e.g. `jq -c '.[]' {path} > samples.jsonl`",
        )


_ARCHIVES = (
    (b"\x1f\x8b", "gzip"),
    (b"PK\x03\x04", "zip"),
    (b"BZh", "bzip2"),
    (b"\xfd7zXZ\x00", "xz"),
    (b"\x28\xb5\x2f\xfd", "zstd"),
)


def parse_name(path: Path, root: Path) -> tuple[str, str, int] | None:
    """(model, prompt_id, run) from a Markdown file's path, or None if it does not match."""
    rel = path.relative_to(root)
    stem = rel.name.rsplit(".", 1)[0]
    if len(rel.parts) == 1:
        m = _FLAT.match(stem)
        if m:
            return m["model"], m["prompt"], int(m["run"])
    elif len(rel.parts) == 2:
        m = _NESTED.match(stem)
        if m and "__" not in m["prompt"]:
            return rel.parts[0], m["prompt"], int(m["run"])
        m = _FLAT.match(stem)
        if m:
            return m["model"], m["prompt"], int(m["run"])
    return None


def _iter_directory(root: Path) -> Iterator[Sample | BadInput]:
    files = sorted(p for p in root.rglob("*") if p.suffix in (".md", ".txt") and p.is_file())
    if not files:
        yield BadInput(str(root), "no .md or .txt files in the directory")
    for path in files:
        if path.name.lower() in ("readme.md", "readme.txt"):
            continue
        parsed = parse_name(path, root)
        if parsed is None:
            yield BadInput(str(path), "file name does not match <model>__<prompt_id>__run<N>.md")
            continue
        model, prompt_id, run = parsed
        try:
            if path.stat().st_size > MAX_FILE_BYTES:
                yield BadInput(str(path), f"larger than {MAX_FILE_BYTES >> 20} MiB, skipped")
                continue
            text = path.read_bytes().decode("utf-8")
        except UnicodeDecodeError as exc:
            yield BadInput(str(path), f"invalid UTF-8 at byte {exc.start}")
            continue
        except OSError as exc:
            yield BadInput(str(path), f"cannot read ({exc.strerror})")
            continue
        yield _validate(
            {"model": model, "prompt_id": prompt_id, "run": run, "text": text}, str(path)
        )
