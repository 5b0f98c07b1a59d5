"""The results file: whole lines only, resume, torn-line repair, manifest, failed writes."""

from __future__ import annotations

import errno
import json
import os
import threading
from pathlib import Path
from typing import Any

import pytest

from codeeval.errors import OutLocked, StoreError, UsageError
from codeeval.store import MANIFEST, RESULTS, OutLock, ResultStore, iter_records, record_key

EXECUTED = {
    "executed": True,
    "image_digest": "sha256:4f1c0d2e9a7b",
    "limits": {"timeout_s": 20.0, "memory_mb": 512},
}
NO_EXEC = {"executed": False, "image_digest": None, "limits": None}


def record(model: str, prompt_id: str, run: int, **extra: Any) -> dict[str, Any]:
    return {
        "model": model,
        "prompt_id": prompt_id,
        "run": run,
        "domain": "coding",
        "applicable": ["own", "reference"],
        "parse": {"status": "ok", "module": prompt_id, "files": [f"{prompt_id}.py"]},
        "execution": {
            "status": "failed",
            "reason": "verdict of the reference suite",
            "own": {"status": "passed", "passed": 5, "failed": 0, "errors": 0, "skipped": 0},
            "reference": {"status": "failed", "passed": 7, "failed": 2, "errors": 0, "skipped": 0},
        },
        **extra,
    }


def lines(path: Path) -> list[bytes]:
    data = path.read_bytes()
    assert data == b"" or data.endswith(b"\n"), "the results file must end with a whole line"
    return data.splitlines(keepends=True)


def test_append_and_read_back(tmp_path: Path) -> None:
    written = [
        record("qwen2.5-7b", "slugify", 1, note="Größe → groesse"),
        record("qwen2.5-7b", "slugify", 2, note='emoji 🎉 and "quotes"\nnewline'),
        record("llama-3.1-8b", "roman_numerals", 1),
    ]
    store = ResultStore(tmp_path / "out", EXECUTED)
    for rec in written:
        store.append(rec)
    store.close()
    path = tmp_path / "out" / RESULTS
    assert list(iter_records(path)) == written
    raw = lines(path)
    assert len(raw) == 3
    assert "Größe".encode() in raw[0]  # UTF-8, not \\u escapes
    assert store.done == {("qwen2.5-7b", "slugify", 1), ("qwen2.5-7b", "slugify", 2),
                          ("llama-3.1-8b", "roman_numerals", 1)}  # fmt: skip


def test_lone_surrogate_is_written_escaped_and_reads_back(tmp_path: Path) -> None:
    """Half an emoji (a lone UTF-16 surrogate) in a record must not break the append."""
    rec = record("qwen2.5-7b", "slugify", 1, tail="output cut at \ud83d")
    store = ResultStore(tmp_path, EXECUTED)
    store.append(rec)
    store.close()
    assert list(iter_records(tmp_path / RESULTS)) == [rec]
    assert store.done == {("qwen2.5-7b", "slugify", 1)}


def test_record_key() -> None:
    assert record_key(record("m", "lru", 3)) == ("m", "lru", 3)
    assert record_key({"model": "m", "prompt_id": "lru", "run": "3"}) == ("m", "lru", 3)


def test_iter_records_missing_file_is_empty(tmp_path: Path) -> None:
    assert list(iter_records(tmp_path / RESULTS)) == []


def test_iter_records_skips_garbage_and_stops_at_a_torn_line(tmp_path: Path) -> None:
    path = tmp_path / RESULTS
    first, second = record("m", "lru", 1), record("m", "lru", 2)
    path.write_bytes(
        json.dumps(first).encode()
        + b"\n{not json\n[1, 2]\n"
        + json.dumps(second).encode()
        + b'\n{"model": "m", "prompt_id": "lru", "run": 3'
    )
    assert list(iter_records(path)) == [first, second]


def test_resume_marks_existing_keys_done(tmp_path: Path) -> None:
    store = ResultStore(tmp_path, EXECUTED)
    store.append(record("qwen2.5-7b", "slugify", 1))
    store.append(record("qwen2.5-7b", "slugify", 2))
    store.close()

    again = ResultStore(tmp_path, EXECUTED)
    assert again.done == {("qwen2.5-7b", "slugify", 1), ("qwen2.5-7b", "slugify", 2)}
    again.append(record("qwen2.5-7b", "lru", 1))
    again.close()
    assert [record_key(r) for r in iter_records(tmp_path / RESULTS)] == [
        ("qwen2.5-7b", "slugify", 1),
        ("qwen2.5-7b", "slugify", 2),
        ("qwen2.5-7b", "lru", 1),
    ]


def test_resume_ignores_lines_without_a_usable_key(tmp_path: Path) -> None:
    (tmp_path / RESULTS).write_text(
        json.dumps(record("m", "lru", 1))
        + "\n"
        + json.dumps({"model": "m", "prompt_id": "lru"})
        + "\n"
        + json.dumps({"model": "m", "prompt_id": "lru", "run": "second"})
        + "\n"
    )
    store = ResultStore(tmp_path, EXECUTED)
    store.close()
    assert store.done == {("m", "lru", 1)}


def test_torn_last_line_is_moved_aside_and_cut(tmp_path: Path) -> None:
    path = tmp_path / RESULTS
    good = json.dumps(record("m", "slugify", 1)).encode() + b"\n"
    torn = b'{"model": "m", "prompt_id": "slugify", "run": 2, "execution": {"sta'
    path.write_bytes(good + torn)

    store = ResultStore(tmp_path, EXECUTED)
    assert path.read_bytes() == good
    assert (tmp_path / (RESULTS + ".torn")).read_bytes() == torn + b"\n"
    assert store.done == {("m", "slugify", 1)}
    store.append(record("m", "slugify", 2))
    store.close()
    assert [record_key(r) for r in iter_records(path)] == [("m", "slugify", 1), ("m", "slugify", 2)]
    assert len(lines(path)) == 2


def test_torn_line_longer_than_the_tail_window(tmp_path: Path) -> None:
    """The last newline lies more than 1 MiB before the end of the file."""
    path = tmp_path / RESULTS
    good = json.dumps(record("m", "slugify", 1)).encode() + b"\n"
    torn = b'{"model": "m", "output_tail": "' + b"E" * (3 * (1 << 20) // 2)
    path.write_bytes(good + torn)
    store = ResultStore(tmp_path, EXECUTED)
    store.close()
    assert path.read_bytes() == good
    assert (tmp_path / (RESULTS + ".torn")).read_bytes() == torn + b"\n"


def test_file_holding_only_a_torn_line_is_emptied(tmp_path: Path) -> None:
    path = tmp_path / RESULTS
    path.write_bytes(b'{"model": "m", "prompt_id"')
    store = ResultStore(tmp_path, EXECUTED)
    store.close()
    assert path.read_bytes() == b""
    assert store.done == set()
    assert (tmp_path / (RESULTS + ".torn")).read_bytes() == b'{"model": "m", "prompt_id"\n'


def test_manifest_is_written_once_and_checked(tmp_path: Path) -> None:
    ResultStore(tmp_path, EXECUTED).close()
    assert json.loads((tmp_path / MANIFEST).read_text()) == EXECUTED
    ResultStore(tmp_path, EXECUTED).close()  # the same settings resume

    with pytest.raises(UsageError) as info:
        ResultStore(tmp_path, NO_EXEC)
    message = str(info.value)
    assert "executed" in message and "image_digest" in message and "limits" in message
    assert "--out" in info.value.hint
    assert info.value.exit_code == 2
    assert json.loads((tmp_path / MANIFEST).read_text()) == EXECUTED


def test_manifest_with_other_limits_is_refused(tmp_path: Path) -> None:
    ResultStore(tmp_path, EXECUTED).close()
    other = {**EXECUTED, "limits": {"timeout_s": 60.0, "memory_mb": 512}}
    with pytest.raises(UsageError, match=r"other settings: limits.timeout_s: 20.0 → 60.0$"):
        ResultStore(tmp_path, other)


def test_unreadable_manifest_is_a_store_error(tmp_path: Path) -> None:
    (tmp_path / MANIFEST).write_text('{"executed": tru')
    with pytest.raises(StoreError, match="unreadable run manifest"):
        ResultStore(tmp_path, EXECUTED)


def test_results_directory_that_cannot_be_created(tmp_path: Path) -> None:
    (tmp_path / "results").write_text("a file, not a directory")
    with pytest.raises(StoreError, match="cannot create the results directory"):
        ResultStore(tmp_path / "results" / "out", EXECUTED)


class FullDisk:
    """Stands in for the store's file: writes part of the line, then the disk is full.

    ``BufferedWriter.write`` is read-only on the instance, so the file object is wrapped.
    """

    def __init__(self, real: Any) -> None:
        self.real = real

    def tell(self) -> int:
        return int(self.real.tell())

    def write(self, data: bytes) -> int:
        self.real.write(data[: len(data) // 2])
        self.real.flush()
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def flush(self) -> None:
        self.real.flush()

    def fileno(self) -> int:
        return int(self.real.fileno())

    def close(self) -> None:
        self.real.close()


def test_failed_write_raises_store_error_and_leaves_whole_lines(tmp_path: Path) -> None:
    path = tmp_path / RESULTS
    store = ResultStore(tmp_path, EXECUTED)
    store.append(record("m", "slugify", 1))
    store._fh = FullDisk(store._fh)  # type: ignore[assignment]

    with pytest.raises(StoreError, match="No space left on device") as info:
        store.append(record("m", "slugify", 2, output_tail="x" * 10_000))
    assert info.value.exit_code == 8
    assert [record_key(r) for r in iter_records(path)] == [("m", "slugify", 1)]
    assert len(lines(path)) == 1
    assert ("m", "slugify", 2) not in store.done

    store.append(record("m", "slugify", 3))  # the store is usable again once space is back
    store.close()
    assert [record_key(r) for r in iter_records(path)] == [("m", "slugify", 1), ("m", "slugify", 3)]
    assert len(lines(path)) == 2


def test_appends_from_many_threads_stay_whole(tmp_path: Path) -> None:
    store = ResultStore(tmp_path, EXECUTED)
    threads_n, per_thread = 12, 40
    start = threading.Barrier(threads_n)

    def worker(t: int) -> None:
        start.wait()
        for i in range(per_thread):
            # lines bigger than the write buffer would interleave without the lock
            store.append(record(f"model-{t}", "slugify", i + 1, output_tail=chr(65 + t) * 9000))

    threads = [threading.Thread(target=worker, args=(t,)) for t in range(threads_n)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    store.close()

    raw = lines(tmp_path / RESULTS)
    assert len(raw) == threads_n * per_thread
    parsed = [json.loads(r) for r in raw]
    keys = {record_key(r) for r in parsed}
    assert len(keys) == threads_n * per_thread
    assert keys == store.done
    for r in parsed:
        assert r["output_tail"] == chr(65 + int(r["model"].split("-")[1])) * 9000


def test_close_twice_is_harmless(tmp_path: Path) -> None:
    store = ResultStore(tmp_path, EXECUTED)
    store.append(record("m", "lru", 1))
    store.close()
    store.close()
    assert len(lines(tmp_path / RESULTS)) == 1


def test_a_typed_record_is_written_and_read_back_equal(tmp_path: Path) -> None:
    from codeeval.store import read_results
    from tests.records import rec, suite

    record = rec("m", "slugify", 1, "failed", own=suite(passed=2, failed=1))
    store = ResultStore(tmp_path, {"executed": True})
    store.append(record)
    store.close()
    assert store.done == {("m", "slugify", 1)}
    assert list(read_results(tmp_path / RESULTS)) == [record]


def test_replace_moves_records_aside_and_keeps_appending(tmp_path: Path) -> None:
    store = ResultStore(tmp_path, EXECUTED)
    for run in (1, 2, 3):
        store.append(record("m", "lru", run, inputs={"sample": f"sha256:{run}", "prompt": "p"}))
    store.close()
    again = ResultStore(tmp_path, EXECUTED)
    assert again.inputs[("m", "lru", 2)] == {"sample": "sha256:2", "prompt": "p"}
    assert again.replace([("m", "lru", 2), ("m", "gone", 9)]) == 1
    assert again.done == {("m", "lru", 1), ("m", "lru", 3)}
    again.append(record("m", "lru", 2))
    again.close()
    assert [record_key(json.loads(x)) for x in lines(tmp_path / RESULTS)] == [
        ("m", "lru", 1),
        ("m", "lru", 3),
        ("m", "lru", 2),
    ]
    (aside,) = lines(tmp_path / "results.jsonl.replaced")
    assert json.loads(aside)["inputs"]["sample"] == "sha256:2"


def test_manifest_difference_names_old_and_new_values(tmp_path: Path) -> None:
    ResultStore(tmp_path, {**EXECUTED, "notice_patterns": []}).close()
    other = {**EXECUTED, "notice_patterns": ["^x"], "parser": "sanitize"}
    with pytest.raises(UsageError) as info:
        ResultStore(tmp_path, other)
    assert str(info.value).endswith(
        'other settings: notice_patterns: [] → ["^x"]; parser: not recorded → "sanitize"'
    )


def test_a_held_lock_is_refused_and_released_with_its_holder(tmp_path: Path) -> None:
    busy = rf"{tmp_path} is in use by another codeeval run"
    with OutLock(tmp_path), pytest.raises(OutLocked, match=busy), OutLock(tmp_path):
        pass
    with OutLock(tmp_path):  # released on exit
        pass
