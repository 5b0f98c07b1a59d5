"""The parser on published answers of real models (``tests/data/answers/``, see its README).

Each answer comes with the verdict its source's harness gave it. Nothing is executed
here: for every answer the source scored as passing, the module codeeval extracts must
compile, define the task's entry point at the top level and hold no code that stops an
import — otherwise codeeval could not agree with that verdict whatever the sandbox did.
``bench/parser_agreement.py`` runs the benchmarks' tests on the same answers in the
sandbox and reports the agreement per source.
"""

from __future__ import annotations

import ast
import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from codeeval.analysis import analyse
from codeeval.extract import extract
from codeeval.models import Extraction, ParserMode

CORPUS = Path(__file__).parent / "data" / "answers"


@cache
def tasks() -> dict[str, dict[str, Any]]:
    lines = (CORPUS / "tasks.jsonl").read_text("utf-8").splitlines()
    return {t["task_id"]: t for t in map(json.loads, lines)}


def answers() -> list[dict[str, Any]]:
    return [json.loads(line) for line in (CORPUS / "answers.jsonl").read_text("utf-8").splitlines()]


ANSWERS = answers()
PASSED = [a for a in ANSWERS if a["verdict"] == "passed"]

# Answers the source passed that codeeval cannot pass, each with the reason (none now).
KNOWN: dict[str, str] = {}


def parse(answer: dict[str, Any], parser: ParserMode = "default") -> Extraction:
    task = tasks()[answer["task_id"]]
    return extract(
        answer["text"],
        module="answer.py",
        prelude=task["prelude"],
        entry_point=task["entry_point"],
        parser=parser,
    )


def test_the_corpus_is_what_its_readme_says() -> None:
    sources = {(a["source"], a["benchmark"]) for a in ANSWERS}
    assert sources == {
        ("mapcoder", "humaneval"),
        ("mapcoder", "mbpp"),
        ("llm-humaneval-benchmarks", "humaneval"),
    }
    assert len(ANSWERS) == 360
    assert len({a["id"] for a in ANSWERS}) == len(ANSWERS)
    assert all(a["task_id"] in tasks() for a in ANSWERS)
    size = sum(p.stat().st_size for p in CORPUS.iterdir())
    assert size < 2_000_000


@pytest.mark.parametrize("parser", ["default", "sanitize"])
@pytest.mark.parametrize("answer", PASSED, ids=[a["id"] for a in PASSED])
def test_an_answer_its_source_passed_gives_a_runnable_module(
    answer: dict[str, Any], parser: ParserMode
) -> None:
    if answer["id"] in KNOWN:
        pytest.skip(KNOWN[answer["id"]])
    result = parse(answer, parser)
    module = result.file("module")
    assert module is not None, result.notes
    analysis = analyse(result)
    assert analysis.syntax_ok, analysis.syntax_errors
    assert not analysis.import_hazards
    entry = tasks()[answer["task_id"]]["entry_point"]
    defined = {
        n.name
        for n in ast.parse(module.content).body
        if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
    }
    assert entry in defined, result.notes


def test_every_answer_parses_without_error_and_records_its_parser() -> None:
    for answer in ANSWERS:
        for parser in ("default", "sanitize"):
            result = parse(answer, parser)  # type: ignore[arg-type]
            assert result.status in ("ok", "no_tests", "no_module", "no_code"), answer["id"]
            assert result.parser == parser
            if result.join != "none" and parser == "default":
                assert tasks()[answer["task_id"]]["prelude"] in result.files[0].content


def test_completion_style_answers_are_joined_with_the_prelude() -> None:
    joins = {a["id"]: parse(a).join for a in ANSWERS}
    # Answers that use typing names only the prompt imports, or continue its body.
    assert sum(j == "prelude" for j in joins.values()) >= 30
    assert sum(j == "completion" for j in joins.values()) >= 1
