"""Making arbitrary input safe to analyse, and cutting oversized input down to size.

Every replacement here is one character for one character, so that offsets reported on
the cleaned text are offsets into the text the caller passed in.
"""

from __future__ import annotations

from collections.abc import Iterator

from .lazyre import lazy
from .records import Issue

FULL_ANALYSIS_CHARS = 256 * 1024
"""Texts longer than this are ``too_large``: words are still counted over the whole text,
but evasion and truncation are judged on a head and a tail window only."""

WINDOW_CHARS = 32 * 1024
"""Size of each of the head and tail windows of an oversized text."""

CHUNK_CHARS = 1024 * 1024
"""Streaming unit for counting words in oversized texts."""

_CONTROL = lazy(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_SURROGATE = lazy(r"[\ud800-\udfff]")


def _has_surrogates(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def sanitize(text: str) -> tuple[str, tuple[Issue, ...]]:
    """Replace control characters by spaces and lone surrogates by U+FFFD.

    A Python ``str`` read with ``surrogateescape`` or from broken JSON can hold surrogate
    code points that cannot be encoded; regexes and JSON output would trip over them later.
    """
    issues: list[Issue] = []
    if _CONTROL.search(text):
        n = len(_CONTROL.findall(text))
        text = _CONTROL.sub(" ", text)
        issues.append(Issue(code="control_chars", detail=f"{n} control character(s) replaced"))
    if not text.isascii() and _has_surrogates(text):
        n = len(_SURROGATE.findall(text))
        text = _SURROGATE.sub("\ufffd", text)
        issues.append(Issue(code="lone_surrogates", detail=f"{n} lone surrogate(s) replaced"))
    return text, tuple(issues)


def line_cut(text: str, pos: int) -> int:
    """The position just after the first newline at or after ``pos`` (or ``len(text)``)."""
    nl = text.find("\n", pos)
    return len(text) if nl < 0 else nl + 1


def iter_chunks(text: str, size: int = CHUNK_CHARS) -> Iterator[str]:
    """Yield consecutive pieces of about ``size`` characters, each ending at a line break.

    A single line longer than ``size`` is cut hard so that memory stays bounded.
    """
    pos = 0
    n = len(text)
    while pos < n:
        end = min(n, pos + size)
        if end < n:
            nl = text.rfind("\n", pos, end)
            end = nl + 1 if nl >= pos else end
        yield text[pos:end]
        pos = end


def head_tail(text: str, size: int = WINDOW_CHARS) -> tuple[str, int, str]:
    """The first and last ``size`` characters, cut at line breaks.

    Returns ``(head, tail_offset, tail)`` where ``tail_offset`` is where the tail starts in
    ``text``.
    """
    head_end = text.rfind("\n", 0, size)
    head = text[: head_end + 1 if head_end > 0 else size]
    tail_start = line_cut(text, len(text) - size)
    if tail_start >= len(text):
        tail_start = len(text) - size
    return head, tail_start, text[tail_start:]
