"""Reading samples: JSON Lines and Markdown directories, bad lines reported and skipped."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import codeeval.samples
from codeeval.errors import InputError
from codeeval.models import Sample
from codeeval.samples import BadInput, iter_samples, parse_name

ANSWER = (
    "Hier ist das Modul:\n\n```python\n# slugify.py\nimport re\n\n\n"
    'def slugify(text):\n    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")\n```\n'
)


def line(**fields: object) -> bytes:
    return json.dumps(fields, ensure_ascii=False).encode() + b"\n"


GOOD_1 = line(model="qwen2.5-7b-instruct", prompt_id="slugify", run=1, text=ANSWER)
GOOD_2 = line(model="qwen2.5-7b-instruct", prompt_id="slugify", run=2, text=ANSWER)
SHORT_2 = line(model="m", prompt_id="p", run=2, text="b")


def read(path: Path) -> list[Sample | BadInput]:
    return list(iter_samples(path))


def test_jsonl_happy_path(tmp_path: Path) -> None:
    path = tmp_path / "samples.jsonl"
    path.write_bytes(
        line(
            model="llama-3.1-8b-instruct.Q4_K_M",
            prompt_id="roman_numerals",
            run=1,
            text="```python\ndef to_roman(n):\n    ...\n```\nGrüße 👋",
            seed=42,
            finish_reason="length",
            stderr="llama_print_timings: eval time = 812.4 ms",
            temperature=0.7,  # unknown keys are ignored
            source="/home/bob/evil",  # never taken from the input
        )
        + GOOD_2
    )
    first, second = read(path)
    assert first == Sample(
        model="llama-3.1-8b-instruct.Q4_K_M",
        prompt_id="roman_numerals",
        run=1,
        text="```python\ndef to_roman(n):\n    ...\n```\nGrüße 👋",
        seed=42,
        finish_reason="length",
        stderr="llama_print_timings: eval time = 812.4 ms",
        source=f"{path}:1",
    )
    assert isinstance(second, Sample)
    assert (second.run, second.text, second.seed, second.source) == (2, ANSWER, None, f"{path}:2")


BAD_LINES = [
    pytest.param(
        b'{"model": "qwen2.5-7b", "prompt_id": "slugify", "run": 3, "text": "```py\n',
        "not valid JSON",
        id="cut-off-json",
    ),
    pytest.param(
        b'{"model": "qwen2.5-7b", "prompt_id": "slugify", "run": 3, "text": "Gr\xfc\xdfe"}\n',
        "invalid UTF-8 at byte 69",
        id="latin-1-bytes",
    ),
    pytest.param(
        b'{"model": "m", "prompt_id": "slugify", "run": 3, "run": 4, "text": "x"}\n',
        "duplicate key 'run'",
        id="duplicate-key",
    ),
    pytest.param(
        b'{"model": "m", "prompt_id": "slugify", "run": 3, "text": "x", '
        b'"meta": {"seed": 1, "seed": 2}}\n',
        "duplicate key 'seed'",
        id="duplicate-key-nested",
    ),
    pytest.param(
        b'{"model": "m", "prompt_id": "slugify", "run": 3}\n', "missing key 'text'", id="no-text"
    ),
    pytest.param(
        b'{"prompt_id": "slugify", "text": "x"}\n',
        "missing key 'model', 'run'",
        id="no-model-no-run",
    ),
    pytest.param(
        b'{"model": "m", "prompt_id": "slugify", "run": 0, "text": "x"}\n',
        "key 'run': Input should be greater than or equal to 1",
        id="run-0",
    ),
    pytest.param(
        b'{"model": "m", "prompt_id": "slugify", "run": "x", "text": "x"}\n',
        "key 'run': must be an integer, not \"x\"",
        id="run-x",
    ),
    pytest.param(
        b'{"model": "m", "prompt_id": "slugify", "run": "1", "text": "x"}\n',
        "key 'run': must be an integer, not \"1\"",
        id="run-string-digit",
    ),
    pytest.param(
        b'{"model": "m", "prompt_id": "slugify", "run": 1.0, "text": "x"}\n',
        "key 'run': must be an integer, not 1.0",
        id="run-float-whole",
    ),
    pytest.param(
        b'{"model": "m", "prompt_id": "slugify", "run": 1, "text": "x", "seed": "42"}\n',
        "key 'seed': must be an integer, not \"42\"",
        id="seed-string",
    ),
    pytest.param(
        b'{"model": "", "prompt_id": "slugify", "run": 1, "text": "x"}\n',
        "key 'model': String should have at least 1 character",
        id="model-empty",
    ),
    pytest.param(
        b'{"model": "m", "prompt_id": 3, "run": 1, "text": "x"}\n',
        "key 'prompt_id': must be a string, not 3",
        id="prompt-id-number",
    ),
    pytest.param(
        b'{"model": "m", "prompt_id": "slugify", "run": 1.5, "text": "x"}\n',
        "key 'run'",
        id="run-fraction",
    ),
    pytest.param(
        b'{"model": "m", "prompt_id": "slugify", "run": true, "text": "x"}\n',
        "key 'run': must be an integer, not true",
        id="run-true",
    ),
    pytest.param(
        b'{"model": "m", "prompt_id": "slugify", "run": 3, "text": "x", "seed": false}\n',
        "key 'seed': must be an integer, not false",
        id="seed-false",
    ),
    pytest.param(
        b'{"model": 7, "prompt_id": "slugify", "run": 3, "text": "x"}\n',
        "key 'model': must be a string, not 7",
        id="model-number",
    ),
    pytest.param(
        b'{"model": "m", "prompt_id": "slugify", "run": 3, "text": null}\n',
        "key 'text'",
        id="text-null",
    ),
    pytest.param(b'["m", "slugify", 3, "x"]\n', "not a JSON object", id="array"),
    pytest.param(b'"just a string"\n', "not a JSON object", id="string"),
    pytest.param(b"null\n", "not a JSON object", id="null"),
    pytest.param(b"[" * 100_000 + b"\n", "nested too deeply", id="deep-nesting"),
    pytest.param(
        b'\xef\xbb\xbf{"model": "m", "prompt_id": "slugify", "run": 3, "text": "x"}\n',
        "BOM",
        id="byte-order-mark",
    ),
]


def test_byte_order_mark_at_the_start_of_the_file_is_tolerated(tmp_path: Path) -> None:
    path = tmp_path / "samples.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + GOOD_1 + GOOD_2)
    items = list(iter_samples(path))
    assert [type(i).__name__ for i in items] == ["Sample", "Sample"]


@pytest.mark.parametrize(("bad", "reason"), BAD_LINES)
def test_bad_line_is_reported_and_the_rest_read(tmp_path: Path, bad: bytes, reason: str) -> None:
    path = tmp_path / "samples.jsonl"
    path.write_bytes(GOOD_1 + bad + GOOD_2)
    first, middle, last = read(path)
    assert isinstance(middle, BadInput)
    assert middle.where == f"{path}:2"
    assert reason in middle.reason
    assert isinstance(first, Sample) and first.run == 1
    assert isinstance(last, Sample) and last.run == 2 and last.source == f"{path}:3"


def test_blank_lines_are_skipped_but_counted(tmp_path: Path) -> None:
    path = tmp_path / "samples.jsonl"
    path.write_bytes(b"\n" + GOOD_1 + b"   \n\t\r\n" + GOOD_2.replace(b"\n", b"\r\n") + b"\n\n")
    items = read(path)
    assert [(s.run, s.source) for s in items if isinstance(s, Sample)] == [
        (1, f"{path}:2"),
        (2, f"{path}:5"),
    ]
    assert len(items) == 2


def test_last_line_without_newline_is_read(tmp_path: Path) -> None:
    path = tmp_path / "samples.jsonl"
    path.write_bytes(GOOD_1 + GOOD_2.rstrip(b"\n"))
    assert [s.run for s in read(path) if isinstance(s, Sample)] == [1, 2]


def test_overlong_line_is_reported_with_its_number_and_the_next_line_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(codeeval.samples, "MAX_LINE_BYTES", 200)
    path = tmp_path / "samples.jsonl"
    huge = line(model="m", prompt_id="slugify", run=9, text="x" * 5000)
    path.write_bytes(line(model="m", prompt_id="p", run=1, text="a") + huge + SHORT_2)
    first, middle, last = read(path)
    assert isinstance(first, Sample)
    assert isinstance(middle, BadInput)
    assert middle.where == f"{path}:2"
    assert "line longer than" in middle.reason
    assert isinstance(last, Sample)
    assert (last.run, last.source) == (2, f"{path}:3")


def test_overlong_last_line_without_newline(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(codeeval.samples, "MAX_LINE_BYTES", 200)
    path = tmp_path / "samples.jsonl"
    path.write_bytes(line(model="m", prompt_id="p", run=1, text="a") + b'{"text": "' + b"y" * 900)
    items = read(path)
    assert len(items) == 2
    assert isinstance(items[1], BadInput) and items[1].where == f"{path}:2"


@pytest.mark.parametrize(("extra", "accepted"), [(0, True), (1, False)])
def test_line_length_limit_boundary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, extra: int, accepted: bool
) -> None:
    """A line of exactly MAX_LINE_BYTES (newline not counted) is read; one byte more is not."""
    limit = 120
    monkeypatch.setattr(codeeval.samples, "MAX_LINE_BYTES", limit)
    stub = line(model="m", prompt_id="p", run=1, text="")
    body = line(model="m", prompt_id="p", run=1, text="z" * (limit - len(stub) + 1 + extra))
    assert len(body) - 1 == limit + extra
    path = tmp_path / "samples.jsonl"
    path.write_bytes(body + SHORT_2)
    first, second = read(path)
    assert isinstance(first, Sample) is accepted
    assert isinstance(second, Sample) and second.source == f"{path}:2"


def test_missing_samples_path_raises_input_error(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such samples file"):
        read(tmp_path / "nope.jsonl")


# ---------------------------------------------------------------- Markdown directories


@pytest.mark.parametrize(
    ("rel", "expected"),
    [
        ("qwen2.5-7b__slugify__run2.md", ("qwen2.5-7b", "slugify", 2)),
        (
            "llama-3.1-8b-instruct-q4_k_m__roman_numerals__r3.md",
            ("llama-3.1-8b-instruct-q4_k_m", "roman_numerals", 3),
        ),
        ("mistral-7b-v0.3__lru__7.txt", ("mistral-7b-v0.3", "lru", 7)),
        (
            "gpt-4o-mini-2024-07-18__word_counter__run12.md",
            ("gpt-4o-mini-2024-07-18", "word_counter", 12),
        ),
        ("qwen2.5-coder-7b/slugify__run1.md", ("qwen2.5-coder-7b", "slugify", 1)),
        ("gemma-2-9b-it/semver_tools__r2.md", ("gemma-2-9b-it", "semver_tools", 2)),
        ("phi-3.5-mini/iban__4.txt", ("phi-3.5-mini", "iban", 4)),
        # a flat name inside a sub-directory: the name says which model it is
        ("archive/qwen2.5-7b__isbn__run1.md", ("qwen2.5-7b", "isbn", 1)),
        ("slugify_run1.md", None),
        ("qwen2.5-7b__slugify.md", None),
        ("qwen2.5-7b__slugify__run.md", None),
        ("qwen2.5-7b__slugify__run2.final.md", None),
        ("qwen2.5-7b__slugify__second.md", None),
        ("qwen2.5-7b/slugify.md", None),
        ("nightly/qwen2.5-7b/slugify__run1.md", None),
    ],
)
def test_parse_name(rel: str, expected: tuple[str, str, int] | None) -> None:
    root = Path("/data/outputs")
    assert parse_name(root / rel, root) == expected


def test_markdown_directory(tmp_path: Path) -> None:
    files = {
        "qwen2.5-7b__slugify__run2.md": ANSWER.encode(),
        "qwen2.5-7b__slugify__r1.md": b"I'm sorry, I can't help with that.",
        "llama-3.1-8b/roman_numerals__3.txt": "```python\nprint('Grüße')\n```".encode(),
        "README.md": b"# outputs of the nightly run",
        "run.log": b"not a sample",
        "notes on qwen.md": b"free text",
        "mistral-7b__lru__run1.md": b"caf\xe9 au lait",
        "mistral-7b__lru__run0.md": b"run numbers start at 1",
    }
    for rel, data in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_bytes(data)
    items = read(tmp_path)
    samples = [s for s in items if isinstance(s, Sample)]
    bad = {Path(b.where).name: b.reason for b in items if isinstance(b, BadInput)}
    assert [(s.model, s.prompt_id, s.run) for s in samples] == [
        ("llama-3.1-8b", "roman_numerals", 3),
        ("qwen2.5-7b", "slugify", 1),
        ("qwen2.5-7b", "slugify", 2),
    ]
    assert samples[0].text == "```python\nprint('Grüße')\n```"
    assert samples[0].source == str(tmp_path / "llama-3.1-8b/roman_numerals__3.txt")
    assert samples[2].text == ANSWER
    assert set(bad) == {"notes on qwen.md", "mistral-7b__lru__run1.md", "mistral-7b__lru__run0.md"}
    assert "file name does not match" in bad["notes on qwen.md"]
    assert bad["mistral-7b__lru__run1.md"] == "invalid UTF-8 at byte 3"
    assert "key 'run'" in bad["mistral-7b__lru__run0.md"]


def test_empty_directory_is_reported(tmp_path: Path) -> None:
    (tmp_path / "outputs.json").write_text("{}")
    assert read(tmp_path) == [BadInput(str(tmp_path), "no .md or .txt files in the directory")]


def test_oversized_markdown_file_is_skipped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(codeeval.samples, "MAX_FILE_BYTES", 100)
    (tmp_path / "qwen__slugify__run1.md").write_text("x" * 101)
    (tmp_path / "qwen__slugify__run2.md").write_text("x" * 100)
    first, second = read(tmp_path)
    assert isinstance(first, BadInput) and "larger than" in first.reason
    assert isinstance(second, Sample) and second.run == 2
