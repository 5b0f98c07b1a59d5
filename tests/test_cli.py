"""The command line: exit codes, error and hint lines, tables. No Docker: ``--no-exec`` or
the fake runner, handed to the app as ``obj={"runner": …}``."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from codeeval import __version__
from codeeval.cli import app
from codeeval.runners.fake import FakeRunner
from codeeval.store import RESULTS, iter_records, record_key

SHIPPED = Path(__file__).resolve().parent.parent / "prompts" / "coding"

SLUG_OK = """Here is the module:

```python
# slugify.py
import re


def slugify(text, max_length=None, separator="-"):
    slug = re.sub(r"[^a-z0-9]+", separator, text.lower()).strip(separator)
    return slug[:max_length].rstrip(separator) if max_length else slug
```

And the tests:

```python
# test_slugify.py
from slugify import slugify


def test_basic():
    assert slugify("Hello, World!") == "hello-world"


def test_separator():
    assert slugify("a b", separator="_") == "a_b"
```
"""

ROMAN_OK = """```python
# roman_numerals.py
def to_roman(n):
    return "I" * n
```

```python
# test_roman_numerals.py
from roman_numerals import to_roman


def test_one():
    assert to_roman(1) == "I"
```
"""

ANSI = re.compile(r"\x1b\[[0-9;]*m")


@pytest.fixture(autouse=True)
def wide_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "250")


@pytest.fixture(autouse=True)
def own_cache(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The self-check cache of these runs stays in the test's directory."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


def invoke(*args: str | Path, runner: FakeRunner | None = None) -> tuple[Result, str, str]:
    obj = {"runner": runner} if runner is not None else None
    result = CliRunner().invoke(app, [str(a) for a in args], obj=obj)
    return result, ANSI.sub("", result.stdout), ANSI.sub("", result.stderr)


def no_traceback(result: Result) -> bool:
    return "Traceback" not in result.output and isinstance(result.exception, SystemExit | None)


def write_samples(path: Path, rows: list[dict[str, Any] | bytes]) -> Path:
    path.write_bytes(
        b"".join(r if isinstance(r, bytes) else json.dumps(r).encode() + b"\n" for r in rows)
    )
    return path


def sample(model: str, prompt_id: str, run: int, text: str) -> dict[str, Any]:
    return {"model": model, "prompt_id": prompt_id, "run": run, "text": text}


ROWS: list[dict[str, Any] | bytes] = [
    sample("qwen2.5-7b", "slugify", 1, SLUG_OK),
    sample("qwen2.5-7b", "slugify", 2, SLUG_OK),
    sample("llama-3.1-8b", "roman_numerals", 1, ROMAN_OK),
]


@pytest.fixture
def samples(tmp_path: Path) -> Path:
    return write_samples(tmp_path / "samples.jsonl", ROWS)


@pytest.fixture
def fake() -> FakeRunner:
    return FakeRunner()


def test_version() -> None:
    result, out, _ = invoke("version")
    assert result.exit_code == 0
    assert out.strip() == __version__


def test_run_no_exec_prints_a_table_and_exits_0(tmp_path: Path, samples: Path) -> None:
    out_dir = tmp_path / "out"
    result, out, err = invoke("run", samples, "--prompts", SHIPPED, "--out", out_dir, "--no-exec")
    assert result.exit_code == 0, result.output
    flat = " ".join(out.split())
    assert flat.count(": no scores (") == 3
    assert "the model's own tests against its module: no scores" in flat
    assert "3 samples not executed (--no-exec)" in flat
    assert "Outputs per model" in flat
    assert "execution status of 3 coding samples — not_run: 3" in out
    assert "Per prompt" not in out and "strict pass rate" not in out  # no pass ratio anywhere
    assert f"3 records written, 0 already there → {out_dir / RESULTS}" in " ".join(err.split())
    statuses = [r["execution"]["status"] for r in iter_records(out_dir / RESULTS)]
    assert statuses == ["not_run"] * 3


def test_run_on_the_fake_runner_prints_pass_ratios(
    tmp_path: Path, samples: Path, fake: FakeRunner
) -> None:
    result, out, _ = invoke(
        "run", samples, "--prompts", SHIPPED, "--out", tmp_path / "out", "-q", runner=fake
    )
    assert result.exit_code == 0, result.output
    assert fake.started and fake.closed
    assert "2/2 · 1.00 ±0.00" in out  # qwen/slugify, two runs
    assert "qwen2.5-7b" in out and "llama-3.1-8b" in out
    assert "execution status of 3 coding samples — passed: 3" in out


def test_rerun_resumes(tmp_path: Path, samples: Path) -> None:
    args = ("run", samples, "--prompts", SHIPPED, "--out", tmp_path / "out", "--no-exec")
    assert invoke(*args)[0].exit_code == 0
    result, _, err = invoke(*args)
    assert result.exit_code == 0
    assert "0 records written, 3 already there" in err
    assert len(list(iter_records(tmp_path / "out" / RESULTS))) == 3


def test_rejected_input_lines_exit_3_and_the_rest_is_written(tmp_path: Path) -> None:
    samples = write_samples(
        tmp_path / "samples.jsonl",
        [
            ROWS[0],
            sample("qwen2.5-7b", "slugfiy", 1, SLUG_OK),
            b'{"model": "qwen2.5-7b", "prompt_id": "slugify", "run": 2, "text": "``\n',
            ROWS[2],
        ],
    )
    out_dir = tmp_path / "out"
    result, _, err = invoke("run", samples, "--prompts", SHIPPED, "--out", out_dir, "--no-exec")
    assert result.exit_code == 3, result.output
    assert no_traceback(result)
    assert f"skipped input: {samples}:2: unknown prompt id 'slugfiy'" in err
    assert f"skipped input: {samples}:3: not valid JSON" in err
    assert "2 input lines rejected" in err
    assert {record_key(r) for r in iter_records(out_dir / RESULTS)} == {
        ("qwen2.5-7b", "slugify", 1),
        ("llama-3.1-8b", "roman_numerals", 1),
    }


@pytest.mark.parametrize("flags", [(), ("--no-exec",)])
def test_missing_samples_file_exits_4(
    tmp_path: Path, fake: FakeRunner, flags: tuple[str, ...]
) -> None:
    missing = tmp_path / "nightly.jsonl"
    args: list[str | Path] = ["run", missing, "--prompts", SHIPPED, "--out", tmp_path / "o"]
    result, _, err = invoke(*args, *flags, runner=fake)
    assert result.exit_code == 4
    assert no_traceback(result)
    assert f"error: {missing}: no such samples file or directory" in err
    assert "hint: check the file named above" in err


def test_broken_prompt_file_exits_10(tmp_path: Path, samples: Path, fake: FakeRunner) -> None:
    prompts = tmp_path / "prompts"
    prompts.mkdir()
    for path in SHIPPED.glob("*.toml"):
        (prompts / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    broken = prompts / "zz_broken.toml"
    broken.write_text('id = "broken"\ndomain = "coding"\nmodule = "broken.py"\n')
    result, _, err = invoke(
        "run", samples, "--prompts", prompts, "--out", tmp_path / "out", runner=fake
    )
    assert result.exit_code == 10
    assert no_traceback(result)
    assert f"error: {broken}: missing key 'prompt'" in err
    assert "hint: every prompt file needs at least the keys id, domain and prompt" in err
    assert not fake.started  # reported before the engine is touched
    assert not (tmp_path / "out" / RESULTS).exists()


def test_error_message_with_brackets_is_printed_verbatim(tmp_path: Path, samples: Path) -> None:
    prompts = tmp_path / "prompts"
    prompts.mkdir()
    broken = prompts / "slugify.toml"
    broken.write_text(
        'id = "slugify"\ndomain = "coding"\nprompt = "x"\n[reference]\ntests = "def test_a(): 0"\n'
    )
    result, _, err = invoke("run", samples, "--prompts", prompts, "--out", tmp_path / "o")
    assert result.exit_code == 10
    assert f"error: {broken}: [reference] tests" in err


def test_rejected_file_name_with_brackets_is_printed_verbatim(tmp_path: Path) -> None:
    outputs = tmp_path / "outputs"
    outputs.mkdir()
    (outputs / "qwen2.5-7b__slugify__run1.md").write_text(SLUG_OK)
    (outputs / "qwen notes [draft].md").write_text("to do")
    args = ("run", outputs, "--prompts", SHIPPED, "--out", tmp_path / "o", "--no-exec")
    result, _, err = invoke(*args)
    assert result.exit_code == 3
    assert "qwen notes [draft].md: file name does not match" in err


def test_manifest_mismatch_exits_2(tmp_path: Path, samples: Path, fake: FakeRunner) -> None:
    out_dir = tmp_path / "out"
    first, _, _ = invoke("run", samples, "--prompts", SHIPPED, "--out", out_dir, "--no-exec")
    assert first.exit_code == 0
    before = (out_dir / RESULTS).read_bytes()
    result, _, err = invoke("run", samples, "--prompts", SHIPPED, "--out", out_dir, runner=fake)
    assert result.exit_code == 2
    assert no_traceback(result)
    assert f"error: {out_dir} holds results made with other settings" in err
    assert "hint: use another --out directory, or the same settings to resume" in err
    assert fake.closed
    assert (out_dir / RESULTS).read_bytes() == before


def test_table_markdown(tmp_path: Path, samples: Path, fake: FakeRunner) -> None:
    out_dir = tmp_path / "out"
    first = invoke("run", samples, "--prompts", SHIPPED, "--out", out_dir, runner=fake)
    assert first[0].exit_code == 0
    result, out, _ = invoke("table", out_dir, "--markdown")
    assert result.exit_code == 0
    assert "### Per prompt: hidden reference tests against the model's module (correctness)" in out
    assert "| prompt | llama-3.1-8b | qwen2.5-7b |" in out
    assert "| roman_numerals | 1/1 · 1.00 | – |" in out
    assert "| slugify | – | 2/2 · 1.00 ±0.00 |" in out
    assert "| all 2 prompts | 1/1 · 1.00 ±0.00 | 2/2 · 1.00 ±0.00 |" in out
    assert out.count("### Per prompt") == 3
    assert "fewer than 2 runs (llama-3.1-8b/roman_numerals)" in out


def test_table_of_a_missing_directory_exits_4(tmp_path: Path) -> None:
    result, _, err = invoke("table", tmp_path / "nowhere")
    assert result.exit_code == 4
    assert no_traceback(result)
    assert f"error: {tmp_path / 'nowhere' / RESULTS}: no results file" in err
    assert "hint: run `codeeval run` first" in err


def test_only_the_invoked_command_is_built(capsys: pytest.CaptureFixture[str]) -> None:
    import typer

    from codeeval.cli import _app_for, main

    assert sorted(typer.main.get_command(_app_for(["run", "x.jsonl"])).commands) == ["run"]
    assert sorted(typer.main.get_command(_app_for(["judge", "run"])).commands) == ["judge"]
    for argv in ([], ["--version"], ["no-such-command"]):
        assert _app_for(argv) is app  # help and errors as usual
    assert main(["run", "--help"]) == 0
    assert "--hidden-tests-in-process" in capsys.readouterr().out
    assert main(["--version"]) == 0
    assert main(["run", "--no-such-flag"]) == 2
    assert "hint: see `codeeval run --help`" in capsys.readouterr().err
