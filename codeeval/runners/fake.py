"""A runner that executes nothing: verdicts come from a script. For tests and dry runs.

It sits behind the same protocol as the Docker runner, so the pipeline, the store and
the CLI are tested without an engine. By default every suite passes with one test per
test function the suite's file defines; ``script`` maps a suite name (or a
``"model/prompt_id/run:suite"`` label) to the ``SuiteResult`` to return instead.
"""

from __future__ import annotations

import threading

from codeeval.models import RunRequest, RunResult, SuiteResult


class FakeRunner:
    name = "fake"

    def __init__(
        self,
        script: dict[str, SuiteResult] | None = None,
        digest: str = "sha256:fake",
    ) -> None:
        self.script = script or {}
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
        suites: dict[str, SuiteResult] = {}
        for spec in request.suites:
            label = f"{request.key.label()}:{spec.name}"
            result = self.script.get(label) or self.script.get(spec.name)
            if result is None:
                n = max(1, spec.expected_tests)
                result = SuiteResult(status="passed", passed=n, exit_code=0)
            suites[spec.name] = result
        return RunResult(key=request.key, suites=suites, runner=self.name, image=self._digest)

    def close(self) -> None:
        self.closed = True
