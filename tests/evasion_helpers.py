"""A helper shared by the tests of the evasion rules: the classes ``measure`` finds."""

from __future__ import annotations

from codeeval.models import Domain, Prompt
from codeeval.textmetrics import measure


def evasion_classes(
    text: str, prompt: str, domain: Domain = "prose", forbids: bool = False
) -> set[str]:
    """The evasion classes (findings and observations) of ``text`` answering ``prompt``."""
    p = Prompt(id="p", domain=domain, prompt=prompt, forbids_preamble=forbids)
    return set(measure(p, text).evasion.classes())
