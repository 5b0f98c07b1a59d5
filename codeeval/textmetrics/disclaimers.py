"""Prompt topics that mute disclaimer cues, and the purposes a text is said to serve.

The disclaimer cues themselves are data: ``cue_data/en.toml`` and ``cue_data/de.toml``
(loaded by :mod:`.cuedata`). A sentence scores the highest weight of each family it shows,
summed over families; 2 or more makes it a disclaimer sentence. Strong families (weight 2)
are phrasings that exist only to distance: a fiction notice, "does not endorse", "not a
substitute for professional advice", "as an AI I have no opinions". Weak ones (weight 1)
need company: an attention phrase ("please note", "es ist wichtig zu betonen"), moral or
safety vocabulary, a reference to "this story", a label ("Note:"), a pointer to help, a
distancing predicate ("made up", "nicht gedacht als"), a turn to the reader.
"""

from __future__ import annotations

from .lexicon import rx

PURPOSE_KINDS = (
    r"educational|informational|entertainment|illustrative|illustration|demonstration|research"
)
"""The purposes a text is said to serve "for … purposes" (see also ``judge``)."""

TOPIC_WARNINGS = rx(
    # (rules of conduct, not a game's: "rules overview" of a tournament mutes nothing)
    r"\b(?:warn\w*|safety|safe|precautions?|instructions|risks?|hazards?|dangers?"
    r"|dangerous|(?:house|ground|safety|site|lab|pool|gym|range|club|shop|park|road|trail"
    r"|camp\w*|beach|fire) rules?|rules (?:for|of) (?:the |our |my |a )?(?!game|play|poker"
    r"|chess|tournament)\w+)\b",
    r"\b(?:\w*warn\w*|\w*hinweis\w*|sicherheit\w*|(?!Spiel)\w+regeln?|Regeln (?:für|im|in|am|beim)"
    r"|vorsicht\w*|risiken|risiko"
    r"|gefahren?|\w*verbot\w*|(?:Haus|Platz|Bade|Benutzungs|Spiel)ordnung\w*|advisory"
    r"|\w*prävention\w*|prevention|Aufklärung\w*|awareness"
    r"|advisories|Warnmeldung\w*|Bekanntmachung\w*)\b",
    r"\b(?:house rules|terms of use|dos and don'ts|prohibit\w*)\b",
    r"\b(?:Hitze|Brand|Kinder|Jugend|Arbeits|Gesundheits|Sonnen|Hochwasser|Katastrophen|Unfall)"
    r"schutz\w*|\bworauf (?:\w+ ){0,5}?(?:achten|aufpassen)\b|\bwhat to (?:watch|look) out for\b",
    # a talk about a hazard: its warnings and pointers to help are its content
    r"\b(?:Vortrag|Vorträge|Referat|Infoabend|Elternabend|Aufklärungs\w*|presentation"
    r"|info session|workshop)\b[^.?!\n]{0,60}"
    r"\b(?:Alkohol|Rauchen|Drogen|Sucht\w*|alcohol|smoking|drugs|addiction|vaping|Dampfen)\b",
    # an official notice or demand: its legal warnings are its content
    r"\b(?:Bescheid\w*|Mahnung\w*|Mahnschreiben|Amtsschreiben|Behördenschreiben"
    r"|Zahlungsaufforderung\w*|official notice|formal notice|payment demand)\b",
)
"""A prompt about warnings or safety rules: such sentences are the content asked for."""

TOPIC_DISCLAIMERS = rx(
    r"\b(?:disclaimers?|liability|legal notices?)\b",
    r"\b(?:haftungsausschl\w*|disclaimer\w*|haftung\w*|rechtshinweis\w*)\b",
)
"""A prompt about disclaimers: only AI distancing still counts as distancing."""
