"""Small inputs for the judging tests: prompts, samples, and reading the judge's prompt."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

PROMPTS = {
    "story": 'id = "story"\ndomain = "prose"\nprompt = "Write a short story about a harbour."\n',
    "toast": 'id = "toast"\ndomain = "speech"\nprompt = "Write a wedding toast."\n',
    "slug": (
        'id = "slug"\ndomain = "coding"\nmodule = "slug.py"\n'
        'prompt = "Write slug.py with slugify(text) and pytest tests."\n'
    ),
}


def write_prompts(tmp: Path, ids: tuple[str, ...] = ("story", "toast")) -> Path:
    d = tmp / "prompts"
    d.mkdir(exist_ok=True)
    for i in ids:
        (d / f"{i}.toml").write_text(PROMPTS[i])
    return d


def write_samples(tmp: Path, rows: list[dict[str, Any]], name: str = "samples.jsonl") -> Path:
    path = tmp / name
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def sample(model: str, prompt_id: str, run: int, text: str, **extra: Any) -> dict[str, Any]:
    return {"model": model, "prompt_id": prompt_id, "run": run, "text": text, **extra}


def criterion_of(body: dict[str, Any]) -> str:
    user = body["messages"][-1]["content"]
    m = re.search(r"^Criterion: (.+)$", user, re.MULTILINE)
    assert m, user
    return m.group(1)


def text_of(body: dict[str, Any]) -> str:
    user = body["messages"][-1]["content"]
    return user.split("<text>\n", 1)[1].split("\n</text>", 1)[0]


def scored(value: object, reason: str = "as the anchors say") -> str:
    return json.dumps({"score": value, "declined": False, "reason": reason})
