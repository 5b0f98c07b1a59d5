"""Every shipped reference solution passes its own hidden tests in the real sandbox."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from codeeval.analysis import count_test_functions
from codeeval.junit import judge_run
from codeeval.models import RunRequest, SampleKey, SuiteSpec
from codeeval.prompts import load_prompts

REFERENCE_TEST_FILE = "test_codeeval_reference.py"

pytestmark = pytest.mark.docker

PROMPTS = load_prompts(Path(__file__).resolve().parents[2] / "prompts" / "coding")


@pytest.mark.parametrize("isolate", [True, False], ids=["isolated", "in-process"])
@pytest.mark.parametrize("prompt_id", sorted(PROMPTS))
def test_reference_solution_passes_hidden_tests(
    docker_runner: Any, prompt_id: str, isolate: bool
) -> None:
    prompt = PROMPTS[prompt_id]
    assert prompt.reference and prompt.reference.solution and prompt.reference.tests
    assert prompt.module
    expected = count_test_functions(prompt.reference.tests)
    spec = SuiteSpec(
        name="reference",
        module_name=prompt.module[:-3],
        module_source=prompt.reference.solution,
        test_file=REFERENCE_TEST_FILE,
        test_source=prompt.reference.tests,
        expected_tests=expected,
        isolate=isolate,
    )
    key = SampleKey(model=f"reference-{isolate}", prompt_id=prompt_id, run=1)
    req = RunRequest(key=key, suites=(spec,))
    result = judge_run(req, docker_runner.run(req))["reference"]
    assert result.status == "passed", (result.detail, result.output_tail[-2000:])
    assert result.passed >= expected >= 5
