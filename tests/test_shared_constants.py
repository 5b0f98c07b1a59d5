"""Constants the host and the in-container supervisor must agree on.

``sandbox/supervisor.py`` runs inside the image with nothing of codeeval installed, so
it cannot import the host's values; it keeps copies. These tests read the copies from
its source (without running it) and check them against the host's.
"""

from __future__ import annotations

import ast
import math
from pathlib import Path

from codeeval import junit
from codeeval.models import Limits
from codeeval.runners import docker

SUPERVISOR = Path(__file__).resolve().parent.parent / "sandbox" / "supervisor.py"


def supervisor_constants() -> dict[str, object]:
    """Module-level ``NAME = <arithmetic on literals>`` assignments of the supervisor, and
    the defaults of ``int(os.environ.get(NAME, "default"))``."""
    values: dict[str, object] = {}
    for node in ast.parse(SUPERVISOR.read_text(encoding="utf-8")).body:
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1):
            continue
        target = node.targets[0]
        if not isinstance(target, ast.Name):
            continue
        value = node.value
        if (
            isinstance(value, ast.Call)
            and isinstance(value.func, ast.Name)
            and value.func.id == "int"
            and value.args
            and isinstance(value.args[0], ast.Call)
            and len(value.args[0].args) == 2
            and isinstance(value.args[0].args[1], ast.Constant)
        ):
            values[target.id] = int(value.args[0].args[1].value)
            continue
        if all(isinstance(n, ast.Constant | ast.BinOp | ast.operator) for n in ast.walk(value)):
            values[target.id] = eval(compile(ast.Expression(value), "supervisor", "eval"), {})
    return values


SUPERVISOR_VALUES = supervisor_constants()


def test_uid_spans_agree() -> None:
    assert SUPERVISOR_VALUES["FIRST_BOX_UID"] == docker.UID_BASE
    assert SUPERVISOR_VALUES["UID_SPAN"] == docker.UID_SPAN


def test_every_box_uid_fits_in_32_bits() -> None:
    assert docker.UID_BASE + docker.UID_SLOTS * docker.UID_SPAN < 2**32 - 1


def test_report_caps_agree() -> None:
    assert SUPERVISOR_VALUES["MAX_REPORT_BYTES"] == junit.MAX_REPORT_BYTES


def test_a_full_answer_fits_the_hosts_frame_cap() -> None:
    """The largest report (base64) plus the largest output tail fit in one answer."""
    largest_output = Limits.model_fields["output_kb"].default * 1024
    answer = math.ceil(junit.MAX_REPORT_BYTES / 3) * 4 + largest_output * 6 + 4096
    assert answer < docker.MAX_RESPONSE_BYTES
