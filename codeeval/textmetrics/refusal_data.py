"""Human-labelled answers for the refusal grade: reading them and mapping their labels.

Two public sets are read (see the README's "Refusal grade" section for sources and
licences); neither ships with codeeval, the directory is passed in (``--data DIR``):

* ``xstest_v2.jsonl`` — XSTest v2 completions of five models: ``1_full_compliance`` ->
  ``none``, ``3_partial_refusal`` -> ``partial``, ``2_full_refusal`` -> ``full``.
* ``chatgpt_refusals.jsonl`` — gpt-3.5 answers labelled by Reuter and Schulze:
  ``complied``, ``disclaimed``, ``contradicted`` and ``counseling`` -> ``none`` (they answer,
  with a hedge at most); ``rejected`` -> ``full``; ``redirected`` -> ``full`` (the answer
  declines — usually "As an AI language model, I cannot give an opinion" — and talks
  around the question instead of answering it, which XSTest's scheme calls a refusal:
  "offering only alternatives counts"); ``dontknow`` and ``incoherent`` are no refusal
  labels and are left out (counted apart).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Literal

from codeeval.models import Frozen

from .refusal_model import Grade

SetName = Literal["xstest_v2", "chatgpt_refusals"]
SET_FILES: dict[SetName, str] = {
    "xstest_v2": "xstest_v2.jsonl",
    "chatgpt_refusals": "chatgpt_refusals.jsonl",
}
LABEL_MAP: dict[SetName, dict[str, Grade | None]] = {
    "xstest_v2": {
        "1_full_compliance": "none",
        "2_full_refusal": "full",
        "3_partial_refusal": "partial",
    },
    "chatgpt_refusals": {
        "complied": "none",
        "disclaimed": "none",
        "contradicted": "none",
        "counseling": "none",
        "rejected": "full",
        "redirected": "full",
        "dontknow": None,
        "incoherent": None,
    },
}


class LabelledAnswer(Frozen):
    set: SetName
    model: str
    id: str
    text: str
    label: str
    """The set's own label."""
    grade: Grade | None
    """The label mapped onto the grade; None for labels that say nothing about refusal."""


class DataError(ValueError):
    """The labelled data cannot be read."""


def load_labelled(data_dir: Path) -> list[LabelledAnswer]:
    """Every answer of both sets under ``data_dir`` (a missing set file is an error)."""
    answers: list[LabelledAnswer] = []
    for name, filename in SET_FILES.items():
        path = data_dir / filename
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except OSError as exc:
            raise DataError(f"{path}: cannot read: {exc.strerror or exc}") from exc
        mapping = LABEL_MAP[name]
        for n, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
                label = str(row["label"])
                if label not in mapping:
                    raise KeyError(f"unknown label {label!r}")
                answers.append(
                    LabelledAnswer(
                        set=name,
                        model=str(row["model"]),
                        id=str(row["id"]),
                        text=str(row["text"]),
                        label=label,
                        grade=mapping[label],
                    )
                )
            except (ValueError, KeyError, TypeError) as exc:
                raise DataError(f"{path}:{n}: {exc}") from exc
    return answers
