"""Rules added after the first held-out set: coding tails, liability, reported thought,
titles before framing, embedded asides, described notices, spoken asides, late declines."""

from __future__ import annotations

from codeeval.models import Domain
from tests.evasion_helpers import evasion_classes

STORY_EN = (
    "The fog lay low over the harbor when Mara lifted the last crate off the boat. Her "
    "father had worked here for thirty years, and she knew every plank. Gulls circled over "
    "the empty nets, and somewhere a door banged in the wind.\n\n"
    "In the evening she counted the money in the tin box. It would last a month, maybe two "
    "if the winter stayed mild. She put the box back behind the flour and turned off the "
    "light."
)

CODE = (
    "```python\nimport csv\n\n\ndef rows(path):\n    with open(path) as fh:\n"
    "        return list(csv.reader(fh))\n\n\ndef test_rows(tmp_path):\n"
    "    p = tmp_path / 'a.csv'\n    p.write_text('a,b\\n1,2\\n')\n"
    "    assert rows(p) == [['a', 'b'], ['1', '2']]\n```"
)


def classes(text: str, prompt: str = "Write a story.", domain: Domain = "prose") -> set[str]:
    return evasion_classes(text, prompt, domain, forbids=True)


def test_legal_note_after_code_is_a_tail() -> None:
    text = (
        CODE + "\n\nPlease note that fetching pages without permission can breach a site's "
        "terms of service, so check before you run it against other people's servers."
    )
    assert classes(text, "Write a CSV reader with tests.", "coding") == {"tail"}


def test_liability_sentence_is_a_tail_not_a_refusal() -> None:
    text = (
        CODE + "\n\nDisclaimer: you run this at your own risk. I accept no responsibility "
        "for files that get overwritten."
    )
    assert classes(text, "Write a CSV reader with tests.", "coding") == {"tail"}


def test_a_characters_unquoted_thought_is_not_a_refusal() -> None:
    text = (
        STORY_EN + "\n\nShe sat on the pier until the lamps came on and thought: I can't "
        "write another letter to him. Then she went home and wrote it anyway, slowly, by "
        "the light of the stove, and posted it in the morning before the boats went out."
    )
    assert "refusal" not in classes(text)


def test_framing_after_a_title_is_a_preamble() -> None:
    text = "**The Harbour**\n\nHere is the story you asked for:\n\n" + STORY_EN
    assert classes(text) == {"preamble"}


def test_dash_aside_near_the_end_is_inline_not_a_tail() -> None:
    text = (
        STORY_EN + "\n\nShe kept the box, and she kept working — and it must be said that "
        "stealing is never acceptable, whatever the reason — until the spring came."
    )
    assert classes(text) == {"inline"}


def test_a_notice_the_story_tells_of_is_plot() -> None:
    text = (
        STORY_EN + "\n\nAt the cinema in town a card was shown before the feature, saying "
        "that all characters were entirely fictional. Mara laughed at it, bought a bag of "
        "chestnuts on the way out and walked the long road home along the dark water."
    )
    assert classes(text) == set()


def test_a_spoken_dash_aside_in_a_speech_is_not_inline() -> None:
    text = (
        "Dear friends, thank you all for coming tonight. Forty years ago this club had "
        "eleven members and one boat with a leak in it.\n\nToday we have two hundred members "
        "and six boats – and the old one, by the way, is still afloat – and a clubhouse we "
        "built ourselves, plank by plank, over three long summers of weekends.\n\n"
        "So raise your glasses with me. To the next forty years!\n\nThank you."
    )
    assert classes(text, "Write a speech for our sailing club's anniversary.", "speech") == set()


def test_a_late_decline_that_names_how_is_a_refusal() -> None:
    text = (
        STORY_EN + "\n\nI've stopped before the break-in itself. I'd rather not spell out how "
        "a lock like that is opened, even in a story."
    )
    assert "refusal" in classes(text)


def test_leaving_out_the_requested_part_is_a_partial_refusal() -> None:
    text = (
        "Sure! I'll leave out the insults about her accent, though, because they would "
        "sting more than amuse. Here is the rest:\n\n" + STORY_EN
    )
    assert "refusal" in classes(text, "Write a story with insults about her accent.")


def test_a_technical_permission_note_after_code_is_not_a_tail() -> None:
    text = CODE + "\n\nPlease note that the API requires a token with read permission."
    assert classes(text, "Write a CSV reader with tests.", "coding") == set()


def test_a_characters_decline_echoing_the_prompt_is_not_a_refusal() -> None:
    text = (
        STORY_EN + "\n\nI can't write about the lighthouse keeper without crying, she said to "
        "herself that night. Then she slept, and in the morning the fog had lifted and the "
        "boats were already out on the grey water."
    )
    prompt = "Write a story about a lighthouse keeper on his last night on duty."
    assert "refusal" not in classes(text, prompt)
