"""Regular expressions compiled on first use.

Importing the text metrics compiles nothing: the detector's several hundred patterns would
cost a tenth of a second at every start of the command line, and a command that never
measures a text (``codeeval --help``) would pay it too.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

_FLAGS = re.IGNORECASE | re.MULTILINE


class Pattern:
    """A regular expression made of alternatives, compiled on first use.

    The first use of any method compiles the pattern and puts the compiled pattern's own
    methods in place, so that every later call costs what a call on :class:`re.Pattern`
    costs. The methods are those the detector uses.
    """

    __slots__ = (
        "_compiled",
        "alternatives",
        "findall",
        "finditer",
        "flags",
        "fullmatch",
        "match",
        "search",
        "split",
        "sub",
        "subn",
    )
    _METHODS = ("findall", "finditer", "fullmatch", "match", "search", "split", "sub", "subn")

    search: Callable[..., re.Match[str] | None]
    match: Callable[..., re.Match[str] | None]
    fullmatch: Callable[..., re.Match[str] | None]
    finditer: Callable[..., Iterator[re.Match[str]]]
    findall: Callable[..., list[Any]]
    sub: Callable[..., str]
    subn: Callable[..., tuple[str, int]]
    split: Callable[..., list[Any]]

    def __init__(self, *alternatives: str, flags: int = _FLAGS) -> None:
        self.alternatives = alternatives
        self.flags = flags
        self._compiled: re.Pattern[str] | None = None

    @property
    def pattern(self) -> str:
        if len(self.alternatives) == 1:
            return self.alternatives[0]
        return "|".join(f"(?:{a})" for a in self.alternatives)

    @property
    def compiled(self) -> re.Pattern[str]:
        if self._compiled is None:
            self._compiled = re.compile(self.pattern, self.flags)
            for name in self._METHODS:
                setattr(self, name, getattr(self._compiled, name))
        return self._compiled

    def __getattr__(self, name: str) -> Any:
        # only reached while a method slot is still empty: compile, then it is filled
        if name in Pattern._METHODS and self._compiled is None:
            return getattr(self.compiled, name)
        raise AttributeError(name)


def rx(*alternatives: str) -> Pattern:
    """Alternatives joined into one case-insensitive, multi-line pattern (compiled lazily)."""
    return Pattern(*alternatives)


def lazy(pattern: str, flags: int = 0) -> Pattern:
    """``re.compile(pattern, flags)``, deferred to the first use."""
    return Pattern(pattern, flags=flags)
