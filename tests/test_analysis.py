"""Table tests for ``codeeval.analysis``.

The test count is a lower bound that pytest's report is checked against, so every case
that could tempt a counter to count too many is pinned here. The collection rules these
cases rely on (fixtures named ``test_*``, ``__test__ = False``, ``__new__``, static and
class methods) were checked against pytest's ``--collect-only``.
"""

from __future__ import annotations

import pytest

from codeeval.analysis import RUNNER_PACKAGES, analyse, count_test_functions, import_hazards
from codeeval.models import ExtractedFile, Extraction, FileRole

COUNT_CASES = [
    ("two-functions", "def test_a():\n    assert 1\n\ndef test_b():\n    assert 1\n", 2),
    ("defined-twice-counts-once", "def test_a():\n    pass\n\ndef test_a():\n    pass\n", 1),
    ("async-counts", "async def test_a():\n    assert 1\n\ndef test_b():\n    pass\n", 2),
    ("nested-function-ignored", "def test_a():\n    def test_inner():\n        pass\n", 1),
    (
        "class-methods",
        "class TestSlug:\n    def test_a(self):\n        pass\n\n    def test_b(self):\n"
        "        pass\n\n    def helper(self):\n        pass\n",
        2,
    ),
    (
        "class-with-init",
        "class TestSlug:\n    def __init__(self):\n        pass\n\n"
        "    def test_a(self):\n        pass\n",
        0,
    ),
    (
        "class-with-new",
        "class TestSlug:\n    def __new__(cls):\n        pass\n\n"
        "    def test_a(self):\n        pass\n",
        0,
    ),
    ("class-not-named-test", "class SlugChecks:\n    def test_a(self):\n        pass\n", 0),
    (
        "unittest-class-counts-whatever-its-name",
        "import unittest\n\nclass Base(unittest.TestCase):\n    pass\n\n"
        "class AddChecks(Base):\n    def test_a(self):\n        pass\n\n"
        "    def testB(self):\n        pass\n\nclass Plain(unittest.TestCase):\n"
        "    def test_c(self):\n        pass\n",
        3,
    ),
    (
        "class-hidden-by-dunder-test",
        "class TestX:\n    __test__ = False\n\n    def test_a(self):\n        pass\n",
        0,
    ),
    ("function-hidden-by-dunder-test", "def test_a():\n    pass\n\ntest_a.__test__ = False\n", 0),
    ("rebound-by-assignment", "def test_a():\n    pass\n\ntest_a = None\n", 0),
    (
        "rebound-then-redefined",
        "def test_a():\n    pass\n\ntest_a = 1\n\ndef test_a():\n    pass\n",
        1,
    ),
    ("fixture-named-test", "import pytest\n\n@pytest.fixture\ndef test_data():\n    return 1\n", 0),
    (
        "marks-and-hypothesis-keep-tests",
        "import pytest\nfrom hypothesis import given, strategies as st\n\n"
        "@pytest.mark.parametrize('x', [1, 2, 3])\ndef test_p(x):\n    assert x\n\n"
        "@given(st.text())\ndef test_h(s):\n    assert isinstance(s, str)\n",
        2,
    ),
    (
        "module-level-importorskip",
        "import pytest\n\nnp = pytest.importorskip('numpy')\n\ndef test_a():\n    pass\n",
        0,
    ),
    (
        "module-level-skip-in-if",
        "import sys\nimport pytest\n\nif sys.platform == 'win32':\n"
        "    pytest.skip('posix only', allow_module_level=True)\n\ndef test_a():\n    pass\n",
        0,
    ),
    ("skip-inside-test-is-fine", "import pytest\n\ndef test_a():\n    pytest.skip('later')\n", 1),
    ("lookalike-decorator-not-trusted", "@given_user\ndef test_a(user):\n    pass\n", 0),
    ("unknown-decorator-not-trusted", "@my_wrapper\ndef test_a():\n    pass\n", 0),
    (
        "conditional-definition-ignored",
        "import sys\nif sys.platform:\n    def test_a():\n        pass\n",
        0,
    ),
    ("prefix-test-without-underscore", "def testing_helper():\n    assert True\n", 1),
    ("not-a-test-name", "def check_slug():\n    assert True\n", 0),
    ("syntax-error", "def test_a(:\n    pass\n", 0),
    (
        "unittest-class",
        "import unittest\n\nclass TestU(unittest.TestCase):\n    def test_a(self):\n        pass\n",
        1,
    ),
    (
        "unknown-base-class",
        "from base import Base\n\nclass TestX(Base):\n    def test_a(self):\n        pass\n",
        0,
    ),
    (
        "local-base-without-init",
        "class Base:\n    pass\n\nclass TestX(Base):\n    def test_a(self):\n        pass\n",
        1,
    ),
    (
        "local-base-with-init",
        "class Base:\n    def __init__(self):\n        pass\n\n"
        "class TestX(Base):\n    def test_a(self):\n        pass\n",
        0,
    ),
    (
        "class-defined-twice-last-wins",
        "class TestX:\n    def test_a(self):\n        pass\n\n    def test_b(self):\n"
        "        pass\n\nclass TestX:\n    def test_c(self):\n        pass\n",
        1,
    ),
    (
        "method-defined-twice",
        "class TestX:\n    def test_a(self):\n        pass\n\n"
        "    def test_a(self):\n        pass\n",
        1,
    ),
    (
        "static-and-class-methods",
        "class TestX:\n    @staticmethod\n    def test_s():\n"
        "        pass\n\n    @classmethod\n    def test_c(cls):\n        pass\n",
        2,
    ),
    ("deep-decorator-chain", "@a" + ".b" * 900 + "\ndef test_a():\n    pass\n", 0),
    ("null-byte", "def test_a():\n    pass\n\x00", 0),
]


@pytest.mark.parametrize(
    ("source", "expected"),
    [(s, n) for _, s, n in COUNT_CASES],
    ids=[i for i, _, _ in COUNT_CASES],
)
def test_count_test_functions(source: str, expected: int) -> None:
    assert count_test_functions(source) == expected


def _extraction(*files: tuple[str, FileRole, str]) -> Extraction:
    return Extraction(
        status="ok",
        files=tuple(ExtractedFile(name=n, role=r, content=c) for n, r, c in files),
        module_name="slugify",
    )


MODULE = "import re\nimport unicodedata\n\n\ndef slugify(t):\n    return t\n"
TESTS = "import pytest\n\nfrom slugify import slugify\n\n\ndef test_a():\n    assert slugify('a')\n"

ANALYSE_CASES = [
    (
        "clean-sample",
        _extraction(("slugify.py", "module", MODULE), ("test_slugify.py", "tests", TESTS)),
        dict(
            syntax_ok=True,
            syntax_errors=(),
            test_functions=1,
            imports=("pytest", "re", "slugify", "unicodedata"),
            unavailable_imports=(),
        ),
    ),
    (
        "syntax-error-with-line",
        _extraction(
            ("slugify.py", "module", "import re\ndef slugify(t)\n    return t\n"),
            ("test_slugify.py", "tests", TESTS),
        ),
        dict(syntax_ok=False, syntax_errors=("slugify.py:2: expected ':'",), test_functions=1),
    ),
    (
        "syntax-error-in-tests-still-lists-imports",
        _extraction(
            ("slugify.py", "module", MODULE),
            ("test_slugify.py", "tests", "import requests\n\ndef test_a(:\n    pass\n"),
        ),
        dict(syntax_ok=False, test_functions=0, unavailable_imports=("requests",)),
    ),
    (
        "compiler-stage-errors",
        _extraction(
            ("slugify.py", "module", "import re\nfrom __future__ import annotations\n"),
            ("test_slugify.py", "tests", "def test_a():\n    pass\nreturn 1\n"),
        ),
        dict(
            syntax_ok=False,
            syntax_errors=(
                "slugify.py:2: from __future__ imports must occur at the beginning of the file",
                "test_slugify.py:3: 'return' outside function",
            ),
            test_functions=0,
        ),
    ),
    (
        "hallucinated-third-party-packages",
        _extraction(
            ("slugify.py", "module", "import numpy as np\nfrom unidecode import unidecode\n"),
            ("test_slugify.py", "tests", TESTS),
        ),
        dict(unavailable_imports=("numpy", "unidecode")),
    ),
    (
        "own-files-runner-packages-and-stdlib-are-available",
        _extraction(
            ("slugify.py", "module", "from umlaute import TABLE\nimport xml.etree.ElementTree\n"),
            ("umlaute.py", "other", "TABLE = {}\n"),
            (
                "test_slugify.py",
                "tests",
                "from __future__ import annotations\nimport attr\nimport hypothesis\n"
                "import pytest_timeout\nimport slugify\n\ndef test_a():\n    pass\n",
            ),
        ),
        dict(
            imports=(
                "__future__",
                "attr",
                "hypothesis",
                "pytest_timeout",
                "slugify",
                "umlaute",
                "xml",
            ),
            unavailable_imports=(),
        ),
    ),
    (
        "relative-imports-ignored",
        _extraction(
            ("slugify.py", "module", "from . import helpers\nfrom .core import x\n"),
            ("test_slugify.py", "tests", TESTS),
        ),
        dict(imports=("pytest", "slugify"), unavailable_imports=()),
    ),
    (
        "guarded-imports-are-not-missing",
        _extraction(
            (
                "slugify.py",
                "module",
                "from typing import TYPE_CHECKING\ntry:\n    import regex as re\n"
                "except ImportError:\n    import re\nif TYPE_CHECKING:\n    import mypy_types\n"
                "try:\n    import ujson\nexcept:\n    ujson = None\n"
                "def f():\n    import yaml\n",
            ),
            ("test_slugify.py", "tests", TESTS),
        ),
        dict(
            imports=("mypy_types", "pytest", "re", "regex", "slugify", "typing", "ujson", "yaml"),
            unavailable_imports=("yaml",),
        ),
    ),
    (
        "tests-counted-only-in-test-files",
        _extraction(
            ("slugify.py", "module", "def test_in_module():\n    pass\n"),
            ("test_slugify.py", "tests", "def test_a():\n    pass\n\ndef test_b():\n    pass\n"),
            ("test_errors.py", "tests", "class TestE:\n    def test_c(self):\n        pass\n"),
            ("helpers.py", "other", "def test_helper():\n    pass\n"),
        ),
        dict(test_functions=3),
    ),
    (
        "null-byte-reported-not-raised",
        _extraction(("slugify.py", "module", "x = 1\x00\n"), ("test_slugify.py", "tests", TESTS)),
        dict(syntax_ok=False, test_functions=1),
    ),
]


@pytest.mark.parametrize(
    ("extraction", "expected"),
    [(e, x) for _, e, x in ANALYSE_CASES],
    ids=[i for i, _, _ in ANALYSE_CASES],
)
def test_analyse(extraction: Extraction, expected: dict[str, object]) -> None:
    result = analyse(extraction)
    assert {key: getattr(result, key) for key in expected} == expected
    assert result.syntax_ok == (not result.syntax_errors)


def test_syntax_errors_name_file_and_line() -> None:
    case = next(e for i, e, _ in ANALYSE_CASES if i == "null-byte-reported-not-raised")
    [error] = analyse(case).syntax_errors
    assert error.startswith("slugify.py:")


def test_runner_packages_cover_the_image() -> None:
    assert {"pytest", "_pytest", "pluggy", "hypothesis", "pytest_timeout"} <= RUNNER_PACKAGES
    assert "requests" not in RUNNER_PACKAGES


def test_empty_extraction() -> None:
    result = analyse(Extraction(status="no_code"))
    assert (result.syntax_ok, result.test_functions, result.imports) == (True, 0, ())


HAZARDS = [
    ("input", "def f(n):\n    return n\n\nn = int(input())\nprint(f(n))\n", ["4: input()"]),
    (
        "sys-exit",
        "import sys\n\ndef main():\n    return 0\n\nsys.exit(main())\n",
        ["6: sys.exit()"],
    ),
    (
        "stdin-loop",
        "import sys\n\nfor line in sys.stdin:\n    print(line)\n",
        ["3: reads sys.stdin"],
    ),
    ("stdin-read", "import sys\n\ndata = sys.stdin.read()\n", ["3: reads sys.stdin"]),
    ("raise-system-exit", "raise SystemExit(1)\n", ["1: raises SystemExit"]),
    ("exit-in-a-class-body", "class A:\n    exit()\n", ["2: exit()"]),
    ("inside-main-guard", "if __name__ == '__main__':\n    n = int(input())\n", []),
    ("inside-a-function", "def main():\n    return input()\n", []),
    ("inside-a-lambda", "read = lambda: input()\n", []),
    ("print-is-harmless", "def f():\n    return 1\n\nprint(f())\n", []),
    ("does-not-parse", "n = int(input(\n", []),
]


@pytest.mark.parametrize(
    ("source", "expected"), [h[1:] for h in HAZARDS], ids=[h[0] for h in HAZARDS]
)
def test_import_hazards(source: str, expected: list[str]) -> None:
    found = import_hazards(source, "m.py")
    assert len(found) == len(expected), found
    for hazard, part in zip(found, expected, strict=True):
        assert hazard.startswith("m.py:") and part in hazard


def test_analyse_reports_hazards_of_the_module_only() -> None:
    demo = "n = int(input())\n"
    extraction = Extraction(
        status="ok",
        files=(
            ExtractedFile(name="m.py", role="module", content=demo),
            ExtractedFile(
                name="test_m.py", role="tests", content=demo + "def test_a():\n    pass\n"
            ),
        ),
        module_name="m",
    )
    assert analyse(extraction).import_hazards == ("m.py:1: input() reads standard input at import",)
