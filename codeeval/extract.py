"""Model output → files. Pure: text in, an ``Extraction`` out; nothing is run or written.

Each rule below is pinned by a case in ``tests/test_extract.py``.

Blocks
    Fences of three or more backticks or tildes at any indentation (fences in list
    items), closed by a fence of the same character at least as long; a fence opened at
    the end of a prose line ("run it: ```bash") counts too, and an opening fence with a
    language tag closes a block the model forgot to close. A fence never closed runs to
    the end of the output: what is there is kept, and the file and the extraction are
    flagged ``truncated``. A leading ``<think>`` section is dropped (drafts are not the
    answer); an answer without any fence is used whole if it parses as Python. A block in
    which a file-name comment (``# test_x.py``) follows code is cut there into two files.
    Only Python is extracted: blocks tagged python/py/python3 or untagged. Other
    languages are ignored, and so are untagged shell commands, pytest output, ``>>>``
    sessions and patches. Config blocks (JSON, YAML, TOML, ini) are never written: a
    hostile ``pytest.ini`` or ``pyproject.toml`` could change how pytest runs.

Names
    Strongest first: the fence info string, a comment on the first lines, then a heading,
    bold or "…:" line among the three prose lines above the block, nearest first. A name
    from the prose is used only when it agrees with the block (a test-file name for tests,
    another for code), because prose often mentions the module right above the tests.

Safety
    Absolute paths, ``..`` and names that are not ASCII identifiers + ``.py`` are
    rejected, and so are names that shadow the standard library or pytest's machinery
    (``fractions.py``, ``conftest.py``, ``pytest.py``…): such a file could change what the
    tests or pytest itself import. A rejected file is dropped. A directory in a safe name
    is dropped (``tests/test_x.py`` → ``test_x.py``). The prompt's module name is always
    honoured.

Kinds
    *tests*: defines ``test*`` functions or ``Test*`` classes, or imports pytest and
    asserts. *module*: defines functions or classes. *snippet*: neither; kept only when
    named. ``ast`` decides where the block parses, line patterns where it does not, so a
    syntax error never loses a file (the syntax check comes later). Tests under a name
    that is not a test-file name are renamed; unnamed tests become ``test_<module>.py``.

Module and tests in one block: split
    A tests block that also defines functions or classes and whose tests use nothing
    imported from another file of the answer holds the module too. The module file gets
    everything but the tests; the test file gets the block's imports, ``from <module>
    import *`` (plus explicit imports of private names the tests use) and the tests and
    fixtures. Splitting keeps the model's tests out of the module, so hidden reference
    tests that star-import it do not collect them.

Duplicates
    A named file given twice: the last complete (not cut off) version wins. Unnamed
    blocks: a later block replaces an earlier one of the same kind when both define a
    common top-level name (a "corrected version"); module blocks without common names are
    joined in order as parts of one module. A block that imports the module itself is a
    usage example and is dropped.

Module name
    The prompt's; else the named module file the tests import; else the main named module
    (the one no other file imports); else the name the tests import; else from the test
    file name (``test_x.py`` → ``x.py``); else ``solution.py``. When the prompt names the
    module and the model used another name, the model's file is renamed.

Tests importing the module under another name
    With ``from my_slugify import slugify`` and module ``slugify.py``, an alias file
    ``my_slugify.py`` (role ``other``) is added that puts the real module into
    ``sys.modules`` under the imported name, so attributes, private names and
    ``mock.patch("my_slugify.x")`` reach the real module. The model's tests stay as
    written, and the alias still works when the reference solution replaces the module.
"""

from __future__ import annotations

import ast
import keyword
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from codeeval.analysis import RUNNER_PACKAGES
from codeeval.models import ExtractedFile, Extraction, ExtractStatus, Rejection

Kind = Literal["tests", "module", "combined", "snippet"]
Role = Literal["import", "test", "code"]

# Modules a sample file must never shadow besides the standard library: pytest, what it
# loads at start-up, and files Python or pytest import on their own.
_TOOLING = RUNNER_PACKAGES | {"conftest", "py", "sitecustomize", "usercustomize"}
_AUTOLOADED = frozenset({"conftest", "sitecustomize", "usercustomize"})
_PLACEHOLDERS = frozenset({"solution", "main", "module", "my_module", "mymodule", "your_module"})

_OPEN = re.compile(r"(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})(?P<info>.*)")
_OPEN_AFTER_PROSE = re.compile(
    r"(?P<pre>.*\S)[ \t]*(?<!`)(?P<fence>`{3,})(?P<info>[A-Za-z][\w+.-]*)\s*"
)
_REOPEN = re.compile(
    r"\s*(?P<fence>`{3,}|~{3,})(?:python3?|py|bash|sh|shell|console|text|json|yaml|toml|diff)\b.*",
    re.IGNORECASE,
)
_PY_LANG = re.compile(r"py(?:thon)?[23]?(?:\.\d+)*|ipython3?|", re.IGNORECASE)
_FILE = re.compile(r"(?<![\w.\\/~-])(?:[A-Za-z]:)?[\w.\\/~-]*\w\.py(?!\w)")
_COMMENT_NAME = re.compile(
    r"#+\s*(?:[-=*]+\s*)?(?:(?:file\s*name|file|datei(?:name)?|path|pfad)\s*[:=]?\s*)?"
    r"(?P<name>\S+\.py)(?:\s*(?:[-–—:(|].*)?)?",
    re.IGNORECASE,
)
_LABEL = re.compile(r"(?:datei|file|filename|dateiname|modul|module|tests?|code)\b", re.I)
_SHELL = re.compile(
    r"(?:\$\s*)?(?:pip3?|python3?|py\.test|pytest|cd|ls|mkdir|echo|export|source|conda|"
    r"poetry|uv|git|cat|touch|chmod|docker|sudo|apt(?:-get)?|brew|make|cp|mv|rm|curl)(?:\s|$)"
)
_OUTPUT = re.compile(
    r"^=+ .*\b(?:passed|failed|errors?|skipped|no tests ran)\b.* =+$|^collected \d+ items?"
    r"|^Traceback \(most recent call last\)|\[\s*\d+%\]$|^(?:PASSED|FAILED|ERROR)\b"
    r"|^platform \w+ -- Python|^\d+ (?:passed|failed)\b"
)
_PYTHON_LINE = re.compile(
    r"^\s*(?:async\s+def|def|class|import|from\s+[\w.]+\s+import|assert|@)\b", re.M
)
_HEAD = re.compile(
    r"(?:async\s+)?def\s+(?P<func>\w+)|class\s+(?P<cls>\w+)|(?P<imp>import|from)\s"
    r"|(?P<var>[A-Za-z_]\w*)\s*(?::[^=\n]*)?=(?!=)"
)
_FROM_LINE = re.compile(r"^\s*from\s+([A-Za-z_][\w.]*)\s+import\s+\(?([^)#\n]*)", re.M)
_IMPORT_LINE = re.compile(r"^\s*import\s+([^#\n]+)", re.M)


@dataclass(frozen=True)
class _Fence:
    info: str
    body: str
    above: tuple[str, ...]
    """Up to three prose lines above the fence, nearest first."""
    truncated: bool
    reopened: bool = False


@dataclass(frozen=True)
class _Segment:
    start: int
    """First line, including comments and blank lines since the previous statement."""
    head: int
    """First line of the statement itself (its first decorator)."""
    end: int
    role: Role


@dataclass(frozen=True)
class _Import:
    name: str
    names: frozenset[str]
    """Names taken from the module, or attributes used on it for a plain ``import``."""
    star: bool = False


@dataclass(frozen=True)
class _Code:
    source: str
    segments: tuple[_Segment, ...]
    defs: frozenset[str]
    """Top-level names bound by code that is not a test (functions, classes, assignments)."""
    callables: frozenset[str]
    tests: frozenset[str]
    imports: tuple[_Import, ...]
    asserts: bool

    @property
    def pytest(self) -> bool:
        return any(imp.name == "pytest" for imp in self.imports)


@dataclass
class _Block:
    index: int
    code: _Code
    name: str | None
    kind: Kind
    truncated: bool
    prefix: str = ""
    """For the test half of a split block: the imports that go above the module import."""
    private: tuple[str, ...] | None = None
    """For the test half of a split block: names the star import would not bring."""

    def content(self, module: str) -> str:
        if self.private is None:
            return _text(self.code.source)
        header = (
            "# codeeval: tests split from a block that also held the module\n"
            f"from {module} import *  # noqa: F403"
        )
        if self.private:
            header += f"\nfrom {module} import {', '.join(self.private)}"
        parts = (self.prefix.strip("\n"), header, self.code.source.strip("\n"))
        return _text("\n\n".join(part for part in parts if part))


_Key = Callable[[_Block], frozenset[str]]


def extract(text: str, *, module: str | None = None) -> Extraction:
    """Turn one model output into a module file, test files and helper files.

    Args:
        text: The model's whole answer (Markdown with fenced code blocks).
        module: The module file name the prompt asked for (``"slugify.py"``); it wins
            over any name the model used.

    Returns:
        The files with their roles, the status, rejected names and notes on every
        decision that was not obvious.
    """
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    notes: list[str] = []
    text = _drop_reasoning(text, notes)
    rejections: list[Rejection] = []
    target = _module_file(module)
    fences = _fences(text)
    parts = [part for fence in fences for part in _per_file(fence)]
    if len(parts) > len(fences):
        notes.append("split a block holding several files at their file-name comments")
    fences = parts
    truncated = any(f.truncated for f in fences)
    if truncated:
        notes.append("the output ends inside an unclosed code fence; kept what is there")
    if any(f.reopened for f in fences):
        notes.append("a code fence was not closed before the next one opened; closed it there")
    if not fences and _PYTHON_LINE.search(text) and _parses(text):
        notes.append("no code fence; the whole output is Python")
        fences = [_Fence("", text, (), False)]
    lost: set[Kind] = set()
    found = [_block(i, fence, target, notes, rejections, lost) for i, fence in enumerate(fences)]
    blocks = [b for b in found if b is not None]
    blocks = [
        part
        for block in blocks
        for part in (_split(block, notes) if _is_combined(block, blocks, target) else [block])
    ]
    return _assemble(blocks, target, notes, rejections, lost, truncated)


def _assemble(
    blocks: list[_Block],
    target: str | None,
    notes: list[str],
    rejections: list[Rejection],
    lost: set[Kind],
    truncated: bool,
) -> Extraction:
    for block in blocks:
        if block.kind == "tests" and block.name and not _is_test_name(block.name):
            notes.append(f"{block.name} holds tests; renamed to a test file name")
            block.name = None
    main = target or _infer_module(blocks)
    stem = main.removesuffix(".py")
    if target and not any(b.name == target for b in blocks):
        _adopt(blocks, target, notes)
    mods = []
    for block in blocks:
        if block.kind != "module" or block.name not in (None, main):
            continue
        if any(imp.name == stem for imp in block.code.imports):
            notes.append(f"dropped a block that imports {stem} itself: a usage example")
            continue
        mods.append(block)
    mods = _supersede(mods, lambda b: b.code.defs, "an unnamed module block", notes)
    if len(mods) > 1:
        notes.append(f"joined {len(mods)} code blocks with distinct names into {main}")
    files: list[ExtractedFile] = []
    if mods:
        content = "\n\n".join(b.content(stem).rstrip("\n") for b in mods) + "\n"
        cut = any(b.truncated for b in mods)
        files.append(ExtractedFile(name=main, role="module", content=content, truncated=cut))
    tests = _supersede(
        [b for b in blocks if b.kind == "tests"],
        lambda b: b.code.tests,
        "an unnamed test block",
        notes,
    )
    taken = {main} | {b.name for b in blocks if b.name}
    for block in tests:
        if block.name is None:
            block.name = _free_name(f"test_{stem}", taken)
            taken.add(block.name)
        files.append(_file(block, "tests", stem))
    others = [b for b in blocks if b.name and b.name != main and b.kind != "tests"]
    for block in _supersede(others, lambda b: frozenset(), "a helper file", notes):
        files.append(_file(block, "other", stem))
    dropped = sum(1 for b in blocks if b.name is None and b.kind == "snippet")
    if dropped:
        notes.append(f"ignored {dropped} unnamed snippet(s) without functions or classes")
    if mods:
        files.extend(_aliases(tests, files, mods, stem, notes))
    has_tests = bool(tests)
    status: ExtractStatus = "ok"
    if not mods or not has_tests:
        missing: set[Kind] = {"module", "combined"} if not mods else {"tests", "combined"}
        if missing & lost:
            status = "rejected"
        elif not blocks and not rejections:
            status = "no_code"
        else:
            status = "no_module" if not mods else "no_tests"
    return Extraction(
        status=status,
        files=tuple(files),
        module_name=stem if mods else None,
        truncated=truncated,
        rejections=tuple(rejections),
        notes=tuple(dict.fromkeys(notes)),
    )


# ---------------------------------------------------------------- fences


def _drop_reasoning(text: str, notes: list[str]) -> str:
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


def _fences(text: str) -> list[_Fence]:
    lines = text.split("\n")
    fences: list[_Fence] = []
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
        fences.append(_Fence(info.strip(), "\n".join(body), above, cut, reopened))
        prose = []
        i = j if reopened else j + 1
    return fences


def _per_file(fence: _Fence) -> list[_Fence]:
    """Split a block in which a file-name comment starts another file after some code."""
    lines = fence.body.split("\n")
    code = next(
        (i for i, line in enumerate(lines) if line.strip()[:1] not in ("", "#")), len(lines)
    )
    cuts = [i for i, line in enumerate(lines) if i > code and _is_file_comment(line)]
    if not cuts:
        return [fence]
    lang, _ = _info(fence.info)
    bounds = list(zip([0, *cuts], [*cuts, len(lines)], strict=True))
    return [
        _Fence(
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


def _text(source: str) -> str:
    return source.strip("\n") + "\n"


# ---------------------------------------------------------------- one block


def _block(
    index: int,
    fence: _Fence,
    target: str | None,
    notes: list[str],
    rejections: list[Rejection],
    lost: set[Kind],
) -> _Block | None:
    lang, info_name = _info(fence.info)
    if not _PY_LANG.fullmatch(lang):
        notes.append(f"ignored a block tagged {lang!r}: only Python files are extracted")
        return None
    if not fence.body.strip():
        notes.append("ignored an empty code block")
        return None
    what = _not_python(fence.body)
    if what:
        notes.append(f"ignored a block holding {what}")
        return None
    code = _read(fence.body)
    kind: Kind = "tests" if code.tests or (code.pytest and code.asserts) else "module"
    if kind == "module" and not code.callables:
        kind = "snippet"
    raw = (
        info_name
        or _comment_name(fence.body)
        or next((n for line in fence.above if (n := _context_name(line, kind, code))), None)
    )
    name = None
    if raw:
        name, message = _safe_name(raw, target)
        if name is None:
            rejections.append(Rejection(name=raw, reason=message))
            lost.add(kind if kind != "tests" or not code.callables else "combined")
            return None
        if message:
            notes.append(message)
    return _Block(index, code, name, kind, fence.truncated)


def _info(info: str) -> tuple[str, str | None]:
    """Language and file name of a fence info string (``python title="x.py"``, ``py:x.py``)."""
    text = info.strip().lstrip("{.")
    first = re.split(r"[\s:{}]", text, maxsplit=1)[0]
    lang = "" if first.endswith(".py") or "=" in first else first.lower()
    names = _FILE.findall(info)
    return lang, names[0] if names else None


def _not_python(body: str) -> str | None:
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
    if _parses(body):
        return None
    # pytest output quotes test code (``    def test_x():``), so look for its markers first.
    if any(_OUTPUT.search(line) for line in lines):
        return "program output"
    return None if _PYTHON_LINE.search(body) else "text that is not Python"


def _comment_name(body: str) -> str | None:
    for line in body.split("\n")[:4]:
        stripped = line.strip()
        if not stripped or stripped.startswith("#!") or re.match(r"#.*coding[:=]", stripped):
            continue
        m = _COMMENT_NAME.fullmatch(_unquote(stripped))
        return m["name"] if m else None
    return None


def _context_name(line: str, kind: Kind, code: _Code) -> str | None:
    """A file name from the heading, bold or "…:" line right above a block."""
    text = re.sub(r"^(?:>\s*)*(?:[-*+]\s+|\d+[.)]\s+)?", "", line)
    plain = text.lstrip("#").replace("**", "").replace("`", "").strip()
    names = _FILE.findall(plain)
    labelled = (
        text.startswith(("#", "**", "__"))
        or plain.endswith(":")
        or _LABEL.match(plain) is not None
        or plain in names
    )
    if not labelled:
        return None
    if kind == "tests" and not code.callables:
        names = [n for n in names if _is_test_name(n)]
    elif kind != "tests":
        names = [n for n in names if not _is_test_name(n)]
    else:  # may hold module and tests: the module's name is the useful one
        names = sorted(names, key=_is_test_name)
    return names[0] if names else None


def _safe_name(raw: str, target: str | None) -> tuple[str | None, str]:
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
    if stem in _TOOLING:
        if stem in _AUTOLOADED:
            return None, f"{base} is a file pytest or Python loads on its own"
        return None, f"{base} would shadow {stem}, which the test runner imports"
    return base, note


def _is_test_name(name: str) -> bool:
    base = re.split(r"[\\/]", name)[-1]
    return base.startswith("test_") or base.endswith("_test.py")


def _module_file(module: str | None) -> str | None:
    if not module:
        return None
    base = re.split(r"[\\/]", module)[-1]
    return base if base.endswith(".py") else f"{base}.py"


def _parses(source: str) -> bool:
    try:
        ast.parse(source)
    except (SyntaxError, ValueError, RecursionError):
        return False
    return True


def _local(name: str) -> bool:
    """Whether an import can only be satisfied by a file of the answer."""
    return name not in sys.stdlib_module_names and name not in _TOOLING


# ---------------------------------------------------------------- reading code


def _read(source: str) -> _Code:
    """Top-level structure of a block: ``ast`` when it parses, line patterns otherwise."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError):
        return _read_lines(source)
    heads: list[tuple[int, int, Role]] = []
    defs: set[str] = set()
    callables: set[str] = set()
    tests: set[str] = set()
    for node in tree.body:
        role: Role = "code"
        first = node.lineno
        if isinstance(node, ast.Import | ast.ImportFrom):
            role = "import"
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            first = min([first, *(d.lineno for d in node.decorator_list)])
            fixture = any(_mentions_fixture(d) for d in node.decorator_list)
            if fixture or node.name.startswith(
                "Test" if isinstance(node, ast.ClassDef) else "test"
            ):
                role = "test"
                if not fixture:
                    tests.add(node.name)
            else:
                callables.add(node.name)
                defs.add(node.name)
        elif isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            bound = {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
            role = "test" if "pytestmark" in bound else "code"
            defs.update(bound - {"pytestmark"})
        heads.append((first - 1, node.end_lineno or node.lineno, role))
    attrs: dict[str, set[str]] = {}
    found: list[ast.Import | ast.ImportFrom] = []
    asserts = False
    for n in ast.walk(tree):
        if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name):
            attrs.setdefault(n.value.id, set()).add(n.attr)
        elif isinstance(n, ast.Import | ast.ImportFrom):
            found.append(n)
        asserts = asserts or isinstance(n, ast.Assert) or getattr(n, "attr", "") == "raises"
    imports: list[_Import] = []
    for n in found:
        if isinstance(n, ast.Import):
            for alias in n.names:
                top = alias.name.split(".")[0]
                imports.append(_Import(top, frozenset(attrs.get(alias.asname or top, ()))))
        elif n.level == 0 and n.module:
            imports.append(_from_import(n.module, [alias.name for alias in n.names]))
    segments = _segments(heads, source.count("\n") + 1)
    return _Code(
        source,
        segments,
        frozenset(defs),
        frozenset(callables),
        frozenset(tests),
        tuple(imports),
        asserts,
    )


def _from_import(module: str, names: list[str]) -> _Import:
    if "." in module:  # names of a submodule say nothing about the package itself
        return _Import(module.split(".")[0], frozenset())
    return _Import(module, frozenset(names) - {"*"}, "*" in names)


def _mentions_fixture(decorator: ast.expr) -> bool:
    # ast.walk, not ast.unparse: a long attribute chain would exhaust the recursion limit.
    return any(
        "fixture" in (n.id if isinstance(n, ast.Name) else getattr(n, "attr", ""))
        for n in ast.walk(decorator)
    )


def _read_lines(source: str) -> _Code:
    """The same facts for a block that does not parse (cut off, or a syntax error)."""
    lines = source.split("\n")
    heads: list[tuple[int, int, Role]] = []
    defs: set[str] = set()
    callables: set[str] = set()
    tests: set[str] = set()
    in_string = False
    decorated: int | None = None
    for i, line in enumerate(lines):
        starts = (
            not in_string
            and line[:1] not in ("", " ", "\t", "#", ")", "]", "}")
            and not re.match(r"(?:else|elif|except|finally)\b", line)
        )
        if line.count('"""') % 2 or line.count("'''") % 2:
            in_string = not in_string
        if not starts:
            continue
        if line.startswith("@"):
            decorated = i if decorated is None else decorated
            continue
        first, decorated = (i if decorated is None else decorated), None
        m = _HEAD.match(line)
        role: Role = "code"
        name = (m["func"] or m["cls"]) if m else None
        if m and name:
            fixture = "fixture" in "\n".join(lines[first:i])
            if fixture or name.startswith("Test" if m["cls"] else "test"):
                role = "test"
                if not fixture:
                    tests.add(name)
            else:
                callables.add(name)
                defs.add(name)
        elif m and m["imp"]:
            role = "import"
        elif m and m["var"]:
            defs.add(m["var"])
        heads.append((first, i + 1, role))
    # Without an AST the end of a statement is unknown: each one runs to the next.
    ends = [h[0] for h in heads[1:]] + [len(lines)]
    heads = [(first, end, role) for (first, _, role), end in zip(heads, ends, strict=True)]
    found: list[tuple[int, _Import]] = []
    for m in _FROM_LINE.finditer(source):
        names = [p.strip().split(" ")[0] for p in m[2].split(",")]
        found.append((m.start(), _from_import(m[1], [n for n in names if n])))
    for m in _IMPORT_LINE.finditer(source):
        for part in m[1].split(","):
            dotted, _, alias = part.strip().partition(" as ")
            top = dotted.split(".")[0].strip()
            bound = alias.strip() or top
            if top.isidentifier():
                used = re.findall(rf"\b{re.escape(bound)}\.(\w+)", source)
                found.append((m.start(), _Import(top, frozenset(used))))
    asserts = re.search(r"^\s*assert\b|\braises\(", source, re.M) is not None
    imports = tuple(imp for _, imp in sorted(found, key=lambda pair: pair[0]))
    return _Code(
        source,
        _segments(heads, len(lines)),
        frozenset(defs),
        frozenset(callables),
        frozenset(tests),
        imports,
        asserts,
    )


def _segments(heads: list[tuple[int, int, Role]], total: int) -> tuple[_Segment, ...]:
    """Statements as line ranges; comments and blank lines go with the statement below."""
    segments: list[_Segment] = []
    previous = 0
    for head, end, role in heads:
        segments.append(_Segment(previous, head, end, role))
        previous = end
    if segments:
        last = segments[-1]
        segments[-1] = _Segment(last.start, last.head, total, last.role)
    return tuple(segments)


# ---------------------------------------------------------------- combined blocks


def _is_combined(block: _Block, blocks: list[_Block], target: str | None) -> bool:
    """Tests that define their own code and take nothing from another file of the answer."""
    if block.kind != "tests" or not block.code.callables:
        return False
    siblings = {b.name.removesuffix(".py") for b in blocks if b.name and b is not block}
    if target:
        siblings.add(target.removesuffix(".py"))
    lines = block.code.source.split("\n")
    test_text = "\n".join(
        "\n".join(lines[s.head : s.end]) for s in block.code.segments if s.role == "test"
    )
    used = set(re.findall(r"[A-Za-z_]\w*", test_text))
    for imp in block.code.imports:
        if not _local(imp.name):
            continue
        # A test that calls what it imports tests another file; a combined block's own
        # imports serve its module part (a third-party helper, say).
        if imp.name in siblings or imp.star or imp.names & used or imp.name in used:
            return False
    return True


def _split(block: _Block, notes: list[str]) -> list[_Block]:
    lines = block.code.source.split("\n")
    module: list[str] = []
    imports: list[str] = []
    tests: list[str] = []
    for seg in block.code.segments:
        if seg.role == "test":
            tests.extend(lines[seg.start : seg.end])
            continue
        module.extend(lines[seg.start : seg.end])
        if seg.role == "import":
            imports.extend(lines[seg.head : seg.end])
    module_code = _read("\n".join(module))
    test_code = _read("\n".join(tests))
    used = set(re.findall(r"[A-Za-z_]\w*", test_code.source))
    restricted = "__all__" in module_code.defs
    private = sorted(n for n in used & module_code.defs if restricted or n.startswith("_"))
    cut_tests = block.code.segments[-1].role == "test"
    named_tests = block.name is not None and _is_test_name(block.name)
    notes.append("split a block holding both module and tests")
    return [
        _Block(
            block.index,
            module_code,
            None if named_tests else block.name,
            "module",
            block.truncated and not cut_tests,
        ),
        _Block(
            block.index,
            test_code,
            block.name if named_tests else None,
            "tests",
            block.truncated and cut_tests,
            prefix="\n".join(imports),
            private=tuple(private),
        ),
    ]


# ---------------------------------------------------------------- choosing files


def _infer_module(blocks: list[_Block]) -> str:
    """The module's file name when the prompt does not give one."""
    imported = [
        imp for b in blocks if b.kind == "tests" for imp in b.code.imports if _local(imp.name)
    ]
    named = list(
        dict.fromkeys(
            b.name for b in blocks if b.kind == "module" and b.name and not _is_test_name(b.name)
        )
    )
    for name in named:
        if any(imp.name == name.removesuffix(".py") for imp in imported):
            return name
    # Helpers are imported by the main module; the main module by nobody.
    helpers = {imp.name for b in blocks if b.name in named for imp in b.code.imports}
    mains = [n for n in named if n.removesuffix(".py") not in helpers]
    if mains or named:
        return (mains or named)[0]
    defs = {d for b in blocks if b.kind == "module" for d in b.code.defs}
    for imp in imported:
        if imp.star or imp.names & defs:
            return f"{imp.name}.py"
    if imported:
        return f"{imported[0].name}.py"
    for block in blocks:
        if block.kind == "tests" and block.name:
            stem = block.name.removesuffix(".py").removeprefix("test_").removesuffix("_test")
            safe, _ = _safe_name(f"{stem}.py", None)
            if safe:
                return safe
    return "solution.py"


def _adopt(blocks: list[_Block], target: str, notes: list[str]) -> None:
    """Give the prompt's module name to the model's differently named module file."""
    named = [b.name for b in blocks if b.kind == "module" and b.name and not _is_test_name(b.name)]
    if not named:
        return
    imported = {imp.name for b in blocks if b.kind == "tests" for imp in b.code.imports}
    pick = next((n for n in named if n.removesuffix(".py") in imported), None)
    if pick is None and not any(b.kind == "module" and b.name is None for b in blocks):
        pick = _infer_module(blocks)
    if pick is None:
        return
    notes.append(f"the prompt asks for {target}; the model's {pick} is used under that name")
    for block in blocks:
        if block.name == pick:
            block.name = target


def _supersede(blocks: list[_Block], key: _Key, what: str, notes: list[str]) -> list[_Block]:
    """Apply the duplicate rules: the later complete version of a file replaces earlier ones."""
    kept: list[_Block] = []
    for block in blocks:
        same = [
            k
            for k in kept
            if (k.name is not None and k.name == block.name)
            or ((k.name is None or block.name is None) and key(k) & key(block))
        ]
        if not same:
            kept.append(block)
            continue
        label = block.name or next((k.name for k in same if k.name), None) or what
        if block.truncated and not all(k.truncated for k in same):
            notes.append(f"{label} appears again but cut off; kept the earlier complete version")
            continue
        notes.append(f"{label} appears more than once; kept the later version")
        block.name = block.name or next((k.name for k in same if k.name), None)
        at = kept.index(same[0])
        kept = [k for k in kept if k not in same]
        kept.insert(at, block)
    return kept


def _free_name(base: str, taken: set[str]) -> str:
    name, n = f"{base}.py", 2
    while name in taken:
        name, n = f"{base}_{n}.py", n + 1
    return name


def _file(block: _Block, role: Literal["tests", "other"], module: str) -> ExtractedFile:
    assert block.name is not None  # callers name every block first
    return ExtractedFile(
        name=block.name, role=role, content=block.content(module), truncated=block.truncated
    )


def _aliases(
    tests: list[_Block],
    files: list[ExtractedFile],
    mods: list[_Block],
    stem: str,
    notes: list[str],
) -> list[ExtractedFile]:
    """Alias files for names under which the tests import the module."""
    present = {f.name.removesuffix(".py") for f in files}
    defs = {d for b in mods for d in b.code.defs}
    aliases: list[ExtractedFile] = []
    for imp in (imp for block in tests for imp in block.code.imports):
        if not _local(imp.name) or imp.name in present:
            continue
        if not (imp.star or imp.names & defs or imp.name in _PLACEHOLDERS):
            notes.append(f"the tests import {imp.name}, which is not a file of the answer")
            continue
        present.add(imp.name)
        notes.append(f"the tests import {imp.name} but the module is {stem}.py: added an alias")
        content = (
            f'"""Written by codeeval: the tests import {imp.name}, the module is {stem}.py."""\n\n'
            f"import importlib\nimport sys\n\n"
            f"sys.modules[__name__] = importlib.import_module({stem!r})\n"
        )
        aliases.append(ExtractedFile(name=f"{imp.name}.py", role="other", content=content))
    return aliases
