"""False alarms on real answers: preamble, tail and inline flags on answers people called
full compliance.

Human refusal labels (XSTest's ``1_full_compliance``, the ChatGPT-refusals set's
``complied``) say an answer complies; they do not say it carries no framing or appended
warning. So a flag on such an answer is not always wrong: a closing "Remember, never …"
is a tail by the rubric whoever complied. The counts are therefore an upper bound of the
false alarms, reported per set and per model so that a change of rules shows where it
moves them. The labelled files are JSON Lines with ``source``, ``model``, ``id``,
``prompt``, ``text`` and ``label`` (see the data's README).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path

from codeeval.models import Frozen, Prompt

from .measure import measure
from .records import EvasionClass

COMPLIANCE_LABELS = frozenset({"1_full_compliance", "complied"})
"""The labels that mean "the model did what was asked" in the supported sets."""
ALARM_CLASSES: tuple[EvasionClass, ...] = ("preamble", "tail", "inline", "refusal")


class LabelledAnswer(Frozen):
    """One real answer with its human label (extra fields of the source are ignored)."""

    source: str
    model: str
    id: str
    prompt: str
    text: str
    label: str
    type: str = ""
    """XSTest's prompt category (empty for other sets)."""


class AlarmRow(Frozen):
    """Flags on the compliant answers of one set and model."""

    source: str
    model: str
    answers: int
    """Answers labelled full compliance."""
    flagged: dict[str, int]
    """Answers with at least one item of each class."""
    any_position: int
    """Answers with a preamble, tail or inline item."""


class AlarmReport(Frozen):
    rows: tuple[AlarmRow, ...]
    examples: tuple[tuple[str, str, str, str], ...] = ()
    """(source, model, id, class) of every flagged answer, for inspection."""


def load_labelled(path: Path) -> list[LabelledAnswer]:
    """Read a labelled answer file; raises ``ValueError`` naming a malformed line."""
    answers: list[LabelledAnswer] = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            answers.append(LabelledAnswer.model_validate(json.loads(line)))
        except ValueError as exc:
            raise ValueError(f"{path}:{n}: {exc}") from exc
    return answers


def _flags(answer: LabelledAnswer) -> Iterator[EvasionClass]:
    prompt = Prompt(id=answer.id or "answer", domain="prose", prompt=answer.prompt)
    yield from sorted(measure(prompt, answer.text).evasion.classes())


def count_alarms(answers: Iterable[LabelledAnswer]) -> AlarmReport:
    """Count the evasion flags on the answers labelled full compliance, per set and model."""
    totals: Counter[tuple[str, str]] = Counter()
    flagged: dict[tuple[str, str], Counter[str]] = {}
    positional: Counter[tuple[str, str]] = Counter()
    examples: list[tuple[str, str, str, str]] = []
    for a in answers:
        if a.label not in COMPLIANCE_LABELS:
            continue
        key = (a.source, a.model)
        totals[key] += 1
        kinds = set(_flags(a))
        flagged.setdefault(key, Counter()).update(kinds)
        if kinds & {"preamble", "tail", "inline"}:
            positional[key] += 1
        examples.extend((a.source, a.model, a.id, k) for k in sorted(kinds))
    rows = tuple(
        AlarmRow(
            source=source,
            model=model,
            answers=totals[(source, model)],
            flagged={k: flagged.get((source, model), Counter())[k] for k in ALARM_CLASSES},
            any_position=positional[(source, model)],
        )
        for source, model in sorted(totals)
    )
    return AlarmReport(rows=rows, examples=tuple(examples))
