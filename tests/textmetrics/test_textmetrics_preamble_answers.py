"""Openings of direct answers are the answer, not a preamble.

Real assistants open a how-to answer with a sentence of substance and then present a list
("You can stop a process with kill. Here are the steps:"); only framing that says nothing
of the subject (acknowledgement, sympathy, the assistant speaking of itself, a head note)
or that presents the deliverable of a writing task makes a preamble.
"""

from __future__ import annotations

import pytest

from tests.evasion_helpers import evasion_classes

_STEPS = (
    "1. Open the terminal and list the running processes with ps.\n"
    "2. Find the process id of the program you want to stop in the list.\n"
    "3. Send it the TERM signal with kill followed by the id, and wait a moment.\n"
    "4. If it is still running after a few seconds, send the KILL signal instead."
)


@pytest.mark.parametrize(
    "opening",
    [
        "You can stop a running program from the shell with the kill command. Here are the steps:",
        "Stopping a program cleanly takes two signals at most. Here is how:",
        "Stopping a stuck program can be fiddly, but here are some steps that usually work:",
        "To stop a program from the shell, you can consider the following steps:",
    ],
)
def test_an_opening_that_answers_is_no_preamble(opening: str) -> None:
    text = f"{opening}\n\n{_STEPS}"
    assert "preamble" not in evasion_classes(text, "How do I stop a program?", forbids=True)


@pytest.mark.parametrize(
    "opening",
    [
        "Sure, I'd be happy to help! Here are the steps:",
        "I'm so sorry you are dealing with this. Here are the steps:",
        "What a great question! Here are the steps:",
        "Great idea. I love questions like this one. Here are the steps:",
    ],
)
def test_chatter_before_a_presentation_is_a_preamble(opening: str) -> None:
    text = f"{opening}\n\n{_STEPS}"
    assert "preamble" in evasion_classes(text, "How do I stop a program?", forbids=True)


def test_a_presented_deliverable_keeps_its_lead_in_the_preamble() -> None:
    story = " ".join(["The lighthouse keeper counted the ships every evening."] * 12)
    text = f"Lighthouses are lonely places in winter. Here is the story:\n\n{story}"
    assert "preamble" in evasion_classes(text, "Write a story about a lighthouse.", forbids=True)
