"""Markdown answer → fenced blocks: finding fences, naming blocks, refusing unsafe names.

Pure helpers of ``codeeval.extract``, whose docstring states the rules they implement
(Blocks, Names, Safety).
"""

from __future__ import annotations

import keyword
import re
import sys
from dataclasses import dataclass

from codeeval import pyast
from codeeval.analysis import RUNNER_PACKAGES

# Modules a sample file must never shadow besides the standard library: pytest, what it
# loads at start-up, and files Python or pytest import on their own.
TOOLING = RUNNER_PACKAGES | {"conftest", "py", "sitecustomize", "usercustomize"}
AUTOLOADED = frozenset({"conftest", "sitecustomize", "usercustomize"})

_OPEN = re.compile(r"(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})(?P<info>.*)")
_OPEN_AFTER_PROSE = re.compile(
    r"(?P<pre>.*\S)[ \t]*(?<!`)(?P<fence>`{3,})(?P<info>[A-Za-z][\w+.-]*)\s*"
)
_REOPEN = re.compile(
    r"\s*(?P<fence>`{3,}|~{3,})(?:python3?|py|bash|sh|shell|console|text|json|yaml|toml|diff)\b.*",
    re.IGNORECASE,
)
PY_LANG = re.compile(r"py(?:thon)?[23]?(?:\.\d+)*|ipython3?|", re.IGNORECASE)
FILE_NAME = re.compile(r"(?<![\w.\\/~-])(?:[A-Za-z]:)?[\w.\\/~-]*\w\.py(?!\w)")
_COMMENT_NAME = re.compile(
    r"#+\s*(?:[-=*]+\s*)?(?:(?:file\s*name|file|datei(?:name)?|path|pfad)\s*[:=]?\s*)?"
    r"(?P<name>\S+\.py)(?:\s*(?:[-–—:(|].*)?)?",
    re.IGNORECASE,
)
LABEL = re.compile(r"(?:datei|file|filename|dateiname|modul|module|tests?|code)\b", re.I)
_SHELL = re.compile(
    r"(?:\$\s*)?(?:pip3?|python3?|py\.test|pytest|cd|ls|mkdir|echo|export|source|conda|"
    r"poetry|uv|git|cat|touch|chmod|docker|sudo|apt(?:-get)?|brew|make|cp|mv|rm|curl)(?:\s|$)"
)
_OUTPUT = re.compile(
    r"^=+ .*\b(?:passed|failed|errors?|skipped|no tests ran)\b.* =+$|^collected \d+ items?"
    r"|^Traceback \(most recent call last\)|\[\s*\d+%\]$|^(?:PASSED|FAILED|ERROR)\b"
    r"|^platform \w+ -- Python|^\d+ (?:passed|failed)\b"
)
PYTHON_LINE = re.compile(
    r"^\s*(?:async\s+def|def|class|import|from\s+[\w.]+\s+import|assert|@)\b", re.M
)


@dataclass(frozen=True)
class Fence:
    info: str
    body: str
    above: tuple[str, ...]
    """Up to three prose lines above the fence, nearest first."""
    truncated: bool
    reopened: bool = False


def drop_reasoning(text: str, notes: list[str]) -> str:
    """Remove a leading ``<think>`` section: drafts in it are not the answer."""
    opened = text.lstrip().startswith("<think>")
    end = text.find("</think>")
    # Chat templates often eat the opening tag and leave only the closing one.
    if end >= 0 and (opened or "<think>" not in text[:end]):
        notes.append("dropped the reasoning section before </think>")
        return text[end + len("</think>") :]
    if opened:
        notes.append("the output is an unfinished reasoning section (<think> never closed)")
        return ""
    return text


def find_fences(text: str) -> list[Fence]:
    lines = text.split("\n")
    fences: list[Fence] = []
    prose: list[str] = []
    i = 0
    while i < len(lines):
        opened = _opening(lines[i])
        if opened is None:
            prose.append(lines[i])
            i += 1
            continue
        indent, fence, info, pre = opened
        closer = re.compile(rf"\s*{re.escape(fence[0])}{{{len(fence)},}}\s*")
        j, reopened = i + 1, False
        while j < len(lines) and not closer.fullmatch(lines[j]):
            # Models forget a closing fence; an opening one of the same length with a
            # language tag cannot be content, so it ends the block and starts the next.
            m = _REOPEN.fullmatch(lines[j])
            if m and m["fence"] == fence:
                reopened = True
                break
            j += 1
        body = [_dedent(line, indent) for line in lines[i + 1 : j]]
        cut = j >= len(lines)
        # The token limit may stop in the middle of the closing fence itself.
        while cut and body and re.fullmatch(r"\s*(?:`{1,2}|~{1,2})?\s*", body[-1]):
            body.pop()
        above = (pre,) if pre else _lines_above(prose)
        fences.append(Fence(info.strip(), "\n".join(body), above, cut, reopened))
        prose = []
        i = j if reopened else j + 1
    return fences


def per_file(fence: Fence) -> list[Fence]:
    """Split a block in which a file-name comment starts another file after some code."""
    lines = fence.body.split("\n")
    code = next(
        (i for i, line in enumerate(lines) if line.strip()[:1] not in ("", "#")), len(lines)
    )
    cuts = [i for i, line in enumerate(lines) if i > code and _is_file_comment(line)]
    if not cuts:
        return [fence]
    lang, _ = parse_info(fence.info)
    bounds = list(zip([0, *cuts], [*cuts, len(lines)], strict=True))
    return [
        Fence(
            fence.info if start == 0 else lang,
            "\n".join(lines[start:end]),
            fence.above if start == 0 else (),
            fence.truncated and end == len(lines),
        )
        for start, end in bounds
    ]


def _is_file_comment(line: str) -> bool:
    return line.startswith("#") and _COMMENT_NAME.fullmatch(_unquote(line.strip())) is not None


def _unquote(line: str) -> str:
    return re.sub(r"[`*'\"]", "", line)


def _opening(line: str) -> tuple[int, str, str, str] | None:
    """(indent width, fence, info string, prose before the fence) of an opening fence."""
    m = _OPEN.fullmatch(line)
    if m and not (m["fence"][0] == "`" and "`" in m["info"]):
        return len(m["indent"].expandtabs(4)), m["fence"], m["info"], ""
    m = _OPEN_AFTER_PROSE.fullmatch(line)
    if m:
        return 0, m["fence"], m["info"], m["pre"].strip()
    return None


def _dedent(line: str, width: int) -> str:
    i = col = 0
    while i < len(line) and col < width and line[i] in " \t":
        col += 4 - col % 4 if line[i] == "\t" else 1
        i += 1
    return line[i:]


def _lines_above(prose: list[str]) -> tuple[str, ...]:
    """The last non-blank prose lines, nearest first, stopping at a wide gap."""
    found: list[str] = []
    gap = 0
    for line in reversed(prose):
        if line.strip():
            found.append(line.strip())
            gap = 0
        elif (gap := gap + 1) > 2:
            break
        if len(found) == 3:
            break
    return tuple(found)


def file_text(source: str) -> str:
    return source.strip("\n") + "\n"


def parse_info(info: str) -> tuple[str, str | None]:
    """Language and file name of a fence info string (``python title="x.py"``, ``py:x.py``)."""
    text = info.strip().lstrip("{.")
    first = re.split(r"[\s:{}]", text, maxsplit=1)[0]
    lang = "" if first.endswith(".py") or "=" in first else first.lower()
    names = FILE_NAME.findall(info)
    return lang, names[0] if names else None


def not_python(body: str) -> str | None:
    """What a Python-tagged or untagged block holds when it is not a Python file."""
    lines = [line.strip() for line in body.split("\n") if line.strip()]
    if lines[0].startswith(">>>"):
        return "an interactive session"
    if lines[0].startswith("$ ") or lines[0] == "$":
        return "shell commands"
    if any(line.startswith("@@ ") for line in lines) and any(
        line.startswith(("--- ", "+++ ")) for line in lines
    ):
        return "a patch"
    code_lines = [line for line in lines if not line.startswith("#")]
    if code_lines and all(_SHELL.match(line) for line in code_lines):
        return "shell commands"
    if parses(body):
        return None
    # pytest output quotes test code (``    def test_x():``), so look for its markers first.
    if any(_OUTPUT.search(line) for line in lines):
        return "program output"
    return None if PYTHON_LINE.search(body) else "text that is not Python"


def comment_name(body: str) -> str | None:
    for line in body.split("\n")[:4]:
        stripped = line.strip()
        if not stripped or stripped.startswith("#!") or re.match(r"#.*coding[:=]", stripped):
            continue
        m = _COMMENT_NAME.fullmatch(_unquote(stripped))
        return m["name"] if m else None
    return None


def safe_name(raw: str, target: str | None) -> tuple[str | None, str]:
    """(base name, note) for an acceptable name, (None, reason) for a rejected one."""
    if raw.startswith(("/", "\\", "~")) or re.match(r"[A-Za-z]:", raw):
        return None, "absolute path: files may only be written inside the sample directory"
    parts = re.split(r"[\\/]+", raw)
    if ".." in parts:
        return None, "path traversal ('..'): files may only be written inside the sample directory"
    base = parts[-1]
    note = f"{raw}: directory dropped, written as {base}" if len(parts) > 1 else ""
    if base == target:
        return base, note
    stem = base.removesuffix(".py")
    if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", stem) or keyword.iskeyword(stem):
        return None, f"{base} is not a valid Python module name"
    if stem.startswith("__"):
        return None, f"{base} is a reserved name"
    if stem in sys.stdlib_module_names:
        return None, f"{base} would shadow the standard-library module {stem}"
    if stem in TOOLING:
        if stem in AUTOLOADED:
            return None, f"{base} is a file pytest or Python loads on its own"
        return None, f"{base} would shadow {stem}, which the test runner imports"
    return base, note


def is_test_name(name: str) -> bool:
    base = re.split(r"[\\/]", name)[-1]
    return base.startswith("test_") or base.endswith("_test.py")


def module_file(module: str | None) -> str | None:
    if not module:
        return None
    base = re.split(r"[\\/]", module)[-1]
    return base if base.endswith(".py") else f"{base}.py"


def parses(source: str) -> bool:
    try:
        pyast.parse(source)
    except (SyntaxError, ValueError, RecursionError):
        return False
    return True
