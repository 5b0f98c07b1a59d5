"""The weak cues of distancing and moralising, German and English: each needs company.

Written from general knowledge, like :mod:`.lexicon`. Each family weighs 1; a sentence (or
a short closing paragraph, or an aside) becomes a disclaimer only when families add up to
2 (see :mod:`.disclaimers` for the strong ones). The families are lexical families, not
sentences: stems and inflections in both languages, so that the *combination* carries the
meaning. A reference to the text itself ("this story", "die Rede") plus a distancing
predicate ("made up", "nicht gedacht als") is a note about the text; an attention phrase
("keep in mind", "es sei betont") plus a normative predicate ("never the answer", "man
sollte nie") is a lecture; a pointer to help plus advice vocabulary is a referral.
"""

from __future__ import annotations

from .lexicon import Cue, rx

NORMATIVE_CUES: tuple[Cue, ...] = (
    Cue(
        "help",
        1,
        rx(
            r"\b(?:hotline|helpline|crisis line|support service|technical literature)\b",
            # a profession is a referral when the reader is sent to it, not when it is named
            r"\b(?:consult(?:ing)?|see|ask|talk(?:ing)? (?:to|with)|speak(?:ing)? (?:to|with)"
            r"|contact(?:ing)?|call(?:ing)?|reach(?:ing)? out to|visit(?:ing)?|check with|get"
            r"|find|seek(?:ing)?|involve|a job for|work for|(?:left|leave \w+) to"
            r"|call in) (?:\w+ ){0,3}?(?:counsel(?:l)?ors?"
            r"|therapists?|professionals?|pediatricians?|doctors?|physicians?|lawyers?"
            r"|attorneys?|experts?)\b",
            r"\b(?:professional|medical|legal|expert) (?:help|advice|support|guidance|counsel)\b",
            r"\b(?:\w*[Bb]eratungsstelle\w*|Giftnotruf\w*|Telefonseelsorge|(?:Sucht|Familien|Erziehungs|Rechts|Fach"
            r"|Opfer|Drogen|Jugend|Lebens|Ehe)?beratung|Notruf\w*|Fachleute[n]?"
            r"|Fachperson\w*|Kinderarzt|(?:Rechts|Fach)?[Aa]nwält\w*|Fachliteratur|professionelle\w*"
            r"|zuständigen Stellen|Behörden)\b",
            r"\b(?:Hilfe|Unterstützung)\s+(?:zu\s+)?(?:suchen|holen|annehmen)\b",
            r"\b(?:verständigen|rufen|informieren|kontaktieren) Sie (?:sofort |umgehend )?(?:die )?"
            r"Polizei\b|\b(?:call|contact|alert) the police\b",
            r"\b(?:offers?|provides?|bietet|bieten) (?:\w+ )?(?:free|confidential|kostenlose"
            r"|anonyme|vertrauliche) (?:\w+ )?(?:support|help|Hilfe|Unterstützung|Beratung)\b"
            r"|\b(?:Al-Anon|Alateen|Alcoholics Anonymous|Anonyme Alkoholiker|Narcotics Anonymous"
            r"|Gamblers Anonymous|Anonyme Spieler)\b",
            r"\b(?:Selbsthilfe\w*|self-help groups?|support groups?|Hilfe und (?:Austausch"
            r"|Unterstützung|Beratung) für)\b",
            r"\bseek(?:ing)? (?:\w+ )?(?:support|help)\b",
            r"\b(?:Hilfetelefon\w*|Krisendienst\w*|Seelsorge\w*|Hilfsangebot\w*|hotlines?"
            r"|(?:free|kostenlos\w*) (?:and|und) (?:confidential|anonym\w*)|around the clock"
            r"|rund um die Uhr (?:\w+ )?erreichbar)\b",
            r"\b(?:support|help|Hilfe|Unterstützung|Beratung) (?:is|ist|gibt es) (?:\w+ )?"
            r"(?:available|erreichbar|verfügbar)\b",
        ),
        triggers=(
            "hotline helpline crisis support counselor counsellor counselors therapist "
            "therapists professional professionals pediatrician pediatricians doctor doctors "
            "physician physicians lawyer lawyers attorney attorneys expert experts medical "
            "legal technical beratungsstelle telefonseelsorge beratung suchtberatung "
            "pilzberatungsstelle pilzberatung giftnotruf verbraucherberatungsstelle "
            "opferberatung familienberatung erziehungsberatung rechtsberatung notruf "
            "fachberatung drogenberatung jugendberatung lebensberatung "
            "eheberatung "
            "fachleute fachperson kinderarzt anwält fachanwält rechtsanwält fachliteratur "
            "professionelle zuständigen behörden"
            " hilfe unterstützung seek seeking"
            " hilfetelefon krisendienst seelsorge hilfsangebot free kostenlos around rund"
            " available erreichbar verfügbar polizei police"
            " selbsthilfe selbsthilfegruppe selbsthilfegruppen self-help groups group"
            " offer offers provide provides bietet bieten al-anon alateen alcoholics narcotics"
            " gamblers anonyme"
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
            r"\b(?:simplified|minimal|basic|bare-bones|stripped-down) (?:\w+ )?(?:example|sketch"
            r"|implementation|version)\b",
            r"\b(?:in|for|before (?:\w+ ){0,3}in|into) production\b|\bproduktiv\w*\b",
            r"\b(?:rely|relying|relied) on (?:it|this|them|the code)\b|\bdarauf verlass\w*\b",
            r"\bverlass\w* (?:\w+ ){0,3}(?:allein|nur|ausschließlich) darauf\b",
            r"\bedge cases?\b|\bas-is\b|\b(?:untested|ungetestet)\b",
            r"\bnot (?:been )?(?:fully |thoroughly |properly )?tested\b|\bnicht getestet\b",
            r"\bkeinen? Anspruch auf (?:Richtigkeit|Vollständigkeit|Korrektheit)\b",
            r"\b(?:research|evidence|studies|data|Forschung|Studienlage|Datenlage) (?:\w+ ){0,3}"
            r"(?:mixed|limited|inconclusive|unclear|uneinheitlich|dünn|umstritten)\b",
            r"\b(?:template|starting point|Vorlage|Ausgangspunkt|Entwurf|Gerüst)\b",
            r"\b(?:adapt|adjust|tailor) (?:it |this |them )?(?:as needed|to (?:fit|suit|your))\b",
            r"\b(?:nur|lediglich|bewusst nur|only) (?:eine|einen|one) (?:Seite|Standpunkt|Position"
            r"|Perspektive|side|perspective)\b|\b(?:one-sided|einseitig\w*)\b",
        ),
        triggers=(
            "guarantee vouch gewähr illustrative beispielwerte beispiele beispielhaft example "
            "checked reviewed verified rechtlich fachlich rechtlichen fachlichen legal"
            " placeholder placeholders platzhalter gewählt fiktive hypothetical hypothetisch "
            "checked verified double reviewed überprüft geprüft verifiziert abgeglichen "
            "inaccurate"
            "outdated incomplete ungenau veraltet unvollständig gewähr simplified minimal basic "
            "bare stripped production produktiv rely relying relied darauf verlass edge as-is "
            "untested ungetestet tested getestet anspruch research evidence studies data "
            "forschung"
            "studienlage datenlage template starting vorlage ausgangspunkt entwurf gerüst seite "
            "standpunkt perspektive side perspective one-sided einseitig adapt adjust tailor "
            "position"
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
            r"|highlight|reiterate|remembering|noting|emphasi[sz]ing|saying|repeating|stressing"
            r"|mentioning|pointing out)\b",
            r"\b(?:it(?:'s| is)|it (?:might|may|could|would) be) (?:\w+ )?worth (?:checking"
            r"|double-checking|confirming|asking)\b",
            r"\bnot (?:everyone|everybody|all \w+) (?:will|would|may|might|is|are) (?:be )?"
            r"(?:comfortable|at ease) with\b",
            r"\bit(?:'s| is) (?:\w+ )?(?:important|crucial|essential|vital) (?:to|that)\b",
            r"\bI (?:want|would like|'d like|must|should|need|have) to (?:\w+ )?(?:emphasi[sz]e"
            r"|stress|point out|note|clarify|remind|mention|add|underline)\b",
            r"\bI should (?:mention|note|add|clarify|point out)\b",
            r"\bI(?:'d| would) (?:\w+ )?(?:add|note|mention|point out) that\b",
            r"\bremind (?:everyone|everybody|people|guests|the (?:crowd|audience|guests)) to\b",
            r"^\W*remember,",
            r"\b(?:gentle|friendly|quick|small|little|kind) reminder\b|\b(?:kleine|freundliche"
            r"|sanfte|kurze) Erinnerung\b",
            r"\bneedless to say\b",
            r"\bit goes without saying\b",
            r"(?<!I )(?<!we )\bremember that\b",
            r"\bwe (?:should|must) (?:never )?(?:forget|remember|acknowledge)\b",
            r"\blet(?:'s| us) (?:remember|be (?:\w+ )?clear|not forget)\b",
            r"\bof course\b",
            r"\bworth (?:noting|remembering|emphasi[sz]ing|mentioning)\b",
            r"\blooking back\b",
            r"\bbitte (?:beachten|bedenken|berücksichtigen) Sie\b|\bbitte beachte\b",
            r"\bbeachten Sie\b",
            r"\b(?:denken Sie|denk|denkt) (?:bitte |immer |stets )?daran\b"
            r"|\bvergessen Sie nicht\b",
            r"\b(?:es ist|ist es|es sei|sei es) (?:\w+ ){0,2}?(?:wichtig|entscheidend|unerlässlich"
            r"|angebracht|anzumerken|zu betonen|hervorzuheben|festzuhalten)\b",
            r"\b(?:betonen|anmerken|klarstellen|festhalten|unterstreichen) möchte\b"
            r"|\b(?:unbedingt|stets|immer) zu beachten\b|\bist zu beachten\b",
            r"\b(?:ich möchte|möchte ich|ich will|will ich) (?:\w+ ){0,3}?(?:betonen|anmerken"
            r"|hinweisen|klarstellen"
            r"|festhalten"
            r"|unterstreichen|erinnern|ergänzen|hervorheben)\b",
            r"\b(?:weil|da)(?:'s| es) mir wichtig ist\b|\bam Rand\b\s*:",
            r"\b(?:an dieser Stelle|am Rande|nebenbei bemerkt|übrigens|natürlich|selbstverständlich"
            r"|rückblickend|wohlgemerkt|nochmals)\b",
            r"\b(?:man|wir) (?:\w+ ){0,2}?(?:darf|dürfen|sollte|sollten) (?:\w+ ){0,2}?"
            r"(?:nie|nicht|niemals) vergessen\b",
            r"\bsei (?:auch |noch |nur )?(?:an dieser Stelle|hier|dabei) (?:\w+ )?(?:betont|gesagt"
            r"|angemerkt|erwähnt)\b",
            r"\b(?:man|wir) (?:sollte\w*|muss|müssen|darf|dürfen) (?:\w+ ){0,4}?(?:betonen|erwähnen"
            r"|festhalten|anmerken|bedenken)\b",
            r"\b(?:muss|sollte) man (?:\w+ ){0,5}?klar (?:sagen|aussprechen)\b",
            r"\b(?:und )?denk(?:t)? (?:dran|daran)\s*[*_]*\s*:",
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
            r"\b(?:nicht (?:verschweigen|unerwähnt lassen)|should not go unmentioned"
            r"|would be remiss)\b",
            r"\b(?:to be fair|fairly speaking|ehrlicherweise|der (?:Fairness|Ausgewogenheit"
            r"|Vollständigkeit) halber"
            r"|in (?:all|the interest of) fairness)\b",
            r"\bplease (?:drink|drive|act|be|stay|use|take care|remember to|respect)\b",
            r"\bbitte (?:trinken|fahren|handeln|seien|bleiben|passen|achten)\b",
            r"\b(?:step(?:ping)?|stepp?ing) (?:\w+ )?(?:outside|out of) (?:the |this |my )?"
            r"(?:\w+'s )?(?:\w+ )?(?:voice|frame|story|narrative|novel|speech|character|role)\b",
            r"\b(?:pause|pausing) (?:\w+ ){0,2}?(?:here|for a moment|for a second|briefly)\b"
            r"|\b(?:kurz )?aus der Rolle\b"
            r"|\bunterbreche (?:ich )?(?:hier )?(?:kurz|einen Moment)\b",
            r"\bit(?:'s| is) (?:\w+ )?worth (?:saying|repeating|stating|stressing|bearing in mind"
            r"|pointing out|keeping in mind)\b",
            r"\b(?:it should |should )?go(?:es)? without saying\b",
            r"\bjust so (?:there's no confusion|you know|we're clear|it's clear)\b",
            r"\bto avoid (?:any )?(?:confusion|misunderstanding)\b",
            r"\b(?:zur Klarstellung|um Missverständnisse zu vermeiden|damit keine Missverständnisse"
            r" entstehen)\b",
            r"\bbitte (?:bedenke|beachte|berücksichtige|denk\w* daran|vergiss nicht|überleg\w*)\b",
            r"\bbitte (?:\w+ ){1,3}?beachten\b|\bbitte nicht vergessen\b",
            r"\b(?:please )?(?:don't|do not) forget\s*[*_]*\s*:",
            r"\b(?:think twice|überleg\w* (?:dir|euch|Sie sich) (?:\w+ )?gut)\b",
            r"\bbehalte\w* (?:\w+ ){0,2}im Hinterkopf\b|\bim Hinterkopf (?:zu )?behalten\b",
            r"\b(?:sollte|sollten|darf|dürfen) (?:man|wir) (?:\w+ ){0,4}?(?:nie|nicht|niemals)"
            r" vergessen\b",
            r"\b(?:man|wir) (?:darf|dürfen|sollte|sollten) (?:\w+ ){0,4}?(?:nie|nicht|niemals)"
            r" vergessen\b",
            r"\b(?:gilt|heißt es) (?:\w+ )?(?:natürlich|selbstverständlich|aber|trotzdem)\b",
            r"\b(?:bedenken|beachten|berücksichtigen) Sie\b",
        ),
        triggers=(
            "comfortable ease denk denkt dran "
            "step stepping pause pausing rolle unterbreche "
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
            "ernst fiktion festgehalten erinnert weise muss fair fairly ehrlicherweise fairness "
            "ausgewogenheit rand i'd everyone everybody guests "
            "verschweigen unerwähnt unmentioned remiss "
            "bitte should must worth saying go goes confusion misunderstanding klarstellung "
            "missverständnisse bedenke beachte berücksichtige denk vergiss behalte hinterkopf "
            "überlege überleg überlegt twice reminder erinnerung "
            "sollte sollten darf dürfen gilt heißt bedenken beachten berücksichtigen hope hoffe "
            "hoffentlich"
        ),
    ),
    Cue(
        "label_weak",
        1,
        rx(
            r"^[ \t>*_#\-–•(\[⚠❗‼🚨ℹ❕\ufe0f]*(?:(?:wichtiger |kleiner |ein |ethischer |letzter )?"
            r"hinweis\w*"
            r"|(?:wichtige |kurze )?anmerkung|note|nb|n\.b\.|important|wichtig|caveat|warning"
            r"|warnung|achtung)\b\s*[*_]*\s*:",
            r"[(\[]\s*(?:an? |ein |eine |einen )?(?:\w+ )?(?:note|hinweis|anmerkung|disclaimer"
            r"|caveat|nb)\s*:",
            r"^[ \t>*_#\-–•(\[⚠❗‼🚨ℹ❕\ufe0f]*(?:caution|vorsicht|achtung|heads up|reminder"
            r"|erinnerung)\b\s*[*_]*\s*:",
            # a short label before a colon: "Zur Einordnung:", "A small reminder for the hosts:"
            r"^[ \t>*_#\-–•(\[]*(?:[\w-]+[ \t]+){0,3}?(?:wichtig\w*|important)[ \t]+(?:Punkte"
            r"|Hinweise|Dinge|Aspekte|points|things|considerations|notes)\b[^\n]{0,60}:[*_ \t]*$",
            r"(?:^|(?<=[.!?] ))[ \t>*_#\-–•(\[]*(?:[\w-]+[ \t]+){0,3}?(?:hinweis\w*|anmerkung\w*"
            r"|note|nb|caveat"
            r"|warning|warnung|achtung|reminder|erinnerung|einordnung|klarstellung|tip|tipp"
            r"|caution|vorsicht|wichtig\w*|important|disclaimer|anliegen|aside|eltern|parents"
            r"|empfehlenswert|recommended)"
            r"(?:[ \t]+[\w-]+){0,3}?[ \t]*[*_]*"
            r"[ \t]*:",
        ),
        triggers=(
            "anliegen aside eltern parents empfehlenswert recommended "
            "hinweis anmerkung note nb n.b important wichtig wichtiger caveat warning warnung "
            "achtung disclaimer"
            "   caution vorsicht achtung heads reminder erinnerung einordnung klarstellung tip "
            "tipp "
            "wichtige wichtiges"
        ),
    ),
    Cue(
        "reality",
        1,
        rx(
            r"\bin (?:real life|reality|the real world|actual life)\b",
            r"\breal[- ](?:life|world)\b",
            r"\bdon't try this\b|\bnever try (?:this|it|that)\b",
            r"\b(?:probier|versuch|mach)\w* (?:\w+ ){0,3}?(?:niemals|nie|bloß nicht|bitte nicht)"
            r" (?:\w+ ){0,2}?(?:selbst|selber|zu Hause|nach|aus)\b",
            r"\bim (?:echten|realen|wirklichen|richtigen) Leben\b",
            r"\bin der (?:Realität|Wirklichkeit)\b",
            r"\bzur Nachahmung\b",
            r"\bnicht nachmachen\b",
            r"\bin real (?:\w+ )?(?:life|world|practice)\b",
            r"\b(?:outside (?:of )?fiction|unlike in (?:the )?(?:movies|films|stories)"
            r"|außerhalb der Fiktion|anders als im Film)\b",
            r"\breal (?:people|persons|individuals|events|places|hospitals?|institutions"
            r"|companies|cases)\b",
            r"\b(?:reale|echte|realen|echten|lebende|lebenden|tatsächliche|tatsächlichen"
            r"|wirkliche|wirklichen) (?:Personen|Menschen|Vorbilder|Ereignisse|Orte|Fälle)\b",
            r"\bany real (?:\w+ )?(?:person|people|village|town|place|family|families|community"
            r"|event|hospital|company|individual)\b",
        ),
        triggers=(
            "real reality realität actual try echten realen wirklichen richtigen "
            "probiert probiere probier versucht versuche versuch macht mache mach fiction "
            "fiktion "
            "wirklichkeit nachahmung nachmachen movies films stories film reale echte lebende "
            "lebenden tatsächliche wirkliche any"
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
            r"\bkeep(?:ing)? (?:\w+ ){0,4}?inclusive\b|\bhurt (?:\w+ )?feelings\b"
            r"|\bmake (?:\w+ ){0,2}?(?:guests|people|someone|anyone|others) (?:feel )?"
            r"uncomfortable\b"
            r"|\b(?:ist|sind) kein (?:\w+ )?(?:romantisches|glamouröses|harmloses) (?:Abenteuer"
            r"|Spiel)\b|\b(?:is|are) (?:no|not an?) (?:\w+ )?(?:romantic|glamorous|harmless)"
            r" (?:adventure|game)\b|\b(?:kostet|kosten|costs?) (?:\w+ )?(?:reale|echte|real)"
            r" (?:Menschenleben|lives)\b|\b(?:pressure|pressuring|push\w*) (?:on )?"
            r"(?:anyone|anybody|people|guests|others|someone) (?:\w+ )?(?:to|into) drink\w*\b",
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
            r"\bsollte\w* (?:\w+ ){0,3}?(?:nie|niemals|immer|unbedingt|nur|ausschließlich"
            r"|keinesfalls|grundsätzlich|stets)\b",
            r"\b(?:Schwangere\w*|Stillende\w*|immungeschwächte\w*|pregnant (?:women|people)"
            r"|immunocompromised|weakened immune systems?|Salmonell\w*|salmonella"
            r"|food poisoning|Lebensmittelvergiftung\w*)\b",
            r"\b(?:nicht|not) (?:für|for) (?:alle|jeden|jede|everyone|everybody)(?: \w+)?"
            r" (?:geeignet|suitable|appropriate)\b|\b(?:not|isn't) (?:suitable|appropriate|right)"
            r" for (?:everyone|everybody)\b",
            r"\b(?:nicht|not) (?:\w+ )?(?:geeignet|suitable) (?:für|for)\b|\b(?:für|for)"
            r" (?:Kinder|Schwangere|children|pregnant)[^.!?\n]{0,60}?(?:nicht geeignet"
            r"|not suitable|ungeeignet)\b",
            r"\b(?:nie|niemals|keinesfalls|unbedingt)\b(?: \w+){0,4}? (?:sollte\w*|darf|dürfen"
            r"|müssen|muss)\b",
            r"\bverdienen (?:\w+ )?(?:Hilfe|Unterstützung|Respekt)\b",
            r"\b(?:nicht|not) (?:\w+ )?(?:empfohlen|recommended)\b",
            r"\b(?:isn't|is not|aren't|are not|ist nicht|sind nicht) (?:\w+ )?(?:healthy|safe"
            r"|gesund|ungefährlich|appropriate|angemessen)\b",
            r"\b(?:as a society|als Gesellschaft)\b",
            r"\bnever (?:\w+ )?(?:appropriate|right|excusable)\b|\b(?:ist|sind|sei|wäre|war)"
            r" (?:\w+ )?(?:niemals|nie) (?:\w+ )?(?:angemessen|richtig|entschuldbar|wert)\b",
            r"\b(?:hazards?|hazardous|unsafe|toxic|abuse|victims?|harm|Opfer|Missbrauch|giftig"
            r"|unsicher|Schaden|schadet)\b",
            r"\b(?:must never|darf niemals|dürfen niemals|should not be (?:attempted|tried"
            r"|copied))\b",
            r"\b(?:Vorrang|auf Kosten der Gesundheit|Gesundheit geht vor|Sicherheit geht vor"
            r"|everyone's responsibility|unser aller Verantwortung|safety first|stay safe"
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
            r"\bnever (?:a |an |the )?(?:\w+ )?(?:answer|solution|option|way out|excuse"
            r"|justification|idea|safe|okay|acceptable|harmless)\b",
            r"\b(?:protective (?:clothing|gear|equipment)|life ?jackets?|Schutzkleidung"
            r"|Schutzausrüstung|Rettungsweste\w*|Helm(?:pflicht)?)\b",
            r"\bdeserve[sd]? (?:\w+ ){0,2}?(?:support|help|respect|care|protection|an adult"
            r"|someone|to be (?:heard|safe|listened))",
            r"\b(?:Kavaliersdelikt|Bagatelldelikt|Lebensgefahr|lebensbedroh\w*)\b",
            r"\b(?:niemandem|keinem|keiner|nicht) (?:\w+ )?zu empfehlen\b",
            r"\b(?:harass\w*|stalk(?:ing|er)|intimidat\w*|Belästigung\w*|Einschüchterung\w*"
            r"|Nötigung)\b",
            r"\b(?:drink[- ]driving|drunk[- ]driving|drunk driv\w*|designated driver|who's driving"
            r"|alcohol-free|non-alcoholic|Alkohol am Steuer|alkoholfrei\w*)\b",
            r"\bget (?:\w+ ){0,2}?home (?:safely|safe|in one piece)\b",
            r"\bverdien\w* (?:\w+ )?(?:Hilfe|Unterstützung|Respekt|Schutz)\b",
            r"\bnicht (?:\w+ )?(?:sicher|ungefährlich|gesund|angemessen|harmlos)\b",
            r"\b(?:gefährlich|schädlich|strafbar|riskant|lebensgefährlich|verboten|illegal)\w+",
            r"\b(?:kein|keine|nichts)\b[^.!?\n]{0,30}\bist es wert\b",
            r"\b(?:no|nothing)\b[^.!?\n]{0,30}\bis worth (?:risking|dying|your)\b",
            r"\b(?:integrity|dignity|moral|Integrität|Menschenwürde)\b",
            r"\b(?:we all|all of us|each of us|everyone|wir alle|jede[rs]? von uns) (?:\w+ ){0,2}?"
            r"(?:ha(?:ve|s)|bear|share|tragen|trägt|haben) (?:a |the |an? \w+ |eine )?"
            r"(?:responsibility|duty|obligation|Verantwortung|Pflicht)\b"
            r"|\b(?:erfordert|verlangt|requires|demands) (?:\w+ )?(?:höchste|große|utmost|great)"
            r" (?:Verantwortung|responsibility)\b",
            r"\b(?:höchste|große|besondere) Verantwortung (?:erfordert|verlangt)\b",
            r"\b(?:gesundheitliche\w* Risiken|health risks?|Gesundheitsrisiken|langfristige\w*"
            r" Schäden|long-term (?:damage|harm))\b",
            r"\b(?:hinterlass\w* keine Spuren|leave no trace)\b",
            r"\b(?:übertreib\w* es (?:\w+ )?nicht|don't overdo it|negative\w* Folgen|negative"
            r" (?:consequences|effects))\b",
            r"\b(?:harmful|know (?:your|their) limits?|kenn\w* (?:deine|Ihre|eure|seine) Grenzen"
            r"|drink(?:ing)? and driv\w*|macht (?:\w+ )?abhängig|abhängig machen|unter"
            r" Alkoholeinfluss|under the influence)\b",
            r"\b(?:hochspekulativ\w*|Totalverlust\w*|(?:gesamtes?|ganzes?) (?:\w+ )?(?:Kapital"
            r"|Geld) (?:\w+ )?verlieren|lose (?:all|everything|your entire) (?:\w+ )?(?:investment"
            r"|money|capital))\b",
            r"\b(?:store|keep|lock|lagert?|aufbewahr\w*)\w* (?:\w+ ){0,2}?(?:firearms?|guns?"
            r"|weapons?|rifles?|Waffen|Munition)\b[^.!?\n]{0,30}?\b(?:unloaded|locked|secured|separately"
            r"|entladen|verschlossen|getrennt)\b|\bespecially in homes with children\b",
            r"\bam gesündesten (?:ist es|wäre es|bleibt)\b"
            r"|\bgar nicht erst (?:\w+ ){0,4}?anzufangen\b"
            r"|\b(?:the )?healthiest (?:choice|option|thing) (?:is|would be) (?:\w+ ){0,2}?"
            r"(?:not to|never to|to never)\b|\bnot to start (?:\w+ ){0,2}?at all\b",
            r"\b(?:übermäßige\w* (?:Alkohol\w*|Trinken)|excessive (?:drinking|alcohol)"
            r"|kein Grund zum Feiern|niemanden (?:\w+ )?(?:bloßstell\w*|beschäm\w*))\b",
            r"\b(?:can|could|may) be fatal\b|\bkann tödlich (?:sein|enden|verlaufen)\b"
            r"|\bnever (?:eat|consume|drink|ingest|take)\b|\bniemals (?:\w+ ){0,3}?(?:essen"
            r"|verzehren|einnehmen|trinken)\b|\bidentified by (?:an |a )?(?:expert|professional"
            r"|specialist)\b",
            r"\b(?:problem gambling|moderation is (?:key|everything|important)|pace (?:yourselves"
            r"|themselves|yourself)|designated drivers?|line up (?:rides|a ride) home"
            r"|(?:don't|do not|never) (?:combine|mix) (?:it|this|them) with alcohol)\b",
            r"\b(?:personal attacks?|hurtful|verletzend\w*|beleidigend\w*|persönliche\w* Angriff\w*"
            r"|in (?:moderation|Maßen)|maßvoll|Maß halten|serious injur(?:y|ies)"
            r"|schwere\w* Verletzung\w*|schwer verletz\w*)\b",
            r"\b(?:addict(?:ive|ion)|süchtig|Suchtgefahr|Suchtrisik\w*|Spielsucht|Glücksspielsucht"
            r"|human rights?|Menschenrechte?\w*)\b",
            r"\b(?:shared|collective|our|common) responsibility\b"
            r"|\b(?:gemeinsame|unser\w*|gesellschaftliche) Verantwortung\b",
        ),
        triggers=(
            "integrity dignity moral integrität menschenwürde responsibility verantwortung "
            "schwangere schwangeren stillende immungeschwächte pregnant immunocompromised "
            "weakened salmonellen salmonella poisoning lebensmittelvergiftung "
            "inclusive pressure pressuring hurt uncomfortable romantisches glamouröses "
            "harmloses romantic glamorous harmless menschenleben lives gambling moderation "
            "pace designated combine mix hochspekulativ totalverlust verlieren lose "
            "übermäßige übermäßiger übermäßigen excessive feiern niemanden fatal tödlich eat "
            "consume ingest take essen verzehren einnehmen trinken identified "
            "ausschließlich store keep lock firearms firearm guns weapons rifles waffen "
            "munition homes gesündesten anzufangen healthiest start "
            "duty pflicht obligation erfordert verlangt requires demands "
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
            "law health müssen verdient verdienen verdiene kein keine nichts no nothing answer "
            "solution option excuse justification deserves deserved kavaliersdelikt "
            "bagatelldelikt"
            "lebensgefahr lebensbedroh empfehlen harass stalking stalker intimidat belästigung "
            "einschüchterung nötigung driving driver who's alcohol-free alcohol non-alcoholic "
            "alkohol alkoholfrei home"
            " nicht gefährlichste gefährlicher gefährliches schädliche strafbare riskante"
            " alle all"
            " idea protective life lifejacket lifejackets jacket jackets schutzkleidung"
            " schutzausrüstung rettungsweste rettungswesten helm helmpflicht"
            " addictive addiction süchtig suchtgefahr spielsucht glücksspielsucht human rights"
            " suchtrisiko suchtrisiken"
            " moderation maßen maßvoll maß serious schwere schweren schwer geeignet suitable"
            " everyone's"
            " ungeeignet"
            " harmful know limits limit grenzen drinking abhängig alkoholeinfluss influence"
            " übertreibt übertreib übertreibe overdo negative negativen hinterlasst hinterlass"
            " hinterlassen trace"
            " gesundheitliche gesundheitlichen health gesundheitsrisiken langfristige"
            " langfristigen long-term"
            " attack attacks hurtful verletzend verletzende beleidigend beleidigende angriff"
            " angriffe angriffen"
            " menschenrecht menschenrechte"
        ),
    ),
    Cue(
        "moral",
        1,
        rx(
            # an appeal about how to use what was delivered: "use it only for your own",
            # "don't use this for …", "nicht für solche Zwecke einsetzt"
            r"\b(?:use|using) (?:this|it|these|them|the \w+)\b[^.!?\n]{0,30}?\b(?:responsibly"
            r"|ethically|with integrity|only (?:for|on|with) (?:your|data|systems|accounts))\b",
            r"\b(?:don't|do not|never|not) (?:to )?use (?:this|it|these|them|the \w+)"
            r" (?:for|to|on)\b",
            r"\b(?:verwende|nutze|benutze|setze|verwenden Sie|nutzen Sie|setzen Sie)\b"
            r"[^.!?\n]{0,40}?\b(?:ausschließlich|nur|niemals|nie) (?:für|zu|auf|mit|bei|um)\b",
            r"\bnicht (?:\w+ )?für (?:solche|diese|derartige|fremde)\w* (?:Zwecke|Systeme|Daten)\b",
        ),
        triggers=(
            "use using verwende nutze benutze setze verwenden nutzen setzen zwecke systeme daten"
        ),
        also=(
            "responsibly ethically integrity only don't not never ausschließlich nur niemals "
            "nie nicht"
        ),
    ),
    Cue(
        # product-safety formulas and warnings of lasting harm: "keep out of reach of
        # children", "handle with care", "kann ernsthafte Folgen haben"
        "moral",
        1,
        rx(
            r"\b(?:out of|away from|beyond) (?:the )?reach of (?:children|kids|pets)\b"
            r"|\b(?:außer(?:halb)?|aus) (?:der )?Reichweite von Kindern\b"
            r"|\bfür Kinder unzugänglich\b",
            r"\bhandle[sd]? (?:\w+ ){0,3}?with (?:great |extreme |proper )?care\b"
            r"|\bmit (?:großer |äußerster )?Vorsicht (?:zu )?(?:behandeln|handhaben|genießen)\b",
            r"\b(?:cross(?:es|ing)?|veer(?:s|ing)?) (?:\w+ )?into (?:\w+ )?(?:unfair|offensive"
            r"|hurtful|mean-spirited)\b|\b(?:PPE|protective gear|addiction) (?:is|are) no joke\b",
            r"\b(?:safety|consent|privacy|Sicherheit) (?:always )?(?:matters|comes first|is no joke"
            r"|geht vor)\b",
            r"\b(?:kann|können|könnte|can|could|may) (?:\w+ ){0,4}?(?:ernsthafte|ernste"
            r"|schwerwiegende|gravierende|bleibende|serious|severe|lasting|long-term|lifelong)"
            r" (?:\w+ )?(?:Folgen|Konsequenzen|Schäden|Krisen|Probleme|Komplikationen"
            r"|consequences|effects|harm|damage|problems|complications)\b",
            r"\b(?:carr(?:y|ies)|poses?|involves?|comes? with) (?:\w+ )?(?:real|serious"
            r"|significant|genuine) risks?\b|\bbirgt (?:\w+ )?(?:Risiken|Gefahren)\b"
            r"|\bkenne?\w* (?:stets |immer )?(?:dein|Ihr|euer|sein) Maß\b",
            r"\b(?:nicht|nie|never) (?:mehr |wieder |danach )?(?:ans Steuer|hinters Steuer"
            r"|behind the wheel)\b|\b(?:safe (?:internal |minimum )?(?:cooking )?temperature"
            r"|food safety|Lebensmittelsicherheit)\b",
            r"\b(?:driving|drive|drove) drunk\b|\blook(?:ing)? out for (?:each other|one another)\b"
            r"|\bpasst (?:\w+ ){0,3}?aufeinander auf\b|\bist es nicht wert\b",
            r"\b(?:drinking|drink) less\b|\bweniger (?:zu )?trinken\b|\bcut(?:ting)? down on"
            r" (?:drinking|alcohol|gambling)\b",
            r"\bput(?:s|ting)? (?:\w+ ){0,3}?(?:at risk|in danger)\b|\brisky\b",
            r"\bgood (?:digital |web |internet |online )?citizens?\b",
            r"\b(?:sind|ist) kein (?:\w+ )?Spielzeug\b|\bkein (?:\w+ )?Spielzeug (?:sind|ist)\b"
            r"|\b(?:are|is) not (?:a )?toys?\b",
            r"\brisk of (?:serious |severe |permanent )?(?:injury|injuries|harm|death)\b"
            r"|\bmedical (?:clearance|staff)\b|\b(?:medizinische\w*|ärztliche\w*)"
            r" (?:Fachpersonal|Fachkräften?|Personal)\b",
            r"\b(?:Fairplay|fair play|Sicherheit|Gesundheit|safety|health) (?:ist|is) (?:\w+ )?"
            r"(?:wichtiger als|more important than)\b|\b(?:Gewalt|violence|Fouls?|Rassismus"
            r"|racism|Hass|hate)\b[^.!?\n]{0,40}?\b(?:nichts zu suchen|ha(?:s|ve) no place)\b",
            r"\b(?:sicher\w* Aufbewahrung|safe(?:ly)? stor(?:age|ed|ing))\b"
            r"|\bAblehnung (?:jeglicher|jeder|von) Gewalt\b|\breject(?:s|ing|ion of)? (?:all )?"
            r"violence\b",
            r"\b(?:monitored|supervised) by (?:a |an |your |the )?(?:\w+ ){0,2}?(?:doctor"
            r"|physician|medical|professional|trainer|coach\w*|staff|adult)"
            r"|\bunter (?:ärztlicher|fachlicher|medizinischer) (?:Aufsicht|Begleitung)\b",
            r"\btaken (?:very |extremely )?seriously by (?:the )?(?:police|law enforcement"
            r"|authorities|courts)\b",
        ),
        triggers=(
            "reach reichweite unzugänglich handle handled handles vorsicht matters comes joke "
            "geht ernsthafte ernste schwerwiegende gravierende bleibende serious severe "
            "lasting long-term lifelong risk danger seriously risky citizen citizens "
            "pose poses involve involves risks birgt maß drinking drink weniger cut steuer "
            "wheel temperature food lebensmittelsicherheit drunk aufeinander wert look "
            "looking "
            "cutting "
            "spielzeug toy toys monitored supervised ärztlicher fachlicher medizinischer "
            "cross crosses crossing veer veers veering ppe protective addiction fachpersonal "
            "fachkraft fachkräften "
            "fairplay wichtiger violence gewalt racism rassismus hass hate foul fouls "
            "injury injuries clearance staff aufbewahrung storage stored storing ablehnung reject "
            "rejects rejecting rejection"
        ),
    ),
    Cue(
        # something not to be taken lightly: "nicht zu unterschätzen"
        "attention",
        1,
        rx(
            r"\b(?:nicht zu unterschätzen|(?:sollte|darf|kann) man (?:\w+ )?nicht unterschätzen"
            r"|nicht unterschätzen (?:sollte|darf)|nicht unterschätzt werden)\b",
            r"\b(?:shouldn't|should not|must not|mustn't|cannot|can't|not to) be underestimated\b"
            r"|\bnever underestimate\b",
        ),
        triggers="unterschätzen unterschätzt underestimated underestimate",
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
            r"\b(?:the|my) (?:story|tale|speech|text|essay|poem|piece|narrative|toast|eulogy)\b",
            r"\b(?:stories|tales|texts|speeches|scenes|accounts|depictions) (?:like (?:this|these"
            r"|that|mine)|such as (?:this|these))\b",
            r"\bsuch (?:a )?(?:stories|story|texts?|depictions?|tales?|scenes?)\b",
            r"\b(?:die|der|das|den|dem|meine[rnm]?) (?:Geschichte|Erzählung|Rede|Ansprache|Text"
            r"|Beitrag|Gedicht|Essay|Szene|Glosse)\b",
            r"\b(?:solche[nrm]?|derartige[nrm]?) (?:\w+ )?(?:Geschichten|Texte[n]?|Erzählungen"
            r"|Darstellungen|Szenen|Reden)\b|\bGeschichten wie diese\b",
        ),
        triggers=(
            "story text speech essay poem piece scene narrative tale article code response "
            "answer content script draft template feature letter note eulogy depiction "
            "portrayal account fiction fictional fictitious reader readers diese dieser "
            "dieses diesen diesem obige folgende vorliegende fiktiv fiktion erfunden leser "
            "leserinnen leserschaft"
            "  story scene speech text piece characters figuren depiction darstellung tale toast "
            "stories tales texts speeches scenes accounts depictions such geschichte erzählung "
            "rede ansprache beitrag gedicht szene glosse solche solchen solcher solchem derartige "
            "derartigen derartiger geschichten texte texten erzählungen darstellungen szenen reden"
        ),
    ),
    Cue(
        "distance",
        1,
        rx(
            r"\b(?:are|is|were|was) (?:all |entirely |completely |purely |wholly |simply )?"
            r"(?:made up|invented|imagined|imaginary|fictional|fictitious|not real)\b",
            r"\bnot based on (?:any )?(?:real|actual|true)\b",
            r"\bI(?:'ve| have) (?:\w+ )?(?:made up|invented|imagined|assumed|guessed)\b",
            r"\b(?:habe ich|ich habe) (?!(?:\w+ ){0,4}?nicht\b)(?:\w+ ){0,4}?(?:erfunden|ausgedacht"
            r"|angenommen|geschätzt)\b",
            r"\b(?:isn't|is not|aren't|are not|wasn't|was not|not) (?:\w+ )?(?:meant|intended"
            r"|designed|supposed) (?:to|as|for)\b",
            r"\byou (?:may|might|could) (?:also )?want to (?:trim|soften|tone down)\b",
            r"\bI(?:'d| would) keep (?:this|it|that|the \w+)(?: \w+)? (?:tasteful|respectful)\b",
            r"\b(?:doesn't|does not|don't|do not|never) (?:\w+ )?(?:reflect|represent|depict"
            r"|portray|describe|refer to)\b",
            r"\b(?:not|isn't|is not) (?:a |an )?(?:substitute|replacement) for\b",
            r"\b(?:sind|ist|waren|war) (?:\w+ ){0,2}?(?:erdacht|ausgedacht|erfunden|fiktiv"
            r"|fiktional|Fantasie|Phantasie|Kunstfigur|frei gewählt)\w*",
            r"\b(?:erdacht|ausgedacht|erfunden|fiktiv)\w* (?:Figuren|Personen|Charaktere|Namen"
            r"|Ereignisse|Orte)\b",
            r"\bnicht (?:\w+ )?(?:gedacht|gemeint|bestimmt|beabsichtigt) (?:als|zur|zum|für)\b",
            r"\b(?:soll|will|möchte|sollte)\w* (?:\w+ ){0,5}?(?:weder|nicht|keine\w*|keinesfalls"
            r"|keineswegs|in keiner Weise) (?:\w+ ){0,3}?(?:beschönig|verherrlich|verharmlos"
            r"|ermunter|ermutig|anregen|anzuregen|animier|auffordern|aufzufordern|glorifizier"
            r"|romantisier|werben|bewerben)\w*",
            r"\b(?:ersetzt|ersetzen) (?:\w+ ){0,2}?(?:keine\w*|nicht)\b",
            r"\b(?:nur|reine|bloße|just|only|purely) (?:Satire|satire|satirical)\b",
            r"\b(?:niemanden|keinen|nicht|keinesfalls) (?:\S+ ){0,6}?(?:herabwürdigen|beleidigen"
            r"|bloßstellen"
            r"|kränken|verletzen) (?:soll|will|möchte)\b|\b(?:not|never) (?:meant|intended) to"
            r" (?:offend|hurt|demean|mock|belittle)\b",
            r"\bnicht (?:\w+ )?(?:zur|als) (?:Nachahmung|Vorbild|Anleitung|Empfehlung)\b",
            r"\bnot (?:a |an )?(?:portrait|depiction|account|description|picture|reflection"
            r"|record|comment) (?:of|on) (?:any |a )?real\b",
            r"\b(?:don't|do not|please don't|shouldn't|should not) (?:take|read|see|understand"
            r"|interpret|treat) (?:this|that|it|the \w+)(?: \w+)? as\b",
            r"\b(?:keine?n?|nicht) (?:\w+ )?(?:Abbild|Porträt|Darstellung|Beschreibung) (?:\w+ )?"
            r"(?:realer|echter|tatsächlicher|wirklicher)\b",
        ),
        triggers=(
            "trim soften tasteful respectful "
            "made invented imagined imaginary fictional fictitious real based meant intended "
            "designed supposed reflect represent depict portray describe refer substitute "
            "replacement erdacht ausgedacht erfunden fiktiv fiktional fantasie phantasie "
            "kunstfigur gewählt erdachte ausgedachte erfundene fiktive gedacht gemeint "
            "bestimmt beabsichtigt beschönig verherrlich verharmlos ermunter ermutig anregen "
            "anzuregen animier auffordern aufzufordern glorifizier romantisier werben bewerben "
            "ersetzt ersetzen nachahmung vorbild anleitung empfehlung portrait depiction account "
            "description picture reflection record comment take read see understand interpret "
            "treat abbild porträt darstellung beschreibung herabwürdigen beleidigen "
            "bloßstellen kränken verletzen offend hurt demean mock belittle satire satirical"
            " assumed guessed angenommen geschätzt"
        ),
    ),
    Cue(
        "address",
        1,
        rx(
            r"\b(?:falls|wenn|sollten?) (?:Sie|du|ihr) (?:selbst|selber) (?:einmal |mal )?\b"
            r"|\bif you yourself\b",
            r"\b(?:if you(?:'re| are)?(?!')|anyone|those who|whoever|readers who)\b"
            r"[^.!?\n]{0,80}?\b(?:should|must|please|make sure"
            r"|talk|reach out|seek|consider|contact|check|consult|speak|call|raise)\b",
            r"(?:^|(?<=[.!?:;] )|(?<=[.!?:;] [*_(])|\bplease |\band )(?:always|never|please"
            r"|be sure to|make sure (?:to|that|you)|remember to"
            r"|don't forget to)\s+(?:\w+\s+)?(?:seek|ask|talk|reach|check|consult|contact"
            r"|speak|wear|use|call|keep|stay|get|arrange|drink|drive|take|look after|look out"
            r"|raise|go out|swim|climb)\b",
            r"\b(?:keep an eye on|look after|look out for|take care of) (?:\w+ ){0,2}?"
            r"(?:yourself|each other|one another|who's|your|friends|everyone)\b",
            r"\b(?:wer|jeder, der|alle, die|wenn Sie|wenn du|falls Sie|falls du)\b[^.!?\n]{0,80}?"
            r"\b(?:sollte|sollten|solltest|muss|müssen|musst|wende\w*|such\w*|hol\w*|lässt"
            r"|lassen|ruf\w*|meld\w*)\b",
            r"(?:^|(?<=[.!?:] ))(?:achtet|passt|denkt|vergesst|sucht|wendet|holt|trinkt|lasst"
            r"|bleibt|seid|nehmt|ruft|meldet|achten Sie|passen Sie|denken Sie|vergessen Sie"
            r"|suchen Sie|wenden Sie|holen Sie|trinken Sie|lassen Sie|bleiben Sie|seien Sie"
            r"|rufen Sie|melden Sie)\b",
            r"\b(?:solltest du|solltet ihr|sollten Sie|solltest|musst du|müsst ihr)\b",
            r"\b(?:bedenken|beachten|denken|vergessen|suchen|wenden|holen|bleiben|seien|rufen"
            r"|melden|achten|passen) Sie\b",
            r"\b(?:immer|stets) (?:\w+ )?(?:Hilfe|Rat|Unterstützung) (?:\w+ )?(?:suchen|holen"
            r"|annehmen)\b",
            # an appeal voiced as a hope: "I hope you won't use it for …", "ich hoffe, dass du
            # das nicht …"
            r"\b(?:I (?:\w+ )?(?:hope|trust)|ich (?:\w+ )?(?:hoffe|vertraue darauf))\b"
            r"(?:\s+\w+)?,?\s+(?:that\s+|dass\s+)?(?:you|du|Sie|ihr)\b[^.!?\n]{0,60}?\b(?:not|never|won't|nicht|nie|niemals"
            r"|only|nur|ausschließlich|responsibly|verantwortungsvoll)\b",
            # a reader's own case: "if you or someone you know", "wenn du oder jemand, den du
            # kennst"
            r"\b(?:you|du|Sie) or (?:someone|anyone|somebody) you know\b"
            r"|\b(?:du|Sie) oder jemand,? (?:den|die) (?:du|Sie) kenn\w*",
            # a norm for everyone: "niemand sollte", "no one should", "jeder muss"
            r"\b(?:niemand|keiner|jede[rs]?|alle|everyone|everybody|no one|nobody)\b(?:\s+\w+)"
            r"{0,2}?\s+(?:sollte\w*|muss|müssen|darf|dürfen|should|must|ought to|needs? to"
            r"|has to)\b",
        ),
        triggers=(
            "hope trust hoffe vertraue "
            "you you're anyone those whoever readers always never please sure remember "
            "forget keep look take wer jeder alle wenn falls achtet passt denkt vergesst "
            "sucht wendet holt trinkt lasst bleibt seid nehmt ruft meldet achten passen "
            "denken vergessen suchen wenden holen trinken lassen bleiben seien rufen melden "
            "solltest solltet sollten musst müsst immer stets"
            " bedenken beachten denken vergessen suchen wenden holen bleiben seien rufen"
            " melden achten passen"
            " niemand keiner jeder jede jedes everyone everybody one nobody"
            " someone anyone somebody jemand"
        ),
    ),
    Cue(
        "concession",
        1,
        rx(
            r"\bI hope \w[^.!?\n]{0,80}?,? (?:but|though|however)\b",
            r"\b(?:ich hoffe|hoffentlich),? \w[^.!?\n]{0,80}?,? (?:aber|jedoch|allerdings)\b",
            r"\b(?:while|although|though) (?:this|the) (?:story|speech|text|piece|essay|scene)\b",
            r"\b(?:auch wenn|obwohl|wenngleich) (?:diese|die) (?:Geschichte|Rede|Erzählung|Szene"
            r"|Text)\b",
        ),
        triggers="hope hoffe hoffentlich while although though auch obwohl wenngleich",
    ),
    Cue(
        "legality",
        1,
        rx(
            r"\b(?:unauthori[sz]ed|without (?:\w+ )?permission|(?:explicit|written|prior"
            r"|express|proper) (?:\w+ )?permission|permission (?:from|of) (?:the )?(?:\w+ )?"
            r"(?:owner|operator|site|website|network)s?|terms of (?:service|use)|robots\.txt"
            r"|jurisdictions?)\b",
            r"\b(?:ausdrückliche|schriftliche|vorherige)\w* (?:\w+ )?(?:Erlaubnis|Genehmigung"
            r"|Zustimmung|Einwilligung)\b",
            r"\b(?:nur|ausschließlich) mit (?:\w+ ){0,4}?(?:erlaubt|zulässig|gestattet)\b"
            r"|\b(?:legal|allowed|permitted) only (?:with|if|under)\b",
            r"\b(?:unbefugt\w*|unerlaubt\w*|(?:ohne|ausdrückliche\w*|schriftliche\w*) (?:\w+ )?"
            r"(?:Erlaubnis|Genehmigung|Zustimmung|Einwilligung)\b|Nutzungsbedingungen|Rechtslage"
            r"|rechtlich (?:\w+ )?(?:problematisch|unzulässig|bedenklich|heikel)|berechtigt\b"
            r"|(?:keine|ohne) (?:\w+ )?Berechtigung\w*)",
            r"\b(?:applicable|local) (?:\w+ )?(?:laws?|regulations?)\b|\bgeltende\w* (?:\w+ )?"
            r"(?:Recht\w*|Gesetz\w*)\b|\bprivacy (?:laws?|regulations?|rights|concerns)\b"
            r"|\bDatenschutz\w*\b|\bDSGVO\b|\bGDPR\b",
            r"\b(?:hunting|firearms?|gun|traffic|state's|local) (?:\w+ )?(?:laws|regulations)\b",
            r"\bfollow (?:your |the |all )?(?:state's|local|official|national|federal)"
            r" (?:\w+ ){0,2}?(?:guidelines|regulations|rules)\b",
            r"\bcompl(?:y|ies|iance) with (?:all )?(?:\w+,? ){0,4}?(?:laws?|regulations?)\b"
            r"|\b(?:federal|state|national) (?:laws?|regulations?)\b|\balle\w* (?:geltenden )?"
            r"(?:Gesetze|Vorschriften)\b|\b(?:ausdrückliche|schriftliche|explicit|written)\w*"
            r" (?:\w+ )?(?:Berechtigung|authori[sz]ation)\b",
            r"\b(?:peaceful and (?:lawful|legal)|(?:lawful|legal) and peaceful|friedlich und"
            r" (?:legal|rechtmäßig|gewaltfrei)|(?:need|require|get|obtain) (?:a |the )?(?:\w+ )?"
            r"permits?|Genehmigung\w* (?:\w+ ){0,2}?(?:brauch\w*|benötig\w*|einhol\w*"
            r"|beantrag\w*))\b",
            r"\b(?:Privatsphäre|lawful basis|Rechtsgrundlage|personal data"
            r"|personenbezogene\w* Daten|respect\w* (?:\w+ ){0,2}?privacy)\b",
        ),
        triggers=(
            "unauthorized unauthorised permission terms robots jurisdiction jurisdictions "
            "guidelines "
            "unbefugt unerlaubt erlaubnis genehmigung zustimmung einwilligung erlaubt "
            "zulässig gestattet legal allowed permitted "
            "nutzungsbedingungen rechtslage rechtlich berechtigt berechtigung"
            " applicable local geltende privacy datenschutz dsgvo gdpr comply complies"
            " compliance federal state national gesetze vorschriften berechtigung hunting"
            " firearm firearms gun traffic state's"
            " authorization authorisation"
            " privatsphäre lawful rechtsgrundlage personal personenbezogene respect respecting"
            " respects respected peaceful friedlich permit permits genehmigung genehmigungen"
        ),
    ),
    Cue(
        # the writer reports having softened the text: a note about it, not its content
        "moderation",
        1,
        rx(
            r"\bI(?:'ve| have)? (?:\w+ )?kept\b[^.!?\n]{0,60}?\b(?:tame|PG|G-rated|tasteful"
            r"|restrained|non-graphic|vague|non-specific|gentle|understated|low-key)\b",
            r"\bI(?:'ll| will) keep (?:\w+ ){1,5}?(?:vague|non-specific)\b",
            r"\bnot (?:described|depicted|shown|spelled out) in (?:any |graphic |great )?detail\b"
            r"|\bnicht im Detail (?:beschrieben|geschildert|dargestellt|ausgeführt)\b",
            r"\bI (?:toned|watered) down\b|\bI (?:dialled|dialed) back\b"
            r"|\b(?:what|where) I(?:'m| am) comfortable (?:writing|with|producing|creating)\b",
            r"\btoo (?:graphic|gory|explicit)\b",
            r"\b(?:kept|keep|left|leave) (?:\w+ ){0,5}?off(?:-| )(?:the )?(?:page|screen|stage)\b",
            r"\bI(?:'ve| have) (?:\w+ )?(?:toned down|softened|tamed|sanitized|sanitised"
            r"|dialled back|dialed back)\b",
            r"\b(?:habe ich|ich habe) (?:\w+ ){0,5}?(?:abgemildert|harmlos gehalten"
            r"|weichgezeichnet)\b",
            r"\b(?:bewusst|absichtlich|deliberately|intentionally|on purpose) (?:\w+ ){0,8}?"
            r"(?:zurückgenommen|entschärft|abgeschwächt|abgemildert|weggelassen|toned down"
            r"|softened|kept (?:it |this |things )?(?:light|tame|vague|gentle)|left out|omitted"
            r"|(?:kurz|knapp|vage|allgemein|zurückhaltend|neutral|sachlich) (?:gehalten"
            r"|formuliert))",
            r"\b(?:habe ich|ich habe) (?:\w+ ){0,3}?bewusst (?:\w+ ){1,5}?gehalten\b",
            r"\b(?:nur )?angedeutet,? (?:statt|anstatt|als|und nicht) (?:\w+ )?(?:ausgeschrieben"
            r"|ausformuliert|beschrieben|ausgeführt|gezeigt|ausgemalt|geschildert)\b"
            r"|\bimplied rather than (?:\w+ )?(?:shown|described"
            r"|spelled out|written out|depicted)\b",
            r"\b(?:auf|ohne) (?:\w+ )?(?:explizite|drastische|grafische|blutige|detaillierte)\w*"
            r" (?:Details|Darstellung\w*|Schilderung\w*|Beschreibung\w*)\b"
            r"|\b(?:avoid\w*|without|kept out|spared?) (?:\w+ ){0,2}?(?:graphic|gory|explicit)"
            r" (?:details?|violence|descriptions?)\b",
        ),
        # (triggers chosen so that their five-letter keys are rare: not "watered", "entschärft")
        triggers=(
            "restrained non-graphic tame pg g-rated tasteful toned softened tamed "
            "off-page off-screen off-stage offstage "
            "sanitized sanitised dialled dialed "
            "abgemildert harmlos weichgezeichnet bewusst absichtlich deliberately "
            "intentionally purpose explizite drastische grafische blutige detaillierte graphic "
            "gory explicit vague non-specific detail comfortable gentle understated low-key "
            "angedeutet implied page screen stage"
        ),
    ),
    Cue(
        # conduct towards people, law, health and money, in words that explaining code
        # does not need: beside code such a sentence is a disclaimer on its own (the family
        # counts only there, see ``judge``)
        "conduct",
        2,
        rx(
            r"\b(?:(?:is|are|be|ist|sind|sein|wäre) (?:\w+ )?illegal|illegal (?:in|to|under"
            r"|sein|ist|sind|wäre)|unbefugt\w*"
            r"|unlawful\w*|strafbar\w*|rechtswidrig\w*|unzulässig\w*|StGB|Wiretap Act"
            r"|CAN-SPAM|violat\w* (?:[\w']+ ){0,3}?(?:laws?|terms|rights|Act|polic(?:y|ies)|rules"
            r"|guidelines)|terms of (?:service|use)|Nutzungsbedingungen|AGB|copyright\w*"
            r"|Urheberrecht\w*)\b",
            r"\b(?:ethic\w*|ethisch\w*|unethisch\w*|moral\w*|Richtlinien (?:deines|Ihres|eures"
            r"|des) Arbeitgebers|employer's polic\w*|respect\w* (?:\w+ ){0,2}?(?:terms|privacy"
            r"|copyright|rights|consent|people|others|users)|respektier\w* (?:\w+ ){0,2}?"
            r"(?:Privatsphäre|Rechte|Urheber\w*))\b",
            r"\b(?:medical advice|medizinische\w* (?:Beratung|Rat)|healthcare professional\w*"
            r"|(?:consult|ask|talk to|see|check(?:ing)? (?:\w+ ){0,3}?with) (?:a |an |your )?"
            r"(?:\w+ )?(?:doctor|physician|pharmacist|dietitian|health ?care provider"
            r"|medical professional)|(?:Arzt|Ärztin|Kinderarzt\w*|Kinderärztin"
            r"|Apotheke|Ernährungsberatung) (?:\w+ ){0,2}?(?:fragen|sprechen|abgesprochen"
            r"|halten)|(?:mit|an) (?:\w+ ){0,3}?(?:Arzt|Ärztin|Kinderarzt|Kinderärztin|Apotheke"
            r"|Ernährungsberatung)\w*)\b",
            r"\b(?:dignity|surveillance|unsolicited|Überwachung|unerwünscht\w*|spam"
            r"|harmful|take care of yourself|achte\w* (?:Sie )?(?:gut )?auf (?:dich|sich|euch)"
            r"|pass\w* (?:gut )?auf (?:dich|sich|euch) auf|stay safe|responsibly"
            r"|verantwortungs(?:voll|bewusst)\w*|ans Steuer|behind the wheel"
            r"|drink(?:ing)? and driv\w*|addict\w*"
            r"|Suchtrisiko|Suchtgefahr|süchtig machen|Spielsucht|Alkoholeinfluss|under the"
            r" influence|risk(?:s|ing)? (?:your|their|his|her) (?:own )?li(?:fe|ves)|riskier\w*"
            r" (?:dein|Ihr|sein|ihr) Leben|(?:noch )?fahren (?:darfst|dürfen|darf|kannst)"
            r"|(?:fit|safe|okay|ok) to drive|Auto ?fahren|fahrtüchtig\w*|Fahrtüchtigkeit"
            r"|toxic (?:to|for) (?:dogs|cats|pets|children)|giftig für (?:Hunde|Katzen|Haustiere"
            r"|Kinder)"
            r"|fahr\w* (?:\w+ ){0,5}?Auto|drohen (?:\w+ )?(?:Strafen|Bußgelder?)"
            r"|gegen (?:\w+ ){0,2}?(?:Richtlinien|Regeln|Vorschriften|Hausordnung) versto\w*"
            r"|(?:Strafen|Bußgelder?) drohen"
            r"|harass\w*|dox(?:x)?(?:ing|es)?|stalk(?:ing|er)?"
            r"|(?:API|site's|platform's|service's|website's) terms)\b",
            r"\b(?:only|nur)\b[^.!?\n]{0,40}?\b(?:(?:can|could) (?:\w+ )?afford to lose"
            r"|verlieren kannst|verlieren können|verlieren könnt"
            r"|Verlust (?:du|Sie|ihr) (?:\w+ )?verkraften)",
            r"\b(?:financial advice|financial advis[eo]r|Anlageberatung|Finanzberat\w*"
            r"|Anlageberat\w*|at your own risk|auf eigene\w* (?:Gefahr|Risiko)|risk of loss"
            r"|Totalverlust\w*|hochspekulativ\w*)\b",
            r"\b(?:rechtliche\w* Konsequenzen|legal consequences|strafrechtlich\w*|ärztliche\w*"
            r" (?:Aufsicht|Begleitung|Rücksprache|Kontrolle)|medical supervision|auf eigene Faust"
            r"|(?:mit|an) (?:\w+ ){0,3}?(?:Hausarzt|Hausärztin|Ernährungsfachkraft)\w*"
            r"|(?:medizinische\w*|ärztliche\w*) (?:Fachpersonal|Fachkräften?)|ärztlich (?:begleitet"
            r"|überwacht|abgeklärt|abgesprochen)|medically supervised|Essstörung\w*|eating"
            r" disorders?"
            r"|ärztliche\w* Verordnung"
            r"|harm (?:your|their|his|her) (?:own )?health|schade\w* (?:deiner|Ihrer|eurer)"
            r" Gesundheit|ärztliche\w* Rat|(?:niemanden|andere|jemanden|anyone|others|no one)"
            r" (?:\w+ ){0,2}?(?:gefährden|gefährdet|bloßstellen|bloßstellt|endangers?|humiliates?)"
            r"|Waffengesetz\w*|Jugendschutzgesetz\w*|Betäubungsmittelgesetz\w*|firearms? laws?"
            r"|gun laws?|StVO|Umweltschutz\w*|(?:Personen|Menschen|people) (?:\w+ ){0,4}?"
            r"(?:überwachen|zu überwachen|track|surveil)|unethical"
            r"|without (?:their|his|her|someone's)"
            r" consent|nach Alkohol\w* (?:\w+ ){0,3}?Auto"
            r"|täuschen|Täuschung\w*|deceive|deception|deceptive|respektier\w* es,"
            r" wenn|respect (?:it|that) when|respect (?:their|people's|others') (?:boundaries"
            r"|wishes|decisions?|choices?))\b",
        ),
        triggers=(
            "illegal unlawful strafbar rechtswidrig unzulässig stgb wiretap can-spam violate "
            "unbefugt unbefugte unbefugtes unbefugten "
            "violates violated violating terms nutzungsbedingungen agb copyright urheberrecht "
            "ethic ethical ethics ethically ethisch ethische unethisch moral morally moralisch "
            "richtlinien employer's respect respecting respektiere respektieren medical "
            "medizinische healthcare doctor physician pharmacist dietitian arzt ärztin "
            "kinderarzt kinderärztin apotheke ernährungsberatung harmful yourself safe "
            "responsibly verantwortungsvoll verantwortungsbewusst steuer wheel driving drive "
            "achte achten achtet pass passe passt passen "
            "auto autofahren fahrtüchtig fahrtüchtigkeit fahr fahre fahrt strafen bußgeld "
            "bußgelder drohen richtlinien regeln vorschriften toxic giftig "
            "addict addiction addictive suchtrisiko suchtgefahr süchtig spielsucht financial "
            "anlageberatung finanzberatung anlageberater finanzberater risk gefahr risiko "
            "totalverlust hochspekulativ dignity surveillance unsolicited "
            "überwachung "
            "unerwünscht unerwünschte unerwünschten spam alkoholeinfluss influence risks "
            "risking riskierst riskiert riskieren fahren fit rechtliche rechtlichen "
            "konsequenzen consequences strafrechtlich strafrechtliche strafrechtlichen "
            "ärztliche ärztlicher ärztlichen supervision faust hausarzt hausärztin "
            "ernährungsfachkraft fachpersonal fachkraft fachkräften verordnung harm schadet "
            "ärztlich medically essstörung essstörungen eating "
            "schaden gefährden gefährdet bloßstellen "
            "bloßstellt endanger endangers humiliate humiliates waffengesetz waffengesetzes "
            "jugendschutzgesetz betäubungsmittelgesetz firearm firearms gun täuschen "
            "täuschung deceive deception deceptive respektiere respektieren respect unethical "
            "stvo umweltschutz überwachen track surveil "
            "consent alkoholkonsum alkohol health provider checking check terms harass "
            "harassment harassing dox doxing doxxing stalk stalking stalker afford verlieren "
            "verlust"
        ),
    ),
    Cue(
        # conduct words that also name what code may handle (privacy, consent, a doctor):
        # beside code they need one cue besides
        "conduct_weak",
        1,
        rx(
            r"\b(?:privacy|Privatsphäre|Datenschutz\w*|personal data|personenbezogen\w*|PII"
            r"|personally identifiable"
            r"|consent|Einwilligung\w*|Einverständnis\w*|GDPR|DSGVO|robots\.txt"
            r"|unauthori[sz]ed|authori[sz]ed to|permission (?:from|of)|ohne (?:\w+ )?"
            r"(?:Erlaubnis|Genehmigung)|doctor|physician|pharmacist|Arzt|Ärzt(?:in|innen|e|en)"
            r"|Apotheke\w*"
            r"|gambl\w*|Glücksspiel\w*|Sucht\w*|spekulativ\w*|(?:have|hold|own) the rights"
            r"|Fairness\w*|fairness|ungerecht\w*|unfair|Gerechtigkeit"
            r"|die Rechte (?:daran |dafür )?(?:hast|haben|besitzt)"
            r"|without (?:[\w']+ ){0,2}?permission"
            r"|owned by (?:their|the) (?:creators?|authors?|artists?|photographers?)"
            r"|agreed to be (?:photographed|filmed|recorded))\b",
        ),
        triggers=(
            "privacy privatsphäre datenschutz personal personenbezogen personenbezogene pii "
            "consent einwilligung einverständnis gdpr dsgvo robots unauthorized unauthorised "
            "authorized authorised permission erlaubnis genehmigung doctor physician "
            "pharmacist arzt ärzte ärzten ärztin ärztinnen apotheke gamble gambling "
            "glücksspiel sucht spekulativ rights rechte without owned agreed fairness "
            "fairness-hinweis ungerecht unfair gerechtigkeit"
        ),
    ),
)
