"""The module proxy of sandbox/rpc.py: fidelity for honest modules, no forgery for hostile ones.

The module side runs in a forked process (as in the sandbox, minus the UIDs); the
test side is this process. The modules here are written by these tests.
"""

from __future__ import annotations

import operator
import os
import socket
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "sandbox"))
import rpc

MODULE = """
import enum, json, dataclasses, unittest
from collections import namedtuple

class ShapeError(ValueError):
    def __init__(self, message, shape=None):
        super().__init__(message)
        self.shape = shape

class StrictShapeError(ShapeError):
    pass

class Color(enum.IntEnum):
    RED = 1
    GREEN = 2

class Plain(enum.Enum):
    A = "a"

@dataclasses.dataclass(frozen=True)
class Version:
    major: int
    minor: int = 0
    def bump(self):
        return Version(self.major + 1)

Point = namedtuple("Point", "x y")

class Counter:
    def __init__(self, start=0):
        self.value = start
    def __iadd__(self, n):
        self.value += n
        return self
    def __len__(self):
        return self.value
    def __eq__(self, other):
        return isinstance(other, Counter) and other.value == self.value
    def __hash__(self):
        return hash(self.value)
    def __enter__(self):
        return self
    def __exit__(self, *exc):
        return False

class Always:
    def __eq__(self, other):
        return True
    def __ne__(self, other):
        return False

class EvilStr(str):
    def __eq__(self, other):
        return True
    __hash__ = str.__hash__

LIMIT = 3
NAMES = ["a", "b"]

def add(a, b):
    return a + b

def shape_check(a, b):
    if a != b:
        raise StrictShapeError(f"shapes differ: {a} vs {b}", shape=(a, b))
    return True

def parse(text):
    return json.loads(text)

def gen(n):
    yield from range(n)

def use_clock(clock):
    return clock() + clock()

def magic():
    return Always()

def evil_str():
    return EvilStr("wrong")

def skip_me():
    raise unittest.SkipTest("nothing to see")

def escape(callback):
    for name in ("__globals__", "__code__", "__dict__", "_private"):
        try:
            getattr(callback, name)
        except AttributeError:
            continue
        return f"reached {name}"
    return "blocked"

def point():
    return Point(1, 2)

def freeze():
    v = Version(1)
    v.major = 2
"""


@pytest.fixture()
def remote(tmp_path: Path) -> Iterator[Any]:
    yield from _serve(tmp_path, MODULE)


def _serve(tmp_path: Path, source: str, name: str = "model_mod") -> Iterator[Any]:
    (tmp_path / f"{name}.py").write_text(textwrap.dedent(source))
    ours, theirs = socket.socketpair()
    pid = os.fork()
    if pid == 0:  # the module side
        code = 0
        try:
            ours.close()
            sys.path.insert(0, str(tmp_path))
            rpc.serve_module(name, theirs)
        except BaseException:
            code = 1
        finally:
            os._exit(code)
    theirs.close()
    try:
        yield rpc.connect_module(name, ours)
    finally:
        ours.close()
        os.waitpid(pid, 0)


def test_plain_values_come_back_by_value(remote: Any) -> None:
    assert remote.add(2, 3) == 5
    assert type(remote.add("a", "b")) is str
    assert remote.add([1], [2]) == [1, 2]
    assert remote.parse('{"a": [1, 2.5, null, true]}') == {"a": [1, 2.5, None, True]}
    assert remote.add(b"x", b"y") == b"xy"
    assert remote.add((1,), (2,)) == (1, 2)
    assert remote.LIMIT == 3
    assert remote.NAMES == ["a", "b"]
    assert remote.add(float("inf"), 1) == float("inf")


def test_exceptions_keep_class_hierarchy_message_and_attributes(remote: Any) -> None:
    with pytest.raises(remote.ShapeError) as info:
        remote.shape_check(1, 2)
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, remote.StrictShapeError)
    assert str(info.value) == "shapes differ: 1 vs 2"
    assert info.value.shape == (1, 2)
    with pytest.raises(ValueError, match="Expecting property name"):
        remote.parse("{nope")
    import json

    with pytest.raises(json.JSONDecodeError):
        remote.parse("")


def test_stdlib_exception_classes_map_to_the_real_ones(remote: Any) -> None:
    import dataclasses

    with pytest.raises(dataclasses.FrozenInstanceError):
        remote.freeze()


def test_a_module_cannot_turn_a_test_into_a_skip(remote: Any) -> None:
    import unittest

    with pytest.raises(Exception) as info:
        remote.skip_me()
    assert not isinstance(info.value, unittest.SkipTest)


def test_objects_methods_operators_and_protocols(remote: Any) -> None:
    v = remote.Version(1, 2)
    assert v.major == 1 and v.minor == 2
    assert v.bump().major == 2
    assert isinstance(v, remote.Version)
    assert not isinstance(v, remote.Counter)
    c = remote.Counter(3)
    assert len(c) == 3
    c += 2
    assert c.value == 5
    assert c == remote.Counter(5)
    assert c != remote.Counter(4)
    assert {c: 1}[c] == 1
    with remote.Counter(1) as entered:
        assert entered.value == 1
    assert list(remote.gen(4)) == [0, 1, 2, 3]
    assert sum(remote.gen(5)) == 10
    assert remote.point().x == 1


def test_int_enums_compare_by_value_plain_enums_by_identity(remote: Any) -> None:
    assert remote.Color.RED == 1
    assert remote.Color.RED != 2
    assert remote.Color.RED == remote.Color.RED
    assert remote.Plain.A == remote.Plain.A
    assert remote.Plain.A != "a"


def test_magic_objects_do_not_equal_plain_values(remote: Any) -> None:
    anything = remote.magic()
    assert operator.eq(anything, "a-b") is False
    assert anything != 3
    assert operator.eq("a-b", anything) is False  # the reflected comparison too
    assert remote.evil_str() != "anything"
    assert remote.evil_str() == "wrong"


def test_callbacks_reach_test_objects_but_not_their_internals(remote: Any) -> None:
    ticks = iter([1.0, 2.5])
    assert remote.use_clock(lambda: next(ticks)) == 3.5
    assert remote.escape(lambda: 1) == "blocked"


def test_setattr_on_the_module_is_forwarded(remote: Any) -> None:
    remote.LIMIT = 10
    assert remote.LIMIT == 10


def test_star_import_uses_the_public_names(remote: Any) -> None:
    assert "add" in remote.__all__
    assert not any(n.startswith("_") for n in remote.__all__)


def test_import_errors_surface_on_the_test_side(tmp_path: Path) -> None:
    gen = _serve(tmp_path, "raise RuntimeError('boom at import')\n", name="broken_mod")
    with pytest.raises(ImportError, match="boom at import"):
        next(gen)
    gen.close()


def test_untrusted_side_may_not_import_or_reach_modules() -> None:
    a, b = socket.socketpair()
    try:
        test_side = rpc.Peer(a, trusted_peer=False)
        with pytest.raises(PermissionError):
            test_side._handle({"op": "import", "name": "os"})
        with pytest.raises(PermissionError):
            test_side.encode(os)
        test_side.exported[1] = lambda: 1
        with pytest.raises(AttributeError):
            test_side._handle({"op": "getattr", "ref": 1, "name": "__globals__"})
        with pytest.raises(PermissionError):
            test_side._handle({"op": "setattr", "ref": 1, "name": "x", "value": 1})
    finally:
        a.close()
        b.close()


def test_decoding_rejects_malformed_data() -> None:
    a, b = socket.socketpair()
    try:
        peer = rpc.Peer(a, trusted_peer=False)
        for bad in (
            [1, 2],
            {"$": "nope"},
            {"$": "builtin", "name": "eval"},
            {"$": "yours", "id": 99},
        ):
            with pytest.raises(rpc.RemoteError):
                peer.decode(bad)
    finally:
        a.close()
        b.close()
