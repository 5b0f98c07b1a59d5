"""Objective text metrics of a model output: pure functions over (prompt, output).

Every record gets them, whatever its domain:

* **Words** and the **deviation** from the prompt's word target (see :mod:`.words` for
  the definition of a word and :mod:`.targets` for how phrases map to a target range).
* **Truncation suspicion** with every signal that fired (:mod:`.truncation`).
* **Tool notices** stripped before any metric, and how many (:mod:`.notices`).
* **Evasion** (refusal, preamble, tail, inline) with evidence, split into findings and
  observations by what the prompt forbids (:mod:`.evasion`, :mod:`.policy`).

``measure`` is the entry point; it never raises on bad input but reports a status.
"""

from .measure import measure
from .records import (
    EVASION_CLASSES,
    Evasion,
    EvasionClass,
    EvasionItem,
    Issue,
    IssueCode,
    Status,
    Target,
    TargetKind,
    TargetSource,
    TextMetrics,
    Truncation,
    TruncationKind,
    TruncationSignal,
)

__all__ = [
    "EVASION_CLASSES",
    "Evasion",
    "EvasionClass",
    "EvasionItem",
    "Issue",
    "IssueCode",
    "Status",
    "Target",
    "TargetKind",
    "TargetSource",
    "TextMetrics",
    "Truncation",
    "TruncationKind",
    "TruncationSignal",
    "measure",
]
