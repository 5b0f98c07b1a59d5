"""Trigger words derived from a cue's regular expression, so that nobody writes them twice.

The detector only runs a cue's pattern on a sentence that contains one of its triggers (see
:mod:`.cues`). A trigger list written by hand beside the pattern drifts from it: a missing
space once glued two trigger words into one, and the prefilter then hid matches that the
pattern would have found. Here the triggers are read off the parsed pattern instead.

For every alternative of a pattern this module finds a set of *needles* of which every
match must contain at least one:

* a **key**: a word that starts a word in every match (after ``\\b``, the start of a line or
  a non-word character) and is either five characters or longer (the key is then its first
  five characters, which every longer word sharing that start also has) or ends where the
  pattern ends the word (``\\bno\\b`` gives the key ``no``). Keys are looked up in the set of
  word keys of a text (:func:`word_keys`), which costs one pass over the text.
* a **substring**: literal text every match contains, used where no key can be derived
  (``\\w*beratungsstelle`` gives ``beratungsstelle``). Each costs a substring search.

Mandatory groups are searched recursively (an alternation needs a needle in each branch);
optional parts are skipped. Of the possible needle sets of an alternative the cheapest
(fewest, longest, keys before substrings) is taken. An alternative of which nothing can be
said (``\\w+ \\d+``) has no needles, and its cue then runs on every sentence: correct, only
slower, and :func:`derive` reports it.
"""

from __future__ import annotations

import re
import warnings
from functools import lru_cache
from typing import Any

with warnings.catch_warnings():  # the parser is the one ``re`` uses; its old name warns
    warnings.simplefilter("ignore", DeprecationWarning)
    import sre_constants as sc
    import sre_parse

from .needles import _WORD, KEY_LEN, Needle, Needles, Requirement
from .needles import key as key
from .needles import word_keys as word_keys

_FLAGS = re.IGNORECASE | re.MULTILINE
_BEGINNINGS = (sc.AT_BEGINNING, sc.AT_BEGINNING_LINE, sc.AT_BEGINNING_STRING)
_NOT_WORD_CATEGORIES = (
    sc.CATEGORY_SPACE,
    sc.CATEGORY_NOT_WORD,
    sc.CATEGORY_LINEBREAK,
    sc.CATEGORY_UNI_SPACE,
    sc.CATEGORY_UNI_NOT_WORD,
    sc.CATEGORY_UNI_LINEBREAK,
)
_REPEATS = (sc.MAX_REPEAT, sc.MIN_REPEAT, sc.POSSESSIVE_REPEAT)


def _cost(needles: Needles) -> float:
    return sum(n.cost for n in needles)


def _is_word(ch: str) -> bool:
    """Letters and digits: the characters of the words keys are made of. An underscore
    separates words here (a ``\\b`` never falls between it and a letter, so a word after
    it starts a key of its own all the same)."""
    return ch.isalnum()


def _literal(op: Any, av: Any) -> str | None:
    """The character an item matches (ignoring case), if it matches exactly one."""
    if op is sc.LITERAL:
        return chr(av).lower()
    if op is sc.IN and av and all(o is sc.LITERAL for o, _ in av):
        chars = {chr(a).lower() for _, a in av}
        if len(chars) == 1:
            return chars.pop()
    return None


def _not_word_set(op: Any, av: Any) -> bool:
    """Whether an item only matches non-word characters (a space, ``\\W``, ``[ /-]``)."""
    if op is sc.LITERAL:
        return not _is_word(chr(av))
    if op is not sc.IN:
        return False
    for o, a in av:
        if o is sc.LITERAL and not _is_word(chr(a)):
            continue
        if o is sc.CATEGORY and a in _NOT_WORD_CATEGORIES:
            continue
        return False
    return True


def _starts_not_word(op: Any, av: Any) -> bool:
    """Whether every match of an item starts with a non-word character."""
    if op in (sc.LITERAL, sc.IN):
        return _not_word_set(op, av)
    if op in _REPEATS:
        return bool(av[0] >= 1 and av[2].data and _starts_not_word(*av[2].data[0]))
    if op is sc.SUBPATTERN:
        return bool(av[3].data and _starts_not_word(*av[3].data[0]))
    if op is sc.BRANCH:
        return all(b.data and _starts_not_word(*b.data[0]) for b in av[1])
    return False


def _ends_not_word(items: list[Any], anchored: bool) -> bool:
    """Whether the position after ``items`` is preceded by a non-word character (or the
    text's start), given whether the position before them is."""
    for op, av in items:
        anchored = _after(op, av, anchored)
    return anchored


def _after(op: Any, av: Any, anchored: bool) -> bool:
    if op is sc.AT:
        return av is sc.AT_BOUNDARY or av in _BEGINNINGS or anchored
    if op is sc.ASSERT and av[0] < 0:  # a lookbehind: what it sees precedes the position
        return _ends_not_word(list(av[1].data), anchored)
    if op in (sc.ASSERT, sc.ASSERT_NOT):
        return anchored
    if _literal(op, av) is not None or op in (sc.IN, sc.LITERAL):
        return _not_word_set(op, av)
    if op is sc.SUBPATTERN:
        return _ends_not_word(list(av[3].data), anchored)
    if op is sc.BRANCH:
        return all(_ends_not_word(list(b.data), anchored) for b in av[1])
    if op in _REPEATS:
        lo, _, sub = av
        inner = _ends_not_word(list(sub.data), anchored)
        return inner if lo >= 1 else inner and anchored
    return False


def _distribute(items: list[Any]) -> list[Any]:
    """Undo the parser's factoring of a common prefix ("h(?:otline|elpline)"): a word
    broken before an alternation (or an optional ending, "keine?") goes back into each of
    its branches."""
    out: list[Any] = []
    for op, av in items:
        alternatives: list[list[Any]] | None = None
        if op is sc.BRANCH:
            alternatives = [list(b.data) for b in av[1]]
        elif op == "_BRANCH":
            alternatives = av
        elif (
            op in _REPEATS
            and av[0] == 0
            and av[1] == 1
            and av[2].data
            and all(_literal(o, a) is not None for o, a in av[2].data)
        ):
            alternatives = [list(av[2].data), []]  # "keine?": "keine" or "kein"
        if alternatives is not None and out and _is_word(_literal(*out[-1]) or " "):
            j = len(out)
            while j > 0 and _is_word(_literal(*out[j - 1]) or " "):
                j -= 1
            prefix = out[j:]
            del out[j:]
            out.append(("_BRANCH", [prefix + b for b in alternatives]))
            continue
        out.append((op, av))
    return out


def _run_needle(run: str, anchored: bool, terminated: bool) -> Needle | None:
    """The best needle of a literal run (``anchored``: it starts a word; ``terminated``:
    the pattern ends a word where the run ends)."""
    best: Needle | None = None
    for m in _WORD.finditer(run):
        # \w+ runs are maximal: a run after the first follows a non-word character
        starts_word = anchored if m.start() == 0 else True
        word = m.group(0)
        ends_word = m.end() < len(run) or terminated
        candidate: Needle | None = None
        if starts_word and len(word) >= KEY_LEN:
            candidate = Needle(word[:KEY_LEN])
        elif starts_word and ends_word:
            candidate = Needle(word)
        if candidate is not None and (best is None or candidate.cost < best.cost):
            best = candidate
    stripped = run.strip()
    if (best is None or best.cost > 1.0) and len(stripped) >= 2:
        sub = Needle(stripped, substring=True)
        if best is None or sub.cost < best.cost:
            best = sub
    return best


def _needles(items: list[Any], anchored: bool, terminated: bool) -> Needles | None:
    """The cheapest needle set of a sequence, or None if nothing can be required."""
    options = _options(items, anchored, terminated)
    return min(options, key=_cost) if options else None


def _options(items: list[Any], anchored: bool, terminated: bool) -> list[Needles]:
    """Every needle set a sequence requires (each of them, not only one)."""
    items = _distribute(items)
    options: list[Needles] = []
    run = ""
    run_anchor = anchored
    state = anchored

    def close(term: bool) -> None:
        nonlocal run
        if run:
            needle = _run_needle(run, run_anchor, term)
            if needle is not None:
                options.append(frozenset({needle}))
        run = ""

    for idx, (op, av) in enumerate(items):
        ch = _literal(op, av) if op != "_BRANCH" else None
        if ch is not None:
            if not run:
                run_anchor = state
            run += ch
            state = not _is_word(ch)
            continue
        nxt_boundary = op is sc.AT and av in (sc.AT_BOUNDARY, sc.AT_END, sc.AT_END_LINE)
        close(nxt_boundary or (op is not sc.AT and _starts_not_word(op, av)))
        follow = _follow_terminates(items, idx + 1, terminated)
        if op == "_BRANCH":
            subs = [_needles(b, state, follow) for b in av]
            if all(s is not None for s in subs):
                options.append(frozenset().union(*(s for s in subs if s is not None)))
            state = all(_ends_not_word(b, state) for b in av)
            continue
        if op is sc.BRANCH:
            subs = [_needles(list(b.data), state, follow) for b in av[1]]
            if all(s is not None for s in subs):
                options.append(frozenset().union(*(s for s in subs if s is not None)))
        elif op is sc.SUBPATTERN:
            sub = _needles(list(av[3].data), state, follow)
            if sub is not None:
                options.append(sub)
        elif op in _REPEATS and av[0] >= 1:
            sub = _needles(list(av[2].data), state, False)
            if sub is not None:
                options.append(sub)
        state = _after(op, av, state)
    close(terminated)
    return options


def _follow_terminates(items: list[Any], idx: int, terminated: bool) -> bool:
    """Whether the item at ``idx`` (after a group) ends a word for the group's last run."""
    if idx >= len(items):
        return terminated
    op, av = items[idx]
    if op is sc.AT:
        return av in (sc.AT_BOUNDARY, sc.AT_END, sc.AT_END_LINE)
    if op in _REPEATS and av[0] == 0:  # optional: what it starts with, or what follows it
        return bool(
            av[2].data
            and _starts_not_word(*av[2].data[0])
            and _follow_terminates(items, idx + 1, terminated)
        )
    return op != "_BRANCH" and _starts_not_word(op, av)


MAX_CONJUNCTS = 3


def _requirements(items: list[Any]) -> list[Requirement] | None:
    branches = [i for i, (op, _) in enumerate(items) if op is sc.BRANCH]
    if len(branches) == 1 and all(op is sc.AT for op, _ in items if op is not sc.BRANCH):
        # one alternation between zero-width assertions ("\b(?:a|b)\b", or the parser's
        # factored "\b" of "\ba|\bb"): one requirement per branch
        at = branches[0]
        found: list[Requirement] = []
        for branch in items[at][1][1]:
            sub = _requirements([*items[:at], *branch.data, *items[at + 1 :]])
            if sub is None:
                return None
            found.extend(sub)
        return found
    # in the order the pattern gives them (a set's order would change with the string hash
    # seed, and with it which of two sets of the same cost is taken)
    options = sorted(dict.fromkeys(_options(items, False, False)), key=_cost)
    if not options:
        return None
    # Beside the cheapest set, only sets of word keys: they cost a set lookup per line,
    # while every substring needle costs a search through the whole text.
    more = [o for o in options[1:] if not any(n.substring for n in o)]
    return [(options[0], *more[: MAX_CONJUNCTS - 1])]


@lru_cache(maxsize=4096)
def requirements(alternative: str) -> tuple[Requirement, ...] | None:
    """What every match of ``alternative`` contains, as alternatives of conjunctions: a
    match satisfies one of the returned requirements, i.e. contains a needle of each of
    its sets. ``None`` when nothing can be required. A top-level alternation gives one
    requirement per branch; within one, the (at most three) cheapest required sets.

    Raises :class:`re.error` when the expression does not parse. The cue files' validation
    calls this (it needs the parse anyway), and the detector then finds the requirements
    of each pattern already derived: every pattern is parsed once.
    """
    return derive_requirements(alternative)


def derive_requirements(alternative: str) -> tuple[Requirement, ...] | None:
    """:func:`requirements`, derived afresh (not remembered)."""
    parsed = sre_parse.parse(alternative, _FLAGS)
    found = _requirements(list(parsed.data))
    return tuple(found) if found is not None else None


def derive(alternative: str) -> Needles | None:
    """The needles of one regular expression (an alternative of a cue), or None when the
    expression requires no literal text that could serve."""
    parsed = sre_parse.parse(alternative, _FLAGS)
    return _needles(list(parsed.data), False, False)
