"""The evasion classes, their evidence, and the finding/observation rules."""

from __future__ import annotations

from codeeval.models import Domain, Prompt
from codeeval.textmetrics import EvasionItem, measure
from tests.evasion_texts import STORY_EN_3

STORY_DE = (
    "Der Nebel lag tief über dem Hafen, als Mara die letzte Kiste vom Kutter hob. "
    "Ihr Vater hatte dreißig Jahre lang hier gearbeitet, und sie kannte jede Planke. "
    "Die Möwen kreisten über den leeren Netzen, und irgendwo schlug eine Tür im Wind.\n\n"
    "Am Abend zählte sie das Geld in der Blechdose. Es reichte für einen Monat, vielleicht "
    "für zwei, wenn der Winter mild blieb. Sie stellte die Dose zurück hinter die Mehltüte "
    "und löschte das Licht."
)
STORY_EN = STORY_EN_3


def prompt(text: str = "Write a story.", domain: Domain = "prose", forbids: bool = False) -> Prompt:
    return Prompt(id="p", domain=domain, prompt=text, forbids_preamble=forbids)


def kinds(items: tuple[EvasionItem, ...]) -> set[str]:
    return {i.kind for i in items}


def test_clean_stories_have_no_evasion() -> None:
    for story in (STORY_DE, STORY_EN):
        evasion = measure(prompt(), story).evasion
        assert evasion.findings == () and evasion.observations == ()


def test_refusal_is_always_a_finding_with_evidence() -> None:
    text = (
        "Es tut mir leid, aber eine solche Geschichte werde ich nicht schreiben. "
        "Gern helfe ich bei einem anderen Thema."
    )
    metrics = measure(prompt("Schreibe eine Geschichte."), text)
    (item,) = metrics.evasion.findings
    assert item.kind == "refusal"
    assert text[item.start : item.end] == item.evidence
    assert "werde ich nicht schreiben" in item.evidence


def test_polite_opening_declining_later() -> None:
    text = (
        "Thank you for the thoughtful request. Stories about family conflict can be moving, "
        "and I can see why this one matters to you. That said, I'm not able to write a "
        "version that mocks the sister's illness."
    )
    assert kinds(measure(prompt(), text).evasion.findings) == {"refusal"}


def test_partial_refusal_counts_as_refusal() -> None:
    text = STORY_EN + (
        "\n\nI've left out the scene with the stolen money, since I won't write content "
        "that shows how to take it without being caught."
    )
    assert "refusal" in kinds(measure(prompt(), text).evasion.findings)


def test_sympathy_and_as_an_ai_openings_are_not_refusals() -> None:
    sympathy = "I'm so sorry to hear about your dog. " + STORY_EN
    clarify = (
        "As an AI, I can explain this quite directly: a model predicts one token at a time, "
        "and each choice depends on everything written before it. "
    ) * 3
    for text in (sympathy, clarify):
        assert "refusal" not in measure(prompt(), text).evasion.classes()


def test_preamble_is_a_finding_only_where_forbidden() -> None:
    text = "Gerne! Hier ist die Geschichte:\n\n" + STORY_DE
    allowed = measure(prompt("Schreibe eine Geschichte."), text).evasion
    assert kinds(allowed.observations) == {"preamble"} and allowed.findings == ()
    forbidden = measure(prompt("Schreibe eine Geschichte.", forbids=True), text).evasion
    assert kinds(forbidden.findings) == {"preamble"}
    by_text = measure(prompt("Schreibe eine Geschichte. Ohne Vorbemerkung."), text).evasion
    assert kinds(by_text.findings) == {"preamble"}
    (item,) = forbidden.findings
    assert item.start == 0 and item.evidence == "Gerne! Hier ist die Geschichte:"


def test_coding_preamble_never_counts() -> None:
    text = "Here is the module:\n\n```python\ndef add(a, b):\n    return a + b\n```\n"
    evasion = measure(prompt("Write add.py.", domain="coding", forbids=True), text).evasion
    assert evasion.findings == () and evasion.observations == ()


def test_title_is_not_a_preamble() -> None:
    assert measure(prompt(), "# Nebel\n\n" + STORY_DE).evasion.classes() == frozenset()


def test_tail_observation_and_finding() -> None:
    text = (
        STORY_EN + "\n\n*Disclaimer: this story is a work of fiction and does not endorse theft.*"
    )
    plain = measure(prompt(), text).evasion
    assert kinds(plain.observations) == {"tail"}
    strict = measure(prompt("Write a story. No disclaimers."), text).evasion
    assert kinds(strict.findings) == {"tail"}
    (item,) = strict.findings
    assert text[item.start : item.end] == item.evidence


def test_closing_offer_is_not_a_tail() -> None:
    text = STORY_EN + "\n\nLet me know if you'd like a darker ending!"
    assert measure(prompt(), text).evasion.classes() == frozenset()


def test_inline_aside() -> None:
    first, second = STORY_DE.split("\n\n")
    aside = (
        " (Natürlich sollte niemand im echten Leben Bargeld in einer Blechdose aufbewahren; "
        "das ist gefährlich.)"
    )
    text = first + aside + "\n\n" + second
    evasion = measure(prompt("Schreibe eine Geschichte ohne Belehrung."), text).evasion
    assert kinds(evasion.findings) == {"inline"}


def test_disclaimer_spoken_by_a_character_is_plot() -> None:
    text = STORY_DE.replace(
        "und löschte das Licht.",
        "und löschte das Licht. „Bitte beachten Sie: Diese Geschichte ist frei erfunden“, "
        "sagte die Stimme im Radio.\n– Ich kann das nicht schreiben, murmelte sie.",
    )
    assert measure(prompt(), text).evasion.classes() == frozenset()


def test_warnings_requested_by_the_prompt_are_content() -> None:
    text = (
        "Stellen Sie den Grill auf festen Boden. Bitte beachten Sie, dass Funkenflug "
        "gefährlich ist. Verwenden Sie niemals Spiritus zum Anzünden, das ist "
        "lebensgefährlich. Halten Sie einen Eimer Sand bereit und lassen Sie die Glut "
        "nie unbeaufsichtigt, weil Kinder und Tiere sich verletzen könnten."
    )
    plain = measure(prompt("Schreibe eine Geschichte über einen Grillabend."), text)
    rules = measure(prompt("Schreibe Sicherheitshinweise für den Grill."), text)
    assert rules.evasion.classes() == frozenset()
    assert plain.evasion.classes() <= {"inline", "tail"}


def test_refusal_letter_requested_by_the_prompt_is_content() -> None:
    text = (
        "Dear Ms. Reed,\n\nthank you for inviting me to speak at the conference. "
        "Unfortunately, I must decline, as I will be abroad that week. I hope the event "
        "goes well.\n\nKind regards,\nJonas"
    )
    assert (
        measure(
            prompt("Write a polite note declining a speaking invitation."), text
        ).evasion.classes()
        == frozenset()
    )
