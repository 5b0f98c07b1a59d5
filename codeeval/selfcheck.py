"""The prompt self-check: every reference solution must pass its own hidden tests.

A prompt whose reference solution fails its hidden tests (or whose hidden tests do not
even compile) would blame every model for the prompt's own mistake. So before any model
code runs, each prompt that has both a solution and hidden tests runs them against each
other in the sandbox, exactly as a model's module would be run (same runner, same
isolation, same judge). Any verdict other than ``passed`` stops the run with exit 10,
naming the prompt and the failing tests. ``codeeval prompts check DIR`` runs the same
check on its own.

A check that passed is remembered — per results directory (``OUT/prompts.json``) and in
the user's cache (``PassedChecks``) — under the prompt's digest, the image digest, the
limits and the isolation, so a nightly run with unchanged prompts does not pay for it
again. Any change to one of those checks the prompt afresh.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from codeeval import atomic
from codeeval.analysis import count_test_functions
from codeeval.errors import PromptError, SandboxError
from codeeval.junit import judge_run
from codeeval.models import Limits, Prompt, RunRequest, SampleKey, SuiteResult, SuiteSpec
from codeeval.prompts import load_prompts
from codeeval.runners.base import Runner

REFERENCE_TEST_FILE = "test_codeeval_reference.py"


@dataclass(frozen=True)
class PromptCheck:
    prompt_id: str
    result: SuiteResult | None
    """None: the prompt has no reference solution with hidden tests to check."""

    @property
    def ok(self) -> bool:
        return self.result is None or self.result.status == "passed"


class PassedChecks:
    """Self-checks that passed, remembered in ``CACHE/selfcheck.json`` across runs."""

    FILE = "selfcheck.json"
    #: Entries kept; the oldest go first.
    KEEP = 20_000

    def __init__(self, cache_dir: Path | None, runner: Runner, isolate: bool) -> None:
        self.path = cache_dir / self.FILE if cache_dir is not None else None
        setting = json.dumps(
            [runner.image_digest, runner.limits.model_dump(), isolate], sort_keys=True
        )
        self._setting = setting
        self._known = set(self._load())

    def _key(self, prompt_digest: str) -> str:
        return hashlib.sha256(f"{prompt_digest}|{self._setting}".encode()).hexdigest()

    def _load(self) -> list[str]:
        if self.path is None:
            return []
        try:
            value = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return []  # a cache: unreadable means empty
        return [str(k) for k in value] if isinstance(value, list) else []

    def passed(self, prompt_digest: str) -> bool:
        return self._key(prompt_digest) in self._known

    def remember(self, prompt_digests: Iterable[str]) -> None:
        new = [self._key(d) for d in prompt_digests]
        if self.path is None or not new:
            return
        known = list(dict.fromkeys([*self._load(), *new]))[-self.KEEP :]
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            atomic.write_text(self.path, json.dumps(known))
        except OSError:
            return  # a cache that cannot be written only costs time
        self._known = set(known)


def reference_suite(prompt: Prompt, isolate: bool = True) -> SuiteSpec | None:
    """The suite that runs a prompt's hidden tests against its reference solution."""
    ref = prompt.reference
    if ref is None or not ref.solution or not ref.tests or not prompt.module:
        return None
    return SuiteSpec(
        name="reference",
        module_name=prompt.module.removesuffix(".py"),
        module_source=ref.solution,
        test_file=REFERENCE_TEST_FILE,
        test_source=ref.tests,
        expected_tests=count_test_functions(ref.tests),
        isolate=isolate,
    )


def run_checks(
    prompts: Iterable[Prompt], runner: Runner, isolate: bool = True, jobs: int = 2
) -> list[PromptCheck]:
    """Run the check of every prompt given, ``jobs`` at a time, in the given order."""

    def one(prompt: Prompt) -> PromptCheck:
        spec = reference_suite(prompt, isolate)
        if spec is None:
            return PromptCheck(prompt.id, None)
        key = SampleKey(model="codeeval-self-check", prompt_id=prompt.id, run=1)
        request = RunRequest(key=key, suites=(spec,))
        return PromptCheck(prompt.id, judge_run(request, runner.run(request))["reference"])

    with ThreadPoolExecutor(max(1, jobs)) as pool:
        return list(pool.map(one, prompts))


def require_passing(checks: Iterable[PromptCheck]) -> None:
    """Raise unless every reference solution passed its hidden tests.

    Raises:
        SandboxError: a check could not run (infrastructure; nothing is known).
        PromptError: a reference solution failed; the message names the prompt, the
            verdict and the failing tests.
    """
    failures: list[str] = []
    for check in checks:
        result = check.result
        if result is None or result.status == "passed":
            continue
        if result.status == "sandbox_error":
            raise SandboxError(
                f"the self-check of prompt {check.prompt_id!r} could not run: {result.detail}"
            )
        failures.append(f"prompt {check.prompt_id!r}: {describe(result)}")
    if failures:
        raise PromptError(
            "a reference solution does not pass its own hidden tests in the sandbox — "
            + "; ".join(failures),
            hint="fix the prompt's [reference] solution or tests "
            "(`codeeval prompts check DIR` runs this check alone); no model code was run",
        )


def describe(result: SuiteResult) -> str:
    """``failed (2 of 5 tests): test_x::test_a, test_x::test_b`` and the like."""
    text: str = result.status
    ran = result.passed + result.failed + result.errors
    if result.status == "passed":
        return f"passed ({result.passed} hidden tests)"
    if result.status == "failed" and ran:
        text += f" ({result.failed + result.errors} of {ran} tests)"
    if result.failing:
        text += ": " + ", ".join(result.failing[:5])
        if len(result.failing) > 5:
            text += f" and {len(result.failing) - 5} more"
    elif result.detail:
        text += f": {result.detail}"
    last = _last_error_line(result.output_tail)
    if last and result.status in ("collection_error", "failed", "no_results"):
        text += f" [{last}]"
    return text


def _last_error_line(output: str) -> str:
    lines = [ln.strip() for ln in output.splitlines() if ln.startswith("E ")]
    return lines[-1][:200] if lines else ""


def check_prompts(
    directory: Path,
    *,
    image: str = "",
    docker_url: str | None = None,
    runner: Runner | None = None,
    isolate: bool = True,
    jobs: int = 2,
) -> list[PromptCheck]:
    """``codeeval prompts check DIR``: load every prompt, run every self-check.

    Raises:
        PromptError: a prompt file is invalid, or a reference solution fails.
        EngineError, SandboxError, SecurityCheckFailed: the sandbox is not usable.
    """
    prompts = load_prompts(directory)
    if runner is None:
        from codeeval.runners.docker import DockerRunner

        runner = DockerRunner(image, Limits(), jobs=jobs, base_url=docker_url)
    try:
        runner.start()
        checks = run_checks(sorted(prompts.values(), key=lambda p: p.id), runner, isolate, jobs)
    finally:
        runner.close()
    require_passing(checks)
    return checks
