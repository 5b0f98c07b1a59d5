"""Counting words.

Definition (documented in the package docstring as well):

* Code in fenced blocks is not counted, for any domain; for coding answers the count is
  therefore the prose around the code.
* Markdown markup is not counted: heading marks, emphasis, list bullets and the numbers
  of ordered lists, table pipes and separator rows, HTML tags and entities, link targets.
  Link and image texts are counted; a bare URL or an inline code span is one word.
* A word is a run of letters and digits. Hyphens, apostrophes and slashes inside the run
  keep it together, so German compounds and hyphenations are one word each
  ("Donaudampfschiff", "E-Mail-Adresse", "don't", "km/h"), and a trailing hyphen of a
  suspended compound is part of its word ("Ein- und Ausgang" is three words).
* Dots, commas and colons join digits only, so numbers with separators are one word
  ("1.200", "1,200", "3,5", "12:30"); "z. B." and "z.B." are both two words.
* Dashes (– —), ellipses, symbols (%, €, §) and lone punctuation are not words.
"""

from __future__ import annotations

from itertools import filterfalse

from .inputs import CHUNK_CHARS, iter_chunks
from .lazyre import lazy
from .markdown import OpenFence, code_layout, prose_parts

WORD = lazy(
    r"[^\W_][\w\u0300-\u036f]*"
    r"(?:(?:[-\u2010\u2011'\u2019/]|(?<=\d)[.,:](?=\d))[\w\u0300-\u036f]+)*-?"
)

_URL = lazy(r"(?:https?://|www\.)[^\s<>()\[\]]+")
_LINK = lazy(r"!?\[([^\]\n]*)\]\([^)\n]*\)")
_INLINE_CODE = lazy(r"`[^`\n]+`")
_HTML_TAG = lazy(r"</?[A-Za-z][^<>\n]*>")
_ENTITY = lazy(r"&(?:[A-Za-z]+|#\d+|#x[0-9A-Fa-f]+);")
_ORDERED_MARKER = lazy(r"[ \t>]*\d{1,9}[.)](?=[ \t])")
"""The number of an ordered list item at the start of a line (or of a quote's line)."""
_ORDERED_MARKER_LINE = lazy(r"\n[ \t>]*\d{1,9}[.)](?=[ \t])")
"""The same after a line break: a pattern that opens with a line break is searched for far
faster than one that opens with ``^`` (tried at every position)."""


def strip_markup(prose: str) -> str:
    """Remove the Markdown constructs whose characters would otherwise count as words."""
    if "`" in prose:
        prose = _INLINE_CODE.sub(" code ", prose)
    if "http" in prose or "www." in prose:
        prose = _URL.sub(" url ", prose)
    if "](" in prose:
        prose = _LINK.sub(r" \1 ", prose)
    if "<" in prose:
        prose = _HTML_TAG.sub(" ", prose)
    if "&" in prose:
        prose = _ENTITY.sub(" ", prose)
    first = _ORDERED_MARKER.match(prose)
    if first is not None:
        prose = " " + prose[first.end() :]
    return _ORDERED_MARKER_LINE.sub("\n ", prose)


_EDGE = ".,;:!?\"'()[]{}*_„“”»«›‹‚‘’…–—#>|~"
"""Punctuation that often clings to a word (none of it a letter or digit)."""


def count_prose_words(prose: str) -> int:
    """Words in a piece of prose that contains no code blocks.

    A word never spans white space, so the count is the sum over white-space separated
    tokens. A token that is letters and digits only, once the punctuation at its edges is
    stripped, is exactly one word under :data:`WORD` (nothing at its edges can start
    another); only the other tokens ("don't", "1.200", "z.B.") go through the pattern.
    This gives the count of ``len(WORD.findall(...))`` at a fraction of the cost.
    """
    tokens = strip_markup(prose).split()
    rest = list(filterfalse(str.isalnum, tokens))
    n = len(tokens) - len(rest)
    if rest:
        cores = [token.strip(_EDGE) for token in rest]
        n += sum(map(str.isalnum, cores))
        hard = [
            token for token, core in zip(rest, cores, strict=True) if core and not core.isalnum()
        ]
        if hard:  # one search over them all (a word never spans the space between them)
            n += len(WORD.findall(" ".join(hard)))
    return n


def count_words(text: str) -> int:
    """Words of ``text`` under the definition in this module's docstring.

    Oversized texts are processed in line-aligned chunks so that the work is linear and the
    extra memory bounded; a code fence left open by one chunk carries into the next.
    """
    if len(text) <= CHUNK_CHARS:
        return sum(count_prose_words(p) for p in prose_parts(text, code_layout(text)))
    total = 0
    state: OpenFence | None = None
    previous = ""
    for chunk in iter_chunks(text):
        layout = code_layout(chunk, state)
        total += sum(count_prose_words(p) for p in prose_parts(chunk, layout))
        if previous[-1:].isalnum() and chunk[:1].isalnum():
            total -= 1  # a line longer than a chunk was cut inside a word: counted twice
        state = layout.open_at_end
        previous = chunk
    return total
