"""codeeval's in-container supervisor: runs one pytest suite at a time, each in its own box.

This file runs *inside* the runner container and is the only trusted code there.
It speaks a line protocol on stdin/stdout (one JSON request in, one JSON response
out) and never lets model code near that channel.

For every suite it:

1. picks a UID that no earlier suite in this container has used (the "box UID");
2. forks a child from this process, where pytest is already imported and its
   configuration parsed, so a suite costs a fork instead of an interpreter start-up
   and a pytest command line;
3. in the child: closes every inherited descriptor, drops to the box UID with no
   supplementary groups (which empties the capability set), sets rlimits, writes
   the files into a fresh directory and runs one pytest session with conftest files,
   ini files and plugin autoload all disabled;
4. at the deadline, or when pytest returns, kills every process of the box UID
   (``kill(-1, SIGKILL)`` issued *as* the box UID, repeated until none is left);
5. reads the JUnit report and the output tail as the box UID, with size caps and
   without following symlinks, then deletes every file and IPC object the box UID
   owns, and verifies that nothing of it is left.

WARNING: the supervisor runs as root inside the container with exactly two
capabilities, CAP_SETUID and CAP_SETGID, so that it can switch to box UIDs. Model
code never holds them: ``setresuid`` away from UID 0 clears the permitted and
effective sets, and ``no-new-privileges`` stops any ``execve`` from regaining them.
"""

from __future__ import annotations

import base64
import errno
import gc
import json
import os
import re
import resource
import select
import signal
import socket
import stat
import sys
import time
import types
from typing import Any

# `python3 -I` leaves the script's directory off sys.path; rpc.py lives beside this file
# in a read-only directory of the image. Children drop the entry again.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rpc

BOX_ROOT = "/box"
#: Where every suite's tests run (a fixed place, so that pytest's configuration can be
#: prepared once); nothing of a suite is left there when the next one starts.
TESTS_BOX = "/box/t"
SCRATCH_DIRS = ("/tmp", "/dev/shm", "/dev/mqueue")
#: This container's range of box UIDs, chosen by the host so that no two containers of a
#: run share one: per-user kernel limits (RLIMIT_NPROC, inotify, signal queues) are
#: counted per UID across the whole host, not per container.
FIRST_BOX_UID = int(os.environ.get("CODEEVAL_FIRST_UID", "100000000"))
UID_SPAN = 1_000_000
REPORT_NAME = ".codeeval-junit.xml"
#: Written by an isolated test process whose tests did something the proxy cannot
#: reproduce (see rpc.IsolationUnsupported); it then exits with UNSUPPORTED_EXIT.
UNSUPPORTED_NAME = ".codeeval-unsupported"
UNSUPPORTED_EXIT = 86
REPORT_RESERVE = 1024 * 1024
MAX_REPORT_BYTES = 4 * 1024 * 1024
SYSVIPC = ("shm", "msg", "sem")
#: Bound before any model code runs: a module that replaces ``os._exit`` must not get to
#: run code after pytest returned (e.g. to rewrite the report).
_exit = os._exit
#: Test-only weakenings ("sabotage testing"): set by the host at container creation, never
#: by model code; each one must make at least one deny-test fail. See SECURITY.md.
SABOTAGE = frozenset(filter(None, os.environ.get("CODEEVAL_SABOTAGE", "").split(",")))


def _warm_up() -> None:
    """Import pytest and what a typical run pulls in lazily, once, before any fork."""
    import importlib
    import pkgutil

    import _pytest
    import pytest  # noqa: F401

    for info in pkgutil.walk_packages(_pytest.__path__, "_pytest."):
        try:
            importlib.import_module(info.name)
        except Exception:  # a module needing an absent optional dependency
            pass
    for name in (
        "doctest",
        "unittest",
        "unittest.mock",
        "decimal",
        "fractions",
        "dataclasses",
        "typing",
        "re",
        "json",
        "datetime",
        "collections",
        "itertools",
        "functools",
        "random",
        "string",
        "math",
        "pathlib",
        "tempfile",
        "csv",
        "io",
        "enum",
        "pytest_timeout",
        "_hypothesis_pytestplugin",  # its hooks do nothing until a suite imports hypothesis
    ):
        try:
            importlib.import_module(name)
        except Exception:
            pass
    global _PREPARED
    _PREPARED = _prepare_pytest()
    if _PREPARED is not None:
        try:
            _scan_plugins_once(_PREPARED.pluginmanager)
        except Exception:  # another pytest or pluggy: each session searches and reads itself
            pass
        try:
            _install_rewrite_cache(_PREPARED)
        except Exception:  # another pytest: each session rewrites every test file itself
            pass
        try:
            # the globs every session matches paths against: of test files (each file
            # it imports) and of directories not to collect (pytest 8 and later);
            # fnmatch keeps what it compiled, and the children inherit it
            import fnmatch

            for ini in ("python_files", "norecursedirs"):
                for pattern in _PREPARED.getini(ini):
                    fnmatch.fnmatch("codeeval_warm_up.py", pattern)
        except Exception:
            pass
    try:  # compiled once here, not in every suite's child (re's cache is inherited)
        from _pytest.junitxml import bin_xml_escape

        bin_xml_escape("")
    except Exception:
        pass
    # Everything imported so far lives as long as the supervisor: keep it out of the
    # children's garbage collections, which would otherwise walk (and copy) all of it.
    gc.collect()
    gc.freeze()


def _before_suite(req: dict[str, Any]) -> None:
    """What the supervisor does itself before it forks a suite's processes."""
    _import_what_the_suite_uses(req)
    _rewrite_trusted_tests(req)


def _import_what_the_suite_uses(req: dict[str, Any]) -> None:
    """Import hypothesis here, once, before the first suite whose files name it.

    Hypothesis takes longer to import than pytest and few suites use it, so it is not
    imported while the container starts; a suite that does import it would pay that in
    its own process every time. A suite that reaches it without naming it still works:
    its process imports it.
    """
    if "hypothesis" in sys.modules:
        return
    if not any("hypothesis" in content for content in req["files"].values()):
        return
    try:
        import hypothesis  # noqa: F401
    except Exception:
        return
    gc.collect()
    gc.freeze()  # as in the warm-up: out of the children's garbage collections


def _pytest_args(test_files: list[str], box: str) -> list[str]:
    """pytest's command line for one suite: no conftest, no ini file, no autoloaded plugin."""
    return [
        *(os.path.join(box, name) for name in test_files),
        "-q",
        "-p",
        "no:cacheprovider",
        *([] if "conftest" in SABOTAGE else ["--noconftest"]),
        "-c",
        "/dev/null",
        "--rootdir",
        box,
        "--junitxml",
        os.path.join(box, REPORT_NAME),
        "-o",
        "junit_family=xunit1",
        "-W",
        "ignore::pytest.PytestAssertRewriteWarning",
        *_plugins(),
    ]


#: pytest's configuration (plugins imported and registered, command line parsed) for a
#: suite in ``TESTS_BOX``, built once before any fork; None when it could not be built
#: (then every suite runs ``pytest.main``, as it would anyway).
_PREPARED: Any = None


def _prepare_pytest() -> Any:
    """Parse pytest's command line once, in the supervisor, for every later suite.

    Every suite runs with the same options in the same directory; only the test files
    differ. Parsing (plugin registration, option declarations, argument parsing) is
    most of what ``pytest.main`` costs for a small suite, so it is done here and the
    children inherit the result. What pytest leaves active after parsing is undone
    here and redone in each child: the capture of file descriptors 0-2 (here they are
    the protocol channel) and the assertion-rewriting import hook.
    """
    if SABOTAGE:
        return None  # weakened containers keep the plain path, whose flags they change
    import _pytest.config

    os.environ["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"  # as in the children
    os.environ.pop("PYTEST_ADDOPTS", None)
    here = os.getcwd()
    os.makedirs(BOX_ROOT, exist_ok=True)
    os.mkdir(TESTS_BOX, 0o700)
    config = None
    try:
        os.chdir(TESTS_BOX)  # pytest's invocation directory, as in a child
        args = _pytest_args(["test_codeeval_placeholder.py"], TESTS_BOX)
        config = _pytest.config.get_config(list(args))
        manager = config.pluginmanager
        config = manager.hook.pytest_cmdline_parse(pluginmanager=manager, args=list(args))
        manager.getplugin("capturemanager").stop_global_capturing()
        hook = manager.rewrite_hook
        if hook in sys.meta_path:
            sys.meta_path.remove(hook)
        return config
    except Exception:
        if config is not None:
            try:
                config._ensure_unconfigure()
            except Exception:
                pass
        return None
    finally:
        os.chdir(here)
        os.rmdir(TESTS_BOX)


#: The fixtures of the plugins registered in the warm-up (modules and classes of the
#: image's own code), found once there: ``id(plugin) -> (plugin, a module holding just
#: its fixture functions)``.
_PLUGIN_FIXTURES: dict[int, tuple[object, object]] = {}

#: Where the plugins that every session registers are defined: code of the image, never
#: of a suite (a suite's own objects are always searched and read afresh).
_PLUGIN_CODE = ("_pytest.", "pytest", "pluggy", "pytest_timeout", "_hypothesis_pytestplugin")

#: Plugin classes of the image's own code that define no fixture: pytest finds none in
#: their instances unless an instance holds one among its own attributes.
_CLASSES_WITHOUT_FIXTURES: set[type] = set()

#: What the fixture manager searches in place of a plugin object without fixtures.
_NO_FIXTURES = types.ModuleType("codeeval_no_fixtures")


def _plugin_code(obj: object) -> bool:
    module = getattr(obj, "__module__", None)
    return isinstance(module, str) and module.startswith(_PLUGIN_CODE)


def _scan_plugins_once(manager: Any) -> None:
    """Search the plugin code for fixtures and read its signatures once, for every session.

    At each session start pytest looks for fixtures in every registered plugin: some
    forty modules and a dozen objects, each searched with ``dir`` and a ``getattr`` of
    every name; every session registers its own plugin objects again (the terminal
    reporter, the JUnit writer, the logging plugin, the session, its fixture manager),
    reading the signature of each of their hook functions, and defines the built-in
    fixtures anew, reading each one's signature. Together that was about a third of a
    small suite's test process, the same in every suite. Here, before any fork:

    * each plugin module and class of the image's code is searched once, and a
      session's fixture manager parses, in its place, a module holding just the fixture
      functions found, with pytest's own parsing (the same fixture definitions in the
      same order);
    * plugin classes without fixtures are noted: their instances are skipped unless an
      instance holds a fixture among its own attributes;
    * the signatures of the plugin code's functions are read once and remembered
      (pluggy's ``varnames`` and pytest's ``getfuncargnames`` give the same answer for
      the same function and arguments).

    Whatever is not the image's code (a suite's test modules, classes and functions)
    pytest searches and reads itself, as before.
    """
    import inspect

    from _pytest import compat, fixtures
    from pluggy import _hooks

    plugins = manager.get_plugins()
    for plugin in plugins:
        if isinstance(plugin, types.ModuleType) or (
            isinstance(plugin, type) and _plugin_code(plugin)
        ):
            only = types.ModuleType(getattr(plugin, "__name__", "plugin"))
            for name in dir(plugin):
                obj = compat.safe_getattr(plugin, name, None)
                if fixtures.getfixturemarker(obj) is not None:
                    setattr(only, name, obj)
            _PLUGIN_FIXTURES[id(plugin)] = (plugin, only)

    read_varnames = _hooks.varnames
    varnames_of: dict[tuple[object, bool], Any] = {}

    def varnames(func: Any) -> Any:
        target = getattr(func, "__func__", func)
        if not (inspect.isfunction(target) and _plugin_code(target)):
            return read_varnames(func)
        key = (target, inspect.ismethod(func))
        found = varnames_of.get(key)
        if found is None:
            found = varnames_of[key] = read_varnames(func)
        return found

    read_argnames = fixtures.getfuncargnames
    argnames_of: dict[tuple[object, tuple[tuple[str, object], ...]], Any] = {}

    def getfuncargnames(function: Any, **kwargs: Any) -> Any:
        if not (inspect.isfunction(function) and _plugin_code(function)):
            return read_argnames(function, **kwargs)
        key = (function, tuple(sorted(kwargs.items())))
        found = argnames_of.get(key)
        if found is None:
            found = argnames_of[key] = read_argnames(function, **kwargs)
        return found

    # The plugin classes: those of the registered objects, and every class of the plugin
    # code that implements a hook (the sessions' own plugin objects are among them).
    classes = {type(p) for p in plugins if not isinstance(p, types.ModuleType | type)}
    for module in list(sys.modules.values()):
        name = getattr(module, "__name__", None)
        if isinstance(name, str) and name.startswith(_PLUGIN_CODE):
            for value in list(vars(module).values()):
                hooks = isinstance(value, type) and value.__module__ == name
                if hooks and any(k.startswith("pytest_") for k in vars(value)):
                    classes.add(value)
    for cls in classes:
        if not _plugin_code(cls):
            continue
        if not any(_fixture_in_class(cls, name) for name in dir(cls)):
            _CLASSES_WITHOUT_FIXTURES.add(cls)
        for name, value in vars(cls).items():
            if name.startswith("pytest_") and inspect.isfunction(value):
                # Read as pluggy reads an instance's hook: a bound method (the answer
                # depends only on the function; any object serves as its ``self``).
                varnames(types.MethodType(value, cls))
    real_function = getattr(compat, "get_real_method", None)  # pytest 7 and 8
    for _, only in _PLUGIN_FIXTURES.values():
        for name, obj in vars(only).items():
            marker = fixtures.getfixturemarker(obj)
            real = real_function(obj, only) if real_function is not None else None
            if marker is not None and inspect.isfunction(real):
                getfuncargnames(real, name=marker.name or name, is_method=False)
    # Wherever pluggy and pytest call them (the modules differ between versions).
    _replace_global("pluggy", "varnames", read_varnames, varnames)
    _replace_global("_pytest.", "getfuncargnames", read_argnames, getfuncargnames)

    parse = fixtures.FixtureManager.parsefactories

    def parsefactories(self: Any, *args: Any, **kwargs: Any) -> Any:
        # pytest 7 and 8 pass a plugin as (plugin, nodeid), later ones as holder=plugin.
        keyword = "holder" in kwargs
        plugin = kwargs["holder"] if keyword else args[0] if len(args) == 2 else None
        found = _PLUGIN_FIXTURES.get(id(plugin)) if plugin is not None else None
        if found is None and plugin is not None and _without_fixtures(plugin):
            found = (plugin, _NO_FIXTURES)
        if found is None or found[0] is not plugin:
            return parse(self, *args, **kwargs)
        if keyword:
            return parse(self, *args, **{**kwargs, "holder": found[1]})
        return parse(self, found[1], args[1], **kwargs)

    fixtures.FixtureManager.parsefactories = parsefactories


def _replace_global(package: str, name: str, old: object, new: object) -> None:
    for module_name, module in list(sys.modules.items()):
        if module_name.startswith(package) and getattr(module, name, None) is old:
            setattr(module, name, new)


def _fixture_in_class(cls: type, name: str) -> bool:
    from _pytest import fixtures

    for klass in cls.__mro__:
        if name in vars(klass):
            value = vars(klass)[name]
            return fixtures.getfixturemarker(getattr(value, "__func__", value)) is not None
    return False


def _without_fixtures(plugin: object) -> bool:
    """Whether ``plugin`` is an instance of a plugin class of the image's code without
    fixtures that holds none among its own attributes either."""
    if type(plugin) not in _CLASSES_WITHOUT_FIXTURES:
        return False
    from _pytest import fixtures

    own = getattr(plugin, "__dict__", None)
    return isinstance(own, dict) and not any(
        fixtures.getfixturemarker(v) is not None for v in own.values()
    )


#: The prompts' own test files with their assertions rewritten as pytest rewrites them,
#: made here, never in a suite's process, and inherited by every later suite's pytest:
#: ``(path, SHA-256 of the source) -> code``. A prompt's hidden tests are the same file
#: for every sample of it, and rewriting them was a sixth of a small suite's CPU time.
#: The least recently used go first once their sources add up to more than
#: ``_REWRITTEN_BYTES`` (the code takes about 14 times its source's size in memory,
#: which the supervisor's share of the container's memory must hold: HumanEval's 164
#: test files are 0.1 MB of source).
_REWRITTEN: dict[tuple[str, bytes], tuple[types.CodeType, int]] = {}
_REWRITTEN_BYTES = 512 * 1024

#: How this pytest's rewriting step makes the first item it returns besides the code
#: (the file's stat or the source's hash, by version), learned in the warm-up; None
#: while the cache is off.
_REWRITE_FIRST: Any = None


def _rewrite(source: bytes, path: str, config: Any) -> types.CodeType:
    """The test file's code with its assertions rewritten: pytest's steps, as its
    ``_rewrite_test`` takes them (``_install_rewrite_cache`` checks they agree)."""
    import ast
    import warnings

    from _pytest.assertion.rewrite import rewrite_asserts

    tree = ast.parse(source, filename=path)
    with warnings.catch_warnings():
        # (each session ignores them: see ``_pytest_args``)
        warnings.simplefilter("ignore")
        rewrite_asserts(tree, source, path, config)
    return compile(tree, path, "exec", dont_inherit=True)


def _install_rewrite_cache(config: Any) -> None:
    """Let the sessions run with ``config`` take the rewritten code of a test file from
    ``_REWRITTEN`` when the file's content is the one remembered there.

    Installed only when this pytest, given a probe file, returns the code that
    ``_rewrite`` makes and a first item of a kind known here.
    """
    global _REWRITE_FIRST
    import hashlib
    import importlib.util
    from pathlib import Path

    from _pytest.assertion import rewrite

    original = rewrite._rewrite_test
    source = b"def test_probe():\n    x = [1]\n    assert x == [2], 'probe'\n"
    probe = Path(BOX_ROOT, "test_codeeval_rewrite_probe.py")
    probe.write_bytes(source)
    try:
        first, code = original(probe, config)
        if code != _rewrite(source, str(probe), config):
            return
    finally:
        probe.unlink()
    if isinstance(first, os.stat_result):  # pytest 7: the file's stat
        _REWRITE_FIRST = lambda fn, source: os.stat(fn)  # noqa: E731
    elif first == importlib.util.source_hash(source):  # later: the source's hash
        _REWRITE_FIRST = lambda fn, source: importlib.util.source_hash(source)  # noqa: E731
    else:
        return

    def rewrite_test(fn: Any, config_: Any) -> Any:
        if config_ is config:
            try:
                source = fn.read_bytes()
            except OSError:
                source = None
            if source is not None:
                found = _REWRITTEN.get((str(fn), hashlib.sha256(source).digest()))
                if found is not None:
                    return _REWRITE_FIRST(fn, source), found[0]
        return original(fn, config_)

    rewrite._rewrite_test = rewrite_test  # type: ignore[assignment]


def _rewrite_trusted_tests(req: dict[str, Any]) -> None:
    """Rewrite the request's trusted test files (the prompt's own hidden tests, never a
    model's) here, once per content, for this suite and every later one."""
    if _REWRITE_FIRST is None or _PREPARED is None:
        return
    import hashlib

    for name in req.get("trusted_tests") or ():  # test files of the request's (_valid_request)
        try:
            source = req["files"][name].encode("utf-8")  # as the suite's process writes it
        except UnicodeError:
            continue
        if len(source) > _REWRITTEN_BYTES:
            continue
        path = os.path.join(TESTS_BOX, name)
        key = (path, hashlib.sha256(source).digest())
        found = _REWRITTEN.pop(key, None)
        if found is None:
            try:
                found = (_rewrite(source, path, _PREPARED), len(source))
            except Exception:  # the suite's pytest reports it, as it would anyway
                continue
        _REWRITTEN[key] = found  # the most recently used last
        held = sum(size for _, size in _REWRITTEN.values())
        for oldest in list(_REWRITTEN):
            if held <= _REWRITTEN_BYTES:
                break
            held -= _REWRITTEN.pop(oldest)[1]


def _run_pytest(test_files: list[str], box: str) -> int:
    """One pytest session over ``test_files`` in ``box``; returns pytest's exit code."""
    import pytest

    config = _PREPARED
    if config is None or box != TESTS_BOX:
        return int(pytest.main(_pytest_args(test_files, box)))
    # The same steps as pytest.main after parsing, with what parsing left active redone.
    config.args = [os.path.join(box, name) for name in test_files]
    config.option.file_or_dir = list(config.args)
    config.known_args_namespace.file_or_dir = list(config.args)
    params = config.invocation_params
    config.invocation_params = type(params)(
        args=tuple(_pytest_args(test_files, box)), plugins=params.plugins, dir=params.dir
    )
    manager = config.pluginmanager
    if manager.rewrite_hook not in sys.meta_path:
        sys.meta_path.insert(0, manager.rewrite_hook)
    capture = manager.getplugin("capturemanager")
    capture.start_global_capturing()
    capture.suspend_global_capture()
    try:
        return int(config.hook.pytest_cmdline_main(config=config))
    except pytest.UsageError as exc:
        sys.stderr.write(f"ERROR: {exc}\n")
        return int(pytest.ExitCode.USAGE_ERROR)
    finally:
        config._ensure_unconfigure()


def _plugins() -> list[str]:
    args: list[str] = []
    for name in ("pytest_timeout", "_hypothesis_pytestplugin"):
        if name in sys.modules:
            args += ["-p", name]
    return args


# ------------------------------------------------------------------ the child


def _child(
    req: dict[str, Any],
    uid: int,
    box: str,
    role: str = "tests",
    channel: int | None = None,
    output: int | None = None,
) -> None:
    """Runs in a forked child; never returns.

    ``role`` is ``tests`` (pytest with every file), ``isolated-tests`` (pytest with the
    test files only; the module is a proxy over fd 3) or ``module`` (the model's files;
    serves the proxy over fd 3 and never runs pytest).
    """
    code = 70
    try:
        devnull = os.open("/dev/null", os.O_RDWR)
        os.dup2(devnull, 0)
        # Output goes to a pipe the supervisor drains, keeping only the tail: endless
        # output costs neither memory nor disk, and never breaks pytest's report.
        os.dup2(devnull if output is None else output, 1)
        os.dup2(1, 2)
        if channel is not None:
            os.dup2(channel, 3)
        # The protocol pipe, the pidfd, anything inherited: only 0-2 (and 3) stay open.
        os.closerange(3 if channel is None else 4, 65536)
        os.setsid()
        limits = req["limits"]
        if "limits" not in SABOTAGE:
            fsize = int(limits["file_size_mb"]) * 1024 * 1024
            resource.setrlimit(resource.RLIMIT_FSIZE, (fsize, fsize))
            nofile = int(limits["open_files"])
            resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))
            resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
            nproc = max(8, int(limits["pids"]) - 16)  # room for the supervisor's helpers
            resource.setrlimit(resource.RLIMIT_NPROC, (nproc, nproc))
        with open("/proc/self/oom_score_adj", "w") as fh:
            fh.write("1000")  # the OOM killer takes model code, never the supervisor
        if "root" not in SABOTAGE:
            os.setgroups([])
            os.setresgid(uid, uid, uid)
            os.setresuid(uid, uid, uid)
        os.umask(0o077)
        os.mkdir(box, 0o700)
        os.chdir(box)
        if role != "module":
            # Reserve room for the report before model code can fill the scratch space;
            # pytest truncates the file and writes into the space this frees.
            fd = os.open(REPORT_NAME, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            try:
                os.posix_fallocate(fd, 0, REPORT_RESERVE)
            except OSError:
                pass
            os.close(fd)
        tests = set(req["test_files"])
        source = f"{req.get('isolate')}.py"
        for name, content in req["files"].items():
            if role == "isolated-tests" and name not in tests and name != source:
                continue  # the module stays in the other process
            # (its own source is copied as data, for inspect.getsource and __file__; the
            # test process never imports it: sys.modules holds the proxy)
            if role == "module" and name in tests:
                continue
            with open(name, "x", encoding="utf-8") as fh:
                fh.write(content)
        # Isolated: both processes work in one shared directory, as pytest and the module
        # share one in-process (a file the tests write, the module reads); each keeps its
        # own files in its private box (0700), out of the other's reach.
        shared = os.path.join(BOX_ROOT, f"w{req['shared']}") if role != "tests" else None
        os.environ.clear()
        os.environ.update(
            PATH="/usr/local/bin:/usr/bin:/bin",
            HOME=box,
            TMPDIR=shared or box,
            LANG="C.UTF-8",
            PYTHONDONTWRITEBYTECODE="1",
            PYTEST_DISABLE_PLUGIN_AUTOLOAD="1",
        )
        sys.path[:] = [p for p in sys.path if p not in ("", ".", box, "/opt/codeeval")]
        sys.stdout = open(1, "w", encoding="utf-8", errors="backslashreplace", closefd=False)
        sys.stderr = sys.stdout
        import random

        random.seed()  # a fork inherits the parent's generator state
        if shared is not None:
            import tempfile

            os.chdir(shared)
            os.umask(0)
            tempfile.tempdir = None  # the warm-up cached /tmp; gettempdir() is the shared one
        if role == "module":
            sys.path.insert(0, box)
            rpc.serve_module(req["isolate"], socket.socket(fileno=3))
            code = 0
            return
        if role == "isolated-tests":
            _install_proxy(req["isolate"], socket.socket(fileno=3), box, str(shared))
        code = _run_pytest(req["test_files"], box)
        sys.stdout.flush()
        if role == "isolated-tests" and rpc.UNSUPPORTED:
            with open(os.path.join(box, UNSUPPORTED_NAME), "w", encoding="utf-8") as fh:
                fh.write("; ".join(dict.fromkeys(rpc.UNSUPPORTED))[:2000])
            code = UNSUPPORTED_EXIT
    except BaseException as exc:
        try:
            os.write(2, f"codeeval supervisor: {type(exc).__name__}: {exc}\n".encode())
        except OSError:
            pass
    finally:
        _exit(code)


def _install_proxy(name: str, sock: socket.socket, box: str, shared: str) -> None:
    """Make ``import <name>`` give the proxy, or fail with the module's own import error.

    Paths the module cannot open: the tests' box, and pytest's own temporary directories
    (``tmp_path``), which pytest makes private to the tests' UID even in the shared one.
    """
    import importlib.abc

    try:
        private = (f"{box}/", f"{shared}/pytest-of-")
        sys.modules[name] = rpc.connect_module(name, sock, box, private)
    except Exception as exc:
        message = str(exc)

        class Refuse(importlib.abc.MetaPathFinder):
            def find_spec(self, fullname: str, path: Any, target: Any = None) -> Any:
                if fullname == name:
                    raise ImportError(message)
                return None

        sys.meta_path.insert(0, Refuse())


# ------------------------------------------------------------- box helpers


def _start_helper(uids: tuple[int, ...], work: Any) -> tuple[int, int]:
    """Fork a helper that drops to the box UIDs and runs ``work()``; returns (pid, read end).

    With one UID the helper is that UID. With two (an isolated suite: tests, module) it
    takes the first as its real UID and the second as its effective and saved one: it
    may then signal the processes of both (the kernel allows a signal when the sender's
    real or effective UID is the target's real or saved one), and switch its effective
    UID between the two to reach each one's files. Either way it holds no capability
    (every UID it has is a box UID).
    """
    first, last = uids[0], uids[-1]
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        status = 0
        try:
            os.close(r)
            os.setgroups([])
            os.setresgid(first, last, last)
            os.setresuid(first, last, last)
            view = memoryview(work())
            while view:
                n = os.write(w, view)
                view = view[n:]
        except BaseException:
            status = 1
        finally:
            os._exit(status)
    os.close(w)
    return pid, r


def _finish_helper(pid: int, r: int) -> bytes:
    """What the helper wrote (capped), once it has ended."""
    chunks: list[bytes] = []
    total = 0
    while True:
        chunk = os.read(r, 65536)
        if not chunk:
            break
        if total < 2 * MAX_REPORT_BYTES:
            chunks.append(chunk)
            total += len(chunk)
    os.close(r)
    os.waitpid(pid, 0)
    return b"".join(chunks)


def _kill_all(uids: tuple[int, ...]) -> bytes:
    """As the box UIDs: signal every process of them until none is left.

    ``kill(-1)`` skips the caller and PID 1. Its return value cannot tell "none
    left" (it succeeds as soon as any process exists, even one it may not signal),
    so /proc is scanned; zombies count until their parent (the supervisor or the
    container's init) reaps them, hence the short waits.
    """
    me = os.getpid()
    deadline = time.monotonic() + 5.0
    while time.monotonic() < deadline:
        try:
            os.kill(-1, signal.SIGKILL)
        except ProcessLookupError:
            pass  # nothing left to signal (gVisor does not count unreaped zombies)
        if not [p for p in _pids_of(uids) if p != me]:
            return b"ok"
        time.sleep(0.0005)
    return b"left"


def _read_capped(path: str, cap: int) -> dict[str, Any]:
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except FileNotFoundError:
        return {"state": "missing"}
    except OSError as exc:
        return {"state": "rejected", "why": f"cannot open: {errno.errorcode.get(exc.errno, exc)}"}
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            return {"state": "rejected", "why": "not a regular file"}
        if info.st_size > cap:
            return {"state": "rejected", "why": f"too large ({info.st_size} bytes)"}
        data = os.read(fd, cap + 1)
        if not data.strip(b"\0"):
            return {"state": "missing"}  # the reserved space, never written: pytest did not finish
        return {"state": "ok", "data": base64.b64encode(data[:cap]).decode()}
    finally:
        os.close(fd)


def _drain(fd: int, tail: bytearray, cap: int) -> bool:
    """Read what is available from a non-blocking pipe, keeping only the last ``cap`` bytes.

    At most 1 MiB per call: a writer that never stops must not keep the supervisor
    from looking at the clock. Returns False once every writer has closed the pipe.
    """
    for _ in range(16):
        try:
            chunk = os.read(fd, 65536)
        except BlockingIOError:
            return True
        if not chunk:
            return False
        tail += chunk
        if len(tail) > cap:
            del tail[: len(tail) - cap]
    return True


def _remove_tree(path: str) -> None:
    """Delete ``path`` whatever the box did to permissions; never follows symlinks."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return
    if stat.S_ISDIR(info.st_mode):
        try:
            os.chmod(path, 0o700)
            for name in os.listdir(path):
                _remove_tree(os.path.join(path, name))
            os.rmdir(path)
        except OSError:
            pass
    else:
        try:
            os.unlink(path)
        except OSError:
            pass


def _owned_entries(uid: int) -> list[str]:
    """Entries of the writable places owned by ``uid`` (symlinks not followed)."""
    found = []
    for path in _leftovers():
        try:
            if os.lstat(path).st_uid == uid:
                found.append(path)
        except OSError:
            continue
    return found


def _ipc_header_check() -> None:
    """Locate the uid column from the headers once (kernel versions differ)."""
    for kind in SYSVIPC:
        try:
            with open(f"/proc/sysvipc/{kind}") as fh:
                head = fh.readline().split()
        except OSError:
            continue
        _UID_COL[kind] = [head.index(c) for c in ("uid", "cuid") if c in head]


#: Columns of /proc/sysvipc/* holding the owner and the creator. An owner may hand an
#: object to another UID (IPC_SET), so both count: the creator can still remove it.
_UID_COL: dict[str, list[int]] = {}


def _ipc_owned(uid: int) -> list[tuple[str, int]]:
    result = []
    for kind in SYSVIPC:
        columns = _UID_COL.get(kind, [])
        try:
            with open(f"/proc/sysvipc/{kind}") as fh:
                lines = fh.read().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            cols = line.split()
            try:
                if any(int(cols[c]) == uid for c in columns):
                    result.append((kind, int(cols[1])))
            except (IndexError, ValueError):
                continue
    return result


def _ipc_left() -> bool:
    """Whether any SysV IPC object exists at all: none may outlive the suite that made it."""
    for kind in SYSVIPC:
        try:
            with open(f"/proc/sysvipc/{kind}") as fh:
                if len(fh.read().splitlines()) > 1:
                    return True
        except OSError:
            continue
    return False


def _remove_ipc(objects: list[tuple[str, int]]) -> None:
    if not objects:
        return  # the usual case: no need to load libc
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    ipc_rmid = 0
    for kind, ident in objects:
        if kind == "shm":
            libc.shmctl(ident, ipc_rmid, None)
        elif kind == "msg":
            libc.msgctl(ident, ipc_rmid, None)
        else:
            libc.semctl(ident, 0, ipc_rmid)


def _leftovers() -> list[str]:
    """Everything in the writable places: after a suite's wipe there must be nothing."""
    found = []
    for top in (BOX_ROOT, *SCRATCH_DIRS):
        try:
            found += [os.path.join(top, name) for name in os.listdir(top)]
        except OSError:
            continue
    return found


def _wipe(uid: int, shared: str | None = None) -> None:
    """As the box UID, after every process of it is dead: delete its files and IPC objects
    (in the writable places, and in the shared directory of an isolated suite)."""
    for path in _owned_entries(uid):
        _remove_tree(path)
    if shared is not None:
        try:
            names = os.listdir(shared)
        except OSError:
            names = []
        for name in names:
            path = os.path.join(shared, name)
            try:
                if os.lstat(path).st_uid == uid:
                    _remove_tree(path)
            except OSError:
                continue
    _remove_ipc(_ipc_owned(uid))


def _pids_of(uids: tuple[int, ...]) -> list[int]:
    """PIDs whose real UID is one of ``uids`` (zombies included)."""
    pids = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/status") as fh:
                for line in fh:
                    if line.startswith("Uid:"):
                        if int(line.split()[1]) in uids:
                            pids.append(int(name))
                        break
        except (OSError, ValueError):
            continue
    return pids


def _oom_kills() -> int:
    for path, key in (
        ("/sys/fs/cgroup/memory/memory.oom_control", "oom_kill"),
        ("/sys/fs/cgroup/memory.events", "oom_kill"),
    ):
        try:
            with open(path) as fh:
                for line in fh:
                    parts = line.split()
                    if len(parts) == 2 and parts[0] == key:
                        return int(parts[1])
        except OSError:
            continue
    return -1


# ------------------------------------------------------------------ one suite


def _valid_request(req: dict[str, Any]) -> str:
    """Defence in depth: the host already vetted file names; refuse anything odd."""
    files = req.get("files")
    if not isinstance(files, dict) or not files:
        return "no files"
    for name, content in files.items():
        if not isinstance(content, str) or not _NAME.fullmatch(name):
            return f"refused file name {name!r}"
    tests = req.get("test_files")
    if not isinstance(tests, list) or not tests or any(t not in files for t in tests):
        return "test files missing"
    isolate = req.get("isolate")
    if isolate is not None and (not isinstance(isolate, str) or f"{isolate}.py" not in files):
        return "isolated module missing"
    trusted = req.get("trusted_tests", [])
    if not isinstance(trusted, list) or any(t not in tests for t in trusted):
        return "trusted test files missing"
    return ""


_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,99}\.py")


#: How often the exit of a suite's child is polled where the kernel has no pidfds.
EXIT_POLL_S = 0.005


def _pidfd(pid: int) -> int | None:
    """A descriptor that becomes readable when ``pid`` exits, or None where the kernel
    has no ``pidfd_open`` (gVisor's user-space kernel)."""
    try:
        return os.pidfd_open(pid)
    except OSError:
        return None


def _exited(pid: int) -> bool:
    """Whether ``pid`` has exited, leaving it unreaped (its zombie still counts)."""
    return os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None


def run_suite(req: dict[str, Any], uid: int) -> dict[str, Any]:
    """Run one suite under box UID ``uid`` (and ``uid + 1`` for an isolated module)."""
    box = TESTS_BOX
    limits = req["limits"]
    timeout = 3600.0 if "deadline" in SABOTAGE else float(limits["timeout_s"])
    isolated = bool(req.get("isolate"))
    oom_before = _oom_kills()
    started = time.monotonic()
    module_pid = None
    module_uid = uid + 1
    out_r, out_w = os.pipe()
    shared = os.path.join(BOX_ROOT, f"w{uid}") if isolated else None
    if shared is not None:
        req = {**req, "shared": uid}
        os.mkdir(shared)
        os.chmod(shared, 0o777)  # only this suite's two box UIDs have processes now
    if isolated:
        ours, theirs = socket.socketpair()
        module_pid = os.fork()
        if module_pid == 0:
            ours.close()
            os.close(out_r)
            module_box = os.path.join(BOX_ROOT, f"b{module_uid}")
            _child(req, module_uid, module_box, "module", theirs.fileno())
        pid = os.fork()
        if pid == 0:
            theirs.close()
            os.close(out_r)
            _child(req, uid, box, "isolated-tests", ours.fileno(), out_w)
        ours.close()
        theirs.close()
    else:
        pid = os.fork()
        if pid == 0:
            os.close(out_r)
            _child(req, uid, box, output=out_w)
    os.close(out_w)
    os.set_blocking(out_r, False)
    cap_out = int(limits["output_kb"]) * 1024
    tail = bytearray()
    pidfd = _pidfd(pid)
    module_fd = _pidfd(module_pid) if module_pid is not None else None
    timed_out = False
    remaining = timeout
    # Until the child has exited: keep draining its output, and once every writer has
    # closed the pipe (an exiting child closes it well before it can be waited for),
    # stop watching it, or select would report the closed pipe again and again.
    watched = [pidfd, out_r] if pidfd is not None else [out_r]
    while True:
        if pidfd is not None:
            ready, _, _ = select.select(watched, [], [], max(0.0, remaining))
        else:  # no pidfds (gVisor): poll for the exit without reaping the child
            ready, _, _ = select.select(watched, [], [], min(max(0.0, remaining), EXIT_POLL_S))
        if out_r in ready and not _drain(out_r, tail, cap_out):
            watched = [pidfd] if pidfd is not None else []
        if pidfd in ready or (pidfd is None and _exited(pid)):
            break
        remaining = timeout - (time.monotonic() - started)
        if remaining <= 0:
            timed_out = True
            break
    duration = time.monotonic() - started
    # The module's process ending before the tests did (killed by the OOM killer, a
    # signal, or an exit of its own) is what would have ended pytest in-process.
    module_exit = None
    if module_pid is not None:
        if module_fd is not None:
            ended = bool(select.select([module_fd], [], [], 0)[0])
            os.close(module_fd)
        else:
            ended = _exited(module_pid)
        if ended:
            module_exit = os.waitstatus_to_exitcode(os.waitpid(module_pid, 0)[1])

    # One helper for the suite's box UIDs: as those UIDs it kills every process of them
    # (the supervisor holds no CAP_KILL), and once none is left it reads the report as
    # the tests' UID and deletes each UID's files and IPC objects as that UID.
    uids = (uid, module_uid) if isolated else (uid,)

    def finish() -> bytes:
        if _kill_all(uids) != b"ok":
            return json.dumps({"killed": False}).encode()
        os.seteuid(uid)
        report = _read_capped(os.path.join(box, REPORT_NAME), MAX_REPORT_BYTES)
        why = _read_capped(os.path.join(box, UNSUPPORTED_NAME), 4096) if isolated else {}
        for box_uid in uids:
            os.seteuid(box_uid)
            _wipe(box_uid, shared)
        return json.dumps({"killed": True, "report": report, "unsupported": why}).encode()

    helper = _start_helper(uids, finish)
    _, status = os.waitpid(pid, 0)  # the helper waits for these zombies to be reaped
    if pidfd is not None:
        os.close(pidfd)
    if module_pid is not None and module_exit is None:
        os.waitpid(module_pid, 0)
    try:
        collected = json.loads(_finish_helper(*helper))
    except ValueError:
        collected = {"killed": False}
    _drain(out_r, tail, cap_out)  # every writer is dead now
    os.close(out_r)
    exit_code = os.waitstatus_to_exitcode(status)
    oom = _oom_kills() > oom_before >= 0
    anomaly = []
    if not collected.get("killed"):
        anomaly.append("processes survived the kill loop")
    if "report" not in collected:
        collected = {"report": {"state": "rejected", "why": "collector failed"}}
    report = collected.get("report")
    unsupported = ""
    why = collected.get("unsupported") or {}
    if exit_code == UNSUPPORTED_EXIT and why.get("state") == "ok":
        unsupported = base64.b64decode(why["data"]).decode("utf-8", "replace")
    if module_exit not in (None, 0) and not timed_out:
        # As in-process: pytest's process would have died with the module, so the
        # suite's outcome is the module's end, not the tests' errors that followed it.
        exit_code = module_exit
        report = {"state": "missing"}
        unsupported = ""
    if shared is not None:
        try:
            os.rmdir(shared)  # emptied by the helper; anything left is an anomaly below
        except OSError:
            pass
    alive = _pids_of(uids)
    if alive:
        anomaly.append(f"processes of box UIDs {uids} are still alive: {alive[:5]}")
    leftovers = _leftovers()
    if leftovers:
        anomaly.append(f"files left behind: {leftovers[:5]}")
    if len(_UID_COL) < len(SYSVIPC):
        # gVisor's kernel has no /proc/sysvipc: what a suite left in SysV IPC can be
        # neither listed nor removed, so the container is never reused.
        anomaly.append("SysV IPC objects cannot be listed under this kernel")
    elif _ipc_left():
        anomaly.append("IPC objects left behind")
    return {
        "id": req.get("id"),
        "exit_code": exit_code,
        "timed_out": timed_out,
        "oom": oom and exit_code == -signal.SIGKILL and not timed_out,
        "duration_s": round(duration, 4),
        "report": report,
        "isolation_unsupported": unsupported,
        "output": tail.decode("utf-8", "replace"),
        "anomaly": "; ".join(anomaly),
        "uid": uid,
    }


def self_check() -> dict[str, Any]:
    return {
        "uid": os.getuid(),
        "pid": os.getpid(),
        "python": sys.version.split()[0],
        # whether the warm-up recognised this pytest's rewriting (see _install_rewrite_cache)
        "rewrites_hidden_tests": _REWRITE_FIRST is not None,
    }


def main() -> None:
    _warm_up()
    _ipc_header_check()
    os.makedirs(BOX_ROOT, exist_ok=True)
    next_uid = FIRST_BOX_UID
    out = sys.stdout.buffer
    out.write(json.dumps({"ready": True, **self_check()}).encode() + b"\n")
    out.flush()
    for line in sys.stdin.buffer:
        try:
            req = json.loads(line)
            if req.get("op") == "run":
                problem = _valid_request(req)
                if next_uid + 2 > FIRST_BOX_UID + UID_SPAN:
                    problem = "this container's box UIDs are used up"
                if problem:
                    resp = {"id": req.get("id"), "error": problem}
                else:
                    _before_suite(req)
                    resp = run_suite(req, next_uid)
                    next_uid += 2  # an isolated suite uses two UIDs; never reuse one
            elif req.get("op") == "ping":
                resp = {"id": req.get("id"), "pong": True}
            else:
                resp = {"id": req.get("id"), "error": f"unknown op {req.get('op')!r}"}
        except Exception as exc:
            resp = {"error": f"{type(exc).__name__}: {exc}"}
        out.write(json.dumps(resp).encode() + b"\n")
        out.flush()


if __name__ == "__main__":
    main()
