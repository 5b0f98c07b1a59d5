"""Hallucination signals in a coding output. Never runs the model's code.

Three signals, each with the evidence that fired it:

* **unknown imports** — modules that are neither standard library, nor installed in the
  runner image, nor one of the output's own files (from the static analysis);
* **missing attributes** — ``json.loadz(...)`` or ``from os import pathh``: a name looked
  up on a *standard-library* module that the real module does not have. Only standard
  library modules are imported to check, in codeeval's own process (importing them runs
  no model code); those with side effects on import are listed in ``signals.toml`` and
  skipped, and so are names the output rebinds itself;
* **measured numbers** — a number with a unit (``0.3 ms``, ``4x``, ``12 %``) in the prose
  outside code blocks, in a sentence that presents it as measured (``benchmarked``,
  ``runs in``, ``gemessen``). The cue lists live in ``signals.toml``.

A signal is a reason for a person to look, not a verdict: absence proves nothing.
"""

from __future__ import annotations

import ast
import importlib
import re
import sys
import types
from functools import lru_cache

from codeeval import pyast
from codeeval.models import Extraction, StaticAnalysis
from codeeval.rubrics import Signals

_FENCE = re.compile(r"^\s*(```|~~~).*?(^\s*\1\s*$|\Z)", re.MULTILINE | re.DOTALL)
_DECADE = re.compile(r"^(?:1\d|20)\d0s$")
"""``1990s`` is a decade, not 1990 seconds."""
_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n{2,}|\n(?=\s*[-*•]\s)")


def unknown_imports(analysis: StaticAnalysis | None) -> list[str]:
    if analysis is None:
        return []
    return [f"imports {name!r}: not a known module" for name in analysis.unavailable_imports]


@lru_cache(maxsize=512)
def _stdlib(name: str, skip: frozenset[str]) -> types.ModuleType | None:
    top = name.split(".")[0]
    if top not in sys.stdlib_module_names or top in skip or top.startswith("_"):
        return None
    try:
        return importlib.import_module(name)
    except Exception:  # a platform-specific module missing here: no signal
        return None


def missing_attributes(sources: list[str], signals: Signals) -> list[str]:
    """Names looked up on standard-library modules that the real modules lack."""
    skip = frozenset(signals.no_import)
    elsewhere = frozenset(signals.elsewhere)
    found: list[str] = []
    for source in sources:
        try:
            tree = pyast.parse(source)
        except (SyntaxError, ValueError):
            continue
        rebound = _rebound(tree)
        guarded = _guarded(tree)
        aliases: dict[str, str] = {}
        imported: dict[str, tuple[str, str]] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                for a in node.names:
                    imported[a.asname or a.name] = (node.module, a.name)
            if isinstance(node, ast.Import):
                for a in node.names:
                    if a.asname:
                        aliases[a.asname] = a.name
                    else:
                        aliases[a.name.split(".")[0]] = a.name.split(".")[0]
            elif (
                isinstance(node, ast.ImportFrom)
                and node.module
                and node.level == 0
                and id(node) not in guarded
            ):
                module = _stdlib(node.module, skip)
                if module is None or hasattr(module, "__getattr__"):
                    continue
                for a in node.names:
                    if a.name == "*" or hasattr(module, a.name):
                        continue
                    name = f"{node.module}.{a.name}"
                    if name not in elsewhere and _stdlib(name, skip) is None:
                        found.append(f"from {node.module} import {a.name}: no such name")
        for node in ast.walk(tree):
            if not isinstance(node, ast.Attribute) or not isinstance(node.ctx, ast.Load):
                continue
            if id(node) in guarded:
                continue
            chain = _chain(node)
            if not chain or chain[0] not in aliases or chain[0] in rebound:
                continue
            dotted = aliases[chain[0]]
            obj: object | None = _stdlib(dotted, skip)
            path = dotted
            for attr in chain[1:]:
                if obj is None or hasattr(obj, "__getattr__"):
                    break
                if not hasattr(obj, attr):
                    sub = (
                        _stdlib(f"{path}.{attr}", skip)
                        if isinstance(obj, types.ModuleType)
                        else None
                    )
                    if sub is None and f"{path}.{attr}" not in elsewhere:
                        found.append(f"{path}.{attr}: {path} has no attribute {attr!r}")
                    if sub is None:
                        break
                    obj = sub
                else:
                    obj = getattr(obj, attr)
                    if not isinstance(obj, types.ModuleType | type):
                        break
                path = f"{path}.{attr}"
        found += _missing_methods(tree, aliases, imported, rebound, skip, guarded)
    return list(dict.fromkeys(found))


_LITERALS: dict[type[ast.expr], type] = {
    ast.JoinedStr: str,
    ast.List: list,
    ast.ListComp: list,
    ast.Dict: dict,
    ast.DictComp: dict,
    ast.Set: set,
    ast.SetComp: set,
    ast.Tuple: tuple,
}


def _missing_methods(
    tree: ast.AST,
    aliases: dict[str, str],
    imported: dict[str, tuple[str, str]],
    rebound: set[str],
    skip: frozenset[str],
    guarded: set[int],
) -> list[str]:
    """Methods called on a literal (``"x".joinn(…)``) or on a standard-library class's new
    instance (``collections.Counter(xs).most_commonn()``) that the real type lacks. Only
    calls count: an attribute read may be set on the instance at run time."""
    found: list[str] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
            continue
        if id(node) in guarded:
            continue
        owner, attr = node.func.value, node.func.attr
        cls: type | None = None
        if isinstance(owner, ast.Constant) and isinstance(owner.value, str | bytes):
            cls = type(owner.value)
        elif type(owner) in _LITERALS:
            cls = _LITERALS[type(owner)]
        elif isinstance(owner, ast.Call):
            made = _resolve(owner.func, aliases, imported, rebound, skip)
            if isinstance(made, type) and not hasattr(made, "__getattr__"):
                cls = made
        if cls is not None and not hasattr(cls, attr):
            where = "" if cls.__module__ == "builtins" else f"{cls.__module__}."
            found.append(f"{where}{cls.__name__}.{attr}(): {cls.__name__} has no method {attr!r}")
    return found


def _resolve(
    func: ast.expr,
    aliases: dict[str, str],
    imported: dict[str, tuple[str, str]],
    rebound: set[str],
    skip: frozenset[str],
) -> object | None:
    """The standard-library object a called name stands for, if it is one."""
    if isinstance(func, ast.Name):
        if func.id in rebound or func.id not in imported:
            return None
        module, name = imported[func.id]
        return getattr(_stdlib(module, skip), name, None)
    if isinstance(func, ast.Attribute):
        chain = _chain(func)
        if not chain or chain[0] not in aliases or chain[0] in rebound:
            return None
        obj: object | None = _stdlib(aliases[chain[0]], skip)
        for attr in chain[1:]:
            obj = getattr(obj, attr, None)
        return obj
    return None


_GUARD_ERRORS = frozenset(
    {
        "AttributeError",
        "ImportError",
        "ModuleNotFoundError",
        "NameError",
        "Exception",
        "BaseException",
        "OSError",
        "NotImplementedError",
    }
)
_PLATFORM_TESTS = ("hasattr", "getattr", "platform", "os.name", "sys.version", "TYPE_CHECKING")


def _rebound(tree: ast.AST) -> set[str]:
    """Names the source binds itself: assignments, definitions, parameters, handlers."""
    names: set[str] = set()
    for n in ast.walk(tree):
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
            names.add(n.id)
        elif isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(n.name)
        elif isinstance(n, ast.arg):
            names.add(n.arg)
        elif isinstance(n, ast.ExceptHandler) and n.name:
            names.add(n.name)
    return names


def _guarded(tree: ast.AST) -> set[int]:
    """Nodes the code only reaches where a name may be missing: inside ``try`` blocks that
    catch the error, or under tests of the platform, the version or ``hasattr``."""
    roots: list[ast.AST] = []
    for n in ast.walk(tree):
        if isinstance(n, ast.Try | ast.TryStar):
            caught = set()
            for h in n.handlers:
                if h.type is None:
                    caught.add("BaseException")
                for t in ast.walk(h.type) if h.type is not None else ():
                    if isinstance(t, ast.Name):
                        caught.add(t.id)
                    elif isinstance(t, ast.Attribute):
                        caught.add(t.attr)
            if caught & _GUARD_ERRORS:
                roots += n.body  # the attempt, and the fallbacks for other versions
                roots += [stmt for h in n.handlers for stmt in h.body]
        elif isinstance(n, ast.If | ast.IfExp | ast.While):
            test = ast.unparse(n.test)
            if any(word in test for word in _PLATFORM_TESTS):
                roots.append(n)
        elif isinstance(n, ast.BoolOp) and any("hasattr" in ast.unparse(v) for v in n.values):
            roots.append(n)
    return {id(x) for root in roots for x in ast.walk(root)}


def _chain(node: ast.Attribute) -> list[str]:
    parts: list[str] = []
    cur: ast.expr = node
    while isinstance(cur, ast.Attribute):
        parts.append(cur.attr)
        cur = cur.value
    if not isinstance(cur, ast.Name):
        return []
    parts.append(cur.id)
    return parts[::-1]


@lru_cache(maxsize=8)
def _patterns(units: tuple[str, ...], cues: tuple[str, ...]) -> tuple[re.Pattern[str], ...]:
    unit = "|".join(re.escape(u) for u in sorted(units, key=len, reverse=True))
    number = re.compile(rf"(?<![\w.])\d+(?:[.,]\d+)?\s?(?:{unit})(?![\w/])", re.IGNORECASE)
    cue = re.compile(r"\b(?:" + "|".join(re.escape(c) for c in cues) + r")\b", re.IGNORECASE)
    return number, cue


def measured_numbers(text: str, signals: Signals) -> list[str]:
    """Sentences of the prose that present a number with a unit as a measured result."""
    number, cue = _patterns(signals.units, signals.cues)
    prose = _FENCE.sub("\n\n", text)
    found: list[str] = []
    for sentence in _SENTENCE.split(prose):
        sentence = " ".join(sentence.split())
        amount = next((m for m in number.finditer(sentence) if not _DECADE.match(m.group(0))), None)
        word = cue.search(sentence)
        if amount and word:
            found.append(
                f"{amount.group(0)!r} presented as measured ({word.group(0)!r}): {sentence[:160]!r}"
            )
    return found


def signals_of(
    text: str, extraction: Extraction, analysis: StaticAnalysis | None, signals: Signals
) -> list[str]:
    sources = [f.content for f in extraction.files if f.name.endswith(".py")]
    return (
        unknown_imports(analysis)
        + missing_attributes(sources, signals)
        + measured_numbers(text, signals)
    )
