"""Was the output cut off?

Signals, all reported when they fire:

* ``finish_reason``: the server says it stopped at the token limit (``length``,
  ``max_tokens`` and the spellings other servers use for the same thing).
* ``tool_notice``: the generating tool wrote a line saying it cut the answer (the line
  itself is stripped before any metric, see :mod:`.notices`).
* ``unclosed_code_fence``: a fenced code block is still open at the end.
* ``no_closing_punctuation``: the prose ends without ``.``, ``!``, ``?`` or ``…``
  (closing quotes, brackets and emphasis marks after the punctuation are fine: ``."``,
  ``!“``, ``?»``, ``.)``, ``.*``). Judged sensibly for Markdown: a closed code block, a
  list item, a table row ending in ``|``, a horizontal rule, a sign-off block ("Best
  regards" and a name) and verse (mostly short unpunctuated lines) are normal endings, unless
  they end mid-sentence (on a comma, colon, hyphen or a word like "and"/"und"/"the"/"der").
  A heading as the last line is suspicious: the section it opens is missing.
"""

from __future__ import annotations

import unicodedata

from .lazyre import lazy
from .markdown import LIST_ITEM
from .notices import Notice
from .records import Truncation, TruncationSignal

LIMIT_FINISH_REASONS = frozenset(
    {"length", "max_tokens", "max_output_tokens", "max_new_tokens", "token_limit", "max_length"}
)

_TERMINAL = frozenset(".!?…")
_TRAILING_CLOSERS = "\"'”“»«’‘›‹)]}*_`~ \t"
_DANGLING_CHARS = frozenset(",;:-–—(/&")
_DANGLING_WORDS = frozenset(
    [
        "und",
        "oder",
        "aber",
        "sondern",
        "denn",
        "der",
        "die",
        "das",
        "den",
        "dem",
        "des",
        "ein",
        "eine",
        "einen",
        "einem",
        "einer",
        "eines",
        "mit",
        "von",
        "vom",
        "zu",
        "zum",
        "zur",
        "in",
        "im",
        "auf",
        "an",
        "am",
        "für",
        "bei",
        "beim",
        "nach",
        "über",
        "unter",
        "vor",
        "wie",
        "als",
        "dass",
        "weil",
        "wenn",
        "ob",
        "sich",
        "ich",
        "er",
        "sie",
        "es",
        "wir",
        "ihr",
        "sein",
        "seine",
        "ihre",
        "mein",
        "meine",
        "dein",
        "deine",
        "nicht",
        "auch",
        "noch",
        "so",
        "and",
        "or",
        "but",
        "nor",
        "the",
        "a",
        "an",
        "of",
        "to",
        "in",
        "on",
        "at",
        "for",
        "with",
        "by",
        "from",
        "as",
        "that",
        "because",
        "if",
        "than",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "his",
        "her",
        "their",
        "its",
        "my",
        "your",
        "our",
        "this",
        "these",
        "those",
        "not",
        "very",
        "so",
        "into",
        "onto",
        "about",
    ]
)
_SIGNOFF = lazy(
    r"(?i)\b(?:grü(?:ß|ss)en?|gruß|herzlich\w*|alles liebe|liebe grüße|viele grüße|dein|deine"
    r"|euer|eure|ihr|ihre|regards|sincerely|yours|love|best|cheers|thanks|thank you|warmly)\b"
)
_END_MARKER = lazy(r"(?i)^\W*(?:ende|the end|end|fin|schluss|\*\*\*|###)\W*$")
_HEADING = lazy(r"^\s{0,3}#{1,6}\s")
_FENCE_LINE = lazy(r"^\s{0,3}(?:`{3,}|~{3,})")
_ALNUM = lazy(r"[^\W_]")


def _trim_end(line: str) -> str:
    """Drop trailing closers, emphasis marks and emoji so the real last character shows."""
    line = line.rstrip(_TRAILING_CLOSERS)
    while line and unicodedata.category(line[-1]) in ("So", "Sk", "Cf", "Mn"):
        line = line[:-1].rstrip(_TRAILING_CLOSERS)
    return line


def _dangling(line: str) -> bool:
    trimmed = _trim_end(line)
    if not trimmed:
        return False
    if trimmed[-1] in _DANGLING_CHARS:
        return True
    last = trimmed.rsplit(None, 1)[-1].lower()
    return last in _DANGLING_WORDS


def _is_verse(lines: list[str]) -> bool:
    """Mostly short lines without closing punctuation: a poem or lyrics."""
    content = [ln for ln in lines if _ALNUM.search(ln)]
    if len(content) < 4:
        return False
    short = sum(1 for ln in content if len(ln.split()) <= 8 and _trim_end(ln)[-1:] not in _TERMINAL)
    return short >= 0.6 * len(content)


def _signoff_block(lines: list[str]) -> bool:
    """The last lines are a closing block: "Mit freundlichen Grüßen / Name / Role".

    Short unpunctuated lines at the end count as a sign-off when one of them is a closing
    formula (or ends in a comma) or the very last one looks like a name, and the prose
    before them ended properly.
    """
    i = len(lines) - 1
    block: list[str] = []
    while i >= 0 and len(block) < 4 and len(lines[i].split()) <= 6:
        if _trim_end(lines[i])[-1:] in _TERMINAL:
            break
        block.append(lines[i])
        i -= 1
    if not block:
        return False
    formula = any(_SIGNOFF.search(ln) or ln.rstrip().endswith(",") for ln in block)
    name_like = all(word[:1].isupper() for word in lines[-1].split())
    before = lines[i] if i >= 0 else ""
    ended = not before or _trim_end(before)[-1:] in _TERMINAL or before.rstrip().endswith(",")
    return ended and (formula or name_like)


def ending_problem(text: str) -> str | None:
    """Why the end of ``text`` looks cut off, or None if it ends normally.

    ``text`` must have notice lines blanked and no code block open at its end.
    """
    lines = [ln.strip() for ln in text.rstrip().splitlines()[-40:] if ln.strip()]
    if not lines:
        return None
    last = lines[-1]
    if _FENCE_LINE.match(last) or _END_MARKER.match(last) or not _ALNUM.search(last):
        return None
    if _HEADING.match(last):
        return f"ends with a heading: {last[:60]!r}"
    if _dangling(last):
        return f"ends mid-sentence: {last[-60:]!r}"
    if _trim_end(last)[-1:] in _TERMINAL:
        return None
    if last.startswith("|"):
        return None if last.endswith("|") else f"table row cut off: {last[-60:]!r}"
    if LIST_ITEM.match(last) or _is_verse(lines):
        return None
    if _signoff_block(lines):
        return None
    return f"no closing punctuation: {last[-60:]!r}"


def check_truncation(
    text: str,
    *,
    fence_open_at_end: bool,
    finish_reason: str | None,
    notices: tuple[Notice, ...],
) -> Truncation:
    """Collect every truncation signal for one output.

    Args:
        text: The output with notice lines blanked (for oversized texts, its tail window).
        fence_open_at_end: Whether a fenced code block is still open at the end.
        finish_reason: The server's finish reason, if the sample recorded one.
        notices: The notice lines that were stripped from the output.
    """
    signals: list[TruncationSignal] = []
    if finish_reason and finish_reason.strip().lower() in LIMIT_FINISH_REASONS:
        signals.append(
            TruncationSignal(kind="finish_reason", detail=f"finish_reason={finish_reason!r}")
        )
    for notice in notices:
        if notice.says_truncated:
            signals.append(TruncationSignal(kind="tool_notice", detail=notice.text.strip()[:120]))
            break
    if fence_open_at_end:
        signals.append(
            TruncationSignal(kind="unclosed_code_fence", detail="a code block is never closed")
        )
    else:
        problem = ending_problem(text)
        if problem:
            signals.append(TruncationSignal(kind="no_closing_punctuation", detail=problem))
    return Truncation(suspected=bool(signals), signals=tuple(signals))
