"""Static analysis of extracted files: syntax, test count, imports. Pure; never runs code.

Syntax is checked by parsing and compiling each file (compiling does not execute it), so
errors pytest would hit at collection — including those only the compiler reports — show
up here as ``"file.py:LINE: message"``.

The test count is a *lower bound* on what pytest must report for the model's own test
files. A report with fewer tests is treated as tampered with, so counting one test too
many would turn an honest run into a rejected one. Every rule below therefore errs on the
side of counting less:

* only module-level ``test*`` functions and ``test*`` methods directly in a ``Test*`` class
  body are counted; nested functions and tests inside ``if``/``try`` blocks are not;
* a name bound twice counts once, and a test name later rebound by an assignment, an
  import, a class or ``del`` does not count (pytest only sees the final binding);
* ``unittest.TestCase`` subclasses are collected whatever their name;
* a ``Test*`` class is counted only when neither it nor a base class defined in the file
  has ``__init__``/``__new__`` (pytest refuses to collect those), when every base is known
  (``object``, ``unittest.TestCase`` or a class of the same file), and when it does not set
  ``__test__ = False``;
* a decorated test counts only if every decorator is one known to keep the function
  collectable (``pytest.mark.*``, hypothesis, ``mock.patch``); fixtures never count;
* a file that may skip itself at import (a module-level ``pytest.skip`` or
  ``pytest.importorskip``) counts 0: pytest then reports the whole file as one skip.
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterable, Iterator

from codeeval import pyast
from codeeval.models import Extraction, StaticAnalysis

_HYPOTHESIS = ("given", "settings", "example", "seed")

RUNNER_PACKAGES: frozenset[str] = frozenset(
    {
        "pytest",
        "_pytest",
        "pluggy",
        "iniconfig",
        "packaging",
        "pytest_timeout",
        "hypothesis",
        "sortedcontainers",
        "attr",
        "attrs",
        "exceptiongroup",
        "_hypothesis_pytestplugin",
    }
)
"""Top-level import names installed in the runner image (pytest and its dependencies)."""

# Decorators that leave a test function collectable by pytest; anything else might
# replace the function with an object pytest does not collect.
_KEEPS_TEST = ("pytest.mark.", "mark.", "patch.", "mock.patch.", "unittest.mock.patch.")
_KEEPS_TEST_EXACT = frozenset(
    {"patch", "mock.patch", "unittest.mock.patch", "staticmethod", "classmethod"}
    | {f"{prefix}{name}" for prefix in ("", "hypothesis.") for name in _HYPOTHESIS}
)
_TESTCASES = frozenset({"TestCase", "IsolatedAsyncioTestCase"})
_KNOWN_BASES = frozenset(
    {"object"} | {f"{prefix}{name}" for prefix in ("", "unittest.") for name in _TESTCASES}
)
# Calls that end or block an import when demo code runs them at module level.
_HAZARDS = {
    "input": "input() reads standard input at import",
    "sys.exit": "sys.exit() at import",
    "exit": "exit() at import",
    "quit": "quit() at import",
    "os._exit": "os._exit() at import",
    "sys.stdin.read": "reads sys.stdin at import",
    "sys.stdin.readline": "reads sys.stdin at import",
    "sys.stdin.readlines": "reads sys.stdin at import",
}
_SKIPS = frozenset({"skip", "importorskip"})
_IMPORT_GUARDS = frozenset({"ImportError", "ModuleNotFoundError", "Exception"})

_IMPORT_LINE = re.compile(r"^\s*import\s+([^#\n]+)", re.MULTILINE)
_FROM_LINE = re.compile(r"^\s*from\s+([A-Za-z_]\w*)[\w.]*\s+import\b", re.MULTILINE)


def count_test_functions(source: str) -> int:
    """Count the tests pytest will at least report for one test file.

    Args:
        source: Python source of a test file.

    Returns:
        The number of unique collectable test functions and methods, 0 when the source
        does not parse.
    """
    tree = _parse(source)
    if tree is None or _skips_module(tree):
        return 0
    found: dict[str, int] = {}
    classes: dict[str, ast.ClassDef] = {}
    for node in tree.body:
        for name in _rebound_names(node):
            found.pop(name, None)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            if node.name.startswith("test") and _collectable(node):
                found[node.name] = 1
        elif isinstance(node, ast.ClassDef):
            classes[node.name] = node
            named = node.name.startswith("Test") or _is_unittest(node, classes, frozenset())
            if named and _class_collectable(node, classes, frozenset()):
                found[node.name] = len(_test_methods(node))
    return sum(found.values())


def import_hazards(source: str, name: str = "module.py") -> list[str]:
    """Module-level code that stops an import: reading stdin, exiting, ``input()``.

    Demo code at the top of a module (``n = int(input())``, ``sys.exit(main())``) runs
    when the tests import it and ends that import; the suites then report a collection
    error. Function and class bodies and ``if __name__ == "__main__":`` blocks do not run
    at import and are not searched.

    Returns:
        One ``"module.py:LINE: what"`` per hazard, in line order.
    """
    tree = _parse(source)
    if tree is None:
        return []
    found: list[tuple[int, str]] = []
    todo: list[ast.AST] = [n for n in tree.body if not _main_guard(n)]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            continue
        if isinstance(node, ast.ClassDef):
            todo.extend(node.body)
            continue
        if isinstance(node, ast.Call):
            what = _HAZARDS.get(_dotted(node.func))
            if what:
                found.append((node.lineno, what))
        elif isinstance(node, ast.Attribute) and _dotted(node) == "sys.stdin":
            found.append((node.lineno, "reads sys.stdin at import"))
            continue
        elif (
            isinstance(node, ast.Raise)
            and node.exc is not None
            and _dotted(node.exc).split(".")[-1] == "SystemExit"
        ):
            found.append((node.lineno, "raises SystemExit at import"))
        todo.extend(ast.iter_child_nodes(node))
    return [f"{name}:{line}: {what}" for line, what in sorted(set(found))]


def analyse(extraction: Extraction) -> StaticAnalysis:
    """Check syntax, count the model's own tests and list imports of all extracted files.

    Args:
        extraction: The files the parser found.

    Returns:
        The static facts; ``unavailable_imports`` lists hard (unguarded) imports that are
        neither standard library, nor installed in the runner, nor a file of the sample.
    """
    errors: list[str] = []
    imports: set[str] = set()
    hard: set[str] = set()
    hazards: list[str] = []
    tests = 0
    for file in extraction.files:
        try:
            tree = pyast.parse(file.content)
            # Compiling (never running) also finds what only the compiler rejects:
            # ``return`` outside a function, a late ``from __future__`` import.
            pyast.compile_tree(tree, file.name)
        except SyntaxError as exc:
            errors.append(f"{file.name}:{exc.lineno or 0}: {exc.msg}")
            found = _imports_by_regex(file.content)
            imports.update(found)
            hard.update(found)
            continue
        except (ValueError, RecursionError) as exc:
            # Null bytes raise ValueError on 3.11; absurd nesting exhausts the recursion limit.
            errors.append(f"{file.name}:0: {exc}")
            continue
        for name, guarded in _imports(tree.body, guarded=False):
            imports.add(name)
            if not guarded:
                hard.add(name)
        if file.role == "tests":
            tests += count_test_functions(file.content)
        elif file.role == "module":
            hazards.extend(import_hazards(file.content, file.name))
    own = {file.name.removesuffix(".py") for file in extraction.files}
    unavailable = {
        name
        for name in hard
        if name not in sys.stdlib_module_names and name not in RUNNER_PACKAGES and name not in own
    }
    return StaticAnalysis(
        syntax_ok=not errors,
        syntax_errors=tuple(errors),
        test_functions=tests,
        imports=tuple(sorted(imports)),
        unavailable_imports=tuple(sorted(unavailable)),
        import_hazards=tuple(hazards),
    )


def _main_guard(node: ast.AST) -> bool:
    if not isinstance(node, ast.If) or not isinstance(node.test, ast.Compare):
        return False
    parts = [node.test.left, *node.test.comparators]
    names = {p.id for p in parts if isinstance(p, ast.Name)}
    values = {p.value for p in parts if isinstance(p, ast.Constant)}
    return names == {"__name__"} and values == {"__main__"}


def _is_unittest(cls: ast.ClassDef, classes: dict[str, ast.ClassDef], seen: frozenset[str]) -> bool:
    """Whether a class derives from ``unittest.TestCase``, directly or through the file's."""
    for base in cls.bases:
        name = _dotted(base)
        if name.split(".")[-1] in _TESTCASES:
            return True
        parent = classes.get(name)
        if parent is not None and name not in seen and _is_unittest(parent, classes, seen | {name}):
            return True
    return False


def _parse(source: str) -> ast.Module | None:
    try:
        return pyast.parse(source)
    except (SyntaxError, ValueError, RecursionError):
        return None


def _dotted(node: ast.expr) -> str:
    """``pytest.mark.skip`` for the expression ``pytest.mark.skip(...)``; '' if not a name."""
    # A loop, not recursion: a decorator can be an attribute chain hundreds of levels deep.
    parts: list[str] = []
    while True:
        if isinstance(node, ast.Call):
            node = node.func
        elif isinstance(node, ast.Attribute):
            parts.append(node.attr)
            node = node.value
        elif isinstance(node, ast.Name):
            return ".".join([node.id, *reversed(parts)])
        else:
            return ""


def _skips_module(tree: ast.Module) -> bool:
    """A module-level ``pytest.skip``/``importorskip`` can skip every test of the file."""
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            continue
        for sub in ast.walk(node):
            if isinstance(sub, ast.Call) and _dotted(sub.func).split(".")[-1] in _SKIPS:
                return True
    return False


def _collectable(func: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    for decorator in func.decorator_list:
        name = _dotted(decorator)
        if "fixture" in name:
            return False
        if not (name in _KEEPS_TEST_EXACT or name.startswith(_KEEPS_TEST)):
            return False
    return True


def _rebound_names(node: ast.stmt) -> Iterator[str]:
    """Names a statement binds that would replace an earlier test function or class."""
    targets: list[ast.expr] = []
    if isinstance(node, ast.Assign):
        targets = list(node.targets)
    elif isinstance(node, ast.AnnAssign | ast.AugAssign):
        targets = [node.target]
    elif isinstance(node, ast.Delete):
        targets = list(node.targets)
    elif isinstance(node, ast.Import | ast.ImportFrom):
        for alias in node.names:
            yield (alias.asname or alias.name).split(".")[0]
    elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        yield node.name
    for target in targets:
        for sub in ast.walk(target):
            if isinstance(sub, ast.Name):
                yield sub.id
            # ``test_x.__test__ = False`` hides the test from pytest.
            if isinstance(sub, ast.Attribute) and isinstance(sub.value, ast.Name):
                yield sub.value.id


def _defines(cls: ast.ClassDef, name: str) -> bool:
    for node in cls.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name == name:
            return True
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == name for t in node.targets
        ):
            return True
    return False


def _class_collectable(
    cls: ast.ClassDef, classes: dict[str, ast.ClassDef], seen: frozenset[str]
) -> bool:
    if _defines(cls, "__init__") or _defines(cls, "__new__") or _defines(cls, "__test__"):
        return False
    seen = seen | {cls.name}
    for base in cls.bases:
        name = _dotted(base)
        if name in _KNOWN_BASES:
            continue
        parent = classes.get(name)
        # A redefined class can name itself as base; give up rather than loop.
        if parent is None or name in seen or not _class_collectable(parent, classes, seen):
            return False
    return not cls.keywords  # a metaclass could change anything


def _test_methods(cls: ast.ClassDef) -> set[str]:
    methods: set[str] = set()
    for node in cls.body:
        for name in _rebound_names(node):
            methods.discard(name)
        if (
            isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            and node.name.startswith("test")
            and _collectable(node)
        ):
            methods.add(node.name)
    return methods


def _imports(body: Iterable[ast.stmt], *, guarded: bool) -> Iterator[tuple[str, bool]]:
    """Absolute imports as (top-level name, guarded); guarded means a failure is handled."""
    for node in body:
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name.split(".")[0], guarded
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0 and node.module:
                yield node.module.split(".")[0], guarded
        elif isinstance(node, ast.Try | ast.TryStar):
            catches = any(_catches_import_error(h) for h in node.handlers)
            yield from _imports(node.body, guarded=guarded or catches)
            for handler in node.handlers:
                yield from _imports(handler.body, guarded=guarded)
            yield from _imports(node.orelse + node.finalbody, guarded=guarded)
        elif isinstance(node, ast.If) and "TYPE_CHECKING" in _dotted(node.test):
            # Never executed at run time, so a missing package there does no harm.
            yield from _imports(node.body, guarded=True)
            yield from _imports(node.orelse, guarded=guarded)
        else:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.stmt):
                    yield from _imports([child], guarded=guarded)
                elif isinstance(child, ast.ExceptHandler | ast.match_case):
                    yield from _imports(child.body, guarded=guarded)


def _catches_import_error(handler: ast.ExceptHandler) -> bool:
    if handler.type is None:
        return True
    kinds = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return any(_dotted(kind).split(".")[-1] in _IMPORT_GUARDS for kind in kinds)


def _imports_by_regex(source: str) -> set[str]:
    """Best-effort imports of a file that does not parse, so a missing package still shows."""
    names = set(_FROM_LINE.findall(source))
    for match in _IMPORT_LINE.finditer(source):
        for part in match.group(1).split(","):
            word = part.strip().split(" ")[0].split(".")[0]
            if word.isidentifier():
                names.add(word)
    return names


def names_imported_from(source: str, modules: Iterable[str]) -> set[str]:
    """Names a test file takes from ``modules`` at its top level (``from m import a, b``).

    Only top-level imports count: one that fails stops the whole file, so nothing in it
    says anything about the module it runs against. Star imports take no name.
    """
    tree = _parse(source)
    wanted = set(modules)
    if tree is None:
        return set()
    found: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module in wanted:
            found.update(a.name for a in node.names if a.name != "*")
    return found


def names_defined(source: str) -> set[str] | None:
    """Top-level names a module binds, or None when that cannot be known statically (a
    syntax error, a star import, or a module-level ``__getattr__``)."""
    tree = _parse(source)
    if tree is None:
        return None
    names: set[str] = set()
    pending: list[ast.stmt] = list(tree.body)
    while pending:
        node = pending.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Import):
            names.update((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if any(a.name == "*" for a in node.names):
                return None
            names.update(a.asname or a.name for a in node.names)
        elif isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names.update(n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name))
        elif isinstance(node, ast.If | ast.Try | ast.With | ast.For | ast.While):
            for field in ("body", "orelse", "finalbody", "handlers"):
                for child in getattr(node, field, ()):
                    pending.extend(child.body if isinstance(child, ast.ExceptHandler) else [child])
    if "__getattr__" in names:
        return None
    return names
