"""Syntax trees are built one at a time: CPython 3.11's AST constructor shares its
recursion-depth state across threads, and codeeval parses answers on several workers."""

from __future__ import annotations

import ast
import re
import threading
from pathlib import Path

import pytest

from codeeval import pyast

PACKAGE = Path(pyast.__file__).resolve().parent


def test_every_parse_in_codeeval_goes_through_the_lock() -> None:
    direct = [
        f"{path.relative_to(PACKAGE)}:{n}"
        for path in PACKAGE.rglob("*.py")
        if path.name != "pyast.py"
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(r"\bast\.parse\(|PyCF_ONLY_AST", line)
    ]
    assert direct == []


def test_a_parse_waits_for_the_tree_another_thread_is_building() -> None:
    started, done = threading.Event(), threading.Event()

    def parse_later() -> None:
        started.set()
        pyast.parse("x = [1, (2, {3: 4})]")
        done.set()

    with pyast._LOCK:  # another thread is building a tree
        worker = threading.Thread(target=parse_later)
        worker.start()
        assert started.wait(5)
        assert not done.wait(0.2)
    assert done.wait(5)
    worker.join()


def test_a_parse_inside_a_parse_does_not_deadlock() -> None:
    with pyast._LOCK:
        tree = pyast.parse("def f(a, b=1):\n    return a + b\n")
    assert tree.body[0].name == "f"  # type: ignore[attr-defined]


def test_the_same_source_gives_the_tree_built_lately_and_only_the_latest_are_kept() -> None:
    source = "def kept(x):\n    return x * 2\n"
    first = pyast.parse(source)
    assert pyast.parse(source) is first
    for n in range(pyast.KEPT):
        pyast.parse(f"y{n} = {n}\n")
    again = pyast.parse(source)
    assert again is not first
    assert ast.dump(again) == ast.dump(first)


def test_a_source_that_does_not_parse_still_raises_every_time() -> None:
    for _ in range(2):
        with pytest.raises(SyntaxError):
            pyast.parse("def broken(:\n")
