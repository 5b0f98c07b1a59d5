"""The LLM judge for the refusal grade's uncertain band (``codeeval judge refusal``).

The refusal grade (:mod:`codeeval.textmetrics.refusal`) comes from a small learned model.
Where its most likely grade is not likely enough (below ``band`` in
``codeeval/data/refusal_judge.toml``), a user with an OpenAI-compatible endpoint can let
an LLM judge decide: it sees the prompt and the answer, at temperature 0, and replies with
a JSON object ``{"grade": …}``. A reply that cannot be read as one of the three grades is
``unscored`` and the model's grade stands, marked as such: never a guess. Every judgment
keeps the exact request, the raw reply and the judge's identity; the judge is refused when
it is one of the judged models (as for every judge in codeeval).
"""

from __future__ import annotations

import json
import threading
import tomllib
from collections import Counter
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Literal

from pydantic import Field, ValidationError

from codeeval.chat import ChatModel, ChatRequest, Completion, Message
from codeeval.errors import RubricError, StoreError
from codeeval.judge.identity import check_not_self, judged_models
from codeeval.judge.records import LineWriter, Text, read_lines
from codeeval.models import Frozen
from codeeval.textmetrics.records import RefusalGrade, RefusalLevel
from codeeval.textmetrics.refusal import grade as refusal_grade

JUDGMENTS = "refusal_judgments.jsonl"
GRADES: tuple[RefusalLevel, ...] = ("none", "partial", "full")
_SCHEMA = {
    "type": "object",
    "properties": {"grade": {"type": "string", "enum": list(GRADES)}},
    "required": ["grade"],
    "additionalProperties": False,
}


class RefusalJudgeConfig(Frozen):
    """``codeeval/data/refusal_judge.toml``: the band and what the judge is told."""

    band: float = Field(gt=0.0, le=1.0)
    instructions: str = Field(min_length=20)


def load_config(path: Path | None = None) -> RefusalJudgeConfig:
    """The shipped configuration, or the file at ``path``.

    Raises:
        RubricError: the file is missing, not TOML, or not a valid configuration.
    """
    try:
        if path is None:
            raw = resources.files("codeeval").joinpath("data/refusal_judge.toml").read_text()
            where = "codeeval/data/refusal_judge.toml"
        else:
            raw, where = path.read_text(encoding="utf-8"), str(path)
        return RefusalJudgeConfig.model_validate(tomllib.loads(raw))
    except (OSError, tomllib.TOMLDecodeError, ValidationError) as exc:
        raise RubricError(
            f"{where}: not a valid refusal-judge file: {exc}",
            hint="it needs band (0 < band <= 1) and instructions",
        ) from exc


def uncertain(g: RefusalGrade, band: float) -> bool:
    """A grade of the learned model whose most likely grade is less likely than ``band``."""
    return g.decided_by == "model" and max(g.p_none, g.p_partial, g.p_full) < band


def build_request(config: RefusalJudgeConfig, prompt: str, answer: str) -> ChatRequest:
    user = f"{config.instructions.strip()}\n\n<request>\n{prompt}\n</request>\n\n"
    user += f"<answer>\n{answer}\n</answer>"
    return ChatRequest(
        messages=(Message(role="user", content=user),),
        temperature=0.0,
        max_tokens=20,
        json_schema=_SCHEMA,
    )


def read_reply(completion: Completion) -> RefusalLevel | None:
    """The grade a reply gives, or None when it gives none unambiguously."""
    text = (completion.text or "").strip()
    if not text:
        return None
    if text.startswith("```"):
        text = text.strip("`").removeprefix("json").strip()
    try:
        data = json.loads(text)
    except ValueError:
        data = text
    if isinstance(data, str):  # a bare word, quoted or not
        word = data.strip(" .\"'").lower()
        return word if word in GRADES else None
    value = data.get("grade") if isinstance(data, dict) else None
    return value if isinstance(value, str) and value in GRADES else None


class RefusalJudgment(Frozen):
    """One uncertain grade and what the judge made of it."""

    model: str
    prompt_id: str
    run: int
    model_grade: RefusalLevel
    p_top: float
    status: Literal["judged", "unscored"]
    judged: RefusalLevel | None = None
    """The judge's grade; None when its reply could not be read."""
    final: RefusalLevel
    """The judge's grade when judged, else the model's."""
    judge: str
    request: str
    reply: str | None
    error: str | None = None


@dataclass
class RefusalJudgeSummary:
    texts: int = 0
    uncertain: int = 0
    resumed: int = 0
    judged: int = 0
    unscored: int = 0
    changed: Counter[tuple[str, str]] = field(default_factory=Counter)
    out: Path | None = None


def _done(path: Path) -> set[tuple[str, str, int]]:
    if not path.exists():
        return set()
    return {
        (j.model, j.prompt_id, j.run)
        for j in read_lines(path, RefusalJudgment, "refusal judgment", StoreError)
    }


def judge_refusals(
    texts: Iterable[Text],
    chat: ChatModel,
    out: Path,
    *,
    config: RefusalJudgeConfig | None = None,
    aliases: Iterable[tuple[str, str]] = (),
    concurrency: int = 2,
    progress: Callable[[int], None] | None = None,
    stop: threading.Event | None = None,
) -> RefusalJudgeSummary:
    """Let ``chat`` decide every uncertain refusal grade of ``texts``; append to
    ``out/refusal_judgments.jsonl`` (resumed: judged samples are not asked again).

    Raises:
        SelfJudgingRefused: the judge is one of the judged models.
        StoreError: the judgments file cannot be read or written.
    """
    cfg = config or load_config()
    items = list(texts)
    identity = chat.identity()
    check_not_self(identity, judged_models(t.sample for t in items), aliases)
    path = out / JUDGMENTS
    done = _done(path)
    summary = RefusalJudgeSummary(texts=len(items), out=path)
    todo: list[tuple[Text, RefusalGrade]] = []
    for t in items:
        g = refusal_grade(t.sample.text)
        if not uncertain(g, cfg.band):
            continue
        summary.uncertain += 1
        if (t.sample.model, t.sample.prompt_id, t.sample.run) in done:
            summary.resumed += 1
        else:
            todo.append((t, g))
    writer = LineWriter(path)
    lock = threading.Lock()

    def one(item: tuple[Text, RefusalGrade]) -> None:
        if stop is not None and stop.is_set():
            return
        t, g = item
        request = build_request(cfg, t.prompt.prompt, t.sample.text)
        completion = chat.complete(request)
        judged = read_reply(completion)
        p_top = max(g.p_none, g.p_partial, g.p_full)
        record = RefusalJudgment(
            model=t.sample.model,
            prompt_id=t.sample.prompt_id,
            run=t.sample.run,
            model_grade=g.grade,
            p_top=p_top,
            status="judged" if judged is not None else "unscored",
            judged=judged,
            final=judged if judged is not None else g.grade,
            judge=identity.label(),
            request=request.messages[0].content,
            reply=completion.text,
            error=completion.error,
        )
        writer.write(record.model_dump_json())
        with lock:
            if judged is None:
                summary.unscored += 1
            else:
                summary.judged += 1
                if judged != g.grade:
                    summary.changed[(g.grade, judged)] += 1
        if progress is not None:
            progress(1)

    try:
        with ThreadPoolExecutor(max(1, concurrency)) as pool:
            for _ in pool.map(one, todo):
                pass
    finally:
        writer.close()
    return summary
