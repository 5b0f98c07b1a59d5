"""Table tests for ``codeeval.extract``: real-looking model answers in, expected files out.

Each case is an answer the way llama.cpp-served models write them to prompts like "Schreibe
ein Modul slugify.py mit Fehlerbehandlung ... und pytest-Tests": chat around the code,
several blocks, names in every place models put them, cut-off fences, hostile names.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from codeeval.extract import extract
from codeeval.models import Extraction

MODULE = """import re
import unicodedata


def slugify(text: str, separator: str = "-") -> str:
    if not isinstance(text, str):
        raise TypeError("text must be a str")
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", separator, text.lower()).strip(separator)
"""

TESTS = """import pytest

from slugify import slugify


def test_basic():
    assert slugify("Hallo Welt") == "hallo-welt"


def test_type_error():
    with pytest.raises(TypeError):
        slugify(42)
"""


@dataclass(frozen=True)
class Case:
    id: str
    text: str
    status: str
    files: dict[str, str]
    """Expected file name → role, complete."""
    module: str | None = None
    truncated: bool = False
    truncated_files: tuple[str, ...] = ()
    rejected: tuple[str, ...] = ()
    contains: dict[str, tuple[str, ...]] = field(default_factory=dict)
    absent: dict[str, tuple[str, ...]] = field(default_factory=dict)
    note: str = ""


CASES = [
    # ------------------------------------------------------------ where the name is given
    Case(
        "de-comment-and-bold-name",
        "Gerne! Hier ist das Modul mit Fehlerbehandlung:\n\n```python\n# slugify.py\n"
        + MODULE
        + "```\n\n**test_slugify.py**\n\n```python\n"
        + TESTS
        + "```\n\nDie Tests startest du mit:\n\n```bash\npytest -q\n```\n\nViel Erfolg!",
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests"},
        note="ignored a block tagged 'bash'",
    ),
    Case(
        "en-info-string-names",
        "Sure! Here is the module:\n\n```python slugify.py\n"
        + MODULE
        + "```\n\nAnd the tests:\n\n```python test_slugify.py\n"
        + TESTS
        + "```\n\nLet me know if you need anything else.",
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests"},
    ),
    Case(
        "info-title-attribute",
        'Implementation:\n\n```py title="slugify.py"\n'
        + MODULE
        + '```\n\n```py title="test_slugify.py"\n'
        + TESTS
        + "```\n",
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests"},
    ),
    Case(
        "info-colon-path",
        "```python:slugify.py\n" + MODULE + "```\n\n```python:test_slugify.py\n" + TESTS + "```",
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests"},
    ),
    Case(
        "info-bare-file-name",
        "Here you go.\n\n```slugify.py\n"
        + MODULE
        + "```\n\n```test_slugify.py\n"
        + TESTS
        + "```\n",
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests"},
    ),
    Case(
        "comment-file-prefixes",
        "```python\n# filename: slugify.py\n"
        + MODULE
        + "```\n\n```python\n# File: tests/test_slugify.py\n"
        + TESTS
        + "```\n",
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests"},
        note="directory dropped",
    ),
    Case(
        "comment-lowercase-file-and-leading-blank-line",
        "Modul:\n\n```python\n\n# slugify.py\n"
        + MODULE
        + "```\n\nTests:\n\n```python\n# file: test_slugify.py\n"
        + TESTS
        + "```\n",
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests"},
    ),
    Case(
        "markdown-headings",
        "## Lösung\n\n### slugify.py\n\n```python\n"
        + MODULE
        + "```\n\n### test_slugify.py\n\n```python\n"
        + TESTS
        + "```\n\n### Ausführen\n\n```\npytest -v\n```\n",
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests"},
    ),
    Case(
        "german-heading-datei-and-tests-parenthesis",
        "Hier ist meine Umsetzung.\n\n### Datei `slugify.py`\n\n```python\n"
        + MODULE
        + "```\n\nTests (`test_slugify.py`):\n\n```python\n"
        + TESTS
        + "```\n\nAlle Tests sollten grün sein.",
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests"},
    ),
    Case(
        "datei-colon-line",
        "Datei: slugify.py\n```python\n"
        + MODULE
        + "```\nDatei: test_slugify.py\n```python\n"
        + TESTS
        + "```\n",
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests"},
    ),
    Case(
        "file-backticks-colon",
        "File `slugify.py`:\n\n```python\n"
        + MODULE
        + "```\n\nFile `test_slugify.py`:\n\n```python\n"
        + TESTS
        + "```\n",
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests"},
    ),
    Case(
        "bold-with-backticks",
        "**`slugify.py`**\n\n```python\n"
        + MODULE
        + "```\n\n**`test_slugify.py`**\n\n```python\n"
        + TESTS
        + "```\n",
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests"},
    ),
    Case(
        "backtick-name-colon-only",
        "`slugify.py`:\n```python3\n"
        + MODULE
        + "```\n`test_slugify.py`:\n```Python\n"
        + TESTS
        + "```",
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests"},
    ),
    Case(
        "module-mentioned-above-tests-is-not-their-name",
        "Zuerst `slugify.py`:\n\n```py\n"
        + MODULE
        + "```\n\nUnd hier die Tests für `slugify.py`:\n\n```py\n"
        + TESTS
        + "```\n",
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests"},
        contains={"test_slugify.py": ("def test_basic",), "slugify.py": ("def slugify",)},
    ),
    Case(
        "nested-list-indented-fences",
        "Schritte:\n\n1. Lege `slugify.py` an:\n\n   ```python\n"
        + "".join(f"   {line}\n" if line else "\n" for line in MODULE.splitlines())
        + "   ```\n\n2. Lege `test_slugify.py` an:\n\n   - Inhalt:\n\n     ```python\n"
        + "".join(f"     {line}\n" if line else "\n" for line in TESTS.splitlines())
        + "     ```\n\n3. Starte `pytest`.",
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests"},
        contains={"slugify.py": ("\ndef slugify(",), "test_slugify.py": ("\ndef test_basic",)},
    ),
    Case(
        "tilde-fences",
        "~~~python\n# slugify.py\n" + MODULE + "~~~\n\n~~~python\n" + TESTS + "~~~\n",
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests"},
    ),
    Case(
        "untagged-fences-names-inferred",
        "Modul:\n```\n" + MODULE + "```\nTests:\n```\n" + TESTS + "```\n",
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests"},
    ),
    Case(
        "four-backtick-fence-with-fence-in-docstring",
        '````python\n# slugify.py\nimport re\n\n\ndef slugify(text):\n    """Make a slug.\n\n'
        '    ```\n    >>> slugify("A B")\n    \'a-b\'\n    ```\n    """\n'
        '    return re.sub(r"\\W+", "-", text.lower()).strip("-")\n````\n\n'
        "```python\n" + TESTS + "```\n",
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests"},
        contains={"slugify.py": ("    ```\n", "return re.sub")},
    ),
    Case(
        "directories-reduced",
        "Projektstruktur:\n\n```python\n# src/slugify.py\n"
        + MODULE
        + "```\n\n```python tests/test_slugify.py\n"
        + TESTS
        + "```\n",
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests"},
        note="src/slugify.py: directory dropped",
    ),
    # ------------------------------------------------------------ module name inference
    Case(
        "name-inferred-from-test-import",
        "Hier der Code:\n\n```python\n"
        + MODULE
        + "```\n\nDie Tests:\n\n```python\n"
        + TESTS
        + "```",
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests"},
    ),
    Case(
        "tests-import-solution",
        "```python\ndef add(a, b):\n    return a + b\n```\n\n```python\n"
        "from solution import add\n\n\ndef test_add():\n    assert add(1, 2) == 3\n```",
        "ok",
        {"solution.py": "module", "test_solution.py": "tests"},
    ),
    Case(
        "tests-import-main",
        "Code:\n```python\ndef slugify(t):\n    return t.lower().replace(' ', '-')\n```\n"
        "Tests:\n```python\nfrom main import slugify\n\ndef test_it():\n"
        "    assert slugify('A b') == 'a-b'\n```",
        "ok",
        {"main.py": "module", "test_main.py": "tests"},
    ),
    Case(
        "prompt-module-wins-alias-for-other-import",
        "```python\n"
        + MODULE
        + "```\n\n```python\nfrom my_slugify import slugify\n\n\ndef test_x():\n"
        + "    assert slugify('Ä') == 'a'\n```",
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests", "my_slugify.py": "other"},
        module="slugify.py",
        contains={
            "my_slugify.py": ("sys.modules[__name__]", "'slugify'"),
            "test_slugify.py": ("from my_slugify import slugify",),
        },
        note="added an alias",
    ),
    Case(
        "prompt-module-renames-model-file",
        "Ich nenne das Modul `text_utils.py`:\n\n```python\n"
        + MODULE
        + "```\n\n**test_text_utils.py**\n```python\nfrom text_utils import slugify\n\n"
        + "def test_x():\n    assert slugify('a b') == 'a-b'\n```",
        "ok",
        {"slugify.py": "module", "test_text_utils.py": "tests", "text_utils.py": "other"},
        module="slugify.py",
        note="the model's text_utils.py is used under that name",
    ),
    Case(
        "prompt-module-tests-import-solution",
        "```python\n"
        + MODULE
        + "```\n```python\nimport solution\n\ndef test_s():\n"
        + "    assert solution.slugify('A') == 'a'\n```",
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests", "solution.py": "other"},
        module="slugify.py",
    ),
    Case(
        "combined-block-split",
        "Alles in einer Datei:\n\n```python\nimport re\nimport pytest\n\n_SEP = '-'\n\n\n"
        "def slugify(text):\n    if not isinstance(text, str):\n        raise TypeError(text)\n"
        "    return re.sub(r'[^a-z0-9]+', _SEP, text.lower()).strip(_SEP)\n\n\n"
        "@pytest.fixture\ndef sample():\n    return 'Hallo Welt'\n\n\n"
        "def test_basic(sample):\n    assert slugify(sample).count(_SEP) == 1\n\n\n"
        "class TestErrors:\n    def test_type(self):\n        with pytest.raises(TypeError):\n"
        "            slugify(None)\n\n\n"
        "if __name__ == '__main__':\n    pytest.main([__file__])\n```\n",
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests"},
        module="slugify.py",
        contains={
            "slugify.py": ("def slugify", "if __name__ == '__main__':"),
            "test_slugify.py": (
                "from slugify import *",
                "from slugify import _SEP",
                "def sample",
                "class TestErrors",
            ),
        },
        absent={"slugify.py": ("def test_basic", "class TestErrors", "def sample")},
        note="split a block",
    ),
    Case(
        "combined-block-without-any-name",
        "```python\ndef is_even(n):\n    return n % 2 == 0\n\n\ndef test_even():\n"
        "    assert is_even(2)\n```",
        "ok",
        {"solution.py": "module", "test_solution.py": "tests"},
        contains={"test_solution.py": ("from solution import *",)},
    ),
    Case(
        "combined-block-named-by-comment",
        "```python\n# slugify.py\nimport pytest\n\ndef slugify(t):\n    return t.lower()\n\n"
        "def test_lower():\n    assert slugify('AB') == 'ab'\n```",
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests"},
        absent={"slugify.py": ("def test_lower",)},
    ),
    Case(
        "combined-block-with-third-party-import",
        "```python\nfrom unidecode import unidecode\n\ndef slugify(t):\n"
        "    return unidecode(t).lower()\n\ndef test_it():\n    assert slugify('É') == 'e'\n```",
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests"},
        module="slugify.py",
        contains={"test_slugify.py": ("from unidecode import unidecode", "from slugify import *")},
    ),
    Case(
        "test-class-tests-and-helper-file",
        "Ich trenne die Umlaut-Tabelle ab.\n\n**umlaute.py**\n```python\n"
        "TABLE = {'ä': 'ae', 'ö': 'oe', 'ü': 'ue', 'ß': 'ss'}\n\ndef transliterate(t):\n"
        "    return ''.join(TABLE.get(c, c) for c in t)\n```\n\n**slugify.py**\n```python\n"
        "from umlaute import transliterate\n\ndef slugify(t):\n"
        "    return transliterate(t.lower())\n"
        "```\n\n**test_slugify.py**\n```python\nfrom slugify import slugify\n\n"
        "class TestSlugify:\n    def test_umlaut(self):\n        assert slugify('Ä') == 'ae'\n```",
        "ok",
        {"slugify.py": "module", "umlaute.py": "other", "test_slugify.py": "tests"},
    ),
    Case(
        "tests-with-helper-function-stay-whole",
        "```python\n"
        + MODULE
        + "```\nTests mit einer Hilfsfunktion:\n```python\nimport pytest\n"
        + "from slugify import slugify\n\n\ndef make_title(n):\n    return ' '.join(['Wort'] * n)\n"
        + "\n\ndef test_long():\n    assert slugify(make_title(3)) == 'wort-wort-wort'\n```",
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests"},
        contains={"test_slugify.py": ("def make_title",)},
        absent={"test_slugify.py": ("import *",), "slugify.py": ("make_title",)},
    ),
    Case(
        "two-files-in-one-block",
        "Hier beide Dateien:\n\n```python\n# slugify.py\n"
        + MODULE
        + "\n\n# --- test_slugify.py ---\n"
        + TESTS
        + "```\n",
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests"},
        module="slugify.py",
        absent={"slugify.py": ("def test_basic",), "test_slugify.py": ("def slugify",)},
        note="split a block holding several files",
    ),
    Case(
        "two-test-files",
        "```python slugify.py\n"
        + MODULE
        + "```\n```python test_slugify.py\n"
        + TESTS
        + "```\n```python test_errors.py\nimport pytest\nfrom slugify import slugify\n\n"
        + "def test_none():\n    with pytest.raises(TypeError):\n        slugify(None)\n```",
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests", "test_errors.py": "tests"},
    ),
    Case(
        "tests-with-non-test-name-renamed",
        "```python\n# slugify.py\n" + MODULE + "```\n```python\n# tests.py\n" + TESTS + "```",
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests"},
        note="tests.py holds tests",
    ),
    Case(
        "heading-two-lines-above",
        "### slugify.py\n\nHier ist der vollständige Code:\n\n```python\n"
        + MODULE
        + "```\n\n### slugify_test.py\n\nUnd die Tests dazu:\n\n```python\n"
        + TESTS
        + "```\n",
        "ok",
        {"slugify.py": "module", "slugify_test.py": "tests"},
    ),
    Case(
        "usage-example-under-module-heading-dropped",
        "```python slugify.py\n"
        + MODULE
        + "```\n```python test_slugify.py\n"
        + TESTS
        + "```\n### Beispiel für `slugify.py`\n```python\nfrom slugify import slugify\n\n"
        + "def demo():\n    print(slugify('Schöne Grüße'))  # demo\n```",
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests"},
        contains={"slugify.py": ("def slugify",)},
        absent={"slugify.py": ("# demo",)},
        note="a usage example",
    ),
    Case(
        "closing-fence-forgotten",
        "```python\n# slugify.py\n"
        + MODULE
        + "\n```python\n# test_slugify.py\n"
        + TESTS
        + "```\nFertig.",
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests"},
        absent={"slugify.py": ("```", "def test_basic")},
        note="not closed before the next one opened",
    ),
    # ------------------------------------------------------------ truncation
    Case(
        "tests-cut-by-token-limit",
        "```python\n# slugify.py\n"
        + MODULE
        + "```\n\n```python\n# test_slugify.py\nfrom slugify import slugify\n\n"
        + "def test_basic():\n    assert slugify('A B') == 'a-b'\n\ndef test_long():\n"
        + "    assert slugify('x' * 100, max_len",
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests"},
        truncated=True,
        truncated_files=("test_slugify.py",),
        note="unclosed code fence",
    ),
    Case(
        "module-cut-before-tests",
        "Hier ist das Modul:\n\n```python\n# slugify.py\nimport re\n\ndef slugify(text):\n"
        "    if not isinstance(text",
        "no_tests",
        {"slugify.py": "module"},
        truncated=True,
        truncated_files=("slugify.py",),
    ),
    Case(
        "cut-inside-closing-fence",
        "```python slugify.py\n" + MODULE + "```\n```python test_slugify.py\n" + TESTS + "``",
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests"},
        truncated=True,
        truncated_files=("test_slugify.py",),
        absent={"test_slugify.py": ("``",)},
    ),
    Case(
        "combined-block-cut-in-tests",
        "```python\nimport pytest\n\ndef slugify(t):\n    return t.lower()\n\n"
        "def test_a():\n    assert slugify('A') == 'a'\n\ndef test_b():\n    assert slug",
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests"},
        module="slugify.py",
        truncated=True,
        truncated_files=("test_slugify.py",),
    ),
    # ------------------------------------------------------------ duplicates
    Case(
        "corrected-version-named-wins",
        "```python\n# slugify.py\ndef slugify(t):\n    return t.lower()  # draft\n```\n\n"
        "Oops, Umlaute fehlen. Korrigierte Version:\n\n```python\n# slugify.py\n"
        "def slugify(t):\n    return t.lower().replace('ä', 'ae')  # fixed\n```\n\n```python\n"
        + TESTS
        + "```",
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests"},
        contains={"slugify.py": ("# fixed",)},
        absent={"slugify.py": ("# draft",)},
        note="kept the later version",
    ),
    Case(
        "corrected-version-cut-off-keeps-complete",
        "```python\n# slugify.py\ndef slugify(t):\n    return t.lower()  # complete\n```\n"
        "```python\n" + TESTS + "```\nVerbesserte Version:\n```python\n# slugify.py\n"
        "def slugify(t):\n    return t.lower().repl",
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests"},
        truncated=True,
        contains={"slugify.py": ("# complete",)},
        note="kept the earlier complete version",
    ),
    Case(
        "unnamed-duplicate-same-names-later-wins",
        "Erster Entwurf:\n```python\ndef slugify(t):\n    return t  # v1\n```\n"
        "Besser:\n```python\ndef slugify(t):\n    return t.lower()  # v2\n```\n"
        "```python\n" + TESTS + "```",
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests"},
        contains={"slugify.py": ("# v2",)},
        absent={"slugify.py": ("# v1",)},
    ),
    Case(
        "unnamed-module-parts-joined",
        "Zuerst die Ausnahme:\n```python\nclass SlugError(ValueError):\n    pass\n```\n"
        "Dann die Funktion:\n```python\ndef slugify(t):\n    if not t:\n"
        "        raise SlugError('leer')\n    return t.lower()\n```\n```python\n"
        "import pytest\nfrom slugify import slugify, SlugError\n\ndef test_empty():\n"
        "    with pytest.raises(SlugError):\n        slugify('')\n```",
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests"},
        contains={"slugify.py": ("class SlugError", "def slugify")},
        note="joined 2 code blocks",
    ),
    Case(
        "unnamed-tests-corrected-version",
        "```python\n"
        + MODULE
        + "```\n```python\nfrom slugify import slugify\n\ndef test_basic():\n"
        + "    assert slugify('A') == 'A'  # wrong\n```\nKorrektur der Tests:\n```python\n"
        + "from slugify import slugify\n\ndef test_basic():\n    assert slugify('A') == 'a'\n```",
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests"},
        absent={"test_slugify.py": ("# wrong",)},
    ),
    Case(
        "usage-examples-dropped",
        "```python slugify.py\n"
        + MODULE
        + "```\nBeispiel:\n```python\nfrom slugify import slugify\n\nprint(slugify('Hallo'))\n"
        + "```\nOder als Skript:\n```python\nfrom slugify import slugify\n\ndef main():\n"
        + "    print(slugify('x'))\n```\n```python test_slugify.py\n"
        + TESTS
        + "```",
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests"},
        absent={"slugify.py": ("print(",)},
        note="a usage example",
    ),
    # ------------------------------------------------------------ not code
    Case(
        "shell-and-output-blocks-ignored",
        "Installation:\n\n```bash\npip install pytest\n```\n\n```python slugify.py\n"
        + MODULE
        + "```\n```python test_slugify.py\n"
        + TESTS
        + "```\nAusführen:\n\n```\n$ pytest -q\n```\n\nAusgabe:\n\n```\n..                "
        + "[100%]\n============ 2 passed in 0.01s ============\n```\n\n```console\n"
        + "$ python -m pytest\n```",
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests"},
        note="ignored a block holding shell commands",
    ),
    Case(
        "run-it-fence-after-prose",
        "```python slugify.py\n"
        + MODULE
        + "```\n```python test_slugify.py\n"
        + TESTS
        + "```\nHere's how to run it: ```bash\npytest -q\n```\nThat's all.",
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests"},
        note="ignored a block tagged 'bash'",
    ),
    Case(
        "interactive-session-and-text-output",
        "```python\n"
        + MODULE
        + "```\n```python\n>>> slugify('Hallo Welt')\n'hallo-welt'\n```\n```text\nhallo-welt\n```\n"
        + "```python\n"
        + TESTS
        + "```",
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests"},
        note="an interactive session",
    ),
    Case(
        "failing-pytest-output-quoting-test-code",
        "```python\n# `slugify.py`\n"
        + MODULE
        + "```\n```python\n# **test_slugify.py**\n"
        + TESTS
        + "```\nBei mir sieht die Ausgabe so aus:\n```\n___ test_basic ___\n\n"
        + "    def test_basic():\n>       assert slugify('Hallo Welt') == 'hallo_welt'\n"
        + "E       AssertionError\n=========== 1 failed, 1 passed in 0.03s ===========\n```",
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests"},
        note="ignored a block holding program output",
    ),
    Case(
        "reasoning-section-dropped",
        "<think>\nDer Nutzer will slugify. Entwurf:\n```python\ndef slugify(t):\n"
        "    return t  # draft in reasoning\n```\nDas reicht nicht.\n</think>\n\n"
        "Hier ist meine Lösung:\n\n```python\n# slugify.py\n"
        + MODULE
        + "```\n```python\n"
        + TESTS
        + "```",
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests"},
        absent={"slugify.py": ("# draft",)},
        note="dropped the reasoning section",
    ),
    Case(
        "reasoning-cut-off-before-answer",
        "<think>\nIch schreibe zuerst das Modul:\n```python\ndef slugify(t):\n    return t\n```\n"
        "Dann Tests mit pytest, die",
        "no_code",
        {},
        note="unfinished reasoning",
    ),
    Case(
        "src-layout-gets-an-alias-package",
        "```python\n"
        + MODULE
        + "```\n```python\nfrom src.slugify import slugify\n\ndef test_a():\n"
        + "    assert slugify('A') == 'a'\n```",
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests", "src.py": "other"},
        module="slugify.py",
        note="the tests import src.slugify (a package layout)",
    ),
    Case(
        "dotted-import-of-another-package-gets-no-alias",
        "```python\n"
        + MODULE
        + "```\n```python\nfrom src.helpers import slugify\n\ndef test_a():\n"
        + "    assert slugify('A') == 'a'\n```",
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests"},
        module="slugify.py",
        note="the tests import src, which is not a file of the answer",
    ),
    Case(
        "refusal-only-prose",
        "Es tut mir leid, aber dabei kann ich nicht helfen. Bitte formuliere die Anfrage neu.",
        "no_code",
        {},
    ),
    Case(
        "only-shell-commands",
        "Installiere einfach das Paket:\n\n```bash\npip install python-slugify\n```\n"
        "Dann:\n```\npython -c 'import slugify'\n```",
        "no_code",
        {},
    ),
    Case(
        "diff-blocks-ignored",
        "```python slugify.py\n"
        + MODULE
        + "```\n```python test_slugify.py\n"
        + TESTS
        + "```\nÄnderung:\n```diff\n--- a/slugify.py\n+++ b/slugify.py\n@@ -1 +1 @@\n"
        + "-import re\n+import regex\n```\n```\n--- a/x.py\n+++ b/x.py\n@@ -1,2 +1,2 @@\n"
        + " def f():\n-    pass\n+    return 1\n```",
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests"},
        absent={"slugify.py": ("import regex",)},
        note="a patch",
    ),
    Case(
        "config-blocks-never-written",
        "```toml\n# pyproject.toml\n[tool.pytest.ini_options]\naddopts = '-p no:junitxml'\n```\n"
        '```ini\n[pytest]\naddopts = -q\n```\n```json\n{"name": "slugify"}\n```\n'
        "```yaml\nname: ci\n```\n```python slugify.py\n"
        + MODULE
        + "```\n```python test_slugify.py\n"
        + TESTS
        + "```",
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests"},
        note="ignored a block tagged 'toml'",
    ),
    Case(
        "empty-fence-ignored",
        "```python\n```\n\n```python\n\n```\n```python slugify.py\n"
        + MODULE
        + "```\n```python test_slugify.py\n"
        + TESTS
        + "```",
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests"},
        note="ignored an empty code block",
    ),
    Case(
        "only-tests-no-module",
        "Du hast das Modul schon; hier nur Tests:\n\n```python\n" + TESTS + "```",
        "no_module",
        {"test_slugify.py": "tests"},
    ),
    Case(
        "only-module-no-tests",
        "Hier ist das Modul:\n\n```python\n# slugify.py\n" + MODULE + "```\nTests folgen.",
        "no_tests",
        {"slugify.py": "module"},
    ),
    # ------------------------------------------------------------ hostile or bad names
    Case(
        "reject-path-traversal",
        "```python\n# ../slugify.py\n"
        + MODULE
        + "```\n```python test_slugify.py\n"
        + TESTS
        + "```",
        "rejected",
        {"test_slugify.py": "tests"},
        rejected=("../slugify.py",),
    ),
    Case(
        "reject-absolute-posix-path",
        "```python /etc/slugify.py\n" + MODULE + "```\n```python test_slugify.py\n" + TESTS + "```",
        "rejected",
        {"test_slugify.py": "tests"},
        module="slugify.py",
        rejected=("/etc/slugify.py",),
    ),
    Case(
        "reject-absolute-windows-test-path",
        "```python slugify.py\n"
        + MODULE
        + "```\nDatei `C:\\proj\\test_slugify.py`:\n```python\n"
        + TESTS
        + "```",
        "rejected",
        {"slugify.py": "module"},
        rejected=("C:\\proj\\test_slugify.py",),
    ),
    Case(
        "reject-stdlib-shadowing-module",
        "Ich nenne es `fractions.py`:\n\n```python\n# fractions.py\ndef reduce(a, b):\n"
        "    return a, b\n```\n```python\nfrom fractions import reduce\n\ndef test_r():\n"
        "    assert reduce(2, 4) == (2, 4)\n```",
        "rejected",
        {"test_solution.py": "tests"},
        rejected=("fractions.py",),
    ),
    Case(
        "reject-stdlib-helper-keeps-rest",
        "```python slugify.py\n"
        + MODULE
        + "```\n```python json.py\ndef dumps(x):\n    return str(x)\n```\n"
        + "```python random.py\ndef choice(x):\n    return x[0]\n```\n```python test_slugify.py\n"
        + TESTS
        + "```",
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests"},
        rejected=("json.py", "random.py"),
    ),
    Case(
        "reject-pytest-machinery",
        "```python slugify.py\n"
        + MODULE
        + "```\n```python conftest.py\nimport pytest\n\n@pytest.hookimpl(hookwrapper=True)\n"
        + "def pytest_runtest_makereport(item, call):\n    yield\n```\n```python pytest.py\n"
        + "def main():\n    return 0\n```\n```python\n# pluggy.py\ndef hook():\n    pass\n```\n"
        + "```python test_slugify.py\n"
        + TESTS
        + "```",
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests"},
        rejected=("conftest.py", "pytest.py", "pluggy.py"),
    ),
    Case(
        "reject-invalid-module-name",
        "```python my-slugify.py\n" + MODULE + "```\n```python\n" + TESTS + "```",
        "rejected",
        {"test_slugify.py": "tests"},
        rejected=("my-slugify.py",),
    ),
    Case(
        "prompt-module-shadowing-stdlib-honoured",
        "```python\n# fractions.py\ndef half(x):\n    return x / 2\n```\n```python\n"
        "from fractions import half\n\ndef test_half():\n    assert half(4) == 2\n```",
        "ok",
        {"fractions.py": "module", "test_fractions.py": "tests"},
        module="fractions.py",
    ),
    # ------------------------------------------------------------ text quirks
    Case(
        "crlf-line-endings",
        (
            "Hier:\n\n```python\n# slugify.py\n" + MODULE + "```\n\n```python\n" + TESTS + "```\n"
        ).replace("\n", "\r\n"),
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests"},
        absent={"slugify.py": ("\r",), "test_slugify.py": ("\r",)},
    ),
    Case(
        "tab-indented-code",
        "```python\n# slugify.py\ndef slugify(text):\n\tif not isinstance(text, str):\n"
        "\t\traise TypeError(text)\n\treturn text.lower()\n```\n```python\n"
        "from slugify import slugify\n\ndef test_tab():\n\tassert slugify('A') == 'a'\n```",
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests"},
        contains={"slugify.py": ("\t\traise TypeError",)},
    ),
    Case(
        "main-guard-and-unicode",
        '```python\n# slugify.py\n"""Slugs für Überschriften – mit Umlauten."""\n\n'
        "UMLAUTE = {'ä': 'ae', 'ö': 'oe', 'ü': 'ue', 'ß': 'ss'}\n\n\ndef slugify(text):\n"
        "    return ''.join(UMLAUTE.get(c, c) for c in text.lower())\n\n\n"
        "if __name__ == \"__main__\":\n    print(slugify('Größe'))\n```\n```python\n"
        "from slugify import slugify\n\ndef test_umlaut():\n"
        "    assert slugify('Größe') == 'groesse'\n```",
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests"},
        contains={"slugify.py": ("'ß': 'ss'", 'if __name__ == "__main__":')},
    ),
    Case(
        "syntax-error-still-extracted",
        "```python\n# slugify.py\ndef slugify(text)\n    return text.lower()\n```\n```python\n"
        + TESTS
        + "```",
        "ok",
        {"slugify.py": "module", "test_slugify.py": "tests"},
        contains={"slugify.py": ("def slugify(text)\n",)},
    ),
    Case(
        "no-fences-whole-answer-is-code",
        "import pytest\n\n\ndef double(x):\n    return 2 * x\n\n\ndef test_double():\n"
        "    assert double(2) == 4\n",
        "ok",
        {"double.py": "module", "test_double.py": "tests"},
        module="double.py",
        note="no code fence",
    ),
    # ------------------------------------------------------------ shapes real answers showed
    Case(
        "completion-with-a-stray-leading-space",
        " def factorial(n):\n    if n == 0:\n        return 1\n    return n * factorial(n - 1)\n",
        "no_tests",
        {"factorial.py": "module"},
        module="factorial.py",
        contains={"factorial.py": ("def factorial(n):\n    if n == 0:",)},
        note="stray indentation",
    ),
    Case(
        "unfenced-code-between-prose-lines",
        "Here is the code:\n\ndef double(x):\n    return 2 * x\n\nIt doubles its argument.\n",
        "no_tests",
        {"double.py": "module"},
        module="double.py",
        contains={"double.py": ("def double(x):",)},
        absent={"double.py": ("Here is", "doubles")},
        note="lines 3-5 are Python, the rest is prose",
    ),
    Case(
        "unittest-class-is-split-from-the-module",
        "```python\nimport unittest\n\n\ndef add(a, b):\n    return a + b\n\n\n"
        "class AddTests(unittest.TestCase):\n    def test_add(self):\n"
        "        self.assertEqual(add(1, 2), 3)\n\n\nif __name__ == '__main__':\n"
        "    unittest.main()\n```",
        "ok",
        {"calc.py": "module", "test_calc.py": "tests"},
        module="calc.py",
        contains={"test_calc.py": ("class AddTests(unittest.TestCase)",)},
        absent={"calc.py": ("TestCase",)},
        note="split a block holding both module and tests",
    ),
    Case(
        "cut-off-unittest-class-leaves-the-module-whole",
        "```python\nimport unittest\n\n\ndef add(a, b):\n    return a + b\n\n\n"
        "class AddTests(unittest.TestCase):\n    def test_add(self):\n"
        "        self.assertEqual(add(1, 2),",
        "ok",
        {"calc.py": "module", "test_calc.py": "tests"},
        module="calc.py",
        truncated=True,
        truncated_files=("test_calc.py",),
        absent={"calc.py": ("AddTests",)},
    ),
    Case(
        "cut-off-main-guard-is-dropped-from-the-module",
        "```python\ndef add(a, b):\n    return a + b\n\n\nif __name__ == '__main__':\n"
        "    print(add(",
        "no_tests",
        {"calc.py": "module"},
        module="calc.py",
        truncated=True,
        truncated_files=("calc.py",),
        absent={"calc.py": ("__main__",)},
        note="dropped a cut-off",
    ),
    Case(
        "test-named-function-with-arguments-that-returns-is-module-code",
        "```python\ndef test_duplicate(arraynums):\n"
        "    return len(arraynums) != len(set(arraynums))\n```",
        "no_tests",
        {"dup.py": "module"},
        module="dup.py",
        contains={"dup.py": ("def test_duplicate(arraynums):",)},
    ),
    Case(
        "test-named-module-function-beside-tests-is-not-collected-from-the-star-import",
        "```python\nimport pytest\n\n\ndef test_duplicate(arraynums):\n"
        "    return len(arraynums) != len(set(arraynums))\n\n\n"
        "def test_finds_duplicates():\n    assert test_duplicate([1, 1])\n```",
        "ok",
        {"dup.py": "module", "test_dup.py": "tests"},
        module="dup.py",
        contains={
            "dup.py": ("def test_duplicate(arraynums):",),
            "test_dup.py": ("test_duplicate.__test__ = False", "def test_finds_duplicates"),
        },
        absent={"test_dup.py": ("def test_duplicate",)},
    ),
    Case(
        "test-named-function-taking-fixtures-stays-a-test",
        "```python\ndef count(path):\n    return len(path.read_text())\n\n\n"
        "def test_count(tmp_path):\n    f = tmp_path / 'x'\n    f.write_text('ab')\n"
        "    return count(f) == 2\n```",
        "ok",
        {"count.py": "module", "test_count.py": "tests"},
        module="count.py",
    ),
    Case(
        "three-versions-keep-what-only-earlier-ones-defined",
        "```python\ndef helper(x):\n    return x + 1\n\n\ndef solve(x):\n"
        "    return helper(x)\n```\n\nBetter:\n\n```python\ndef other(x):\n    return x * 2\n"
        "\n\ndef solve(x):\n    return other(helper(x))\n```\n\nFinal version:\n\n"
        "```python\ndef solve(x):\n    return other(helper(x)) + 0\n```",
        "no_tests",
        {"solve.py": "module"},
        module="solve.py",
        contains={"solve.py": ("def helper(x):", "def other(x):", "return other(helper(x)) + 0")},
        absent={"solve.py": ("    return helper(x)\n",)},
        note="kept what only the earlier version defined",
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_extract_table(case: Case) -> None:
    result = extract(case.text, module=case.module)
    assert result.status == case.status, result.notes
    assert {f.name: f.role for f in result.files} == case.files, result.notes
    assert result.truncated is case.truncated
    assert {f.name for f in result.files if f.truncated} == set(case.truncated_files)
    assert tuple(r.name for r in result.rejections) == case.rejected
    for name, parts in case.contains.items():
        content = _content(result, name)
        for part in parts:
            assert part in content, (name, part)
    for name, parts in case.absent.items():
        content = _content(result, name)
        for part in parts:
            assert part not in content, (name, part)
    if case.note:
        assert any(case.note in note for note in result.notes), result.notes
    _check_invariants(result)


def _content(result: Extraction, name: str) -> str:
    return next(f.content for f in result.files if f.name == name)


def _check_invariants(result: Extraction) -> None:
    modules = [f for f in result.files if f.role == "module"]
    tests = [f for f in result.files if f.role == "tests"]
    assert len(modules) <= 1
    if result.status == "ok":
        assert modules and tests
    assert result.module_name == (modules[0].name.removesuffix(".py") if modules else None)
    for file in tests:
        assert file.name.startswith("test_") or file.name.endswith("_test.py")
    assert len({f.name for f in result.files}) == len(result.files)
    assert all("/" not in f.name and "\\" not in f.name for f in result.files)
    assert result.files[:1] == tuple(modules[:1]) or not modules  # the module comes first


REJECTED_NAMES = [
    ("../helpers.py", "path traversal"),
    ("lib/../../helpers.py", "path traversal"),
    ("/etc/helpers.py", "absolute path"),
    ("C:\\temp\\helpers.py", "absolute path"),
    ("~/helpers.py", "absolute path"),
    ("my-helpers.py", "not a valid Python module name"),
    ("2helpers.py", "not a valid Python module name"),
    ("größe.py", "not a valid Python module name"),
    ("class.py", "not a valid Python module name"),
    ("__init__.py", "reserved name"),
    ("fractions.py", "standard-library module fractions"),
    ("random.py", "standard-library module random"),
    ("json.py", "standard-library module json"),
    ("pytest.py", "shadow pytest"),
    ("_pytest.py", "shadow _pytest"),
    ("pluggy.py", "shadow pluggy"),
    ("hypothesis.py", "shadow hypothesis"),
    ("py.py", "shadow py"),
    ("pytest_timeout.py", "shadow pytest_timeout"),
    ("conftest.py", "loads on its own"),
    ("sitecustomize.py", "loads on its own"),
    ("usercustomize.py", "loads on its own"),
]


@pytest.mark.parametrize(("name", "reason"), REJECTED_NAMES, ids=[n for n, _ in REJECTED_NAMES])
def test_unsafe_names_are_rejected_with_a_reason(name: str, reason: str) -> None:
    text = (
        f"```python slugify.py\n{MODULE}```\n\nHilfsdatei:\n\n```python\n# {name}\n"
        f"def helper():\n    return 1\n```\n\n```python test_slugify.py\n{TESTS}```"
    )
    result = extract(text, module="slugify.py")
    assert [(r.name, reason in r.reason) for r in result.rejections] == [(name, True)]
    assert result.status == "ok"
    assert [f.name for f in result.files] == ["slugify.py", "test_slugify.py"]


def test_split_halves_are_valid_python_and_keep_tests_apart() -> None:
    case = next(c for c in CASES if c.id == "combined-block-split")
    result = extract(case.text, module="slugify.py")
    module, tests = result.file("module"), result.file("tests")
    assert module is not None and tests is not None
    module_names = {n.name for n in ast.parse(module.content).body if hasattr(n, "name")}
    test_names = {n.name for n in ast.parse(tests.content).body if hasattr(n, "name")}
    assert module_names == {"slugify"}
    assert test_names == {"sample", "test_basic", "TestErrors"}


def test_alias_file_is_valid_python_naming_the_module() -> None:
    case = next(c for c in CASES if c.id == "prompt-module-wins-alias-for-other-import")
    alias = next(f for f in extract(case.text, module="slugify.py").files if f.role == "other")
    calls = [n for n in ast.walk(ast.parse(alias.content)) if isinstance(n, ast.Call)]
    assert [ast.literal_eval(c.args[0]) for c in calls] == ["slugify"]


def test_model_code_is_never_run(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    hostile = f"open({str(marker)!r}, 'w').close()\nraise SystemExit(3)\n"
    text = f"```python\n# slugify.py\n{hostile}{MODULE}```\n```python\n{hostile}{TESTS}```"
    result = extract(text)
    assert result.status == "ok"
    assert not marker.exists()


def test_same_input_gives_the_same_extraction() -> None:
    case = next(c for c in CASES if c.id == "reject-pytest-machinery")
    assert extract(case.text) == extract(case.text)


def test_module_argument_without_suffix_or_directory() -> None:
    result = extract(f"```python\n{MODULE}```\n```python\n{TESTS}```", module="pkg/slugify")
    assert [f.name for f in result.files] == ["slugify.py", "test_slugify.py"]


@pytest.mark.parametrize(
    "text",
    [
        "```python\n@a" + ".b" * 900 + "\ndef test_x():\n    assert 1\n```",
        "```python\n@a" + ".b" * 6000 + "\ndef test_x():\n    assert 1\n```",
        "x " * 50_000 + "```" * 20_000 + "\n",
        "### " + "a/" * 50_000 + "x.py\n```python\ndef f():\n    pass\n```",
    ],
    ids=["deep-decorator", "too-deep-to-parse", "backtick-flood", "long-path"],
)
def test_pathological_outputs_do_not_crash(text: str) -> None:
    result = extract(text, module="slugify.py")
    assert result.status in {"no_code", "no_module", "no_tests", "rejected"}
