"""What the judge needs from the texts: samples with their prompts, results by sample key,
and the score files judging writes."""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel

from codeeval.errors import CodeevalError, InputError, StoreError
from codeeval.models import Execution, ParseOutcome, Prompt, Sample, SampleKey
from codeeval.prompts import load_prompts
from codeeval.samples import BadInput, iter_samples
from codeeval.scoring import Score

M = TypeVar("M", bound=BaseModel)


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


def read_lines(
    path: Path, model: type[M], what: str, error: type[CodeevalError] = InputError
) -> Iterator[M]:
    """The records of a JSON Lines file codeeval appends to; a torn last line (a writer
    stopped mid-line) is ignored.

    Raises:
        ``error``: the file cannot be read, or a line is not a ``what``.
    """
    try:
        fh = path.open("rb")
    except OSError as exc:
        raise error(f"{path}: cannot read the {what}s ({exc.strerror})") from exc
    with fh:
        for number, raw in enumerate(fh, 1):
            if not raw.endswith(b"\n"):
                return
            if not raw.strip():
                continue
            try:
                yield model.model_validate_json(raw)
            except ValueError as exc:
                raise error(f"{path}:{number}: not a {what} record ({exc})") from exc


def read_scores(path: Path) -> Iterator[Score]:
    """Scores of a scores file; a torn last line is ignored.

    Raises:
        InputError: the file is missing or a line is not a score.
    """
    return read_lines(path, Score, "score")


class LineWriter:
    """Appends whole lines to a JSON Lines file, one writer thread at a time. A torn last
    line that a stopped writer left (which every reader ignores) is cut off first, so the
    next line does not join it."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            _cut_torn_tail(path)
            self._fh = path.open("a", encoding="utf-8")
        except OSError as exc:
            raise StoreError(f"{path}: cannot open for writing ({exc.strerror})") from exc

    def write(self, line: str) -> None:
        with self._lock:
            try:
                self._fh.write(line + "\n")
                self._fh.flush()
            except OSError as exc:
                raise StoreError(f"{self.path}: cannot append ({exc.strerror})") from exc

    def close(self) -> None:
        self._fh.close()


def all_scores(paths: Iterable[Path]) -> list[Score]:
    return [s for p in paths for s in read_scores(p)]


def _cut_torn_tail(path: Path) -> None:
    if not path.is_file():
        return
    with path.open("r+b") as fh:
        size = fh.seek(0, 2)
        if size == 0:
            return
        fh.seek(size - 1)
        if fh.read(1) == b"\n":
            return
        fh.seek(0)
        data = fh.read()
        fh.truncate(data.rfind(b"\n") + 1)
