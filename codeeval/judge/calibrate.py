"""``codeeval judge calibrate``: how a judge scores texts people already scored.

A calibration file is JSON Lines, one human-scored example per line::

    {"id": "prose-01", "rubric": "prose", "criterion": "show_dont_tell",
     "task": "Write a short story …", "text": "…", "score": 2}

Every example is judged afresh (no cache) and the judge's scores are compared with the
people's per criterion (:func:`codeeval.judge.agreement.compare`); a criterion the judge
does not meet the threshold on is flagged, and the judge should not be trusted there yet.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from pydantic import ValidationError

from codeeval.chat import ChatModel
from codeeval.errors import InputError
from codeeval.judge import prompting
from codeeval.judge.agreement import CriterionAgreement, Statistic, compare
from codeeval.models import Frozen, SampleKey
from codeeval.rubrics import Rubric
from codeeval.scoring import JudgeTrace, Score, make_score


class Example(Frozen):
    id: str
    rubric: str
    criterion: str
    task: str
    text: str
    score: int


@dataclass
class Calibration:
    agreement: list[CriterionAgreement]
    judge: list[Score]
    people: list[Score]


def load_examples(path: Path, rubrics: dict[str, Rubric]) -> list[Example]:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"{path}: cannot read ({exc})") from exc
    out: list[Example] = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            ex = Example.model_validate_json(line)
        except ValidationError as exc:
            msg = exc.errors()[0]["msg"]
            raise InputError(f"{path}:{number}: not a calibration example ({msg})") from exc
        rubric = rubrics.get(ex.rubric)
        if rubric is None or ex.criterion not in {c.id for c in rubric.criteria}:
            raise InputError(f"{path}:{number}: unknown criterion {ex.rubric}/{ex.criterion}")
        lo, hi = rubric.bounds(rubric.criterion(ex.criterion))
        if not lo <= ex.score <= hi:
            raise InputError(f"{path}:{number}: score {ex.score} outside {lo}–{hi}")
        out.append(ex)
    if not out:
        raise InputError(f"{path}: no calibration examples")
    return out


def calibrate(
    examples: list[Example],
    chat: ChatModel,
    rubrics: dict[str, Rubric],
    *,
    threshold: float,
    statistic: Statistic,
    concurrency: int = 2,
    reps: int = 1000,
) -> Calibration:
    identity = chat.identity()

    def one(ex: Example) -> tuple[Score, Score]:
        rubric = rubrics[ex.rubric]
        criterion = rubric.criterion(ex.criterion)
        key = SampleKey(model="calibration", prompt_id=ex.id, run=1)
        prompt = prompting.build_prompt(rubric, criterion, ex.task, ex.text)
        completion = chat.complete(prompting.request(rubric, criterion, prompt))
        reading = prompting.read_reply(completion, criterion)
        trace = JudgeTrace(
            prompt=prompt,
            raw_reply=completion.text if completion.text is not None else completion.raw,
            judge=identity.requested,
            judge_weights=identity.weights,
            served_model=completion.served_model,
            reply_format=completion.reply_format,
            latency_s=completion.latency_s,
        )
        judged = make_score(
            rubric,
            ex.criterion,
            key,
            rater_kind="judge",
            rater=identity.requested,
            value=reading.value,
            reason=reading.reason,
            trace=trace,
        )
        person = make_score(
            rubric, ex.criterion, key, rater_kind="person", rater="calibration", value=ex.score
        )
        return judged, person

    with ThreadPoolExecutor(max_workers=max(1, concurrency)) as pool:
        pairs = list(pool.map(one, examples))
    judge_scores = [p[0] for p in pairs]
    people = [p[1] for p in pairs]
    agreement = compare(judge_scores, people, threshold=threshold, statistic=statistic, reps=reps)
    return Calibration(agreement=agreement, judge=judge_scores, people=people)
