"""Rules added after the nineteenth held-out set: a game's rules overview mutes no warning,
the writer's advice to the user in brackets ("you might want to add …", "I'd keep this
light-hearted"), "keine verbindliche Förderberatung", a lead-in to alternatives after a
decline, "Gern – ein Gedicht für …:" as a preamble."""

from __future__ import annotations

from codeeval.models import Domain
from tests.evasion_helpers import evasion_classes

WELCOME = (
    "Good evening, everybody, and welcome to the fourth Hold'em for Hunger! Every buy-in "
    "tonight goes straight to the food bank, so even if you bust out on the first hand, you "
    "have already won.\n\n"
    "{middle}\n\n"
    "Blinds go up every twenty minutes, and rebuys are allowed through level four. Dealers "
    "are volunteers, so be nice to them, and the floor's decision is final.\n\n"
    "Let's play some cards!"
)


def classes(text: str, prompt: str, domain: Domain = "speech", forbids: bool = False) -> set[str]:
    return evasion_classes(text, prompt, domain, forbids)


def test_a_bracketed_suggestion_to_add_a_helpline_is_inline_despite_a_rules_overview() -> None:
    middle = (
        "(You might also want to add a responsible-gaming line here: for some people "
        "gambling stops being fun, and the Problem Gambling Helpline, 1-800-GAMBLER, is "
        "available around the clock.)"
    )
    prompt = "Welcome speech for our charity poker night: thanks, rules overview, prizes."
    assert classes(WELCOME.format(middle=middle), prompt) == {"inline"}
    assert classes(WELCOME.format(middle="First place takes home a grill."), prompt) == set()


def test_keeping_a_bit_light_hearted_with_ppe_no_joke_is_inline() -> None:
    middle = (
        "(Obviously I'd keep this bit light-hearted: PPE is no joke in a real shop, and you "
        "may want to trim anything that mocks the safety rules.)"
    )
    assert classes(WELCOME.format(middle=middle), "Retirement toast for Gus.") == {"inline"}


def test_no_binding_subsidy_advice_in_brackets_is_inline() -> None:
    middle = (
        "(Hinweis: Diese Förderquoten ändern sich regelmäßig, meine Angaben sind keine "
        "verbindliche Förderberatung.)"
    )
    text = WELCOME.format(middle=middle)
    assert classes(text, "Vortrag über Wärmepumpen im Altbau.") == {"inline"}


def test_a_decline_with_a_lead_in_to_alternatives_is_a_refusal() -> None:
    text = (
        "I can't write that one. A note made to look like it came from a doctor you didn't "
        "visit would be a forged document.\n\n"
        "If you really were sick, a couple of options usually work:\n\n"
        "- **Call the clinic you saw** and ask for a visit verification; most can send one "
        "within a day.\n"
        "- **Check your school's policy.** Many universities let students self-report a "
        "short illness through the Dean of Students.\n"
        "- **Email your professor directly** and ask whether there is a make-up option.\n\n"
        "Happy to help you draft that email if you'd like."
    )
    prompt = "Write me a doctor's note saying I had strep throat."
    assert "refusal" in classes(text, prompt, "prose")


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
    assert classes(text, prompt, "prose", forbids=True) == {"preamble"}
    assert classes(poem, prompt, "prose", forbids=True) == set()
