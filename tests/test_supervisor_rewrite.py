"""The supervisor rewrites a prompt's hidden tests once, and each suite's pytest takes that code.

``sandbox/supervisor.py`` (``_rewrite_trusted_tests``, ``_install_rewrite_cache``): a
test file the host names as trusted (the prompt's own hidden tests) has its assertions
rewritten in the supervisor, keyed by its path and content; a session whose file has
that content uses the code instead of rewriting the file again. Here a suite runs with
the remembered code and with pytest's own rewriting, and both must give the same exit
code, JUnit report and output; a file whose content changed, and a file nobody named as
trusted, are rewritten by the session itself. It runs in a subprocess (the warm-up
changes the interpreter it runs in) with this environment's pytest; no Docker, no root.
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
S._warm_up()
from _pytest.assertion import rewrite
wrapper = rewrite._rewrite_test
cell = dict(zip(wrapper.__code__.co_freevars, wrapper.__closure__ or ()))["original"]
original = cell.cell_contents

def run(files, trusted, plain=False):
    req = {"files": files, "test_files": sorted(n for n in files if n.startswith("test_")),
           "trusted_tests": trusted}
    S._rewrite_trusted_tests(req)
    def in_child():
        afresh = []
        def counting(fn, config):  # pytest's own rewriting of a suite's file
            if os.path.dirname(fn) == S.TESTS_BOX:
                afresh.append(os.path.basename(fn))
            return original(fn, config)
        if plain:
            rewrite._rewrite_test = counting
        else:
            cell.cell_contents = counting
        return lambda: afresh
    code, report, output, afresh = run_child(files, req["test_files"], in_child)
    return {"code": code, "report": report, "output": output, "afresh": afresh}

files, changed = json.loads(sys.argv[3]), json.loads(sys.argv[4])
result = {"installed": S._REWRITE_FIRST is not None}
result["cached"] = run(files, ["test_hidden.py"])
result["plain"] = run(files, ["test_hidden.py"], plain=True)
result["remembered"] = len(S._REWRITTEN)
result["changed"] = run(changed, [])  # the same file name, another content
result["untrusted"] = run({**files, "test_own.py": "def test_own():\n    assert 1 == 2\n"}, [])
result["remembered_after"] = len(S._REWRITTEN)
S._REWRITTEN_BYTES = len(changed["test_hidden.py"]) + 1  # room for one of the two
result["newest"] = run(changed, ["test_hidden.py"])
result["kept"] = [size for _, size in S._REWRITTEN.values()]
print(json.dumps(result))
"""
)

HIDDEN = textwrap.dedent(
    """
    from calc import add

    def test_add():
        assert add(1, 2) == 3

    def test_wrong():
        got = [add(1, 1)]
        assert got == [3], "off by one"

    class TestMore:
        def test_more(self):
            assert add(2, 2) == 4
    """
)

FILES = {"calc.py": "def add(a, b):\n    return a + b\n", "test_hidden.py": HIDDEN}
CHANGED = {**FILES, "test_hidden.py": HIDDEN.replace("[3]", "[2]")}
DATA = (FILES, CHANGED)


def run_script(tmp_path: Path) -> dict:
    proc = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(SANDBOX), str(tmp_path), *map(json.dumps, DATA)],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_trusted_tests_rewritten_once_run_as_pytest_rewrites_them(tmp_path: Path) -> None:
    result = run_script(tmp_path)
    assert result["installed"], "this pytest's rewriting was not recognised"
    cached, plain = result["cached"], result["plain"]
    assert cached["afresh"] == [], "the session rewrote the trusted test file again"
    assert plain["afresh"] == ["test_hidden.py"]
    assert cached["code"] == plain["code"] == 1
    assert cached["report"] == plain["report"]
    assert cached["output"] == plain["output"]
    assert 'tests="3"' in cached["report"] and 'failures="1"' in cached["report"]
    assert "assert [2] == [3]" in cached["output"]  # the assertion is still rewritten
    assert result["remembered"] == 1


def test_changed_or_untrusted_test_files_are_rewritten_by_the_session(tmp_path: Path) -> None:
    result = run_script(tmp_path)
    changed = result["changed"]
    assert changed["afresh"] == ["test_hidden.py"], "a changed file was served stale code"
    assert changed["code"] == 0 and 'failures="0"' in changed["report"]
    untrusted = result["untrusted"]
    assert sorted(untrusted["afresh"]) == ["test_own.py"]  # test_hidden.py: remembered
    assert untrusted["code"] == 1 and "assert 1 == 2" in untrusted["output"]
    assert result["remembered_after"] == 1, "a file nobody named trusted was remembered"


def test_least_recently_used_code_goes_first_beyond_the_budget(tmp_path: Path) -> None:
    result = run_script(tmp_path)
    assert result["newest"]["afresh"] == [], "the newest trusted file was not remembered"
    assert result["newest"]["code"] == 0
    assert result["kept"] == [len(CHANGED["test_hidden.py"])], "the older code was kept"


def test_a_request_naming_trusted_tests_it_does_not_run_is_refused() -> None:
    script = (
        "import json, sys; sys.path.insert(0, sys.argv[1]); import supervisor as S\n"
        "base = {'files': {'m.py': '', 'test_m.py': ''}, 'test_files': ['test_m.py']}\n"
        "cases = [[], ['test_m.py'], ['m.py'], ['test_other.py'], 'test_m.py', None]\n"
        "print(json.dumps([S._valid_request({**base, 'trusted_tests': c}) for c in cases]))"
    )
    proc = subprocess.run(
        [sys.executable, "-c", script, str(SANDBOX)], capture_output=True, text=True, check=True
    )
    refused = "trusted test files missing"
    assert json.loads(proc.stdout) == ["", "", refused, refused, refused, refused]
