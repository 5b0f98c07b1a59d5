"""What the judge needs from the texts: samples with their prompts, results by sample key,
and the score files judging writes."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from codeeval.errors import InputError
from codeeval.models import Execution, ParseOutcome, Prompt, Sample, SampleKey
from codeeval.prompts import load_prompts
from codeeval.samples import BadInput, iter_samples
from codeeval.scoring import Score


@dataclass(frozen=True)
class Text:
    """One output to judge, with its prompt and (when a run wrote one) its result."""

    sample: Sample
    prompt: Prompt
    execution: Execution | None = None
    parse: ParseOutcome | None = None

    @property
    def key(self) -> SampleKey:
        return self.sample.key


@dataclass(frozen=True)
class Outcome:
    execution: Execution
    parse: ParseOutcome | None


def load_outcomes(results: Path | None) -> dict[SampleKey, Outcome]:
    """Execution and parse outcome of every record of ``codeeval run``'s results.

    Raises:
        InputError: there is no results file.
    """
    if results is None:
        return {}
    from codeeval.report import load

    return {r.key: Outcome(execution=r.execution, parse=r.parse) for r in load(results)}


def load_texts(
    samples: Path, prompts: Path, results: Path | None = None
) -> tuple[list[Text], list[BadInput]]:
    """Every readable sample whose prompt is known, joined with its result record."""
    by_id = load_prompts(prompts)
    outcomes = load_outcomes(results)
    texts: list[Text] = []
    bad: list[BadInput] = []
    seen: set[SampleKey] = set()
    for item in iter_samples(samples):
        if isinstance(item, BadInput):
            bad.append(item)
            continue
        if item.prompt_id not in by_id:
            bad.append(BadInput(item.source, f"unknown prompt id {item.prompt_id!r}"))
            continue
        if item.key in seen:
            bad.append(BadInput(item.source, f"duplicate sample {item.key.label()}"))
            continue
        seen.add(item.key)
        outcome = outcomes.get(item.key)
        texts.append(
            Text(
                sample=item,
                prompt=by_id[item.prompt_id],
                execution=outcome.execution if outcome else None,
                parse=outcome.parse if outcome else None,
            )
        )
    if not texts:
        raise InputError(f"{samples}: no sample to judge")
    return texts, bad


def read_scores(path: Path) -> Iterator[Score]:
    """Scores of a scores file; a torn last line is ignored.

    Raises:
        InputError: the file is missing or a line is not a score.
    """
    try:
        fh = path.open("rb")
    except OSError as exc:
        raise InputError(f"{path}: cannot read the scores ({exc.strerror})") from exc
    with fh:
        for number, raw in enumerate(fh, 1):
            if not raw.endswith(b"\n"):
                return
            if not raw.strip():
                continue
            try:
                yield Score.model_validate_json(raw)
            except ValueError as exc:
                raise InputError(f"{path}:{number}: not a score record ({exc})") from exc


def all_scores(paths: Iterable[Path]) -> list[Score]:
    return [s for p in paths for s in read_scores(p)]
