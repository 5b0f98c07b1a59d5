"""The vocabulary of declining as data: ``cue_data/declines.toml``.

A decline is not a list of sentences but a combination: a first-person subject, a negated
ability or will and a verb of doing the task; beside it stand verbs that decline by
themselves and impersonal forms. The file declares the shared parts once (``[parts]``,
named in a pattern as ``{NAME}``) and each cue as an id, the family it counts for, its
patterns and examples it must and must not match, like the disclaimer cues
(:mod:`.cuedata`). The families and the support each needs to count are described in the
file and decided in :mod:`.judge`.

The file is read and validated once, the first time the detector runs (importing the text
metrics reads nothing): the schema by pydantic, every part a pattern names must exist (no
cycles), and every pattern, its parts put in, must parse (a broken one names its cue id).
The examples are checked by the tests and by ``codeeval metrics cues``
(:func:`.cuedata.check_examples`).
"""

from __future__ import annotations

import re
import tomllib
from functools import cache
from importlib import resources

from pydantic import Field, ValidationError, model_validator

from codeeval.models import Frozen

from .cuedata import CueDataError
from .families import DECLINE_FAMILIES as DECLINE_FAMILIES
from .families import DeclineFamily
from .lexicon import Cue, Pattern
from .triggers import requirements

_PART = re.compile(r"\{([A-Z][A-Z0-9_]*)\}")
"""A part named in a pattern (a quantifier such as ``{0,30}`` never matches this)."""


class DeclineSpec(Frozen):
    """One cue of declining: its patterns as written (parts still named)."""

    id: str = Field(pattern=r"^decline\.[a-z]+\.[a-z_]+$")
    family: DeclineFamily
    patterns: tuple[str, ...] = Field(min_length=1)
    match: tuple[str, ...] = ()
    """Texts the cue must find (each is also a test of the derived triggers)."""
    no_match: tuple[str, ...] = ()
    """Near misses the cue must not find."""

    @model_validator(mode="after")
    def _family_in_id(self) -> DeclineSpec:
        if self.id.split(".")[1] != self.family.removeprefix("decline_"):
            raise ValueError(f"cue {self.id} is in family {self.family}")
        return self


class DeclineFile(Frozen):
    parts: dict[str, str | tuple[str, ...]]
    """Shared parts: a pattern, or alternatives put in as one group ``(?:a|b|c)``."""
    cue: tuple[DeclineSpec, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _resolve(self) -> DeclineFile:
        for name in self.parts:
            if not re.fullmatch(r"[A-Z][A-Z0-9_]*", name):
                raise ValueError(f"part name {name!r} is not upper case")
        seen: set[str] = set()
        for spec in self.cue:
            if spec.id in seen:
                raise ValueError(f"cue id {spec.id} is declared twice")
            seen.add(spec.id)
            for p in spec.patterns:
                try:
                    requirements(expand(p, self.parts, spec.id))  # parsed once, kept
                except re.error as exc:
                    raise ValueError(f"cue {spec.id}: pattern {p!r} does not parse: {exc}") from exc
        return self

    def alternatives(self, spec: DeclineSpec) -> tuple[str, ...]:
        """The cue's patterns with their parts put in."""
        return tuple(expand(p, self.parts, spec.id) for p in spec.patterns)


def expand(
    pattern: str,
    parts: dict[str, str | tuple[str, ...]],
    where: str,
    _open: tuple[str, ...] = (),
) -> str:
    """``pattern`` with every ``{NAME}`` replaced by its part (recursively)."""

    def put(m: re.Match[str]) -> str:
        name = m.group(1)
        if name not in parts:
            raise ValueError(f"cue {where}: no part {name}")
        if name in _open:
            raise ValueError(f"cue {where}: part {name} names itself")
        value = parts[name]
        body = value if isinstance(value, str) else "(?:" + "|".join(value) + ")"
        return expand(body, parts, where, (*_open, name))

    return _PART.sub(put, pattern)


def read_declines(text: str, name: str = "cue_data/declines.toml") -> DeclineFile:
    """Parse and validate a declines file's text (:class:`.cuedata.CueDataError` names the
    file and the cue or part when it cannot be used)."""
    try:
        return DeclineFile.model_validate(tomllib.loads(text))
    except (tomllib.TOMLDecodeError, ValidationError) as exc:
        raise CueDataError(f"{name}: {exc}") from exc


@cache
def decline_file() -> DeclineFile:
    """The shipped declines file, validated."""
    return read_declines(
        resources.files("codeeval.textmetrics")
        .joinpath("cue_data/declines.toml")
        .read_text(encoding="utf-8")
    )


def to_cue(spec: DeclineSpec, data: DeclineFile | None = None) -> Cue:
    """A decline cue as the detector uses it (weight 0: declines are judged, not scored)."""
    data = data or decline_file()
    return Cue(spec.family, 0, Pattern(*data.alternatives(spec)), id=spec.id)


def decline_cues() -> tuple[Cue, ...]:
    """Every decline cue, in file order, as the detector uses them (derived once, or read
    from the user's cache: :mod:`.cuecache`)."""
    from .cuecache import cue_data

    return cue_data().declines
