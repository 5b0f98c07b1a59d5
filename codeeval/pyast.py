"""``ast.parse`` for codeeval's worker threads: one syntax tree built at a time.

CPython 3.11 keeps the AST constructor's recursion depth in state the whole interpreter
shares; when two threads build syntax trees at once (and the garbage collector hands the
interpreter to the other thread mid-tree), one of them fails with ``SystemError: AST
constructor recursion depth mismatch``. In ``codeeval run`` with several workers that made
a valid answer's record say ``parse: error``, now and then. Every parse in codeeval goes
through :func:`parse`, which holds one lock (re-entrant: a finalizer that runs during a
parse may parse too); compiling a tree (:func:`compile_tree`) takes the same lock.
"""

from __future__ import annotations

import ast
import threading

_LOCK = threading.RLock()


def parse(source: str) -> ast.Module:
    """``ast.parse(source)``, never while another thread builds a tree."""
    with _LOCK:
        return ast.parse(source)


def compile_tree(tree: ast.Module, filename: str) -> None:
    """Compile ``tree`` (never run it), for what only the compiler rejects."""
    with _LOCK:
        compile(tree, filename, "exec", dont_inherit=True)
