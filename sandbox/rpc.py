"""A module proxy across a process boundary, for forge-proof hidden reference tests.

The hidden tests run in one process (UID A, trusted: pytest, the tests, this proxy);
the model's module runs in another (UID B, untrusted). The test process never
imports or executes model code: ``sys.modules[name]`` is a ``RemoteModule`` whose
attributes, calls and operators are forwarded over a socket. Values of plain types
come back *by value* (copies), so an assertion such as ``slugify("A B") == "a-b"``
is evaluated by the test process, not by the module; everything else comes back as
a reference (``Remote``) whose operations are forwarded.

The proxy aims to be transparent: a hidden test gets the same verdict against an
honest module whether it runs isolated or in-process. So functions cross as local
stubs with the real signature, name, docstring, annotations and kind (generator,
coroutine) (sandbox/stubs.py); classes as local stand-in classes with their bases,
methods and construction signature, so ``isinstance`` and ``type(x) is mod.C`` hold;
lists, dicts, sets and bytearrays a call mutated are written back into the caller's
objects; the global ``random`` generator's state travels with every message, so a
seeded test sees the same numbers. What cannot be made transparent raises
``IsolationUnsupported``, which gives the suite a status of its own instead of a
false failure (only the tests' own actions raise it, never anything the module sends).

Wire format: 4-byte big-endian length + JSON. Never ``pickle``: decoding untrusted
bytes must not run code. Both sides run the same ``Peer``; either may call the other
while waiting for an answer (callbacks, e.g. an injected clock).

What the module side may ask of the test side is restricted (``ALLOWED_FROM_UNTRUSTED``):
calling objects the tests passed to it, public attribute access and a fixed set of
operators; never dunder or private attributes, and modules are never exported, so
the module cannot walk from a callback to ``os`` or ``pytest`` in the test process.
"""

from __future__ import annotations

import base64
import builtins
import collections
import collections.abc
import copy
import datetime
import decimal
import fractions
import importlib.abc
import importlib.machinery
import importlib.util
import inspect
import json
import math
import operator
import pathlib
import random
import socket
import struct
import sys
import types
from typing import Any

import stubs

MAX_FRAME = 16 * 1024 * 1024
#: JSON without the circular-reference check (``encode`` builds fresh, depth-capped
#: containers) or padding; decoding takes the one value a frame holds, nothing after it.
_ENCODE = json.JSONEncoder(check_circular=False, separators=(",", ":")).encode
_DECODE = json.JSONDecoder().raw_decode
_LOCAL = object()

#: Operators forwarded for ``Remote`` objects. Arithmetic and comparisons call the one
#: dunder of the owner's class (``NotImplemented`` comes back as such, so Python's own
#: protocol picks the reflected operation on the asking side); the rest use ``operator``.
BINARY = {
    "__getitem__": operator.getitem, "__contains__": operator.contains,
}  # fmt: skip
DUNDERS = frozenset(
    [
        "__add__",
        "__sub__",
        "__mul__",
        "__truediv__",
        "__floordiv__",
        "__mod__",
        "__pow__",
        "__matmul__",
        "__and__",
        "__or__",
        "__xor__",
        "__lshift__",
        "__rshift__",
        "__divmod__",
        "__eq__",
        "__ne__",
        "__lt__",
        "__le__",
        "__gt__",
        "__ge__",
        "__radd__",
        "__rsub__",
        "__rmul__",
        "__rtruediv__",
        "__rfloordiv__",
        "__rmod__",
        "__rpow__",
        "__rmatmul__",
        "__rand__",
        "__ror__",
        "__rxor__",
        "__rlshift__",
        "__rrshift__",
        "__rdivmod__",
        "__iadd__",
        "__isub__",
        "__imul__",
        "__itruediv__",
        "__ifloordiv__",
        "__imod__",
        "__ipow__",
        "__imatmul__",
        "__iand__",
        "__ior__",
        "__ixor__",
        "__ilshift__",
        "__irshift__",
    ]
)
UNARY = {
    "__neg__": operator.neg, "__pos__": operator.pos, "__abs__": operator.abs,
    "__invert__": operator.invert, "__len__": len, "__iter__": iter, "__next__": next,
    "__bool__": bool, "__hash__": hash, "__str__": str, "__repr__": repr,
    "__int__": int, "__float__": float, "__index__": operator.index,
    "__reversed__": reversed, "__enter__": lambda o: o.__enter__(),
    "__complex__": complex, "__trunc__": math.trunc, "__floor__": math.floor,
    "__ceil__": math.ceil,
}  # fmt: skip
ALLOWED_FROM_UNTRUSTED = frozenset(
    {"call", "getattr", "setattr", "unary", "binary", "setitem", "delitem", "exit", "format"}
)
_PLAIN = (type(None), bool, int, float, str)
_ORDERING = {
    "__lt__": operator.lt,
    "__le__": operator.le,
    "__gt__": operator.gt,
    "__ge__": operator.ge,
}
_SEQUENCES: dict[str, Any] = {"list": list, "tuple": tuple, "set": set, "frozenset": frozenset}
_BUILTIN_BASES = (str, bytes, int, float, tuple, list, dict, frozenset, set)
#: sys.getrefcount of an alias's copy that only the alias table holds.
_ALIAS_UNUSED = 2
_SCALARS = frozenset({type(None), bool, int, str})
_JSON_CONTAINERS = frozenset({dict, list})


def _scalars(values: Any) -> bool:
    """All items None, bool, int, str or finite float: each encodes as itself."""
    kinds = set(map(type, values))
    if kinds <= _SCALARS:
        return True
    if kinds - _SCALARS != {float}:
        return False
    return all(map(math.isfinite, (v for v in values if type(v) is float)))


_REMOTE_SLOTS = frozenset({"_base", "_id", "_peer", "_shadow", "_type", "_rc", "_codeeval_sig"})


class RemoteError(Exception):
    """The other side broke the protocol or went away."""


class IsolationUnsupported(Exception):
    """The tests did something the isolation proxy cannot reproduce faithfully."""


#: Every reason raised in this process; the supervisor turns a non-empty list into the
#: suite status ``isolation_unsupported`` (the test process is trusted: only the tests'
#: own actions put anything here).
UNSUPPORTED: list[str] = []


def unsupported(reason: str) -> IsolationUnsupported:
    UNSUPPORTED.append(reason)
    return IsolationUnsupported(reason)


class _TrackedRandom(random.Random):
    """The global generator, noting whether it was drawn from or reseeded since the last
    message: its state (625 numbers) travels only then, not with every call."""

    dirty = True

    def random(self) -> float:
        self.dirty = True
        return super().random()

    def getrandbits(self, k: int) -> int:
        self.dirty = True
        return super().getrandbits(k)

    def seed(self, *args: Any, **kwargs: Any) -> None:
        self.dirty = True
        super().seed(*args, **kwargs)

    def setstate(self, state: Any) -> None:
        self.dirty = True
        super().setstate(state)


_RANDOM_API = [
    "seed",
    "random",
    "uniform",
    "triangular",
    "randint",
    "choice",
    "randrange",
    "sample",
    "shuffle",
    "choices",
    "normalvariate",
    "lognormvariate",
    "expovariate",
    "vonmisesvariate",
    "gammavariate",
    "gauss",
    "betavariate",
    "paretovariate",
    "weibullvariate",
    "getstate",
    "setstate",
    "getrandbits",
    "randbytes",
]


def _tracked_random() -> _TrackedRandom:
    """Install the tracking generator as ``random``'s global one (once per process, before
    the tests or the module import ``random``'s functions)."""
    inst = random._inst  # type: ignore[attr-defined]
    if isinstance(inst, _TrackedRandom):
        return inst
    tracked = _TrackedRandom()
    tracked.setstate(inst.getstate())
    random._inst = tracked  # type: ignore[attr-defined]
    for name in _RANDOM_API:
        if hasattr(tracked, name):
            setattr(random, name, getattr(tracked, name))
    return tracked


class _Watched:
    """An attribute's container, sent by value and watched while the other side holds it."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value


class _Reply:
    """A call's value plus the new state of the mutable arguments it changed."""

    def __init__(self, value: Any, mutated: list[list[Any]]) -> None:
        self.value = value
        self.mutated = mutated


class Peer:
    """One end of the connection: an object table plus request/response with nesting."""

    def __init__(
        self, sock: socket.socket, trusted_peer: bool, source_dir: str | None = None
    ) -> None:
        self.sock = sock
        self.trusted_peer = trusted_peer
        self.source_dir = source_dir
        self.private: tuple[str, ...] = ()
        self.exported: dict[int, Any] = {}
        self.remotes: dict[int, Any] = {}
        self._ids: dict[int, int] = {}
        self._back: dict[int, int] = {}  # id(local stand-in or stub) -> the other side's id
        self._described: set[int] = set()
        self._pending: set[int] = set()
        self._buf = bytearray()
        self._rnd: Any = None
        self._random = _tracked_random()
        self._aliases: dict[int, list[Any]] = {}  # the caller's handle -> [our copy, its encoding]
        #: id(copy) -> [copy, its encoding, owner's id, attribute, watch id]: containers read
        #: from an attribute of the other side's object; this side's changes go back there
        #: (push), the other side's changes to the original come here (pull).
        self._mirrors: dict[int, list[Any]] = {}
        self._pulled: dict[int, int] = {}  # watch id -> id(copy)
        self._unwatch: list[int] = []
        #: watch id -> [original, its encoding]: containers of ours the other side read from
        #: an attribute and still holds a copy of; their changes go with every message.
        self._watched: dict[int, list[Any]] = {}
        self._loop: Any = None
        self.next_id = 0

    # ---------------------------------------------------------------- framing

    def _send(self, message: dict[str, Any]) -> None:
        if self._random.dirty:
            state = self._random.getstate()
            if state != self._rnd:
                message["rnd"] = [state[0], list(state[1]), state[2]]
                self._rnd = state
            self._random.dirty = False
        if self._aliases:
            synced = self._sync_aliases()
            if synced:
                message["sync"] = synced
        if self._mirrors:
            pushed = self._push_mirrors()
            if pushed:
                message["push"] = pushed
        if self._unwatch:
            message["unwatch"], self._unwatch = self._unwatch, []
        if self._watched:
            pulled = self._pull_watched()
            if pulled:
                message["pull"] = pulled
        try:
            data = _ENCODE(message).encode()
            if len(data) > MAX_FRAME:
                raise RemoteError("message too large")
            self.sock.sendall(struct.pack(">I", len(data)) + data)
        except BaseException:
            self._pending.clear()
            raise
        self._described |= self._pending
        self._pending.clear()

    def _recv(self) -> dict[str, Any]:
        # One buffered read usually holds a whole message: a call costs two syscalls.
        while True:
            if len(self._buf) >= 4:
                (size,) = struct.unpack_from(">I", self._buf)
                if size > MAX_FRAME:
                    raise RemoteError("message too large")
                if len(self._buf) >= 4 + size:
                    body = bytes(self._buf[4 : 4 + size])
                    del self._buf[: 4 + size]
                    break
            chunk = self.sock.recv(65536)
            if not chunk:
                raise RemoteError("the other side closed the connection")
            self._buf += chunk
            if len(self._buf) > MAX_FRAME + 4:
                raise RemoteError("message too large")
        text = body.decode()
        value, end = _DECODE(text)
        if end != len(text) or not isinstance(value, dict):
            raise RemoteError("malformed message")
        if "rnd" in value:
            try:
                version, internal, gauss = value["rnd"]
                self._random.setstate(
                    (
                        int(version),
                        tuple(int(x) for x in internal),
                        None if gauss is None else float(gauss),
                    )
                )
            except (TypeError, ValueError, OverflowError) as exc:
                raise RemoteError("malformed random state") from exc
            self._rnd = self._random.getstate()
            self._random.dirty = False
        if "push" in value:
            for ref, name, data in value["push"][:1000]:
                try:
                    owner, name = self._own(ref), str(name)
                    if not self.trusted_peer:  # the module changed a container of ours
                        self._check_untrusted_setattr(owner, name)
                    current = getattr(owner, name)
                except Exception:
                    continue
                if type(current) in stubs.MUTABLE:
                    stubs.write_back(current, self.decode(data))
        for handle, data in value["sync"][:1000] if "sync" in value else ():
            original = self.exported.get(handle) if isinstance(handle, int) else None
            if type(original) in stubs.MUTABLE:
                stubs.write_back(original, self.decode(data))
        if "unwatch" in value:
            for wid in value["unwatch"][:100_000]:
                self._watched.pop(wid, None) if isinstance(wid, int) else None
        for wid, data in value["pull"][:1000] if "pull" in value else ():
            entry = self._mirrors.get(self._pulled.get(wid, -1)) if isinstance(wid, int) else None
            if entry is not None and entry[4] == wid:
                stubs.write_back(entry[0], self.decode(data))
                entry[1] = self.encode(entry[0])
        return value

    def mirror(self, value: Any, owner: int, name: str) -> Any:
        """Note a container read (by value) from an attribute of the other side's object:
        in-process it would be that very object, so what this side changes in it
        (``stack.items.append(1)`` in the tests, ``listener.events.append(e)`` in the
        module) is pushed into that object with the next message. The tests' side takes
        such a push only for a public data attribute of an object it handed over, as it
        would take a ``setattr``."""
        entry = self._mirrors.get(id(value))
        if entry is not None and entry[0] is value:
            entry[2], entry[3] = owner, name
        elif type(value) in stubs.MUTABLE:
            self._mirrors[id(value)] = [value, self.encode(value), owner, name, None]
        return value

    def _held(self, value: Any, wid: Any) -> None:
        """A container the other side gave by value from an attribute and watches: its
        later changes there come with the other side's messages (``pull``)."""
        if type(value) in stubs.MUTABLE and isinstance(wid, int):
            self._mirrors[id(value)] = [value, self.encode(value), None, None, wid]
            self._pulled[wid] = id(value)

    def _push_mirrors(self) -> list[list[Any]]:
        pushed = []
        for key, entry in list(self._mirrors.items()):
            now = self.encode(entry[0])
            if now != entry[1]:
                entry[1] = now
                if entry[2] is not None:
                    pushed.append([entry[2], entry[3], now])
            if sys.getrefcount(entry[0]) <= _ALIAS_UNUSED:
                del self._mirrors[key]
                if entry[4] is not None:
                    self._pulled.pop(entry[4], None)
                    self._unwatch.append(entry[4])
        return pushed

    def _pull_watched(self) -> list[list[Any]]:
        pulled = []
        for wid, entry in self._watched.items():
            now = self.encode(entry[0])
            if now != entry[1]:
                entry[1] = now
                pulled.append([wid, now])
        return pulled

    def _sync_aliases(self) -> list[list[Any]]:
        """The new state of argument copies the other side's objects gave us and that we
        still hold (a list kept by an object, a generator, a context manager): in-process
        they would be the caller's own objects, so their changes go back with every message."""
        changed = []
        for handle, entry in list(self._aliases.items()):
            now = self.encode(entry[0])
            if now != entry[1]:
                entry[1] = now
                changed.append([handle, now])
            if sys.getrefcount(entry[0]) <= _ALIAS_UNUSED:
                del self._aliases[handle]  # nothing but this table holds the copy any more
        return changed

    def _exchange(self, op: str, **fields: Any) -> tuple[Any, dict[str, Any]]:
        __tracebackhide__ = True  # pytest: report the test's line, not the proxy's
        self.next_id += 1
        rid = self.next_id
        self._send({"op": op, "rid": rid, **fields})
        while True:
            msg = self._recv()
            if msg.get("re") == rid:
                if "error" in msg:
                    raise self.decode_exception(msg["error"])
                value = self.decode(msg.get("value"))
                if "watch" in msg:
                    self._held(value, msg["watch"])
                return value, msg
            if "op" in msg:
                self._answer(msg)
            else:
                raise RemoteError("unexpected message")

    def request(self, op: str, **fields: Any) -> Any:
        __tracebackhide__ = True  # pytest: report the test's line, not the proxy's
        return self._exchange(op, **fields)[0]

    def call(
        self, ref: int, args: tuple[Any, ...], kwargs: dict[str, Any], drive: bool = False
    ) -> Any:
        """Call the other side's object ``ref``; mutated list/dict/set/bytearray arguments
        are written back into the objects passed here."""
        __tracebackhide__ = True  # pytest: report the test's line, not the proxy's
        if self.private:
            self._check_paths((*args, *kwargs.values()))
        origins = [
            [where, self._ident(a)]
            for where, a in (*enumerate(args), *kwargs.items())
            if type(a) in stubs.MUTABLE
        ]
        fields: dict[str, Any] = {"ref": ref, "args": [self.encode(a) for a in args]}
        if kwargs:  # the rest only when there is something to say (most calls: nothing)
            fields["kwargs"] = [[k, self.encode(v)] for k, v in kwargs.items()]
        if drive:
            fields["drive"] = True
        if origins:
            fields["origins"] = origins
        value, msg = self._exchange("call", **fields)
        if "mut" not in msg:
            return value
        for where, data in msg["mut"][:1000]:
            original = (
                args[where]
                if isinstance(where, int) and 0 <= where < len(args)
                else kwargs.get(str(where))
            )
            if type(original) in stubs.MUTABLE:
                stubs.write_back(original, self.decode(data))
        return value

    def serve(self) -> None:
        """Answer requests until the other side goes away."""
        while True:
            try:
                msg = self._recv()
            except (RemoteError, OSError):
                return
            try:
                self._answer(msg)
            except (RemoteError, OSError):
                return  # the tests ended while an answer was on its way

    def _answer(self, msg: dict[str, Any]) -> None:
        rid = msg.get("rid")
        try:
            value = self._handle(msg)
            if isinstance(value, _Reply):
                reply = {"re": rid, "value": self.encode(value.value), "mut": value.mutated}
            elif isinstance(value, _Watched):
                encoded = self.encode(value.value)
                self.next_id += 1
                self._watched[self.next_id] = [value.value, encoded]
                reply = {"re": rid, "value": encoded, "watch": self.next_id}
            else:
                reply = {"re": rid, "value": self.encode(value)}
        except BaseException as exc:
            self._pending.clear()
            reply = {"re": rid, "error": self.encode_exception(exc)}
        self._send(reply)

    # ---------------------------------------------------------------- handling

    def _handle(self, msg: dict[str, Any]) -> Any:
        op = str(msg.get("op"))
        if not self.trusted_peer and op not in ALLOWED_FROM_UNTRUSTED:
            raise PermissionError(f"operation {op!r} is not allowed")
        if op == "import":
            return sys.modules[str(msg["name"])]
        target = self._own(msg.get("ref"))
        if op == "call":  # first: most messages are calls
            raw_args = msg.get("args", [])
            raw_kwargs = msg.get("kwargs", [])
            args = [self.decode(a) for a in raw_args]
            kwargs = {str(k): self.decode(v) for k, v in raw_kwargs}
            result = target(*args, **kwargs)
            if msg.get("drive") and inspect.isawaitable(result):
                result = self._run_async(result)
            changeable = [
                *((i, a, raw_args[i]) for i, a in enumerate(args) if type(a) in stubs.MUTABLE),
                *(
                    (str(k), kwargs[str(k)], v)
                    for k, v in raw_kwargs
                    if type(kwargs[str(k)]) in stubs.MUTABLE
                ),
            ]
            if not changeable:
                return result
            mutated: list[list[Any]] = []
            handles = {w: h for w, h in msg.get("origins", [])[:1000] if isinstance(h, int)}
            for where, a, before in changeable:
                now = self.encode(a)
                if now != before:
                    mutated.append([where, now])
                if where in handles:
                    self._aliases[handles[where]] = [a, now]
            return _Reply(result, mutated) if mutated else result
        if op == "getattr":
            name = str(msg["name"])
            if not self.trusted_peer and name.startswith("_"):
                raise AttributeError(name)
            value = getattr(target, name)
            return _Watched(value) if type(value) in stubs.MUTABLE else value
        if op == "setattr":
            name = str(msg["name"])
            if not self.trusted_peer:
                self._check_untrusted_setattr(target, name)
            setattr(target, name, self.decode(msg["value"]))
            return None
        if op == "delattr":
            delattr(target, str(msg["name"]))
            return None
        if op == "unary":
            return UNARY[str(msg["name"])](target)
        if op == "binary":
            name = str(msg["name"])
            other = self.decode(msg["other"])
            if name in DUNDERS:
                method = getattr(type(target), name, None)
                if method is None:
                    return NotImplemented
                return method(target, other)
            return BINARY[name](target, other)
        if op == "format":
            return format(target, str(msg.get("spec", "")))
        if op == "setitem":
            target[self.decode(msg["key"])] = self.decode(msg["value"])
            return None
        if op == "delitem":
            del target[self.decode(msg["key"])]
            return None
        if op == "exit":
            args = [self.decode(a) for a in msg.get("args", [])]
            return target.__exit__(*args)
        if op == "isinstance":
            return isinstance(target, self._own(msg["cls"]))
        if op == "dir":
            return [n for n in dir(target) if self.trusted_peer or not n.startswith("_")]
        if op == "vars" and isinstance(target, types.ModuleType):
            # The module's namespace in its own order, in one message; the attributes the
            # test side keeps its own values for (its file, loader, builtins) go as names only.
            return [
                [k, None if k in NOT_SENT else v]
                for k, v in list(vars(target).items())
                if type(k) is str
            ]
        if op == "copy":
            return copy.deepcopy(target) if msg.get("deep") else copy.copy(target)
        if op == "anext":  # one step of an async generator, on this side's own loop
            return self._run_async(target.__anext__())
        raise PermissionError(f"unknown operation {op!r}")

    def _check_paths(self, values: tuple[Any, ...]) -> None:
        """A path into the tests' private directories (their box, pytest's ``tmp_path``) is
        out of the isolated module's reach, as it must be; in-process it could open it."""
        __tracebackhide__ = True
        for value in values:
            path = type(value) is str or isinstance(value, pathlib.PurePath)
            if path and str(value).startswith(self.private):
                raise unsupported(
                    "the tests hand the module a path in their private directory (tmp_path), "
                    "which the isolated module cannot open; the working directory and "
                    "tempfile.gettempdir() are shared"
                )

    @staticmethod
    def _check_untrusted_setattr(target: Any, name: str) -> None:
        """The module may set data attributes of plain objects the tests handed to it (a
        recorder, an observer), never methods, classes, modules or a TestCase."""
        import unittest

        if name.startswith("_") or isinstance(
            target, type | types.ModuleType | types.FunctionType | types.MethodType
        ):
            raise PermissionError(f"setting {name!r} is not allowed")
        if isinstance(target, unittest.TestCase):
            raise PermissionError(f"setting {name!r} is not allowed")
        on_class = getattr(type(target), name, None)
        if callable(on_class) or inspect.isdatadescriptor(on_class):
            raise PermissionError(f"setting {name!r} is not allowed")

    def _run_async(self, awaitable: Any) -> Any:
        import asyncio

        if self._loop is None:
            self._loop = asyncio.new_event_loop()
        return self._loop.run_until_complete(awaitable)

    def _own(self, ref: Any) -> Any:
        if ref is None:
            return None
        try:
            return self.exported[int(ref)]
        except (KeyError, TypeError, ValueError):
            raise RemoteError(f"unknown object {ref!r}") from None

    # ---------------------------------------------------------------- values

    def encode(self, value: Any, depth: int = 0) -> Any:
        if depth > 100:
            raise RemoteError("value nested too deeply")
        t = type(value)
        if t is _Method:
            value, t = value.func, types.FunctionType
        if t is float and not math.isfinite(value):
            return {"$": "float", "v": repr(value)}
        if t in _PLAIN:
            return value
        if isinstance(value, Remote) and value._peer is self:
            return {"$": "yours", "id": value._id}
        back = self._back.get(id(value))
        if back is not None and self.remotes.get(back) is value:
            return {"$": "yours", "id": back}
        if t in (list, tuple, set, frozenset):
            if len(value) > 32 and _scalars(value):  # a large value: no walk, same wire format
                return {"$": t.__name__, "v": list(value)}
            return {"$": t.__name__, "v": [self.encode(v, depth + 1) for v in value]}
        if t is dict:
            return {
                "$": "dict",
                "v": [
                    [self.encode(k, depth + 1), self.encode(v, depth + 1)] for k, v in value.items()
                ],
            }
        if t in (bytes, bytearray):
            return {"$": t.__name__, "v": base64.b64encode(value).decode()}
        if t is complex:
            return {"$": "complex", "v": [value.real, value.imag]}
        if value is NotImplemented:
            return {"$": "notimpl"}
        if isinstance(value, type) and value.__module__ == "builtins":
            return {"$": "builtin", "name": value.__name__}
        by_value = stubs.encode_value(value, lambda v: self.encode(v, depth + 1))
        if by_value is not None:
            return by_value
        if isinstance(value, types.ModuleType):
            if not self.trusted_peer:
                raise PermissionError("modules are not exported")
            name = value.__name__ if isinstance(value.__name__, str) else "?"
            return {"$": "module", "id": self._ident(value), "name": name[:200]}
        if isinstance(value, types.FunctionType | types.BuiltinFunctionType):
            return self._export_function(value, depth)
        if isinstance(value, types.MethodType) and isinstance(value.__func__, types.FunctionType):
            return {
                "$": "method",
                "func": self.encode(value.__func__, depth + 1),
                "self": self.encode(value.__self__, depth + 1),
            }
        return self._export(value, depth)

    def _ident(self, value: Any) -> int:
        ident = self._ids.get(id(value))
        if ident is None or self.exported.get(ident) is not value:
            self.next_id += 1
            ident = self.next_id
            self.exported[ident] = value  # keeps it alive, so id(value) stays unique
            self._ids[id(value)] = ident
        return ident

    def _export_function(self, value: Any, depth: int) -> dict[str, Any]:
        if not self.trusted_peer and (
            inspect.iscoroutinefunction(value) or inspect.isasyncgenfunction(value)
        ):
            raise unsupported(
                f"the tests hand the module an async function ({_name_of(value)}): the "
                "isolated module cannot await what runs on the tests' event loop"
            )
        ident = self._ident(value)
        ref: dict[str, Any] = {"$": "fn", "id": ident}
        if ident not in self._described and ident not in self._pending:
            self._pending.add(ident)
            ref["meta"] = stubs.describe_function(value, lambda v: self.encode(v, depth + 1))
        return ref

    def _export(self, value: Any, depth: int) -> dict[str, Any]:
        if not self.trusted_peer and (inspect.iscoroutine(value) or inspect.isasyncgen(value)):
            if inspect.iscoroutine(value):
                value.close()  # never awaited: no "coroutine was never awaited" warning
            raise unsupported(
                "the tests hand the module a coroutine: the isolated module cannot await "
                "what runs on the tests' event loop"
            )
        ident = self._ident(value)
        ref: dict[str, Any] = {"$": "ref", "id": ident, "type": type(value).__qualname__}
        if isinstance(value, type):
            if ident not in self._described and ident not in self._pending:
                self._pending.add(ident)
                exception = issubclass(value, BaseException)
                ref["class"] = {
                    "name": value.__name__,
                    "module": str(getattr(value, "__module__", "")),
                    "exception": exception,
                    "bases": [self.encode(b, depth + 1) for b in value.__bases__],
                    "call": _instances_callable(value),
                }
                if not exception:
                    ref["class"].update(
                        stubs.describe_class_extras(value, lambda v: self.encode(v, depth + 1))
                    )
            else:
                ref["known_class"] = True
            return ref
        if type(value).__module__ != "builtins":
            ref["cls"] = self.encode(type(value), depth + 1)
        elif callable(value):
            ref["call"] = True
        if isinstance(value, _BUILTIN_BASES):
            for base in _BUILTIN_BASES:
                if isinstance(value, base):
                    inner = value.value if hasattr(type(value), "_member_map_") else value
                    try:
                        ref["base"] = self.encode(base(inner), depth + 1)
                    except Exception:
                        pass
                    break
        return ref

    def decode(self, data: Any) -> Any:
        if not isinstance(data, dict):
            if isinstance(data, list):
                raise RemoteError("untagged list")
            return data
        tag = data.get("$")
        v = data.get("v")
        try:
            if tag == "float":
                return float(str(v))
            if tag in ("list", "tuple", "set", "frozenset"):
                flat = len(v) > 32 and not set(map(type, v)) & _JSON_CONTAINERS
                items = list(v) if flat else [self.decode(x) for x in v]
                return {"list": list, "tuple": tuple, "set": set, "frozenset": frozenset}[tag](
                    items
                )
            if tag == "dict":
                return {self.decode(k): self.decode(x) for k, x in v}
            if tag in ("bytes", "bytearray"):
                raw = base64.b64decode(str(v), validate=True)
                return raw if tag == "bytes" else bytearray(raw)
            if tag == "complex":
                return complex(float(v[0]), float(v[1]))
            if tag == "notimpl":
                return NotImplemented
            if tag in stubs.VALUE_TAGS:
                return stubs.decode_value(str(tag), data, self.decode)
            if tag == "ann":
                return stubs.decode_annotation(data, self.decode)
        except RemoteError:
            raise
        except Exception as exc:
            raise RemoteError(f"malformed {tag} value: {type(exc).__name__}") from None
        if tag == "builtin":
            name = str(data.get("name"))
            found = type(None) if name == "NoneType" else getattr(builtins, name, None)
            if not isinstance(found, type):
                raise RemoteError("unknown builtin type")
            return found
        if tag == "yours":
            return self._own(data.get("id"))
        if tag == "ref":
            return self._remote(data)
        if tag == "fn":
            return self._function(data)
        if tag == "module":
            return self._module(data)
        if tag == "method":
            func, owner = self.decode(data.get("func")), self.decode(data.get("self"))
            if not callable(func) or owner is None:
                raise RemoteError("malformed method")
            return types.MethodType(func, owner)
        raise RemoteError(f"unknown tag {tag!r}")

    def _function(self, data: dict[str, Any]) -> Any:
        ident = int(data["id"])
        if ident in self.remotes:
            return self.remotes[ident]
        meta = data.get("meta")
        if not isinstance(meta, dict):
            raise RemoteError("function without description")
        drive = meta.get("kind") == "async"

        def forward(args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
            return self.call(ident, args, kwargs, drive=drive)

        stub = stubs.build_stub(meta, forward, self.decode, self.source_dir)
        self.remotes[ident] = stub
        self._back[id(stub)] = ident
        return stub

    def _module(self, data: dict[str, Any]) -> Any:
        """A module the other side holds (``import sqlite3`` in the model's module): a
        proxy of it that is a module, never a callable. It stays the other side's (the
        tests may reach it through ``from target import *``, and what it does, such as
        opening a file, must happen where the module would do it)."""
        ident = int(data["id"])
        if ident in self.remotes:
            return self.remotes[ident]
        module = RemoteModule(str(data.get("name", "?"))[:200], self, ident)
        self.remotes[ident] = module
        self._back[id(module)] = ident
        return module

    def _remote(self, data: dict[str, Any]) -> Any:
        ident = int(data["id"])
        if "class" in data:
            return self._class(ident, data["class"])
        if data.get("known_class"):
            if ident not in self.remotes:
                raise RemoteError("unknown class")
            return self.remotes[ident]
        if ident not in self.remotes:
            base = data.get("base", _LOCAL)
            cls = self.decode(data["cls"]) if "cls" in data else None
            if not (isinstance(cls, type) and issubclass(cls, Remote)):
                cls = _CallableRemote if data.get("call") else Remote
            obj = object.__new__(cls)
            Remote.__init__(
                obj,
                self,
                ident,
                str(data.get("type", "?")),
                _LOCAL if base is _LOCAL else self.decode(base),
            )
            self.remotes[ident] = obj
        return self.remotes[ident]

    def _class(self, ident: int, info: dict[str, Any]) -> type:
        """A local stand-in for a class of the other side (cached, so `is` holds)."""
        if ident in self.remotes:
            return self.remotes[ident]  # type: ignore[no-any-return]
        name = str(info.get("name", "Remote"))
        module = str(info.get("module", ""))
        bases_in = [self.decode(x) for x in info.get("bases", [])]
        known = _stdlib_exception(module, name) if info.get("exception") else None
        cls: type
        if known is not None:
            cls = known
        elif info.get("exception"):
            bases = tuple(
                b if isinstance(b, type) and issubclass(b, Exception) else Exception
                for b in bases_in
            ) or (Exception,)
            bases = tuple(dict.fromkeys(bases))
            try:
                cls = type(name, bases, {"__module__": module})
            except TypeError:
                cls = type(name, (Exception,), {"__module__": module})
        else:
            ns: dict[str, Any] = {"__slots__": (), "__module__": module}
            qualname = info.get("qualname")
            if isinstance(qualname, str):
                ns["__qualname__"] = qualname[:500]
            ns["__doc__"] = info.get("doc") if isinstance(info.get("doc"), str) else None
            if info.get("call"):  # its objects are callable, as the other side's are
                ns["__call__"] = _remote_call
            bases = tuple(dict.fromkeys(b for b in bases_in if isinstance(b, _RemoteClassMeta)))
            cls = _stand_in(name, bases or (Remote,), ns)
            type.__setattr__(cls, "_rc", (self, ident))
            # Registered before its methods are decoded: they may name the class itself.
            self.remotes[ident] = cls
            self._back[id(cls)] = ident
            sig = info.get("sig")
            type.__setattr__(
                cls,
                "_codeeval_sig",
                stubs.signature(sig, self.decode) if isinstance(sig, dict) else None,
            )
            for key, value in stubs.class_namespace(info, self.decode, _REMOTE_SLOTS).items():
                method = isinstance(value, types.FunctionType) and key != "__init__"
                type.__setattr__(cls, key, _Method(value, key) if method else value)
        self.remotes[ident] = cls
        self._back[id(cls)] = ident
        return cls

    def encode_exception(self, exc: BaseException) -> dict[str, Any]:
        cls = type(exc)
        if cls.__module__ == "builtins" and issubclass(cls, Exception):
            kind = {"$": "builtin", "name": cls.__name__}
        else:
            kind = (
                self.encode(cls)
                if issubclass(cls, Exception)
                else {"$": "builtin", "name": "RuntimeError"}
            )
        try:
            args = self.encode(list(exc.args))
        except Exception:
            args = {"$": "list", "v": [str(exc)]}
        try:
            text = str(exc)
        except Exception:
            text = f"<{cls.__name__}>"
        attrs = []
        for key, value in list(getattr(exc, "__dict__", {}).items())[:100]:
            if isinstance(key, str) and not key.startswith("_"):
                try:
                    attrs.append([key, self.encode(value)])
                except Exception:
                    continue
        return {"class": kind, "args": args, "str": text[:100_000], "attrs": attrs}

    def decode_exception(self, data: Any) -> BaseException:
        try:
            cls = self.decode(data["class"])
            args = self.decode(data.get("args", {"$": "list", "v": []}))
            text = str(data.get("str", ""))
        except Exception as exc:
            return RemoteError(f"undecodable exception from the other side: {exc}")
        if not (isinstance(cls, type) and issubclass(cls, Exception)):
            cls = RuntimeError
        try:
            exc = cls(*args)
        except Exception:  # a constructor that takes other arguments
            exc = cls.__new__(cls)
            exc.args = tuple(args) if isinstance(args, list) else (text,)
        if cls.__module__ != "builtins" and str(exc) != text:
            exc = _with_text(exc, text)
        for key, value in data.get("attrs", []):
            if isinstance(key, str) and not key.startswith("_"):
                try:
                    setattr(exc, key, self.decode(value))
                except Exception:
                    continue
        return exc


def _stdlib_exception(module: str, name: str) -> type | None:
    """The real class for an exception of the standard library (e.g. ``json``'s
    ``JSONDecodeError``), so ``pytest.raises`` with it works across the boundary.

    Only standard-library modules, only ``Exception`` subclasses, and never
    ``unittest.SkipTest``: a module must not be able to turn a test into a skip.
    """
    import importlib
    import unittest

    if module.split(".")[0] not in sys.stdlib_module_names or module == "builtins":
        return None
    try:
        found = getattr(importlib.import_module(module), name, None)
    except Exception:
        return None
    if (
        isinstance(found, type)
        and issubclass(found, Exception)
        and not issubclass(found, unittest.SkipTest)
    ):
        return found
    return None


def _name_of(value: Any) -> str:
    name = getattr(value, "__qualname__", None) or getattr(value, "__name__", None)
    return name[:100] if isinstance(name, str) else "?"


def _with_text(exc: BaseException, text: str) -> BaseException:
    """Give a stand-in exception the other side's message as its str()."""
    cls = type(exc)
    sub = type(cls.__name__, (cls,), {"__str__": lambda self: text, "__module__": cls.__module__})
    try:
        return sub(*exc.args)  # type: ignore[no-any-return]
    except Exception:
        return exc


_BUILDING: list[bool] = [False]


def _stand_in(name: str, bases: tuple[type, ...], ns: dict[str, Any]) -> type:
    _BUILDING[0] = True
    try:
        try:
            return _RemoteClassMeta(name, bases, ns)
        except TypeError:  # an order of bases Python refuses
            return _RemoteClassMeta(name, (Remote,), ns)
    finally:
        _BUILDING[0] = False


class _RemoteClassMeta(type):
    """Stand-in class of a remote class: calling it constructs remotely; its instances
    are the proxies of the remote class's objects, so isinstance and ``type(x) is C``
    hold locally; class attributes are read and written remotely."""

    def __init__(cls, name: str, bases: tuple[type, ...], ns: dict[str, Any]) -> None:
        super().__init__(name, bases, ns)
        if not _BUILDING[0]:
            raise unsupported(
                f"the tests subclass {bases[0].__name__}, a class of the isolated module: "
                "a subclass cannot live in the test process while its base lives in the module's"
            )

    @property
    def __signature__(cls) -> Any:
        return cls.__dict__.get("_codeeval_sig")

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        __tracebackhide__ = True
        peer, ident = cls._rc  # type: ignore[attr-defined]
        return peer.call(ident, args, kwargs)

    def __instancecheck__(cls, obj: Any) -> bool:
        if type(obj) in (Remote, _CallableRemote):  # its class did not come along: ask
            peer, ident = cls._rc  # type: ignore[attr-defined]
            return obj._peer is peer and bool(peer.request("isinstance", ref=obj._id, cls=ident))
        return type.__instancecheck__(cls, obj)

    def __getattr__(cls, name: str) -> Any:
        peer, ident = cls.__dict__.get("_rc") or (None, None)
        if peer is None or name in _REMOTE_SLOTS:
            raise AttributeError(name)
        return peer.request("getattr", ref=ident, name=name)

    def __setattr__(cls, name: str, value: Any) -> None:
        peer, ident = cls.__dict__.get("_rc") or (None, None)
        if peer is None or name in _REMOTE_SLOTS:
            type.__setattr__(cls, name, value)
            return
        peer.request("setattr", ref=ident, name=name, value=peer.encode(value))
        if name in cls.__dict__:  # a local method stub: patched here too (monkeypatch, mock)
            type.__setattr__(cls, name, value)

    def __delattr__(cls, name: str) -> None:
        peer, ident = cls.__dict__.get("_rc") or (None, None)
        if peer is None:
            type.__delattr__(cls, name)
            return
        peer.request("delattr", ref=ident, name=name)
        if name in cls.__dict__:
            type.__delattr__(cls, name)

    def __iter__(cls) -> Any:  # enums
        peer, ident = cls._rc  # type: ignore[attr-defined]
        return peer.request("unary", ref=ident, name="__iter__")

    def __len__(cls) -> int:
        peer, ident = cls._rc  # type: ignore[attr-defined]
        return int(peer.request("unary", ref=ident, name="__len__"))

    def __getitem__(cls, key: Any) -> Any:
        peer, ident = cls._rc  # type: ignore[attr-defined]
        return peer.request("binary", ref=ident, name="__getitem__", other=peer.encode(key))

    def __contains__(cls, item: Any) -> bool:
        peer, ident = cls._rc  # type: ignore[attr-defined]
        return bool(peer.request("binary", ref=ident, name="__contains__", other=peer.encode(item)))


class _Method:
    """A method stub of a stand-in class. An attribute of the same name the tests set on one
    object (a ``MagicMock``) shadows it for that object, as an instance attribute does."""

    __slots__ = ("func", "name")

    def __init__(self, func: types.FunctionType, name: str) -> None:
        self.func = func
        self.name = name

    def __get__(self, obj: Any, cls: Any = None) -> Any:
        if obj is not None:
            shadow = obj._shadow
            if shadow is not None and self.name in shadow:
                return shadow[self.name]
        return self.func.__get__(obj, cls)


class Remote:
    """An object that lives on the other side; every operation is forwarded."""

    __slots__ = ("_base", "_id", "_peer", "_shadow", "_type")

    def __init__(self, peer: Peer, ident: int, type_name: str, base: Any = _LOCAL) -> None:
        object.__setattr__(self, "_peer", peer)
        object.__setattr__(self, "_id", ident)
        object.__setattr__(self, "_type", type_name)
        object.__setattr__(self, "_base", base)
        object.__setattr__(self, "_shadow", None)

    def __getattr__(self, name: str) -> Any:
        __tracebackhide__ = True
        peer = self._peer
        return peer.mirror(peer.request("getattr", ref=self._id, name=name), self._id, name)

    def __setattr__(self, name: str, value: Any) -> None:
        self._peer.request("setattr", ref=self._id, name=name, value=self._peer.encode(value))
        if isinstance(getattr(type(self), name, None), types.FunctionType):  # a method stub
            if self._shadow is None:
                object.__setattr__(self, "_shadow", {})
            self._shadow[name] = value

    def __delattr__(self, name: str) -> None:
        self._peer.request("delattr", ref=self._id, name=name)
        if self._shadow is not None:
            self._shadow.pop(name, None)

    def __setitem__(self, key: Any, value: Any) -> None:
        p = self._peer
        p.request("setitem", ref=self._id, key=p.encode(key), value=p.encode(value))

    def __delitem__(self, key: Any) -> None:
        self._peer.request("delitem", ref=self._id, key=self._peer.encode(key))

    def __exit__(self, *args: Any) -> Any:
        return self._peer.request("exit", ref=self._id, args=[self._peer.encode(a) for a in args])

    def __dir__(self) -> list[str]:
        return list(self._peer.request("dir", ref=self._id))

    def __format__(self, spec: str) -> str:
        value = self._peer.request("format", ref=self._id, spec=str(spec))
        return value if isinstance(value, str) else f"<remote {self._type}>"

    def __round__(self, ndigits: Any = None) -> Any:
        rounding = self._peer.request("getattr", ref=self._id, name="__round__")
        return rounding() if ndigits is None else rounding(ndigits)

    def __copy__(self) -> Any:
        return self._peer.request("copy", ref=self._id, deep=False)

    def __aiter__(self) -> Any:
        return self

    async def __anext__(self) -> Any:
        return self._peer.request("anext", ref=self._id)

    def __deepcopy__(self, memo: Any) -> Any:
        return self._peer.request("copy", ref=self._id, deep=True)


def _remote_call(self: Remote, *args: Any, **kwargs: Any) -> Any:
    __tracebackhide__ = True
    return self._peer.call(self._id, args, kwargs)


class _CallableRemote(Remote):
    """A callable object of the other side whose class did not come along. Only objects
    that are callable there are callable here (``callable(getattr(mod, name))``)."""

    __slots__ = ()
    __call__ = _remote_call


def _instances_callable(cls: type) -> bool:
    return any("__call__" in vars(k) for k in cls.__mro__ if k is not object)


#: Values compared by the asking side itself: a module's object never decides whether
#: it equals one of these (``_base`` holds the builtin value a subclass instance carries).
_COMPARABLE = (
    *_PLAIN, bytes, bytearray, tuple, list, dict, set, frozenset, complex, range,
)  # fmt: skip
_BY_VALUE = (
    fractions.Fraction, decimal.Decimal, datetime.date, datetime.time, datetime.timedelta,
    collections.deque,
)  # fmt: skip


def _binary(name: str) -> Any:
    def method(self: Remote, other: Any) -> Any:
        __tracebackhide__ = True
        plain = not isinstance(other, Remote) and (
            type(other) in _COMPARABLE or isinstance(other, _BY_VALUE)
        )
        if plain and name in ("__eq__", "__ne__"):
            # Never let the module answer whether it equals a plain value: compare the
            # builtin value it carries here; nothing else equals a plain value.
            equal = self._base is not _LOCAL and self._base == other
            return equal if name == "__eq__" else not equal
        if plain and name in _ORDERING and self._base is not _LOCAL:
            return _ORDERING[name](self._base, other)
        p = self._peer
        return p.request("binary", ref=self._id, name=name, other=p.encode(other))

    return method


def _unary(name: str) -> Any:
    def method(self: Remote) -> Any:
        __tracebackhide__ = True
        value = self._peer.request("unary", ref=self._id, name=name)
        if name == "__hash__" and not isinstance(value, int):
            raise TypeError("unhashable")
        if name in ("__str__", "__repr__") and not isinstance(value, str):
            return f"<remote {self._type}>"
        return value

    return method


for _name in (*DUNDERS, *BINARY):
    setattr(Remote, _name, _binary(_name))
for _name in UNARY:
    setattr(Remote, _name, _unary(_name))


_MODULE_DICT = types.ModuleType.__dict__["__dict__"]
#: A module's own attributes that the test process gives values of its own: its name, its
#: file (the copy of the source in the test box), the refusing loader and spec, builtins.
LOCAL_DUNDERS = frozenset(
    {"__name__", "__file__", "__cached__", "__loader__", "__spec__", "__builtins__"}
)
#: Never sent by value: the loader and spec are objects of the other side, and builtins
#: are the same on both (a module's ``__builtins__`` is the builtins module's dict).
NOT_SENT = frozenset({"__loader__", "__spec__", "__builtins__"})


class _Namespace(dict[str, Any]):
    """``RemoteModule.__dict__`` (and ``vars(module)``): the module's names and values as
    the module has them, in its order, read afresh in one message at every access (one
    object per module, as in-process). Writes go to the module, so ``monkeypatch``,
    ``mock.patch``, ``vars(mod)[name] = ...`` and ``exec(code, vars(mod))`` act on it."""

    __slots__ = ("_module",)

    def __init__(self, module: RemoteModule) -> None:
        super().__init__()
        self._module = module

    def _refresh(self) -> _Namespace:
        module = self._module
        local = _MODULE_DICT.__get__(module)
        pairs = module._peer.request("vars", ref=module._ref)
        dict.clear(self)
        for pair in pairs if isinstance(pairs, list) else ():
            if isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], str):
                key, value = pair
                if key in local:
                    dict.__setitem__(self, key, local[key])
                elif key == "__builtins__":
                    dict.__setitem__(self, key, builtins.__dict__)
                elif key not in NOT_SENT:
                    dict.__setitem__(self, key, value)
        for key, value in local.items():  # the proxy's own, and what the tests set on it
            if key not in self:
                dict.__setitem__(self, key, value)
        names = module._names
        names.clear()
        names.update(self)
        return self

    def __setitem__(self, key: str, value: Any) -> None:
        setattr(self._module, key, value)
        dict.__setitem__(self, key, value)

    def __delitem__(self, key: str) -> None:
        if key not in self:
            raise KeyError(key)
        delattr(self._module, key)
        dict.__delitem__(self, key)

    def update(self, *args: Any, **kwargs: Any) -> None:
        for key, value in dict(*args, **kwargs).items():
            self[key] = value

    def __ior__(self, other: Any) -> _Namespace:  # type: ignore[override,misc]
        self.update(other)
        return self

    def setdefault(self, key: str, default: Any = None) -> Any:
        if key not in self:
            self[key] = default
        return self[key]

    _NONE = object()

    def pop(self, key: str, default: Any = _NONE) -> Any:
        if key not in self:
            if default is _Namespace._NONE:
                raise KeyError(key)
            return default
        value = self[key]
        del self[key]
        return value

    def popitem(self) -> tuple[str, Any]:
        key = next(reversed(self))
        return key, self.pop(key)

    def clear(self) -> None:
        for key in list(self):
            del self[key]


class _RefusingLoader(importlib.machinery.SourceFileLoader):
    """The loader of the module's proxy: it reads the source copy (``inspect``,
    ``linecache``) but never executes it in the test process. Reloading or re-importing the
    module would run a fresh copy of it in-process; that cannot be reproduced isolated."""

    def exec_module(self, module: types.ModuleType) -> None:
        raise unsupported(
            f"the tests reload or re-import the module {self.name!r} (importlib.reload, or "
            "deleting it from sys.modules), which would execute it again in the tests' process"
        )


class _RefusingFinder(importlib.abc.MetaPathFinder):
    """First on ``sys.meta_path`` of the test process: importing the module's name again
    (after ``del sys.modules[name]``, or ``importlib.reload``) finds the refusing loader,
    never the source copy beside the tests."""

    def __init__(self, spec: importlib.machinery.ModuleSpec) -> None:
        self.spec = spec

    def find_spec(self, fullname: str, path: Any, target: Any = None) -> Any:
        return self.spec if fullname == self.spec.name else None


class RemoteModule(types.ModuleType):
    """``sys.modules[name]`` in the test process: the model's module, seen from afar."""

    __slots__ = ("_names", "_ns", "_peer", "_ref")

    def __init__(self, name: str, peer: Peer, ref: int) -> None:
        super().__init__(name)
        object.__setattr__(self, "_peer", peer)
        object.__setattr__(self, "_ref", ref)
        object.__setattr__(self, "_names", set())
        object.__setattr__(self, "_ns", None)
        _MODULE_DICT.__get__(self)["__package__"] = name.rpartition(".")[0]

    def __getattr__(self, name: str) -> Any:
        dunder = name.startswith("__") and name.endswith("__")
        if dunder and (name not in self._names or name in NOT_SENT):
            if name == "__builtins__" and name in self._names:
                return builtins.__dict__
            raise AttributeError(f"module {self.__name__!r} has no attribute {name!r}")
        peer = self._peer
        return peer.mirror(peer.request("getattr", ref=self._ref, name=name), self._ref, name)

    def __setattr__(self, name: str, value: Any) -> None:
        if name.startswith("__") and name.endswith("__"):
            object.__setattr__(self, name, value)
            return
        self._peer.request("setattr", ref=self._ref, name=name, value=self._peer.encode(value))
        self._names.add(name)

    def __delattr__(self, name: str) -> None:
        local = _MODULE_DICT.__get__(self)
        if name in local:
            del local[name]
            return
        self._peer.request("delattr", ref=self._ref, name=name)
        self._names.discard(name)

    @property  # type: ignore[misc]
    def __dict__(self) -> Any:
        ns = self._ns
        if ns is None:
            ns = _Namespace(self)
            object.__setattr__(self, "_ns", ns)
        return ns._refresh()

    def __dir__(self) -> list[str]:
        names = [n for n in self._peer.request("dir", ref=self._ref) if isinstance(n, str)]
        self._names.update(names)  # a module this one imported: its dunders become known
        return sorted({*names, *_MODULE_DICT.__get__(self)})


def connect_module(
    name: str,
    sock: socket.socket,
    source_dir: str | None = None,
    private: tuple[str, ...] = (),
) -> RemoteModule:
    """Test side: a proxy for the module the other side imported (raises its import error).

    ``source_dir`` holds a copy of the module's source (data only, never imported), so
    ``inspect.getsource`` and ``__file__`` work as in-process; the proxy's loader reads it
    and refuses to execute it. A path starting with one of ``private`` is one the module
    cannot open; handing it over is ``IsolationUnsupported``.
    """
    peer = Peer(sock, trusted_peer=False, source_dir=source_dir)
    peer.private = private
    root = peer.request("import", name=name)
    if not isinstance(root, RemoteModule):
        raise ImportError(f"module {name!r} did not come back as a module")
    module = root
    local = _MODULE_DICT.__get__(module)
    pairs = peer.request("vars", ref=module._ref)
    known = {k: v for k, v in pairs if isinstance(k, str)} if isinstance(pairs, list) else {}
    module._names.update(known)
    for key in ("__doc__", "__package__"):
        if key in known:
            local[key] = known[key] if isinstance(known[key], str) else None
    local["__builtins__"] = builtins.__dict__
    if source_dir is not None:
        path = f"{source_dir}/{name}.py"
        loader = _RefusingLoader(name, path)
        spec = importlib.util.spec_from_file_location(name, path, loader=loader)
        if spec is not None:
            local.update(
                __file__=path,
                __cached__=spec.cached,
                __loader__=loader,
                __spec__=spec,
            )
            sys.meta_path.insert(0, _RefusingFinder(spec))
    return module


def serve_module(name: str, sock: socket.socket) -> None:
    """Module side: import the module (errors are sent when asked for it), then serve."""
    import importlib

    peer = Peer(sock, trusted_peer=True)
    try:
        importlib.import_module(name)
    except BaseException as exc:
        failure = ImportError(f"importing {name!r} failed: {type(exc).__name__}: {exc}")

        def refuse(msg: dict[str, Any]) -> Any:
            raise failure

        peer._handle = refuse  # type: ignore[method-assign]
    peer.serve()
