"""A module proxy across a process boundary, for forge-proof hidden reference tests.

The hidden tests run in one process (UID A, trusted: pytest, the tests, this proxy);
the model's module runs in another (UID B, untrusted). The test process never
imports or executes model code: ``sys.modules[name]`` is a ``RemoteModule`` whose
attributes, calls and operators are forwarded over a socket. Values of plain types
come back *by value* (copies), so an assertion such as ``slugify("A B") == "a-b"``
is evaluated by the test process, not by the module; everything else comes back as
a reference (``Remote``) whose operations are forwarded.

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
import enum
import json
import math
import operator
import socket
import struct
import sys
import types
from typing import Any

MAX_FRAME = 16 * 1024 * 1024
_LOCAL = object()

#: Operators forwarded for ``Remote`` objects, as (dunder, implementation on the owner's side).
BINARY = {
    "__add__": operator.add, "__sub__": operator.sub, "__mul__": operator.mul,
    "__truediv__": operator.truediv, "__floordiv__": operator.floordiv,
    "__mod__": operator.mod, "__pow__": operator.pow, "__matmul__": operator.matmul,
    "__and__": operator.and_, "__or__": operator.or_, "__xor__": operator.xor,
    "__lshift__": operator.lshift, "__rshift__": operator.rshift,
    "__eq__": operator.eq, "__ne__": operator.ne, "__lt__": operator.lt,
    "__le__": operator.le, "__gt__": operator.gt, "__ge__": operator.ge,
    "__getitem__": operator.getitem, "__contains__": operator.contains,
    "__iadd__": operator.iadd, "__isub__": operator.isub, "__imul__": operator.imul,
    "__itruediv__": operator.itruediv, "__ifloordiv__": operator.ifloordiv,
    "__imod__": operator.imod, "__ipow__": operator.ipow, "__imatmul__": operator.imatmul,
    "__iand__": operator.iand, "__ior__": operator.ior, "__ixor__": operator.ixor,
    "__ilshift__": operator.ilshift, "__irshift__": operator.irshift,
}  # fmt: skip
UNARY = {
    "__neg__": operator.neg, "__pos__": operator.pos, "__abs__": operator.abs,
    "__invert__": operator.invert, "__len__": len, "__iter__": iter, "__next__": next,
    "__bool__": bool, "__hash__": hash, "__str__": str, "__repr__": repr,
    "__int__": int, "__float__": float, "__index__": operator.index,
    "__reversed__": reversed, "__enter__": lambda o: o.__enter__(),
}  # fmt: skip
REFLECTED = {
    "__radd__": "__add__", "__rsub__": "__sub__", "__rmul__": "__mul__",
    "__rtruediv__": "__truediv__", "__rfloordiv__": "__floordiv__", "__rmod__": "__mod__",
    "__rpow__": "__pow__", "__rmatmul__": "__matmul__", "__rand__": "__and__",
    "__ror__": "__or__", "__rxor__": "__xor__",
}  # fmt: skip
ALLOWED_FROM_UNTRUSTED = frozenset(
    {"call", "getattr", "unary", "binary", "setitem", "delitem", "exit"}
)
_PLAIN = (type(None), bool, int, float, str)
_COMPARABLE = (*_PLAIN, bytes, tuple, list, dict, set, frozenset)
_ORDERING = {
    "__lt__": operator.lt,
    "__le__": operator.le,
    "__gt__": operator.gt,
    "__ge__": operator.ge,
}
_BUILTIN_BASES = (str, bytes, int, float, tuple, list, dict, frozenset, set)


class RemoteError(Exception):
    """The other side broke the protocol or went away."""


class Peer:
    """One end of the connection: an object table plus request/response with nesting."""

    def __init__(self, sock: socket.socket, trusted_peer: bool) -> None:
        self.sock = sock
        self.trusted_peer = trusted_peer
        self.exported: dict[int, Any] = {}
        self.remotes: dict[int, Remote] = {}
        self.classes: dict[int, type] = {}
        self._ids: dict[int, int] = {}
        self._buf = bytearray()
        self.next_id = 0

    # ---------------------------------------------------------------- framing

    def _send(self, message: dict[str, Any]) -> None:
        data = json.dumps(message, allow_nan=True).encode()
        if len(data) > MAX_FRAME:
            raise RemoteError("message too large")
        self.sock.sendall(struct.pack(">I", len(data)) + data)

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
        value = json.loads(body)
        if not isinstance(value, dict):
            raise RemoteError("malformed message")
        return value

    def request(self, op: str, **fields: Any) -> Any:
        self.next_id += 1
        rid = self.next_id
        self._send({"op": op, "rid": rid, **fields})
        while True:
            msg = self._recv()
            if msg.get("re") == rid:
                if "error" in msg:
                    raise self.decode_exception(msg["error"])
                return self.decode(msg.get("value"))
            if "op" in msg:
                self._answer(msg)
            else:
                raise RemoteError("unexpected message")

    def serve(self) -> None:
        """Answer requests until the other side goes away."""
        while True:
            try:
                msg = self._recv()
            except (RemoteError, OSError):
                return
            self._answer(msg)

    def _answer(self, msg: dict[str, Any]) -> None:
        rid = msg.get("rid")
        try:
            value = self._handle(msg)
            reply = {"re": rid, "value": self.encode(value)}
        except BaseException as exc:
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
        if op == "getattr":
            name = str(msg["name"])
            if not self.trusted_peer and name.startswith("_"):
                raise AttributeError(name)
            return getattr(target, name)
        if op == "setattr":
            setattr(target, str(msg["name"]), self.decode(msg["value"]))
            return None
        if op == "delattr":
            delattr(target, str(msg["name"]))
            return None
        if op == "call":
            args = [self.decode(a) for a in msg.get("args", [])]
            kwargs = {str(k): self.decode(v) for k, v in msg.get("kwargs", [])}
            return target(*args, **kwargs)
        if op == "unary":
            return UNARY[str(msg["name"])](target)
        if op == "binary":
            fn = BINARY[str(msg["name"])]
            other = self.decode(msg["other"])
            return fn(other, target) if msg.get("reflected") else fn(target, other)
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
            return [n for n in dir(target) if not n.startswith("_")]
        raise PermissionError(f"unknown operation {op!r}")

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
        if t is float and not math.isfinite(value):
            return {"$": "float", "v": repr(value)}
        if t in _PLAIN:
            return value
        if isinstance(value, Remote) and value._peer is self:
            return {"$": "yours", "id": value._id}
        if t in (list, tuple, set, frozenset):
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
        if isinstance(value, type) and value.__module__ == "builtins":
            return {"$": "builtin", "name": value.__name__}
        if isinstance(value, types.ModuleType) and not self.trusted_peer:
            raise PermissionError("modules are not exported")
        return self._export(value, depth)

    def _export(self, value: Any, depth: int) -> dict[str, Any]:
        ident = self._ids.get(id(value))
        if ident is None or self.exported.get(ident) is not value:
            self.next_id += 1
            ident = self.next_id
            self.exported[ident] = value  # keeps it alive, so id(value) stays unique
            self._ids[id(value)] = ident
        ref: dict[str, Any] = {"$": "ref", "id": ident, "type": type(value).__qualname__}
        if isinstance(value, type):
            ref["class"] = {
                "name": value.__name__,
                "module": str(getattr(value, "__module__", "")),
                "exception": issubclass(value, BaseException),
                "bases": [self.encode(b, depth + 1) for b in value.__bases__],
            }
        elif isinstance(value, enum.Enum):
            if isinstance(value, _BUILTIN_BASES):
                ref["base"] = self.encode(value.value, depth + 1)
        elif isinstance(value, _BUILTIN_BASES):
            for base in _BUILTIN_BASES:
                if isinstance(value, base):
                    ref["base"] = self.encode(base(value), depth + 1)
                    break
        return ref

    def decode(self, data: Any) -> Any:
        if not isinstance(data, dict):
            if isinstance(data, list):
                raise RemoteError("untagged list")
            return data
        tag = data.get("$")
        v = data.get("v")
        if tag == "float":
            return float(str(v))
        if tag in ("list", "tuple", "set", "frozenset"):
            items = [self.decode(x) for x in v]
            return {"list": list, "tuple": tuple, "set": set, "frozenset": frozenset}[tag](items)
        if tag == "dict":
            return {self.decode(k): self.decode(x) for k, x in v}
        if tag in ("bytes", "bytearray"):
            raw = base64.b64decode(str(v), validate=True)
            return raw if tag == "bytes" else bytearray(raw)
        if tag == "complex":
            return complex(float(v[0]), float(v[1]))
        if tag == "builtin":
            found = getattr(builtins, str(data.get("name")), None)
            if not isinstance(found, type):
                raise RemoteError("unknown builtin type")
            return found
        if tag == "yours":
            return self._own(data.get("id"))
        if tag == "ref":
            return self._remote(data)
        raise RemoteError(f"unknown tag {tag!r}")

    def _remote(self, data: dict[str, Any]) -> Any:
        ident = int(data["id"])
        if "class" in data:
            return self._class(ident, data["class"])
        if ident not in self.remotes:
            base = data.get("base", _LOCAL)
            self.remotes[ident] = Remote(
                self,
                ident,
                str(data.get("type", "?")),
                _LOCAL if base is _LOCAL else self.decode(base),
            )
        return self.remotes[ident]

    def _class(self, ident: int, info: dict[str, Any]) -> type:
        """A local stand-in for a class of the other side (cached, so `is` holds)."""
        if ident in self.classes:
            return self.classes[ident]
        name = str(info.get("name", "Remote"))
        known = (
            _stdlib_exception(str(info.get("module", "")), name) if info.get("exception") else None
        )
        if known is not None:
            cls: type = known
        elif info.get("exception"):
            bases = tuple(
                b if isinstance(b, type) and issubclass(b, Exception) else Exception
                for b in (self.decode(x) for x in info.get("bases", []))
            ) or (Exception,)
            bases = tuple(dict.fromkeys(bases))
            try:
                cls = type(name, bases, {"__module__": str(info.get("module", ""))})
            except TypeError:
                cls = type(name, (Exception,), {"__module__": str(info.get("module", ""))})
        else:
            cls = _RemoteClassMeta(name, (Remote,), {"__module__": str(info.get("module", ""))})
            cls._rc = (self, ident)  # type: ignore[attr-defined]
        self.classes[ident] = cls
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


def _with_text(exc: BaseException, text: str) -> BaseException:
    """Give a stand-in exception the other side's message as its str()."""
    cls = type(exc)
    sub = type(cls.__name__, (cls,), {"__str__": lambda self: text, "__module__": cls.__module__})
    try:
        return sub(*exc.args)  # type: ignore[no-any-return]
    except Exception:
        return exc


class _RemoteClassMeta(type):
    """Stand-in class of a remote class: calling it constructs remotely; isinstance asks."""

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        peer, ident = cls._rc  # type: ignore[attr-defined]
        return peer.request(
            "call",
            ref=ident,
            args=[peer.encode(a) for a in args],
            kwargs=[[k, peer.encode(v)] for k, v in kwargs.items()],
        )

    def __instancecheck__(cls, obj: Any) -> bool:
        peer, ident = cls._rc  # type: ignore[attr-defined]
        if not isinstance(obj, Remote) or obj._peer is not peer:
            return False
        return bool(peer.request("isinstance", ref=obj._id, cls=ident))

    def __getattr__(cls, name: str) -> Any:
        peer, ident = cls.__dict__.get("_rc") or (None, None)
        if peer is None:
            raise AttributeError(name)
        return peer.request("getattr", ref=ident, name=name)


class Remote:
    """An object that lives on the other side; every operation is forwarded."""

    __slots__ = ("_base", "_id", "_peer", "_type")

    def __init__(self, peer: Peer, ident: int, type_name: str, base: Any = _LOCAL) -> None:
        object.__setattr__(self, "_peer", peer)
        object.__setattr__(self, "_id", ident)
        object.__setattr__(self, "_type", type_name)
        object.__setattr__(self, "_base", base)

    def __getattr__(self, name: str) -> Any:
        return self._peer.request("getattr", ref=self._id, name=name)

    def __setattr__(self, name: str, value: Any) -> None:
        self._peer.request("setattr", ref=self._id, name=name, value=self._peer.encode(value))

    def __delattr__(self, name: str) -> None:
        self._peer.request("delattr", ref=self._id, name=name)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        p = self._peer
        return p.request(
            "call",
            ref=self._id,
            args=[p.encode(a) for a in args],
            kwargs=[[k, p.encode(v)] for k, v in kwargs.items()],
        )

    def __setitem__(self, key: Any, value: Any) -> None:
        p = self._peer
        p.request("setitem", ref=self._id, key=p.encode(key), value=p.encode(value))

    def __delitem__(self, key: Any) -> None:
        self._peer.request("delitem", ref=self._id, key=self._peer.encode(key))

    def __exit__(self, *args: Any) -> Any:
        return self._peer.request("exit", ref=self._id, args=[self._peer.encode(a) for a in args])

    def __dir__(self) -> list[str]:
        return list(self._peer.request("dir", ref=self._id))


def _binary(name: str, reflected: bool = False) -> Any:
    forward = REFLECTED.get(name, name)

    def method(self: Remote, other: Any) -> Any:
        plain = not isinstance(other, Remote) and type(other) in _COMPARABLE
        if plain and forward in ("__eq__", "__ne__"):
            # Never let the module answer whether it equals a plain value: compare the
            # builtin value it carries here; nothing else equals a plain value.
            equal = self._base is not _LOCAL and self._base == other
            return equal if forward == "__eq__" else not equal
        if plain and forward in _ORDERING and self._base is not _LOCAL:
            return _ORDERING[forward](self._base, other)
        p = self._peer
        return p.request(
            "binary", ref=self._id, name=forward, other=p.encode(other), reflected=reflected
        )

    return method


def _unary(name: str) -> Any:
    def method(self: Remote) -> Any:
        value = self._peer.request("unary", ref=self._id, name=name)
        if name == "__hash__" and not isinstance(value, int):
            raise TypeError("unhashable")
        if name in ("__str__", "__repr__") and not isinstance(value, str):
            return f"<remote {self._type}>"
        return value

    return method


for _name in BINARY:
    setattr(Remote, _name, _binary(_name))
for _name in REFLECTED:
    setattr(Remote, _name, _binary(_name, reflected=True))
for _name in UNARY:
    setattr(Remote, _name, _unary(_name))


class RemoteModule(types.ModuleType):
    """``sys.modules[name]`` in the test process: the model's module, seen from afar."""

    def __init__(self, name: str, peer: Peer, ref: int, public: list[str]) -> None:
        super().__init__(name)
        object.__setattr__(self, "_peer", peer)
        object.__setattr__(self, "_ref", ref)
        object.__setattr__(self, "__all__", public)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") and name.endswith("__") and name not in ("__version__",):
            raise AttributeError(name)
        return self._peer.request("getattr", ref=self._ref, name=name)

    def __setattr__(self, name: str, value: Any) -> None:
        self._peer.request("setattr", ref=self._ref, name=name, value=self._peer.encode(value))

    def __delattr__(self, name: str) -> None:
        self._peer.request("delattr", ref=self._ref, name=name)


def connect_module(name: str, sock: socket.socket) -> RemoteModule:
    """Test side: a proxy for the module the other side imported (raises its import error)."""
    peer = Peer(sock, trusted_peer=False)
    root = peer.request("import", name=name)
    if not isinstance(root, Remote):
        raise ImportError(f"module {name!r} did not come back as a module")
    public = list(peer.request("dir", ref=root._id))
    try:
        declared = peer.request("getattr", ref=root._id, name="__all__")
        if isinstance(declared, list | tuple) and all(isinstance(n, str) for n in declared):
            public = list(declared)
    except Exception:
        pass
    return RemoteModule(name, peer, root._id, public)


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
