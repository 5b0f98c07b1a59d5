"""The top-level structure of one Python block: statements, names, imports, tests.

``ast`` decides where the block parses; line patterns where it does not (a cut-off or
broken block), so a syntax error never loses a file. Pure helpers of ``codeeval.extract``.
"""

from __future__ import annotations

import ast
import re
import sys
from dataclasses import dataclass
from typing import Literal

from codeeval import pyast
from codeeval.fences import TOOLING

Role = Literal["import", "test", "main", "code"]
"""``main``: an ``if __name__ == "__main__":`` block, the script part of an answer."""

# pytest's own fixtures: a ``test*`` function taking only these (or fixtures of its own
# block) is a test even when it returns something.
_BUILTIN_FIXTURES = frozenset(
    {
        "cache",
        "capfd",
        "capfdbinary",
        "caplog",
        "capsys",
        "capsysbinary",
        "doctest_namespace",
        "monkeypatch",
        "pytestconfig",
        "record_property",
        "record_testsuite_property",
        "record_xml_attribute",
        "recwarn",
        "request",
        "subtests",
        "testdir",
        "tmp_path",
        "tmp_path_factory",
        "tmpdir",
        "tmpdir_factory",
    }
)
_MAIN_GUARD = re.compile(
    r"if\s+(?:__name__\s*==\s*['\"]__main__['\"]|['\"]__main__['\"]\s*==\s*__name__)"
)

_HEAD = re.compile(
    r"(?:async\s+)?def\s+(?P<func>\w+)|class\s+(?P<cls>\w+)|(?P<imp>import|from)\s"
    r"|(?P<var>[A-Za-z_]\w*)\s*(?::[^=\n]*)?=(?!=)"
)
_FROM_LINE = re.compile(r"^\s*from\s+([A-Za-z_][\w.]*)\s+import\s+\(?([^)#\n]*)", re.M)
_IMPORT_LINE = re.compile(r"^\s*import\s+([^#\n]+)", re.M)


@dataclass(frozen=True)
class Segment:
    start: int
    """First line, including comments and blank lines since the previous statement."""
    head: int
    """First line of the statement itself (its first decorator)."""
    end: int
    role: Role
    names: frozenset[str] = frozenset()
    """Top-level names the statement binds."""


@dataclass(frozen=True)
class ImportInfo:
    name: str
    names: frozenset[str]
    """Names taken from the module, or attributes used on it for a plain ``import``."""
    star: bool = False
    dotted: str = ""
    """The whole dotted path when a submodule is imported (``src.slugify``), else empty."""


@dataclass(frozen=True)
class Code:
    source: str
    segments: tuple[Segment, ...]
    defs: frozenset[str]
    """Top-level names bound by code that is not a test (functions, classes, assignments)."""
    callables: frozenset[str]
    tests: frozenset[str]
    imports: tuple[ImportInfo, ...]
    asserts: bool

    @property
    def pytest(self) -> bool:
        return any(imp.name == "pytest" for imp in self.imports)


def read_code(source: str, entry_point: str | None = None) -> Code:
    """Top-level structure of a block: ``ast`` when it parses, line patterns otherwise.

    Args:
        source: The block's code.
        entry_point: The function the prompt asks for: never taken for a test, even
            when its name starts with ``test``.
    """
    try:
        tree = pyast.parse(source)
    except (SyntaxError, ValueError, RecursionError):
        return _read_lines(source)
    heads: list[tuple[int, int, Role, frozenset[str]]] = []
    defs: set[str] = set()
    callables: set[str] = set()
    tests: set[str] = set()
    fixtures = _BUILTIN_FIXTURES | {
        node.name
        for node in tree.body
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and any(_mentions_fixture(d) for d in node.decorator_list)
    }
    for node in tree.body:
        role: Role = "code"
        first = node.lineno
        bound: set[str] = set()
        if isinstance(node, ast.Import | ast.ImportFrom):
            role = "import"
            bound = {(a.asname or a.name).split(".")[0] for a in node.names} - {"*"}
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            first = min([first, *(d.lineno for d in node.decorator_list)])
            bound = {node.name}
            fixture = any(_mentions_fixture(d) for d in node.decorator_list)
            if fixture or _is_test(node, fixtures, entry_point):
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
        elif isinstance(node, ast.If) and _MAIN_GUARD.match(f"if {ast.unparse(node.test)}"):
            role = "main"
        heads.append((first - 1, node.end_lineno or node.lineno, role, frozenset(bound)))
    attrs: dict[str, set[str]] = {}
    found: list[ast.Import | ast.ImportFrom] = []
    asserts = False
    for n in ast.walk(tree):
        if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name):
            attrs.setdefault(n.value.id, set()).add(n.attr)
        elif isinstance(n, ast.Import | ast.ImportFrom):
            found.append(n)
        asserts = asserts or isinstance(n, ast.Assert) or getattr(n, "attr", "") == "raises"
    imports: list[ImportInfo] = []
    for n in found:
        if isinstance(n, ast.Import):
            for alias in n.names:
                top = alias.name.split(".")[0]
                used = frozenset(attrs.get(alias.asname or top, ()))
                dotted = alias.name if "." in alias.name else ""
                imports.append(ImportInfo(top, used, dotted=dotted))
        elif n.level == 0 and n.module:
            imports.append(_from_import(n.module, [alias.name for alias in n.names]))
    segments = _segments(heads, source.count("\n") + 1)
    return Code(
        source,
        segments,
        frozenset(defs),
        frozenset(callables),
        frozenset(tests),
        tuple(imports),
        asserts,
    )


def _is_test(
    node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef,
    fixtures: frozenset[str],
    entry_point: str | None,
) -> bool:
    """Whether pytest would take a top-level definition for a test the model wrote.

    ``unittest.TestCase`` classes are tests whatever their name. A ``test*`` function
    that takes arguments no fixture provides and returns a value is module code (MBPP's
    ``test_duplicate(arraynums)``), and so is the prompt's entry point.
    """
    if node.name == entry_point:
        return False
    if isinstance(node, ast.ClassDef):
        return node.name.startswith("Test") or any(
            _dotted(base).endswith("TestCase") for base in node.bases
        )
    if not node.name.startswith("test"):
        return False
    params = [a.arg for a in (*node.args.posonlyargs, *node.args.args)]
    if node.decorator_list or not params or set(params) <= fixtures:
        return True
    return not _returns_value(node)


def _returns_value(func: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    todo: list[ast.AST] = list(func.body)
    while todo:
        node = todo.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda):
            continue
        if (
            isinstance(node, ast.Return)
            and node.value is not None
            and not (isinstance(node.value, ast.Constant) and node.value.value is None)
        ):
            return True
        todo.extend(ast.iter_child_nodes(node))
    return False


def _dotted(node: ast.expr) -> str:
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    return ".".join([node.id, *reversed(parts)]) if isinstance(node, ast.Name) else ""


def _from_import(module: str, names: list[str]) -> ImportInfo:
    if "." in module:  # names of a submodule say nothing about the package itself
        return ImportInfo(module.split(".")[0], frozenset(), dotted=module)
    return ImportInfo(module, frozenset(names) - {"*"}, "*" in names)


def _mentions_fixture(decorator: ast.expr) -> bool:
    # ast.walk, not ast.unparse: a long attribute chain would exhaust the recursion limit.
    return any(
        "fixture" in (n.id if isinstance(n, ast.Name) else getattr(n, "attr", ""))
        for n in ast.walk(decorator)
    )


def _read_lines(source: str) -> Code:
    """The same facts for a block that does not parse (cut off, or a syntax error)."""
    lines = source.split("\n")
    heads: list[tuple[int, int, Role, frozenset[str]]] = []
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
        unittest = m is not None and m["cls"] is not None and "TestCase" in line
        if m and name:
            fixture = "fixture" in "\n".join(lines[first:i])
            if fixture or unittest or name.startswith("Test" if m["cls"] else "test"):
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
        elif _MAIN_GUARD.match(line):
            role = "main"
        bound = name or (m["var"] if m else None)
        heads.append((first, i + 1, role, frozenset({bound} if bound else ())))
    # Without an AST the end of a statement is unknown: each one runs to the next.
    ends = [h[0] for h in heads[1:]] + [len(lines)]
    heads = [(h[0], end, h[2], h[3]) for h, end in zip(heads, ends, strict=True)]
    found: list[tuple[int, ImportInfo]] = []
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
                found.append((m.start(), ImportInfo(top, frozenset(used))))
    asserts = re.search(r"^\s*assert\b|\braises\(", source, re.M) is not None
    imports = tuple(imp for _, imp in sorted(found, key=lambda pair: pair[0]))
    return Code(
        source,
        _segments(heads, len(lines)),
        frozenset(defs),
        frozenset(callables),
        frozenset(tests),
        imports,
        asserts,
    )


def _segments(
    heads: list[tuple[int, int, Role, frozenset[str]]], total: int
) -> tuple[Segment, ...]:
    """Statements as line ranges; comments and blank lines go with the statement below."""
    segments: list[Segment] = []
    previous = 0
    for head, end, role, names in heads:
        segments.append(Segment(previous, head, end, role, names))
        previous = end
    if segments:
        last = segments[-1]
        segments[-1] = Segment(last.start, last.head, total, last.role, last.names)
    return tuple(segments)


def is_local(name: str) -> bool:
    """Whether an import can only be satisfied by a file of the answer."""
    return name not in sys.stdlib_module_names and name not in TOOLING
