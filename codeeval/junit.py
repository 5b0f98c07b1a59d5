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

from codeeval.models import RawOutcome, RunRequest, RunResult, SuiteResult, SuiteStatus

__all__ = ["RawOutcome", "ReportError", "judge", "judge_run", "parse_report"]

#: The largest report read. The supervisor (``sandbox/supervisor.py``) caps the file it
#: reads at the same size; ``tests/test_shared_constants.py`` checks that they agree.
MAX_REPORT_BYTES = 4 * 1024 * 1024
MAX_TEXT = 2000
#: How many failing test names a suite result keeps, and how long each may be.
MAX_FAILING = 20
MAX_NAME = 200
_CONTROL = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|[\x00-\x08\x0b-\x1f\x7f-\x9f]")


class ReportError(ValueError):
    """The report cannot be trusted or cannot be read."""


@dataclass(frozen=True)
class Counts:
    passed: int
    failed: int
    errors: int
    skipped: int
    failing: tuple[str, ...] = ()

    @property
    def total(self) -> int:
        return self.passed + self.failed + self.errors + self.skipped


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
    failing: list[str] = []
    for suite in suites:
        for case in suite:
            kinds = {type(r) for r in case.result}
            if Failure in kinds or Error in kinds:
                if Failure in kinds:
                    failed += 1
                else:
                    errors += 1
                if len(failing) < MAX_FAILING:
                    failing.append(_case_name(case.classname, case.name))
            elif Skipped in kinds:
                skipped += 1
            else:
                passed += 1
    return Counts(passed, failed, errors, skipped, tuple(failing))


def _case_name(classname: str | None, name: str | None) -> str:
    """``test_x::TestY::test_z`` from pytest's dotted class name and the case name."""
    parts = [*(classname or "").split("."), name or "?"]
    return clean_text("::".join(p for p in parts if p), MAX_NAME)


def judge_run(request: RunRequest, result: RunResult) -> dict[str, SuiteResult]:
    """One verdict per suite of ``request``, from the raw outcomes a runner returned.

    A suite the runner returned nothing for is a ``sandbox_error``: the runner broke
    its contract, which says nothing about the model.
    """
    verdicts: dict[str, SuiteResult] = {}
    for spec in request.suites:
        raw = result.outcomes.get(spec.name)
        if raw is None:
            raw = RawOutcome(sandbox_error=f"the {result.runner} runner returned no outcome")
        verdicts[spec.name] = judge(raw, spec.expected_tests)
    return verdicts


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
    if raw.sandbox_error:
        return SuiteResult(status="sandbox_error", detail=clean_text(raw.sandbox_error), **base)
    if raw.timed_out:
        return SuiteResult(status="timeout", detail="killed at the deadline", **base)
    if raw.oom:
        return SuiteResult(status="oom", detail="killed by the out-of-memory killer", **base)
    if raw.isolation_unsupported:
        return SuiteResult(
            status="isolation_unsupported",
            detail=clean_text(raw.isolation_unsupported, 500),
            **base,
        )
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
        failing=counts.failing,
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
