"""Sentences and their cues, found without scanning the whole text with every pattern.

Running some forty cue patterns over every output costs tens of milliseconds. Instead each
line is cut into tokens once; only sentences containing a cue's trigger word (see
:class:`.lexicon.Cue`) are matched against that cue. The opening paragraph and the region
around a candidate note are split into sentences too, because their structure matters
even where no cue fires. ``full=True`` disables the prefilter; tests use it to prove that
the prefilter changes nothing.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache, lru_cache
from itertools import accumulate, filterfalse

from . import lexicon as lx
from .families import DECLINE_FAMILIES
from .lazyre import lazy
from .needles import KEY_LEN, Needle, word_keys
from .sentences import line_sentences
from .voice import WARNING_SIGNS, aside_form

_WORD = lazy(r"[^\W_]+")
_EDGE = ".,;:!?\"'()[]{}*_–—„“”»«›‹‚‘’…\\<>|#~`+=&%$§@^-/"
"""Punctuation that often clings to a word; stripped before the word is keyed."""
_NOT_WORD = lazy(r"[^\w\n]+|_+")
"""Everything but letters, digits and line breaks: what separates words."""
_PARAGRAPH_BREAK = lazy(r"\n[ \t]*\n")
_ALNUM = lazy(r"[^\W_]")
_BRACKETED = lazy(
    r"\s*(?:[(\[][^)\]]{20,}[)\]]|\*(?!\*)[^*\n]{20,}\*|_(?!_)[^_\n]{20,}_)[.!?]?\s*$"
    r"|\s*\*(?![*\s])[^*\n]{20,}$|\s*\\\*\s+[^\n]{20,}$"
    rf"|\s*(?:{WARNING_SIGNS})[^\n]{{20,}}$"
)
"""A paragraph wholly in brackets or in italics, or one line behind a warning sign: set off
from the text by its form."""


Entry = tuple[lx.Cue, tuple[frozenset[str], ...], int]
"""A cue, one requirement's other needle sets (as texts), of which each must be hit, and
the index of the alternative of the cue's pattern that the requirement belongs to."""
Triggered = tuple[frozenset[lx.Cue], dict[lx.Cue, tuple[int, ...]]]
"""The cues a set of keys triggers, and for each the alternatives whose requirements the
keys satisfy (only those can match)."""


@dataclass(frozen=True, slots=True)
class Index:
    """Every cue by the needles that trigger it (built once, on first use)."""

    cues: tuple[lx.Cue, ...]
    by_key: dict[str, tuple[Entry, ...]]
    """Requirements by a needle of their cheapest set (word keys and substrings alike)."""
    substrings: frozenset[str]
    """Needles looked for as text, not as word keys."""
    always: tuple[lx.Cue, ...]
    """Cues with an alternative that requires nothing: tried on every sentence."""
    cost: dict[lx.Cue, int]
    """A cue's pattern length: a proxy for the time a search takes."""
    voice: frozenset[str]
    """Needles of the present-tense norm that may break a story's voice (:mod:`.voice`)."""
    trigger_keys: frozenset[str]
    word_keys: frozenset[str]
    first_keys: frozenset[str]
    """Needles of the sets that open a requirement (the keys of ``by_key``)."""


@cache
def index() -> Index:
    from .cuecache import cue_data  # the cues load on first use

    data = cue_data()
    return build_index(data.disclaimers + data.declines, data.voice)


def build_index(cues: tuple[lx.Cue, ...], voice: frozenset[Needle]) -> Index:
    """The index of ``cues`` (their requirements derived) and the voice's needles."""
    by_needle: defaultdict[str, list[Entry]] = defaultdict(list)
    substrings: set[str] = set()
    keys: set[str] = set()
    for cue in cues:
        for needle in cue.needles:
            keys.add(needle.text)
            if needle.substring:
                substrings.add(needle.text)
        for alt, reqs in enumerate(cue.alternative_requirements):
            for req in reqs or ():
                rest = tuple(frozenset(n.text for n in needles) for needles in req[1:])
                for needle in req[0]:
                    by_needle[needle.text].append((cue, rest, alt))
    substrings.update(n.text for n in voice if n.substring)
    trigger_keys = frozenset(keys) | {n.text for n in voice}
    return Index(
        cues=cues,
        by_key={k: tuple(dict.fromkeys(v)) for k, v in by_needle.items()},
        substrings=frozenset(substrings),
        always=tuple(c for c in cues if c.always),
        cost={c: len(c.pattern.pattern) for c in cues},
        voice=frozenset(n.text for n in voice),
        trigger_keys=trigger_keys,
        word_keys=trigger_keys - substrings,
        first_keys=frozenset(by_needle),
    )


def all_cues() -> tuple[lx.Cue, ...]:
    """Every cue: the disclaimer cues of the data files, then the declines."""
    return index().cues


_FOLD = str.maketrans({"ſ": "s", "ı": "i", "İ": "i"})
"""Letters a case-insensitive pattern takes for a needle's letter, though they do not
lower-case to it ("(?i)s" matches "ſ")."""


def lower(text: str) -> str:
    """``text`` lower-cased character by character, its offsets kept, as needles are
    looked for in it: a character that lower-cases to two ("İ") is kept or folded
    (:data:`_FOLD`)."""
    lowered = text.lower()
    if len(lowered) != len(text):
        lowered = "".join(c.lower() if len(c.lower()) == 1 else c for c in text)
    if lowered.isascii() or not any(c in lowered for c in "ſıİ"):
        return lowered  # the usual case: a search for each is far faster than translate
    return lowered.translate(_FOLD)


def cues_found(cues: Iterable[lx.Cue], text: str) -> set[lx.Cue]:
    """Those of ``cues`` whose pattern finds anything in ``text`` (as
    ``cue.pattern.search(text)`` does), searching only the alternatives the text's
    trigger keys select (see :func:`_searched`)."""
    searched = _searched(lower(text))
    return {
        cue for cue in cues if any(cue.alternatives[i].search(text) for i in searched.get(cue, ()))
    }


def _searched(region: str) -> dict[lx.Cue, tuple[int, ...]]:
    """The cues, with the alternatives of each, that can match in a text whose lowered
    form (see :func:`lower`) is ``region``: those the region's trigger keys select (as
    :class:`Doc` finds a text's keys). Any match of an alternative contains a needle of
    each set of one of its requirements, so this is a superset of the alternatives that
    match; only a pattern's search decides."""
    ix = index()
    present = word_keys(region) & ix.word_keys
    present.update(k for k in ix.substrings if k in region)
    # (not through ``_trigger``'s cache: the key sets of whole spans seldom recur)
    return _trigger.__wrapped__(frozenset(present), frozenset())[1]


@cache
def _has_space(text: str) -> bool:
    return len(text.split()) != 1 or text.strip() != text


def _word_char(ch: str) -> bool:
    return ch.isalnum()


def needles_fire(
    cue: lx.Cue, lowered: str, start: int, end: int, alternative: int | None = None
) -> bool:
    """Whether ``cue``'s match ``[start, end)`` of a lower-cased text satisfies one of its
    requirements (of alternative number ``alternative`` only, when given): a needle of
    each set inside the match (a substring, or the key of a word that starts inside it).
    This is the premise of the prefilter; the tests check it, alternative by alternative,
    on every example and written case."""
    if alternative is None:
        if cue.always:
            return True
        requirements = cue.requirements
    else:
        found = cue.alternative_requirements[alternative]
        if found is None:
            return True
        requirements = found
    stop = end
    while stop < len(lowered) and _word_char(lowered[stop]):
        stop += 1
    keys = {
        m.group(0)[: lx.KEY_LEN]
        for m in _WORD.finditer(lowered, start, stop)
        if m.start() == 0 or not _word_char(lowered[m.start() - 1])
    }
    region = lowered[start:end]

    def hit(needles: frozenset[Needle]) -> bool:
        return any(n.text in region if n.substring else n.text in keys for n in needles)

    return any(all(hit(needles) for needles in req) for req in requirements)


def _triggered(keys: set[str], off: frozenset[str] = frozenset()) -> frozenset[lx.Cue]:
    """The cues one of whose requirements the keys (of a sentence or line) satisfy. The
    keys of a :class:`Doc` are trigger keys already (no other word is looked for)."""
    return _trigger(frozenset(keys), off)[0]


@lru_cache(maxsize=16384)
def _trigger(keys: frozenset[str], off: frozenset[str]) -> Triggered:
    # the same few key sets recur on many lines and sentences: decided once each
    ix = index()
    alternatives: dict[lx.Cue, set[int]] = {
        c: set(range(len(c.pattern.alternatives))) for c in ix.always if c.family not in off
    }
    for k in keys & ix.first_keys:
        for cue, rest, alt in ix.by_key[k]:
            if cue.family in off or alt in alternatives.get(cue, ()):
                continue
            if rest and (
                keys.isdisjoint(rest[0])
                or (len(rest) > 1 and any(keys.isdisjoint(needles) for needles in rest[1:]))
            ):
                continue  # a further set of the requirement has no needle here
            alternatives.setdefault(cue, set()).add(alt)
    return frozenset(alternatives), {c: tuple(sorted(a)) for c, a in alternatives.items()}


def _bound(cues: frozenset[lx.Cue], bracketed: bool, keys: set[str]) -> int:
    """The highest disclaimer score the cues could give together (see ``evasion.score``):
    one more for the form of an aside, one more for a present-tense norm ("should",
    "nie") that may break the voice of a story."""
    best: dict[str, int] = {}
    for c in cues:
        if c.family not in DECLINE_FAMILIES:
            best[c.family] = max(best.get(c.family, 0), c.weight)
    if not best:
        return 0
    return sum(best.values()) + bracketed + (not keys.isdisjoint(index().voice))


@dataclass(slots=True)
class Sent:
    """A sentence of the analysis text with its cue evidence."""

    start: int
    end: int
    para: int
    text: str
    keys: set[str]
    """Trigger keys that occur in the sentence (a superset: substring test)."""
    line: int
    """Index of the sentence's line (its token keys decide a cue's ``also`` condition)."""
    families: dict[str, int] = field(default_factory=dict)
    """Disclaimer cue families found, with their weights."""
    decline_matches: list[tuple[str, re.Match[str]]] = field(default_factory=list)
    evaluated: bool = False
    complete: bool = False
    """Whether every triggered cue was matched (not only those that could score 2)."""
    full: bool = False
    """Whether every cue was matched, triggered or not (tests of the prefilter)."""


class Doc:
    """One analysis text: sentences on demand, cue evaluation, word counts.

    Args:
        text: The output as measured (notices blanked); words are counted here.
        masked: The same text with code and quoted speech blanked; cues are searched here.
    """

    def __init__(self, text: str, masked: str, off: frozenset[str] = frozenset()) -> None:
        self.text = text
        self.masked = masked
        self.off = off
        """Cue families never matched in this text (they cannot count here)."""
        self.lowered = lower(masked)
        self.breaks = [m.start() for m in _PARAGRAPH_BREAK.finditer(masked)]
        self.line_starts = [0]
        pos = masked.find("\n")
        while pos >= 0:
            self.line_starts.append(pos + 1)
            pos = masked.find("\n", pos + 1)
        self._line_words: list[int] | None = None
        self._sentences: dict[int, list[Sent]] = {}
        self._line_keys: dict[int, set[str]] = {}
        self._bracketed: dict[int, bool] = {}
        # Which trigger keys occur on which line. The keys of the text's words (runs of
        # letters and digits, as in :func:`.needles.word_keys`) and the substring needles
        # it contains; the keys that open a requirement are then found line by line, and
        # the others (the rest of a requirement, the norm words of a story's voice) are
        # given to every line that has one: a superset, which is all a filter needs.
        self._line_active: dict[int, set[str]] = defaultdict(set)
        ix = index()
        tokens = set(self.lowered.split())
        keys = {token[:KEY_LEN] for token in filter(str.isalnum, tokens)}
        hard: list[str] = []
        for token in filterfalse(str.isalnum, tokens):
            token = token.strip(_EDGE)
            if token.isalnum():
                keys.add(token[:KEY_LEN])
            else:
                hard.append(token)  # inner punctuation ("don't", "e-mail"), or none
        if hard:  # one search over them all (a word never spans the space between them)
            keys.update(w[:KEY_LEN] for w in _WORD.findall(" ".join(hard)))
        present = keys & ix.word_keys
        # a needle without white space lies inside one token: searched in the distinct
        # tokens, which are far shorter than the text
        distinct = " ".join(tokens)
        present.update(
            k for k in ix.substrings if k in (self.lowered if _has_space(k) else distinct)
        )
        starts, lowered = self.line_starts, self.lowered
        for k in present & ix.first_keys:
            pos = lowered.find(k)
            while pos >= 0:
                i = bisect_right(starts, pos) - 1
                self._line_active[i].add(k)
                # the line has the key now: look on from the next line ("i" occurs often)
                pos = lowered.find(k, starts[i + 1]) if i + 1 < len(starts) else -1
        rest = present - ix.first_keys
        if rest:
            for active in self._line_active.values():
                active |= rest

    # ---------------------------------------------------------------- positions and words

    def para_of(self, pos: int) -> int:
        return bisect_right(self.breaks, pos)

    def para_bounds(self, para: int) -> tuple[int, int]:
        start = self.breaks[para - 1] if para > 0 else 0
        end = self.breaks[para] if para < len(self.breaks) else len(self.masked)
        return start, end

    def words_before(self, pos: int) -> int:
        """White-space separated tokens of the measured text before ``pos``."""
        if self._line_words is None:
            lines = self.text.split("\n")
            self._line_words = list(accumulate(map(len, map(str.split, lines)), initial=0))
        i = bisect_right(self.line_starts, pos) - 1
        start = self.line_starts[i]
        return self._line_words[i] + len(self.text[start:pos].split())

    def words(self, start: int, end: int) -> int:
        return max(0, self.words_before(end) - self.words_before(start))

    def first_content(self) -> int | None:
        m = _ALNUM.search(self.masked)
        return m.start() if m else None

    # ---------------------------------------------------------------- sentences

    def _bounds(self, i: int) -> tuple[int, int]:
        start = self.line_starts[i]
        end = self.line_starts[i + 1] - 1 if i + 1 < len(self.line_starts) else len(self.masked)
        return start, end

    def line_keys(self, i: int) -> set[str]:
        """All token keys of line ``i`` (cached)."""
        keys = self._line_keys.get(i)
        if keys is None:
            start, end = self._bounds(i)
            keys = self._line_keys[i] = word_keys(self.lowered[start:end])
        return keys

    def _line(self, i: int) -> list[Sent]:
        cached = self._sentences.get(i)
        if cached is not None:
            return cached
        start, end = self._bounds(i)
        sents = []
        para = self.para_of(start)  # paragraph breaks fall between lines, never inside one
        masked, lowered = self.masked, self.lowered
        line = lowered[start:end]
        active = [k for k in self._line_active.get(i, ()) if k in line]
        for a, b in line_sentences(masked, start, end):
            part = lowered[a:b]
            keys = {k for k in active if k in part}
            sents.append(Sent(a, b, para, masked[a:b], keys, i))
        self._sentences[i] = sents
        return sents

    def sentences_between(self, start: int, end: int) -> list[Sent]:
        """Every sentence that starts in ``[start, end)``, in order."""
        first = max(0, bisect_right(self.line_starts, start) - 1)
        last = bisect_left(self.line_starts, end)
        return [s for i in range(first, last) for s in self._line(i) if start <= s.start < end]

    def _promising(self, i: int, cues: frozenset[lx.Cue], bracketed: bool) -> bool:
        """Whether line ``i``, with these cue triggers, can hold a decline or a disclaimer."""
        if _bound(cues, bracketed, self._line_active.get(i, set())) >= 2:
            return True
        # the cues are triggered already only where all of a requirement is on the line
        return any(c.family in DECLINE_FAMILIES for c in cues)

    def candidates(self, full: bool = False) -> list[Sent]:
        """The sentences that may hold a decline or a disclaimer (all sentences if ``full``).

        A line is only split into sentences when the cues its words trigger could add up
        to a disclaimer score of 2 or contain a decline.
        """
        out: list[Sent] = []
        lines = range(len(self.line_starts)) if full else sorted(self._line_active)
        for i in lines:
            if not full:
                start, end = self._bounds(i)
                line = self.lowered[start:end]
                if not self._promising(
                    i,
                    _triggered(self._line_active[i], self.off),
                    "(" in line
                    or "[" in line
                    or ")" in line
                    or "]" in line
                    or " — " in line
                    or " – " in line
                    # a paragraph in italics or behind a warning sign is an aside too
                    or self.bracketed(self.para_of(start)),
                ):
                    continue
            for s in self._line(i):
                if full or s.keys:
                    self.evaluate(s, full)
                    if full or s.families or s.decline_matches:
                        out.append(s)
        return out

    def evaluate(self, s: Sent, full: bool = False, complete: bool = False) -> Sent:
        """Match the cues triggered in ``s`` (every cue if ``full``); idempotent.

        Unless ``complete`` (or ``full``), disclaimer cues stop being matched as soon as the
        ones left could no longer lift the sentence to a score of 2: its families are then
        incomplete, but it cannot be a disclaimer on its own, and a complete evaluation
        (closing paragraphs, read as one unit) redoes it.
        """
        complete = complete or full
        if s.full or (s.complete and not full) or (s.evaluated and not complete):
            return s
        s.evaluated, s.complete, s.full = True, complete, full
        s.families.clear()
        s.decline_matches.clear()
        alternatives: dict[lx.Cue, tuple[int, ...]] = {}
        ix = index()
        if full:
            cues: Iterable[lx.Cue] = [c for c in ix.cues if c.family not in self.off]
        elif s.keys.isdisjoint(ix.first_keys) and not ix.always:
            return s  # no requirement can open: no cue is triggered
        else:
            cues, alternatives = _trigger(frozenset(s.keys), self.off)
        disclaimer_cues: list[lx.Cue] = []
        for cue in cues:
            if cue.family in DECLINE_FAMILIES:
                s.decline_matches.extend(
                    (cue.family, m) for m in cue.pattern.finditer(self.masked, s.start, s.end)
                )
            else:
                disclaimer_cues.append(cue)
        if complete:
            for cue in disclaimer_cues:
                self._match(s, cue, alternatives.get(cue))
            return s
        # Cheapest first; "left" is the most the unmatched cues could still add. The form
        # and voice of the sentence ("extra") can only matter when the cues reach 1.
        extra: int | None = None
        disclaimer_cues.sort(key=index().cost.__getitem__)
        left = sum(c.weight for c in disclaimer_cues)
        for cue in disclaimer_cues:
            most = sum(s.families.values()) + left
            if most < 2:
                if most == 0:
                    break
                if extra is None:
                    extra = (aside_form(s.text) or self.bracketed(s.para)) + (
                        not s.keys.isdisjoint(index().voice)
                    )
                if most + extra < 2:
                    break
            left -= cue.weight
            self._match(s, cue, alternatives.get(cue))
        return s

    def bracketed(self, para: int) -> bool:
        """Whether paragraph ``para`` stands wholly in brackets or italics, or behind a
        warning sign (an aside by its form)."""
        if para not in self._bracketed:
            start, end = self.para_bounds(para)
            self._bracketed[para] = _BRACKETED.match(self.text, start, end) is not None
        return self._bracketed[para]

    def _search(
        self, cue: lx.Cue, start: int, end: int, alternatives: tuple[int, ...] | None
    ) -> bool:
        """Whether ``cue`` matches in ``[start, end)``, searching only ``alternatives`` (the
        triggered ones) when given."""
        if alternatives is None:
            return cue.pattern.search(self.masked, start, end) is not None
        patterns = cue.alternatives
        return any(patterns[i].search(self.masked, start, end) is not None for i in alternatives)

    def _match(self, s: Sent, cue: lx.Cue, alternatives: tuple[int, ...] | None = None) -> None:
        if self._search(cue, s.start, s.end, alternatives):
            s.families[cue.family] = max(s.families.get(cue.family, 0), cue.weight)

    def cue_ids(self, start: int, end: int, families: frozenset[str]) -> tuple[str, ...]:
        """Ids of the cues of ``families`` that match in ``[start, end)``: the names of an
        item's evidence (found again here, whatever the sentence prefilter skipped; only the
        alternatives whose requirements the span meets are searched)."""
        masked = self.masked
        return tuple(
            sorted(
                {
                    c.id
                    for c, alternatives in _searched(self.lowered[start:end]).items()
                    if c.family in families
                    and any(c.alternatives[i].search(masked, start, end) for i in alternatives)
                }
            )
        )

    def span_cued(self, s: Sent, start: int, end: int, skip: str = "") -> bool:
        """Whether a disclaimer cue found in ``s`` (other than family ``skip``) matches
        inside ``[start, end)``."""
        if s.full:
            cues: Iterable[lx.Cue] = index().cues
            alternatives: dict[lx.Cue, tuple[int, ...]] = {}
        else:
            cues, alternatives = _trigger(frozenset(s.keys), self.off)
        return any(
            c.family in s.families and self._search(c, start, end, alternatives.get(c))
            for c in cues
            if c.family not in DECLINE_FAMILIES and c.family != skip
        )
