"""The suite request the host sends the supervisor (``codeeval/runners/base.py``)."""

from __future__ import annotations

import pytest

from codeeval.models import Limits, SuiteSpec
from codeeval.runners.base import suite_request

HIDDEN = "from solution import f\n\ndef test_f():\n    assert f() == 1\n"
OWN = "from solution import f\n\ndef test_mine():\n    assert f() == 1\n"


def spec(name: str, test_source: str) -> SuiteSpec:
    return SuiteSpec(
        name=name,  # type: ignore[arg-type]
        module_name="solution",
        module_source="def f():\n    return 1\n",
        test_file="test_codeeval_reference.py" if name == "reference" else "test_solution.py",
        test_source=test_source,
        extra_files=(("test_extra.py", OWN),),
    )


def test_only_the_prompts_hidden_tests_are_marked_trusted() -> None:
    request = suite_request(spec("reference", HIDDEN), Limits())
    assert request["trusted_tests"] == ["test_codeeval_reference.py"]
    assert request["files"]["test_codeeval_reference.py"] == HIDDEN
    # a model's extra test file runs beside them, untrusted
    assert "test_extra.py" in request["test_files"]


@pytest.mark.parametrize("name", ["own", "own_vs_reference"])
def test_model_written_tests_are_never_marked_trusted(name: str) -> None:
    request = suite_request(spec(name, OWN), Limits())
    assert "trusted_tests" not in request
