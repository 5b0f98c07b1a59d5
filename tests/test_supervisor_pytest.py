"""The supervisor's prepared pytest configuration runs a suite exactly as ``pytest.main``.

The supervisor parses pytest's command line once and each suite's child only sets its
test files (``sandbox/supervisor.py``: ``_prepare_pytest``, ``_run_pytest``). Here both
ways run the same test files with this environment's pytest and must give the same exit
code, the same JUnit report and the same output (times stripped). It runs in a
subprocess: the supervisor's warm-up changes the interpreter it runs in (frozen garbage
collector, imported plugins), which must not leak into this test session. The fixtures
of the plugin modules, found once in the warm-up, must be those pytest's own search
finds (the plain run searches itself). The box directory is a temporary one instead of
``/box``; nothing here needs Docker or root.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

from tests.supervisor_child import HARNESS

SANDBOX = Path(__file__).resolve().parents[1] / "sandbox"

SCRIPT = (
    HARNESS
    + r"""
import _pytest.fixtures, _pytest.python, pluggy
def readers():  # the signature readers, and pytest's search for fixtures, as called
    found = {(n, a): getattr(m, a) for n, m in list(sys.modules.items())
             for a in ("varnames", "getfuncargnames")
             if n.startswith(("pluggy", "_pytest.")) and hasattr(m, a)}
    found["parsefactories"] = _pytest.fixtures.FixtureManager.parsefactories
    return found
pytests_own = readers()
S._warm_up()
replaced = [k for k, v in readers().items() if v is not pytests_own[k]]
remembered = {k[1] for k in replaced if k != "parsefactories"} == {"varnames", "getfuncargnames"}
files = json.loads(sys.argv[3])
tests = sorted(n for n in files if n.startswith("test_"))

def plain():  # pytest parses, searches every plugin and reads every signature
    S._PREPARED = None
    S._PLUGIN_FIXTURES.clear()
    S._CLASSES_WITHOUT_FIXTURES.clear()
    for key, value in pytests_own.items():
        if key == "parsefactories":
            _pytest.fixtures.FixtureManager.parsefactories = value
        else:
            setattr(sys.modules[key[0]], key[1], value)

def prepared():  # count the hook signatures of the plugin code a session still reads itself
    wrapper = next(v for k, v in readers().items() if k != "parsefactories"
                   and k[1] == "varnames" and v is not pytests_own[k])
    cell = dict(zip(wrapper.__code__.co_freevars, wrapper.__closure__))["read_varnames"]
    read, afresh = cell.cell_contents, []
    def counting(func):
        afresh.append(S._plugin_code(getattr(func, "__func__", func)))
        return read(func)
    cell.cell_contents = counting
    cached = set(re._cache)  # the patterns the warm-up left compiled
    def after():
        import fnmatch  # the globs of test files and of directories not collected
        globs = {fnmatch.translate(g) for ini in ("python_files", "norecursedirs")
                 for g in S._PREPARED.getini(ini)}
        compiled = [key[1] for key in set(re._cache) - cached if key[1] in globs]
        return [sum(afresh), compiled]
    return after

def run(how):
    code, report, out, found = run_child(files, tests, how)
    return [code, report, out], found

scanned = len(S._PLUGIN_FIXTURES)
plain_classes = len(S._CLASSES_WITHOUT_FIXTURES)
fast, (afresh, compiled) = run(prepared)
print(json.dumps({"ready": S._PREPARED is not None, "scanned": scanned, "fast": fast,
                  "plain": run(plain)[0], "remembered": remembered, "classes": plain_classes,
                  "afresh": afresh, "compiled": compiled}))
"""
)

FILES = {
    "calc.py": "def add(a, b):\n    return a + b\n",
    "test_calc.py": textwrap.dedent(
        """
        import pytest
        from calc import add

        @pytest.fixture(autouse=True)
        def marker(request):
            request.node.user_properties.append(("seen", request.node.name))

        @pytest.fixture
        def capfd():  # overrides pytest's own fixture of that name
            return "mine"

        def test_fixtures(caplog, recwarn, tmp_path_factory, tmpdir, doctest_namespace, capfd):
            import logging, warnings
            logging.getLogger("x").warning("logged")
            warnings.warn("careful")
            assert "logged" in caplog.text and len(recwarn) == 1
            assert tmp_path_factory.mktemp("d").is_dir() and tmpdir.isdir()
            assert doctest_namespace == {} and capfd == "mine"

        def test_add(tmp_path, capsys, monkeypatch, pytestconfig):
            print("hello")
            assert capsys.readouterr().out == "hello\\n"
            assert tmp_path.is_dir()
            assert [str(a).rsplit("/", 1)[-1] for a in pytestconfig.args] == [
                "test_calc.py", "test_more.py"
            ]
            assert add(1, 2) == 3

        def test_wrong():
            values = [1, 2]
            assert add(*values) == [1, 3]

        @pytest.mark.parametrize("x", [1, 2, 3])
        def test_param(x):
            assert add(x, 0) == x

        @pytest.mark.skip(reason="not today")
        def test_skipped():
            pass
        """
    ),
    "test_more.py": "def test_more():\n    raise ValueError('boom')\n",
}


def test_prepared_configuration_runs_a_suite_like_pytest_main(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(SANDBOX), str(tmp_path), json.dumps(FILES)],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    assert result["ready"], "the supervisor could not prepare pytest's configuration"
    assert result["scanned"] > 20, "the plugin modules' fixtures were not found in the warm-up"
    assert result["remembered"], "the plugin code's signatures are not remembered"
    assert result["classes"] > 5, "the plugin classes without fixtures were not found"
    assert result["afresh"] == 0, "a session read hook signatures of the plugin code again"
    assert result["compiled"] == [], "a session compiled the globs it matches paths against"
    fast, plain = result["fast"], result["plain"]
    assert fast[0] == plain[0] == 1
    assert fast[1] == plain[1]  # the JUnit report
    assert fast[2] == plain[2]  # pytest's output
    assert 'tests="8"' in fast[1] and 'failures="2"' in fast[1] and 'skipped="1"' in fast[1]
    assert "assert 3 == [1, 3]" in fast[2]  # assertions are still rewritten
