"""JUnit reading and the cross-check against pytest's exit code, on real pytest reports."""

from __future__ import annotations

from pathlib import Path

import pytest

from codeeval.junit import (
    Counts,
    RawOutcome,
    ReportError,
    clean_text,
    judge,
    judge_run,
    parse_report,
)
from codeeval.models import RunRequest, RunResult, SampleKey, SuiteSpec

DATA = Path(__file__).parent / "data" / "junit"


def report(name: str) -> bytes:
    return (DATA / f"{name}.xml").read_bytes()


@pytest.mark.parametrize(
    ("name", "counts"),
    [
        ("pass", Counts(2, 0, 0, 0)),
        ("fail", Counts(1, 1, 0, 0, ("test_x::test_b",))),
        ("error", Counts(1, 0, 1, 0, ("test_x::test_a",))),
        ("collection_error", Counts(0, 0, 1, 0, ("test_x",))),
        ("empty", Counts(0, 0, 0, 0)),
        ("skipped", Counts(1, 0, 0, 1)),
        ("params", Counts(2, 1, 0, 0, ("test_x::test_a[3]",))),
    ],
)
def test_parse_real_reports(name: str, counts: Counts) -> None:
    assert parse_report(report(name)) == counts


@pytest.mark.parametrize(
    ("name", "code", "expected", "status"),
    [
        ("pass", 0, 2, "passed"),
        ("fail", 1, 2, "failed"),
        ("error", 1, 2, "failed"),
        ("collection_error", 2, 1, "collection_error"),
        ("empty", 5, 0, "no_tests"),
        ("skipped", 0, 2, "passed"),
        ("params", 1, 1, "failed"),
    ],
)
def test_judge_consistent_reports(name: str, code: int, expected: int, status: str) -> None:
    result = judge(RawOutcome(exit_code=code, report=report(name)), expected_tests=expected)
    assert result.status == status
    assert result.total == parse_report(report(name)).total


@pytest.mark.parametrize(
    ("name", "code", "expected", "why"),
    [
        # a passing report next to a failing exit code: rewritten at exit
        ("pass", 1, 0, "no failure"),
        # a failing report next to exit 0: os._exit(0) after the report was written
        ("fail", 0, 0, "holds failures"),
        # an empty report next to exit 0
        ("empty", 0, 0, "no tests"),
        # fewer tests than the file defines: a forged, shortened report
        ("pass", 0, 5, "at least 5"),
        ("fail", 1, 3, "at least 3"),
        ("pass", 5, 0, "no tests"),
    ],
)
def test_judge_rejects_inconsistent_reports(name: str, code: int, expected: int, why: str) -> None:
    result = judge(RawOutcome(exit_code=code, report=report(name)), expected_tests=expected)
    assert result.status == "results_rejected"
    assert why in result.detail


def test_all_skipped_is_not_a_pass() -> None:
    only_skips = b"""<testsuites><testsuite name="pytest"><testcase name="a"><skipped/></testcase>
    <testcase name="b"><skipped/></testcase></testsuite></testsuites>"""
    result = judge(RawOutcome(exit_code=0, report=only_skips), expected_tests=2)
    assert result.status == "no_tests"
    assert "skipped" in result.detail


def test_malformed_report_is_rejected() -> None:
    result = judge(RawOutcome(exit_code=0, report=report("malformed")))
    assert result.status == "results_rejected"
    assert "malformed" in result.detail


def test_missing_report_is_no_results_never_passed() -> None:
    assert judge(RawOutcome(exit_code=0)).status == "no_results"
    killed = judge(RawOutcome(exit_code=-9))
    assert killed.status == "no_results"
    assert "signal 9" in killed.detail


def test_timeout_and_oom_win_over_reports() -> None:
    assert (
        judge(RawOutcome(exit_code=-9, timed_out=True, report=report("pass"))).status == "timeout"
    )
    assert judge(RawOutcome(exit_code=-9, oom=True)).status == "oom"


def test_runner_rejection_is_kept() -> None:
    result = judge(RawOutcome(exit_code=0, report_problem="report rejected: not a regular file"))
    assert result.status == "results_rejected"
    assert "regular file" in result.detail


XXE = b"""<?xml version="1.0"?>
<!DOCTYPE t [<!ENTITY x SYSTEM "file:///etc/passwd">]>
<testsuites><testsuite name="p" tests="1"><testcase name="&x;"/></testsuite></testsuites>"""

BOMB = b"""<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>
<testsuites><testsuite name="p"><testcase name="&lol3;"/></testsuite></testsuites>"""


@pytest.mark.parametrize("data", [XXE, BOMB], ids=["xxe", "billion-laughs"])
def test_hostile_xml_is_rejected(data: bytes) -> None:
    with pytest.raises(ReportError, match="DTD"):
        parse_report(data)
    assert judge(RawOutcome(exit_code=0, report=data)).status == "results_rejected"


def test_oversized_report_is_rejected() -> None:
    big = b"<testsuites>" + b" " * (5 * 1024 * 1024) + b"</testsuites>"
    with pytest.raises(ReportError, match="too large"):
        parse_report(big)


def test_wrong_root_is_rejected() -> None:
    with pytest.raises(ReportError, match="unexpected root"):
        parse_report(b"<html><body/></html>")


def test_clean_text_strips_escapes_and_keeps_the_end() -> None:
    text = "\x1b[31mred\x1b[0m\x00bell\x07" + "x" * 5000 + "END"
    cleaned = clean_text(text, limit=100)
    assert "\x1b" not in cleaned and "\x00" not in cleaned and "\x07" not in cleaned
    assert cleaned.endswith("END")
    assert len(cleaned) == 100


def test_sandbox_error_outcome_is_never_a_model_verdict() -> None:
    raw = RawOutcome(exit_code=1, report=report("fail"), sandbox_error="container vanished")
    result = judge(raw, expected_tests=2)
    assert (result.status, result.detail) == ("sandbox_error", "container vanished")
    assert result.total == 0


def test_judge_run_judges_every_suite_of_the_request_once() -> None:
    spec = SuiteSpec(
        name="own", module_name="m", module_source="", test_file="test_m.py", test_source=""
    )
    ref = spec.model_copy(update={"name": "reference", "expected_tests": 3})
    key = SampleKey(model="m", prompt_id="p", run=1)
    request = RunRequest(key=key, suites=(spec, ref))
    result = RunResult(
        key=key,
        outcomes={"reference": RawOutcome(exit_code=0, report=report("pass"))},
        runner="fake",
    )
    verdicts = judge_run(request, result)
    # two tests where the file defines three: the cross-check runs here, for every runner
    assert verdicts["reference"].status == "results_rejected"
    assert verdicts["own"].status == "sandbox_error"
    assert "returned no outcome" in verdicts["own"].detail


def test_raw_outcomes_cross_a_process_boundary_as_json() -> None:
    raw = RawOutcome(exit_code=1, report=b"<testsuites>\x00\xff</testsuites>", output="E  x")
    assert RawOutcome.model_validate_json(raw.model_dump_json()) == raw


def test_failing_names_are_capped_and_cleaned() -> None:
    cases = "".join(
        f'<testcase classname="t" name="test_{i}{"x" * 300}"><failure message="x"/></testcase>'
        for i in range(50)
    )
    data = f"<testsuites><testsuite>{cases}</testsuite></testsuites>".encode()
    counts = parse_report(data)
    assert counts.failed == 50
    assert len(counts.failing) == 20
    assert all(len(name) == 200 for name in counts.failing)  # the end is kept


def test_isolation_unsupported_is_its_own_status() -> None:
    raw = RawOutcome(
        exit_code=86, report=report("fail"), isolation_unsupported="the tests subclass"
    )
    result = judge(raw, expected_tests=1)
    assert result.status == "isolation_unsupported"
    assert "subclass" in result.detail
    assert judge(RawOutcome(exit_code=-9, oom=True, isolation_unsupported="x")).status == "oom"
