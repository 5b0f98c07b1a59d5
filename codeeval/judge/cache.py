"""Judgments cached by (judge identity, rubric version, criterion, text hash).

A re-run asks the model nothing it was already asked; the cache is one JSON Lines file
appended one whole line at a time, so a killed run keeps what it finished. Judging the
same text again on purpose (``--recheck``) compares the new value with the cached one and
reports every difference as drift.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path

from codeeval.chat import ServerIdentity
from codeeval.errors import StoreError
from codeeval.models import Frozen


class CacheKey(Frozen):
    judge: str
    rubric_version: str
    criterion: str
    text_hash: str
    prompt_version: str = ""
    """The judge prompt's wording (``prompting.PROMPT_VERSION``)."""


class CachedJudgment(Frozen):
    key: CacheKey
    value: int | None
    reason: str
    prompt: str
    raw_reply: str
    served_model: str | None = None
    reply_format: str = "text"
    latency_s: float = 0.0


class Drift(Frozen):
    key: CacheKey
    text: str
    """Which output (model/prompt/run) the text belongs to."""
    before: int | None
    after: int | None


def judge_key(identity: ServerIdentity) -> str:
    """The judge's identity as a cache key: its name and the weights its server reports."""
    return "|".join([identity.requested, *sorted(identity.weights)])


class JudgmentCache:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._entries: dict[CacheKey, CachedJudgment] = {}
        if path.is_file():
            with path.open("rb") as fh:
                for raw in fh:
                    if not raw.endswith(b"\n"):
                        break  # a torn last line from a killed run: asked again
                    try:
                        entry = CachedJudgment.model_validate_json(raw)
                    except ValueError:
                        continue
                    self._entries[entry.key] = entry

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, key: CacheKey) -> CachedJudgment | None:
        return self._entries.get(key)

    def put(self, entry: CachedJudgment) -> None:
        line = json.dumps(entry.model_dump(mode="json"), ensure_ascii=False) + "\n"
        with self._lock:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                with self.path.open("a", encoding="utf-8") as fh:
                    fh.write(line)
            except OSError as exc:
                raise StoreError(f"{self.path}: cannot write the judge cache ({exc})") from exc
            self._entries[entry.key] = entry
