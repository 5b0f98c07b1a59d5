"""``ast.parse`` for codeeval's worker threads: one syntax tree built at a time.

CPython 3.11 keeps the AST constructor's recursion depth in state the whole interpreter
shares; when two threads build syntax trees at once (and the garbage collector hands the
interpreter to the other thread mid-tree), one of them fails with ``SystemError: AST
constructor recursion depth mismatch``. In ``codeeval run`` with several workers that made
a valid answer's record say ``parse: error``, now and then. Every parse in codeeval goes
through :func:`parse`, which holds one lock (re-entrant: a finalizer that runs during a
parse may parse too); compiling a tree (:func:`compile_tree`) takes the same lock.

The stages of one sample's record (extraction, the static analysis, the shape of its code)
each read the same source; the last few trees built are kept and handed out again for the
same source. A tree handed out is shared: codeeval only reads syntax trees, never changes
them.
"""

from __future__ import annotations

import ast
import threading
from collections import OrderedDict

_LOCK = threading.RLock()
#: How many of the latest trees are kept: every stage of the records under way finds its
#: sample's tree (a few per worker).
KEPT = 32
_TREES: OrderedDict[str, ast.Module] = OrderedDict()


def parse(source: str) -> ast.Module:
    """``ast.parse(source)``, never while another thread builds a tree; the same tree
    again for a source parsed lately (read it, never change it)."""
    with _LOCK:
        tree = _TREES.get(source)
        if tree is not None:
            _TREES.move_to_end(source)
            return tree
        tree = ast.parse(source)
        _TREES[source] = tree
        if len(_TREES) > KEPT:
            _TREES.popitem(last=False)
        return tree


def compile_tree(tree: ast.Module, filename: str) -> None:
    """Compile ``tree`` (never run it), for what only the compiler rejects."""
    with _LOCK:
        compile(tree, filename, "exec", dont_inherit=True)
