"""The detector's cues, derived once and kept in the user's cache (:mod:`.cuecache`): what
the detector uses is exactly what deriving every pattern afresh gives, whether it came
from the cache or not; a cache that cannot be used is ignored, never believed."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from codeeval.textmetrics import cuecache
from codeeval.textmetrics.cuedata import cue_files
from codeeval.textmetrics.cues import Index, build_index, index
from codeeval.textmetrics.declines import decline_file, expand
from codeeval.textmetrics.lexicon import Cue, Pattern
from codeeval.textmetrics.triggers import Requirement, derive, derive_requirements
from codeeval.textmetrics.voice import NORMATIVE


def _texts(reqs: tuple[Requirement, ...] | None) -> object:
    """Requirements as plain sorted lists (comparable across processes)."""
    if reqs is None:
        return None
    return [[sorted((n.text, n.substring) for n in s) for s in req] for req in reqs]


def _cue(cue: Cue) -> object:
    return (
        cue.id,
        cue.family,
        cue.weight,
        cue.line_start,
        cue.pattern.flags,
        cue.pattern.alternatives,
        [_texts(r) for r in cue.alternative_requirements],
        sorted(json.dumps(_texts((req,))) for req in cue.requirements),
        sorted((n.text, n.substring) for n in cue.needles),
        cue.always,
    )


def _index(ix: Index) -> object:
    """An index with its cues by id and its entries as sets (their order is the order
    needles come out of a frozenset, which varies with the string hash seed)."""
    return (
        [_cue(c) for c in ix.cues],
        {
            k: {(c.id, tuple(tuple(sorted(s)) for s in rest), alt) for c, rest, alt in v}
            for k, v in ix.by_key.items()
        },
        {k: len(v) for k, v in ix.by_key.items()},
        ix.substrings,
        [c.id for c in ix.always],
        {c.id: n for c, n in ix.cost.items()},
        ix.voice,
        ix.trigger_keys,
        ix.word_keys,
        ix.first_keys,
    )


def _from_scratch() -> Index:
    """The index as deriving every pattern afresh gives it: each alternative parsed and its
    requirements derived now (nothing remembered by the validation, nothing cached)."""
    data = decline_file()
    specs = [spec for f in cue_files() for spec in f.cue]
    cues = [
        *(Cue(s.family, s.weight, Pattern(*s.patterns), s.line_start, s.id) for s in specs),
        *(
            Cue(s.family, 0, Pattern(*(expand(p, data.parts, s.id) for p in s.patterns)), id=s.id)
            for s in data.cue
        ),
    ]
    for cue in cues:
        cue.set_requirements(tuple(derive_requirements(a) for a in cue.pattern.alternatives))
    return build_index(tuple(cues), derive(NORMATIVE.pattern) or frozenset())


SCRATCH = _index(_from_scratch())


def test_the_detectors_index_is_what_a_fresh_derivation_gives() -> None:
    assert _index(index()) == SCRATCH


def test_a_cache_written_then_read_gives_the_same_index(tmp_path: Path) -> None:
    written = cuecache.load(tmp_path)
    (path,) = tmp_path.glob("cues-*.json")
    read = cuecache.load(tmp_path)
    assert path.stat().st_size > 0
    for found in (written, read):
        assert _index(build_index(found.disclaimers + found.declines, found.voice)) == SCRATCH
    assert read.disclaimers[0] is not written.disclaimers[0]  # really read from the file


def _out_of_range(text: str) -> str:
    """A needle set that names a needle past the table, under a checksum that fits."""
    head, _, body = text.partition("\n")
    body = body.replace('"sets":[[', '"sets":[[99999,', 1)
    header = json.loads(head)
    header["sha256"] = hashlib.sha256(body.encode()).hexdigest()
    return json.dumps(header) + "\n" + body


@pytest.mark.parametrize(
    "damage",
    [
        lambda text: text[: len(text) // 2],
        lambda text: "",
        lambda text: text.partition("\n")[0],
        lambda text: text.replace('"needles":[["', '"needles":[["x', 1),
        lambda text: text.replace('"key":"', '"key":"0', 1),
        lambda text: "\udcff",
        _out_of_range,
    ],
    ids=[
        "cut off",
        "empty",
        "the header alone",
        "one character more",
        "written for other inputs",
        "not UTF-8",
        "a table index out of range",
    ],
)
def test_a_damaged_cache_is_derived_afresh_and_rewritten(
    tmp_path: Path, damage: Callable[[str], str]
) -> None:
    cuecache.load(tmp_path)
    (path,) = tmp_path.glob("cues-*.json")
    good = path.read_text(encoding="utf-8")
    damaged = damage(good)
    assert damaged != good
    path.write_bytes(damaged.encode("utf-8", "surrogateescape"))
    found = cuecache.load(tmp_path)
    assert _index(build_index(found.disclaimers + found.declines, found.voice)) == SCRATCH
    assert path.read_text(encoding="utf-8") == good


def test_a_cache_that_cannot_be_written_only_costs_time(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a directory")
    found = cuecache.load(blocked)
    assert _index(build_index(found.disclaimers + found.declines, found.voice)) == SCRATCH
    assert blocked.read_text() == "not a directory"


def test_the_key_covers_the_cue_files_and_the_deriving_code() -> None:
    assert {"cue_data/en.toml", "cue_data/de.toml", "cue_data/declines.toml"} <= set(
        cuecache.DATA_FILES
    )
    assert {"triggers.py", "cuedata.py", "declines.py", "lexicon.py", "voice.py"} <= set(
        cuecache.SOURCES
    )
    assert len(cuecache.digest()) == 64


_DUMP = """
from codeeval.textmetrics import cuecache
found = cuecache.load(None)
print(cuecache.to_json(found, "k"))
"""


def test_the_derivation_does_not_depend_on_the_string_hash_seed() -> None:
    """Of two needle sets of the same cost the first in the pattern is taken, so a cache
    written by one process holds what any other would derive."""
    here = cuecache.to_json(cuecache.load(None), "k")
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    other = subprocess.run(
        [sys.executable, "-c", _DUMP], env=env, capture_output=True, text=True, check=True
    ).stdout.strip()
    assert other == here
