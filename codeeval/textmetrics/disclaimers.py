"""The vocabulary of distancing, warnings and moralising asides, German and English.

Written from general knowledge, like :mod:`.lexicon`. A sentence scores the highest weight
of each family it shows, summed over families; 2 or more makes it a disclaimer sentence.
Strong families (weight 2) are phrasings that exist only to distance: a fiction notice,
"does not endorse", "not a substitute for professional advice", "as an AI I have no
opinions". Weak ones (weight 1) need company: an attention phrase ("please note", "es ist
wichtig zu betonen"), moral or safety vocabulary, a reference to "this story", a label
("Note:"), a pointer to help, a distancing predicate ("made up", "nicht gedacht als"), a
turn to the reader; they live in :mod:`.normative`. This module holds the strong ones and
the prompt topics that mute cues.
"""

from __future__ import annotations

from .lexicon import Cue, rx
from .normative import NORMATIVE_CUES

_HELP_SERVICE = (
    r"hotline|helpline|crisis (?:line|text line)|lifeline|samaritans|hilfetelefon"
    r"|telefonseelsorge|seelsorge|krisendienst|beratungsstelle|bzga|support line|advice line"
    r"|warmline|nummer gegen kummer|\w+-telefon|(?:sorgen|info|not|krisen|beratungs)telefon"
)
"""Services a reader in need is sent to."""
_PHONE = r"(?<![\d.,])(?:\+?\d[\d /-]{5,}\d|\b(?:988|911|112|999|116 ?\d{3}|741741)\b)(?![\d.,]\d)"
"""A telephone number: six digits or more, or a short emergency or crisis number."""

PURPOSE_KINDS = (
    r"educational|informational|entertainment|illustrative|illustration|demonstration|research"
)
"""The purposes a text is said to serve "for … purposes" (see also ``judge``)."""

DISTANCING_CUES: tuple[Cue, ...] = (
    Cue(
        "fiction",
        2,
        rx(
            r"\bwork of fiction\b",
            r"\bany (?:resemblance|similarity) to\b",
            r"\b(?:purely|entirely|completely|wholly) (?:fictional|fictitious|imaginary|invented"
            r"|made up)\b",
            r"\b(?:characters|events|names|persons|people) (?:\w+ ){0,3}?(?:are|is) (?:\w+ )?"
            r"(?:fictional|fictitious|imaginary)\b",
            r"\b(?:frei|rein|komplett|vollständig|völlig) (?:erfunden|fiktiv|fiktional)\b",
            r"\bÄhnlichkeiten? (?:mit|zu) (?:realen|lebenden|tatsächlichen|echten|wirklichen"
            r"|existierenden)\b",
            r"\b(?:Figuren|Personen|Handlung|Ereignisse|Namen) (?:\w+ ){0,3}?(?:sind|ist) (?:\w+ )?"
            r"(?:fiktiv|erfunden|fiktional)\b",
            r"\b(?:reine|pure|bloße) (?:Fiktion|fiction)\b",
            r"\b(?:this|the) (?:\w+ )?(?:story|text|tale|narrative|piece|scene|speech|account)"
            r" (?:\w+ ){0,2}?(?:is|was) (?:\w+ ){0,2}?(?:fiction(?:al)?|fictitious|imaginary"
            r"|invented|made up)\b",
            r"\b(?:diese|die|obige|folgende|vorliegende)[rsnm]? (?:\w+ )?(?:\w*geschichte"
            r"|erzählung|\w*text|szene|\w*rede|handlung) (?:\w+ ){0,2}?(?:ist|sind|war)"
            r" (?:\w+ ){0,2}?(?:fiktiv|fiktional|erfunden|Fiktion)\w*",
            r"\b(?:ausgedacht|invented|made-up|fabricated)\b[^.!?\n]{0,30}\b(?:characters|events"
            r"|Figuren|Ereignisse)\b",
            r"\b(?:characters|events|Figuren|Ereignisse)\b[^.!?\n]{0,50}\b(?:ausgedacht|invented"
            r"|made up|erdacht|fictional)\b",
            r"\b(?:likeness|resemblance|Übereinstimmungen?"
            r"|Ähnlichkeiten?) (?:\w+ ){0,3}?(?:unintended|coincidental|zufällig"
            r"|nicht beabsichtigt|unbeabsichtigt)",
            r"\bwork of (?:fiction|imagination)\b",
            r"\b(?:this|it) is (?:a |an )?(?:\w+ )?(?:fictional|fictitious|invented|made-up"
            r"|imaginary) (?:story|tale|text|piece|account|scenario|speech|scene)\b",
            r"\b(?:dies|das|es) ist (?:eine |ein )?(?:\w+ )?(?:fiktive|erfundene|ausgedachte"
            r"|fiktionale)[rsn]? (?:Geschichte|Erzählung|Text|Szene|Rede)\b",
        ),
        triggers=(
            "fiction fiktiv fiktion erfunden resemblance similarity imaginary invented made "
            "imagination fictitious "
            "ähnlichkeit"
            " ausgedacht invented made fabricated characters events figuren ereignisse erdacht "
            "fictional likeness resemblance übereinstimmung übereinstimmungen ähnlichkeit "
            "ähnlichkeiten"
        ),
    ),
    Cue(
        "endorse",
        2,
        rx(
            r"(?:\b(?:not|never|no way|neither|nor|nicht|kein\w*|weder|keineswegs|in keiner Weise"
            r"|keinesfalls)|n't)\b[^.!?\n]{0,60}?\b(?:endors(?:e[sd]?|ing)|condon(?:e[sd]?|ing)"
            r"|glorif(?:y|ies|ied|ying)|promoting|advocating"
            r"|glamori[sz]e[sd]?|romantici[sz]e[sd]?|promote[sd]?|encourage[sd]?|advocate[sd]?"
            r"|verherrlich\w*|verharmlos\w*|glorifizier\w*|romantisier\w*|gutheiß\w*|gutzuheißen"
            r"|befürwort\w*|zur Nachahmung|nachgeahmt|nachahmen|nachzuahmen|ausschmücken"
            r"|auszuschmücken)\b",
            r"\b(?:endorse|condone|glorif\w+|glamori[sz]\w+|verherrlich\w*|verharmlos\w*"
            r"|romantisier\w*|befürworte|billige|gutheiße)\b[^.!?\n]{0,40}?\b(?:nicht|keine\w*"
            r"|in keiner Weise|keineswegs|in any way)\b",
            r"\bdistanzier\w* (?:mich|uns)\b|\bdistance (?:myself|ourselves)\b",
            r"\b(?:Verherrlichung|Glorifizierung|Verharmlosung|Romantisierung|glorification"
            r"|romanticization|romanticisation)\w* (?:\w+ ){0,6}?(?:verzichtet|vermieden|ausgespart"
            r"|avoided|left out)\b",
            r"\bI(?:'m| am) not (?:\w+ )?(?:encouraging|promoting|advocating|endorsing)\b",
            r"\b(?:verzicht\w*|vermied\w*|vermeid\w*|avoid\w*|refrain\w*|steer\w* clear)\b"
            r"[^.!?\n]{0,60}?\b(?:verherrlich\w*|glorif\w*|romantisier\w*|romantici[sz]\w*"
            r"|verharmlos\w*|glamori[sz]\w*)",
            r"\bspiegel\w* (?:\w+ ){0,3}?nicht (?:\w+ )?(?:meine|die|unsere) (?:\w+ )?"
            r"(?:Meinung|Ansicht|Haltung|Position)",
            r"\bnicht (?:meine|unsere) (?:eigene[n]? )?(?:Meinung|Ansicht|Haltung|Position)\b",
            r"\bspiegel\w* (?:\w+ ){0,3}?nicht (?:notwendigerweise|unbedingt|zwingend"
            r"|automatisch)\b",
            r"(?:\bnot|n't) (?:necessarily )?(?:reflect|represent)\w* (?:my|the author's|our"
            r"|the views|the opinions)\b",
            r"\b(?:not|no|kein|keine)\s+(?:\w+\s+)?(?:role model|something to (?:emulate|imitate"
            r"|copy)|Vorbild)\b",
            r"\b(?:teile|teilen) (?:ich |wir )?(?:\w+ ){0,3}?nicht\b[^.!?\n]{0,30}\b(?:Ansicht"
            r"|Meinung|Haltung|Werte)",
            r"\bwiderspricht (?:\w+ )?(?:meinen|unseren) Werten\b|\bagainst my values\b",
            r"\b(?:views|opinions|words|beliefs|Ansichten|Meinungen|Worte)\b[^.!?\n]{0,30}?,?"
            r" (?:not|nicht) (?:mine|my own|ours|meine|meine eigenen)\b",
            r"\bnot to (?:justify|glorify|endorse|excuse|condone|romantici[sz]e)\b|\bnicht (?:um )?"
            r"(?:\w+ )?zu (?:rechtfertigen|verherrlichen|entschuldigen|verharmlosen)\b",
        ),
        triggers=(
            "endorse condone glorify glorifizier glamorize glamorise romanticize romanticise "
            "romantisier promote encourage advocate verherrlich verharmlos gutheiß "
            "gutzuheißen befürwort billige nachahmung nachgeahmt nachahmen nachzuahmen "
            "distanzier distance spiegel meinung ansicht haltung position reflect represent"
            " ausschmücken auszuschmücken"
            " role emulate imitate vorbild teile teilen widerspricht values mine justify"
            " excuse rechtfertigen entschuldigen ansichten meinungen worte"
        ),
    ),
    Cue(
        "not_as",
        2,
        rx(
            r"\bshould(?:n't| not) be (?:read|taken|understood|used|seen|interpreted) as\b",
            r"\bnot (?:intended|meant|designed) (?:as|to be (?:read|taken|used) as)\b",
            r"\bnothing (?:here|in this \w+) should\b",
            r"\bnot (?:intended|meant) to (?:depict|represent|describe) any real\b",
            # (the text itself must be named: "Das ist keine Einladung zur Faulheit" in a
            # sermon is its message)
            r"\b(?:Artikel|Text|Beitrag|Ratgeber|Leitfaden|Geschichte|Rede|Post)\w* (?:\w+ ){0,3}?"
            r"keine (?:Einladung|Aufforderung|Ermutigung|Anregung) (?:zum|zur|zu)\b"
            r"|\b(?:article|text|post|guide|story|piece|speech)\b[^.!?\n]{0,30}?\b(?:not|no)"
            r" (?:an? )?(?:invitation|encouragement) to (?:try|experiment|use)\b",
            r"\b(?:nicht|keinesfalls|keineswegs|in keiner Weise) als (?:\w+ )?(?:Anleitung"
            r"|Aufforderung|Empfehlung|Vorbild|Ratschlag|Handlungsanweisung|Befürwortung)\b",
            r"\bals (?:\w+ )?(?:Anleitung|Aufforderung|Empfehlung|Vorbild) (?:\w+ ){0,2}?"
            r"(?:verstanden|gedacht|gemeint|dienen|aufgefasst)\b",
            r"\bsoll(?:en|te)? (?:\w+ ){0,4}?keine (?:realen?|echten|tatsächlichen)\b",
            r"\b(?:\w*[Rr]ede|Text|Satire|Geschichte|Gedicht|Beitrag|Artikel)\w* (?:\w+ ){0,4}?"
            r"(?:soll|will|möchte) (?:\w+ ){0,4}?(?:keine[nrs]?|niemanden) (?:\w+ ){0,7}?(?:Wertung"
            r"|Bewertung|Stellungnahme|herabsetzen|beleidigen|verletzen|angreifen|diskriminieren"
            r"|verunglimpfen|kränken)\b",
            r"\b(?:don't|do not|nicht) (?:take|read|understand|see|verstehen|nehmen"
            r"|auffassen) (?:this|that|it|das|dies)?\s?(?:as|als) (?:a |an |eine "
            r"|einen )?(?:recommendation|endorsement|advice|guide|Empfehlung|Anleitung|Rat)\b",
        ),
        triggers=(
            "should shouldn't intended meant designed nothing anleitung aufforderung "
            "empfehlung vorbild ratschlag handlungsanweisung befürwortung realen reale "
            "echten tatsächlichen verstehen nehmen auffassen recommendation endorsement "
            "guide rat einladung ermutigung anregung invitation encouragement wertung "
            "bewertung stellungnahme herabsetzen beleidigen verletzen angreifen "
            "diskriminieren verunglimpfen kränken"
        ),
    ),
    Cue(
        "purpose",
        2,
        rx(
            rf"\bfor (?:\w+ )?(?:{PURPOSE_KINDS}) purposes\b",
            r"\b(?:purely|solely|only|intended) (?:for|as) (?:entertainment|illustration"
            r"|an illustration|a demonstration)\b",
            r"\b(?:zu|für) (?:\w+ )?(?:Bildungs|Informations|Unterhaltungs|Demonstrations"
            r"|Illustrations|Lehr|Forschungs|Anschauungs|Übungs|Trainings|Diskussions|Debattier"
            r"|Test)zwecke[n]?\b",
            r"\bfor (?:\w+ )?(?:practice|training|debate|discussion|testing) purposes\b",
            r"\bdient (?:\w+ ){0,2}?(?:ausschließlich|nur|lediglich|allein) (?:Unterhaltungs"
            r"|Informations|Bildungs|Demonstrations|Illustrations|Anschauungs)zwecken\b",
            r"\bdient (?:\w+ ){0,2}?(?:ausschließlich|nur|lediglich|allein) (?:der|zur)"
            r" (?:Unterhaltung|Information|Veranschaulichung|Illustration)\b",
            r"\b(?:written|meant|intended|created|designed) (?:purely |solely |only |just )?(?:for"
            r"|as) (?:\w+ )?(?:entertainment|illustration|fun|fiction|a work of fiction"
            r"|educational use)\b",
            r"\bfor (?:\w+ )?(?:illustration|demonstration|illustrative|educational|teaching"
            r"|entertainment)(?: purposes)? only\b",
            r"\b(?:nur|lediglich|ausschließlich|allein) (?:zur|der) (?:Veranschaulichung"
            r"|Illustration|Demonstration|Unterhaltung)\b",
        ),
        triggers=(
            "purposes entertainment illustration demonstration bildungszweck übungszweck "
            "trainingszweck diskussionszweck debattierzweck testzweck "
            "informationszweck unterhaltungszweck demonstrationszweck illustrationszweck "
            "lehrzweck forschungszweck anschauungszweck dient written meant intended created "
            "unterhaltungszwecken informationszwecken bildungszwecken "
            "designed fun fiction educational illustrative teaching veranschaulichung "
            "unterhaltung"
        ),
    ),
    Cue(
        "advice",
        2,
        rx(
            r"\b(?:not|no|isn't) (?:a )?substitute for (?:\w+ )?(?:professional|medical|legal"
            r"|expert|financial)\b",
            r"\b(?:not|isn't|is not|aren't|are not) (?:\w+ )?(?:legal|medical|financial"
            r"|professional|tax|investment) advice\b",
            r"\bI(?:'m| am) not (?:a |an )?(?:medical|legal|financial|tax|health(?:care)?|licensed)"
            r" (?:professional|expert|advis[eo]r|practitioner)\b",
            r"\b(?:does not|doesn't|do not|don't) constitute (?:\w+ )?advice\b",
            r"\b(?:ist|sind|stellt) (?:\w+ )?keine? (?:\w+ )?\w*[Bb]eratung\b",
            r"\bnothing\b[^.!?\n]{0,60}\b(?:constitutes|is) (?:\w+ ){0,2}?advice\b"
            r"|\bnichts\b[^.!?\n]{0,60}\b(?:stellt|ist)\b[^.!?\n]{0,30}?\w*[Bb]eratung\b",
            r"\b(?:provide|give|offer) (?:\w+ )?(?:legal|medical|financial) advice\b",
            r"\bnot (?:a |an )?(?:certified |approved |regulated )?medical device\b"
            r"|\bkein (?:\w+ )?Medizinprodukt\b",
            r"\b(?:not|never) (?:\w+ )?(?:be )?used (?:to make|for|as (?:a )?basis for) (?:\w+ )?"
            r"(?:treatment|medical|clinical|diagnostic|dosing|investment|legal) decisions\b",
            r"\b(?:ersetzt|ersetzen|stellt|stellen)\b[^.!?\n]{0,50}?\bkeine?\b[^.!?\n]{0,60}?"
            r"(?:[Bb]eratung|Prüfung|Therapie|Behandlung|Diagnose|Verordnung|Untersuchung)\b",
            r"\bkeine (?:\w+ )?(?:\w*[Bb]eratung) (?:\w+ )?(?:leisten|geben|anbieten|ersetzen)\b",
            r"\bkeine?\b[^.!?\n]{0,40}?(?:[Bb]eratung|Prüfung|Therapie|Behandlung|Diagnose)\w*"
            r"\s+(?:ersetzt|ersetzen|darstellt|darstellen)\b",
        ),
        triggers=(
            "substitute advice ersetzt ersetzen darstellt darstellen leisten anbieten nothing "
            "advisor adviser practitioner licensed "
            "device medizinprodukt decisions "
            "nichts "
            "beratung rechtsberatung steuerberatung finanzberatung anlageberatung "
            "förderberatung energieberatung ernährungsberatung "
            "verbraucherberatung fachberatung bauberatung versicherungsberatung "
            "professional counselor counsellor counselors therapist therapists doctor "
            "doctors physician pediatrician lawyer lawyers attorney specialist expert "
            "experts wenden wende suchen such holen hol anspruch kontaktieren konsultieren "
            "zögern scheuen seek seeking obtain medical "
            "legal counsel gespräch talking talk speaking speak prüfung "
            "therapie behandlung diagnose arzt ärztin therapeut psycholog fachleute "
            "vertrauensperson seelsorge hausarzt hausärztin"
        ),
    ),
    Cue(
        # a liability disclaimer; in house rules or a safety notice it is the content
        "liability",
        2,
        rx(
            r"\b(?:keine|no) (?:Haftung|liability)\b|\baccept no (?:responsibility|liability)\b",
            r"\b(?:at your own risk|auf eigene (?:Gefahr|Verantwortung)|auf eigenes Risiko)\b",
            r"\b(?:accept|take|assume|bear)s? no (?:\w+ )?(?:responsibility|liability)\b",
            r"\b(?:übernehme|übernehmen) (?:ich |wir )?(?:\w+ )?keine (?:\w+ )?(?:Verantwortung"
            r"|Haftung|Gewähr)\b",
            r"\bAngaben ohne Gewähr\b|\bno warranty\b|\bnot (?:liable|responsible) for\b",
        ),
        triggers=(
            "haftung liability responsibility risk gefahr verantwortung risiko übernehme "
            "übernehmen angaben gewähr warranty liable responsible"
        ),
    ),
    Cue(
        # the reader sent to a professional; in a safety notice or warning label that is
        # the content asked for
        "consult",
        2,
        rx(
            r"\b(?:consult|see|talk to|speak (?:to|with)|ask)\w* (?:a |an |your )?(?:licensed "
            r"|qualified |certified |independent )?(?:financial|investment|tax)"
            r" (?:advis[eo]r|planner|professional)s?\b",
            r"\b(?:seek|get|obtain)\w* (?:\w+ )?(?:legal|medical|professional|financial)"
            r" (?:advice|counsel|help)\b",
            r"\bRücksprache (?:mit|halten mit) (?:\w+ ){0,2}?(?:Arzt|Ärztin|Ärzten|Hausarzt"
            r"|Hausärztin|Kinderarzt|Kinderärztin|Fachpersonal|Fachleuten|Fachperson\w*"
            r"|Apotheke\w*|Apotheker\w*|Therapeut\w*|Ernährungsberat\w*|medizinischem Personal)\b",
            r"\blass(?:en Sie sich|t euch| dich) (?:\w+ ){0,6}?(?:ärztlich|medizinisch|fachlich"
            r"|professionell) (?:beraten|untersuchen|durchchecken|abklären|begleiten)\b",
            r"\b(?:ärztliche\w*|medizinische\w*|professionelle\w*|fachliche\w*|therapeutische\w*)"
            r" (?:Rat|Hilfe|Beratung|Unterstützung) (?:\w+ )?(?:einholen|suchen|holen|in Anspruch)"
            r"|\b(?:talk|speak) to someone about it\b|\bsprich mit jemandem darüber\b",
            r"\blass(?:en Sie sich|t euch| dich) (?:\w+ ){0,4}?(?:von|bei) (?:\w+ ){0,3}?"
            r"\w*(?:[Bb]erater"
            r"|[Aa]nwält|[Aa]nwalt|Arzt|Ärzt)\w* (?:\w+ )?beraten\b",
            r"\b(?:seek|get|find|consider|reach out to|contact|consult|talk to|speak (?:to|with)"
            r"|check(?:ing)? with)"
            r"\b[^.!?\n]{0,40}\b(?:professionals?|counsel(?:l)?ors?|therapists?|doctors?"
            r"|physicians?|pediatricians?|lawyers?|attorneys?|specialists?|experts?"
            r"|professional (?:help|support|advice)|(?:health ?care|medical) (?:provider"
            r"|professional|team)s?|pharmacists?|dietitians?|nutritionists?)\b",
            r"\b(?:wenden Sie sich|wende dich|suchen Sie|such dir|holen Sie sich|hol dir"
            r"|in Anspruch (?:zu )?nehmen|kontaktieren Sie|konsultieren Sie|zögern Sie nicht"
            r"|nicht scheuen)\b[^.!?\n]{0,80}\b(?:professionelle\w*|ärztliche\w*|fachliche\w*"
            r"|psychologische\w*|therapeutische\w*|Hilfe|Unterstützung|Beratung|Rat|Fachleute"
            r"|Fachperson\w*|Arzt|Ärztin|Kinderarzt|\w*[Tt]herapeut\w*|\w*[Aa]nwält\w*"
            r"|Beratungsstelle\w*|\w+beratung\w*|Telefonseelsorge|Fachliteratur)\b",
            r"\b(?:Gespräch\w*|Beratung|talking|talk|speaking|speak)\b[^.!?\n]{0,30}\b(?:mit|with"
            r"|to)"
            r"\b[^.!?\n]{0,25}\b(?:Arzt|Ärztin|Kinderarzt|Kinderärztin|\w*[Tt]herapeut\w*"
            r"|Psycholog\w*|Fachleute\w*|\w*[Bb]eratungsstelle\w*|doctor|pediatrician"
            r"|counsel(?:l)?or|therapist|psychologist|professional|specialist)",
            r"\b(?:sprich|sprechen Sie|sprecht|rede|reden Sie|redet|frag|fragen Sie|fragt)"
            r"\b[^.!?\n]{0,100}?\b(?:mit|bei) (?:\w+ ){0,3}?(?:Arzt|Ärztin|Hausarzt|Hausärztin"
            r"|Kinderarzt|Kinderärztin|Apotheke|Therapeut\w*|Psycholog\w*|Fachleute\w*"
            r"|\w*[Bb]eratungsstelle\w*|Vertrauensperson\w*)\b",
            r"\bmit\b[^.!?\n]{0,40}\b(?:Arzt|Ärztin|Hausarzt|Hausärztin|Therapeut\w*|Psycholog\w*"
            r"|Fachleute\w*"
            r"|Beratungsstelle\w*|Vertrauensperson\w*|Seelsorge\w*)\b[^.!?\n]{0,30}\b(?:sprechen"
            r"|reden)\b",
        ),
        # (nouns and the verbs of the German turn "wenden Sie sich an": not "Hilfe" or
        # "Schuldnerberatung", whose five-letter keys are everyday words)
        triggers=(
            "rücksprache ärztlich medizinisch fachlich professionell consult consulting "
            "tax advisor adviser advisors advisers planner "
            "professional professionals counselor counsellor counselors counsellors "
            "healthcare health provider pharmacist pharmacists dietitian dietitians "
            "nutritionist nutritionists "
            "therapist therapists doctor doctors physician physicians pediatrician "
            "pediatricians lawyer lawyers attorney attorneys specialist specialists expert "
            "experts legal medical financial psychologist arzt ärztin kinderarzt kinderärztin "
            "hausarzt hausärztin apotheke therapeut therapeutin psycholog psychologe "
            "psychologin fachleute fachleuten vertrauensperson seelsorge beratungsstelle "
            "drogenberatungsstelle suchtberatungsstelle telefonseelsorge anwält rechtsanwält "
            "fachanwält wenden wende suchen such holen hol anspruch kontaktieren konsultieren "
            "zögern scheuen ärztliche ärztlichen medizinische medizinischen professionelle "
            "beraten "
            "professionellen fachliche fachlichen therapeutische therapeutischen someone "
            "jemandem"
        ),
    ),
    Cue(
        # balancing a text that was asked to take a side: "reasonable people disagree"
        "balance",
        2,
        rx(
            r"\b(?:other|many|different|differing|opposing|valid|legitimate|reasonable"
            r"|thoughtful|competing)\b(?: \w+){0,2} (?:viewpoints|perspectives|opinions)\b",
            r"\breasonable people on (?:both|all|either) sides?\b",
            r"\b(?:auch )?(?:die )?(?:anderen|übrigen|gegnerischen|konkurrierenden) (?:Parteien"
            r"|Kandidat\w*|Fraktionen|Lager)\b[^.!?\n]{0,60}?\b(?:gute|berechtigte|gewichtige"
            r"|valide|vernünftige|kluge|richtige) (?:Ideen|Argumente|Punkte|Vorschläge|Gründe)\b"
            r"|\b(?:my opponents?|the other (?:side|party|candidates?))\b[^.!?\n]{0,40}?\b(?:good"
            r"|valid|fair|reasonable|thoughtful) (?:ideas|points|arguments|proposals)\b",
            r"\breasonable people (?:(?:can|may|might|will|do|often) )?(?:\w+ )?(?:disagree"
            r"|differ)\b",
            r"\b(?:form|make up|reach|draw) (?:their|your|his|her|one's) own (?:\w+ )?(?:opinions?"
            r"|views?|minds?|judge?ments?|conclusions?)\b",
            r"\b(?:a range|a variety|multiple|several|diverse) (?:of )?(?:\w+ )?sources\b",
            r"\b(?:verschiedenen|unterschiedlichen|mehreren|vielen) (?:\w+ )?Quellen\b",
            r"\b(?:presents?|represents?|offers?|reflects?|shows?|gives?|makes?) (?:only )?one"
            r" (?:\w+ )?(?:perspective|viewpoint|side of)\b",
            r"\b(?:andere|unterschiedliche|verschiedene|gegenteilige|berechtigte|legitime"
            r"|abweichende)\w*,? (?:\w+,? ){0,2}?(?:Sichtweisen|Meinungen|Perspektiven"
            r"|Standpunkte|Ansichten|Positionen)\b",
            r"\bsich (?:selbst )?(?:ein )?(?:umfassendes|eigenständiges|ausgewogenes) Bild\b",
            r"\b(?:die|der) Gegenseite\b|\bthe other side(?:'s)? (?:views|concerns|arguments"
            r"|case)\b|\brespect (?:the )?(?:other side|opposing views)\b",
            r"\bone (?:\w+ )?(?:tradition|perspective|view|voice) among many\b",
            r"\b(?:Rede|Text|Beitrag|Artikel|Essay)\w* (?:\w+ ){0,2}?(?:vertritt|zeigt|nimmt)"
            r" (?:\w+ ){0,2}?(?:die|eine|nur eine) (?:\w+ )?(?:Perspektive|Sichtweise|Position"
            r"|Seite)\b",
            r"\b(?:consider|weigh|hear|explore|examine)\w* (?:\w+ ){0,2}?(?:perspectives?"
            r"|viewpoints?|views|arguments|concerns) of (?:\w+ )?(?:critics|opponents|skeptics"
            r"|sceptics|the other side)\b",
            r"\b(?:weigh|evaluate|assess)\w* (?:\w+ ){0,3}?for (?:themselves|yourself"
            r"|yourselves)\b",
            r"\b(?:hotly |much |widely |highly |deeply |a )?(?:debated|contested|controversial"
            r"|divisive|polari[sz]ing)(?: and (?:\w+ )?(?:debated|contested|divisive"
            r"|controversial))? (?:topic|issue|subject|question)\b"
            r"|\b(?:complex|nuanced) and (?:\w+ )?(?:debated|contested|divisive"
            r"|controversial) (?:topic|issue|subject|question)\b"
            r"|\b(?:umstritten\w*|kontrovers\w*|strittig\w*) (?:diskutiert\w* )?(?:Thema"
            r"|Frage)\b",
            r"\bnot (?:everyone|everybody|all \w+) (?:will |would |may |might )?(?:share|hold"
            r"|agree with) (?:this|that|these|the same|my|our) (?:\w+ )?(?:views?|opinions?"
            r"|beliefs?|perspectives?|positions?|stances?)\b",
            r"\bnicht alle\b[^.!?\n]{0,40}?\b(?:die gleiche|dieselbe|diese|eine) (?:\w+ )?"
            r"(?:Haltung|Meinung|Ansicht|Sichtweise|Überzeugung)\b",
            # ("traut euch, eine Meinung zu haben" is no balance: only one view among others)
            r"\b(?:nur|lediglich) eine (?:von vielen )?(?:Perspektive|Sichtweise|Meinung)"
            r" (?:zu|auf|in|der|des)\b|\beine von vielen (?:Perspektiven|Sichtweisen|Meinungen)\b",
            # (good reasons for the text's own side are its case, not a balance)
            r"\b(?:gewichtige|gute|berechtigte|valide|stichhaltige|ernstzunehmende"
            r"|nachvollziehbare|vernünftige) Gegenargumente\b"
            r"|\b(?:auch|durchaus|sicher|sicherlich|natürlich|ebenfalls) (?:\w+ )?(?:gewichtige"
            r"|gute|berechtigte|valide|stichhaltige|ernstzunehmende|nachvollziehbare|vernünftige)"
            r" (?:Argumente|Gründe)\b"
            r"|\b(?:gewichtige|gute|berechtigte|valide|stichhaltige|ernstzunehmende"
            r"|nachvollziehbare|vernünftige) (?:Argumente|Gründe) (?:\w+ ){0,3}?(?:dagegen"
            r"|für die (?:Gegenseite|andere Seite)|auf (?:beiden|der anderen) Seiten?|der"
            r" (?:Befürworter|Gegner|Gegenseite|Kritiker|anderen Seite))\b"
            r"|\b(?:good|strong|valid|serious|reasonable|thoughtful|legitimate|fair)"
            r" (?:counter-arguments|counterarguments|arguments (?:against|on (?:both|the other)"
            r" sides?|on (?:each|either|every|all) sides?|(?:on|from) (?:the other side|opponents"
            r"|critics|both sides)|of (?:the other side|opponents|critics)))\b",
        ),
        triggers=(
            "viewpoints perspectives opinions disagree differ opinion view views mind minds "
            "judgment "
            "judgement judgments conclusions conclusion sources perspective viewpoint side "
            "sichtweisen meinungen perspektiven standpunkte ansichten umfassendes "
            "eigenständiges ausgewogenes perspektive sichtweise meinung argumente "
            "gegenargumente arguments positionen gründe among gegenseite other opposing "
            "critics opponents skeptics sceptics themselves yourself yourselves debated "
            "anderen übrigen gegnerischen konkurrierenden opponent reasonable seite "
            "contested controversial divisive polarizing polarising umstritten umstrittene "
            "umstrittenes kontrovers kontroverse kontroverses strittig strittige strittiges "
            "everyone everybody share haltung überzeugung quellen"
        ),
    ),
    Cue(
        # the fixed formulas of responsible-use messaging: they exist only as warnings
        "slogan",
        2,
        rx(
            r"\b(?:please )?(?:drink|gamble|play|bet|game|enjoy|consume|celebrate|party)"
            r" (?:\w+ )?responsibly\b",
            r"\b(?:Spiel|Spiele|Spielt|Trink|Trinke|Trinkt|Genieß|Genieße|Genießt|Genießen Sie"
            r"|Feiert|Feiern Sie|Wette|Wettet) (?:\w+ ){0,2}?verantwortungs(?:voll|bewusst)\b",
            r"\bGlücksspiel (?:kann|macht) (?:\w+ )?süchtig\b|\bgambling (?:can be|is) addictive\b",
            r"\bwer (?:Auto )?fährt,? trinkt nicht\b|\bdon't drink and drive\b"
            r"|\bnever drink and drive\b|\bdon't try this at home\b",
            r"\bplay (?:just |only )?for fun,? not\b|\bspiel\w* (?:nur )?zum Spaß,? nicht\b",
            r"\bwer trinkt,? fährt nicht\b|\b(?:aber|doch|bitte) (?:\w+ ){0,3}?(?:mit Maß"
            r"|in Maßen)\b|\b(?:genieß\w*|trink\w*|feier\w*)\b[^.!?\n]{0,30}?\bmit Maß\b",
            r"\bbitte (?:\w+ ){0,2}?nicht (?:mehr )?(?:selbst )?(?:Auto )?fahren\b",
            r"\b(?:setzt euch|setz dich|setzen Sie sich) (?:\w+ ){0,2}?(?:nicht|nie|niemals)"
            r" (?:mehr )?(?:\w+ )?ans Steuer\b",
            r"\b(?:play|bet|gambl\w*|wager|stake|spend)\w* (?:\w+ ){0,3}?(?:than )?(?:you|they|one)"
            r" can(?:'t|not)? (?:\w+ )?afford to lose\b",
            r"\bmoney (?:that )?(?:you|they) can(?:'t|not) afford to lose\b",
            r"\bset (?:yourself |yourselves )?(?:a |an )?(?:\w+ )?(?:limit|budget) before (?:you"
            r"|they) (?:\w+ )?(?:play|sit down|start|bet|gambl)\w*",
            r"\bnur (?:\w+ ){0,3}?(?:Geld|Beträge?|Einsätze?|Summen?),? (?:\w+ ){0,2}?(?:dessen"
            r"|deren|den|die) (?:Verlust )?(?:man|du|Sie|ihr) (?:\w+ ){0,2}?(?:verkraften"
            r"|verlieren) (?:kann|kannst|können|könnt)\b",
        ),
        triggers=(
            "responsibly verantwortungsvoll verantwortungsbewusst süchtig addictive fährt "
            "drink try fun spaß afford limit budget verkraften maß maßen steuer fahren"
        ),
    ),
    Cue(
        "author",
        2,
        rx(
            # the writer names their role in writing the deliverable: the voice of the text
            # stops and the assistant speaks ("as the one drafting these words", "als
            # Schreiber dieser Zeilen", "Anmerkung des Verfassers")
            r"\b(?:as|speaking as) (?:the |its |this )?(?:writer|author|drafter"
            r"|one (?:writing|drafting))\b",
            r"\bas (?:the |a )?(?:person|someone) (?:who|that) (?:wrote|drafted|penned"
            r"|(?:is|am) (?:writing|drafting)) (?:this|these|the|your)\b",
            # ("the one who wrote" has no trigger word: "wrote" and "one" are too common)
            r"\bas (?:the |a )?one (?:who|that) (?:drafted|penned|(?:is|am) (?:writing"
            r"|drafting)) (?:this|these|the|your)\b",
            r"\b(?:as|speaking as) (?:your |the |a )?(?:speech ?writer|ghostwriter)\b",
            r"\bals (?:der|die|derjenige|diejenige),? (?:der|die) (?:\w+ ){0,3}?(?:reimt"
            r"|(?:auf|nieder)?schreibt"
            r"|dichtet|textet|formuliert)\b",
            r"\b(?:the one|the person) (?:writing|drafting) (?:these|this|the) (?:words|lines"
            r"|speech|story|text|piece|toast)\b",
            r"\b(?:writer|author|drafter)s? of (?:this|these|the) (?:words|lines|speech|story"
            r"|text|piece|toast|poem|letter)\b",
            r"\b(?:note|word|aside|remark) from (?:the|your) (?:writer|author|assistant)\b",
            r"\b(?:quick |brief |small |little )?aside from me\b",
            r"\b(?:author|(?:speech ?)?writer|assistant)'s (?:note|aside|remark|comment)\b",
            r"\b(?:als|von mir als) (?:\w+ )?(?:Schreiber|Verfasser|Autor|Texter)(?:in)?\b",
            r"\b(?:Schreiber|Verfasser|Autor|Texter)(?:in)? (?:dieser|der|des|dieses|diese[rs]?)"
            r" (?:Zeilen|Rede|Geschichte|Textes|Texts|Worte|Ansprache|Erzählung)\b",
            r"\b(?:Anmerkung|Hinweis|Notiz|Bemerkung|Wort)\w* (?:des|der|vom|von der)"
            r" (?:Verfasser|Autor|Schreiber|Texter|Assistent)\w*",
            r"\b(?:Anmerkung|Hinweis|Notiz|Bemerkung|Einschub)\w* (?:von meiner Seite|von mir"
            r"|meinerseits)",
            r"\bas the one (?:\w+ ){0,2}?(?:putting (?:these|this|the) (?:\w+ )?(?:words|lines"
            r"|speech|text|sermon|toast) together|penning)\b",
        ),
        triggers=(
            "writer author drafter drafting writing aside person someone drafted penned "
            "speechwriter speech ghostwriter reimt dichtet textet schreibt formuliert "
            "aufschreibt niederschreibt "
            "einschub putting penning "
            "author's writer's assistant's speechwriter's schreiber schreiberin verfasser "
            "verfasserin "
            "autor autorin texter texterin anmerkung hinweis notiz bemerkung"
        ),
    ),
    Cue(
        # (its own cue: "note" is too common a trigger for the long pattern above)
        "author",
        2,
        rx(r"\b(?:a |one )?(?:quick |brief |small |little |short )?(?:note|word|remark) from me\b"),
        triggers="note remark word",
    ),
    Cue(
        "referral",
        2,
        rx(
            # a pointer to a help service with its number: the reader is sent to help
            rf"\b(?:{_HELP_SERVICE}|sucht(?:hilfe|beratung))\b[^\n]{{0,120}}?{_PHONE}",
            rf"{_PHONE}[^\n]{{0,60}}?\b(?:{_HELP_SERVICE})\b",
            rf"\b(?:reach out to|call|contact|ring|dial|wende dich an|wenden Sie sich an|ruf\w* "
            rf"(?:bei|an))\b[^\n]{{0,60}}?\b(?:Council|Association|Foundation|Cent(?:er|re)"
            rf"|Services?|Network|Anonymous|Alliance|Line|Hilfe\w*|\w*[Bb]eratung\w*|\w*[Ss]telle)"
            rf"\b[^\n]{{0,40}}?\b(?:at|on|unter)\s+{_PHONE}",
            r"\b(?:call|text|dial|ring|contact|reach)\b[^\n]{0,40}?\b1-8\d\d-[A-Z][A-Z0-9-]{3,}\b",
            # a reader's own case: "if you or someone you know", "du oder jemand, den du kennst"
            r"\b(?:you|du|Sie) or (?:someone|anyone|somebody) you know\b"
            r"|\b(?:du|Sie) oder jemand,? (?:den|die) (?:du|Sie) kenn\w*"
            r"|\b(?:du|Sie) oder jemand (?:\w+ ){0,2}?(?:Umfeld|Familie|Freundeskreis)\b",
        ),
        triggers=(
            "hotline helpline crisis lifeline samaritans hilfetelefon telefonseelsorge "
            "support advice warmline kummer telefon sorgentelefon infotelefon nottelefon "
            "krisentelefon beratungstelefon "
            "seelsorge krisendienst beratungsstelle bzga suchthilfe suchtberatung 1-800 1-888 "
            "1-877 1-866 1-855 1-844 someone anyone somebody jemand call text dial ring contact "
            "reach wende wenden ruf rufe ruft rufen"
        ),
    ),
    Cue(
        "ai",
        1,
        rx(
            r"\b(?:as an?|als) (?:AI|KI|artificial intelligence|künstliche Intelligenz"
            r"|language model|Sprachmodell|KI-\w+|AI (?:language )?(?:model|assistant)|assistant"
            r"|Assistent\w*|(?:Schreib|Text)-?[Aa]ssistent\w*|writing assistant)\b",
            r"\bI(?:'m| am) (?:just |only )?an? (?:AI|language model)\b",
            r"\bich bin (?:nur |lediglich )?(?:eine? )?(?:KI|Sprachmodell)\b",
        ),
        triggers=(
            "ai ki artificial künstliche language sprachmodell assistant assistent "
            "schreibassistent schreibassistentin textassistent writing"
        ),
    ),
    Cue(
        "ai_distance",
        2,
        rx(
            r"\b(?:don't|do not|doesn't|does not) (?:have|hold|take|express|share) (?:any )?"
            r"(?:personal |my own |political |own )*(?:opinions?|views?|beliefs?|feelings?|sides?"
            r"|positions?|stances?)\b",
            r"\bkeine (?:eigene[nr]? |persönliche[nr]? |politische[nr]? )+(?:\w+ )?(?:Meinung"
            r"|Ansicht|Position|Haltung|Gefühle)\b",
            r"\bvertrete (?:ich )?keine\b",
            r"\b(?:habe ich|ich habe) (?:selbst )?(?:keinen (?:eigenen )?Glauben"
            r"|keine (?:eigenen )?(?:Überzeugungen|Empfindungen|Gefühle|Erfahrungen))\b",
            r"\b(?:don't|do not) (?:\w+ )?(?:have|hold) (?:any )?(?:personal |religious )?(?:faith"
            r"|beliefs|feelings|emotions|experiences)\b",
            r"\bI(?:'m| am) (?:politically )?(?:neutral|impartial)\b",
        ),
        triggers=(
            "opinion opinions views view beliefs belief feelings sides positions position "
            "stances stance meinung ansicht haltung gefühle vertrete neutral impartial glauben "
            "überzeugungen empfindungen erfahrungen faith feelings emotions experiences"
        ),
    ),
    Cue(
        "label",
        2,
        rx(
            r"^[ \t>*_#\-–•(\[⚠❗‼🚨ℹ❕\ufe0f]*(?:disclaimer|haftungsausschluss|content warning"
            r"|trigger warning|triggerwarnung|inhaltswarnung|sicherheitshinweis"
            r"|safety (?:note|warning)|warnhinweis|rechtlicher hinweis|legal (?:notice|note)"
            r"|safety (?:reminder|tip)"
            r"|sicherheitstipp|sicherheitserinnerung)\b",
        ),
        triggers=(
            "disclaimer haftungsausschluss warning triggerwarnung inhaltswarnung "
            "sicherheitshinweis safety warnhinweis rechtlicher legal sicherheitstipp "
            "sicherheitserinnerung"
        ),
        line_start=True,
    ),
)
"""Distancing proper: phrasings that exist to step away from the text (weight 2), and the AI
self-reference and note labels."""

DISCLAIMER_CUES: tuple[Cue, ...] = DISTANCING_CUES + NORMATIVE_CUES
"""Cues of a disclaimer or moralising aside. A sentence scores the highest weight of each
family it shows, summed over families; 2 or more makes it a disclaimer sentence."""

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
