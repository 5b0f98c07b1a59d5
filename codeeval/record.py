"""The result record: one line of ``OUT/results.jsonl``, typed.

The pipeline builds a :class:`Result` per sample, the store writes it and reads it back
(:func:`parse_line`), and every command that reads results aggregates these records. It lives
apart from :mod:`codeeval.models` because it composes the text-metrics records, which are
themselves built on :class:`codeeval.models.Frozen`.

Schema versions:

* **0** — records written before the record carried ``schema_version`` (codeeval 0.1.0's
  first results files). They load: the one field they lack, ``provenance.executed``, is read
  from the runner name they carry (``none (--no-exec)`` meant "not executed").
* **1** — records with ``schema_version``; their provenance may lack ``runtime``, ``node``
  and ``attempt``. They load: an executed record ran under the engine's default runtime
  (written ``runc`` since, as ``codeeval run`` writes it for that default), on the local
  engine (no node, no attempt).
* **2** — the current record: provenance names the sandbox's runtime, and the Ray node and
  attempt that produced it (None for a local run).

A record from a newer codeeval (a higher ``schema_version``) is refused, never guessed at.
"""

from __future__ import annotations

import json
from typing import Any, Literal

from pydantic import ValidationError

from codeeval.models import (
    Domain,
    Execution,
    Frozen,
    ParseOutcome,
    Provenance,
    SampleKey,
    SuiteName,
    SuiteResult,
    first_error,
)
from codeeval.textmetrics.records import TextMetrics

SCHEMA_VERSION = 2


class FailureIssue(Frozen):
    code: str
    detail: str


class MetricsFailure(Frozen):
    """The text metrics crashed on this output; the record says so instead of a number."""

    status: Literal["error"]
    issues: tuple[FailureIssue, ...] = ()


class Inputs(Frozen):
    """Digests of what a record was made from; resume compares them (``codeeval.resume``)."""

    sample: str
    """The sample's text, seed and finish reason."""
    prompt: str
    """Everything in the prompt: text, module, prelude, reference solution, hidden tests."""


class Result(Frozen):
    """One sample's record: what the parser, the sandbox and the text metrics made of it."""

    schema_version: int = SCHEMA_VERSION
    model: str
    prompt_id: str
    run: int
    seed: int | None = None
    domain: Domain
    source: str = ""
    inputs: Inputs | None = None
    """None in records written before codeeval recorded input digests."""
    applicable: tuple[SuiteName, ...] = ()
    """The suites the prompt asks for, whether or not the output made them runnable."""
    parse: ParseOutcome | None = None
    execution: Execution
    metrics: TextMetrics | MetricsFailure | None = None
    provenance: Provenance

    @property
    def key(self) -> SampleKey:
        return SampleKey(model=self.model, prompt_id=self.prompt_id, run=self.run)

    @property
    def executed(self) -> bool:
        """Whether the run that wrote this record executed code (False for ``--no-exec``)."""
        return self.provenance.executed and self.execution.status != "not_run"

    def suite(self, name: SuiteName) -> SuiteResult | None:
        result: SuiteResult | None = getattr(self.execution, name)
        return result

    def to_line(self) -> bytes:
        """One JSON line (with the newline), ``None`` fields of the execution left out."""
        data = self.model_dump(mode="json")
        data["execution"] = self.execution.model_dump(mode="json", exclude_none=True)
        try:
            text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
            return text.encode() + b"\n"
        except UnicodeEncodeError:  # a lone surrogate (e.g. half an emoji): escape it instead
            return json.dumps(data, ensure_ascii=True, separators=(",", ":")).encode() + b"\n"


class NewerSchema(ValueError):
    """A record written by a newer codeeval than this one."""


def upgrade(data: dict[str, Any]) -> dict[str, Any]:
    """Bring a decoded record of any known schema version to the current one.

    Raises:
        NewerSchema: the record's schema is newer than this codeeval reads.
    """
    version = data.get("schema_version", 0)
    if not isinstance(version, int) or isinstance(version, bool) or version < 0:
        raise ValueError(f"schema_version {version!r} is not a version number")
    if version > SCHEMA_VERSION:
        raise NewerSchema(f"schema_version {version} (this codeeval reads up to {SCHEMA_VERSION})")
    if version == SCHEMA_VERSION:
        return data
    data = dict(data)
    provenance = dict(data.get("provenance") or {})
    if version < 1:
        runner = str(provenance.get("runner", ""))
        provenance.setdefault("executed", not runner.startswith("none"))
    if version < 2:
        # Before the runtime was chosen, every suite ran under the engine's default.
        provenance.setdefault("runtime", "runc" if provenance.get("executed") else None)
        provenance.setdefault("node", None)
        provenance.setdefault("attempt", None)
    data["provenance"] = provenance
    data["schema_version"] = SCHEMA_VERSION
    return data


def parse_line(raw: bytes | str) -> Result:
    """Decode and validate one line of a results file.

    Raises:
        NewerSchema: written by a newer codeeval.
        ValueError: not JSON, not an object, or not a valid record (the message says why).
    """
    try:
        data = json.loads(raw)
    except ValueError as exc:
        raise ValueError(f"not JSON ({exc})") from None
    if not isinstance(data, dict):
        raise ValueError(f"a JSON {type(data).__name__}, not a record")
    data = upgrade(data)
    try:
        return Result.model_validate(data)
    except ValidationError as exc:
        where, msg = first_error(exc)
        raise ValueError(f"invalid record: {where or 'record'}: {msg}") from None
