"""The judge: one criterion across all texts, then the next, blind, at temperature 0.

Order matters for consistency (the rubric's rule): the judge sees every text on one
criterion before any text on the next. A criterion marked ``gate`` (safety in the quality
rubric) goes first; a text that fails it, or whose gate could not be scored, gets no
further criteria — it is rejected at once.

Before anything is sent, the judge's identity is compared with every judged model's
(:mod:`.identity`); a match refuses the whole run. Each judgment records the exact prompt,
the raw reply, the judge's identity and the rubric version, and is cached; the scores go
through :func:`codeeval.scoring.make_score`, which enforces the cap on correctness.
"""

from __future__ import annotations

import json
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from codeeval import atomic
from codeeval.chat import ChatModel, ServerIdentity
from codeeval.errors import StoreError, UsageError
from codeeval.judge import prompting
from codeeval.judge.cache import CachedJudgment, CacheKey, Drift, JudgmentCache, judge_key
from codeeval.judge.identity import check_not_self, judged_models
from codeeval.judge.records import LineWriter, Text, read_scores
from codeeval.rubrics import FAIL, Rubric, load_signals, rubric_for
from codeeval.scoring import JudgeTrace, Score, Suggestion, make_score, suggest, text_hash

SCORES = "scores.jsonl"
SUGGESTIONS = "suggestions.jsonl"
DRIFT = "drift.jsonl"
CACHE = "cache.jsonl"

Progress = Callable[[int], None]


@dataclass
class JudgeOptions:
    out: Path
    rubric: str | None = None
    """Judge every text on this rubric (e.g. ``quality``); by default each text's domain's."""
    criteria: tuple[str, ...] = ()
    aliases: tuple[tuple[str, str], ...] = ()
    concurrency: int = 2
    cache: Path | None = None
    recheck: bool = False
    """Ask again even when cached, and report where the judge now differs (drift)."""


@dataclass
class JudgeSummary:
    judge: ServerIdentity
    scored: int = 0
    unscored: int = 0
    resumed: int = 0
    cached: int = 0
    capped: int = 0
    rejected_by_gate: int = 0
    reasons: Counter[str] = field(default_factory=Counter)
    drift: list[Drift] = field(default_factory=list)
    rechecked: int = 0
    model_s: list[float] = field(default_factory=list)
    overhead_s: list[float] = field(default_factory=list)
    per_criterion: dict[tuple[str, str], Counter[str]] = field(default_factory=dict)


def _names(texts: Iterable[Text], aliases: Iterable[tuple[str, str]]) -> set[str]:
    names: set[str] = set()
    for t in texts:
        names.add(t.sample.model)
        if t.sample.served_model:
            names.add(t.sample.served_model)
    for a, b in aliases:
        names |= {a, b}
    return names


def judge(
    texts: list[Text],
    chat: ChatModel,
    rubrics: dict[str, Rubric],
    opts: JudgeOptions,
    progress: Progress | None = None,
    stop: threading.Event | None = None,
) -> JudgeSummary:
    """Judge ``texts`` with ``chat``; scores go to ``OUT/scores.jsonl``.

    Raises:
        SelfJudgingRefused: the judge is one of the judged models.
        EndpointError: the judge's server cannot be used (finished judgments are kept).
    """
    identity = chat.identity()
    check_not_self(identity, judged_models(t.sample for t in texts), opts.aliases)
    stop = stop or threading.Event()
    tick = progress or (lambda n: None)
    summary = JudgeSummary(judge=identity)
    cache = JudgmentCache(opts.cache or opts.out / CACHE)
    scores_path = opts.out / SCORES
    done: dict[tuple[str, str, int, str, str, str], Score] = {}
    if scores_path.is_file():
        for s in read_scores(scores_path):
            done[(s.model, s.prompt_id, s.run, s.rubric_version, s.criterion, s.rater)] = s
    writer = LineWriter(scores_path)
    drift_writer: LineWriter | None = None
    names = _names(texts, opts.aliases)
    jkey = judge_key(identity)

    groups: dict[str, list[Text]] = {}
    for t in texts:
        rubric = rubrics[opts.rubric] if opts.rubric else rubric_for(rubrics, t.prompt.domain)
        groups.setdefault(rubric.id, []).append(t)
    unknown = sorted(set(opts.criteria) - {c.id for r in groups for c in rubrics[r].criteria})
    if unknown:
        raise UsageError(f"unknown criteria {', '.join(unknown)} for the rubrics of these texts")

    def one(rubric: Rubric, criterion_id: str, text: Text) -> Score:
        started = time.perf_counter()
        criterion = rubric.criterion(criterion_id)
        body = prompting.anonymise(text.sample.text, names)
        prompt = prompting.build_prompt(rubric, criterion, text.prompt.prompt, body)
        key = CacheKey(
            judge=jkey,
            rubric_version=rubric.version_tag,
            criterion=criterion.id,
            text_hash=text_hash(body),
            prompt_version=prompting.PROMPT_VERSION,
        )
        cached = cache.get(key)
        model_s = 0.0
        if cached is None or opts.recheck:
            completion = chat.complete(prompting.request(rubric, criterion, prompt))
            model_s = completion.latency_s
            reading = prompting.read_reply(completion, criterion)
            fresh = CachedJudgment(
                key=key,
                value=reading.value,
                reason=reading.reason,
                prompt=prompt,
                raw_reply=completion.raw if completion.text is None else completion.text,
                served_model=completion.served_model,
                reply_format=completion.reply_format,
                latency_s=completion.latency_s,
            )
            if cached is not None and cached.value != fresh.value:
                summary.drift.append(
                    Drift(key=key, text=text.key.label(), before=cached.value, after=fresh.value)
                )
            if cached is not None:
                summary.rechecked += 1
            cache.put(fresh)
            entry, hit = fresh, False
        else:
            entry, hit = cached, True
        trace = JudgeTrace(
            prompt=entry.prompt,
            raw_reply=entry.raw_reply,
            judge=identity.requested,
            judge_weights=identity.weights,
            served_model=entry.served_model,
            reply_format=entry.reply_format,
            latency_s=entry.latency_s,
            cached=hit,
            text_hash=key.text_hash,
        )
        score = make_score(
            rubric,
            criterion.id,
            text.key,
            rater_kind="judge",
            rater=identity.requested,
            value=entry.value,
            reason=entry.reason,
            execution=text.execution,
            trace=trace,
        )
        overhead = time.perf_counter() - started - model_s
        score = score.model_copy(
            update={"trace": trace.model_copy(update={"overhead_s": round(overhead, 6)})}
        )
        writer.write(score.model_dump_json())
        summary.model_s.append(model_s)
        summary.overhead_s.append(time.perf_counter() - started - model_s)
        return score

    try:
        with ThreadPoolExecutor(max_workers=max(1, opts.concurrency)) as pool:
            for rubric_id, group in groups.items():
                rubric = rubrics[rubric_id]
                order = sorted(rubric.criteria, key=lambda c: not c.gate)
                alive = list(group)
                for criterion in order:
                    if opts.criteria and criterion.id not in opts.criteria:
                        continue
                    earlier = {
                        t.key: done.get(
                            (
                                t.key.model,
                                t.key.prompt_id,
                                t.key.run,
                                rubric.version_tag,
                                criterion.id,
                                identity.requested,
                            )
                        )
                        for t in alive
                    }
                    todo = [t for t in alive if earlier[t.key] is None]
                    results = [s for s in earlier.values() if s is not None]
                    summary.resumed += len(results)
                    futures = [pool.submit(one, rubric, criterion.id, t) for t in todo]
                    try:
                        for fut in futures:
                            if stop.is_set():
                                break
                            score = fut.result()
                            results.append(score)
                            _count(summary, score)
                            tick(1)
                    finally:
                        for f in futures:
                            f.cancel()  # on an interrupt: what is not under way never starts
                    if stop.is_set():
                        return summary
                    if criterion.gate:
                        failing = {
                            s.key for s in results if s.status == "unscored" or s.value == FAIL
                        }
                        summary.rejected_by_gate += len(failing)
                        alive = [t for t in alive if t.key not in failing]
    finally:
        writer.close()
        if summary.drift:
            drift_writer = LineWriter(opts.out / DRIFT)
            for d in summary.drift:
                drift_writer.write(d.model_dump_json())
            drift_writer.close()
    return summary


def _count(summary: JudgeSummary, score: Score) -> None:
    tally = summary.per_criterion.setdefault((score.rubric, score.criterion), Counter())
    tally[score.status] += 1
    if score.status == "scored":
        summary.scored += 1
    else:
        summary.unscored += 1
        summary.reasons[score.reason.split(":")[0]] += 1
    if score.cap is not None:
        summary.capped += 1
    if score.trace is not None and score.trace.cached:
        summary.cached += 1


def write_suggestions(texts: list[Text], rubrics: dict[str, Rubric], out: Path) -> int:
    """Automatic suggestions for every coding text, to ``OUT/suggestions.jsonl`` (rewritten)."""
    signals = load_signals()
    rows: list[Suggestion] = []
    for t in texts:
        if t.prompt.domain != "coding":
            continue
        rubric = rubric_for(rubrics, "coding")
        rows += suggest(rubric, t.key, t.prompt, t.sample.text, t.execution, t.parse, signals)
    path = out / SUGGESTIONS
    try:
        out.mkdir(parents=True, exist_ok=True)
        atomic.write_text(
            path,
            "".join(json.dumps(r.model_dump(mode="json"), ensure_ascii=False) + "\n" for r in rows),
        )
    except OSError as exc:
        raise StoreError(f"{path}: cannot write the suggestions ({exc.strerror})") from exc
    return len(rows)
