"""Refusal cues: declarative phrase data per language, loaded and validated once.

The cues live in ``codeeval/data/refusal_cues.toml`` (one table per cue: ``id``, ``lang``,
``family``, ``strength``, ``pattern``, ``must_match``, ``must_not_match``). Loading checks
the structure and compiles every pattern; a broken file is an error at first use, never a
silently missing rule. The examples are checked by the tests (one test per example).

Patterns are matched against :func:`normalize`'s output: apostrophes straightened and
English contractions written out, so a pattern spells only ``cannot``, ``I am``,
``do not``. :class:`Normalized` maps match offsets back onto the original text, so that
evidence spans point at what the model wrote.
"""

from __future__ import annotations

import re
import tomllib
from bisect import bisect_right
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Literal

from pydantic import Field, ValidationError, field_validator, model_validator

from codeeval.models import Frozen, first_error

Language = Literal["en", "de"]
CueLanguage = Language
CueFamily = Literal[
    "apology",
    "decline",
    "identity",
    "inability",
    "no_opinion",
    "not_appropriate",
    "condemn",
    "redirect",
    "privacy",
    "comply",
]
CueStrength = Literal["strong", "weak"]

CUES_RESOURCE = "refusal_cues.toml"


class Cue(Frozen):
    """One refusal cue with the examples that pin what it means."""

    id: str = Field(pattern=r"^[a-z]{2}\.[a-z_]+\.[a-z_]+$")
    lang: CueLanguage
    family: CueFamily
    strength: CueStrength
    pattern: str = Field(min_length=3)
    must_match: tuple[str, ...] = Field(min_length=1)
    must_not_match: tuple[str, ...] = Field(min_length=1)

    @field_validator("pattern")
    @classmethod
    def _compiles(cls, value: str) -> str:
        try:
            # as it is matched (re keeps the compiled pattern for compile_cues)
            re.compile(lowered(value))
        except re.error as exc:
            raise ValueError(f"pattern does not compile: {exc}") from exc
        return value

    @model_validator(mode="after")
    def _id_names_language(self) -> Cue:
        if not self.id.startswith(self.lang + "."):
            raise ValueError(f"cue id {self.id!r} must start with its language {self.lang!r}")
        return self


class CueSet(Frozen):
    version: Literal[1]
    cue: tuple[Cue, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique_ids(self) -> CueSet:
        seen: set[str] = set()
        for cue in self.cue:
            if cue.id in seen:
                raise ValueError(f"duplicate cue id {cue.id!r}")
            seen.add(cue.id)
        return self


class CueFileError(ValueError):
    """The cue file is missing, not TOML, or fails validation."""


def parse_cues(text: str, source: str = CUES_RESOURCE) -> CueSet:
    """Parse and validate cue data (TOML text)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CueFileError(f"{source}: not valid TOML: {exc}") from exc
    try:
        return CueSet.model_validate(data)
    except ValidationError as exc:
        where, msg = first_error(exc)
        raise CueFileError(f"{source}: {where}: {msg}") from exc


def load_cues(path: Path | None = None) -> CueSet:
    """The cue set from ``path``, or the one shipped with codeeval."""
    if path is not None:
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise CueFileError(f"{path}: cannot read: {exc.strerror or exc}") from exc
        return parse_cues(text, str(path))
    ref = resources.files("codeeval.data").joinpath(CUES_RESOURCE)
    return parse_cues(ref.read_text(encoding="utf-8"))


# --- normalisation --------------------------------------------------------------------

_APOSTROPHES = str.maketrans({"’": "'", "ʼ": "'", "‘": "'", "`": "'"})
_SUFFIX = re.compile(r"(?<=\w)'(t|m|s|re|ve|ll|d)\b", re.IGNORECASE)
_IS_STEMS = frozenset({"it", "that", "this", "there", "what", "he", "she", "who", "where"})
_WOULD_STEMS = frozenset({"i", "you", "we", "they", "he", "she"})
_SUFFIX_WORDS = {"re": "are", "ve": "have", "ll": "will"}


def _expand(stem: str, suffix: str) -> str | None:
    """The written-out form of ``stem'suffix`` ("can" + "t" -> "cannot"), or None."""
    low = stem.lower()
    suffix = suffix.lower()
    if suffix == "t":
        if low == "can":
            return stem + "not"
        if low == "won":
            return stem[0] + "ill not"
        if low == "shan":
            return stem[0] + "hall not"
        return stem[:-1] + " not" if low.endswith("n") else None
    if suffix == "m":
        return stem + " am" if low == "i" else None
    if suffix == "s":
        return stem + " is" if low in _IS_STEMS else None
    if suffix == "d":
        return stem + " would" if low in _WOULD_STEMS else None
    return f"{stem} {_SUFFIX_WORDS[suffix]}"


@dataclass(frozen=True, slots=True)
class Normalized:
    """Text with contractions written out, and the way back to original offsets."""

    text: str
    _breaks: tuple[int, ...]
    _shifts: tuple[int, ...]

    @property
    def lower(self) -> str:
        return self.text.lower()

    def original(self, pos: int) -> int:
        """The offset in the original text of normalised offset ``pos``."""
        i = bisect_right(self._breaks, pos) - 1
        return pos - (self._shifts[i] if i >= 0 else 0)


def normalize(text: str) -> Normalized:
    """Straighten apostrophes and expand English contractions ("can't" -> "cannot")."""
    if not text.isascii() and any(c in text for c in "’ʼ‘"):
        text = text.translate(_APOSTROPHES)  # (slow: a look-up per character)
    if "`" in text:
        text = text.replace("`", "'")
    if "'" not in text:
        return Normalized(text, (), ())
    parts: list[str] = []
    breaks: list[int] = []
    shifts: list[int] = []
    last = 0
    out_len = 0
    shift = 0
    for m in _SUFFIX.finditer(text):
        begin = m.start()
        while begin > last and (text[begin - 1].isalnum() or text[begin - 1] == "_"):
            begin -= 1
        expanded = _expand(text[begin : m.start()], m.group(1))
        if expanded is None:
            continue
        parts.append(text[last:begin])
        parts.append(expanded)
        out_len += begin - last + len(expanded)
        shift += len(expanded) - (m.end() - begin)
        # offsets past the expansion move by the accumulated difference
        breaks.append(out_len)
        shifts.append(shift)
        last = m.end()
    parts.append(text[last:])
    return Normalized("".join(parts), tuple(breaks), tuple(shifts))


# --- matching ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CompiledCue:
    cue: Cue
    regex: re.Pattern[str]


CueTable = tuple[CompiledCue, ...]


@dataclass(frozen=True, slots=True)
class CueHit:
    """One cue match, offsets into the text searched."""

    cue: Cue
    start: int
    end: int


_ESCAPE_OR_UPPER = re.compile(r"(\\.)|([A-ZÄÖÜ])")


def lowered(pattern: str) -> str:
    """``pattern`` for lower-cased text: letters lowered, escapes (``\\S``, ``\\W``) kept.

    Matching lower-cased text without ``re.IGNORECASE`` is about twice as fast.
    """
    return _ESCAPE_OR_UPPER.sub(lambda m: m.group(1) or m.group(2).lower(), pattern)


def compile_cues(cues: CueSet, lang: Language | None = None) -> CueTable:
    """The cues of ``lang`` (all when None) compiled for lower-cased text."""
    return tuple(
        CompiledCue(c, re.compile(lowered(c.pattern)))
        for c in cues.cue
        if lang is None or c.lang == lang
    )


@cache
def shipped_cues() -> CueSet:
    return load_cues()


@cache
def compiled_cues(lang: Language | None = None) -> CueTable:
    """The shipped cues, compiled on first use (importing codeeval compiles nothing)."""
    return compile_cues(shipped_cues(), lang)


def find_cues(text: str, cues: CueTable | None = None) -> list[CueHit]:
    """Every cue match in ``text`` (normalised and lower-cased), in text order."""
    hits = [
        CueHit(c.cue, m.start(), m.end())
        for c in (compiled_cues() if cues is None else cues)
        for m in c.regex.finditer(text)
    ]
    hits.sort(key=lambda h: (h.start, h.end))
    return hits


def matches(cue: Cue, example: str) -> bool:
    """Whether ``cue`` fires on ``example`` (normalised and lower-cased as answers are)."""
    return re.search(lowered(cue.pattern), normalize(example).text.lower()) is not None
