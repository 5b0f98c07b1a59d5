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

import hashlib
import json
import sys
import threading
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path

from codeeval import __version__, atomic

from .lexicon import Cue, Pattern
from .needles import Needle, Needles

FORMAT = 2
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


def to_json(found: CueData, key: str) -> str:
    """The cache file's text: a header line (format, key, and the SHA-256 of the rest),
    then the cues as tables: every needle once, every needle set once (as indices of
    needles), and each cue with its requirements as indices of needle sets."""
    cues = (*found.disclaimers, *found.declines)
    sets = sorted(
        {s for c in cues for reqs in c.alternative_requirements for req in reqs or () for s in req}
        | {found.voice},
        key=lambda s: sorted((n.text, n.substring) for n in s),
    )
    needles = sorted({n for s in sets for n in s}, key=lambda n: (n.text, n.substring))
    needle_at = {n: i for i, n in enumerate(needles)}
    set_at = {s: i for i, s in enumerate(sets)}
    body = json.dumps(
        {
            "needles": [[n.text, n.substring] for n in needles],
            "sets": [sorted(needle_at[n] for n in s) for s in sets],
            "cues": [
                [
                    c.id,
                    c.family,
                    c.weight,
                    c.line_start,
                    c.pattern.flags,
                    list(c.pattern.alternatives),
                    [
                        None if reqs is None else [[set_at[s] for s in req] for req in reqs]
                        for reqs in c.alternative_requirements
                    ],
                ]
                for c in cues
            ],
            "disclaimers": len(found.disclaimers),
            "voice": set_at[found.voice],
        },
        ensure_ascii=False,
        separators=(",", ":"),
    )
    header = {"format": FORMAT, "key": key, "sha256": _sha256(body)}
    return json.dumps(header, separators=(",", ":")) + "\n" + body


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def from_json(text: str, key: str) -> CueData:
    """The cues of a cache file's text; ValueError (or KeyError, TypeError, IndexError)
    when it is not a whole file written by :func:`to_json` under ``key``. The checksum is
    checked before anything is read: a damaged file is never believed, and one intact
    file under this key was written by this code from these inputs."""
    head, _, body = text.partition("\n")
    header = json.loads(head)
    if (
        not isinstance(header, dict)
        or header.get("format") != FORMAT
        or header.get("key") != key
        or header.get("sha256") != _sha256(body)
    ):
        raise ValueError("another format, other inputs, or a damaged file")
    value = json.loads(body)
    needles = [Needle(t, substring) for t, substring in value["needles"]]
    sets = [frozenset(needles[i] for i in s) for s in value["sets"]]
    cues = []
    for cue_id, family, weight, line_start, flags, alternatives, per_alternative in value["cues"]:
        cue = Cue(family, weight, Pattern(*alternatives, flags=flags), line_start, cue_id)
        cue.set_requirements(
            tuple(
                None if reqs is None else tuple(tuple(sets[i] for i in req) for req in reqs)
                for reqs in per_alternative
            )
        )
        cues.append(cue)
    n = value["disclaimers"]
    return CueData(
        disclaimers=tuple(cues[:n]), declines=tuple(cues[n:]), voice=sets[value["voice"]]
    )


# ------------------------------------------------------------------ reading and writing


def _path(cache_dir: Path, key: str) -> Path:
    return cache_dir / f"cues-{key[:32]}.json"


def _write(cache_dir: Path, key: str, found: CueData) -> None:
    path = _path(cache_dir, key)
    try:
        cache_dir.mkdir(parents=True, exist_ok=True)
        atomic.write_text(path, to_json(found, key))  # a reader sees the old or the new file
        old = sorted(
            (p for p in cache_dir.glob("cues-*.json") if p != path),
            key=lambda p: p.stat().st_mtime,
        )
        for stale in old[: max(0, len(old) - (KEEP - 1))]:
            stale.unlink(missing_ok=True)
    except OSError:  # a cache that cannot be written only costs time
        pass


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
    except (OSError, ValueError, KeyError, TypeError, IndexError):
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
