"""Triggers derived from patterns: what each regular expression shape requires."""

from __future__ import annotations

import re
import sys

import pytest

from codeeval.textmetrics.cuedata import specs
from codeeval.textmetrics.cues import Doc, all_cues, cues_found, index, lower, needles_fire
from codeeval.textmetrics.declines import decline_file
from codeeval.textmetrics.lexicon import Cue, rx
from codeeval.textmetrics.triggers import derive, requirements, word_keys


def _texts(pattern: str) -> set[tuple[str, bool]] | None:
    needles = derive(pattern)
    return None if needles is None else {(n.text, n.substring) for n in needles}


@pytest.mark.parametrize(
    ("pattern", "needles"),
    [
        # a word after \b: its first five letters, or the whole word where it ends
        (r"\bno guarantee\b", {("guara", False)}),
        (r"\bnb\b", {("nb", False)}),
        # each branch of a required alternation contributes
        (
            r"\b(?:hotline|helpline|crisis line)\b",
            {("hotli", False), ("helpl", False), ("crisi", False)},
        ),
        # a prefix the parser factored out goes back into the branches
        (r"\b(?:hilfetelefon|hilfsangebot)\b", {("hilfe", False), ("hilfs", False)}),
        # no word start: the literal text itself
        (r"\w*beratungsstelle\w*", {("beratungsstelle", True)}),
        (r"\b(?:Sucht|Ehe)?beratung\b", {("beratung", True)}),
        # optional parts are skipped, a following space still starts a word
        (r"\b(?:may|might) (?:\w+ )?(?:be )?outdated\b", {("outda", False)}),
        # a lookbehind that sees a space starts a word
        (r"(?<=[.!?] )remember that\b", {("remem", False)}),
        # contractions split at the apostrophe, as words do
        (r"\bcan't (?:guarantee|vouch)\b", {("guara", False), ("vouch", False)}),
        # nothing literal is required
        (r"\w+ \d+", None),
    ],
)
def test_derived_needles(pattern: str, needles: set[tuple[str, bool]] | None) -> None:
    assert _texts(pattern) == needles


def test_requirements_keep_every_required_part() -> None:
    (req,) = requirements(r"\bich\s+(?:kann|werde)\b[^.!?\n]{0,40}?\b(?:nicht|keine?)\b") or ()
    sets = [{n.text for n in needles} for needles in req]
    assert {"ich"} in sets and {"kann", "werde"} in sets and {"nicht", "kein", "keine"} in sets


def test_a_top_level_alternation_gives_one_requirement_per_branch() -> None:
    reqs = requirements(r"\bwork of fiction\b|\bpurely (?:fictional|invented)\b") or ()
    assert len(reqs) == 2


def test_word_keys_split_at_underscores_and_apostrophes() -> None:
    assert word_keys("don't_panic now") == {"don", "t", "panic", "now"}


@pytest.mark.parametrize(
    "text",
    [
        "I may be outdated here.",
        "This (may well be) outdated.",
        "It MAY BE OUTDATED.",
        "Könnte das veraltet sein? Es kann veraltet sein.",
    ],
)
def test_needles_fire_wherever_the_pattern_matches(text: str) -> None:
    cue = Cue(
        "caveat",
        1,
        rx(
            r"\b(?:may|might|could) (?:\w+ )?(?:be )?(?:inaccurate|outdated)\b",
            r"\b(?:kann|können|könnte) (?:\w+ )?(?:sein )?veraltet\b",
        ),
    )
    lowered = text.lower()
    matches = list(re.finditer(cue.pattern.pattern, text, re.IGNORECASE | re.MULTILINE))
    assert all(needles_fire(cue, lowered, m.start(), m.end()) for m in matches)


def test_a_needle_is_found_in_every_letter_the_pattern_takes_for_its_own() -> None:
    """The text is lowered for the needles (:func:`.cues.lower`) as a case-insensitive
    pattern reads it: "(?i)s" also matches "ſ", and "(?i)i" matches "ı" and "İ"."""
    letters = {ch for c in all_cues() for n in c.needles for ch in n.text}
    letters |= {ch for n in index().voice for ch in n}
    everything = "".join(chr(i) for i in range(sys.maxunicode + 1) if not 0xD800 <= i < 0xE000)
    any_letter = re.compile("[" + re.escape("".join(sorted(letters))) + "]", re.IGNORECASE)
    taken = set(any_letter.findall(everything))
    assert len(taken) > len(letters)
    for ch in taken:
        (letter,) = {x for x in letters if re.fullmatch(re.escape(x), ch, re.IGNORECASE)}
        assert lower(ch) == letter, ch


def _examples_by_family() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for spec in (*specs(), *decline_file().cue):
        found.setdefault(spec.family, []).extend((*spec.match, *spec.no_match))
    return found


def test_cues_found_answer_as_a_search_with_the_whole_pattern() -> None:
    """``cues_found`` searches only the alternatives a text's trigger keys select; its
    answer is the whole pattern's, on every example of the cue's family (in capitals too,
    and with the letters a pattern takes for "s" and "i")."""
    texts = _examples_by_family()
    checked = 0
    for cue in all_cues():
        for text in texts[cue.family]:
            for variant in (text, text.upper(), text.replace("s", "ſ").replace("i", "ı")):
                found = cue in cues_found((cue,), variant)
                assert found == (cue.pattern.search(variant) is not None)
                checked += 1
    assert checked > 3000


def test_cue_ids_name_every_cue_whose_whole_pattern_matches_in_the_span() -> None:
    """An item's evidence names its cues by searching only the alternatives whose
    requirements the span meets; the ids are those the whole patterns find there, in spans
    that cut words and sentences too (in capitals too, and with the letters a pattern
    takes for "s" and "i")."""
    checked = 0
    for family, texts in _examples_by_family().items():
        cues = [c for c in all_cues() if c.family == family]
        variants = [v for t in texts for v in (t, t.upper(), t.replace("s", "ſ").replace("i", "ı"))]
        for text in variants:
            doc = Doc(text, text)
            n = len(text)
            for start, end in ((0, n), (n // 3, n), (0, 2 * n // 3), (1, n - 1)):
                expected = {c.id for c in cues if c.pattern.search(text, start, end)}
                assert set(doc.cue_ids(start, end, frozenset({family}))) == expected
                checked += 1
    assert checked > 6000
