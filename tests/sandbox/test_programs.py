"""The program table itself, without Docker: every answer parses into the files it is meant
to produce, so a status in ``test_hostile.py`` is about the sandbox, never about the parser."""

from __future__ import annotations

from typing import get_args

import pytest

from codeeval.analysis import analyse
from codeeval.extract import extract
from codeeval.models import ExecutionStatus
from tests.sandbox.programs import (
    CHECKER,
    CONTAMINATORS,
    NORMALS,
    PROGRAMS,
    Program,
    answer,
    filled,
)

VALUES = {
    "TOKEN": "0123456789abcdef",
    "CANARY": "/tmp/pytest-of-x/canary0/canary.txt",
    "CANARY_DIR": "/tmp/pytest-of-x/canary0",
    "PORT": "40000",
}
EVERY = [*PROGRAMS, *CONTAMINATORS, *NORMALS, CHECKER]


def test_enough_distinct_programs() -> None:
    names = [p.name for p in EVERY if p is not CHECKER]
    assert len(names) == len(set(names))
    assert len(PROGRAMS) >= 50


@pytest.mark.parametrize("program", [pytest.param(p, id=p.name) for p in EVERY])
def test_answer_extracts_as_intended(program: Program) -> None:
    text = answer(filled(program, VALUES))
    assert "@" not in text.replace("@pytest", "").replace("@_pytest", ""), "unfilled placeholder"
    ext = extract(text, module="subject.py")
    assert ext.status == program.parse, (ext.status, ext.notes)
    names = [f.name for f in ext.files]
    if program.parse == "ok":
        assert names[:2] == ["subject.py", "test_subject.py"], (names, ext.notes)
        analysis = analyse(ext)
        assert analysis.syntax_ok == (program.name != "syntax_error_in_tests"), analysis
    if program.rejects:
        assert program.rejects in [r.name for r in ext.rejections]
    assert program.suite in ("own", "reference", "execution")
    assert program.expect and set(program.expect) <= set(get_args(ExecutionStatus))
