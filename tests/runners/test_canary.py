"""The pre-flight checks' own logic, through a scripted runner (no Docker): the deadline
probe counts only a kill that came after the probe had begun to ignore SIGTERM, asks
again with a longer deadline when the kill came before, and never passes without it.

The real probes against the real sandbox run in ``tests/runners/test_start.py`` and
``tests/docker/test_sabotage.py``.
"""

from __future__ import annotations

import pytest

from codeeval.errors import SecurityCheckFailed
from codeeval.models import RawOutcome, RunRequest, RunResult
from codeeval.runners.canary import (
    PROBE_DEADLINES,
    RESISTING,
    checks,
    deadline_check,
    isolation_check,
    preflight,
)

KILLED_RESISTING = RawOutcome(timed_out=True, exit_code=-9, output=f"{RESISTING}\n")
KILLED_EARLY = RawOutcome(timed_out=True, exit_code=-9, output="")
PASSED = RawOutcome(
    exit_code=0,
    report=b'<testsuites><testsuite tests="4"><testcase name="a"/><testcase name="b"/>'
    b'<testcase name="c"/><testcase name="d"/></testsuite></testsuites>',
)


class Scripted:
    """Answers the deadline probe and the isolation probes with scripted outcomes and
    keeps the deadlines it was asked to enforce."""

    name = "scripted"

    def __init__(self, deadline: list[RawOutcome], isolation: RawOutcome = PASSED) -> None:
        self.deadline = list(deadline)
        self.isolation = isolation
        self.deadlines: list[float | None] = []

    def run(self, request: RunRequest) -> RunResult:
        (suite,) = request.suites
        if suite.test_file == "test_deadline.py":
            self.deadlines.append(request.timeout_s)
            raw = self.deadline.pop(0)
        else:
            raw = self.isolation
        return RunResult(key=request.key, outcomes={suite.name: raw}, runner=self.name)


def test_a_kill_after_the_probe_ignored_sigterm_passes_at_the_first_deadline() -> None:
    runner = Scripted([KILLED_RESISTING])
    assert deadline_check(runner) == []
    assert runner.deadlines == [PROBE_DEADLINES[0]]


def test_a_kill_before_the_probe_ignored_sigterm_is_asked_again_with_a_longer_deadline() -> None:
    runner = Scripted([KILLED_EARLY, KILLED_RESISTING])
    assert deadline_check(runner) == []
    assert runner.deadlines == list(PROBE_DEADLINES[:2])


def test_a_probe_never_seen_ignoring_sigterm_fails_after_the_last_deadline() -> None:
    runner = Scripted([KILLED_EARLY] * len(PROBE_DEADLINES))
    (failure,) = deadline_check(runner)
    assert "killed before it ignored SIGTERM" in failure
    assert runner.deadlines == list(PROBE_DEADLINES)


def test_a_probe_that_is_not_killed_fails_at_once() -> None:
    runner = Scripted([RawOutcome(exit_code=1)])
    (failure,) = deadline_check(runner)
    assert failure.startswith("deadline probe:") and "expected timeout" in failure
    assert len(runner.deadlines) == 1


def test_a_late_kill_fails_even_with_the_probe_resisting() -> None:
    # Any kill is "late" with a negative slack: the lateness check comes before the mark.
    (failure,) = deadline_check(Scripted([KILLED_RESISTING]), slack=-1.0)
    assert "killed after" in failure


def test_the_deadlines_grow_and_the_first_is_short() -> None:
    assert list(PROBE_DEADLINES) == sorted(PROBE_DEADLINES)
    assert PROBE_DEADLINES[0] <= 0.25


def test_the_longest_check_comes_first() -> None:
    runner = Scripted([KILLED_RESISTING])
    first, second = checks()
    assert first(runner) == [] and runner.deadlines  # the deadline probe
    assert second(runner) == [] and len(runner.deadlines) == 1  # the isolation probes


def test_isolation_failures_and_deadline_failures_are_both_named() -> None:
    failing = RawOutcome(exit_code=1, output="FAILED test_canary.py::test_not_root\n")
    runner = Scripted([KILLED_EARLY] * len(PROBE_DEADLINES), isolation=failing)
    assert isolation_check(runner)[0].startswith("isolation probes:")
    runner = Scripted([KILLED_EARLY] * len(PROBE_DEADLINES), isolation=failing)
    with pytest.raises(SecurityCheckFailed) as caught:
        preflight(runner)
    assert "isolation probes:" in str(caught.value) and "deadline probe:" in str(caught.value)
