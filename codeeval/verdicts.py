"""codeeval's verdicts per model × prompt, and their JUnit XML file for CI systems.

One test case per model × prompt of the headline suite (hidden tests when the prompts have
them, else the model's own tests): it passes when every run's module passed every test;
it fails (``<failure>``) when any run did not, the message listing each run; it is an
``<error>`` when a run hit a sandbox error (infrastructure, not the model), and
``<skipped>`` when nothing was executed (``--no-exec``). The class name is the model, so CI
systems that read JUnit group the results per model.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

from codeeval.models import SuiteName
from codeeval.record import Result

Verdict = Literal["passed", "failed", "error", "skipped"]


@dataclass
class RunVerdict:
    run: int
    status: str
    passed: int
    ran: int
    strict: bool
    detail: str = ""


@dataclass
class CaseVerdict:
    model: str
    prompt: str
    suite: SuiteName
    runs: list[RunVerdict] = field(default_factory=list)
    duration_s: float = 0.0

    @property
    def verdict(self) -> Verdict:
        if not self.runs or all(r.status == "not_run" for r in self.runs):
            return "skipped"
        if any(r.status == "sandbox_error" for r in self.runs):
            return "error"
        scored = [r for r in self.runs if r.status != "not_run"]
        return "passed" if all(r.strict for r in scored) else "failed"

    def message(self) -> str:
        strict = sum(r.strict for r in self.runs)
        parts = [f"{strict}/{len(self.runs)} runs passed every {self.suite} test"]
        for r in sorted(self.runs, key=lambda r: r.run):
            tests = f", {r.passed}/{r.ran} tests" if r.ran else ""
            parts.append(f"run {r.run}: {r.status}{tests}{f' ({r.detail})' if r.detail else ''}")
        return "; ".join(parts)


def headline_suite(records: Iterable[Result]) -> SuiteName:
    return "reference" if any("reference" in r.applicable for r in records) else "own"


def verdicts(records: list[Result]) -> list[CaseVerdict]:
    """One verdict per model × prompt of the coding records."""
    coding = [r for r in records if r.domain == "coding"]
    suite = headline_suite(coding)
    cases: dict[tuple[str, str], CaseVerdict] = {}
    for record in coding:
        if suite not in record.applicable:
            continue
        case = cases.setdefault(
            (record.model, record.prompt_id), CaseVerdict(record.model, record.prompt_id, suite)
        )
        result = record.suite(suite)
        if not record.executed:
            status = "not_run"
        elif record.execution.status == "sandbox_error":
            status = "sandbox_error"
        elif result is None:
            status = record.execution.status
        else:
            status = result.status
        ran = (result.passed + result.failed + result.errors) if result else 0
        detail = (result.detail if result else record.execution.reason)[:200]
        case.runs.append(
            RunVerdict(
                run=record.run,
                status=status,
                passed=result.passed if result else 0,
                ran=ran,
                strict=result is not None and result.status == "passed" and record.executed,
                detail=detail,
            )
        )
        case.duration_s += result.duration_s if result else 0.0
    return [cases[k] for k in sorted(cases)]


def junit_xml(cases: list[CaseVerdict], name: str = "codeeval") -> bytes:
    counts = {v: sum(c.verdict == v for c in cases) for v in ("failed", "error", "skipped")}
    suite = ET.Element(
        "testsuite",
        name=name,
        tests=str(len(cases)),
        failures=str(counts["failed"]),
        errors=str(counts["error"]),
        skipped=str(counts["skipped"]),
        time=f"{sum(c.duration_s for c in cases):.3f}",
    )
    for case in cases:
        element = ET.SubElement(
            suite,
            "testcase",
            classname=case.model,
            name=case.prompt,
            time=f"{case.duration_s:.3f}",
        )
        verdict = case.verdict
        if verdict == "failed":
            ET.SubElement(element, "failure", message=case.message(), type="codeeval.failed")
        elif verdict == "error":
            ET.SubElement(element, "error", message=case.message(), type="codeeval.sandbox_error")
        elif verdict == "skipped":
            ET.SubElement(element, "skipped", message="not executed (--no-exec)")
        else:
            ET.SubElement(element, "system-out").text = case.message()
    root = ET.Element("testsuites", name=name)
    root.append(suite)
    ET.indent(root)
    data: bytes = ET.tostring(root, encoding="utf-8", xml_declaration=True)
    return data + b"\n"
