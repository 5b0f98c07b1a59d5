"""The Runner protocol: one serialisable request in, one result out.

A ``RunRequest`` holds everything needed to evaluate one sample (file contents,
suites, limits) and nothing tied to this process, so a runner can hand it to a
remote worker as JSON. The wire format spoken with the in-container supervisor is
built here too, so every runner sends the same thing.
"""

from __future__ import annotations

import base64
from typing import Any, Protocol

from codeeval.junit import RawOutcome
from codeeval.models import Limits, RunRequest, RunResult, SuiteSpec


class Runner(Protocol):
    """Executes the suites of one sample and returns one verdict per suite."""

    name: str

    def start(self) -> None:
        """Check prerequisites (engine, image, isolation); raise ``CodeevalError`` if unmet."""

    def run(self, request: RunRequest) -> RunResult:
        """Run every suite of ``request``; infrastructure failure is ``sandbox_error``."""

    def close(self) -> None:
        """Release every resource; safe to call twice."""

    @property
    def image_digest(self) -> str | None:
        """Content digest of the environment the suites ran in, if there is one."""


def suite_request(spec: SuiteSpec, limits: Limits, ident: int = 0) -> dict[str, Any]:
    """The JSON request the supervisor understands for one suite."""
    files = {f"{spec.module_name}.py": spec.module_source, spec.test_file: spec.test_source}
    for name, content in spec.extra_files:
        files.setdefault(name, content)
    tests = [spec.test_file] + [
        name
        for name, _ in spec.extra_files
        if name.startswith("test_") or name.endswith("_test.py")
    ]
    request: dict[str, Any] = {
        "op": "run",
        "id": ident,
        "files": files,
        "test_files": tests,
        "limits": limits.model_dump(),
    }
    if spec.isolate:
        request["isolate"] = spec.module_name
    return request


def outcome_from_response(resp: dict[str, Any]) -> RawOutcome:
    """Translate the supervisor's answer; raises ``ValueError`` when it is malformed."""
    report = resp.get("report") or {}
    state = report.get("state")
    data: bytes | None = None
    problem = ""
    if state == "ok":
        data = base64.b64decode(report["data"], validate=True)
    elif state == "rejected":
        problem = f"report rejected: {report.get('why', 'unknown reason')}"
    elif state != "missing":
        raise ValueError(f"unknown report state {state!r}")
    code = resp.get("exit_code")
    return RawOutcome(
        exit_code=int(code) if code is not None else None,
        timed_out=bool(resp.get("timed_out")),
        oom=bool(resp.get("oom")),
        report=data,
        report_problem=problem,
        output=str(resp.get("output", "")),
        duration_s=float(resp.get("duration_s", 0.0)),
    )
