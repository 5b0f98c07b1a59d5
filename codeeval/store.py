"""Results on disk: ``OUT/results.jsonl``, appended one complete line per sample.

Guarantees:

* a record is written with a single ``write`` of a whole line and flushed at once,
  so a killed run loses nothing already written;
* on opening, a torn last line (from a crash or a full disk) is moved aside to
  ``results.jsonl.torn`` and the file is cut back to its last complete line;
* a failed write (disk full, read-only) cuts the file back to its previous size,
  so it only ever holds complete lines, and raises ``StoreError``;
* ``OUT/run.json`` records the settings a results file was made with; resuming
  with settings that change the meaning of a record (``--no-exec`` vs executed,
  another image, other limits, other notice patterns, another parser) is refused
  instead of mixing the two, naming each value that differs;
* ``read_results`` reads the file back as typed records (:class:`codeeval.record.Result`),
  each bad line reported with its number, records of an older schema upgraded and those of
  a newer codeeval refused;
* ``OUT/run.lock`` is held (``flock``) by the one run writing to ``OUT``; a second
  run on the same directory is refused (``OutLocked``). The kernel releases the lock
  when the process ends, however it ends, so a killed run never leaves it behind;
* each record carries digests of its inputs (``inputs.sample``, ``inputs.prompt``);
  ``ResultStore.inputs`` holds them for the resume check, and ``replace`` moves the
  records of changed inputs to ``results.jsonl.replaced`` so they can run again;
* ``OUT/prompts.json`` keeps, per prompt used, a digest of each field (to name what
  changed) and whether its reference solution passed the self-check.
"""

from __future__ import annotations

import fcntl
import json
import os
import socket
import threading
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any, BinaryIO

from codeeval import atomic
from codeeval.errors import InputError, OutLocked, StoreError, UsageError
from codeeval.record import NewerSchema, Result, parse_line

RESULTS = "results.jsonl"
MANIFEST = "run.json"
LOCK = "run.lock"
PROMPTS = "prompts.json"
REPLACED = RESULTS + ".replaced"
KeyTuple = tuple[str, str, int]


class OutLock:
    """Exclusive use of a results directory by one run: ``with OutLock(out): …``.

    Raises:
        OutLocked: another process holds the lock; the message names it.
        StoreError: the directory or the lock file cannot be made.
    """

    def __init__(self, out_dir: Path) -> None:
        self.dir = out_dir
        self.path = out_dir / LOCK
        self._fd: int | None = None

    def __enter__(self) -> OutLock:
        try:
            self.dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(f"{self.dir}: cannot create the results directory ({exc})") from exc
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        except OSError as exc:
            raise StoreError(f"{self.path}: cannot create the lock file ({exc.strerror})") from exc
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = _read_holder(fd)
            os.close(fd)
            raise OutLocked(
                f"{self.dir} is in use by another codeeval run{holder}; "
                "two runs on one results directory would write every record twice"
            ) from None
        except OSError as exc:
            os.close(fd)
            raise StoreError(f"{self.path}: cannot lock ({exc.strerror})") from exc
        stamp = time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime())
        info = json.dumps({"pid": os.getpid(), "host": socket.gethostname(), "since": stamp})
        try:
            os.ftruncate(fd, 0)
            os.pwrite(fd, info.encode() + b"\n", 0)
        except OSError:
            pass  # the lock holds without the note; only the message loses its details
        self._fd = fd
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self._fd is not None:
            # The file stays: removing it would let a third run lock a new inode while a
            # second still waits on the old one.
            try:
                os.ftruncate(self._fd, 0)
            except OSError:
                pass
            os.close(self._fd)  # closing releases the flock
            self._fd = None


def _read_holder(fd: int) -> str:
    try:
        info = json.loads(os.pread(fd, 4096, 0) or b"{}")
        return f" (pid {int(info['pid'])} on {info['host']}, since {info['since']})"
    except (OSError, ValueError, KeyError, TypeError):
        return ""


def _differences(old: object, new: object, path: str) -> list[str]:
    """``limits.timeout_s: 20.0 → 60.0`` for each leaf that differs."""
    if isinstance(old, dict) and isinstance(new, dict):
        out: list[str] = []
        for key in sorted(set(old) | set(new), key=str):
            out += _differences(old.get(key), new.get(key), f"{path}.{key}" if path else key)
        return out
    if old == new:
        return []
    return [f"{path}: {_short(old)} → {_short(new)}"]


def _short(value: object) -> str:
    text = "not recorded" if value is None else json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:59] + "…"


def record_key(record: dict[str, Any]) -> KeyTuple:
    return (str(record["model"]), str(record["prompt_id"]), int(record["run"]))


def _inputs(record: dict[str, Any]) -> dict[str, str]:
    inputs = record.get("inputs")
    if not isinstance(inputs, dict):
        return {}
    return {str(k): str(v) for k, v in inputs.items() if isinstance(v, str)}


def iter_records(path: Path) -> Iterator[dict[str, Any]]:
    """Complete, parseable records of a results file, streamed."""
    try:
        fh = path.open("rb")
    except FileNotFoundError:
        return
    with fh:
        for raw in fh:
            if not raw.endswith(b"\n"):
                return
            try:
                value = json.loads(raw)
            except ValueError:
                continue
            if isinstance(value, dict):
                yield value


@dataclass(frozen=True)
class BadLine:
    """A line of a results file that is not a valid record, with why."""

    line: int
    reason: str


def read_results(path: Path) -> Iterator[Result | BadLine]:
    """Every line of a results file as a typed record, or a :class:`BadLine` saying why not.

    Streams (memory does not grow with the file). A torn last line (a crash mid-write, not
    yet repaired by a resuming run) is a ``BadLine`` too.

    Raises:
        InputError: a record was written by a newer codeeval: the file is refused whole
            rather than half read.
    """
    try:
        fh = path.open("rb")
    except FileNotFoundError:
        return
    except OSError as exc:
        raise InputError(f"{path}: cannot read ({exc.strerror})") from exc
    with fh:
        for number, raw in enumerate(fh, start=1):
            if not raw.strip():
                continue
            if not raw.endswith(b"\n"):
                yield BadLine(number, "torn last line (an interrupted write)")
                return
            try:
                yield parse_line(raw)
            except NewerSchema as exc:
                raise InputError(
                    f"{path}:{number}: written by a newer codeeval: {exc}",
                    hint="read it with the codeeval version that wrote it, or upgrade codeeval",
                ) from exc
            except ValueError as exc:
                yield BadLine(number, str(exc)[:300])


class ResultStore:
    """Append-only results file with resume."""

    def __init__(self, out_dir: Path, manifest: dict[str, Any]) -> None:
        self.dir = out_dir
        self.path = out_dir / RESULTS
        self._lock = threading.Lock()
        try:
            out_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(f"{out_dir}: cannot create the results directory ({exc})") from exc
        self._check_manifest(manifest)
        self._repair_tail()
        self.done: set[KeyTuple] = set()
        self.inputs: dict[KeyTuple, dict[str, str]] = {}
        """The input digests each done record was made from (empty: an older record)."""
        for record in iter_records(self.path):
            try:
                key = record_key(record)
            except (KeyError, ValueError, TypeError):
                continue
            self.done.add(key)
            self.inputs[key] = _inputs(record)
        self._fh = self._open()

    def _open(self) -> BinaryIO:
        try:
            return self.path.open("ab")
        except OSError as exc:
            raise StoreError(f"{self.path}: cannot open for writing ({exc.strerror})") from exc

    def replace(self, keys: Iterable[KeyTuple]) -> int:
        """Move the records of ``keys`` to ``results.jsonl.replaced``; they count as not
        done again. The results file is rewritten and swapped in atomically. Returns how
        many records were moved."""
        stale = set(keys)
        if not stale:
            return 0
        tmp = self.path.with_suffix(".tmp")
        moved = 0
        with self._lock:
            self._fh.close()
            try:
                with (
                    self.path.open("rb") as src,
                    tmp.open("wb") as keep,
                    (self.dir / REPLACED).open("ab") as aside,
                ):
                    for line in src:
                        try:
                            key = record_key(json.loads(line))
                        except (KeyError, ValueError, TypeError):
                            key = None
                        if key in stale:
                            aside.write(line)
                            moved += 1
                        else:
                            keep.write(line)
                    keep.flush()
                    os.fsync(keep.fileno())
                    aside.flush()
                    os.fsync(aside.fileno())
                tmp.replace(self.path)
            except OSError as exc:
                raise StoreError(
                    f"{self.path}: cannot set aside the records of changed inputs ({exc})"
                ) from exc
            finally:
                self._fh = self._open()
            self.done -= stale
            for key in stale:
                self.inputs.pop(key, None)
        return moved

    def prompt_notes(self) -> dict[str, dict[str, Any]]:
        """``OUT/prompts.json``: per prompt id, its digest, field digests and self-check."""
        try:
            value = json.loads((self.dir / PROMPTS).read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        except (OSError, ValueError) as exc:
            raise StoreError(f"{self.dir / PROMPTS}: unreadable ({exc})") from exc
        return value if isinstance(value, dict) else {}

    def save_prompt_notes(self, notes: dict[str, dict[str, Any]]) -> None:
        path = self.dir / PROMPTS
        try:
            atomic.write_text(path, json.dumps(notes, indent=1, sort_keys=True))
        except OSError as exc:
            raise StoreError(f"{path}: cannot write ({exc.strerror})") from exc

    def _check_manifest(self, manifest: dict[str, Any]) -> None:
        path = self.dir / MANIFEST
        if path.exists():
            try:
                old = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError) as exc:
                raise StoreError(f"{path}: unreadable run manifest ({exc})") from exc
            if not isinstance(old, dict):
                raise StoreError(f"{path}: unreadable run manifest (not a JSON object)")
            changed = _differences({k: old.get(k) for k in manifest}, manifest, "")
            if changed:
                raise UsageError(
                    f"{self.dir} holds results made with other settings: {'; '.join(changed)}",
                    hint="use another --out directory, or the same settings to resume",
                )
            return
        try:
            atomic.write_text(path, json.dumps(manifest, indent=2, sort_keys=True))
        except OSError as exc:
            raise StoreError(f"{path}: cannot write the run manifest ({exc.strerror})") from exc

    def _repair_tail(self) -> None:
        try:
            size = self.path.stat().st_size
        except FileNotFoundError:
            return
        if size == 0:
            return
        try:
            with self.path.open("rb+") as fh:
                fh.seek(max(0, size - (1 << 20)))
                tail = fh.read()
                if tail.endswith(b"\n"):
                    return
                cut = tail.rfind(b"\n")
                keep = size - len(tail) + cut + 1 if cut >= 0 else self._last_newline(fh, size)
                fh.seek(keep)
                torn = fh.read()
                with (self.dir / (RESULTS + ".torn")).open("ab") as aside:
                    aside.write(torn + b"\n")
                fh.truncate(keep)
        except OSError as exc:
            raise StoreError(f"{self.path}: cannot repair a torn last line ({exc})") from exc

    @staticmethod
    def _last_newline(fh: BinaryIO, size: int) -> int:
        pos = size
        while pos > 0:
            start = max(0, pos - (1 << 20))
            fh.seek(start)
            chunk = fh.read(pos - start)
            cut = chunk.rfind(b"\n")
            if cut >= 0:
                return start + cut + 1
            pos = start
        return 0

    def append(self, record: Result | dict[str, Any]) -> None:
        """Write one record as one line. Thread-safe.

        Raises:
            StoreError: the line could not be written; the file is left holding only
                complete lines.
        """
        if isinstance(record, Result):
            line = record.to_line()
            key: KeyTuple = (record.model, record.prompt_id, record.run)
        else:
            try:
                line = json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode()
            except UnicodeEncodeError:  # a lone surrogate (e.g. half an emoji): escape it
                line = json.dumps(record, ensure_ascii=True, separators=(",", ":")).encode()
            line += b"\n"
            key = record_key(record)
        with self._lock:
            before = self._fh.tell()
            try:
                self._fh.write(line)
                self._fh.flush()
            except OSError as exc:
                self._rollback(before)
                raise StoreError(f"{self.path}: cannot append a record ({exc.strerror})") from exc
            self.done.add(key)

    def _rollback(self, size: int) -> None:
        try:
            self._fh.close()
        except OSError:
            pass
        try:
            os.truncate(self.path, size)
        except OSError:
            pass
        try:
            self._fh = self.path.open("ab")
        except OSError:
            pass

    def close(self) -> None:
        with self._lock:
            try:
                self._fh.flush()
                os.fsync(self._fh.fileno())
            except (OSError, ValueError):
                pass
            try:
                self._fh.close()
            except OSError:
                pass
