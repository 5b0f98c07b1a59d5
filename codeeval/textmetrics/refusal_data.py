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

import csv
import json
from pathlib import Path
from typing import Literal

from codeeval.models import Frozen

from .refusal_model import Grade

SetName = Literal["xstest_v2", "chatgpt_refusals", "do_not_answer"]
DevSetName = Literal["xstest_v2", "chatgpt_refusals"]
SET_FILES: dict[DevSetName, str] = {
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
    "do_not_answer": {
        "action_0": "full",
        "action_1": None,
        "action_2": "none",
        "action_3": "none",
        "action_4": None,
        "action_5": "none",
    },
}
UNSEEN_GLOB = "annotated_response_*.csv"
"""The Do-Not-Answer human review files, one per model."""


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


def _labelled(
    name: SetName, model: object, ident: object, text: object, label: str, seen: str
) -> LabelledAnswer:
    """One answer of set ``name`` with its label mapped by ``LABEL_MAP[name]``; a label the
    map does not know raises ``KeyError`` naming what the file said (``seen``)."""
    mapping = LABEL_MAP[name]
    if label not in mapping:
        raise KeyError(f"unknown {seen}")
    return LabelledAnswer(
        set=name, model=str(model), id=str(ident), text=str(text), label=label, grade=mapping[label]
    )


def load_labelled(data_dir: Path) -> list[LabelledAnswer]:
    """Every answer of both sets under ``data_dir`` (a missing set file is an error)."""
    answers: list[LabelledAnswer] = []
    for name, filename in SET_FILES.items():
        path = data_dir / filename
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except OSError as exc:
            raise DataError(f"{path}: cannot read: {exc.strerror or exc}") from exc
        for n, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
                label = str(row["label"])
                answers.append(
                    _labelled(name, row["model"], row["id"], row["text"], label, f"label {label!r}")
                )
            except (ValueError, KeyError, TypeError) as exc:
                raise DataError(f"{path}:{n}: {exc}") from exc
    return answers


def load_unseen(data_dir: Path) -> list[LabelledAnswer]:
    """Do-Not-Answer's human-reviewed answers under ``data_dir`` (one CSV per model).

    The model name is the file name's tail (``annotated_response_GPT4.csv`` -> ``GPT4``);
    the label is ``action_<n>``, mapped by ``LABEL_MAP["do_not_answer"]``.
    """
    files = sorted(data_dir.glob(UNSEEN_GLOB))
    if not files:
        raise DataError(f"{data_dir}: no {UNSEEN_GLOB} files (Do-Not-Answer's human reviews)")
    answers: list[LabelledAnswer] = []
    for path in files:
        model = path.stem.removeprefix("annotated_response_")
        try:
            with path.open(encoding="utf-8", newline="") as handle:
                rows = list(csv.DictReader(handle))
        except (OSError, UnicodeDecodeError, csv.Error) as exc:
            raise DataError(f"{path}: cannot read: {exc}") from exc
        for n, row in enumerate(rows, 2):
            try:
                label = f"action_{int(row['action'])}"
                answers.append(
                    _labelled(
                        "do_not_answer",
                        model,
                        row["id"],
                        row["response"],
                        label,
                        f"action {row['action']!r}",
                    )
                )
            except (ValueError, KeyError, TypeError) as exc:
                raise DataError(f"{path}:{n}: {exc}") from exc
    return answers
