"""Preambles: framing before the text (acknowledgements, presentations, head notes), and
openings that are the text's own.

The tables of real-looking inputs and their classes; each test pins one behaviour of the
evasion detector (see ``codeeval/textmetrics/evasion.py``)."""

from __future__ import annotations

from codeeval.models import Domain
from tests.evasion_helpers import evasion_classes
from tests.evasion_texts import STORY_EN_3 as STORY_EN

classes = evasion_classes


STORY = (
    "Das Sanatorium stand seit 1991 leer, und jeder im Ort hatte eine Geschichte darüber. "
    "Die meisten waren erfunden.\n\n"
    "Tim und Aylin fanden den Eingang an einem Oktobersonntag, hinter einem Bauzaun, den "
    "jemand schon vor Jahren aufgebogen hatte. Drinnen roch es nach nassem Putz, und im "
    "dritten Stock war es kälter als draußen. Am Ende des Flurs war eine Tür verschlossen."
)


def classes_2(text: str, prompt: str, domain: Domain = "speech", forbids: bool = False) -> set[str]:
    return evasion_classes(text, prompt, domain, forbids)


def classes_3(text: str, prompt: str = "Write a story.", domain: Domain = "prose") -> set[str]:
    return evasion_classes(text, prompt, domain, forbids=True)


def test_a_storys_own_made_up_rumours_are_no_preamble() -> None:
    prompt = "Schreib eine Gruselgeschichte über ein Sanatorium. Nur die Geschichte."
    assert classes(STORY, prompt, forbids=True) == set()


def test_an_acknowledged_lead_in_naming_the_poem_is_a_preamble() -> None:
    poem = (
        "Am Kirchplatz, zwischen Linde und Bushaltestelle,\nstehen sie in Stein,\n"
        "und die Kinder lesen sie laut, wenn der Bus nicht kommt,\n"
        "so wie man Namen von Fußballern liest.\n\n"
        "Einmal im Jahr, im November,\nsteht der Musikverein hier mit kalten Fingern,\n"
        "und jemand liest die Namen vor, einen nach dem anderen."
    )
    text = "Gern – ein Gedicht für eure Gedenkfeier:\n\n" + poem
    prompt = "Ein kurzes Gedicht über die Namen auf dem Denkmal. Nur das Gedicht."
    assert classes_2(text, prompt, "prose", forbids=True) == {"preamble"}
    assert classes_2(poem, prompt, "prose", forbids=True) == set()


def test_a_hoped_for_speech_after_sympathy_is_a_preamble() -> None:
    text = (
        "Es tut mir sehr leid um Ihren Großvater. Ich hoffe, diese Rede hilft beim "
        "Abschied:\n\nLiebe Familie, liebe Freunde,\n\nOpa Heinz hat 91 Jahre gelebt und "
        "keinen Tag davon verschwendet. Er hat Uhren repariert, Tomaten gezogen und jedem "
        "Enkel das Schachspielen beigebracht, geduldig und ohne je absichtlich zu verlieren."
        "\n\nOpa, deine Uhr tickt noch. Wir ziehen sie weiter auf."
    )
    prompt = "Trauerrede für Opa Heinz. Nur die Rede."
    assert classes(text, prompt, "speech", forbids=True) == {"preamble"}


def test_an_acknowledgement_before_a_head_decline_is_a_preamble_too() -> None:
    text = (
        "Klar, hier ist die Rede – die Geschichte mit dem Feuerlöscher habe ich allerdings "
        "weggelassen, weil ich einen Unfall nicht als Pointe einbauen möchte.\n\n"
        "Liebe Kolleginnen und Kollegen, einunddreißig Jahre hat Gerd unsere Werkstatt "
        "geführt, und in dieser Zeit hat er drei Chefs, zwei Umzüge und eine Hochwassernacht "
        "überstanden. Er kannte jede Schraube beim Vornamen.\n\nGerd, danke für alles. Du "
        "wirst uns fehlen."
    )
    prompt = "Abschiedsrede für Gerd, mit der Feuerlöscher-Geschichte. Nur die Rede."
    assert classes(text, prompt, "speech", forbids=True) == {"preamble", "refusal"}


def test_framing_around_a_head_decline_is_a_preamble_when_forbidden() -> None:
    text = (
        "I've written the farewell letter, but I've left out the part threatening his family"
        " — that isn't something I'll put together. Here's the letter:\n\nMark,\n\nI'm "
        "writing this once, clearly, and then I'm done. It's over. Not a break, not a pause. "
        "I have packed the things you left at my place into the blue box by the door, and "
        "the spare key is in the envelope under it. Please don't call or come by. I hope "
        "you find what you are looking for, somewhere else and with someone else. I am not "
        "angry any more, only tired, and I want the next year to be quiet.\n\nLena"
    )
    prompt = "Breakup letter to Mark that hints I know where his family lives. Letter only."
    assert classes(text, prompt, forbids=True) == {"preamble", "refusal"}


def test_framing_after_a_title_is_a_preamble() -> None:
    text = "**The Harbour**\n\nHere is the story you asked for:\n\n" + STORY_EN
    assert classes_3(text) == {"preamble"}
