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
  another image or other limits) is refused instead of mixing the two;
* ``read_results`` reads the file back as typed records (:class:`codeeval.record.Result`),
  each bad line reported with its number, records of an older schema upgraded and those of
  a newer codeeval refused.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from codeeval.errors import InputError, StoreError, UsageError
from codeeval.record import NewerSchema, Result, parse_line

RESULTS = "results.jsonl"
MANIFEST = "run.json"
KeyTuple = tuple[str, str, int]


def record_key(record: dict[str, Any]) -> KeyTuple:
    return (str(record["model"]), str(record["prompt_id"]), int(record["run"]))


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
        for record in iter_records(self.path):
            try:
                self.done.add(record_key(record))
            except (KeyError, ValueError, TypeError):
                continue
        try:
            self._fh = self.path.open("ab")
        except OSError as exc:
            raise StoreError(f"{self.path}: cannot open for writing ({exc.strerror})") from exc

    def _check_manifest(self, manifest: dict[str, Any]) -> None:
        path = self.dir / MANIFEST
        if path.exists():
            try:
                old = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError) as exc:
                raise StoreError(f"{path}: unreadable run manifest ({exc})") from exc
            changed = sorted(k for k in manifest if old.get(k) != manifest[k])
            if changed:
                raise UsageError(
                    f"{self.dir} holds results made with other settings ({', '.join(changed)})",
                    hint="use another --out directory, or the same settings to resume",
                )
            return
        try:
            tmp = path.with_suffix(".tmp")
            tmp.write_text(json.dumps(manifest, indent=2, sort_keys=True), encoding="utf-8")
            tmp.replace(path)
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
