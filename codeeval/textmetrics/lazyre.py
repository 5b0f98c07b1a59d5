"""Regular expressions compiled on first use.

Importing the text metrics compiles nothing: the detector's several hundred patterns would
cost a tenth of a second at every start of the command line, and a command that never
measures a text (``codeeval --help``) would pay it too.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator
from typing import Any

_FLAGS = re.IGNORECASE | re.MULTILINE


class Pattern:
    """A regular expression made of alternatives, compiled on first use.

    Importing the text metrics compiles nothing: several hundred patterns would cost a
    tenth of a second at every start of the command line. The methods are those of
    :class:`re.Pattern` that the detector uses.
    """

    __slots__ = ("_compiled", "alternatives", "flags")

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
        return self._compiled

    def search(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.compiled.search(string, pos, endpos)

    def match(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.compiled.match(string, pos, endpos)

    def fullmatch(
        self, string: str, pos: int = 0, endpos: int = sys.maxsize
    ) -> re.Match[str] | None:
        return self.compiled.fullmatch(string, pos, endpos)

    def finditer(
        self, string: str, pos: int = 0, endpos: int = sys.maxsize
    ) -> Iterator[re.Match[str]]:
        return self.compiled.finditer(string, pos, endpos)

    def findall(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> list[Any]:
        return self.compiled.findall(string, pos, endpos)

    def sub(self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0) -> str:
        return self.compiled.sub(repl, string, count)

    def subn(
        self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0
    ) -> tuple[str, int]:
        return self.compiled.subn(repl, string, count)

    def split(self, string: str, maxsplit: int = 0) -> list[str | Any]:
        return self.compiled.split(string, maxsplit)


def rx(*alternatives: str) -> Pattern:
    """Alternatives joined into one case-insensitive, multi-line pattern (compiled lazily)."""
    return Pattern(*alternatives)


def lazy(pattern: str, flags: int = 0) -> Pattern:
    """``re.compile(pattern, flags)``, deferred to the first use."""
    return Pattern(pattern, flags=flags)
