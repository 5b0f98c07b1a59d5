"""The vocabulary of the evasion detector, German and English.

Written from general knowledge of how assistants decline, frame and distance themselves,
not from any evaluation case. Each pattern only marks a *cue*; whether a cue makes a
finding is decided structurally in :mod:`.evasion` (position, what surrounds it, how much
real content follows, what the prompt asked for).

Apostrophes are normalised to ``'`` before matching.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_FLAGS = re.IGNORECASE | re.MULTILINE


def rx(*alternatives: str) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{a})" for a in alternatives), _FLAGS)


KEY_LEN = 5


def key(word: str) -> str:
    """The prefilter key of a token or trigger: its first five characters, lower case.

    A trigger of five characters or more therefore matches every token it is a prefix of
    ("verherrlich" matches "verherrlicht"); a shorter one matches that exact token only.
    Contractions are kept whole, so that "wouldn't" does not make every "would" a trigger.
    """
    word = word.lower()
    return word if "'" in word else word[:KEY_LEN]


@dataclass(frozen=True, slots=True, eq=False)
class Cue:
    """One family of cue phrases.

    ``triggers`` are words of which every match of ``pattern`` contains at least one (as a
    token or a token prefix): the detector only runs ``pattern`` on sentences containing a
    trigger, which keeps it fast. ``also`` is a second list of which one must be present
    too. A test checks on the gold set that the prefilter never hides a match.
    """

    family: str
    weight: int
    pattern: re.Pattern[str]
    triggers: str
    """Space-separated trigger words."""
    also: str = ""
    line_start: bool = False


# ------------------------------------------------------------------ declining

_EN_NEG = (
    r"(?:can't|cannot|can not|won't|will not|wouldn't|would not|not able to|unable to"
    r"|not going to|not comfortable|not willing to|not in a position to|not be able to"
    r"|don't feel comfortable|do not feel comfortable|rather not|prefer not to)"
)
# Idioms in which a first-person negation is ordinary speech, not a refusal.
_EN_IDIOM = (
    r"(?!\s+(?:wait|believe|imagine|stress|emphasi[sz]e|overstate|thank|help but|help feeling"
    r"|help thinking|help wondering|help noticing|tell you how|describe how|express|say enough"
    r"|promise|afford|remember|stand|stop|lie|pretend|bore|keep you|take (?:long|much)|stay"
    r"|sleep|breathe|see|hear|find|recall|undo|agree|deny))"
)
_EN_VERB = (
    r"(?:help(?:ing)?|assist(?:ing)?|writ(?:e|ing)|creat(?:e|ing)|produc(?:e|ing)"
    r"|generat(?:e|ing)|provid(?:e|ing)|compos(?:e|ing)|draft(?:ing)?|fulfil(?:l|ling|ing)?"
    r"|comply(?:ing)?|complet(?:e|ing)|continu(?:e|ing)|do(?:ing)?|engag(?:e|ing)"
    r"|participat(?:e|ing)|includ(?:e|ing)|add(?:ing)?|shar(?:e|ing)|craft(?:ing)?"
    r"|prepar(?:e|ing)|role-?play(?:ing)?|invent(?:ing)?|fabricat(?:e|ing)|describ(?:e|ing)"
    r"|explain(?:ing)?|detail(?:ing)?|giv(?:e|ing)|put together|go along|support(?:ing)?"
    r"|depict(?:ing)?|portray(?:ing)?|offer(?:ing)?|supply(?:ing)?)"
)
_DE_MODAL = r"(?:kann|werde|will|möchte|mag|darf|muss|würde|sollte)"
_DE_NEG = r"(?:nicht|kein(?:e|en|em|er|es)?|nie|niemals|keinesfalls|keineswegs)"
_DE_VERB = (
    r"(?:schreiben|verfassen|erstellen|erzeugen|generieren|formulieren|liefern|helfen"
    r"|unterstützen|nachkommen|erfüllen|ausführen|umsetzen|übernehmen|anfertigen|entwerfen"
    r"|ausarbeiten|ausformulieren|fortsetzen|weiterschreiben|weiterführen|bereitstellen"
    r"|beitragen|darstellen|produzieren|erfinden|beantworten|einbauen|aufnehmen|mitmachen|tun"
    r"|zur Verfügung stellen)"
)
_DE_FINITE = (
    r"(?:schreibe|verfasse|erstelle|erzeuge|generiere|formuliere|liefere|helfe|unterstütze"
    r"|erfülle|entwerfe|produziere|erfinde|erzähle|mache|tue)"
)

_I = "i i'm i'd i'll i've"


def _formula(triggers: str, *alternatives: str, also: str = "") -> Cue:
    return Cue("decline_formula", 0, rx(*alternatives), triggers=triggers, also=also)


DECLINE_CUES: tuple[Cue, ...] = (
    Cue(
        "decline_core",
        0,
        rx(rf"\bI\b[^.!?\n]{{0,30}}?\b{_EN_NEG}\b{_EN_IDIOM}[^.!?\n]{{0,40}}?\b{_EN_VERB}\b"),
        triggers="can't cannot won't wouldn't not unable rather prefer don't",
        also=_I,
    ),
    Cue(
        "decline_core",
        0,
        rx(
            rf"\bich\s+{_DE_MODAL}\b[^.!?\n]{{0,60}}?\b{_DE_NEG}\b[^.!?\n]{{0,60}}?\b{_DE_VERB}\b",
            rf"\b{_DE_MODAL}\s+ich\b[^.!?\n]{{0,60}}?\b{_DE_NEG}\b[^.!?\n]{{0,60}}?\b{_DE_VERB}\b",
            rf"\b{_DE_FINITE}\s+ich\b[^.!?\n]{{0,50}}?\b{_DE_NEG}\b",
            rf"\bich\s+{_DE_FINITE}\b[^.!?\n]{{0,50}}?\b{_DE_NEG}\b",
        ),
        triggers="nicht kein keine nie niemals",
        also="ich",
    ),
    Cue(
        "decline_help",
        0,
        rx(
            rf"\b{_EN_NEG}\s+(?:help|assist)(?:\s+you)?\s+(?:with|in|on)\b",
            rf"\b(?:bei|beim|dabei|hierbei|damit|hiermit)\b[^.!?\n]{{0,40}}?\b{_DE_MODAL}\s+ich\b"
            rf"[^.!?\n]{{0,30}}?\bnicht\b[^.!?\n]{{0,20}}?\b(?:helfen|unterstützen|behilflich)\b",
            rf"\bich\s+{_DE_MODAL}\b[^.!?\n]{{0,40}}?\bnicht\b[^.!?\n]{{0,20}}?"
            rf"\b(?:bei|beim|dabei|hierbei)\b[^.!?\n]{{0,40}}?\b(?:helfen|unterstützen|behilflich)\b",
        ),
        triggers="can't cannot won't unable able nicht",
    ),
    _formula(
        "decline refuse pass",
        r"\bI(?:'m| am)?\s+(?:\w+\s+){0,2}?(?:must|have to|need to|'ll have to|will have to"
        r"|am going to have to|'m going to have to)\s+(?:respectfully\s+|politely\s+)?"
        r"(?:decline|refuse|pass on)\b",
        r"\bI\s+(?:respectfully\s+|politely\s+)?(?:decline|refuse)\s+(?:to|this|that|your)\b",
        r"\bhave to pass on\b",
    ),
    _formula(
        "can't cannot won't unable able",
        rf"\b{_EN_NEG}\s+(?:help|assist)(?:\s+you)?\s+with\s+(?:that|this|it|your|the request"
        r"|such)\b",
    ),
    _formula(
        "comply fulfil fulfill",
        r"\b(?:can't|cannot|can not|unable to|not able to|won't)\s+(?:comply|fulfil+)\b",
    ),
    _formula(
        "something anything request",
        r"\b(?:isn't|is not|not)\s+(?:something|anything|a request)\s+I(?:'ll|'m|'d| will| am"
        r"| can| could| would)?\s*(?:be\s+)?(?:able to\s+|going to\s+|comfortable\s+"
        r"|willing to\s+)?(?:help|assist|write|do|provide|create|produce|generate)",
    ),
    _formula(
        "won't can't cannot not refuse",
        r"\bwhat I (?:won't|will not|can't|cannot|'m not going to|am not going to|refuse to)"
        r" (?:do|write|provide|produce|create|include)\b",
        also="what",
    ),
    _formula(
        "left omitted skipped cut toned softened included chosen decided stop skip leave",
        r"\bI(?:'ve| have)\s+(?:\w+\s+)?(?:left out|omitted|skipped|cut out|toned down"
        r"|softened|not included|chosen not to (?:include|write)|decided not to"
        r" (?:include|write))\b",
        r"\bI(?:'m| am) going to (?:stop here|skip this|skip that|leave (?:that|this)"
        r" (?:part )?out)",
        also=_I,
    ),
    _formula(
        "sit pass bow",
        r"\b(?:I'll|I will|I'm going to|I am going to|I'd rather|I have to|I'll have to) "
        r"(?:\w+ )?(?:sit (?:this one |that one )?out|pass(?: on (?:this|that))?|bow out"
        r"|take a pass)\b",
        r"\b(?:one|something) I(?:'ll| will| have to| must)? (?:sit out|pass on)\b",
        also=_I,
    ),
    _formula(
        "haven't didn't",
        r"\bI (?:haven't|have not|didn't|did not) (?:\w+ ){0,2}?(?:put|include[d]?|add(?:ed)?"
        r"|write|written|mention(?:ed)?)\b[^!?\n]{0,100}\b(?:in|into) (?:the|this|my|your)"
        r" (?:speech|story|text|letter|post|article|piece|version|draft|answer|scene)\b",
        also=_I,
    ),
    _formula(
        "lasse bleiben mache verzichte abwinken",
        r"\b(?:das|dies) lasse ich\b|\blasse ich (?:\w+ )?(?:lieber |besser )?bleiben\b",
        r"\b(?:da|dabei|hier) mache ich nicht mit\b|\bverzichte ich (?:lieber|hier|besser)\b",
        r"\bmuss ich (?:hier )?(?:leider )?abwinken\b",
    ),
    _formula(
        "lehne ablehnen passen nachkommen",
        r"\b(?:ich\s+lehne|lehne\s+ich)\b",
        r"\b(?:muss|möchte|werde)\s+(?:ich\s+)?(?:\w+\s+){0,3}?ablehnen\b",
        r"\bmuss ich (?:\w+ ){0,2}?passen\b",
        r"\b(?:Bitte|Anfrage|Wunsch|Auftrag)\w*\s+(?:\w+\s+){0,4}?nicht\s+nachkommen\b",
    ),
    _formula(
        "möglich lage bereit außerstande frage",
        r"\b(?:ist|wäre) (?:es )?mir (?:\w+ )?nicht möglich\b",
        r"\b(?:bin ich|ich bin) (?:\w+ )?nicht (?:in der Lage|bereit)\b",
        r"\bsehe (?:ich )?mich (?:\w+ )?(?:nicht in der Lage|außerstande)\b",
        r"\bkommt für mich nicht in Frage\b",
        also="mir ich mich",
    ),
    _formula(
        "weggelassen ausgelassen gestrichen entschärft abgeschwächt verzichtet eingebaut "
        "aufgenommen berücksichtigt übernommen umgesetzt geschrieben schreiben liefern tun "
        "verfassen",
        r"\b(?:habe ich|ich habe) (?:\w+ ){0,5}?nicht (?:\w+ ){1,4}?(?:eingebaut|aufgenommen"
        r"|berücksichtigt|übernommen|umgesetzt|geschrieben)\b",
        r"\b(?:habe ich|ich habe) (?:\w+ ){0,5}?(?:weggelassen|ausgelassen|gestrichen|entschärft"
        r"|abgeschwächt|verzichtet|nicht (?:eingebaut|aufgenommen|berücksichtigt|übernommen"
        r"|umgesetzt|geschrieben))\b",
        r"\bwas ich (?:\w+ )?nicht (?:schreiben|liefern|tun|verfassen) (?:werde|kann|möchte)\b",
        also="ich",
    ),
)
"""Declining. ``decline_core`` (first person + negation + a verb of doing the task) and
``decline_help`` need support from their clause (see :mod:`.evasion`); ``decline_formula``
(set phrases) stands alone."""


META_OBJECT = rx(
    r"\b(?:request|prompt|task|story|stories|speech|text|essay|poem|article|letter|scene"
    r"|script|code|program|module|content|material|piece|post|joke|song|lyrics|dialogue"
    r"|eulogy|satire|part|section|portion|passage|paragraph|ending|instructions?|guide"
    r"|walkthrough|tutorial|quotes?|statistics|version|kind of thing|that kind|this kind"
    r"|how-to|recipe|blueprint|step-by-step|details)\b",
    r"\b(?:Anfrage|Bitte|Wunsch|Auftrag|Aufgabe|Teil|Abschnitt|Passage|Absatz|Anleitung"
    r"|Zitate?|Statistiken|Version|Fassung|Form|Inhalte?|Material|Programm|Modul|Code|Szene"
    r"|Satire|Witz|Lied|Dialog|Essay|Aufsatz|Gedicht|Artikel|Brief|Beitrag)\b",
    r"\b\w*(?:geschichte|erzählung|rede|ansprache|texte?|anleitung|brief|artikel|gedicht|szene"
    r"|beitrag|programm|skript|zitate?|witz|witze|lied|rezept)\b",
)
"""What an assistant declines: the request itself, the deliverable, or a part of it."""

REQUEST_NOUN = rx(
    r"\b(?:your|this|that|the) (?:request|prompt|task)\b",
    r"\b(?:Ihre[rn]?|deine[rn]?|diese[rn]?|der) (?:Anfrage|Bitte|Aufgabe|Auftrag)\b",
)
REQUEST_REF = rx(
    r"\b(?:this|that|it|such|these|those|one|something like (?:this|that))\b",
    r"\b(?:das|dies|dieses|diesen|diese|diesem|dieser|dabei|hierbei|damit|hierzu|dazu|davon"
    r"|so etwas|sowas|solche\w*|derartige\w*)\b",
)
REGRET = rx(
    r"\b(?:sorry|apologi[sz]e|apologies|unfortunately|I'm afraid|I am afraid|regret(?:tably)?"
    r"|with respect|respectfully)\b",
    r"\b(?:leider|tut mir (?:\w+ )?leid|bedauer\w*|Entschuldigung|entschuldigen Sie)\b",
)
ASKS_FOR_DECLINE = rx(
    r"\b(?:declin\w*|reject\w*|refus\w*|turn(?:ing)? down)\b",
    r"\b(?:Absage\w*|absag\w*|ablehn\w*|Ablehnung\w*|zurückweis\w*|Kündigung\w*)\b",
)
"""A prompt that asks for a refusal letter makes declining sentences content."""


# ------------------------------------------------------------------ framing and chatter

ACK_ONLY = re.compile(
    r"^\W*(?:(?:sure|certainly|of course|absolutely|okay|ok|alright|all right|great|gladly"
    r"|no problem|sure thing|you got it|happy to help|with pleasure|gerne?|natürlich|klar"
    r"|na klar|selbstverständlich|sehr gerne?|alles klar|kein problem|super|prima"
    r"|mit vergnügen|aber gerne?)\W*)+$",
    re.IGNORECASE,
)
ACK_START = re.compile(
    r"^\W*(?:sure|certainly|of course|absolutely|okay|ok|alright|all right|great|gladly"
    r"|no problem|happy to|gerne?|natürlich|klar|na klar|selbstverständlich|sehr gerne?"
    r"|alles klar|kein problem)\b",
    re.IGNORECASE,
)
PRESENTATION = rx(
    r"\bhere(?:'s| is| are| comes| you go| it is)\b",
    r"\bbelow (?:is|are|you(?:'ll| will) find)\b",
    r"\bI(?:'ve| have) (?:\w+ ){0,2}?(?:written|drafted|created|put together|composed|prepared"
    r"|tried|kept|focused|aimed|structured)\b",
    r"\bI(?:'d| would) be (?:glad|happy|delighted) to\b",
    r"\bI(?:'ll| will) (?:write|draft|create|compose)\b",
    r"\bhappy to help\b",
    r"\bas (?:requested|you asked)\b",
    r"\bthe following\b",
    r"\bwhat an? (?:\w+ )?(?:question|topic|idea|prompt|request)\b",
    r"\bgreat (?:question|topic|idea|prompt|request)\b",
    r"\bbefore we begin\b",
    r"\bhier (?:ist|sind|kommt|kommen|finden Sie|findest du|mein|meine|ein|eine|der|die|das)\b",
    r"\b(?:im folgenden|nachfolgend|untenstehend)\b",
    r"\bich habe (?:\w+ ){0,6}?(?:geschrieben|verfasst|erstellt|formuliert|gehalten"
    r"|konzentriert|versucht|angelegt|entworfen|gestaltet)\b",
    r"\bgerne? (?:schreibe|verfasse|erstelle|helfe|übernehme)\b",
    r"\bwie gewünscht\b",
    r"\b(?:ein|was für ein) (?:\w+ )?(?:spannendes|interessantes|schönes|tolles|wichtiges)"
    r" (?:Thema|Anliegen)\b",
    r"\bvorab\b",
)
PRESENT_START = re.compile(
    r"^\W*(?:here(?:'s| is| are| comes) (?:a|an|the|my|your|some|one)\b"
    r"|hier (?:ist|sind|kommt|kommen) (?:ein|eine|einen|der|die|das|mein|meine|Ihr|Ihre|dein"
    r"|deine)\b|below (?:is|are)\b|(?:im folgenden|nachfolgend)\b)",
    re.IGNORECASE,
)
"""A sentence that opens by presenting something: framing when it ends a short opening."""
DELIVERABLE = rx(
    r"\b(?:story|stories|speech|text|essay|poem|article|letter|note|scene|script|draft|piece"
    r"|version|eulogy|feature|memoir|tale|narrative|dialogue|toast|talk|module|code"
    r"|implementation|function|program|answer|response)\b",
    r"\b\w*(?:geschichte|erzählung|rede|ansprache|text|essay|aufsatz|gedicht|artikel|brief"
    r"|szene|entwurf|fassung|version|beitrag|dialog|modul|code|implementierung|antwort)\b",
    r"\b(?:for you|für Sie|für dich|requested|gewünscht\w*)\b",
)
OFFER = rx(
    r"\b(?:let me know|I hope (?:you|this|that|it)|hope (?:you|this) (?:enjoy|like|help)"
    r"|feel free|if you(?:'d| would)? like|happy to (?:adjust|revise|change|make|tweak|expand"
    r"|shorten)|would you like|want me to|glad to (?:adjust|help)|enjoy)\b",
    r"\b(?:ich hoffe|hoffentlich|lassen Sie mich wissen|sagen Sie (?:mir )?Bescheid"
    r"|sag (?:mir )?Bescheid|wenn Sie (?:möchten|wollen|mögen)|falls (?:Sie|du) (?:möchte|will)"
    r"|möchten Sie,? dass|soll ich|viel Spaß|viel Freude)\b",
)
"""Closing offers and pleasantries: chatter, not content, and not a warning either."""
