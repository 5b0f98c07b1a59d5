"""Turn what a suite left behind (exit code, JUnit XML, signals) into a verdict.

The only importer of junitparser. Everything a suite produces is untrusted: the
code under test ran in the same process as pytest and could rewrite the report.
So the report is parsed defensively (size cap, no DTD, no entities, no network)
and cross-checked against pytest's exit code and the number of tests the test file
defines; anything inconsistent is ``results_rejected``, never a pass.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from junitparser import Error, Failure, JUnitXml, Skipped, TestSuite
from lxml import etree

from codeeval.models import SuiteResult, SuiteStatus

MAX_REPORT_BYTES = 4 * 1024 * 1024
MAX_TEXT = 2000
_CONTROL = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|[\x00-\x08\x0b-\x1f\x7f-\x9f]")


class ReportError(ValueError):
    """The report cannot be trusted or cannot be read."""


@dataclass(frozen=True)
class Counts:
    passed: int
    failed: int
    errors: int
    skipped: int

    @property
    def total(self) -> int:
        return self.passed + self.failed + self.errors + self.skipped


@dataclass(frozen=True)
class RawOutcome:
    """What a runner observed for one suite, before any judgement."""

    exit_code: int | None
    timed_out: bool = False
    oom: bool = False
    report: bytes | None = None
    report_problem: str = ""
    output: str = ""
    duration_s: float = 0.0


def clean_text(text: str, limit: int = MAX_TEXT) -> str:
    """Strip terminal escapes and control characters; keep the *end* when too long."""
    text = _CONTROL.sub("", text)
    if len(text) > limit:
        text = "…" + text[-(limit - 1) :]
    return text


def parse_report(data: bytes) -> Counts:
    """Count outcomes per test case in a JUnit XML document.

    Raises:
        ReportError: when the document is too large, declares a DTD or entities,
            or is not well-formed JUnit XML.
    """
    if len(data) > MAX_REPORT_BYTES:
        raise ReportError(f"report too large ({len(data)} bytes)")
    head = data[:4096].upper()
    if b"<!DOCTYPE" in head or b"<!ENTITY" in data.upper():
        raise ReportError("report declares a DTD or entities")
    parser = etree.XMLParser(
        resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False
    )
    try:
        root = etree.fromstring(data, parser=parser)
    except etree.XMLSyntaxError as exc:
        raise ReportError(f"malformed report: {exc}") from exc
    if root.tag not in ("testsuites", "testsuite"):
        raise ReportError(f"unexpected root element <{root.tag}>")
    xml = JUnitXml.fromroot(root)
    suites = [xml] if isinstance(xml, TestSuite) else list(xml)
    passed = failed = errors = skipped = 0
    for suite in suites:
        for case in suite:
            kinds = {type(r) for r in case.result}
            if Failure in kinds:
                failed += 1
            elif Error in kinds:
                errors += 1
            elif Skipped in kinds:
                skipped += 1
            else:
                passed += 1
    return Counts(passed, failed, errors, skipped)


def judge(raw: RawOutcome, expected_tests: int = 0) -> SuiteResult:
    """The verdict for one suite, from what the runner saw.

    Args:
        raw: exit code, report bytes and flags observed by the runner.
        expected_tests: a lower bound on the number of test cases the report must
            hold when pytest ran to the end (unique test functions found statically).
    """
    base = {
        "exit_code": raw.exit_code,
        "duration_s": round(raw.duration_s, 4),
        "output_tail": clean_text(raw.output),
    }
    if raw.timed_out:
        return SuiteResult(status="timeout", detail="killed at the deadline", **base)
    if raw.oom:
        return SuiteResult(status="oom", detail="killed by the out-of-memory killer", **base)
    if raw.report_problem:
        return SuiteResult(status="results_rejected", detail=raw.report_problem, **base)
    code = raw.exit_code
    if raw.report is None:
        if code is not None and code < 0:
            why = f"pytest was killed by signal {-code} and wrote no report"
        else:
            why = f"pytest exited with code {code} and wrote no report"
        return SuiteResult(status="no_results", detail=why, **base)
    try:
        counts = parse_report(raw.report)
    except ReportError as exc:
        return SuiteResult(status="results_rejected", detail=str(exc), **base)
    status, detail = _consistent(code, counts, expected_tests)
    return SuiteResult(
        status=status,
        passed=counts.passed,
        failed=counts.failed,
        errors=counts.errors,
        skipped=counts.skipped,
        detail=detail,
        **base,
    )


def _consistent(code: int | None, c: Counts, expected: int) -> tuple[SuiteStatus, str]:
    bad = c.failed + c.errors
    if code == 0:
        if c.total == 0:
            return "results_rejected", "exit code 0 but the report holds no tests"
        if bad:
            return "results_rejected", "exit code 0 but the report holds failures"
        if c.total < expected:
            return "results_rejected", (
                f"report holds {c.total} tests, the test file defines at least {expected}"
            )
        if c.passed == 0:
            return "no_tests", "every test was skipped: nothing was verified"
        return "passed", ""
    if code == 1:
        if not bad:
            return "results_rejected", "exit code 1 but the report holds no failure"
        if c.total < expected:
            return "results_rejected", (
                f"report holds {c.total} tests, the test file defines at least {expected}"
            )
        return "failed", ""
    if code == 2:
        if c.errors:
            return "collection_error", "pytest stopped on errors during collection"
        return "failed", "pytest was interrupted"
    if code == 5:
        if c.total:
            return "results_rejected", "exit code 5 (no tests) but the report holds tests"
        return "no_tests", "pytest collected no tests"
    if code is not None and code < 0:
        return "no_results", f"pytest was killed by signal {-code}"
    return "no_results", f"pytest ended with exit code {code}"
