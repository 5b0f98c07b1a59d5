"""Helpers shared by the tests of the evasion rules: the classes ``measure`` finds, and
where the written cases live."""

from __future__ import annotations

from pathlib import Path

from codeeval.models import Domain, Prompt
from codeeval.textmetrics import measure

EVASION_DATA = Path(__file__).parent / "data" / "evasion"
"""The written evasion cases (gold set and used held-out sets): regression data only."""
GOLD_PATH = EVASION_DATA / "evasion_gold.jsonl"


def evasion_classes(
    text: str, prompt: str, domain: Domain = "prose", forbids: bool = False
) -> set[str]:
    """The evasion classes (findings and observations) of ``text`` answering ``prompt``."""
    p = Prompt(id="p", domain=domain, prompt=prompt, forbids_preamble=forbids)
    return set(measure(p, text).evasion.classes())
