"""The disclaimer cues as data: one TOML file per language in ``cue_data/``.

A cue is declared, not programmed: an id, the family it counts for, its weight, the
regular expressions that find it, and examples it must and must not match. Nothing else is
written by hand; in particular the words that let the detector skip a sentence cheaply are
derived from the patterns (:mod:`.triggers`). The files are read and validated the first
time the detector runs: the schema by pydantic, every pattern by the parser of :mod:`re`
(a broken pattern names its cue id; that parse also gives the pattern's requirements, so
each pattern is parsed once). What the detector needs of them is then kept in the user's
cache, and later processes read it from there while the files are unchanged
(:mod:`.cuecache`). Patterns are compiled on first use and the examples are checked by the
tests and by :func:`check_examples`.
"""

from __future__ import annotations

import re
import tomllib
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Literal

from pydantic import Field, ValidationError, field_validator, model_validator

from codeeval.models import Frozen

from .families import DisclaimerFamily as DisclaimerFamily
from .lexicon import Cue, Pattern
from .triggers import requirements

if TYPE_CHECKING:
    from .declines import DeclineSpec

Lang = Literal["de", "en"]
LANGS: tuple[Lang, ...] = ("en", "de")


class CueSpec(Frozen):
    """One family's phrases in one language."""

    id: str = Field(pattern=r"^(?:de|en)\.[a-z_]+(?:\.\d+)?$")
    family: DisclaimerFamily
    weight: Literal[1, 2]
    patterns: tuple[str, ...] = Field(min_length=1)
    match: tuple[str, ...] = ()
    """Texts the cue must find (each is also a test of the derived triggers)."""
    no_match: tuple[str, ...] = ()
    """Near misses the cue must not find."""
    line_start: bool = False

    @field_validator("patterns")
    @classmethod
    def _parse(cls, patterns: tuple[str, ...]) -> tuple[str, ...]:
        for p in patterns:
            try:
                requirements(p)  # the parse; the detector takes the derived requirements
            except re.error as exc:
                raise ValueError(f"pattern {p!r} does not parse: {exc}") from exc
        return patterns


class CueFile(Frozen):
    lang: Lang
    cue: tuple[CueSpec, ...]

    @model_validator(mode="after")
    def _ids(self) -> CueFile:
        for spec in self.cue:
            if not spec.id.startswith(f"{self.lang}."):
                raise ValueError(f"cue {spec.id} is in the {self.lang} file")
        return self


class CueDataError(ValueError):
    """A cue file that cannot be used (the message names the file and the cue)."""


def read_file(text: str, name: str) -> CueFile:
    """Parse and validate one cue file's text."""
    try:
        return CueFile.model_validate(tomllib.loads(text))
    except (tomllib.TOMLDecodeError, ValidationError) as exc:
        raise CueDataError(f"{name}: {exc}") from exc


@cache
def cue_files() -> tuple[CueFile, ...]:
    """The shipped cue files, validated; ids are unique across them."""
    files = tuple(
        read_file(
            resources.files("codeeval.textmetrics")
            .joinpath(f"cue_data/{lang}.toml")
            .read_text(encoding="utf-8"),
            f"cue_data/{lang}.toml",
        )
        for lang in LANGS
    )
    seen: set[str] = set()
    for f in files:
        for spec in f.cue:
            if spec.id in seen:
                raise CueDataError(f"cue id {spec.id} is declared twice")
            seen.add(spec.id)
    return files


def specs() -> tuple[CueSpec, ...]:
    return tuple(spec for f in cue_files() for spec in f.cue)


def to_cue(spec: CueSpec) -> Cue:
    return Cue(
        spec.family,
        spec.weight,
        Pattern(*spec.patterns),
        line_start=spec.line_start,
        id=spec.id,
    )


def disclaimer_cues() -> tuple[Cue, ...]:
    """The disclaimer cues of every language, in file order, as the detector uses them
    (derived once, or read from the user's cache: :mod:`.cuecache`)."""
    from .cuecache import cue_data

    return cue_data().disclaimers


def check_examples(spec: CueSpec | DeclineSpec) -> list[str]:
    """What is wrong with a cue's examples: a ``match`` it misses, a ``no_match`` it finds,
    or a ``match`` whose derived triggers would not let the detector try the alternative
    of the pattern that finds it."""
    from .cues import needles_fire  # the detector's own prefilter test
    from .declines import DeclineSpec
    from .declines import to_cue as decline_cue

    cue = decline_cue(spec) if isinstance(spec, DeclineSpec) else to_cue(spec)
    problems = []
    for text in spec.match:
        if cue.pattern.search(text) is None:
            problems.append(f"{spec.id}: does not match {text!r}")
        for i, alternative in enumerate(cue.alternatives):
            found = alternative.search(text)
            if found is not None and not needles_fire(
                cue, text.lower(), found.start(), found.end(), i
            ):
                problems.append(f"{spec.id}: triggers miss {found.group(0)!r} in {text!r}")
    problems.extend(
        f"{spec.id}: matches {text!r}" for text in spec.no_match if cue.pattern.search(text)
    )
    return problems


class CueReport(Frozen):
    cues: int
    patterns: int
    examples: int
    substrings: int
    """Needles searched as text (each costs a search per output)."""
    always: int
    """Cues with an alternative that requires no text (tried on every sentence)."""
    problems: tuple[str, ...]


def check_cue_files() -> CueReport:
    """Load the cue files (the disclaimers' and the declines') and check every example
    (:func:`check_examples`)."""
    from .cues import index
    from .declines import decline_file

    found: tuple[CueSpec | DeclineSpec, ...] = (*specs(), *decline_file().cue)
    ix = index()
    return CueReport(
        cues=len(found),
        patterns=sum(len(s.patterns) for s in found),
        examples=sum(len(s.match) + len(s.no_match) for s in found),
        substrings=len(ix.substrings),
        always=len(ix.always),
        problems=tuple(p for s in found for p in check_examples(s)),
    )
