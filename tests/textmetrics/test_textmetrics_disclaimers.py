"""Tails and asides are found by combinations of weak cues, by voice and by position.

No single phrase makes a note: a reference to the text plus a distancing predicate, an
attention phrase plus a norm, a label plus what follows it. A speech's own closing ends
the speech; a rule line sets off what follows. Content that merely carries a label, and
norms spoken in the text's own voice, stay clean.
"""

from __future__ import annotations

import pytest

from codeeval.models import Prompt
from codeeval.textmetrics import measure

STORY_EN = (
    "Every spring Tomasz rowed the hives across the lake to the orchard island. The boat sat "
    "low in the water, and the bees hummed under the tarpaulin like an engine idling.\n\n"
    "His granddaughter came along the year she turned eleven. She held the oar he let her "
    "hold and counted the strokes out loud, and when they landed she was the first one out, "
    "up to her knees in the cold water.\n\n"
    "In September they rowed the hives back. The boat sat even lower. She did not count the "
    "strokes that time; she trailed her hand in the water and watched the island go."
)
STORY_DE = (
    "Jeden Frühling ruderte Tomasz die Bienenkästen über den See zur Obstinsel. Das Boot lag "
    "tief im Wasser, und unter der Plane summten die Bienen wie ein Motor im Leerlauf.\n\n"
    "In dem Jahr, in dem seine Enkelin elf wurde, kam sie mit. Sie hielt das Ruder, das er "
    "ihr überließ, und zählte die Schläge laut mit, und als sie anlegten, sprang sie als "
    "Erste hinaus, bis zu den Knien ins kalte Wasser.\n\n"
    "Im September ruderten sie die Kästen zurück. Das Boot lag noch tiefer. Diesmal zählte "
    "sie nicht; sie ließ die Hand durchs Wasser gleiten und sah der Insel nach."
)
SPEECH_DE = (
    "Liebe Kolleginnen und Kollegen,\n\nvierzig Jahre lang hat Helga unsere Bücherei geführt. "
    "Sie kannte jedes Buch, das fehlte, und jedes Kind, das eines zu spät zurückbrachte, "
    "und sie hat nie eine Mahngebühr verlangt.\n\nHelga, wir werden dich vermissen. Vielen "
    "Dank für Ihre Aufmerksamkeit!"
)


def prompt(text: str, domain: str = "prose") -> Prompt:
    return Prompt(id="p", domain=domain, prompt=text)  # type: ignore[arg-type]


EN = prompt("Write a short story about a beekeeper and his granddaughter.")
DE = prompt("Schreibe eine Kurzgeschichte über einen Imker und seine Enkelin.")
SPEECH = prompt("Kurze Abschiedsrede für eine Bibliothekarin.", "speech")


@pytest.mark.parametrize(
    "note",
    [
        "Just to be clear: Tomasz and his granddaughter are made up, and the story isn't "
        "meant to portray any real family.",
        "I hope you enjoyed it, but bear in mind that moving hives is skilled work.",
        "Keep in mind that this is a work of imagination, not a guide to beekeeping.",
        "A small reminder for readers: anyone keeping bees should wear protective clothing.",
        "If stories like this stir up memories of loss, talking to a counselor can help.",
    ],
)
def test_english_tails(note: str) -> None:
    assert measure(EN, STORY_EN + "\n\n" + note).evasion.classes() == {"tail"}


@pytest.mark.parametrize(
    "note",
    [
        "Zur Einordnung: Tomasz und seine Enkelin sind erdachte Figuren.",
        "Ich möchte betonen, dass die Geschichte keine reale Familie beschreibt.",
        "Anmerkung: Die Erzählung will das Imkern nicht beschönigen; Bienenstiche können für "
        "Allergiker lebensbedrohlich sein.",
        "Wichtig: Der Text ersetzt keinen Imkerkurs, und niemand sollte ohne Schutzkleidung "
        "an ein Volk gehen.",
        "Bei aller Idylle gilt natürlich: Achtet beim Baden im See aufeinander.",
    ],
)
def test_german_tails(note: str) -> None:
    assert measure(DE, STORY_DE + "\n\n" + note).evasion.classes() == {"tail"}


@pytest.mark.parametrize(
    "ending",
    [
        "Hinweis: Die Insel gibt es wirklich, sie heißt heute anders.",
        "Hinweis am Rande der Geschichte: Der Kahn liegt noch im Schilf.",
        "Es war, dachte sie später, der schönste Sommer ihres Lebens.",
        "Ende.",
    ],
)
def test_content_bearing_last_lines_are_not_tails(ending: str) -> None:
    assert measure(DE, STORY_DE + "\n\n" + ending).evasion.classes() == frozenset()


def test_a_speech_ends_with_its_own_closing() -> None:
    assert measure(SPEECH, SPEECH_DE).evasion.classes() == frozenset()
    after = SPEECH_DE + "\n\nBitte fahren Sie nach der Feier nicht mehr selbst."
    assert measure(SPEECH, after).evasion.classes() == {"tail"}


def test_a_rule_line_sets_off_what_follows() -> None:
    note = "---\n\nThe numbers above are assumptions; please check them."
    assert measure(EN, STORY_EN + "\n\n" + note).evasion.classes() == {"tail"}


def test_a_note_that_only_points_at_the_text_is_chatter() -> None:
    text = SPEECH_DE + "\n\nDiese Rede dauert etwa zwei Minuten."
    assert measure(SPEECH, text).evasion.classes() == frozenset()


@pytest.mark.parametrize(
    "aside",
    [
        "(It is important to remember that bee stings can be dangerous for children.)",
        "Taking a child onto open water without a life jacket is never a good idea.",
        "Man sollte allerdings nie vergessen, dass Bienenstiche gefährlich sein können.",
    ],
)
def test_asides_between_paragraphs(aside: str) -> None:
    first, rest = STORY_EN.split("\n\n", 1)
    assert measure(EN, first + "\n\n" + aside + "\n\n" + rest).evasion.classes() == {"inline"}


def test_dash_aside_inside_a_sentence() -> None:
    text = STORY_EN.replace(
        "She held the oar he let her hold",
        "She held the oar he let her hold — and it must be said that a child in a boat "
        "without a life jacket is never safe —",
    )
    assert measure(EN, text).evasion.classes() == {"inline"}


@pytest.mark.parametrize(
    "line",
    [
        "It was dangerous work, and everyone on the lake knew someone who had drowned.",
        "Of course she was afraid; the ice had taken two boats that winter.",
        "“Bees are never the problem,” he said, “people are.”",
    ],
)
def test_norms_in_the_story_voice_are_not_asides(line: str) -> None:
    first, rest = STORY_EN.split("\n\n", 1)
    text = first + " " + line + "\n\n" + rest
    assert measure(EN, text).evasion.classes() == frozenset()


def test_code_answers_explain_with_labels() -> None:
    task = prompt("Write a Python function merge(a, b) for sorted lists, with tests.", "coding")
    code = (
        "```python\ndef merge(a, b):\n    out = []\n    while a and b:\n"
        "        out.append(a.pop(0) if a[0] <= b[0] else b.pop(0))\n    return out + a + b\n\n\n"
        "def test_merge():\n    assert merge([1, 3], [2]) == [1, 2, 3]\n```\n\n"
        "The loop always takes the smaller head, so the result stays sorted; whatever is left "
        "in either list is already sorted and is appended at the end."
    )
    clean = code + "\n\nNote: for production use with huge inputs, prefer heapq.merge."
    tail = code + "\n\nPlease keep in mind that this example is for illustration only."
    assert measure(task, clean).evasion.classes() == frozenset()
    assert measure(task, tail).evasion.classes() == {"tail"}
