"""The word target of a prompt and the deviation from it.

Where the target comes from: the prompt file's ``target_words`` wins; otherwise the first
length phrase in the prompt text whose unit is words ("Wörter", "Worte", "words"; pages,
characters and tokens are ignored). The phrase is mapped to an inclusive range:

=============================================  ==========  ===============
phrase                                         kind        range
=============================================  ==========  ===============
"etwa / ca. / rund / about / around 1200"      approx      1200–1200
"1200 words" (no qualifier)                    approx      1200–1200
"genau / exactly 500"                          exact       500–500
"600–800", "600 bis 800", "zwischen 600 und    range       600–800
800", "between 600 and 800", "600 to 800"
"höchstens / maximal / bis zu / nicht mehr     at_most     –300
als / unter / no more than / at most / up to
/ under / fewer than 300", "300 words or
fewer"
"mindestens / at least / more than / über      at_least    500–
500", "500 words or more"
=============================================  ==========  ===============

Numbers may use thousands separators ("1.200", "1,200", "1'200", a narrow or no-break
space; a plain space does not join, so "3 200-word parts" stays 200) and a multiplier
("2k", "1 Million"). "Under 300" is treated as "at most 300": the metrics do not split
hairs over one word. A reversed range is read in order ("800–600" is 600–800).
A target below 1 or above :data:`MAX_TARGET_WORDS`, a negative number or an exponent
("10^9") is not a target: the status becomes ``invalid_target`` and no deviation is given.
Numbers written as words ("fünfhundert") are not recognised.
"""

from __future__ import annotations

import re
from functools import lru_cache

from codeeval.models import Prompt

from .lazyre import Pattern, lazy
from .records import Issue, Target, TargetKind

MAX_TARGET_WORDS = 100_000
"""A prompt asking for more words than a long novel is taken as a mistake."""

_NUM = (
    r"(?P<{n}>\d{{1,3}}(?:[.,'’\u00a0\u202f\u2009]\d{{3}})+(?!\d)|\d+)"
    r"(?:\s*(?:\^|\*\*)\s*(?P<{n}e>\d+)|[eE](?P<{n}x>\d+))?"
    r"(?:\s*(?P<{n}m>tausend|thousand|tsd\.?|k|millionen|million|mio\.?|milliarden|milliarde"
    r"|mrd\.?|billion)\b)?"
)
_UNIT = r"[\s\-\u2010]*(?:w(?:ö|oe)rtern|w(?:ö|oe)rter|worten|worte|wort|words|word)\b"
_UNIT_NEEDLES = ("wort", "wört", "woert", "word")
"""Text every unit contains (no letter of it matches another case-insensitively)."""
_DIGIT = lazy(r"\d")
_APPROX = (
    r"in etwa|etwa|ca\.|ca|circa|zirka|rund|ungefähr|annähernd|gut|knapp|so um die|um die"
    r"|about|around|approximately|approx\.|roughly|some|nearly|almost|~|≈"
)
_EXACT = r"genau|exakt|exactly|precisely"
_AT_MOST = (
    r"höchstens|maximal|max\.|max|bis zu|nicht mehr als|nicht länger als|nicht über"
    r"|keinesfalls mehr als|weniger als|unter|no more than|not more than|at most|up to"
    r"|a maximum of|maximum of|no longer than|not to exceed|not exceed|fewer than|less than"
    r"|under|≤|<="
)
_AT_LEAST = (
    r"mindestens|wenigstens|nicht weniger als|mehr als|über|at least|no fewer than"
    r"|no less than|not less than|a minimum of|minimum of|more than|over|≥|>="
)
_DASH = r"\s*(?:–|—|-|\u2010|bis|to|and|und)\s*"


def _n(name: str) -> str:
    return _NUM.format(n=name)


_SOURCES: tuple[tuple[TargetKind, str], ...] = (
    ("range", rf"\b(?:zwischen|between)\s+{_n('a')}\s*(?:und|and|–|-)\s*{_n('b')}{_UNIT}"),
    ("range", rf"(?:(?:{_APPROX})\s*)?(?<![\d.,]){_n('a')}{_DASH}{_n('b')}{_UNIT}"),
    ("at_most", rf"(?:{_AT_MOST})\s*{_n('a')}{_UNIT}"),
    ("at_least", rf"(?:{_AT_LEAST})\s*{_n('a')}{_UNIT}"),
    ("exact", rf"(?:{_EXACT})\s*{_n('a')}{_UNIT}"),
    ("at_most", rf"{_n('a')}{_UNIT}\s*(?:oder weniger|or fewer|or less|max(?:imum|imal)?\b)"),
    ("at_least", rf"{_n('a')}{_UNIT}\s*(?:oder mehr|or more|minimum\b)"),
    ("approx", rf"(?:(?:{_APPROX})\s*)?(?P<neg>[-−]\s*)?(?<![\d.,]){_n('a')}{_UNIT}"),
)
_PATTERNS: tuple[tuple[TargetKind, Pattern], ...] = tuple(
    (kind, lazy(p, re.IGNORECASE)) for kind, p in _SOURCES
)

_MULTIPLIERS = {
    "k": 1_000,
    "tausend": 1_000,
    "thousand": 1_000,
    "tsd": 1_000,
    "million": 1_000_000,
    "millionen": 1_000_000,
    "mio": 1_000_000,
    "milliarde": 10**9,
    "milliarden": 10**9,
    "mrd": 10**9,
    "billion": 10**9,
}


class _BadNumber(ValueError):
    """A number that cannot be a word target (negative, with an exponent)."""


def _value(m: re.Match[str], name: str) -> int:
    digits = re.sub(r"\D", "", m.group(name))
    if m.group(f"{name}e") or m.group(f"{name}x"):
        raise _BadNumber(f"exponent in {m.group(0)!r}")
    value = int(digits[:18] or "0")
    mult = m.group(f"{name}m")
    if mult:
        value *= _MULTIPLIERS[mult.lower().rstrip(".")]
    return value


def _to_target(kind: TargetKind, m: re.Match[str]) -> Target:
    phrase = m.group(0).strip()
    if "neg" in m.groupdict() and m.group("neg"):
        raise _BadNumber(f"negative number in {phrase!r}")
    a = _value(m, "a")
    if kind == "range":
        lo, hi = sorted((a, _value(m, "b")))
        return Target(min_words=lo, max_words=hi, kind=kind, source="prompt_text", phrase=phrase)
    if kind == "at_most":
        return Target(min_words=None, max_words=a, kind=kind, source="prompt_text", phrase=phrase)
    if kind == "at_least":
        return Target(min_words=a, max_words=None, kind=kind, source="prompt_text", phrase=phrase)
    return Target(min_words=a, max_words=a, kind=kind, source="prompt_text", phrase=phrase)


def _check(target: Target) -> Issue | None:
    for bound in (target.min_words, target.max_words):
        if bound is not None and not 1 <= bound <= MAX_TARGET_WORDS:
            return Issue(
                code="invalid_target",
                detail=f"{target.phrase!r} gives {bound} words, outside 1..{MAX_TARGET_WORDS}",
            )
    return None


@lru_cache(maxsize=1024)
def parse_target(prompt_text: str) -> tuple[Target | None, Issue | None]:
    """Read the word target from a prompt text (see the module docstring for the rules)."""
    best: tuple[int, int, TargetKind, re.Match[str]] | None = None
    lowered = prompt_text.lower()
    if not any(unit in lowered for unit in _UNIT_NEEDLES) or not _DIGIT.search(prompt_text):
        return None, None  # every phrase has a number and a unit: nothing to compile
    for rank, (kind, pattern) in enumerate(_PATTERNS):
        m = pattern.search(prompt_text)
        if m and (best is None or (m.start(), rank) < (best[0], best[1])):
            best = (m.start(), rank, kind, m)
    if best is None:
        return None, None
    try:
        target = _to_target(best[2], best[3])
    except _BadNumber as exc:
        return None, Issue(code="invalid_target", detail=str(exc))
    issue = _check(target)
    return (None, issue) if issue else (target, None)


def resolve_target(prompt: Prompt) -> tuple[Target | None, Issue | None]:
    """The prompt file's ``target_words`` if set, else the target read from its text."""
    if prompt.target_words is None:
        return parse_target(prompt.prompt)
    n = prompt.target_words
    target = Target(
        min_words=n, max_words=n, kind="approx", source="prompt_file", phrase=f"target_words={n}"
    )
    issue = _check(target)
    return (None, issue) if issue else (target, None)


def deviation(words: int, target: Target) -> tuple[int, float]:
    """Words outside the target range and that difference relative to the nearest bound.

    Inside the range (or on a point target exactly) both are 0.
    """
    if target.min_words is not None and words < target.min_words:
        diff, bound = words - target.min_words, target.min_words
    elif target.max_words is not None and words > target.max_words:
        diff, bound = words - target.max_words, target.max_words
    else:
        return 0, 0.0
    return diff, round(100.0 * diff / bound, 1)
