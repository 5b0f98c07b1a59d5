"""A runner that executes nothing: outcomes come from a script. For tests and dry runs.

It sits behind the same protocol as the Docker runner and, like it, returns raw
outcomes (an exit code and a JUnit XML report) that the pipeline judges with
``codeeval.junit.judge_run``: the judging is the same for both. By default every suite
passes with one test case per test function the suite's file defines; ``script`` maps a
suite name (or a ``"model/prompt_id/run:suite"`` label) to the ``RawOutcome`` to return
instead — ``junit_outcome`` writes one the way pytest would.
"""

from __future__ import annotations

import threading
from xml.sax.saxutils import quoteattr

from codeeval.models import Limits, RawOutcome, RunRequest, RunResult


def junit_report(
    passed: int = 0,
    failed: int = 0,
    errors: int = 0,
    skipped: int = 0,
    *,
    file: str = "test_module",
    names: tuple[str, ...] = (),
) -> bytes:
    """A JUnit XML report shaped like pytest's: passes, then failures, errors, skips.

    ``names`` gives the case names in that order; the rest are ``test_1``, ``test_2`` …
    """
    total = passed + failed + errors + skipped
    cases: list[str] = []
    for i in range(total):
        name = names[i] if i < len(names) else f"test_{i + 1}"
        head = f'<testcase classname={quoteattr(file)} name={quoteattr(name)} time="0.001"'
        if i < passed:
            cases.append(head + " />")
        elif i < passed + failed:
            cases.append(
                head + '><failure message="assert False">assert False</failure></testcase>'
            )
        elif i < passed + failed + errors:
            cases.append(head + '><error message="error">fixture error</error></testcase>')
        else:
            cases.append(head + '><skipped message="skipped" /></testcase>')
    suite = (
        f'<testsuite name="pytest" errors="{errors}" failures="{failed}" '
        f'skipped="{skipped}" tests="{total}" time="0.01">' + "".join(cases) + "</testsuite>"
    )
    return ('<?xml version="1.0" encoding="utf-8"?><testsuites>' + suite + "</testsuites>").encode()


def junit_outcome(
    passed: int = 0,
    failed: int = 0,
    errors: int = 0,
    skipped: int = 0,
    *,
    exit_code: int | None = None,
    names: tuple[str, ...] = (),
) -> RawOutcome:
    """What pytest leaves behind for these counts; the exit code follows pytest's rules
    (0 all passed, 1 some failed, 5 nothing collected) unless given."""
    if exit_code is None:
        if failed or errors:
            exit_code = 1
        elif passed or skipped:
            exit_code = 0
        else:
            exit_code = 5
    report = junit_report(passed, failed, errors, skipped, names=names)
    return RawOutcome(exit_code=exit_code, report=report, duration_s=0.01)


class FakeRunner:
    name = "fake"

    def __init__(
        self,
        script: dict[str, RawOutcome] | None = None,
        digest: str = "sha256:fake",
        limits: Limits | None = None,
    ) -> None:
        self.script = script or {}
        self.limits = limits or Limits()
        self.requests: list[RunRequest] = []
        self.started = False
        self.closed = False
        self._digest = digest
        self._lock = threading.Lock()

    @property
    def image_digest(self) -> str | None:
        return self._digest

    def start(self) -> None:
        self.started = True

    def run(self, request: RunRequest) -> RunResult:
        with self._lock:
            self.requests.append(request)
        outcomes: dict[str, RawOutcome] = {}
        for spec in request.suites:
            label = f"{request.key.label()}:{spec.name}"
            raw = self.script.get(label) or self.script.get(spec.name)
            outcomes[spec.name] = raw or junit_outcome(passed=max(1, spec.expected_tests))
        return RunResult(key=request.key, outcomes=outcomes, runner=self.name, image=self._digest)

    def close(self) -> None:
        self.closed = True
