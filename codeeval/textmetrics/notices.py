"""Lines written by the generating tool, not by the model.

Tools that drive a local server sometimes write their own remarks into the captured
output: a note that the answer was cut at the token limit, a tagged log line, a stray
llama.cpp log line. Counted as model text, such a line adds words and looks like a
disclaimer, so it is blanked before any metric runs. (The sample's separate ``stderr``
field is never seen here at all: ``measure`` only receives the text.)

Matching is line-based: a pattern that matches anywhere in a line blanks the whole line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from .lazyre import lazy
from .markdown import mask_spans
from .records import Issue

_LIMIT_PARAMETERS = (
    "max_tokens",
    "max_new_tokens",
    "n_predict",
    "num_predict",
    "max_completion_tokens",
)
_TOOLS = ("llamacppctl", "codeeval", "llama.cpp", "llama-server", "llama-cli", "ollama")

DEFAULT_NOTICE_PATTERNS: tuple[str, ...] = (
    # A labelled remark that names a token-limit parameter: "<label>: ... max_tokens=N ...".
    r"(?i)^[ \t]*(?:\[[\w.\- ]+\][ \t]*)?(?:hinweis|note|notice|warnung|warning|info)[ \t]*:"
    r"[^\n]*\b(?:" + "|".join(_LIMIT_PARAMETERS) + r")\b",
    # A line tagged by a known driver tool.
    r"(?i)^[ \t]*\[(?:" + "|".join(re.escape(t) for t in _TOOLS) + r")\]",
    # llama.cpp / ggml log lines that leak from stderr into stdout.
    r"^(?:llama_|ggml_|gguf_|llm_load_|llama_perf_)\w*:",
)
_NEEDLES: tuple[tuple[str, ...], ...] = (
    _LIMIT_PARAMETERS,
    _TOOLS,
    ("llama_", "ggml_", "gguf_", "llm_load_"),
)
"""For each default pattern, strings (lower case) one of which a matching text contains:
a cheap test that skips the pattern for almost every output."""

_TRUNCATION_WORDS = lazy(
    r"(?i)abgeschnitten|gekürzt|truncated|cut off|max_tokens|max_new_tokens|n_predict|token limit"
)


@dataclass(frozen=True, slots=True)
class Notice:
    """One blanked line."""

    start: int
    end: int
    text: str

    @property
    def says_truncated(self) -> bool:
        """Whether the notice reports that the output was cut at a limit."""
        return _TRUNCATION_WORDS.search(self.text) is not None


@dataclass(frozen=True, slots=True)
class NoticePattern:
    pattern: re.Pattern[str]
    needles: tuple[str, ...] = ()
    """If given, the pattern only runs on texts containing one of these (lower case)."""


@lru_cache(maxsize=64)
def compile_patterns(
    extra: tuple[str, ...],
) -> tuple[tuple[NoticePattern, ...], tuple[Issue, ...]]:
    """Compile the default patterns plus ``extra``; invalid extras are reported, not raised.

    Every pattern is compiled in multiline mode so that ``^`` and ``$`` mean line start and
    end, as a user writing a pattern for "a line" expects.
    """
    compiled = [
        NoticePattern(re.compile(p, re.MULTILINE), needles)
        for p, needles in zip(DEFAULT_NOTICE_PATTERNS, _NEEDLES, strict=True)
    ]
    issues: list[Issue] = []
    for pattern in extra:
        try:
            compiled.append(NoticePattern(re.compile(pattern, re.MULTILINE)))
        except re.error as exc:
            issues.append(
                Issue(code="invalid_notice_pattern", detail=f"{pattern!r} ignored: {exc}")
            )
    return tuple(compiled), tuple(issues)


def find_notices(text: str, patterns: tuple[NoticePattern, ...]) -> tuple[Notice, ...]:
    """Every line of ``text`` matched by one of ``patterns``, in text order."""
    lines: dict[int, int] = {}
    lowered: str | None = None
    for p in patterns:
        if p.needles:
            lowered = text.lower() if lowered is None else lowered
            if not any(n in lowered for n in p.needles):
                continue
        for m in p.pattern.finditer(text):
            if m.end() == m.start():
                continue  # an empty match would blank every line
            start = text.rfind("\n", 0, m.start()) + 1
            nl = text.find("\n", max(m.end() - 1, m.start()))
            end = len(text) if nl < 0 else nl
            lines[start] = max(end, lines.get(start, end))
    return tuple(Notice(s, e, text[s:e]) for s, e in sorted(lines.items()))


def strip_notices(text: str, patterns: tuple[NoticePattern, ...]) -> tuple[str, tuple[Notice, ...]]:
    """Blank every notice line (same length, newlines kept) and return the notices."""
    notices = find_notices(text, patterns)
    return mask_spans(text, [(n.start, n.end) for n in notices]), notices
