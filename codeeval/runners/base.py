"""The Runner protocol: one serialisable request in, raw outcomes out.

A ``RunRequest`` holds everything needed to evaluate one sample (file contents and
suites) and nothing tied to this process, so a runner can hand it to a remote worker
as JSON. A runner only *observes* (exit code, report bytes, deadline, OOM); it never
decides a verdict. The pipeline hands every ``RunResult`` to ``codeeval.junit.judge_run``,
so the fake runner goes through exactly the judging the Docker runner does.

Limits have one owner: the runner, which is built with them (its containers are made
with them) and records them (``Runner.limits``); a request may only shorten the deadline.

The wire format spoken with the in-container supervisor is built here too, so every
runner sends the same thing.
"""

from __future__ import annotations

import base64
from typing import Any, Protocol

from codeeval.models import Limits, RawOutcome, RunRequest, RunResult, SuiteSpec


class Runner(Protocol):
    """Executes the suites of one sample and returns one raw outcome per suite."""

    name: str
    limits: Limits

    def start(self) -> None:
        """Check prerequisites (engine, image, isolation); raise ``CodeevalError`` if unmet."""

    def run(self, request: RunRequest) -> RunResult:
        """Run every suite of ``request``; infrastructure failure is an outcome with
        ``sandbox_error`` set, never an exception (``EngineError`` aside: the engine is gone)."""

    def close(self) -> None:
        """Release every resource; safe to call twice."""

    @property
    def image_digest(self) -> str | None:
        """Content digest of the environment the suites ran in, if there is one."""


def effective_limits(limits: Limits, request: RunRequest) -> Limits:
    """The runner's limits, with the request's deadline when that is shorter."""
    if request.timeout_s is not None and request.timeout_s < limits.timeout_s:
        return limits.model_copy(update={"timeout_s": request.timeout_s})
    return limits


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
    if spec.name == "reference":
        # The prompt's hidden tests, the same for every sample of the prompt: the
        # supervisor rewrites their assertions once (model-written tests, never).
        request["trusted_tests"] = [spec.test_file]
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
        isolation_unsupported=str(resp.get("isolation_unsupported") or ""),
    )
