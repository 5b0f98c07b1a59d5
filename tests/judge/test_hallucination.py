"""Hallucinated names on standard-library modules and types; guarded code is not flagged."""

from __future__ import annotations

import pytest

from codeeval.hallucination import measured_numbers, missing_attributes
from codeeval.rubrics import load_signals

SIGNALS = load_signals()


@pytest.mark.parametrize(
    ("source", "signal"),
    [
        ("import json\njson.loadz('1')", "json.loadz: json has no attribute 'loadz'"),
        ("import os.path\nos.path.joinn('a')", "os.path.joinn"),
        ("import os.path as p\np.exist('a')", "os.path.exist"),
        ("from itertools import izip", "from itertools import izip: no such name"),
        ("from collections import Mapping", "from collections import Mapping: no such name"),
        ("x = '-'.joinn(['a'])", "str.joinn(): str has no method 'joinn'"),
        ("d = {}.iteritems()", "dict.iteritems(): dict has no method 'iteritems'"),
        (
            "import collections\ncollections.Counter('ab').most_commonn(1)",
            "collections.Counter.most_commonn()",
        ),
        ("from pathlib import Path\nPath('a').read_textt()", "pathlib.Path.read_textt()"),
        ("import string\nstring.slugify('A b')", "string.slugify"),
    ],
)
def test_invented_names_are_found(source: str, signal: str) -> None:
    found = missing_attributes([source], SIGNALS)
    assert any(signal in f for f in found), found


@pytest.mark.parametrize(
    "source",
    [
        "import json\njson.loads('1')",
        "from collections import OrderedDict, Counter\nCounter('a').most_common(1)",
        "import os\ntry:\n    os.startfile('x')\nexcept AttributeError:\n    pass",
        "try:\n    from collections.abc import Mapping\nexcept ImportError:\n"
        "    from collections import Mapping",
        "import os\nif hasattr(os, 'fork2'):\n    os.fork2()",
        "import sys\nif sys.platform == 'win32':\n    sys.getwindowsversion()",
        "import sys\nprint(sys.ps1)",  # set by the interpreter at run time
        "import json\ndef f(json):\n    return json.loadz()",  # a parameter shadows the module
        "import os\nclass P:\n    os = None\nos.path.join('a')",
        "import re\nre.compile('x').fullmatch('x')",
        "x = 'a'.upper().lower()",
    ],
)
def test_real_names_and_guarded_code_are_not_flagged(source: str) -> None:
    assert missing_attributes([source], SIGNALS) == []


@pytest.mark.parametrize(
    ("text", "fires"),
    [
        ("I benchmarked it: 0.3 ms per call.", True),
        ("Gemessen: 12 % schneller als vorher.", True),
        ("On my machine this takes 2 seconds for 1 MB.", True),
        ("The function takes 2 arguments.", False),
        ("It was built in the 1990s and took place in 2001.", False),
        ("```python\n# runs in 3 ms, benchmarked\n```\nDone.", False),  # code, not prose
    ],
)
def test_numbers_presented_as_measured(text: str, fires: bool) -> None:
    assert bool(measured_numbers(text, SIGNALS)) is fires
