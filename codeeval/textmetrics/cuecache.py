"""The detector's cues, derived once and kept between runs in the user's cache.

Before the first text is measured, the cue files must be read and validated and the
requirements of their six hundred patterns derived (:mod:`.triggers`): a fifth of a second
of CPU, spent again in every process, and a run's first record waits on it. What that
work produces depends on nothing but its inputs: the bytes of the cue files, the code that
validates and derives them (this package's sources), and the Python that parses the
patterns. So it is kept in ``CACHE/cues-DIGEST.json`` under a digest of exactly those
inputs, and a later process with the same inputs reads it instead of deriving again.

The cache never decides a result. A file that is missing, unreadable, of another shape, or
written for other inputs is ignored: the cues are derived afresh (validation included, so a
broken pattern still fails naming its cue id) and the file is written again, atomically.
A cache directory that cannot be written only costs the time it would have saved. A cue
file changed by one byte, or a change to the deriving code, gives another digest.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sys
import threading
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from codeeval import __version__

from .lexicon import Cue, Pattern
from .needles import Needle, Needles, Requirement

FORMAT = 1
KEEP = 4
"""Cache files kept (the newest): one per set of cue files and code in use."""
DATA_FILES = ("cue_data/en.toml", "cue_data/de.toml", "cue_data/declines.toml")
SOURCES = (
    "cuecache.py",
    "cuedata.py",
    "declines.py",
    "families.py",
    "lexicon.py",
    "lazyre.py",
    "needles.py",
    "triggers.py",
    "voice.py",
)
"""The modules whose code decides what is derived (and the cache's own format)."""


@dataclass(frozen=True, slots=True)
class CueData:
    """Every cue the detector uses, with the requirements of each pattern derived."""

    disclaimers: tuple[Cue, ...]
    """The disclaimer cues of every language, in file order (:mod:`.cuedata`)."""
    declines: tuple[Cue, ...]
    """The decline cues, in file order (:mod:`.declines`)."""
    voice: Needles
    """The needles of the present-tense norm that may break a story's voice."""


def digest() -> str:
    """The digest of every input the derived cues depend on (raises OSError when a file
    cannot be read, e.g. a package installed without its sources)."""
    h = hashlib.sha256()
    for part in (str(FORMAT), __version__, sys.version, sys.implementation.cache_tag or ""):
        h.update(part.encode() + b"\0")
    package = resources.files("codeeval.textmetrics")
    for name in (*DATA_FILES, *SOURCES):
        data = package.joinpath(name).read_bytes()
        h.update(f"{name}\0{len(data)}\0".encode() + data)
    return h.hexdigest()


def derive_afresh() -> CueData:
    """Read and validate the cue files and derive every cue's requirements."""
    from .cuedata import cue_files, to_cue
    from .declines import decline_file
    from .declines import to_cue as decline_cue
    from .triggers import derive
    from .voice import NORMATIVE

    data = decline_file()
    found = CueData(
        disclaimers=tuple(to_cue(spec) for f in cue_files() for spec in f.cue),
        declines=tuple(decline_cue(spec, data) for spec in data.cue),
        voice=derive(NORMATIVE.pattern) or frozenset(),
    )
    for cue in (*found.disclaimers, *found.declines):
        cue.alternative_requirements  # noqa: B018 -- derived now, kept on the cue
    return found


# ------------------------------------------------------------------ the file's shape


def _needles(needles: Needles) -> list[list[Any]]:
    return sorted([n.text, n.substring] for n in needles)


def _cue_dict(cue: Cue) -> dict[str, Any]:
    return {
        "id": cue.id,
        "family": cue.family,
        "weight": cue.weight,
        "line_start": cue.line_start,
        "flags": cue.pattern.flags,
        "alternatives": list(cue.pattern.alternatives),
        "requirements": [
            None if reqs is None else [[_needles(s) for s in req] for req in reqs]
            for reqs in cue.alternative_requirements
        ],
    }


def to_json(found: CueData, key: str) -> str:
    return json.dumps(
        {
            "format": FORMAT,
            "key": key,
            "disclaimers": [_cue_dict(c) for c in found.disclaimers],
            "declines": [_cue_dict(c) for c in found.declines],
            "voice": _needles(found.voice),
        },
        ensure_ascii=False,
        separators=(",", ":"),
    )


class _Reader:
    """Builds cues from a cache file's JSON, checking every value's type (ValueError)."""

    def __init__(self) -> None:
        self._needles: dict[tuple[str, bool], Needle] = {}
        self._sets: dict[tuple[tuple[str, bool], ...], Needles] = {}

    def needles(self, value: Any) -> Needles:
        if not isinstance(value, list) or not value:
            raise ValueError("needles")
        items = []
        for item in value:
            if not (
                isinstance(item, list)
                and len(item) == 2
                and isinstance(item[0], str)
                and isinstance(item[1], bool)
            ):
                raise ValueError("needle")
            items.append((item[0], item[1]))
        k = tuple(items)
        found = self._sets.get(k)
        if found is None:
            found = self._sets[k] = frozenset(self._needle(*i) for i in items)
        return found

    def _needle(self, text: str, substring: bool) -> Needle:
        found = self._needles.get((text, substring))
        if found is None:
            found = self._needles[(text, substring)] = Needle(text, substring)
        return found

    def requirements(self, value: Any) -> tuple[Requirement, ...] | None:
        if value is None:
            return None
        if not isinstance(value, list) or not value:
            raise ValueError("requirements")
        found = []
        for req in value:
            if not isinstance(req, list) or not req:
                raise ValueError("requirement")
            found.append(tuple(self.needles(s) for s in req))
        return tuple(found)

    def cue(self, value: Any) -> Cue:
        if not isinstance(value, dict):
            raise ValueError("cue")
        cue_id, family, weight = value["id"], value["family"], value["weight"]
        line_start, flags, alternatives = value["line_start"], value["flags"], value["alternatives"]
        reqs = value["requirements"]
        if not (
            isinstance(cue_id, str)
            and isinstance(family, str)
            and type(weight) is int
            and isinstance(line_start, bool)
            and type(flags) is int
            and isinstance(alternatives, list)
            and alternatives
            and all(isinstance(a, str) for a in alternatives)
            and isinstance(reqs, list)
            and len(reqs) == len(alternatives)
        ):
            raise ValueError(f"cue {cue_id!r}")
        cue = Cue(family, weight, Pattern(*alternatives, flags=flags), line_start, cue_id)
        cue.set_requirements(tuple(self.requirements(r) for r in reqs))
        return cue


def from_json(text: str, key: str) -> CueData:
    """The cues of a cache file's text; ValueError (or KeyError, TypeError) when it is
    not a file written by :func:`to_json` under ``key``."""
    value = json.loads(text)
    if not isinstance(value, dict) or value.get("format") != FORMAT or value.get("key") != key:
        raise ValueError("another format or other inputs")
    reader = _Reader()
    disclaimers, declines = value["disclaimers"], value["declines"]
    if not isinstance(disclaimers, list) or not isinstance(declines, list):
        raise ValueError("cue lists")
    return CueData(
        disclaimers=tuple(reader.cue(c) for c in disclaimers),
        declines=tuple(reader.cue(c) for c in declines),
        voice=reader.needles(value["voice"]) if value["voice"] else frozenset(),
    )


# ------------------------------------------------------------------ reading and writing


def _path(cache_dir: Path, key: str) -> Path:
    return cache_dir / f"cues-{key[:32]}.json"


def _write(cache_dir: Path, key: str, found: CueData) -> None:
    path = _path(cache_dir, key)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{os.urandom(4).hex()}.tmp")
    try:
        cache_dir.mkdir(parents=True, exist_ok=True)
        tmp.write_text(to_json(found, key), encoding="utf-8")
        tmp.replace(path)  # atomic: a reader sees the old file or the whole new one
        old = sorted(
            (p for p in cache_dir.glob("cues-*.json") if p != path),
            key=lambda p: p.stat().st_mtime,
        )
        for stale in old[: max(0, len(old) - (KEEP - 1))]:
            stale.unlink(missing_ok=True)
    except OSError:  # a cache that cannot be written only costs time
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)


def load(cache_dir: Path | None) -> CueData:
    """The cues: read from ``cache_dir`` when a file for the same inputs is there, else
    derived afresh and written there (``None``: no cache, always derived)."""
    if cache_dir is None:
        return derive_afresh()
    try:
        key = digest()
    except OSError:
        return derive_afresh()
    try:
        return from_json(_path(cache_dir, key).read_text(encoding="utf-8"), key)
    except (OSError, ValueError, KeyError, TypeError):
        pass  # no cache yet, or one that cannot be used: derived afresh
    found = derive_afresh()
    _write(cache_dir, key, found)
    return found


_LOCK = threading.Lock()


@cache
def _cue_data() -> CueData:
    from codeeval.config import settings

    try:
        cache_dir: Path | None = settings().cache_dir
    except (OSError, RuntimeError):  # no home directory to find the cache in
        cache_dir = None
    return load(cache_dir)


def cue_data() -> CueData:
    """The detector's cues, once per process (from the user's cache when it has them).
    Every thread gets the same cue objects (the index maps them by identity)."""
    with _LOCK:
        return _cue_data()
