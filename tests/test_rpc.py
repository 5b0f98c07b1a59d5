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
import stubs

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
    # A callback arrives as a local stub: its globals are this process's own namespace.
    leaks = [k for k, v in vars(callback).items()]
    leaks += [k for k, v in callback.__globals__.items() if type(v).__name__ == "module"]
    leaks = [k for k in leaks if k != "__builtins__"]
    for name in ("__globals__", "__dict__", "_private"):
        try:
            getattr(callback.__self__, name)
        except AttributeError:
            continue
        leaks.append(name)
    return leaks

def point():
    return Point(1, 2)

def freeze():
    v = Version(1)
    v.major = 2
"""


@pytest.fixture()
def remote(tmp_path: Path) -> Iterator[Any]:
    yield from _serve(tmp_path, MODULE)


def _serve(
    tmp_path: Path, source: str, name: str = "model_mod", source_dir: str | None = None
) -> Iterator[Any]:
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
    finders = list(sys.meta_path)  # connect_module adds the proxy's refusing finder
    try:
        yield rpc.connect_module(name, ours, source_dir)
    finally:
        sys.meta_path[:] = finders
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


def test_long_sequences_keep_every_item_and_its_type(remote: Any) -> None:
    """Long sequences of plain items cross without a walk per item; what is not plain
    (non-finite floats, nested containers, objects) still crosses item by item."""
    plain = [*range(100), "x", None, True, 2.5] * 10
    assert remote.add(plain, []) == plain
    assert [type(v) for v in remote.add(plain, [])] == [type(v) for v in plain]
    assert remote.add(tuple(plain), ()) == tuple(plain)
    odd = [*range(40), float("nan"), float("-inf")]
    back = remote.add(odd, [])
    assert back[:40] == odd[:40] and back[40] != back[40] and back[41] == float("-inf")
    nested = [*range(40), [1, [2]], {"k": (3,)}, b"raw"]
    assert remote.add(nested, []) == nested
    assert type(remote.add(nested, [])[-2]["k"]) is tuple
    mixed = [*range(40), remote.Color.RED]
    assert remote.add(mixed, [])[-1] is remote.Color.RED


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
    assert remote.escape(Probe().method) == []


class Probe:
    def method(self) -> int:
        return 1


def test_setattr_on_the_module_is_forwarded(remote: Any) -> None:
    remote.LIMIT = 10
    assert remote.LIMIT == 10


def test_star_import_uses_the_public_names(remote: Any, monkeypatch: Any) -> None:
    monkeypatch.setitem(sys.modules, "model_mod", remote)
    ns: dict[str, Any] = {}
    exec("from model_mod import *", ns)
    assert ns["add"](2, 3) == 5
    assert "LIMIT" in ns
    assert not any(n.startswith("_") for n in ns if n != "__builtins__")
    assert not hasattr(remote, "__all__")  # the module defines none, as in-process


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


TRANSPARENT = '''
"""Doc of the module."""
import random
from typing import List, Optional

def sig(a: int, b: "Optional[List[int]]" = None, *rest, c: float = 3.0, **kw) -> dict:
    """Sig doc."""
    return {"a": a, "b": b, "rest": list(rest), "c": c, "kw": kw}

def hostile(x: "__import__('os')._exit(3) if False else Undefined") -> "exit()":
    return x

def squares(n):
    for i in range(n):
        yield i * i

async def twice(x):
    return 2 * x

async def countdown(n):
    for i in range(n, 0, -1):
        yield i

async def call_back(fn):
    return await fn()

def notify(listener, event):
    listener.events.append(event)
    return len(listener.events)

class Stack:
    def __init__(self):
        self.items = []
    def push(self, x):
        self.items.append(x)

class Twice:
    def __call__(self, x):
        return 2 * x

import functools
PLAIN = Stack()
TWICE = Twice()
ADD_ONE = functools.partial(int.__add__, 1)
GEN = (i for i in range(3))

def sort_in_place(xs):
    xs.sort()

class Log:
    def __init__(self, out):
        self.out = out
    def write(self, text):
        self.out.append(text)

class Base:
    def hello(self):
        return "base"

def roll():
    return random.randint(1, 1000)
'''


@pytest.fixture()
def transparent(tmp_path: Path) -> Iterator[Any]:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "clear_mod.py").write_text(TRANSPARENT)
    yield from _serve(tmp_path, TRANSPARENT, "clear_mod", str(tmp_path / "src"))


def test_functions_arrive_as_stubs_with_their_real_shape(transparent: Any) -> None:
    import asyncio
    import inspect
    import typing

    f = transparent.sig
    assert inspect.isfunction(f)
    assert str(inspect.signature(f)) == (
        "(a: int, b: Optional[List[int]] = None, *rest, c: float = 3.0, **kw) -> dict"
    )
    assert typing.get_type_hints(f)["b"] == typing.Optional[typing.List[int]]  # noqa: UP006, UP045
    assert (f.__name__, f.__qualname__, f.__doc__, f.__module__) == (
        "sig", "sig", "Sig doc.", "clear_mod"
    )  # fmt: skip
    assert f(1, [2], 3, c=4, d=5) == {"a": 1, "b": [2], "rest": [3], "c": 4, "kw": {"d": 5}}
    assert f is transparent.sig
    assert transparent.__doc__ == "Doc of the module."
    assert inspect.isgeneratorfunction(transparent.squares)
    assert list(transparent.squares(3)) == [0, 1, 4]
    assert inspect.iscoroutinefunction(transparent.twice)
    assert asyncio.run(transparent.twice(4)) == 8


def test_annotations_the_module_wrote_as_code_are_never_evaluated(transparent: Any) -> None:
    import typing

    # The module's side cannot resolve the text; evaluated here it would end this process.
    hints = typing.get_type_hints(transparent.hostile)
    assert "_exit" in repr(hints["x"])
    assert isinstance(hints["x"], stubs.Opaque)


def test_hostile_function_descriptions_give_a_generic_stub() -> None:
    import inspect

    calls: list[Any] = []
    for params in (
        [{"name": "x=__import__('os').system('id')", "kind": 1}],
        [{"name": "a):\n    import os\n    os._exit(3)\ndef f(b", "kind": 1}],
        [{"name": "_codeeval_forward_", "kind": 1}],
        [{"name": "a", "kind": 9}],
        [{"name": "a", "kind": 1}, {"name": "a", "kind": 1}],
    ):
        meta = {"name": "f(): pass\nimport os\ndef g", "kind": "def", "params": params,
                "file": "../../etc/passwd", "line": 3}  # fmt: skip
        stub = stubs.build_stub(meta, lambda a, k: calls.append((a, k)), lambda d: d, "/box/t")
        assert str(inspect.signature(stub)) == "(*args, **kwargs)"
        assert stub.__code__.co_filename == "<codeeval stub>"
        stub(1, y=2)
    assert calls == [((1,), {"y": 2})] * 5


def test_mutated_arguments_come_back_and_retained_ones_stay_in_sync(transparent: Any) -> None:
    xs = [3, 1, 2]
    assert transparent.sort_in_place(xs) is None
    assert xs == [1, 2, 3]
    long = list(range(5000, 0, -1))
    transparent.sort_in_place(long)
    assert long == list(range(1, 5001))
    out: list[str] = []
    log = transparent.Log(out)
    log.write("a")
    log.write("b")
    assert out == ["a", "b"]


def test_the_random_generator_is_shared(transparent: Any) -> None:
    import random

    random.seed(11)
    expected = [random.randint(1, 1000) for _ in range(3)]
    random.seed(11)
    assert [transparent.roll() for _ in range(3)] == expected


def test_subclassing_a_module_class_is_reported_unsupported(transparent: Any) -> None:
    rpc.UNSUPPORTED.clear()
    try:
        with pytest.raises(rpc.IsolationUnsupported):

            class Child(transparent.Base):
                pass

        assert rpc.UNSUPPORTED and "subclass" in rpc.UNSUPPORTED[0]
    finally:
        rpc.UNSUPPORTED.clear()


def test_the_module_may_set_data_attributes_only() -> None:
    import unittest

    class Recorder:
        calls = 0

        def notify(self) -> None:
            pass

    class Case(unittest.TestCase):
        def test_x(self) -> None:
            pass

    a, b = socket.socketpair()
    try:
        test_side = rpc.Peer(a, trusted_peer=False)
        recorder, case = Recorder(), Case("test_x")
        test_side.exported[1] = recorder
        test_side.exported[2] = case
        test_side._handle({"op": "setattr", "ref": 1, "name": "calls", "value": 3})
        assert recorder.calls == 3
        for ref, name in ((1, "notify"), (1, "__eq__"), (1, "_x"), (2, "assertEqual"), (2, "x")):
            with pytest.raises(PermissionError):
                test_side._handle({"op": "setattr", "ref": ref, "name": name, "value": 1})
    finally:
        a.close()
        b.close()


def test_write_backs_only_reach_containers_the_tests_handed_over() -> None:
    a, b = socket.socketpair()
    try:
        test_side = rpc.Peer(a, trusted_peer=False)
        handed, fn = [1], (lambda: 1)
        test_side.exported[1] = handed
        test_side.exported[2] = fn
        module_side = rpc.Peer(b, trusted_peer=True)
        module_side._send(
            {"re": 0, "value": None, "sync": [[2, [1]], [1, {"$": "list", "v": [7]}]]}
        )
        test_side._recv()
        assert handed == [7]
        assert fn() == 1
    finally:
        a.close()
        b.close()


def test_pushes_from_the_module_reach_public_data_containers_only() -> None:
    """The module's changes to a container held by an object of the tests land only in a
    public data attribute of an object the tests handed over, as a setattr would."""
    import unittest

    class Holder:
        items: list[int]

        def helper(self) -> list[int]:
            return self.items

        def __init__(self) -> None:
            self.items, self._secret = [1], [2]

    class Case(unittest.TestCase):
        def test_x(self) -> None:
            pass

    holder, case, loose = Holder(), Case("test_x"), [3]
    case.data = [4]  # type: ignore[attr-defined]
    a, b = socket.socketpair()
    try:
        test_side = rpc.Peer(a, trusted_peer=False)
        test_side.exported.update({1: holder, 2: case})
        seven = {"$": "list", "v": [7]}
        pushes = [[1, "items", seven], [1, "_secret", seven], [1, "helper", seven],
                  [2, "data", seven], [3, "x", seven], [1, "__dict__", seven]]  # fmt: skip
        rpc.Peer(b, trusted_peer=True)._send({"re": 0, "value": None, "push": pushes})
        test_side._recv()
        assert holder.items == [7]
        assert (holder._secret, case.data, loose) == ([2], [4], [3])  # type: ignore[attr-defined]
    finally:
        a.close()
        b.close()


def test_monkeypatch_and_mock_restore_the_module(transparent: Any) -> None:
    from unittest import mock

    original = transparent.roll
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(transparent, "roll", lambda: 7)
        assert transparent.roll() == 7
    assert transparent.roll is original
    assert "roll" in transparent.__dict__
    with mock.patch.object(transparent, "roll", return_value=3):
        assert transparent.roll() == 3
    assert transparent.roll is original


def test_containers_read_from_attributes_are_pushed_back(transparent: Any) -> None:
    from unittest.mock import MagicMock

    log = transparent.Log([])
    log.out.append("x")
    log.write("y")
    assert log.out == ["x", "y"]
    log.write = MagicMock()
    log.write("z")
    log.write.assert_called_once_with("z")
    assert log.out == ["x", "y"]


def test_the_module_namespace_reads_as_the_modules_own(transparent: Any) -> None:
    """vars(), dir() and __dict__ give the module's names in its order with usable values,
    and nothing of the proxy (HumanEval/38's check() uses a helper of the module as a global)."""
    import inspect

    ns = vars(transparent)
    assert ns is transparent.__dict__ and isinstance(ns, dict)
    assert list(ns)[:8] == [
        "__name__", "__doc__", "__package__", "__loader__", "__spec__", "__file__",
        "__cached__", "__builtins__",
    ]  # fmt: skip
    assert [k for k in ns if not k.startswith("__")][:4] == ["random", "List", "Optional", "sig"]
    assert dir(transparent) == sorted(ns)
    assert not {"_peer", "_ref", "__all__"} & set(dir(transparent))
    callables = [n for n in dir(transparent) if callable(getattr(transparent, n))]
    assert "random" not in callables and {"sig", "Log", "roll"} <= set(callables)
    assert inspect.ismodule(transparent.random) and transparent.random.__name__ == "random"
    imported = transparent.random  # a module the module imported: walked like the module
    assert "randint" in [n for n in dir(imported) if callable(getattr(imported, n))]
    assert vars(imported)["__file__"].endswith("random.py")
    assert imported.__builtins__ is ns["__builtins__"]
    scope: dict[str, Any] = {}
    scope.update({k: v for k, v in ns.items() if not k.startswith("__")})
    assert scope["sig"](1)["a"] == 1
    ns["EXTRA"] = [1]
    assert transparent.EXTRA == [1]
    exec("made = sort_in_place", vars(transparent))
    assert transparent.made is transparent.sort_in_place


def test_reloading_or_reimporting_the_module_is_unsupported_never_run_here(
    tmp_path: Path, monkeypatch: Any
) -> None:
    """The proxy's loader reads the source copy but never executes it in the test process."""
    import importlib

    (tmp_path / "again_mod.py").write_text("import os\nos._exit(9)\n")  # never to run here
    (tmp_path / "served").mkdir()
    gen = _serve(tmp_path / "served", "VALUE = 1\n", "again_mod", str(tmp_path))
    monkeypatch.syspath_prepend(str(tmp_path))
    rpc.UNSUPPORTED.clear()
    try:
        module = next(gen)
        monkeypatch.setitem(sys.modules, "again_mod", module)
        assert module.VALUE == 1 and module.__spec__.name == "again_mod"
        assert module.__loader__.get_source("again_mod").startswith("import os")
        with pytest.raises(rpc.IsolationUnsupported, match="reload"):
            importlib.reload(module)
        del sys.modules["again_mod"]
        with pytest.raises(rpc.IsolationUnsupported):
            importlib.import_module("again_mod")
        assert rpc.UNSUPPORTED
    finally:
        rpc.UNSUPPORTED.clear()
        gen.close()


def test_async_generators_are_forwarded_step_by_step(transparent: Any) -> None:
    import asyncio
    import inspect

    async def collect() -> list[int]:
        return [i async for i in transparent.countdown(3)]

    assert inspect.isasyncgenfunction(transparent.countdown)
    assert asyncio.run(collect()) == [3, 2, 1]


def test_an_async_callback_of_the_tests_is_unsupported(transparent: Any) -> None:
    """The module cannot await a coroutine that lives on the tests' event loop: the
    tests' own action (handing an async function over) gives the status, in their process."""
    import asyncio

    async def fake() -> int:
        return 1

    rpc.UNSUPPORTED.clear()
    try:
        with pytest.raises(rpc.IsolationUnsupported, match="async function"):
            asyncio.run(transparent.call_back(fake))
        assert rpc.UNSUPPORTED and "fake" in rpc.UNSUPPORTED[0]
    finally:
        rpc.UNSUPPORTED.clear()


def test_the_module_changes_containers_of_the_tests_objects_in_place(transparent: Any) -> None:
    class Listener:
        def __init__(self) -> None:
            self.events: list[str] = []
            self._private: list[str] = []

    listener = Listener()
    held = listener.events
    assert transparent.notify(listener, "a") == 1
    assert transparent.notify(listener, "b") == 2
    assert held is listener.events and held == ["a", "b"]


def test_a_held_container_sees_the_modules_later_changes(transparent: Any) -> None:
    """``items = stack.items; stack.push(1)``: in-process ``items`` is the stack's own list."""
    stack = transparent.Stack()
    items = stack.items
    stack.push(1)
    stack.push(2)
    assert items == [1, 2]
    items.append(3)  # and the tests' changes still reach the stack
    assert stack.items == [1, 2, 3]
    peer = stack._peer
    del items
    stack.push(4)  # the copy is gone: the module side stops watching the list
    stack.push(5)
    assert not [entry for entry in peer._mirrors.values() if entry[4] is not None]
    assert peer._unwatch == [] and not peer._pulled  # the module side was told


def test_only_objects_callable_on_the_module_side_are_callable(transparent: Any) -> None:
    """``[n for n in dir(mod) if callable(getattr(mod, n))]`` must not list the module's
    plain objects (a module-level instance, a generator)."""
    assert transparent.TWICE(4) == 8 and callable(transparent.TWICE)
    assert transparent.ADD_ONE(2) == 3
    assert not callable(transparent.PLAIN) and not callable(transparent.GEN)
    with pytest.raises(TypeError, match="not callable"):
        transparent.PLAIN()
