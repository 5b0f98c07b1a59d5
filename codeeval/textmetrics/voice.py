"""Whose voice a passage is in: the text's own, or the assistant stepping out of it.

Vocabulary says *what* a sentence is about; these signals say whether it belongs to the
text. A story is told in the past tense and rarely turns to "you"; a note appended to it
is in the present tense and addresses the reader. A speech ends with its own closing
("Thank you", "Vielen Dank für Ihre Aufmerksamkeit"); what follows that closing, or a
separator line, is outside the speech. An aside is marked by its form: brackets or a
pair of dashes around it.

All functions work on the analysis text (quotes and code blanked) and are cheap: they run
only on sentences and paragraphs that already carry a cue.
"""

from __future__ import annotations

from itertools import islice

from .lazyre import lazy

SEPARATOR = lazy(r"^[ \t]*(?:-{3,}|\*{3,}|_{3,}|(?:\*[ \t]*){3,}|[—–]{2,})[ \t]*$")
"""A paragraph that is only a rule line: what follows it stands apart from the text."""

CLOSING = lazy(
    r"(?i)(?:^[\W_]*(?:[^\W\d_][\w-]*,\s+)?(?:(?:and|so|once again|again|und|also|nochmals"
    r"|noch einmal)\s+)?(?:thank you|thanks|danke|vielen dank|herzlichen dank|cheers|prost"
    r"|zum wohl|the end|ende|fin|here's to|amen|waidmannsheil|waidmanns heil|petri heil"
    r"|glück auf|horrido|skål|sláinte|l'chaim)\b[^.!?\n]{0,60}"
    r"|(?:^|(?<=[.!:] ))(?:to|auf) (?:(?:Dr|Mr|Mrs|Ms|Prof|St|Hr|Fr)\. )?[^.!?\n]{1,40}"
    r"|^[—–-]{1,2} ?[^\W\d_][\w.-]*(?: [^\W\d_][\w.-]*){0,2})"
    r"[.!]*[ \t*_]*$"
)
"""The last sentence of a speech or toast: its own closing, after which it is over."""

_PAST = lazy(
    r"(?i)\b(?:was|were|had|did|said|asked|went|came|took|saw|got|knew|thought|felt|told"
    r"|looked|turned|stood|sat|walked|watched|waited|opened|smiled|laughed|nodded|ran|left"
    r"|found|heard|war|waren|hatte|hatten|wurde|wurden|sagte|fragte|ging|kam|nahm|sah|stand"
    r"|saß|lag|lief|hielt|legte|stellte|blieb|wusste|dachte|fand|gab|couldn't|didn't|wasn't"
    r"|weren't|hadn't|konnte|konnten|wollte|durfte|musste)\b"
)
"""Verbs of narration: a sentence with one is the story telling itself, not an aside."""

_PRESENT = lazy(
    r"(?i)\b(?:is|are|isn't|aren't|it's|should|must|can|has|does|doesn't|don't|deserves?"
    r"|disagrees?|matters|ist|sind|sollte\w*|muss|müssen|darf|dürfen|kann|gilt|hat|gibt"
    r"|bleibt)\b"
)
NORMATIVE = lazy(
    r"(?i)\b(?:should|shouldn't|must|ought to|never|always|need to|sollte\w*|solltest|muss"
    r"|müssen|darf|dürfen|nie|niemals|immer|kein(?:e|en)? (?:Lösung|Kavaliersdelikt|Ausweg))\b"
)
_MODAL = lazy(r"(?i)\b(?:should|must|ought|need to|sollte\w*|solltest|muss|müssen|darf|dürfen)\b")
FIRST_SINGULAR = lazy(r"(?i)\b(?:I|I'm|I've|I'd|my|me|ich|mich|mir|mein\w*)\b")
"""The first person singular: the narrator's, the speaker's or the writer's own voice."""
NARRATIVE_BODY = 4
"""Verbs of narration in a text from which on it is told in the past tense."""

_SECOND_PERSON = lazy(
    r"\b(?:[Yy]ou|[Yy]our|[Yy]ours|[Yy]ourself|du|dich|dir|dein\w*|euch|euer|eure\w*|Ihnen"
    r"|Euch|Dich|Dir|Du)\b"
)
ADDRESSED_BODY = 3
"""Second-person words before a passage from which on the text itself talks to "you"
(a speech, a letter, an essay to the reader): then addressing the reader is its voice."""

WARNING_SIGNS = "⚠️?|❗|‼️?|🚨|☝️?|❕"
"""Signs that set a line off as a warning ("⚠️ Street racing is illegal …")."""
_DASH = lazy(r"\s[—–]\s")
_BRACKETED = lazy(r"[(\[]([^()\[\]\n]{12,})[)\]]")


def past_tense(text: str) -> bool:
    """Whether a sentence has a verb of narration ("said", "sagte", "couldn't")."""
    return _PAST.search(text) is not None


def narrates(text: str) -> bool:
    """Whether a sentence narrates: a past-tense verb and no present-tense statement."""
    return _PAST.search(text) is not None and _PRESENT.search(text) is None


def tells(text: str) -> bool:
    """Whether a part of a sentence tells a story: two past-tense verbs or more, and more
    of them than present-tense ones."""
    past = len(_PAST.findall(text))
    return past >= 2 and past > len(_PRESENT.findall(text))


def narrative(masked: str) -> bool:
    """Whether a text is told in the past tense (enough verbs of narration)."""
    return sum(1 for _ in islice(_PAST.finditer(masked), NARRATIVE_BODY)) >= NARRATIVE_BODY


def breaks_voice(text: str) -> bool:
    """Whether a sentence is a present-tense norm ("is never the answer", "man sollte nie"):
    inside a text told in the past tense, that is the author stepping out of the story. The
    first person without a modal is the narrator ("Den Mantel habe ich nie gern
    getragen")."""
    if _PAST.search(text) is not None or NORMATIVE.search(text) is None:
        return False
    return FIRST_SINGULAR.search(text) is None or _MODAL.search(text) is not None


def second_person(masked: str, start: int, end: int) -> int:
    """How often ``masked[start:end]`` addresses "you" (up to ``ADDRESSED_BODY``)."""
    return sum(1 for _ in islice(_SECOND_PERSON.finditer(masked, start, end), ADDRESSED_BODY))


def aside_form(text: str) -> bool:
    """Whether a sentence may hold an aside: brackets, or a spaced dash."""
    return "(" in text or "[" in text or _DASH.search(text) is not None


def aside_spans(masked: str, start: int, end: int) -> list[tuple[int, int]]:
    """The bracketed parts of a sentence and the part after its first spaced dash (up to
    the next one or the sentence's end)."""
    spans = [m.span(1) for m in _BRACKETED.finditer(masked, start, end)]
    first = _DASH.search(masked, start, end)
    if first is not None:
        second = _DASH.search(masked, first.end(), end)
        spans.append((first.end(), second.start() if second else end))
    return spans


def closes(sentence: str) -> bool:
    """Whether a sentence is a closing formula ("Thank you.", "Prost!", "To Dan!")."""
    return len(sentence.split()) <= 14 and CLOSING.search(sentence.strip()) is not None
