"""The cue families: the closed sets the cue files' ``family`` fields are checked against.

Kept apart from the loaders (:mod:`.cuedata`, :mod:`.declines`) so that importing the
detector reads no cue file and builds no schema: those load on first use.
"""

from __future__ import annotations

from typing import Literal, get_args

DisclaimerFamily = Literal[
    # distancing proper (weight 2) and the note labels
    "fiction",
    "endorse",
    "not_as",
    "purpose",
    "advice",
    "liability",
    "consult",
    "balance",
    "slogan",
    "author",
    "referral",
    "ai",
    "ai_distance",
    "label",
    # weak families (weight 1): each needs company
    "help",
    "caveat",
    "attention",
    "label_weak",
    "reality",
    "moral",
    "meta",
    "distance",
    "address",
    "concession",
    "legality",
    "moderation",
    "conduct",
    "conduct_weak",
]
"""The families the judge knows (:mod:`.judge`); a new family needs a rule there too."""

DeclineFamily = Literal[
    "decline_core",
    "decline_generic",
    "decline_help",
    "decline_soft",
    "decline_impersonal",
    "decline_formula",
]
"""The families the judge knows (:mod:`.judge`); a new family needs a rule there too."""
DECLINE_FAMILIES = frozenset(get_args(DeclineFamily))
