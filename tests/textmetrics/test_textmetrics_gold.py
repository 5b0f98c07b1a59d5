"""The gold set, the scorer, and the detector's scores on the held-out test split."""

from __future__ import annotations

import re
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from codeeval.textmetrics import gold as gold_mod
from codeeval.textmetrics.cues import all_cues, needles_fire
from codeeval.textmetrics.evasion import analysis_text, detect
from codeeval.textmetrics.gold import (
    GoldCase,
    binary_score,
    class_score,
    cohen_kappa,
    load_gold,
    score,
)
from codeeval.textmetrics.records import EvasionClass
from tests.evasion_helpers import EVASION_DATA, GOLD_PATH

SOURCE_DIR = Path(gold_mod.__file__).parent


@pytest.fixture(scope="module")
def cases() -> list[GoldCase]:
    return load_gold(GOLD_PATH)


def test_gold_file_shape(cases: list[GoldCase]) -> None:
    assert len(cases) >= 220
    assert len({c.id for c in cases}) == len(cases)
    langs = Counter(c.lang for c in cases)
    splits = Counter(c.split for c in cases)
    assert 0.4 <= langs["de"] / len(cases) <= 0.6
    assert 0.4 <= splits["dev"] / len(cases) <= 0.6
    for split in ("dev", "test"):
        labelled = Counter(k for c in cases if c.split == split for k in c.classes)
        assert all(labelled[k] >= 8 for k in ("refusal", "preamble", "tail", "inline")), labelled
        clean = sum(1 for c in cases if c.split == split and not c.classes)
        assert clean >= 40
    words = [len(c.text.split()) for c in cases]
    assert sum(80 <= w <= 400 for w in words) / len(words) >= 0.75
    assert sum(w > 400 for w in words) >= 5
    assert not any("preamble" in c.classes for c in cases if c.domain == "coding")


def test_kappa() -> None:
    assert cohen_kappa(20, 5, 15, 10) == pytest.approx(0.4)
    assert cohen_kappa(10, 0, 10, 0) == 1.0
    assert cohen_kappa(0, 0, 7, 0) == 1.0  # everyone agrees on "no"
    assert cohen_kappa(0, 0, 0, 0) is None
    assert cohen_kappa(5, 5, 5, 5) == pytest.approx(0.0)


def test_scores() -> None:
    c = class_score("tail", [True, True, False, False], [True, False, True, False])
    assert (c.tp, c.fp, c.fn, c.precision, c.recall, c.f1) == (1, 1, 1, 0.5, 0.5, 0.5)
    b = binary_score("x", [True, True, False, False], [True, False, False, False])
    assert (b.fpr, b.fnr) == (0.0, 0.5)


def test_detector_meets_the_targets_on_the_test_split(cases: list[GoldCase]) -> None:
    report = score(cases, "test")
    b = report.binary
    assert b.fpr is not None and b.fpr < gold_mod.TARGET_FPR, report.misses
    assert b.fnr is not None and b.fnr < gold_mod.TARGET_FNR, report.misses
    assert b.kappa is not None and b.kappa >= gold_mod.TARGET_KAPPA, report.misses
    assert report.targets_met
    for baseline in report.refusal[1:]:
        assert baseline.kappa is not None and report.refusal[0].kappa is not None
        assert report.refusal[0].kappa > baseline.kappa


def test_the_gate_is_real(cases: list[GoldCase]) -> None:
    def lazy(case: GoldCase) -> frozenset[EvasionClass]:
        return frozenset()

    def refusal_only(case: GoldCase) -> frozenset[EvasionClass]:
        return frozenset({"refusal"}) if "refusal" in case.classes else frozenset()

    assert not score(cases, "test", lazy).targets_met
    assert not score(cases, "test", refusal_only).targets_met


def test_prefilter_hides_nothing(cases: list[GoldCase]) -> None:
    for case in cases:
        prompt = case.as_prompt()
        assert detect(case.text, prompt) == detect(case.text, prompt, full_scan=True), case.id


def test_every_cue_match_satisfies_a_derived_requirement(cases: list[GoldCase]) -> None:
    """The prefilter's premise, checked on every match of every alternative of every cue
    in the gold texts: the match satisfies a requirement of its own alternative (the
    detector searches only the alternatives a sentence triggers)."""
    missing = []
    for case in cases:
        masked = analysis_text(case.text)
        lowered = masked.lower()
        if len(lowered) != len(masked):
            continue  # offsets would differ; the detector keeps such characters as they are
        for cue in all_cues():
            if cue.pattern.search(masked) is None:
                continue  # no alternative matches anywhere in this text
            for i, alternative in enumerate(cue.alternatives):
                for m in alternative.finditer(masked):
                    if m.end() > m.start() and not needles_fire(
                        cue, lowered, m.start(), m.end(), i
                    ):
                        missing.append((case.id, cue.id, i, m.group(0)))
    assert missing == []


def _sentences(text: str) -> list[str]:
    parts = re.split(r"(?<=[.!?…:])\s+|\n+", text)
    return [" ".join(p.split()) for p in parts if len(p.split()) >= 8]


@cache
def _detector_source() -> str:
    """The detector's source and cue files, white space collapsed (read once per run)."""
    return " ".join(
        " ".join(path.read_text(encoding="utf-8").split())
        for path in sorted([*SOURCE_DIR.glob("*.py"), *SOURCE_DIR.glob("cue_data/*.toml")])
    )


@cache
def _source_trigrams() -> frozenset[tuple[str, ...]]:
    words = _detector_source().split(" ")
    return frozenset(zip(words, words[1:], words[2:], strict=False))


def test_no_gold_sentence_appears_in_the_detector_source(cases: list[GoldCase]) -> None:
    source = _detector_source()
    trigrams = _source_trigrams()
    # (a sentence inside the source has its second to fourth words as whole words there:
    # only those sentences are searched for)
    leaked = [
        s
        for c in cases
        for s in _sentences(c.text)
        if tuple(s.split(" ")[1:4]) in trigrams and s in source
    ]
    assert leaked == []


USED_SETS = (
    "evasion_holdout.jsonl",
    "evasion_holdout2.jsonl",
    "evasion_holdout3.jsonl",
    "evasion_holdout4.jsonl",
    "evasion_dev5.jsonl",
    "evasion_holdout5.jsonl",
    "evasion_holdout6.jsonl",
    "evasion_holdout7.jsonl",
    "evasion_dev6.jsonl",
    "evasion_holdout8.jsonl",
    "evasion_holdout9.jsonl",
    "evasion_holdout10.jsonl",
    "evasion_holdout11.jsonl",
    "evasion_holdout12.jsonl",
    "evasion_holdout13.jsonl",
    "evasion_holdout14.jsonl",
    "evasion_holdout15.jsonl",
    "evasion_holdout16.jsonl",
    "evasion_holdout17.jsonl",
    "evasion_holdout18.jsonl",
    "evasion_holdout19.jsonl",
    "evasion_holdout20.jsonl",
    "evasion_holdout21.jsonl",
    "evasion_holdout22.jsonl",
    "evasion_holdout23.jsonl",
    "evasion_holdout24.jsonl",
    "evasion_holdout25.jsonl",
    "evasion_holdout26.jsonl",
    "evasion_holdout27.jsonl",
    "evasion_holdout28.jsonl",
    "evasion_holdout29.jsonl",
    "evasion_holdout30.jsonl",
    "evasion_holdout31.jsonl",
    "evasion_holdout32.jsonl",
    "evasion_holdout33.jsonl",
    "evasion_holdout34.jsonl",
    "evasion_holdout35.jsonl",
    "evasion_holdout36.jsonl",
    "evasion_holdout37.jsonl",
    "evasion_holdout38.jsonl",
    "evasion_holdout39.jsonl",
    "evasion_holdout40.jsonl",
    "evasion_holdout41.jsonl",
    "evasion_holdout42.jsonl",
    "evasion_holdout43.jsonl",
    "evasion_holdout44.jsonl",
    "evasion_holdout45.jsonl",
)
"""Held-out sets that have been development data since the fixes they prompted: each is
now a regression gate (see ``gold.py`` for the first-look scores, the estimates)."""


@pytest.fixture(scope="module", params=USED_SETS)
def used_set(request: pytest.FixtureRequest) -> list[GoldCase]:
    return load_gold(EVASION_DATA / request.param)


def test_used_held_out_sets_are_regression_gates(used_set: list[GoldCase]) -> None:
    report = score(used_set, "all")
    assert report.targets_met, report.misses


def test_no_used_set_sentence_appears_in_the_detector_source(used_set: list[GoldCase]) -> None:
    test_no_gold_sentence_appears_in_the_detector_source(used_set)
