"""The cap on coding correctness, scores off the scale, and automatic suggestions."""

from __future__ import annotations

import pytest

from codeeval.models import Execution, ParseOutcome, Prompt, SampleKey, StaticAnalysis, SuiteResult
from codeeval.rubrics import load_rubrics, load_signals
from codeeval.scoring import make_score, suggest

RUBRICS = load_rubrics()
CODING = RUBRICS["coding"]
KEY = SampleKey(model="m", prompt_id="slugify", run=1)
PROMPT = Prompt(id="slugify", domain="coding", prompt="Write slugify.py", module="slugify.py")


def suite(status: str, passed: int, failed: int = 0, errors: int = 0) -> SuiteResult:
    return SuiteResult(status=status, passed=passed, failed=failed, errors=errors)  # type: ignore[arg-type]


def execution(
    own: SuiteResult | None, ref: SuiteResult | None = None, valid: SuiteResult | None = None
) -> Execution:
    status = (ref or own).status if (ref or own) else "skipped"
    return Execution(status=status, own=own, reference=ref, own_vs_reference=valid)  # type: ignore[arg-type]


OWN_FAILS = execution(suite("failed", 3, 2))
OWN_PASSES = execution(suite("passed", 5))


@pytest.mark.parametrize("rater_kind", ["judge", "person", "suggestion"])
def test_a_module_failing_its_own_tests_cannot_score_above_2_whoever_scores(
    rater_kind: str,
) -> None:
    s = make_score(
        CODING,
        "correctness",
        KEY,
        rater_kind=rater_kind,
        rater="x",
        value=5,  # type: ignore[arg-type]
        execution=OWN_FAILS,
    )
    assert s.value == 2 and s.cap is not None
    assert (s.cap.given, s.cap.max) == (5, 2) and "own tests" in s.cap.reason


@pytest.mark.parametrize("status", ["collection_error", "timeout", "oom", "no_results"])
def test_every_way_of_failing_its_own_tests_caps(status: str) -> None:
    s = make_score(
        CODING,
        "correctness",
        KEY,
        rater_kind="judge",
        rater="j",
        value=4,
        execution=execution(suite(status, 0)),
    )
    assert s.value == 2 and s.cap is not None


def test_the_cap_leaves_scores_at_or_below_it_and_passing_modules_alone() -> None:
    low = make_score(
        CODING, "correctness", KEY, rater_kind="person", rater="p", value=2, execution=OWN_FAILS
    )
    assert low.value == 2 and low.cap is None
    ok = make_score(
        CODING, "correctness", KEY, rater_kind="person", rater="p", value=5, execution=OWN_PASSES
    )
    assert ok.value == 5 and ok.cap is None and not ok.notes
    other = make_score(
        CODING, "readability", KEY, rater_kind="person", rater="p", value=5, execution=OWN_FAILS
    )
    assert other.value == 5 and other.cap is None


def test_without_a_result_the_cap_is_not_guessed_but_noted() -> None:
    s = make_score(CODING, "correctness", KEY, rater_kind="judge", rater="j", value=5)
    assert s.value == 5 and s.cap is None and "cap not checked" in s.notes[0]


@pytest.mark.parametrize("value", [0, 6, -1])
def test_a_score_off_the_scale_is_unscored_never_a_number(value: int) -> None:
    s = make_score(CODING, "readability", KEY, rater_kind="judge", rater="j", value=value)
    assert s.status == "unscored" and s.value is None and "outside the scale 1–5" in s.reason


def by_criterion(text: str, ex: Execution | None, analysis: StaticAnalysis | None = None) -> dict:
    parse = ParseOutcome(status="ok", analysis=analysis) if analysis else None
    return {s.criterion: s for s in suggest(CODING, KEY, PROMPT, text, ex, parse, load_signals())}


def test_correctness_is_suggested_from_the_hidden_tests() -> None:
    s = by_criterion("", execution(suite("passed", 5), suite("failed", 7, 2)))["correctness"]
    assert s.value == 3 and s.reason == "hidden reference tests: 7/9 passed"
    assert s.source == "test_run"


def test_correctness_from_own_tests_only_says_so_and_is_capped() -> None:
    s = by_criterion("", OWN_FAILS)["correctness"]
    assert s.value == 2 and "own tests only" in s.reason
    full = by_criterion("", execution(suite("failed", 0, 3), suite("passed", 9)))["correctness"]
    assert full.value == 2 and full.cap is not None and full.cap.given == 5


def test_correctness_is_not_guessed_when_nothing_ran() -> None:
    s = by_criterion("", Execution(status="not_run"))["correctness"]
    assert s.value is None and "not_run" in s.reason
    assert by_criterion("", None)["correctness"].value is None


def test_test_quality_counts_tests_that_fail_on_the_reference_solution() -> None:
    s = by_criterion("", execution(suite("passed", 5), suite("passed", 9), suite("failed", 3, 1)))
    tq = s["test_quality"]
    assert tq.value == 2 and tq.reason.startswith("1 of 4 tests fail on the reference solution")


def test_tests_passing_a_module_the_hidden_tests_fail_miss_its_bug() -> None:
    s = by_criterion("", execution(suite("passed", 5), suite("failed", 6, 3), suite("passed", 5)))
    tq = s["test_quality"]
    assert tq.value == 2 and "miss its bug" in tq.reason


def test_test_quality_needs_a_reference_solution() -> None:
    tq = by_criterion("", execution(suite("passed", 5)))["test_quality"]
    assert tq.value is None and "no reference solution" in tq.reason


def test_test_quality_of_an_answer_without_tests_and_of_tests_of_another_api() -> None:
    untested = SuiteResult(status="untested", detail="the answer holds no tests")
    none = execution(untested, suite("passed", 9), untested)
    tq = by_criterion("", none)["test_quality"]
    assert tq.value == 1 and tq.reason == "no tests to run"
    why = "the tests import names the reference solution does not define: helper"
    other_api = SuiteResult(status="api_mismatch", detail=why)
    tq = by_criterion("", execution(suite("passed", 5), suite("passed", 9), other_api))[
        "test_quality"
    ]
    assert tq.value is None and tq.reason.endswith(why)


HALLUCINATING = """Here is the module.

```python
# slugify.py
import json
import os
from collections import OrderedDictionary
import fastslug

def slugify(text):
    data = json.loadz(text)
    return os.path.joinn("a", fastslug.run(data))
```

I benchmarked it: on my machine it runs in 0.3 ms per call, 4x faster than python-slugify.
"""


def test_hallucination_signals_name_their_evidence() -> None:
    analysis = StaticAnalysis(
        syntax_ok=True, imports=("json", "os", "fastslug"), unavailable_imports=("fastslug",)
    )
    s = by_criterion(HALLUCINATING, None, analysis)["no_hallucination"]
    joined = "\n".join(s.signals)
    assert "'fastslug'" in joined
    assert "json.loadz" in joined and "os.path.joinn" in joined
    assert "from collections import OrderedDictionary" in joined
    assert "0.3 ms" in joined and "benchmarked" in joined
    assert s.value == 2


def test_real_attributes_and_unmeasured_numbers_are_no_signal() -> None:
    clean = """```python
import json, os.path
from collections import OrderedDict

def load(p):
    return json.loads(open(os.path.join("a", p)).read())
```
The function returns 2 values and takes about 3 lines of setup.
The format took shape in the 1990s.
"""
    s = by_criterion(clean, None, StaticAnalysis(syntax_ok=True))["no_hallucination"]
    assert s.value is None and s.signals == () and "absence proves nothing" in s.reason
