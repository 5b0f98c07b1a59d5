"""One library call per judging command: load the files, run the stage, write its output.

The command line calls exactly one function here per command and renders what it returns.
The model server arrives as a :class:`~codeeval.chat.ChatModel` (tests pass one; the
command line opens the OpenAI-compatible client).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from codeeval.chat import ChatModel
from codeeval.judge.agreement import CriterionAgreement, Statistic, compare
from codeeval.judge.blind import BlindManifest, import_sheets, make_blind, write_scores
from codeeval.judge.calibrate import Calibration, calibrate, load_examples
from codeeval.judge.composite import Verdict, verdicts, write_verdicts
from codeeval.judge.records import all_scores, load_outcomes, load_texts
from codeeval.judge.run import JudgeOptions, JudgeSummary, judge, write_suggestions
from codeeval.rubrics import load_rubrics
from codeeval.samples import BadInput


@dataclass
class JudgeRun:
    summary: JudgeSummary
    texts: int
    suggestions: int
    bad_inputs: list[BadInput] = field(default_factory=list)


def judge_files(
    samples: Path,
    prompts: Path,
    chat: ChatModel,
    opts: JudgeOptions,
    *,
    results: Path | None = None,
    rubrics_dir: Path | None = None,
    progress: Callable[[int], None] | None = None,
    total: Callable[[int], None] | None = None,
    stop: threading.Event | None = None,
) -> JudgeRun:
    """``codeeval judge run``: suggestions (with ``--results``) and the judge's scores."""
    rubrics = load_rubrics(rubrics_dir)
    texts, bad = load_texts(samples, prompts, results)
    if total is not None:
        per_text = {
            r.id: len([c for c in r.criteria if not opts.criteria or c.id in opts.criteria])
            for r in rubrics.values()
        }
        total(sum(per_text.get(opts.rubric or t.prompt.domain, 6) for t in texts))
    suggestions = write_suggestions(texts, rubrics, opts.out) if results else 0
    summary = judge(texts, chat, rubrics, opts, progress=progress, stop=stop)
    return JudgeRun(summary=summary, texts=len(texts), suggestions=suggestions, bad_inputs=bad)


def blind_files(
    samples: Path,
    prompts: Path,
    out: Path,
    *,
    key: Path | None,
    fraction: float,
    seed: int | None,
    fmt: str,
    rubric: str | None,
    rubrics_dir: Path | None = None,
) -> tuple[BlindManifest, Path, list[BadInput]]:
    """``codeeval blind make``."""
    rubrics = load_rubrics(rubrics_dir)
    texts, bad = load_texts(samples, prompts)
    manifest, key_path = make_blind(
        texts,
        rubrics,
        out,
        key,
        fraction=fraction,
        seed=seed,
        fmt="md" if fmt == "md" else "csv",
        rubric=rubric,
    )
    return manifest, key_path, bad


def import_files(
    blind_dir: Path,
    key: Path,
    sheets: list[Path],
    rater: str,
    out: Path,
    *,
    results: Path | None = None,
    rubrics_dir: Path | None = None,
) -> int:
    """``codeeval blind import``: all sheets validated before anything is written."""
    scores = import_sheets(
        blind_dir, key, sheets, rater, load_rubrics(rubrics_dir), load_outcomes(results)
    )
    write_scores(scores, out)
    return len(scores)


def agreement_files(
    first: list[Path],
    second: list[Path],
    *,
    threshold: float,
    statistic: Statistic,
    reps: int,
    seed: int = 0,
) -> list[CriterionAgreement]:
    """``codeeval judge agreement``."""
    return compare(
        all_scores(first),
        all_scores(second),
        threshold=threshold,
        statistic=statistic,
        reps=reps,
        seed=seed,
    )


def verdict_files(
    scores: list[Path], out: Path, *, rubric: str = "quality", rubrics_dir: Path | None = None
) -> tuple[list[Verdict], Path, int]:
    """``codeeval judge verdicts``: composites, verdicts and the review queue."""
    found = verdicts(load_rubrics(rubrics_dir)[rubric], all_scores(scores))
    queue, added = write_verdicts(found, out)
    return found, queue, added


def calibrate_file(
    path: Path,
    chat: ChatModel,
    *,
    threshold: float,
    statistic: Statistic,
    concurrency: int,
    reps: int = 1000,
    rubrics_dir: Path | None = None,
) -> Calibration:
    """``codeeval judge calibrate``."""
    rubrics = load_rubrics(rubrics_dir)
    return calibrate(
        load_examples(path, rubrics),
        chat,
        rubrics,
        threshold=threshold,
        statistic=statistic,
        concurrency=concurrency,
        reps=reps,
    )
