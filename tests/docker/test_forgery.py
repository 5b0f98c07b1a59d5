"""Forged results: a hostile module must never turn failing hidden reference tests into a pass.

The hidden reference tests run isolated: the module lives in another process under
its own UID and the tests see a proxy. Each module below fails the honest check
(``double(2) == 4``) and tries a different way to forge the verdict. The same
module against its *own* tests, which run in-process, shows what the isolation buys
(documented as a residual risk in SECURITY.md).
"""

from __future__ import annotations

import textwrap
from typing import Any

import pytest

from codeeval.junit import judge_run
from codeeval.models import RunRequest, SampleKey, SuiteResult, SuiteSpec

pytestmark = pytest.mark.docker

HIDDEN_TESTS = """
from target import double

def test_two():
    assert double(2) == 4

def test_three():
    assert double(3) == 6
"""

PATCH_PYTEST = """
import _pytest.reports

_original = _pytest.reports.TestReport.__init__

def _always_pass(self, *args, **kwargs):
    _original(self, *args, **kwargs)
    self.outcome = "passed"
    self.longrepr = None

_pytest.reports.TestReport.__init__ = _always_pass

def double(x):
    return x + 1
"""

MAGIC_EQUAL = """
class Anything:
    def __eq__(self, other):
        return True
    def __ne__(self, other):
        return False
    __hash__ = object.__hash__

def double(x):
    return Anything()
"""

REWRITE_REPORT_AT_EXIT = """
import atexit, glob, os

FAKE = ('<?xml version="1.0"?><testsuites><testsuite name="pytest" tests="2">'
        '<testcase classname="t" name="test_two"/><testcase classname="t" name="test_three"/>'
        '</testsuite></testsuites>')

def _forge():
    for path in glob.glob("/box/*/.codeeval-junit.xml") + [".codeeval-junit.xml"]:
        try:
            with open(path, "w") as fh:
                fh.write(FAKE)
        except OSError:
            pass
    os._exit(0)

atexit.register(_forge)

def double(x):
    return x + 1
"""

KILL_THE_TESTS = """
import os, signal

def double(x):
    for pid in os.listdir("/proc"):
        if pid.isdigit() and int(pid) != os.getpid():
            try:
                os.kill(int(pid), signal.SIGKILL)
            except OSError:
                pass
    return x + 1
"""

SKIP_EVERYTHING = """
import unittest

def double(x):
    raise unittest.SkipTest("not today")
"""

CLAIM_UNSUPPORTED = """
import glob, os

class IsolationUnsupported(Exception):
    pass

def _plant():
    for where in glob.glob("/box/*") + ["."]:
        for name in (".codeeval-unsupported", ".codeeval-junit.xml"):
            try:
                with open(os.path.join(where, name), "w") as fh:
                    fh.write("the tests subclass Base")
            except OSError:
                pass

_plant()

def double(x):
    _plant()
    raise IsolationUnsupported("the tests subclass a class of the isolated module")
"""

LYING_DESCRIPTION = """
import inspect

def double(x):
    return x + 1

# A signature that claims a default the test would see; the call still runs this code.
double.__signature__ = inspect.Signature(
    [inspect.Parameter("x", inspect.Parameter.POSITIONAL_OR_KEYWORD, default=2)]
)
double.__name__ = "double(x):\n    return 2 * x\ndef _"
"""

FORGERIES = {
    "patch-pytest-reporting": PATCH_PYTEST,
    "magic-equality": MAGIC_EQUAL,
    "rewrite-report-at-exit": REWRITE_REPORT_AT_EXIT,
    "kill-the-test-process": KILL_THE_TESTS,
    "skip-every-test": SKIP_EVERYTHING,
    "claim-isolation-unsupported": CLAIM_UNSUPPORTED,
    "lying-function-description": LYING_DESCRIPTION,
}


def run(runner: Any, module: str, isolate: bool) -> SuiteResult:
    spec = SuiteSpec(
        name="reference",
        module_name="target",
        module_source=textwrap.dedent(module),
        test_file="test_codeeval_reference.py",
        test_source=HIDDEN_TESTS,
        expected_tests=2,
        isolate=isolate,
    )
    key = SampleKey(model="forger", prompt_id="double", run=1)
    request = RunRequest(key=key, suites=(spec,))
    return judge_run(request, runner.run(request))["reference"]


@pytest.mark.parametrize("module", FORGERIES.values(), ids=FORGERIES.keys())
def test_isolated_hidden_tests_cannot_be_forged(docker_runner: Any, module: str) -> None:
    result = run(docker_runner, module, isolate=True)
    assert result.status not in ("passed", "isolation_unsupported"), result
    assert result.passed == 0


def test_honest_module_passes_isolated(docker_runner: Any) -> None:
    result = run(docker_runner, "def double(x):\n    return 2 * x\n", isolate=True)
    assert (result.status, result.passed) == ("passed", 2)


def test_in_process_tests_can_be_forged_by_patching_pytest(docker_runner: Any) -> None:
    """Pins the residual risk SECURITY.md names: code in the test process decides.

    This is why the hidden reference suite runs isolated. If this test starts failing,
    in-process forgery got harder; update SECURITY.md.
    """
    assert run(docker_runner, PATCH_PYTEST, isolate=False).status == "passed"
