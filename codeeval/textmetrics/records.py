"""Records returned by :func:`codeeval.textmetrics.measure`.

All of them are frozen so that a later stage cannot rewrite what the metrics said, and all
serialise with ``model_dump(mode="json")`` (tuples become lists).
"""

from __future__ import annotations

from typing import Literal

from codeeval.models import Frozen

Status = Literal["ok", "empty", "too_large", "invalid_target", "sanitized"]
"""Overall verdict on the input, the most important condition first (see ``IssueCode``)."""

IssueCode = Literal[
    "empty",
    "too_large",
    "invalid_target",
    "control_chars",
    "lone_surrogates",
    "invalid_notice_pattern",
]

TargetSource = Literal["prompt_file", "prompt_text"]
TargetKind = Literal["approx", "exact", "range", "at_most", "at_least"]

TruncationKind = Literal[
    "no_closing_punctuation",
    "unclosed_code_fence",
    "finish_reason",
    "tool_notice",
]

EvasionClass = Literal["refusal", "preamble", "tail", "inline"]
EVASION_CLASSES: tuple[EvasionClass, ...] = ("refusal", "preamble", "tail", "inline")


class Issue(Frozen):
    """One condition found in the input, with a human-readable detail."""

    code: IssueCode
    detail: str


class Target(Frozen):
    """The length the prompt asks for, as an inclusive word range.

    A point target ("about 1200 words") has ``min_words == max_words``. An upper bound
    ("at most 300 words") has ``min_words is None``; a lower bound has ``max_words is None``.
    """

    min_words: int | None
    max_words: int | None
    kind: TargetKind
    source: TargetSource
    phrase: str
    """The text the target was read from (``target_words=N`` for the prompt file)."""


class TruncationSignal(Frozen):
    kind: TruncationKind
    detail: str


class Truncation(Frozen):
    suspected: bool
    signals: tuple[TruncationSignal, ...] = ()


EvasionRule = Literal[
    "decline",
    "decline_in_code",
    "framing_before_decline",
    "opening_framing",
    "front_matter_note",
    "appended_note",
    "inserted_aside",
    "code_comment_note",
    "readme_closing_note",
    "refusal_grade",
]
"""The positional rule that made an item (see :mod:`codeeval.textmetrics.evasion`):
a decline anywhere (``refusal``); framing in the opening, alone or before a decline
(``preamble``); a note after the content (``tail``) or with content on both sides
(``inline``), in the prose, a front matter, a code comment or a closing README; or a
``full`` refusal grade of the learned model where the detector found no decline
(``refusal_grade``, its cues those of the grade, :mod:`codeeval.textmetrics.refusal`)."""


class EvasionItem(Frozen):
    """One evasion, with the evidence that triggered it.

    ``start``/``end`` are character offsets into the text passed to ``measure`` (after
    NUL bytes and lone surrogates were replaced one-for-one, so offsets are unchanged).
    ``rule`` and ``cues`` say why: the positional rule and the ids of the cues found in the
    evidence (``en.caveat``, ``decline.core.en_negated_verb``; see ``textmetrics/cue_data/``).
    """

    kind: EvasionClass
    evidence: str
    start: int
    end: int
    reason: str
    rule: EvasionRule | None = None
    cues: tuple[str, ...] = ()


class Evasion(Frozen):
    """Findings are objective defects (the prompt forbade the behaviour); observations are
    the same behaviour where the prompt did not forbid it."""

    findings: tuple[EvasionItem, ...] = ()
    observations: tuple[EvasionItem, ...] = ()
    partial: bool = False
    """True when only the head and tail of an oversized text were analysed."""

    def classes(self) -> frozenset[EvasionClass]:
        """Every class reported, as finding or observation."""
        return frozenset(item.kind for item in (*self.findings, *self.observations))


RefusalLevel = Literal["none", "partial", "full"]
REFUSAL_LEVELS: tuple[RefusalLevel, ...] = ("none", "partial", "full")


class RefusalCue(Frozen):
    """One refusal cue that fired, with its span in the measured text."""

    id: str
    family: str
    region: Literal["opening", "closing"]
    start: int
    end: int
    evidence: str


class RefusalGrade(Frozen):
    """Whether the answer declines: ``none``, ``partial`` or ``full`` (see ``refusal.py``).

    ``decided_by`` says how: ``model`` (English: the learned model over the opening's
    words and the cues), ``cues`` (German: the cues alone, no labelled data exists),
    ``empty`` (no text). ``features`` lists the strongest reasons the model saw.
    """

    grade: RefusalLevel
    decided_by: Literal["model", "cues", "empty"]
    language: Literal["en", "de"]
    p_none: float
    p_partial: float
    p_full: float
    cues: tuple[RefusalCue, ...] = ()
    opening: str = ""
    """The answer's first two sentences: what the grade mostly rests on."""
    opening_start: int = 0
    opening_end: int = 0
    features: tuple[str, ...] = ()


class TextMetrics(Frozen):
    """The objective metrics of one output."""

    status: Status
    issues: tuple[Issue, ...] = ()
    chars: int
    words: int
    target: Target | None = None
    deviation_words: int | None = None
    """Words above (positive) or below (negative) the nearest bound; 0 inside the range."""
    deviation_pct: float | None = None
    """``deviation_words`` relative to the bound it was measured against, in percent."""
    truncation: Truncation
    notices_stripped: int = 0
    evasion: Evasion
    refusal: RefusalGrade | None = None
    """The refusal grade; None only on records written before codeeval graded refusals."""
