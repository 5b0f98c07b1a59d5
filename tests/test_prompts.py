"""Prompt files: one TOML file per prompt, validated on load with the file named in errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from codeeval.analysis import count_test_functions
from codeeval.errors import PromptError
from codeeval.fences import safe_name
from codeeval.prompts import load_prompt, load_prompts, prompt_digest, prompt_field_digests

SHIPPED = Path(__file__).resolve().parent.parent / "prompts" / "coding"

ROMAN = '''\
id = "roman_numerals"
domain = "coding"
module = "roman_numerals.py"
target_words = 400
forbids_preamble = true
prompt = """
Write a module `roman_numerals.py` with `to_roman(n)` and `from_roman(s)`, with pytest tests.
"""

[reference]
solution = \'\'\'
def to_roman(n):
    return "I" * n
\'\'\'
tests = \'\'\'
from roman_numerals import to_roman

def test_one():
    assert to_roman(1) == "I"
\'\'\'
'''

ESSAY = """\
id = "essay_trains"
domain = "prose"
prompt = "Write 300 words on night trains in Europe. No preamble."
"""


def write(directory: Path, name: str, text: str) -> Path:
    path = directory / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_valid_coding_prompt(tmp_path: Path) -> None:
    prompt = load_prompt(write(tmp_path, "roman.toml", ROMAN))
    assert prompt.id == "roman_numerals"
    assert prompt.domain == "coding"
    assert prompt.module == "roman_numerals.py"
    assert prompt.target_words == 400
    assert prompt.forbids_preamble is True
    assert prompt.prompt.startswith("Write a module `roman_numerals.py`")
    assert prompt.reference is not None
    assert prompt.reference.solution is not None
    assert "def to_roman" in prompt.reference.solution
    assert prompt.reference.tests is not None
    assert count_test_functions(prompt.reference.tests) == 1


def test_minimal_prose_prompt_gets_defaults(tmp_path: Path) -> None:
    prompt = load_prompt(write(tmp_path, "essay.toml", ESSAY))
    assert (prompt.domain, prompt.module, prompt.target_words) == ("prose", None, None)
    assert prompt.forbids_preamble is False
    assert prompt.reference is None


@pytest.mark.parametrize("key", ["id", "domain", "prompt"])
def test_missing_key_names_file_and_key(tmp_path: Path, key: str) -> None:
    text = "\n".join(line for line in ESSAY.splitlines() if not line.startswith(f"{key} ="))
    path = write(tmp_path, "essay.toml", text)
    with pytest.raises(PromptError) as info:
        load_prompt(path)
    assert str(path) in str(info.value)
    assert f"missing key {key!r}" in str(info.value)
    assert info.value.exit_code == 10
    assert "id, domain and prompt" in info.value.hint


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param('id = "x"\ndomain = "coding\nprompt = "y"\n', "invalid TOML", id="toml"),
        pytest.param(
            'id = "x"\nid = "y"\ndomain = "coding"\nprompt = "z"\n', "invalid TOML", id="dup-key"
        ),
        pytest.param(
            'id = "x"\ndomain = "poetry"\nprompt = "y"\n', "key 'domain'", id="wrong-domain"
        ),
        pytest.param(
            'id = "x"\ndomain = "Coding"\nprompt = "y"\n', "key 'domain'", id="domain-case"
        ),
        pytest.param('id = 7\ndomain = "prose"\nprompt = "y"\n', "key 'id'", id="id-number"),
        pytest.param(
            'id = "x"\ndomain = "prose"\nprompt = "y"\ntarget_words = "many"\n',
            "key 'target_words'",
            id="target-words-text",
        ),
        pytest.param(
            'id = "x"\ndomain = "prose"\nprompt = "y"\nforbids_preamble = "yes please"\n',
            "key 'forbids_preamble'",
            id="forbids-preamble-text",
        ),
        pytest.param(
            'id = "x"\ndomain = "coding"\nprompt = "y"\n'
            '[reference]\ntests = "def test_a(): pass"\n',
            "need the key 'module'",
            id="reference-tests-without-module",
        ),
        pytest.param(
            'id = "x"\ndomain = "coding"\nprompt = "y"\n[reference]\nsolution = "def f(): pass"\n',
            "need the key 'module'",
            id="reference-solution-without-module",
        ),
        # a typo inside [reference] would silently drop the hidden tests: refused
        pytest.param(
            'id = "x"\ndomain = "coding"\nprompt = "y"\nmodule = "x.py"\n'
            '[reference]\ntest = "def test_a(): pass"\n',
            "key 'reference.test'",
            id="reference-typo",
        ),
    ],
)
def test_invalid_prompt_file(tmp_path: Path, text: str, message: str) -> None:
    path = write(tmp_path, "broken.toml", text)
    with pytest.raises(PromptError) as info:
        load_prompt(path)
    assert str(info.value).startswith(f"{path}: ")
    assert message in str(info.value)


def test_prompt_file_that_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin1.toml"
    path.write_bytes(b'id = "gruss"\ndomain = "prose"\nprompt = "Schreib einen Gru\xdf"\n')
    with pytest.raises(PromptError, match="cannot read the prompt file"):
        load_prompt(path)


@pytest.mark.parametrize(
    "module",
    [
        "slugify",
        "slugify.txt",
        "slug-ify.py",
        "pkg/slugify.py",
        "../slugify.py",
        "2fast.py",
        "class.py",
        "slugify.py.py",
        ".py",
        "",
    ],
)
def test_bad_module_name(tmp_path: Path, module: str) -> None:
    text = f'id = "x"\ndomain = "coding"\nprompt = "y"\nmodule = "{module}"\n'
    with pytest.raises(PromptError, match="key 'module': "):
        load_prompt(write(tmp_path, "x.toml", text))


@pytest.mark.parametrize("module", ["slugify.py", "roman_numerals.py", "_lru.py", "Matrix2.py"])
def test_good_module_name(tmp_path: Path, module: str) -> None:
    text = f'id = "x"\ndomain = "coding"\nprompt = "y"\nmodule = "{module}"\n'
    assert load_prompt(write(tmp_path, "x.toml", text)).module == module


HEAD = 'id = "x"\ndomain = "coding"\nprompt = "y"\nmodule = "m.py"\n'


def _code_keys(prelude: str | None, entry: str | None, solution: str | None = None) -> str:
    text = HEAD
    if prelude is not None:
        text += f"prelude = {json.dumps(prelude)}\n"
    if entry is not None:
        text += f"entry_point = {json.dumps(entry)}\n"
    if solution is not None:
        text += f"[reference]\nsolution = {json.dumps(solution)}\n"
    return text


@pytest.mark.parametrize(
    ("prelude", "entry", "solution"),
    [
        ('from typing import List\n\ndef f(xs: List[int]) -> int:\n    """Sum."""\n', "f", None),
        ("def f(x):\n", "f", None),  # a bare header: the answer writes its body
        ("class A:\n    def f(self):\n", "A", None),
        (None, "f", "def f():\n    return 1\n"),
        ("import math\n", "area", "import math\n\ndef area(r):\n    return r\n"),
    ],
)
def test_prelude_and_entry_point_that_hold(
    tmp_path: Path, prelude: str | None, entry: str, solution: str | None
) -> None:
    prompt = load_prompt(write(tmp_path, "x.toml", _code_keys(prelude, entry, solution)))
    assert prompt.entry_point == entry


@pytest.mark.parametrize(
    ("prelude", "entry", "solution", "message"),
    [
        ("def f(x:\n", None, None, r"key 'prelude': does not compile \(line 1"),
        ("def f(x):\n    return )\n", "f", None, "key 'prelude': does not compile"),
        ("def f(x):\n", "f(x)", None, "key 'entry_point': 'f\\(x\\)' is not a Python identifier"),
        ("def f(x):\n", "class", None, "key 'entry_point': 'class' is not a Python identifier"),
        ("def f(x):\n", "g", None, "key 'entry_point': 'g' is not defined by the prelude"),
        (
            "import os\n",
            "g",
            "def f():\n    pass\n",
            "'g' is not defined by the prelude or the \\[reference\\] solution",
        ),
        (None, "f", None, "key 'entry_point': 'f' needs a 'prelude' or a \\[reference\\] solution"),
    ],
)
def test_prelude_and_entry_point_are_checked_at_load(
    tmp_path: Path, prelude: str | None, entry: str | None, solution: str | None, message: str
) -> None:
    path = write(tmp_path, "bad.toml", _code_keys(prelude, entry, solution))
    with pytest.raises(PromptError, match=message) as info:
        load_prompt(path)
    assert str(path) in str(info.value)


def test_unknown_keys_are_ignored(tmp_path: Path) -> None:
    text = ESSAY + 'author = "lena"\nlanguage = "en"\n[meta]\ncreated = 2024-05-01\n'
    prompt = load_prompt(write(tmp_path, "essay.toml", text))
    assert prompt.id == "essay_trains"
    assert not hasattr(prompt, "author")


def test_load_prompts_recursively_by_id(tmp_path: Path) -> None:
    write(tmp_path, "coding/roman.toml", ROMAN)
    write(tmp_path, "prose/essay.toml", ESSAY)
    write(tmp_path, "README.md", "# prompts\n")
    prompts = load_prompts(tmp_path)
    assert sorted(prompts) == ["essay_trains", "roman_numerals"]
    assert prompts["essay_trains"].domain == "prose"


def test_duplicate_ids_name_both_files(tmp_path: Path) -> None:
    first = write(tmp_path, "a/roman.toml", ROMAN)
    second = write(tmp_path, "b/roman_copy.toml", ROMAN)
    with pytest.raises(PromptError) as info:
        load_prompts(tmp_path)
    message = str(info.value)
    assert "'roman_numerals'" in message
    assert str(first) in message and str(second) in message


def test_one_broken_file_fails_the_whole_load(tmp_path: Path) -> None:
    write(tmp_path, "roman.toml", ROMAN)
    broken = write(tmp_path, "essay.toml", ESSAY.replace('domain = "prose"\n', ""))
    with pytest.raises(PromptError, match=f"^{broken}: missing key 'domain'$"):
        load_prompts(tmp_path)


def test_directory_without_prompt_files(tmp_path: Path) -> None:
    write(tmp_path, "notes.txt", "nothing here")
    with pytest.raises(PromptError, match=r"no prompt files \(\*\.toml\) found"):
        load_prompts(tmp_path)


def test_prompts_directory_that_does_not_exist(tmp_path: Path) -> None:
    with pytest.raises(PromptError, match="no such prompts directory") as info:
        load_prompts(tmp_path / "prompts")
    assert "--prompts" in info.value.hint


def test_shipped_coding_prompts_all_load() -> None:
    files = sorted(SHIPPED.glob("*.toml"))
    prompts = load_prompts(SHIPPED)
    assert len(files) >= 12
    assert sorted(prompts) == sorted(p.stem for p in files)
    for prompt in prompts.values():
        assert prompt.domain == "coding"
        assert prompt.module == f"{prompt.id}.py"
        assert prompt.reference is not None
        assert prompt.reference.solution and prompt.reference.tests
        assert 5 <= count_test_functions(prompt.reference.tests) <= 12, prompt.id


@pytest.mark.parametrize(
    ("module", "reason"),
    [
        ("random.py", "would shadow the standard-library module random"),
        ("json.py", "would shadow the standard-library module json"),
        ("pytest.py", "would shadow pytest, which the test runner imports"),
        ("conftest.py", "is a file pytest or Python loads on its own"),
        ("__init__.py", "is a reserved name"),
    ],
)
def test_module_names_are_refused_by_the_extractors_rules(
    tmp_path: Path, module: str, reason: str
) -> None:
    text = f'id = "x"\ndomain = "coding"\nprompt = "y"\nmodule = "{module}"\n'
    with pytest.raises(PromptError, match=f"key 'module': {module} {reason}"):
        load_prompt(write(tmp_path, "x.toml", text))
    # the very rule the extractor applies to a model's file names
    assert safe_name(module, None) == (None, f"{module} {reason}")


def test_prompt_digest_covers_the_hidden_material(tmp_path: Path) -> None:
    prompt = load_prompt(write(tmp_path, "roman.toml", ROMAN))
    assert prompt.reference is not None
    other_tests = prompt.model_copy(
        update={"reference": prompt.reference.model_copy(update={"tests": "def test_x(): 0"})}
    )
    assert prompt_digest(prompt) == prompt_digest(load_prompt(tmp_path / "roman.toml"))
    assert prompt_digest(prompt) != prompt_digest(other_tests)
    fields = prompt_field_digests(prompt)
    changed = prompt_field_digests(other_tests)
    assert [k for k in fields if fields[k] != changed[k]] == ["reference.tests"]


# ---------------------------------------------------------------- self-check, real sandbox

GOOD = """
id = "double"
domain = "coding"
module = "double.py"
prompt = "Write double(x)."
[reference]
solution = "def double(x):\\n    return 2 * x\\n"
tests = "from double import double\\n\\ndef test_two():\\n    assert double(2) == 4\\n"
"""

WRONG_SOLUTION = """
id = "halve"
domain = "coding"
module = "halve.py"
prompt = "Write halve(x)."
[reference]
solution = "def halve(x):\\n    return x // 2\\n"
tests = '''
from halve import halve

def test_even():
    assert halve(4) == 2

def test_odd():
    assert halve(3) == 1.5
'''
"""

TESTS_DO_NOT_COMPILE = """
id = "triple"
domain = "coding"
module = "triple.py"
prompt = "Write triple(x)."
[reference]
solution = "def triple(x):\\n    return 3 * x\\n"
tests = "from triple import triple\\n\\ndef test_three(:\\n    assert triple(1) == 3\\n"
"""


@pytest.mark.docker
def test_prompts_check_and_run_refuse_a_reference_that_fails_its_tests(
    tmp_path: Path, runner_image: str
) -> None:
    from typer.testing import CliRunner

    from codeeval.cli import app

    good = tmp_path / "good"
    good.mkdir()
    write(good, "double.toml", GOOD)
    result = CliRunner().invoke(app, ["prompts", "check", str(good), "--image", runner_image])
    assert result.exit_code == 0, result.output
    assert "double: passed (1 hidden tests)" in result.stdout

    bad = tmp_path / "bad"
    bad.mkdir()
    for name, text in [("d", GOOD), ("h", WRONG_SOLUTION), ("t", TESTS_DO_NOT_COMPILE)]:
        write(bad, f"{name}.toml", text)
    result = CliRunner().invoke(app, ["prompts", "check", str(bad), "--image", runner_image])
    assert result.exit_code == 10, result.output
    error = result.stderr.splitlines()[0]
    assert error.startswith("error: a reference solution does not pass its own hidden tests")
    assert "prompt 'halve': failed (1 of 2 tests): test_codeeval_reference::test_odd" in error
    assert "prompt 'triple': collection_error" in error
    assert "double" not in error

    # `codeeval run` stops the same way, before any model code runs
    samples = tmp_path / "samples.jsonl"
    samples.write_text(
        '{"model": "m", "prompt_id": "halve", "run": 1, "text": "def halve(x):\\n'
        '    return x / 2\\n"}\n'
    )
    out = tmp_path / "out"
    args = ["run", str(samples), "--prompts", str(bad), "--out", str(out), "--image", runner_image]
    result = CliRunner().invoke(app, [*args, "-q"])
    assert result.exit_code == 10, result.output
    assert "prompt 'halve': failed (1 of 2 tests)" in result.stderr
    assert "triple" not in result.stderr  # no sample uses it: not checked
    assert not (out / "results.jsonl").exists() or (out / "results.jsonl").read_text() == ""
