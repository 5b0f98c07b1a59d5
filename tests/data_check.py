"""Check the shipped data: prompts/coding/*.toml and examples/.

Run it as a script, not through pytest (the name keeps pytest from collecting it):

    python tests/data_check.py            # everything
    python tests/data_check.py --repeat 3 # run every hidden suite three times (determinism)

For every prompt it writes the reference solution and the hidden reference tests into a
fresh temporary directory and runs ``python -m pytest -q`` there, then reads the JUnit
report: every hidden test must pass against the reference solution, and there must be
5 to 12 of them. The reference material is ours and trusted, so it runs on the host.

The example model outputs under examples/ are only *read* here (JSON, keys, names,
coverage). They are never written to disk as code and never executed: they include
hostile and never-ending programs on purpose. Only a sandbox may run them.

Exit status: 0 when every check passed, 1 otherwise.
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import subprocess
import sys
import tempfile
import time
import tomllib
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PROMPTS_DIR = ROOT / "prompts" / "coding"
EXAMPLES_DIR = ROOT / "examples"
SAMPLES_FILE = EXAMPLES_DIR / "samples.jsonl"
MARKDOWN_DIR = EXAMPLES_DIR / "markdown"
EXPECTED_FILE = EXAMPLES_DIR / "expected.json"

MIN_TESTS, MAX_TESTS = 5, 12
SUITE_TIMEOUT_S = 120
PROMPT_KEYS = {"id", "domain", "prompt", "module", "target_words", "forbids_preamble", "reference"}
SAMPLE_REQUIRED = {"model", "prompt_id", "run", "text"}
SAMPLE_OPTIONAL = {"seed", "finish_reason", "stderr"}
FINISH_REASONS = {"stop", "length"}
RUNS = (1, 2)
MIN_MODELS = 3
# Names a module file must never take: they would shadow pytest or its plugin machinery.
RESERVED_MODULES = {"pytest", "_pytest", "conftest", "pluggy", "py"}
PromptData = dict[str, Any]
SampleKey = tuple[str, str, int]
MARKDOWN_NAME = re.compile(r"^(?P<model>.+)__(?P<prompt_id>.+)__run(?P<run>[1-9][0-9]*)\.md$")


class Report:
    def __init__(self) -> None:
        self.failures: list[str] = []

    def ok(self, message: str) -> None:
        print(f"ok    {message}")

    def fail(self, message: str) -> None:
        self.failures.append(message)
        print(f"FAIL  {message}")

    def check(self, condition: bool, message: str) -> bool:
        if not condition:
            self.fail(message)
        return condition


# ------------------------------------------------------------------ prompts


def _imports(source: str) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def _test_functions(source: str) -> int:
    tree = ast.parse(source)
    return sum(
        1
        for node in tree.body
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test")
    )


def load_prompts(report: Report) -> dict[str, PromptData]:
    prompts: dict[str, PromptData] = {}
    files = sorted(PROMPTS_DIR.glob("*.toml"))
    report.check(len(files) >= 12, f"only {len(files)} coding prompts, need at least 12")
    for path in files:
        where = path.relative_to(ROOT)
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            report.fail(f"{where}: not valid TOML: {exc}")
            continue
        unknown = set(data) - PROMPT_KEYS
        problems = [f"unknown keys {sorted(unknown)}"] if unknown else []
        if data.get("id") != path.stem:
            problems.append(f"id {data.get('id')!r} differs from the file stem")
        if data.get("domain") != "coding":
            problems.append("domain is not 'coding'")
        if not isinstance(data.get("prompt"), str) or len(data["prompt"].split()) < 30:
            problems.append("prompt missing or shorter than 30 words")
        module = data.get("module")
        stem = module[:-3] if isinstance(module, str) and module.endswith(".py") else None
        if stem is None or not stem.isidentifier():
            problems.append(f"module {module!r} is not a plain '<name>.py'")
        elif stem in sys.stdlib_module_names or stem in RESERVED_MODULES or stem.startswith("test"):
            problems.append(
                f"module {module!r} shadows the standard library, pytest or a test file"
            )
        elif f"`{module}`" not in data.get("prompt", ""):
            problems.append(f"the prompt does not name `{module}`")
        reference = data.get("reference")
        if not isinstance(reference, dict) or set(reference) != {"solution", "tests"}:
            problems.append("[reference] must have exactly 'solution' and 'tests'")
        else:
            for part in ("solution", "tests"):
                try:
                    ast.parse(reference[part])
                except SyntaxError as exc:
                    problems.append(f"reference {part} does not parse: {exc}")
            if not problems:
                allowed = set(sys.stdlib_module_names) | {"pytest", stem}
                for part in ("solution", "tests"):
                    foreign = _imports(reference[part]) - allowed
                    if foreign:
                        problems.append(f"reference {part} imports non-stdlib {sorted(foreign)}")
                if stem not in _imports(reference["tests"]):
                    problems.append(f"reference tests do not import the module {stem!r}")
        try:
            from codeeval.models import Prompt  # the contract other tools rely on

            Prompt.model_validate(data)
        except ImportError:
            pass
        except Exception as exc:  # pydantic.ValidationError, reported in one line
            problems.append(f"does not validate as codeeval.models.Prompt: {exc}".splitlines()[0])
        if problems:
            for problem in problems:
                report.fail(f"{where}: {problem}")
        else:
            prompts[data["id"]] = data
    return prompts


def run_reference(prompt: PromptData) -> tuple[dict[str, int], float, str]:
    """Run the hidden tests against the reference solution; return counts, seconds, output tail."""
    stem = prompt["module"][:-3]
    with tempfile.TemporaryDirectory(prefix=f"ref-{stem}-") as tmp:
        work = Path(tmp)
        (work / prompt["module"]).write_text(prompt["reference"]["solution"], encoding="utf-8")
        (work / f"test_{stem}_reference.py").write_text(
            prompt["reference"]["tests"], encoding="utf-8"
        )
        # An empty ini pins the rootdir here, so no ini or conftest above the temp dir is read.
        (work / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
        command = [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "--junitxml",
            str(work / "report.xml"),
        ]
        started = time.monotonic()
        proc = subprocess.run(
            command,
            cwd=work,
            capture_output=True,
            text=True,
            timeout=SUITE_TIMEOUT_S,
            env={"PATH": "/usr/bin:/bin", "PYTHONDONTWRITEBYTECODE": "1", "PYTHONHASHSEED": "0"},
        )
        elapsed = time.monotonic() - started
        counts = {
            "tests": 0,
            "failures": 0,
            "errors": 0,
            "skipped": 0,
            "exit_code": proc.returncode,
        }
        report_file = work / "report.xml"
        if report_file.is_file():
            for suite in ET.parse(report_file).getroot().iter("testsuite"):
                for key in ("tests", "failures", "errors", "skipped"):
                    counts[key] += int(suite.get(key, "0"))
        tail = (proc.stdout + proc.stderr).strip().splitlines()
        return counts, elapsed, " | ".join(tail[-3:])


def check_references(prompts: dict[str, PromptData], report: Report, repeat: int) -> None:
    for prompt_id, prompt in sorted(prompts.items()):
        declared = _test_functions(prompt["reference"]["tests"])
        outcomes = []
        for _ in range(repeat):
            try:
                counts, elapsed, tail = run_reference(prompt)
            except subprocess.TimeoutExpired:
                report.fail(f"{prompt_id}: hidden tests ran longer than {SUITE_TIMEOUT_S} s")
                break
            outcomes.append(counts)
            n = counts["tests"]
            passed = n - counts["failures"] - counts["errors"] - counts["skipped"]
            problems = []
            if counts["exit_code"] != 0 or passed != n:
                problems.append(f"pytest exit {counts['exit_code']}: {tail}")
            if not MIN_TESTS <= n <= MAX_TESTS:
                problems.append(f"{n} tests, must be {MIN_TESTS} to {MAX_TESTS}")
            if n < declared:
                problems.append(f"the report has fewer tests than the {declared} test functions")
            summary = (
                f"{prompt_id:<15} {passed:>2}/{n:<2} hidden tests pass against the reference "
                f"({declared} test functions, {elapsed:.2f} s)"
            )
            if problems:
                report.fail(f"{summary}; {'; '.join(problems)}")
            else:
                report.ok(summary)
        if len(outcomes) > 1 and any(o != outcomes[0] for o in outcomes):
            report.fail(f"{prompt_id}: hidden tests are not deterministic: {outcomes}")


# ------------------------------------------------------------------ examples


def check_samples(prompts: dict[str, PromptData], report: Report) -> dict[SampleKey, str]:
    texts: dict[SampleKey, str] = {}
    if not report.check(SAMPLES_FILE.is_file(), f"{SAMPLES_FILE.relative_to(ROOT)} is missing"):
        return texts
    sample_model: Any = None  # the checks below still run without the codeeval package
    try:
        from codeeval.models import Sample

        sample_model = Sample
    except ImportError:
        pass
    lines = SAMPLES_FILE.read_text(encoding="utf-8").splitlines()
    bad = 0
    for number, line in enumerate(lines, start=1):
        where = f"samples.jsonl:{number}"
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            report.fail(f"{where}: not JSON: {exc}")
            bad += 1
            continue
        problems = []
        if not isinstance(record, dict):
            report.fail(f"{where}: not a JSON object")
            bad += 1
            continue
        missing = SAMPLE_REQUIRED - set(record)
        unknown = set(record) - SAMPLE_REQUIRED - SAMPLE_OPTIONAL
        if missing:
            problems.append(f"missing keys {sorted(missing)}")
        if unknown:
            problems.append(f"unknown keys {sorted(unknown)}")
        model, prompt_id, run = record.get("model"), record.get("prompt_id"), record.get("run")
        if not isinstance(model, str) or not model or "__" in model:
            problems.append(f"bad model name {model!r}")
        if prompt_id not in prompts:
            problems.append(f"unknown prompt_id {prompt_id!r}")
        if type(run) is not int or run not in RUNS:
            problems.append(f"run must be one of {RUNS}, got {run!r}")
        if not isinstance(record.get("text"), str) or not record.get("text", "").strip():
            problems.append("text missing or empty")
        if "seed" in record and type(record["seed"]) is not int:
            problems.append("seed is not an integer")
        if record.get("finish_reason") not in FINISH_REASONS:
            problems.append(f"finish_reason must be one of {sorted(FINISH_REASONS)}")
        if "stderr" in record and not isinstance(record["stderr"], str):
            problems.append("stderr is not a string")
        if sample_model is not None and not problems:
            try:
                sample_model.model_validate(record)
            except Exception as exc:
                problems.append(
                    f"does not validate as codeeval.models.Sample: {exc}".splitlines()[0]
                )
        key: SampleKey = (str(model), str(prompt_id), int(run) if type(run) is int else 0)
        if not problems and key in texts:
            problems.append(f"duplicate key {key}")
        if problems:
            bad += 1
            for problem in problems:
                report.fail(f"{where}: {problem}")
        else:
            texts[key] = record["text"]
    if report.check(bad == 0, f"{bad} of {len(lines)} lines in samples.jsonl are malformed"):
        report.ok(
            f"{len(lines)} lines in samples.jsonl: valid JSON, right keys, "
            "known prompt_ids, unique (model, prompt_id, run)"
        )

    models = sorted({model for model, _, _ in texts})
    wanted = {(m, p, r) for m in models for p in prompts for r in RUNS}
    missing_cells = sorted(wanted - set(texts))
    if report.check(not missing_cells, f"missing model x prompt x run cells: {missing_cells[:5]}"):
        report.ok(
            f"{len(texts)} samples = {len(models)} models x {len(prompts)} prompts "
            f"x {len(RUNS)} runs, every cell present"
        )
    report.check(len(models) >= MIN_MODELS, f"fewer than {MIN_MODELS} models: {models}")
    reasons = Counter(
        json.loads(line).get("finish_reason") for line in lines if line.strip().startswith("{")
    )
    if report.check(reasons.get("length", 0) >= 1, "no sample stopped at the token limit"):
        report.ok(f"finish_reason counts: {dict(sorted(reasons.items()))}")
    return texts


def check_markdown(
    texts: dict[SampleKey, str], prompts: dict[str, PromptData], report: Report
) -> None:
    if not report.check(MARKDOWN_DIR.is_dir(), "examples/markdown/ is missing"):
        return
    files = sorted(MARKDOWN_DIR.iterdir())
    keys = set()
    for path in files:
        match = MARKDOWN_NAME.match(path.name)
        parts = path.name[: -len(".md")].split("__") if path.name.endswith(".md") else []
        if match is None or len(parts) != 3:
            report.fail(f"markdown/{path.name}: not named <model>__<prompt_id>__run<N>.md")
            continue
        key = (match["model"], match["prompt_id"], int(match["run"]))
        keys.add(key)
        if match["prompt_id"] not in prompts:
            report.fail(f"markdown/{path.name}: unknown prompt_id {match['prompt_id']!r}")
        elif key in texts and path.read_text(encoding="utf-8") != texts[key]:
            report.fail(
                f"markdown/{path.name}: differs from the samples.jsonl line with the same key"
            )
    models = {m for m, _, _ in keys}
    prompt_ids = {p for _, p, _ in keys}
    summary = f"markdown/: {len(keys)} files, {len(models)} models x {len(prompt_ids)} prompts"
    if report.check(
        len(files) == len(keys) >= 8 and len(models) >= 2 and len(prompt_ids) >= 2, summary
    ):
        report.ok(f"{summary}, named <model>__<prompt_id>__run<N>.md, same text as samples.jsonl")


def check_expected(texts: dict[SampleKey, str], report: Report) -> None:
    if not EXPECTED_FILE.is_file():
        return
    expected = json.loads(EXPECTED_FILE.read_text(encoding="utf-8"))
    labels = {f"{m}/{p}/run{r}" for m, p, r in texts}
    unknown = sorted(set(expected) - labels)
    report.check(not unknown, f"expected.json names unknown samples: {unknown[:5]}")
    uncovered = sorted(labels - set(expected))
    if report.check(not uncovered, f"expected.json misses samples: {uncovered[:5]}"):
        report.ok(f"expected.json describes all {len(labels)} samples")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--repeat", type=int, default=1, help="runs of every hidden suite (default 1)"
    )
    parser.add_argument("--no-run", action="store_true", help="static checks only")
    args = parser.parse_args(argv)

    report = Report()
    prompts = load_prompts(report)
    report.ok(f"{len(prompts)} prompts load: {', '.join(sorted(prompts))}")
    if not args.no_run:
        check_references(prompts, report, max(1, args.repeat))
    texts = check_samples(prompts, report)
    check_markdown(texts, prompts, report)
    check_expected(texts, report)

    if report.failures:
        print(f"\n{len(report.failures)} problem(s) found")
        return 1
    print("\nall data checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
