"""The vocabulary of distancing, warnings and moralising asides, German and English.

Written from general knowledge, like :mod:`.lexicon`. A sentence scores the highest weight
of each family it shows, summed over families; 2 or more makes it a disclaimer sentence.
Strong families (weight 2) are phrasings that exist only to distance: a fiction notice,
"does not endorse", "not a substitute for professional advice", "as an AI I have no
opinions". Weak ones (weight 1) need company: an attention phrase ("please note", "es ist
wichtig zu betonen"), moral or safety vocabulary, a reference to "this story", a label
("Note:"), a pointer to help.
"""

from __future__ import annotations

from .lexicon import Cue, rx

DISCLAIMER_CUES: tuple[Cue, ...] = (
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
        ),
        triggers=(
            "fiction fiktiv fiktion erfunden resemblance similarity imaginary invented made "
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
            r"\b(?:not|n't|never|no way|neither|nor|nicht|kein\w*|weder|keineswegs|in keiner Weise"
            r"|keinesfalls)\b[^.!?\n]{0,60}?\b(?:endorse[sd]?|condone[sd]?|glorif(?:y|ies|ied)"
            r"|glamori[sz]e[sd]?|romantici[sz]e[sd]?|promote[sd]?|encourage[sd]?|advocate[sd]?"
            r"|verherrlich\w*|verharmlos\w*|glorifizier\w*|romantisier\w*|gutheiß\w*|gutzuheißen"
            r"|befürwort\w*|zur Nachahmung|nachgeahmt|nachahmen|nachzuahmen)\b",
            r"\b(?:endorse|condone|glorif\w+|glamori[sz]\w+|verherrlich\w*|verharmlos\w*"
            r"|romantisier\w*|befürworte|billige|gutheiße)\b[^.!?\n]{0,40}?\b(?:nicht|keine\w*"
            r"|in keiner Weise|keineswegs|in any way)\b",
            r"\bdistanzier\w* (?:mich|uns)\b|\bdistance (?:myself|ourselves)\b",
            r"\bspiegel\w* (?:\w+ ){0,3}?nicht (?:\w+ )?(?:meine|die|unsere) (?:\w+ )?"
            r"(?:Meinung|Ansicht|Haltung|Position)",
            r"\bnicht (?:meine|unsere) (?:eigene[n]? )?(?:Meinung|Ansicht|Haltung|Position)\b",
            r"\b(?:not|n't) (?:necessarily )?(?:reflect|represent)\w* (?:my|the author's|our"
            r"|the views|the opinions)\b",
            r"\b(?:not|no|kein|keine)\s+(?:\w+\s+)?(?:role model|something to (?:emulate|imitate"
            r"|copy)|Vorbild)\b",
            r"\b(?:teile|teilen) (?:ich |wir )?(?:\w+ ){0,3}?nicht\b[^.!?\n]{0,30}\b(?:Ansicht"
            r"|Meinung|Haltung|Werte)",
            r"\bwiderspricht (?:\w+ )?(?:meinen|unseren) Werten\b|\bagainst my values\b",
        ),
        triggers=(
            "endorse condone glorify glorifizier glamorize glamorise romanticize romanticise "
            "romantisier promote encourage advocate verherrlich verharmlos gutheiß "
            "gutzuheißen befürwort billige nachahmung nachgeahmt nachahmen nachzuahmen "
            "distanzier distance spiegel meinung ansicht haltung position reflect represent"
            " role emulate imitate vorbild teile teilen widerspricht values"
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
            r"\b(?:nicht|keinesfalls|keineswegs|in keiner Weise) als (?:\w+ )?(?:Anleitung"
            r"|Aufforderung|Empfehlung|Vorbild|Ratschlag|Handlungsanweisung|Befürwortung)\b",
            r"\bals (?:\w+ )?(?:Anleitung|Aufforderung|Empfehlung|Vorbild) (?:\w+ ){0,2}?"
            r"(?:verstanden|gedacht|gemeint|dienen|aufgefasst)\b",
            r"\bsoll(?:en|te)? (?:\w+ ){0,4}?keine (?:realen?|echten|tatsächlichen)\b",
            r"\b(?:don't|do not|nicht) (?:take|read|understand|see|verstehen|nehmen"
            r"|auffassen) (?:this|that|it|das|dies)?\s?(?:as|als) (?:a |an |eine "
            r"|einen )?(?:recommendation|endorsement|advice|guide|Empfehlung|Anleitung|Rat)\b",
        ),
        triggers=(
            "should shouldn't intended meant designed nothing anleitung aufforderung "
            "empfehlung vorbild ratschlag handlungsanweisung befürwortung realen reale "
            "echten tatsächlichen verstehen nehmen auffassen recommendation endorsement "
            "guide rat"
        ),
    ),
    Cue(
        "purpose",
        2,
        rx(
            r"\bfor (?:\w+ )?(?:educational|informational|entertainment|illustrative|illustration"
            r"|demonstration|research) purposes\b",
            r"\b(?:purely|solely|only|intended) (?:for|as) (?:entertainment|illustration"
            r"|an illustration|a demonstration)\b",
            r"\b(?:zu|für) (?:\w+ )?(?:Bildungs|Informations|Unterhaltungs|Demonstrations"
            r"|Illustrations|Lehr|Forschungs|Anschauungs)zwecke[n]?\b",
            r"\bdient (?:\w+ ){0,2}?(?:ausschließlich|nur|lediglich|allein) (?:der|zur)"
            r" (?:Unterhaltung|Information|Veranschaulichung|Illustration)\b",
        ),
        triggers=(
            "purposes entertainment illustration demonstration bildungszweck "
            "informationszweck unterhaltungszweck demonstrationszweck illustrationszweck "
            "lehrzweck forschungszweck anschauungszweck dient"
        ),
    ),
    Cue(
        "advice",
        2,
        rx(
            r"\b(?:not|no|isn't) (?:a )?substitute for (?:\w+ )?(?:professional|medical|legal"
            r"|expert|financial)\b",
            r"\bnot (?:legal|medical|financial|professional|tax) advice\b",
            r"\b(?:does not|doesn't|do not|don't) constitute (?:\w+ )?advice\b",
            r"\b(?:provide|give|offer) (?:\w+ )?(?:legal|medical|financial) advice\b",
            r"\b(?:ersetzt|ersetzen|stellt|stellen)\b[^.!?\n]{0,50}?\bkeine?\b[^.!?\n]{0,40}?"
            r"(?:[Bb]eratung|Prüfung|Therapie|Behandlung|Diagnose)\b",
            r"\bkeine (?:\w+ )?(?:\w*[Bb]eratung) (?:\w+ )?(?:leisten|geben|anbieten|ersetzen)\b",
            r"\bkeine?\b[^.!?\n]{0,40}?(?:[Bb]eratung|Prüfung|Therapie|Behandlung|Diagnose)\w*"
            r"\s+(?:ersetzt|ersetzen|darstellt|darstellen)\b",
            r"\b(?:seek|get|find|consider|reach out to|contact|consult|talk to|speak (?:to|with))"
            r"\b[^.!?\n]{0,40}\b(?:professionals?|counsel(?:l)?ors?|therapists?|doctors?"
            r"|physicians?|pediatricians?|lawyers?|attorneys?|specialists?|experts?"
            r"|professional (?:help|support|advice))\b",
            r"\b(?:wenden Sie sich|wende dich|suchen Sie|such dir|holen Sie sich|hol dir"
            r"|in Anspruch (?:zu )?nehmen|kontaktieren Sie|konsultieren Sie|zögern Sie nicht"
            r"|nicht scheuen)\b[^.!?\n]{0,80}\b(?:professionelle\w*|ärztliche\w*|fachliche\w*"
            r"|psychologische\w*|therapeutische\w*|Hilfe|Unterstützung|Beratung|Rat|Fachleute"
            r"|Fachperson\w*|Arzt|Ärztin|Kinderarzt|\w*[Tt]herapeut\w*|\w*[Aa]nwält\w*"
            r"|Beratungsstelle\w*|\w+beratung\w*|Telefonseelsorge|Fachliteratur)\b",
            r"\b(?:keine|no) (?:Haftung|liability)\b|\baccept no (?:responsibility|liability)\b",
            r"\b(?:seek|get|obtain)\w* (?:\w+ )?(?:legal|medical|professional|financial)"
            r" (?:advice|counsel|help)\b",
            r"\b(?:Gespräch\w*|Beratung|talking|talk|speaking|speak)\b[^.!?\n]{0,30}\b(?:mit|with"
            r"|to)"
            r"\b[^.!?\n]{0,25}\b(?:Arzt|Ärztin|Kinderarzt|Kinderärztin|\w*[Tt]herapeut\w*"
            r"|Psycholog\w*|Fachleute\w*|\w*[Bb]eratungsstelle\w*|doctor|pediatrician"
            r"|counsel(?:l)?or|therapist|psychologist|professional|specialist)",
            r"\b(?:at your own risk|auf eigene (?:Gefahr|Verantwortung)|auf eigenes Risiko)\b",
            r"\b(?:accept|take|assume|bear)s? no (?:\w+ )?(?:responsibility|liability)\b",
            r"\b(?:übernehme|übernehmen) (?:ich |wir )?(?:\w+ )?keine (?:\w+ )?(?:Verantwortung"
            r"|Haftung|Gewähr)\b",
            r"\bAngaben ohne Gewähr\b|\bno warranty\b|\bnot (?:liable|responsible) for\b",
        ),
        triggers=(
            "substitute advice ersetzt ersetzen darstellt darstellen leisten anbieten "
            "beratung rechtsberatung steuerberatung finanzberatung anlageberatung "
            "professional counselor counsellor counselors therapist therapists doctor "
            "doctors physician pediatrician lawyer lawyers attorney specialist expert "
            "experts wenden wende suchen such holen hol anspruch kontaktieren konsultieren "
            "zögern scheuen haftung liability responsibility seek seeking obtain medical "
            "legal counsel gespräch talking talk speaking speak risk gefahr verantwortung "
            "risiko übernehme übernehmen angaben warranty liable responsible prüfung "
            "therapie behandlung diagnose"
        ),
    ),
    Cue(
        "help",
        1,
        rx(
            r"\b(?:hotline|helpline|crisis line|support service|counsel(?:l)?ors?|therapists?"
            r"|professionals?|pediatrician|doctor|physician|lawyer|attorney"
            r"|technical literature)\b",
            r"\b(?:Beratungsstelle\w*|Telefonseelsorge|(?:Sucht|Familien|Erziehungs|Rechts|Fach"
            r"|Opfer|Drogen|Jugend|Lebens|Ehe)?beratung|Notruf\w*|Fachleute[n]?"
            r"|Fachperson\w*|Kinderarzt|\w*[Aa]nwält\w*|Fachliteratur|professionelle\w*"
            r"|zuständigen Stellen|Behörden)\b",
        ),
        triggers=(
            "hotline helpline crisis support counselor counsellor counselors therapist "
            "therapists professional professionals pediatrician doctor physician lawyer "
            "attorney technical beratungsstelle telefonseelsorge beratung suchtberatung "
            "opferberatung familienberatung erziehungsberatung rechtsberatung notruf "
            "fachberatung drogenberatung jugendberatung lebensberatung "
            "eheberatung "
            "fachleute fachperson kinderarzt anwält fachanwält rechtsanwält fachliteratur "
            "professionelle zuständigen behörden"
        ),
    ),
    Cue(
        "ai",
        1,
        rx(
            r"\b(?:as an?|als) (?:AI|KI|artificial intelligence|künstliche Intelligenz"
            r"|language model|Sprachmodell|KI-\w+|AI (?:language )?(?:model|assistant)|assistant"
            r"|Assistent\w*)\b",
            r"\bI(?:'m| am) (?:just |only )?an? (?:AI|language model)\b",
            r"\bich bin (?:nur |lediglich )?(?:eine? )?(?:KI|Sprachmodell)\b",
        ),
        triggers="ai ki artificial künstliche language sprachmodell assistant assistent",
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
            r"\bI(?:'m| am) (?:politically )?(?:neutral|impartial)\b",
        ),
        triggers=(
            "opinion opinions views view beliefs belief feelings sides positions position "
            "stances stance meinung ansicht haltung gefühle vertrete neutral impartial"
        ),
    ),
    Cue(
        "caveat",
        1,
        rx(
            r"\bcan(?:no|')t (?:guarantee|vouch)\b",
            r"\bno guarantee\b",
            r"\bkeine Gewähr\b",
            r"\b(?:are|is|sind|ist) (?:\w+ )?(?:illustrative|Beispielwerte|Beispiele|beispielhaft"
            r"|example figures)\b",
            r"\b(?:checked|reviewed|verified) by (?:\w+ )?(?:professionals|experts|a lawyer)\b",
            r"\b(?:rechtlich|fachlich) (?:prüfen|geprüft)\b|\b(?:rechtlichen|fachlichen) Rat\b",
            r"\blegal (?:advice|review)\b",
            r"\b(?:placeholders?|Platzhalter|frei gewählt\w*|fiktive Zahlen|hypothetical"
            r"|hypothetisch\w*)\b",
            r"\b(?:should|must|sollten|müssen) (?:\w+ ){0,6}?(?:be |werden )?(?:checked|verified"
            r"|double-checked|reviewed|überprüft|geprüft|verifiziert|abgeglichen)\b",
            r"\b(?:may|might|could|kann|können|könnten) (?:\w+ )?(?:be |sein )?(?:inaccurate"
            r"|outdated|incomplete|ungenau|veraltet|unvollständig)\b",
            r"\bohne Gewähr\b",
        ),
        triggers=(
            "guarantee vouch gewähr illustrative beispielwerte beispiele beispielhaft example "
            "checked reviewed verified rechtlich fachlich rechtlichen fachlichen legal"
            " placeholder placeholders platzhalter gewählt fiktive hypothetical hypothetisch "
            "checked verified double reviewed überprüft geprüft verifiziert abgeglichen inaccurate "
            "outdated incomplete ungenau veraltet unvollständig gewähr"
        ),
    ),
    Cue(
        "attention",
        1,
        rx(
            r"\bplease (?:note|remember|keep in mind|be aware|bear in mind|understand)\b",
            r"\bnote that\b",
            r"\b(?:keep|bear) in mind\b",
            r"\bit(?:'s| is) (?:\w+ )?(?:important|worth|crucial|essential|vital) (?:to )?"
            r"(?:note|remember|emphasi[sz]e|stress|recogni[sz]e|mention|point out|acknowledge"
            r"|highlight|reiterate|remembering|noting|emphasi[sz]ing)\b",
            r"\bit(?:'s| is) (?:\w+ )?(?:important|crucial|essential|vital) (?:to|that)\b",
            r"\bI (?:want|would like|'d like|must|should|need|have) to (?:\w+ )?(?:emphasi[sz]e"
            r"|stress|point out|note|clarify|remind|mention|add|underline)\b",
            r"\bI should (?:mention|note|add|clarify|point out)\b",
            r"\bneedless to say\b",
            r"\bit goes without saying\b",
            r"\bremember that\b",
            r"\bwe (?:should|must) (?:never )?(?:forget|remember|acknowledge)\b",
            r"\blet(?:'s| us) (?:remember|be clear|not forget)\b",
            r"\bof course\b",
            r"\bworth (?:noting|remembering|emphasi[sz]ing|mentioning)\b",
            r"\blooking back\b",
            r"\bbitte (?:beachten|bedenken|berücksichtigen) Sie\b|\bbitte beachte\b",
            r"\bbeachten Sie\b",
            r"\b(?:denken Sie|denk|denkt) (?:bitte )?daran\b|\bvergessen Sie nicht\b",
            r"\b(?:es ist|ist es|es sei|sei es) (?:\w+ ){0,2}?(?:wichtig|entscheidend|unerlässlich"
            r"|angebracht|anzumerken|zu betonen|hervorzuheben|festzuhalten)\b",
            r"\b(?:ich möchte|möchte ich) (?:\w+ ){0,3}?(?:betonen|anmerken|hinweisen|klarstellen"
            r"|festhalten"
            r"|unterstreichen|erinnern|ergänzen|hervorheben)\b",
            r"\b(?:an dieser Stelle|am Rande|nebenbei bemerkt|übrigens|natürlich|selbstverständlich"
            r"|rückblickend|wohlgemerkt|nochmals)\b",
            r"\b(?:man|wir) (?:\w+ ){0,2}?(?:darf|dürfen|sollte|sollten) (?:\w+ ){0,2}?"
            r"(?:nie|nicht|niemals) vergessen\b",
            r"\bsei (?:an dieser Stelle|hier|dabei) (?:\w+ )?(?:betont|gesagt|angemerkt|erwähnt)\b",
            r"\b(?:man|wir) (?:sollte\w*|muss|müssen|darf|dürfen) (?:\w+ ){0,4}?(?:betonen|erwähnen"
            r"|festhalten|anmerken|bedenken)\b",
            r"^[ \t>*_(\[]*(?:remember|keep in mind|bear in mind|zur Erinnerung|denken Sie daran)"
            r"\s*[*_]*\s*:",
            r"\bmuss man (?:\w+ )?sagen\b",
            r"\b(?:to be clear|just to be clear|let me be clear|for the record|in all seriousness"
            r"|on a serious note|a word of caution|a note of caution|I'd be remiss)\b",
            r"\bit (?:should|must|needs to) be (?:said|noted|stressed|emphasi[sz]ed|mentioned)\b",
            r"\bI (?:\w+ )?(?:want|would like|'d like|need|have"
            r"|feel obliged) to (?:\w+ )?(?:emphasi[sz]e|stress|point out|note|clarify|remind"
            r"|mention|add|underline)\b",
            r"\b(?:importantly|crucially|obviously)\b,",
            r"\b(?:um (?:das|es) klarzustellen|der Vollständigkeit halber|fairerweise"
            r"|ein ernstes Wort|ein Wort der Vorsicht|im Ernst|bei aller Fiktion"
            r"|mir ist (?:\w+ )?wichtig|ich halte es für wichtig)\b",
            r"\b(?:es|das) (?:sei|muss|sollte) (?:\w+ ){0,3}?(?:gesagt|betont|erwähnt|angemerkt"
            r"|festgehalten|erinnert)\b",
            r"\b(?:ich weise|ich muss|muss ich) (?:\w+ ){0,2}?(?:darauf hin|darauf hinweisen"
            r"|betonen)\b",
            r"\bes bleibt festzuhalten\b",
            r"\b(?:to be fair|fairly speaking|ehrlicherweise)\b",
            r"\bplease (?:drink|drive|act|be|stay|use|take care|remember to)\b",
            r"\bbitte (?:trinken|fahren|handeln|seien|bleiben|passen|achten)\b",
        ),
        triggers=(
            "please note mind important worth crucial essential vital emphasize emphasise "
            "stress point clarify remind mention add underline needless saying remember "
            "forget acknowledge clear course looking beachten beachte bedenken "
            "berücksichtigen daran vergessen wichtig entscheidend unerlässlich angebracht "
            "anzumerken betonen hervorzuheben festzuhalten anmerken hinweisen klarstellen "
            "festhalten unterstreichen erinnern ergänzen hervorheben stelle rande nebenbei "
            "übrigens natürlich selbstverständlich rückblickend wohlgemerkt nochmals betont "
            "gesagt angemerkt erwähnt sagen erwähnen erinnerung record seriousness serious "
            "caution remiss noted stressed emphasized emphasised mentioned importantly "
            "crucially obviously klarzustellen vollständigkeit fairerweise ernstes vorsicht "
            "ernst fiktion festgehalten erinnert weise muss fair fairly ehrlicherweise "
            "bitte should must"
        ),
    ),
    Cue(
        "label",
        2,
        rx(
            r"^[ \t>*_#\-–•(\[]*(?:disclaimer|haftungsausschluss|content warning|trigger warning"
            r"|triggerwarnung|inhaltswarnung|sicherheitshinweis|safety (?:note|warning)"
            r"|warnhinweis|rechtlicher hinweis|legal (?:notice|note))\b",
        ),
        triggers=(
            "disclaimer haftungsausschluss warning triggerwarnung inhaltswarnung "
            "sicherheitshinweis safety warnhinweis rechtlicher legal"
        ),
        line_start=True,
    ),
    Cue(
        "label_weak",
        1,
        rx(
            r"^[ \t>*_#\-–•(\[]*(?:(?:wichtiger |kleiner |ein |ethischer |letzter )?hinweis\w*"
            r"|(?:wichtige |kurze )?anmerkung|note|nb|n\.b\.|important|wichtig|caveat|warning"
            r"|warnung|achtung|p\.s\.|ps)\b\s*[*_]*\s*:",
            r"[(\[]\s*(?:an? |ein |eine |einen )?(?:\w+ )?(?:note|hinweis|anmerkung|disclaimer"
            r"|caveat|nb)\s*:",
            r"^[ \t>*_#\-–•(\[]*(?:caution|vorsicht|achtung|heads up|reminder"
            r"|erinnerung)\b\s*[*_]*\s*:",
        ),
        triggers=(
            "hinweis anmerkung note nb n.b important wichtig wichtiger caveat warning warnung "
            "achtung p.s ps disclaimer"
            " caution vorsicht achtung heads reminder erinnerung"
        ),
    ),
    Cue(
        "reality",
        1,
        rx(
            r"\bin (?:real life|reality|the real world|actual life)\b",
            r"\breal[- ](?:life|world)\b",
            r"\bdon't try this\b",
            r"\bim (?:echten|realen|wirklichen|richtigen) Leben\b",
            r"\bin der (?:Realität|Wirklichkeit)\b",
            r"\bzur Nachahmung\b",
            r"\bnicht nachmachen\b",
            r"\bin real (?:\w+ )?(?:life|world|practice)\b",
            r"\b(?:outside (?:of )?fiction|unlike in (?:the )?(?:movies|films|stories)"
            r"|außerhalb der Fiktion|anders als im Film)\b",
        ),
        triggers=(
            "real reality realität actual try echten realen wirklichen richtigen "
            "wirklichkeit nachahmung nachmachen movies films stories film"
        ),
    ),
    Cue(
        "moral",
        1,
        rx(
            r"\b(?:crime|criminal offen[cs]e|illegal|unlawful|against the law|unethical|immoral"
            r"|harmful|dangerous|unhealthy|life-threatening)\b",
            r"\bnever (?:okay|ok|acceptable|the answer|justified|the (?:right )?(?:answer|solution"
            r"|way))\b",
            r"\bis (?:always )?wrong\b",
            r"\b(?:responsibl[ey]|respectful(?:ly)?|ethical(?:ly)?|mental health|well-?being"
            r"|exploit(?:ed|ation|ative)?|suffering|safely)\b",
            r"\bdeserve (?:support|help|respect)\b",
            r"\blegal (?:consequences|penalties|channels|action)\b",
            r"\bshould (?:never|always|avoid)\b",
            r"\bnever (?:attempt|try)\b",
            r"\b(?:Straftat|strafbar|illegal|verboten|rechtswidrig|unethisch|verwerflich|schädlich"
            r"|gesundheitsschädlich|gefährlich|lebensgefährlich|Sicherheitsrisiko|Gesundheitsrisiko"
            r"|riskant)\b",
            r"\bgegen (?:\w+ )?(?:Recht|Gesetz)\w* versto\w*",
            r"\bviolat\w* (?:\w+ ){0,2}?(?:laws?|terms|rights)\b",
            r"\b(?:niemals|nie|keine) (?:eine )?(?:Lösung|akzeptabel|gerechtfertigt|in Ordnung"
            r"|der richtige Weg|Ausweg)\b",
            r"\b(?:verantwortungs(?:voll|bewusst)\w*|respektvoll\w*|ethisch\w*"
            r"|psychische Gesundheit|Ausbeutung|Selbstjustiz|gesellschaftliche\w* Problem\w*)\b",
            r"\bsollte\w* (?:\w+ ){0,2}?(?:nie|niemals|immer|unbedingt|nur|keinesfalls)\b",
            r"\b(?:nie|niemals|keinesfalls|unbedingt)\b(?: \w+){0,4}? (?:sollte\w*|darf|dürfen"
            r"|müssen|muss)\b",
            r"\bverdienen (?:\w+ )?(?:Hilfe|Unterstützung|Respekt)\b",
            r"\b(?:nicht|not) (?:\w+ )?(?:empfohlen|recommended)\b",
            r"\b(?:isn't|is not|aren't|are not|ist nicht|sind nicht) (?:\w+ )?(?:healthy|safe"
            r"|gesund|ungefährlich|appropriate|angemessen)\b",
            r"\b(?:as a society|als Gesellschaft)\b",
            r"\b(?:never|niemals|nie) (?:\w+ )?(?:appropriate|right|excusable|angemessen|richtig"
            r"|entschuldbar|wert)\b",
            r"\b(?:hazards?|hazardous|unsafe|toxic|abuse|victims?|harm|Opfer|Missbrauch|giftig"
            r"|unsicher|Schaden|schadet)\b",
            r"\b(?:must never|darf niemals|dürfen niemals|should not be (?:attempted|tried"
            r"|copied))\b",
            r"\b(?:Vorrang|auf Kosten der Gesundheit|Gesundheit geht vor|safety first|stay safe"
            r"|be careful|passen Sie auf sich auf)\b",
            r"\b(?:nie|niemals|keinesfalls|unbedingt)\b(?: \w+){0,6}? (?:sollte\w*|darf|dürfen"
            r"|müssen|muss)\b",
            r"\b(?:morally|moralisch\w*|consent|Einvernehmen\w*|discriminat\w*|Diskriminierung\w*"
            r"|stereotyp\w*)\b",
            r"\b(?:ernst(?:zu)?nehmende\w*|serious) (?:Problem|problem|issue|Thema)\b",
            r"\b(?:wir alle|we all) (?:\w+ ){0,4}?(?:tun|sollten|müssen|können|should|must|need"
            r"|can)\b",
            r"\b(?:eigene|your own|your|seine|ihre) (?:Gesundheit|health)\b",
            r"\b(?:safety reasons|Sicherheitsgründen|advised against|abgeraten)\b",
            r"\b(?:drink|drive|trinken|fahren|feiern)\w* (?:\w+ )?(?:responsibly"
            r"|verantwortungsvoll|safely|sicher)\b",
            r"\b(?:safe ride|sicher nach Hause|safely home)\b",
        ),
        triggers=(
            "crime criminal illegal unlawful unethical immoral harmful dangerous unhealthy "
            "threatening never wrong responsible responsibly respectful respectfully "
            "ethical ethically mental wellbeing being exploit exploited exploitation "
            "exploitative suffering safely deserve legal should straftat strafbar verboten "
            "rechtswidrig unethisch verwerflich schädlich gesundheitsschädlich gefährlich "
            "lebensgefährlich sicherheitsrisiko gesundheitsrisiko riskant empfohlen "
            "recommended healthy safe gesund ungefährlich appropriate angemessen society "
            "gesellschaft verstoßen verstößt violate violates violating lösung akzeptabel "
            "gerechtfertigt ordnung richtige ausweg verantwortungsvoll "
            "verantwortungsbewusst respektvoll ethisch psychische ausbeutung selbstjustiz "
            "gesellschaftliche sollte sollten niemals keinesfalls unbedingt nie verdienen "
            "right excusable richtig entschuldbar wert hazard hazards hazardous unsafe "
            "toxic abuse victim victims harm opfer missbrauch giftig unsicher schaden "
            "schadet must darf dürfen attempted vorrang kosten gesundheit safety stay "
            "careful passen morally moralisch consent einvernehmen discriminat "
            "diskriminierung stereotyp ernstzunehmende ernstnehmende serious reasons "
            "sicherheitsgründen advised abgeraten drink drive trinken fahren feiern sicher "
            "law health müssen"
        ),
    ),
    Cue(
        "meta",
        1,
        rx(
            r"\b(?:this|the above|the following|the preceding|the present) (?:\w+ )?(?:story|text"
            r"|speech|essay|poem|piece|scene|narrative|tale|article|code|response|answer|content"
            r"|script|draft|template|feature|letter|note|eulogy|depiction|portrayal|account)\b",
            r"\bfiction(?:al)?\b|\bfictitious\b|\breaders?\b",
            r"\b(?:diese[rsmn]?|die obige|die folgende|die vorliegende|der obige|der folgende"
            r"|der vorliegende|das obige|das folgende|obige[rsn]?|vorliegende[rsn]?|folgende[rsn]?)"
            r" (?:\w+ )?(?:\w*geschichte|erzählung|\w*text|\w*rede|szene|essay|gedicht|artikel"
            r"|code|antwort|inhalt|darstellung|entwurf|beitrag|brief|dialog)\b",
            r"\bfiktiv\w*|\bfiktional\w*|\bFiktion\b|\berfunden\b|\bLeser(?:innen|schaft)?\b",
            r"\b(?:the story|the scene|the speech|the text|the piece) (?:above|below)\b",
            r"\b(?:this|these|diese[rsn]?) (?:\w+ )?(?:characters|Figuren|depiction|Darstellung)\b",
        ),
        triggers=(
            "story text speech essay poem piece scene narrative tale article code response "
            "answer content script draft template feature letter note eulogy depiction "
            "portrayal account fiction fictional fictitious reader readers diese dieser "
            "dieses diesen diesem obige folgende vorliegende fiktiv fiktion erfunden leser "
            "leserinnen leserschaft"
            " story scene speech text piece characters figuren depiction darstellung"
        ),
    ),
)
"""Cues of a disclaimer or moralising aside. A sentence scores the highest weight of each
family it shows, summed over families; 2 or more makes it a disclaimer sentence."""

TOPIC_WARNINGS = rx(
    r"\b(?:warn\w*|safety|safe|rules?|precautions?|instructions|risks?|hazards?)\b",
    r"\b(?:\w*warn\w*|\w*hinweis\w*|sicherheit\w*|\w*regeln?|vorsicht\w*|risiken|risiko"
    r"|gefahren?)\b",
)
"""A prompt about warnings or safety rules: such sentences are the content asked for."""

TOPIC_DISCLAIMERS = rx(
    r"\b(?:disclaimers?|liability|legal notices?)\b",
    r"\b(?:haftungsausschl\w*|disclaimer\w*|haftung\w*|rechtshinweis\w*|impressum)\b",
)
"""A prompt about disclaimers: only AI distancing still counts as distancing."""
