"""The orchestrator on the fake runner: records, --no-exec, resume, bad inputs, verdicts.

No Docker here: a ``FakeRunner`` is passed in; its raw outcomes go through the same
JUnit judging as the Docker runner's.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

import codeeval.pipeline
from codeeval import __version__
from codeeval.analysis import count_test_functions
from codeeval.errors import EngineError, InputError, OutLocked, PromptError, UsageError
from codeeval.extract import extract as real_extract
from codeeval.models import (
    ExtractedFile,
    Extraction,
    Limits,
    Prompt,
    RawOutcome,
    Reference,
    RunRequest,
    StaticAnalysis,
    SuiteResult,
)
from codeeval.pipeline import (
    REFERENCE_TEST_FILE,
    RunOptions,
    api_mismatch,
    applicable_suites,
    evaluate,
    plan_suites,
    run,
    summarise,
)
from codeeval.render import footnote
from codeeval.report import aggregate, load
from codeeval.runners.fake import FakeRunner, junit_outcome
from codeeval.store import RESULTS, OutLock, iter_records, record_key

ALL = ["own", "reference", "own_vs_reference"]
COUNTS = ("passed", "failed", "errors", "skipped")

REF_SOLUTION = """
import re
import unicodedata


def slugify(text, max_length=None, separator="-"):
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    slug = re.sub(r"[^a-z0-9]+", separator, text).strip(separator)
    return slug[:max_length].rstrip(separator) if max_length else slug
"""

REF_TESTS = """
from slugify import slugify


def test_basic():
    assert slugify("Hello, World!") == "hello-world"


def test_accents():
    assert slugify("Crème brûlée") == "creme-brulee"


def test_empty():
    assert slugify("!!!") == ""


def test_max_length():
    assert slugify("Das ist ein langer Titel", max_length=8) == "das-ist"
"""

SLUGIFY_TOML = f"""
id = "slugify"
domain = "coding"
module = "slugify.py"
prompt = "Write slugify.py with slugify(text, max_length=None, separator='-') and pytest tests."

[reference]
solution = '''{REF_SOLUTION}'''
tests = '''{REF_TESTS}'''
"""

WORDFREQ_TOML = """
id = "wordfreq"
domain = "coding"
module = "wordfreq.py"
prompt = "Write wordfreq.py with top_words(text, n) and pytest tests."
"""

ESSAY_TOML = """
id = "essay"
domain = "prose"
target_words = 120
prompt = "Write about 120 words on night trains. No preamble."
"""

SLUG_OK = """Gerne! Hier ist das Modul:

```python
# slugify.py
import re
import unicodedata


def slugify(text, max_length=None, separator="-"):
    if not isinstance(text, str):
        raise TypeError("text must be a str")
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    slug = re.sub(r"[^a-z0-9]+", separator, text).strip(separator)
    if max_length is not None:
        slug = slug[:max_length].rstrip(separator)
    return slug
```

Und die Tests:

```python
# test_slugify.py
import pytest

from slugify import slugify


def test_basic():
    assert slugify("Hello, World!") == "hello-world"


def test_empty():
    assert slugify("!!!") == ""


def test_type_error():
    with pytest.raises(TypeError):
        slugify(None)
```

Die Tests laufen mit `pytest -q`.
"""

SLUG_TESTS_ONLY = """Here are the tests:

```python
# test_slugify.py
from slugify import slugify


def test_basic():
    assert slugify("Hello, World!") == "hello-world"


def test_separator():
    assert slugify("a b", separator="_") == "a_b"
```
"""

WORDFREQ_OK = """```python
# wordfreq.py
from collections import Counter


def top_words(text, n):
    return Counter(text.lower().split()).most_common(n)
```

```python
# test_wordfreq.py
from wordfreq import top_words


def test_top():
    assert top_words("a b a", 1) == [("a", 2)]


def test_empty():
    assert top_words("", 3) == []
```
"""

REFUSAL = "I'm sorry, but I can't help with writing that module."

ESSAY_TEXT = (
    "Night trains are back in Europe. They leave in the evening and arrive in the morning, "
    "and in between the passengers sleep while the country rolls past the window."
)


@pytest.fixture
def prompts_dir(tmp_path: Path) -> Path:
    directory = tmp_path / "prompts"
    directory.mkdir()
    (directory / "slugify.toml").write_text(SLUGIFY_TOML, encoding="utf-8")
    (directory / "wordfreq.toml").write_text(WORDFREQ_TOML, encoding="utf-8")
    (directory / "essay.toml").write_text(ESSAY_TOML, encoding="utf-8")
    return directory


def sample(model: str, prompt_id: str, run: int, text: str, **extra: Any) -> dict[str, Any]:
    return {"model": model, "prompt_id": prompt_id, "run": run, "text": text, **extra}


NIGHTLY = [
    sample("qwen2.5-7b", "slugify", 1, SLUG_OK, seed=42),
    sample("qwen2.5-7b", "slugify", 2, SLUG_OK, seed=43),
    sample("llama-3.1-8b", "slugify", 1, SLUG_OK, seed=42, finish_reason="stop"),
    sample("llama-3.1-8b", "wordfreq", 1, WORDFREQ_OK),
    sample("llama-3.1-8b", "essay", 1, ESSAY_TEXT),
]


def write_samples(path: Path, rows: list[dict[str, Any]] | list[bytes]) -> Path:
    data = b"".join(r if isinstance(r, bytes) else json.dumps(r).encode() + b"\n" for r in rows)
    path.write_bytes(data)
    return path


def options(tmp_path: Path, prompts_dir: Path, rows: Any, **kw: Any) -> RunOptions:
    samples = write_samples(tmp_path / "samples.jsonl", rows)
    kw.setdefault("limits", LIMITS)
    return RunOptions(samples=samples, prompts=prompts_dir, out=tmp_path / "out", **kw)


def records(opts: RunOptions) -> dict[tuple[str, str, int], dict[str, Any]]:
    out = list(iter_records(opts.out / RESULTS))
    keyed = {record_key(r): r for r in out}
    assert len(keyed) == len(out), "duplicate keys in the results file"
    return keyed


LIMITS = Limits(timeout_s=5.0, memory_mb=256)


@pytest.fixture
def fake() -> FakeRunner:
    return FakeRunner(limits=LIMITS)


def evaluated(runner: FakeRunner) -> list[RunRequest]:
    """The requests a runner got for samples (not for the prompt self-check)."""
    return [r for r in runner.requests if r.key.model != "codeeval-self-check"]


class Refuse(FakeRunner):
    """A runner that must never be started."""

    def start(self) -> None:
        raise AssertionError("this run must not start a runner")


# ---------------------------------------------------------------- whole runs


def test_run_writes_one_record_per_sample_with_the_contract_keys(
    tmp_path: Path, prompts_dir: Path, fake: FakeRunner
) -> None:
    opts = options(tmp_path, prompts_dir, NIGHTLY)
    summary = run(opts, runner=fake)
    assert fake.started and fake.closed
    assert (summary.written, summary.resumed, summary.bad_inputs) == (5, 0, [])
    assert (summary.runner, summary.image_digest) == ("fake", "sha256:fake")

    out = records(opts)
    assert set(out) == {(s["model"], s["prompt_id"], s["run"]) for s in NIGHTLY}
    for rec in out.values():
        assert {"model", "prompt_id", "run", "parse", "execution", "metrics", "provenance"} <= set(
            rec
        )
        prov = rec["provenance"]
        assert prov["codeeval_version"] == __version__
        assert prov["runner"] == "fake"
        assert prov["image_digest"] == "sha256:fake"
        assert prov["limits"] == Limits(timeout_s=5.0, memory_mb=256).model_dump()

    slug = out[("qwen2.5-7b", "slugify", 1)]
    assert slug["seed"] == 42 and slug["domain"] == "coding"
    assert slug["source"] == f"{opts.samples}:1"
    assert slug["applicable"] == ALL
    assert slug["parse"]["status"] == "ok"
    assert slug["parse"]["module"] == "slugify"
    assert slug["parse"]["files"] == ["slugify.py", "test_slugify.py"]
    assert slug["parse"]["analysis"]["syntax_ok"] is True
    assert slug["parse"]["analysis"]["test_functions"] == 3
    execution = slug["execution"]
    assert execution["status"] == "passed"
    assert execution["reason"] == "verdict of the reference suite"
    assert {k: execution["own"][k] for k in COUNTS} == {
        "passed": 3,
        "failed": 0,
        "errors": 0,
        "skipped": 0,
    }
    assert execution["reference"]["passed"] == count_test_functions(REF_TESTS) == 4
    assert execution["own_vs_reference"]["passed"] == 3

    wordfreq = out[("llama-3.1-8b", "wordfreq", 1)]
    assert wordfreq["applicable"] == ["own"]
    assert set(wordfreq["execution"]) == {"status", "reason", "own"}
    assert wordfreq["execution"]["reason"] == "verdict of the own suite"
    assert wordfreq["execution"]["own"]["passed"] == 2

    essay = out[("llama-3.1-8b", "essay", 1)]
    assert essay["domain"] == "prose"
    assert essay["parse"] is None
    assert essay["applicable"] == []
    assert essay["execution"] == {"status": "skipped", "reason": "domain prose: no code"}

    # the runner got each coding sample once, with the planned suites
    planned = {r.key.label(): [s.name for s in r.suites] for r in evaluated(fake)}
    assert planned == {
        "qwen2.5-7b/slugify/run1": ALL,
        "qwen2.5-7b/slugify/run2": ALL,
        "llama-3.1-8b/slugify/run1": ALL,
        "llama-3.1-8b/wordfreq/run1": ["own"],
    }
    assert all(r.timeout_s is None for r in fake.requests)  # the runner owns the limits


def test_no_exec_marks_records_not_run_and_never_a_pass_ratio(
    tmp_path: Path, prompts_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rows = [*NIGHTLY, sample("mistral-7b", "slugify", 1, REFUSAL)]
    opts = options(tmp_path, prompts_dir, rows, execute=False)
    summary = run(opts, runner=Refuse())
    assert summary.written == 6 and summary.runner == "none"

    out = records(opts)
    for key in [("qwen2.5-7b", "slugify", 1), ("llama-3.1-8b", "wordfreq", 1)]:
        rec = out[key]
        assert rec["execution"] == {
            "status": "not_run",
            "reason": "--no-exec: nothing was executed",
        }
        assert rec["parse"]["status"] == "ok"
        assert rec["parse"]["analysis"]["syntax_ok"] is True
        assert rec["provenance"]["runner"] == "none (--no-exec)"
        assert rec["provenance"]["image_digest"] is None
        assert rec["provenance"]["limits"] is None
        assert rec["provenance"]["codeeval_version"] == __version__
    # nothing runnable is still "skipped", not "not_run"
    assert out[("mistral-7b", "slugify", 1)]["execution"]["status"] == "skipped"

    tables = aggregate(load(opts.out)).tables
    assert tables["own"].excluded_not_run == 5  # the refusal too: nothing was executed
    assert tables["reference"].excluded_not_run == 4
    # without execution no pass ratio is shown at all, not even a refusal's 0
    for metric in ALL:
        assert list(tables[metric].cells) == []


def test_resume_writes_nothing_twice(
    tmp_path: Path, prompts_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first_runner = FakeRunner()
    active = first_runner
    opts = options(tmp_path, prompts_dir, NIGHTLY[:2])
    assert run(opts, runner=active).written == 2

    # the full set now: only the three new samples are run and written
    second_runner = FakeRunner()
    active = second_runner
    opts = options(tmp_path, prompts_dir, NIGHTLY)
    summary = run(opts, runner=active)
    assert (summary.written, summary.resumed) == (3, 2)
    assert len(second_runner.requests) == 2  # the essay is written but never run

    third_runner = FakeRunner()
    active = third_runner
    summary = run(opts, runner=active)
    assert (summary.written, summary.resumed) == (0, 5)
    assert third_runner.requests == []
    assert len(records(opts)) == 5
    assert len((opts.out / RESULTS).read_bytes().splitlines()) == 5


def test_bad_inputs_are_collected_with_locations_and_the_rest_evaluated(
    tmp_path: Path, prompts_dir: Path, fake: FakeRunner
) -> None:
    rows: list[bytes] = [
        json.dumps(NIGHTLY[0]).encode() + b"\n",
        json.dumps(sample("qwen2.5-7b", "slugfy", 1, SLUG_OK)).encode() + b"\n",
        json.dumps(NIGHTLY[0]).encode() + b"\n",
        b'{"model": "qwen2.5-7b", "prompt_id": "slugify", "run": 3, "text": "```py\n',
        b"\n",
        json.dumps(sample("qwen2.5-7b", "slugify", 0, SLUG_OK)).encode() + b"\n",
        json.dumps(NIGHTLY[3]).encode() + b"\n",
    ]
    opts = options(tmp_path, prompts_dir, rows)
    kinds: list[str] = []
    summary = run(opts, runner=fake, progress=lambda kind, n: kinds.extend([kind] * n))
    path = opts.samples
    assert [(b.where, b.reason) for b in summary.bad_inputs] == [
        (f"{path}:2", "unknown prompt id 'slugfy'"),
        (f"{path}:3", "duplicate sample qwen2.5-7b/slugify/run1"),
        (f"{path}:4", summary.bad_inputs[2].reason),
        (f"{path}:6", summary.bad_inputs[3].reason),
    ]
    assert summary.bad_inputs[2].reason.startswith("not valid JSON")
    assert summary.bad_inputs[3].reason.startswith("key 'run'")
    assert summary.written == 2
    assert set(records(opts)) == {("qwen2.5-7b", "slugify", 1), ("llama-3.1-8b", "wordfreq", 1)}
    assert sorted(kinds) == ["bad"] * 4 + ["done"] * 2


def test_text_metrics_are_recorded(tmp_path: Path, prompts_dir: Path, fake: FakeRunner) -> None:
    rows = [
        sample(
            "llama-3.1-8b",
            "essay",
            1,
            ESSAY_TEXT + " And then the",
            finish_reason="length",
            stderr="llama_print_timings: prompt eval time = 91.2 ms / 31 tokens",
        ),
        sample("llama-3.1-8b", "essay", 2, ESSAY_TEXT + " Half an emoji: \ud83d"),
    ]
    opts = options(tmp_path, prompts_dir, rows)
    run(opts, runner=fake)
    out = records(opts)
    cut = out[("llama-3.1-8b", "essay", 1)]["metrics"]
    assert cut["words"] == len(ESSAY_TEXT.split()) + 3  # stderr is never model text
    assert cut["target"]["min_words"] == cut["target"]["max_words"] == 120
    assert cut["truncation"]["suspected"] is True
    assert "finish_reason" in {s["kind"] for s in cut["truncation"]["signals"]}
    broken = out[("llama-3.1-8b", "essay", 2)]["metrics"]
    assert "lone_surrogates" in {i["code"] for i in broken["issues"]}


def test_refusal_is_skipped_and_never_run(
    tmp_path: Path, prompts_dir: Path, fake: FakeRunner
) -> None:
    opts = options(tmp_path, prompts_dir, [sample("qwen2.5-7b", "slugify", 1, REFUSAL)])
    run(opts, runner=fake)
    rec = records(opts)[("qwen2.5-7b", "slugify", 1)]
    assert rec["parse"]["status"] == "no_code"
    assert rec["parse"]["files"] == []
    untested = {"status": "untested", "detail": "the answer holds no tests"}
    execution = rec["execution"]
    assert (execution["status"], execution["reason"]) == ("skipped", "parse: no_code")
    assert {k: execution[k]["status"] for k in ("own", "own_vs_reference")} == {
        "own": "untested",
        "own_vs_reference": "untested",
    }
    assert {k: execution["own"][k] for k in untested} == untested
    assert "reference" not in execution
    assert evaluated(fake) == []
    # in the tables: the module's verdict is a model failure (0); its own tests and their
    # validity are n/a — there are none — excluded and counted, not 0
    tables = aggregate(load(opts.out)).tables
    assert tables["reference"].cells[("qwen2.5-7b", "slugify")].mean == 0.0
    for metric in ("own", "own_vs_reference"):
        assert tables[metric].cells == {}
        assert tables[metric].excluded_untested == 1


def test_parser_crash_becomes_a_record(
    tmp_path: Path, prompts_dir: Path, fake: FakeRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(text: str, **options: Any) -> Extraction:
        if "Gerne" in text:
            raise RecursionError("maximum recursion depth exceeded in comparison")
        return real_extract(text, **options)

    monkeypatch.setattr(codeeval.pipeline, "extract", broken)
    opts = options(tmp_path, prompts_dir, [NIGHTLY[0], NIGHTLY[3]])
    summary = run(opts, runner=fake)
    assert summary.written == 2
    out = records(opts)
    crashed = out[("qwen2.5-7b", "slugify", 1)]
    assert crashed["parse"]["status"] == "error"
    assert crashed["parse"]["files"] == []
    assert "parser failed: RecursionError" in crashed["parse"]["notes"][0]
    assert crashed["execution"] == {"status": "skipped", "reason": "parse: error"}
    assert out[("llama-3.1-8b", "wordfreq", 1)]["execution"]["status"] == "passed"


def test_metrics_crash_becomes_a_status(
    tmp_path: Path, prompts_dir: Path, fake: FakeRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: object, **kwargs: object) -> object:
        raise MemoryError("metrics blew up")

    monkeypatch.setattr(codeeval.pipeline, "measure", broken)
    opts = options(tmp_path, prompts_dir, [NIGHTLY[0]])
    assert run(opts, runner=fake).written == 1
    rec = records(opts)[("qwen2.5-7b", "slugify", 1)]
    assert rec["metrics"]["status"] == "error"
    assert "metrics blew up" in rec["metrics"]["issues"][0]["detail"]
    assert rec["execution"]["status"] == "passed"


def test_analysis_crash_becomes_a_parse_error(
    tmp_path: Path, prompts_dir: Path, fake: FakeRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(ext: Extraction) -> StaticAnalysis:
        raise ValueError("source code string cannot contain null bytes")

    monkeypatch.setattr(codeeval.pipeline, "analyse", broken)
    opts = options(tmp_path, prompts_dir, [NIGHTLY[0]])
    run(opts, runner=fake)
    rec = records(opts)[("qwen2.5-7b", "slugify", 1)]
    assert rec["parse"]["status"] == "error"
    assert rec["execution"]["status"] == "skipped"
    assert evaluated(fake) == []


def test_sandbox_error_from_the_runner(
    tmp_path: Path, prompts_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    broken = RawOutcome(sandbox_error="container exited before replying")
    runner = FakeRunner(script={"qwen2.5-7b/slugify/run2:reference": broken})
    active = runner
    opts = options(tmp_path, prompts_dir, NIGHTLY[:3])
    summary = run(opts, runner=active)
    assert summary.sandbox_errors == 1
    out = records(opts)
    bad = out[("qwen2.5-7b", "slugify", 2)]["execution"]
    assert bad["status"] == "sandbox_error"
    assert bad["reason"] == "container exited before replying"
    assert bad["own"]["status"] == "passed"  # the suites that did run are kept
    assert out[("qwen2.5-7b", "slugify", 1)]["execution"]["status"] == "passed"
    table = aggregate(load(opts.out)).tables["reference"]
    assert table.excluded_sandbox == 1
    assert table.cells[("qwen2.5-7b", "slugify")].n == 1


def test_scripted_failure_is_the_module_verdict(
    tmp_path: Path, prompts_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    failed = junit_outcome(passed=3, failed=1)
    active = FakeRunner(script={"llama-3.1-8b/slugify/run1:reference": failed})
    opts = options(tmp_path, prompts_dir, NIGHTLY[:3])
    run(opts, runner=active)
    execution = records(opts)[("llama-3.1-8b", "slugify", 1)]["execution"]
    assert execution["status"] == "failed"
    assert {k: execution["reference"][k] for k in COUNTS} == {
        "passed": 3,
        "failed": 1,
        "errors": 0,
        "skipped": 0,
    }
    assert execution["own"]["status"] == "passed"


def test_tests_without_a_module_are_not_a_passing_module(
    tmp_path: Path, prompts_dir: Path, fake: FakeRunner
) -> None:
    opts = options(tmp_path, prompts_dir, [sample("qwen2.5-7b", "slugify", 1, SLUG_TESTS_ONLY)])
    run(opts, runner=fake)
    rec = records(opts)[("qwen2.5-7b", "slugify", 1)]
    assert rec["parse"]["status"] == "no_module"
    assert rec["execution"]["own_vs_reference"]["status"] == "passed"  # its tests are right
    assert rec["execution"]["status"] != "passed"  # but there is no module to pass


def test_markdown_directory_as_input(tmp_path: Path, prompts_dir: Path, fake: FakeRunner) -> None:
    outputs = tmp_path / "outputs"
    (outputs / "qwen2.5-7b").mkdir(parents=True)
    (outputs / "qwen2.5-7b" / "slugify__run1.md").write_text(SLUG_OK, encoding="utf-8")
    (outputs / "llama-3.1-8b__wordfreq__r2.md").write_text(WORDFREQ_OK, encoding="utf-8")
    (outputs / "README.md").write_text("nightly outputs", encoding="utf-8")
    opts = RunOptions(samples=outputs, prompts=prompts_dir, out=tmp_path / "out")
    summary = run(opts, runner=fake)
    assert (summary.written, summary.bad_inputs) == (2, [])
    out = records(opts)
    assert set(out) == {("qwen2.5-7b", "slugify", 1), ("llama-3.1-8b", "wordfreq", 2)}
    assert out[("qwen2.5-7b", "slugify", 1)]["source"] == str(
        outputs / "qwen2.5-7b" / "slugify__run1.md"
    )


def test_many_samples_on_several_workers(
    tmp_path: Path, prompts_dir: Path, fake: FakeRunner
) -> None:
    rows = [sample(f"model-{m}", "slugify", r, SLUG_OK) for m in range(6) for r in range(1, 6)]
    opts = options(tmp_path, prompts_dir, rows, jobs=4)
    assert run(opts, runner=fake).written == 30
    assert len(records(opts)) == 30
    assert len(evaluated(fake)) == 30


def test_stop_before_start_writes_nothing(tmp_path: Path, prompts_dir: Path) -> None:
    stop = threading.Event()
    stop.set()
    opts = options(tmp_path, prompts_dir, NIGHTLY)
    summary = evaluate(opts, FakeRunner(), stop=stop)
    assert summary.written == 0
    assert list(iter_records(opts.out / RESULTS)) == []


def test_broken_prompt_file_is_reported_before_the_engine_is_touched(
    tmp_path: Path, prompts_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (prompts_dir / "broken.toml").write_text('id = "x"\ndomain = "coding"\n')
    opts = options(tmp_path, prompts_dir, NIGHTLY)
    with pytest.raises(PromptError, match=r"broken\.toml: missing key 'prompt'"):
        run(opts, runner=Refuse())
    assert not (opts.out / RESULTS).exists()


def test_missing_samples_file(tmp_path: Path, prompts_dir: Path, fake: FakeRunner) -> None:
    opts = RunOptions(samples=tmp_path / "nope.jsonl", prompts=prompts_dir, out=tmp_path / "o")
    with pytest.raises(InputError, match=r"nope\.jsonl: no such samples file"):
        run(opts, runner=fake)
    assert not fake.started, "bad input is reported before the sandbox starts"


class NoEngine(FakeRunner):
    def start(self) -> None:
        raise EngineError("Docker engine unreachable at unix:///var/run/docker.sock")


def test_missing_samples_file_is_reported_before_the_engine_is_touched(
    tmp_path: Path, prompts_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    runner = NoEngine()
    active = runner
    opts = RunOptions(samples=tmp_path / "nope.jsonl", prompts=prompts_dir, out=tmp_path / "o")
    with pytest.raises(InputError, match="no such samples file"):
        run(opts, runner=active)


def test_resuming_with_other_settings_is_refused(
    tmp_path: Path, prompts_dir: Path, fake: FakeRunner
) -> None:
    opts = options(tmp_path, prompts_dir, NIGHTLY, execute=False)
    run(opts, runner=fake)
    before = (opts.out / RESULTS).read_bytes()
    opts.execute = True
    with pytest.raises(UsageError, match="other settings"):
        run(opts, runner=fake)
    assert fake.closed
    assert (opts.out / RESULTS).read_bytes() == before


# ---------------------------------------------------------------- planning and verdicts

SLUG_PROMPT = Prompt(
    id="slugify",
    domain="coding",
    prompt="…",
    module="slugify.py",
    reference=Reference(solution=REF_SOLUTION, tests=REF_TESTS),
)
MODULE = ExtractedFile(name="slugify.py", role="module", content="def slugify(t):\n    return t\n")
TESTS = ExtractedFile(
    name="test_slugify.py",
    role="tests",
    content="from slugify import slugify\n\ndef test_a():\n    assert slugify('a') == 'a'\n",
)
MORE_TESTS = ExtractedFile(
    name="test_slugify_edge.py",
    role="tests",
    content="from slugify import slugify\n\ndef test_b():\n    pass\n\ndef test_c():\n    pass\n",
)
HELPER = ExtractedFile(name="helpers.py", role="other", content="X = 1\n")
OK = StaticAnalysis(syntax_ok=True)


def ext(*files: ExtractedFile, module: str | None = "slugify") -> Extraction:
    return Extraction(status="ok", files=files, module_name=module)


@pytest.mark.parametrize(
    ("prompt", "extraction", "names"),
    [
        (SLUG_PROMPT, ext(MODULE, TESTS), ["own", "reference", "own_vs_reference"]),
        (SLUG_PROMPT, ext(MODULE), ["reference"]),
        (SLUG_PROMPT, ext(TESTS, module=None), ["own_vs_reference"]),
        (SLUG_PROMPT, ext(HELPER), []),
        (SLUG_PROMPT, ext(module=None), []),
        (SLUG_PROMPT.model_copy(update={"reference": None}), ext(MODULE, TESTS), ["own"]),
        (
            SLUG_PROMPT.model_copy(update={"reference": Reference(tests=REF_TESTS)}),
            ext(MODULE, TESTS),
            ["own", "reference"],
        ),
        (
            SLUG_PROMPT.model_copy(update={"reference": Reference(solution=REF_SOLUTION)}),
            ext(MODULE, TESTS),
            ["own", "own_vs_reference"],
        ),
        (
            Prompt(id="wordfreq", domain="coding", prompt="…"),
            ext(MODULE, TESTS),
            ["own"],
        ),
        (Prompt(id="wordfreq", domain="coding", prompt="…"), ext(MODULE), []),
    ],
)
def test_plan_suites_names(prompt: Prompt, extraction: Extraction, names: list[str]) -> None:
    assert [s.name for s in plan_suites(prompt, extraction, OK)] == names


def test_plan_suites_contents() -> None:
    own, reference, own_vs_reference = plan_suites(
        SLUG_PROMPT, ext(MODULE, TESTS, MORE_TESTS, HELPER), OK
    )
    assert (own.module_name, own.module_source) == ("slugify", MODULE.content)
    assert (own.test_file, own.test_source) == ("test_slugify.py", TESTS.content)
    assert own.extra_files == (
        ("helpers.py", "X = 1\n"),
        ("test_slugify_edge.py", MORE_TESTS.content),
    )
    assert own.expected_tests == 3

    assert (reference.module_name, reference.module_source) == ("slugify", MODULE.content)
    assert (reference.test_file, reference.test_source) == (REFERENCE_TEST_FILE, REF_TESTS)
    assert reference.extra_files == (("helpers.py", "X = 1\n"),)
    assert reference.expected_tests == 4

    assert own_vs_reference.module_source == REF_SOLUTION
    assert own_vs_reference.module_name == "slugify"
    assert own_vs_reference.test_file == "test_slugify.py"
    assert own_vs_reference.expected_tests == 3


def test_only_the_hidden_suite_runs_isolated_unless_asked_otherwise() -> None:
    suites = plan_suites(SLUG_PROMPT, ext(MODULE, TESTS), OK)
    assert {s.name: s.isolate for s in suites} == {
        "own": False,
        "reference": True,
        "own_vs_reference": False,
    }
    in_process = plan_suites(SLUG_PROMPT, ext(MODULE, TESTS), OK, isolate_reference=False)
    assert not any(s.isolate for s in in_process)


def test_plan_suites_uses_the_prompts_module_name_for_the_hidden_suites() -> None:
    """The model named its module differently: its own suite keeps that name, the hidden
    suites import the module under the prompt's name, and an alias file for the reference
    solution is never shadowed by the model's own file of the same name."""
    renamed = ExtractedFile(name="my_slug.py", role="module", content=MODULE.content)
    shadow = ExtractedFile(name="slugify.py", role="other", content="raise ImportError\n")
    own, reference, own_vs_reference = plan_suites(
        SLUG_PROMPT, ext(renamed, TESTS, shadow, module="my_slug"), OK
    )
    assert own.module_name == "my_slug"
    assert reference.module_name == own_vs_reference.module_name == "slugify"
    assert ("slugify.py", "raise ImportError\n") in own.extra_files
    assert all(name != "slugify.py" for name, _ in own_vs_reference.extra_files)


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (SLUG_PROMPT, ["own", "reference", "own_vs_reference"]),
        (SLUG_PROMPT.model_copy(update={"reference": None}), ["own"]),
        (
            SLUG_PROMPT.model_copy(update={"reference": Reference(tests="def test_a(): pass")}),
            ["own", "reference"],
        ),
        (Prompt(id="essay", domain="prose", prompt="…"), []),
        (Prompt(id="speech", domain="speech", prompt="…"), []),
    ],
)
def test_applicable_suites(prompt: Prompt, expected: list[str]) -> None:
    assert applicable_suites(prompt) == expected


PASSED = SuiteResult(status="passed", passed=4, exit_code=0)
FAILED = SuiteResult(status="failed", passed=2, failed=2, exit_code=1)
TIMEOUT = SuiteResult(status="timeout", detail="killed after 20 s")
BROKEN = SuiteResult(status="sandbox_error", detail="docker: container vanished")


@pytest.mark.parametrize(
    ("suites", "status", "reason"),
    [
        ({}, "skipped", "nothing to run"),
        ({"own": PASSED}, "passed", "verdict of the own suite"),
        ({"own": FAILED}, "failed", "verdict of the own suite"),
        ({"own": PASSED, "reference": FAILED}, "failed", "verdict of the reference suite"),
        ({"own": FAILED, "reference": PASSED}, "passed", "verdict of the reference suite"),
        (
            {"own": PASSED, "reference": TIMEOUT, "own_vs_reference": PASSED},
            "timeout",
            "verdict of the reference suite",
        ),
        ({"reference": PASSED}, "passed", "verdict of the reference suite"),
        ({"own": PASSED, "reference": BROKEN}, "sandbox_error", "docker: container vanished"),
        ({"own": BROKEN, "reference": FAILED}, "sandbox_error", "docker: container vanished"),
    ],
)
def test_summarise(suites: dict[str, SuiteResult], status: str, reason: str) -> None:
    execution = summarise(suites)
    assert (execution.status, execution.reason) == (status, reason)
    for name, result in suites.items():
        assert getattr(execution, name) == result


def test_summarise_without_a_module_suite_is_no_module_verdict() -> None:
    execution = summarise({"own_vs_reference": PASSED})
    assert execution.status != "passed"
    assert execution.own_vs_reference == PASSED


# ------------------------------------------------ test files that do not compile


SLUG_BROKEN_TESTS = SLUG_OK.replace("def test_basic():", "def test_basic(:")


def test_a_test_file_that_does_not_compile_is_not_run_and_says_why(
    tmp_path: Path, prompts_dir: Path, fake: FakeRunner
) -> None:
    assert "def test_basic(:" in SLUG_BROKEN_TESTS
    opts = options(tmp_path, prompts_dir, [sample("m", "slugify", 1, SLUG_BROKEN_TESTS)])
    run(opts, runner=fake)
    execution = records(opts)[("m", "slugify", 1)]["execution"]
    # Only the hidden tests went to the runner; the model's own test file was known
    # not to compile, so its two suites are collection errors naming the syntax error.
    assert [[s.name for s in r.suites] for r in evaluated(fake)] == [["reference"]]
    assert execution["status"] == "passed"
    for name in ("own", "own_vs_reference"):
        assert execution[name]["status"] == "collection_error"
        assert execution[name]["detail"].startswith("test_slugify.py:")
        assert "pytest was not run" in execution[name]["detail"]


# ---------------------------------------------------------------- run integrity


def test_a_second_run_on_the_same_out_is_refused(
    tmp_path: Path, prompts_dir: Path, fake: FakeRunner
) -> None:
    opts = options(tmp_path, prompts_dir, NIGHTLY)
    with OutLock(opts.out):
        with pytest.raises(OutLocked, match=r"in use by another codeeval run \(pid \d+ on "):
            run(opts, runner=fake)
        assert not fake.started, "refused before the engine is touched"
    assert run(opts, runner=fake).written == 5  # the lock went with its holder


def test_resume_refuses_a_changed_sample_text_and_names_it(
    tmp_path: Path, prompts_dir: Path, fake: FakeRunner
) -> None:
    opts = options(tmp_path, prompts_dir, NIGHTLY)
    run(opts, runner=fake)
    before = (opts.out / RESULTS).read_bytes()
    edited = [dict(NIGHTLY[0], text=WORDFREQ_OK), *NIGHTLY[1:]]
    opts = options(tmp_path, prompts_dir, edited)
    with pytest.raises(UsageError, match=r"sample text changed: qwen2.5-7b/slugify/run1$"):
        run(opts, runner=FakeRunner(limits=LIMITS))
    assert (opts.out / RESULTS).read_bytes() == before


def test_resume_refuses_changed_hidden_tests_and_names_the_field(
    tmp_path: Path, prompts_dir: Path, fake: FakeRunner
) -> None:
    opts = options(tmp_path, prompts_dir, NIGHTLY)
    run(opts, runner=fake)
    toml = prompts_dir / "slugify.toml"
    toml.write_text(toml.read_text().replace('"das-ist"', '"das-ist-"'))
    with pytest.raises(UsageError, match=r"prompt 'slugify' changed \(reference.tests\): 3 rec"):
        run(opts, runner=FakeRunner(limits=LIMITS))


def test_rerun_changed_evaluates_exactly_the_changed_samples(
    tmp_path: Path, prompts_dir: Path, fake: FakeRunner
) -> None:
    opts = options(tmp_path, prompts_dir, NIGHTLY)
    run(opts, runner=fake)
    edited = [dict(NIGHTLY[0], text=SLUG_TESTS_ONLY), *NIGHTLY[1:]]
    opts = options(tmp_path, prompts_dir, edited, rerun_changed=True)
    again = FakeRunner(limits=LIMITS)
    summary = run(opts, runner=again)
    assert (summary.replaced, summary.written, summary.resumed) == (1, 1, 4)
    assert [r.key.label() for r in evaluated(again)] == ["qwen2.5-7b/slugify/run1"]
    out = records(opts)
    assert len(out) == 5
    assert out[("qwen2.5-7b", "slugify", 1)]["parse"]["status"] == "no_module"  # the new text
    aside = [
        json.loads(line) for line in (opts.out / "results.jsonl.replaced").read_bytes().splitlines()
    ]
    assert [record_key(r) for r in aside] == [("qwen2.5-7b", "slugify", 1)]
    assert aside[0]["parse"]["status"] == "ok"  # the old record is kept, not deleted


def test_resume_refuses_other_notice_patterns_naming_the_values(
    tmp_path: Path, prompts_dir: Path, fake: FakeRunner
) -> None:
    opts = options(tmp_path, prompts_dir, NIGHTLY)
    run(opts, runner=fake)
    opts.notice_patterns = (r"^\[llama\]",)
    with pytest.raises(UsageError, match=r'notice_patterns: \[\] → \["\^\\\\\[llama\\\\\]"\]'):
        run(opts, runner=FakeRunner(limits=LIMITS))


def test_records_carry_the_digests_of_their_inputs(
    tmp_path: Path, prompts_dir: Path, fake: FakeRunner
) -> None:
    opts = options(tmp_path, prompts_dir, NIGHTLY[:2])
    run(opts, runner=fake)
    first, second = records(opts).values()
    assert first["inputs"]["prompt"] == second["inputs"]["prompt"]
    assert first["inputs"]["sample"] != second["inputs"]["sample"]  # other seeds
    assert all(v.startswith("sha256:") for v in first["inputs"].values())


def test_a_reference_solution_failing_its_hidden_tests_stops_the_run(
    tmp_path: Path, prompts_dir: Path
) -> None:
    failing = junit_outcome(
        passed=3, failed=1, names=("test_basic", "test_accents", "test_empty", "test_max_length")
    )
    runner = FakeRunner(
        script={"codeeval-self-check/slugify/run1:reference": failing}, limits=LIMITS
    )
    opts = options(tmp_path, prompts_dir, NIGHTLY)
    with pytest.raises(PromptError) as info:
        run(opts, runner=runner)
    assert str(info.value) == (
        "a reference solution does not pass its own hidden tests in the sandbox — "
        "prompt 'slugify': failed (1 of 4 tests): test_module::test_max_length"
    )
    assert info.value.exit_code == 10
    assert evaluated(runner) == [], "no model code ran"
    assert not (opts.out / RESULTS).exists() or (opts.out / RESULTS).read_bytes() == b""


def test_the_self_check_runs_once_per_prompt_and_not_again_on_resume(
    tmp_path: Path, prompts_dir: Path, fake: FakeRunner
) -> None:
    opts = options(tmp_path, prompts_dir, NIGHTLY[:2])
    summary = run(opts, runner=fake)
    checks = [r for r in fake.requests if r.key.model == "codeeval-self-check"]
    assert [r.key.prompt_id for r in checks] == ["slugify"]  # wordfreq has nothing to check
    (spec,) = checks[0].suites
    assert (spec.module_source, spec.test_source) == (REF_SOLUTION[1:], REF_TESTS[1:])
    assert spec.isolate and summary.prompts_checked == 1
    again = FakeRunner(limits=LIMITS)
    opts = options(tmp_path, prompts_dir, NIGHTLY)
    assert run(opts, runner=again).prompts_checked == 0
    assert all(r.key.model != "codeeval-self-check" for r in again.requests)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", r"samples\.jsonl: no samples \(empty\)"),
        (b"\n\n  \n", r"samples\.jsonl: no samples \(empty\)"),
        (bytes(range(256)) * 40, r"samples\.jsonl: a binary file, not JSON Lines"),
        (b"\x1f\x8b\x08\x00" + b"\x00" * 20, r"samples\.jsonl: a gzip file, not JSON Lines"),
        (b'[{"model": "m"}]\n', r"samples\.jsonl: one JSON array, not JSON Lines"),
        (
            b"model,prompt_id,run,text\nm,slugify,1,x\n",
            r"samples\.jsonl: not one sample could be read \(2 entries rejected; the first, "
            r".*samples\.jsonl:1: not valid JSON",
        ),
    ],
)
def test_input_that_holds_no_sample_is_one_error(
    tmp_path: Path, prompts_dir: Path, content: bytes, message: str
) -> None:
    opts = options(tmp_path, prompts_dir, [content])
    runner = FakeRunner(limits=LIMITS)
    with pytest.raises(InputError, match=message):
        run(opts, runner=runner)
    assert evaluated(runner) == []
    assert not runner.started, "reported before the engine is touched"
    with pytest.raises(InputError, match=message):  # not the engine's error
        run(opts, runner=NoEngine())


# ---------------------------------------------------------------- honest own-test tables

SLUG_MODULE_ONLY = """```python
# slugify.py
def slugify(text, max_length=None, separator="-"):
    return separator.join(text.lower().split())
```
"""

SLUG_TESTS_NEED_A_HELPER = SLUG_OK.replace(
    "from slugify import slugify\n", "from slugify import slugify, _ascii_fold\n"
).replace(
    "def test_empty():",
    "def test_fold():\n    assert _ascii_fold('é') == 'e'\n\n\ndef test_empty():",
)


def test_an_answer_without_tests_is_na_in_the_own_and_validity_tables(
    tmp_path: Path, prompts_dir: Path, fake: FakeRunner
) -> None:
    rows = [
        sample("qwen2.5-7b", "slugify", 1, SLUG_MODULE_ONLY),
        sample("qwen2.5-7b", "slugify", 2, SLUG_OK),
    ]
    opts = options(tmp_path, prompts_dir, rows)
    run(opts, runner=fake)
    out = records(opts)
    bare = out[("qwen2.5-7b", "slugify", 1)]["execution"]
    assert bare["status"] == "passed"  # the hidden tests ran against its module
    assert bare["own"]["status"] == bare["own_vs_reference"]["status"] == "untested"
    summary = aggregate(load(opts.out))
    for metric in ("own", "own_vs_reference"):
        table = summary.tables[metric]
        cell = table.cells[("qwen2.5-7b", "slugify")]
        assert (cell.n, cell.mean, table.excluded_untested) == (1, 1.0, 1)  # not 0.5
        assert footnote(table) == "1 answers without tests (n/a)"
    assert summary.tables["reference"].cells[("qwen2.5-7b", "slugify")].n == 2


def test_tests_importing_a_name_the_reference_lacks_get_their_own_status(
    tmp_path: Path, prompts_dir: Path, fake: FakeRunner
) -> None:
    opts = options(
        tmp_path, prompts_dir, [sample("qwen2.5-7b", "slugify", 1, SLUG_TESTS_NEED_A_HELPER)]
    )
    run(opts, runner=fake)
    execution = records(opts)[("qwen2.5-7b", "slugify", 1)]["execution"]
    assert execution["own_vs_reference"] == {
        "status": "api_mismatch",
        "passed": 0,
        "failed": 0,
        "errors": 0,
        "skipped": 0,
        "duration_s": 0.0,
        "detail": "the tests import names the reference solution does not define: _ascii_fold",
        "output_tail": "",
        "failing": [],
    }
    # never run against the reference (it would only be a collection error)
    assert [[s.name for s in r.suites] for r in evaluated(fake)] == [["own", "reference"]]
    table = aggregate(load(opts.out)).tables["own_vs_reference"]
    assert (table.cells, table.excluded_api_mismatch) == ({}, 1)


@pytest.mark.parametrize(
    ("test_source", "missing"),
    [
        ("from slugify import slugify\n", ""),
        ("from slugify import slugify, helper\n", "helper"),
        ("from my_slug import slugify, helper\n", "helper"),  # an alias of the module
        ("import slugify\n", ""),  # attribute use is not checked statically
        ("from slugify import *\n", ""),
        ("def test_x():\n    from slugify import helper\n", ""),  # one test, not the file
        ("from os import path\n", ""),
    ],
)
def test_api_mismatch_reads_top_level_imports_of_the_module(test_source: str, missing: str) -> None:
    alias = ExtractedFile(
        name="my_slug.py",
        role="other",
        content='"""Written by codeeval: the tests import my_slug, the module is slugify.py."""\n',
    )
    tests = ExtractedFile(name="test_slugify.py", role="tests", content=test_source)
    why = api_mismatch(SLUG_PROMPT, ext(MODULE, tests, alias))
    expected = f"the tests import names the reference solution does not define: {missing}"
    assert why == (expected if missing else "")


def test_src_layout_alias_imports_the_real_module(tmp_path: Path) -> None:
    answer = (
        "```python\n# src/slugify.py\ndef slugify(t):\n    return t.lower()\n```\n"
        "```python\n# tests/test_slugify.py\nfrom src.slugify import slugify\n"
        "import src.slugify as again\nfrom src import slugify as package_module\n\n"
        "def test_a():\n    assert slugify('A') == 'a'\n```\n"
    )
    extraction = real_extract(answer, module="slugify.py")
    assert extraction.status == "ok"
    for f in extraction.files:
        (tmp_path / f.name).write_text(f.content)
    check = (
        "import test_slugify as t, slugify\n"
        "assert t.again is slugify and t.package_module is slugify\n"
        "assert t.slugify is slugify.slugify\n"
        "t.test_a()\n"
        "print('ok')\n"
    )
    done = subprocess.run(
        [sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, '.')\n{check}"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.stdout == "ok\n", done.stderr


def test_a_passed_self_check_is_remembered_across_results_directories(
    tmp_path: Path, prompts_dir: Path
) -> None:
    cache = tmp_path / "cache"
    first = FakeRunner(limits=LIMITS)
    opts = options(tmp_path, prompts_dir, NIGHTLY[:1], cache_dir=cache)
    assert run(opts, runner=first).prompts_checked == 1
    # another OUT, the same prompt, image, limits and isolation: not checked again
    second = FakeRunner(limits=LIMITS)
    opts.out = tmp_path / "elsewhere"
    assert run(opts, runner=second).prompts_checked == 0
    assert evaluated(second) == second.requests
    # other limits: checked afresh
    third = FakeRunner(limits=LIMITS.model_copy(update={"timeout_s": 7.0}))
    opts.out = tmp_path / "third"
    assert run(opts, runner=third).prompts_checked == 1


def test_a_collection_error_names_the_code_that_stops_the_import(
    tmp_path: Path, prompts_dir: Path
) -> None:
    """Demo code at the top of the module (reading stdin) ends its import under the tests:
    the record's reason says so, with the line, instead of a bare collection error."""
    demo = SLUG_OK.replace(
        "    return slug\n```", '    return slug\n\nn = input("text? ")\nprint(slugify(n))\n```'
    )
    stopped = junit_outcome(errors=1, exit_code=2)
    label = "qwen2.5-7b/slugify/run1"
    runner = FakeRunner(script={f"{label}:reference": stopped, f"{label}:own": stopped})
    opts = options(tmp_path, prompts_dir, [sample("qwen2.5-7b", "slugify", 1, demo)])
    run(opts, runner=runner)
    execution = records(opts)[("qwen2.5-7b", "slugify", 1)]["execution"]
    assert execution["status"] == "collection_error"
    assert execution["reason"] == (
        "verdict of the reference suite; the module stops at import: "
        "slugify.py:15: input() reads standard input at import"
    )


def test_a_hazard_is_no_reason_when_the_tests_ran() -> None:
    execution = summarise({"reference": FAILED}, hazards=("m.py:3: sys.exit() at import",))
    assert execution.reason == "verdict of the reference suite"
