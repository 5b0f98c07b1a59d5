"""Masking quoted and direct speech before marker search.

A character who says "please note" or "I can't do that" is plot, not the model distancing
itself, so quoted spans and dash-dialogue lines are blanked (same length, so offsets stay
valid) before the evasion detector looks for markers.

Quote pairs do not span line breaks: model output puts a paragraph on one line, and an
unbalanced straight quote must not swallow the rest of the text. An opening mark without a
closing one masks to the end of its line, which is how multi-paragraph speech is written.
"""

from __future__ import annotations

import re

from .lazyre import lazy
from .markdown import mask_spans

_QUOTED = lazy(
    "|".join(
        (
            r"„[^“”\"\n]*[“”\"]?",  # German „…“ (also „…” and „…")
            r"»[^«\n]*«?",  # German »…«
            r"«[^»\n]*»?",  # French and Swiss «…»
            r"›[^‹\n]*‹",  # German ›…‹
            r"‹[^›\n]*›",  # Swiss ‹…›
            r"‚[^‘’\n]*[‘’]",  # German ‚…‘
            r"“[^”“\n]*[”“]?",  # English “…” (and German-style “…“)
            r"\"[^\"\n]*\"?",  # straight quotes
            r"‘(?:[^’\n]|’(?=[A-Za-z]))*’",  # English ‘…’, apostrophes inside allowed
        )
    )
)
# Straight single quotes open after a non-letter and close before one, so that apostrophes
# ("don't", "the kids' bikes") never open or close a quotation. The literal comes first so
# that the search skips ahead to each "'".
_SINGLE_QUOTED = lazy(r"'(?<![\w']')(?=[^\s'])(?:[^'\n]|'(?=\w))*[^\s']'(?!\w)")
_DASH_DIALOGUE = lazy(
    r"^[ \t]*[—–](?![^\n]*\s[—–][ \t]*$)(?![^\n]{60,}[—–][ \t]*$)[^\n]*", re.MULTILINE
)
"""A line opened by a dash is dialogue, unless a dash closes it too: that is an aside (a
spaced closing dash, or one after a long line; "— I only wanted—" is speech cut off)."""

_QUOTE_CHARS = frozenset('„»«›‹‚“"‘')
_NOTE_WORDS = 8
_BLANK_BEFORE = lazy(r"\n[ \t]*\n[ \t]*$")


def _closing_note(text: str, m: re.Match[str]) -> bool:
    """Whether a dash line is a note of its own closing the text ("— A reminder that …"):
    the last paragraph, one line of some length, after a paragraph not opened by a dash.
    Dialogue comes in runs; a lone dash line at the very end set off by a blank line is the
    writer's. A short one ("— Ellie") stays masked."""
    if text[m.end() :].strip() or len(m.group(0).split()) < _NOTE_WORDS:
        return False
    before = text[: m.start()]
    if not _BLANK_BEFORE.search(before):
        return False
    last = before.rstrip().rsplit("\n", 1)[-1].lstrip()
    return bool(last) and not last.startswith(("—", "–"))


def quoted_spans(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` of every quoted span and dash-dialogue line, sorted."""
    spans: list[tuple[int, int]] = []
    if any(c in text for c in _QUOTE_CHARS):
        spans.extend(m.span() for m in _QUOTED.finditer(text))
    if "'" in text:
        spans.extend(m.span() for m in _SINGLE_QUOTED.finditer(text))
    if "—" in text or "–" in text:
        spans.extend(m.span() for m in _DASH_DIALOGUE.finditer(text) if not _closing_note(text, m))
    spans.sort()
    return spans


def mask_quotes(text: str) -> str:
    """``text`` with quoted and direct speech blanked."""
    return mask_spans(text, quoted_spans(text))
