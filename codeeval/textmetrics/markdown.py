"""The few pieces of Markdown structure the metrics depend on.

Only fenced code blocks (``` or ~~~) are recognised as code. Indented code blocks are not:
in model prose, indentation is far more often a poem or a quoted letter than code.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .lazyre import Pattern, lazy

LIST_ITEM = lazy(r"^\s*(?:[-*+•]|\d{1,3}[.)])\s+\S")
"""A Markdown list item at the start of the text matched (leading white space allowed)."""
_FENCE = lazy(r"^[ \t]{0,3}(`{3,}|~{3,})([^\n]*)$", re.MULTILINE)


@dataclass(frozen=True, slots=True)
class OpenFence:
    """The fence that is open at some point of the text (character and length)."""

    char: str
    length: int


@dataclass(frozen=True, slots=True)
class CodeLayout:
    """Where the fenced code blocks of a text are."""

    blocks: tuple[tuple[int, int], ...]
    """``(start, end)`` of each block including its fence lines."""
    open_at_end: OpenFence | None
    """The fence still open when the text ends (a cut-off block), else None."""


def code_layout(text: str, state: OpenFence | None = None) -> CodeLayout:
    """Find fenced code blocks.

    Args:
        text: Markdown text (or one chunk of it).
        state: The fence left open by the previous chunk, when counting in chunks.

    A closing fence uses the same character, is at least as long as the opening one and has
    no info string, as in CommonMark; other fence-like lines inside a block are code.
    """
    if "```" not in text and "~~~" not in text and state is None:
        return CodeLayout(blocks=(), open_at_end=None)
    blocks: list[tuple[int, int]] = []
    open_fence = state
    block_start = 0
    for m in _FENCE.finditer(text):
        run, info = m.group(1), m.group(2)
        if open_fence is None:
            if run[0] == "`" and "`" in info:
                continue  # an inline code span at line start, not a fence
            open_fence = OpenFence(run[0], len(run))
            block_start = m.start()
        elif run[0] == open_fence.char and len(run) >= open_fence.length and not info.strip():
            blocks.append((block_start, m.end()))
            open_fence = None
    if open_fence is not None:
        blocks.append((block_start, len(text)))
    return CodeLayout(blocks=tuple(blocks), open_at_end=open_fence)


def prose_parts(text: str, layout: CodeLayout) -> list[str]:
    """The pieces of ``text`` outside code blocks."""
    if not layout.blocks:
        return [text]
    parts: list[str] = []
    pos = 0
    for start, end in layout.blocks:
        parts.append(text[pos:start])
        pos = end
    parts.append(text[pos:])
    return parts


def blank(segment: str) -> str:
    """Replace every character except newlines by a space (keeps offsets and lines)."""
    if "\n" not in segment:
        return " " * len(segment)
    return "\n".join(" " * len(line) for line in segment.split("\n"))


def mask_spans(text: str, spans: list[tuple[int, int]]) -> str:
    """Blank the given ``(start, end)`` spans of ``text``; spans must be sorted."""
    if not spans:
        return text
    out: list[str] = []
    pos = 0
    for start, end in spans:
        if end <= pos:
            continue
        start = max(start, pos)
        out.append(text[pos:start])
        out.append(blank(text[start:end]))
        pos = end
    out.append(text[pos:])
    return "".join(out)


_COMMENT_LINE = lazy(r"^[ \t]*(?:#(?![!#\w])|//+)[ \t]?([^\n]*)$", re.MULTILINE)
"""A full-line comment in a code block: ``#`` (not a shebang or ``#include``) or ``//``."""


def comment_runs(text: str, start: int, end: int) -> list[tuple[int, int, str]]:
    """Runs of consecutive full-line comments in ``text[start:end]``: ``(start, end, body)``,
    the body being the comment texts joined by spaces."""
    runs: list[tuple[int, int, str]] = []
    run_start = run_end = -1
    bodies: list[str] = []
    for m in _COMMENT_LINE.finditer(text, start, end):
        if bodies and m.start() == run_end + 1:
            bodies.append(m.group(1).strip())
        else:
            if bodies:
                runs.append((run_start, run_end, " ".join(bodies)))
            run_start, bodies = m.start(1), [m.group(1).strip()]
        run_end = m.end()
    if bodies:
        runs.append((run_start, run_end, " ".join(bodies)))
    return runs


_TRAILING_COMMENT = lazy(r"^([^\n#]*\S)[ \t]+#[ \t]+(\S[^\n]{14,})$", re.MULTILINE)


def trailing_comments(text: str, start: int, end: int) -> list[tuple[int, int, str]]:
    """Comments at the end of a code line (of 15 characters or more): ``(start, end,
    body)``. A ``#`` inside a string literal is not a comment: the code before it must hold
    an even number of each quote character."""
    out: list[tuple[int, int, str]] = []
    for m in _TRAILING_COMMENT.finditer(text, start, end):
        code = m.group(1)
        if code.count('"') % 2 or code.count("'") % 2:
            continue
        out.append((m.start(2), m.end(2), m.group(2).strip()))
    return out


_PROSE_STRING = lazy(
    r"""(?<!["'\w])[fFrRbBuU]{0,2}(?:"((?:[^"\\\n]|\\.){20,})"|'((?:[^'\\\n]|\\.){20,})')"""
)
"""A one-line string literal of 20 characters or more (a triple quote never matches: its
empty first pair is too short)."""
_PLACEHOLDER = lazy(r"\{[^{}]*\}|%[-+ #0-9.]*[sdifr]|\\n")


def prose_strings(text: str, start: int, end: int) -> list[tuple[int, int, str]]:
    """String literals in ``text[start:end]`` that read as sentences (five words or more),
    adjacent literals on consecutive lines joined (Python concatenates them): ``(start,
    end, body)``. Messages a program prints or logs are written by the assistant too."""
    runs: list[tuple[int, int, str]] = []
    for m in _PROSE_STRING.finditer(text, start, end):
        body = _PLACEHOLDER.sub(" ", m.group(1) or m.group(2) or "")
        if runs and not text[runs[-1][1] : m.start()].strip(" \t\n(\"'"):
            run_start, _, run_body = runs[-1]
            runs[-1] = (run_start, m.end(), run_body + body)
        else:
            runs.append((m.start(), m.end(), body))
    out = []
    for a, b, body in runs:
        words = body.split()
        if len(words) >= 5:
            out.append((a, b, " ".join(words)))
    return out


_DOCSTRING = lazy(r"(\"\"\"|''')(.*?)\1", re.DOTALL)
_BLANK_LINE = lazy(r"\n[ \t]*\n")


def docstring_paragraphs(text: str, start: int, end: int) -> list[tuple[int, int, str]]:
    """Paragraphs of triple-quoted strings in ``text[start:end]``: ``(start, end, body)``,
    the body being the paragraph's lines joined by spaces."""
    out: list[tuple[int, int, str]] = []
    for m in _DOCSTRING.finditer(text, start, end):
        out.extend(_paragraphs(text, m.start(2), m.end(2)))
    return out


def _paragraphs(
    text: str, start: int, end: int, marks: Pattern | None = None
) -> list[tuple[int, int, str]]:
    """The paragraphs of ``text[start:end]`` as ``(start, end, body)``, the body being the
    paragraph's lines joined by spaces (with ``marks`` removed first)."""
    out: list[tuple[int, int, str]] = []
    pos = start
    for part in _BLANK_LINE.split(text[start:end]):
        body = " ".join((marks.sub("", part) if marks else part).split())
        if body:
            out.append((pos, pos + len(part), body))
        pos += len(part)
        blank = _BLANK_LINE.match(text, pos)
        pos = blank.end() if blank else pos
    return out


_TEXT_FENCE = lazy(
    r"[ \t]{0,3}(?:`{3,}|~{3,})[ \t]*(?:markdown|md|text|txt|rst|readme)\b[^\n]*\n", re.IGNORECASE
)
"""The opening fence of a block of prose: a README or a text file the answer writes out."""
_QUOTE_MARKS = lazy(r"^[ \t]*>[ \t]?", re.MULTILINE)


def text_block_paragraphs(text: str, start: int, end: int) -> list[tuple[int, int, str]]:
    """Paragraphs of a fenced block of Markdown or plain text (a README in the answer):
    ``(start, end, body)``, the body being the paragraph's lines joined by spaces, block
    quote marks removed. Empty for any other block."""
    m = _TEXT_FENCE.match(text, start, end)
    if m is None:
        return []
    close = text.rfind("\n", m.end(), end)
    closed = close >= m.end() and text[close + 1 : end].lstrip().startswith(("```", "~~~"))
    return _paragraphs(text, m.end(), close if closed else end, _QUOTE_MARKS)
