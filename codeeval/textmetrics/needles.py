"""The needles of the detector's prefilter: what every match of a cue's pattern contains.

A needle is a word key (the first five characters of a word, see :func:`key`) or literal
text; a set of needles is satisfied by a text that contains one of them, a requirement by
one that satisfies each of its sets. The needles are derived from the patterns by
:mod:`.triggers`, which only a process without the derived cues in its cache imports
(:mod:`.cuecache`): measuring a text needs these types, not the derivation.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

KEY_LEN = 5
_WORD = re.compile(r"[^\W_]+")
_COMMON_WORDS = (
    "a about after again all also an and any are as at back be been before but by can "
    "come could day did do does down even first for from get go good had has have he "
    "her here him his how i if in into is it its just know last like long made make man "
    "many may me more most much my new no not now of off on once one only or other our "
    "out outside over people said see she should so some still such take than that the "
    "their them then there these they thing think this those through time to too two up "
    "us use very was way we well went were what when where which while who will with "
    "would year you your aber alle als also am an auch auf aus bei bis da dann das dass "
    "dem den der des die dies diese doch du durch ein eine einem einen einer er es für "
    "gegen hat hatte ich ihr im in ist ja jetzt kann man mehr mit nach nicht noch nur "
    "oder schon sehr sein sich sie sind so über um und uns von vor war was wie wieder "
    "wir wird zu zum zur"
)
_COMMON = frozenset(_COMMON_WORDS.split())
"""Frequent words of either language: poor needles, taken only when nothing rarer is
required."""
_COMMON_KEYS = frozenset(w[:KEY_LEN] for w in _COMMON if len(w) >= KEY_LEN)


def key(word: str) -> str:
    """The prefilter key of a word: its first five characters, lower case."""
    return word.lower()[:KEY_LEN]


def word_keys(lowered: str) -> set[str]:
    """The keys of every word (run of letters and digits) of a lower-cased text."""
    return {w[:KEY_LEN] for w in _WORD.findall(lowered)}


@dataclass(frozen=True, slots=True)
class Needle:
    text: str
    """A key (see :func:`key`) or, if ``substring``, literal lower-case text."""
    substring: bool = False

    @property
    def cost(self) -> float:
        """How often the needle lets a sentence through, roughly: common words and short
        needles cost more, so that a set of rare words beats one frequent word."""
        if self.text in _COMMON or self.text[:KEY_LEN] in _COMMON_KEYS:
            return 30.0 if self.substring else 20.0
        if self.substring and all(w in _COMMON for w in _WORD.findall(self.text)):
            return 30.0  # "is not": frequent words, one search per text
        if self.substring:  # a search through the whole text, wherever it occurs
            return 8.0 if len(self.text) >= 6 else 12.0 if len(self.text) >= 4 else 16.0
        return 1.0 if len(self.text) >= 5 else 3.0 if len(self.text) == 4 else 6.0


Needles = frozenset[Needle]


Requirement = tuple[Needles, ...]
"""Needle sets of which a match contains a needle of *each* (a conjunction)."""
