"""Prompt files: one TOML file per prompt, validated on load with the file named in errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from codeeval.analysis import count_test_functions
from codeeval.errors import PromptError
from codeeval.prompts import load_prompt, load_prompts

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
    with pytest.raises(PromptError, match="key 'module' must be a Python file name"):
        load_prompt(write(tmp_path, "x.toml", text))


@pytest.mark.parametrize("module", ["slugify.py", "roman_numerals.py", "_lru.py", "Matrix2.py"])
def test_good_module_name(tmp_path: Path, module: str) -> None:
    text = f'id = "x"\ndomain = "coding"\nprompt = "y"\nmodule = "{module}"\n'
    assert load_prompt(write(tmp_path, "x.toml", text)).module == module


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
