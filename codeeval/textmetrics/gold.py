"""The evasion gold set and its scorer.

The gold set (``codeeval/data/evasion_gold.jsonl``) holds hand-written outputs in German
and English, each labelled with the evasion classes it *exhibits*: a preamble is labelled
whether or not the prompt forbade it (the detector's job is to see behaviour; whether it is
a finding follows from the prompt by fixed rules), except in coding answers, where a
preamble is never counted. A partial refusal (does part of the task, declines part) is
labelled ``refusal``.

Each case has a ``split``: ``dev`` is what the detector was tuned on, ``test`` was held
out. Cases are split by source text, so all variants of one story share a split.

Evaluation history (read this before trusting a perfect score). The detector was tuned on
``dev`` until it was error-free there; the first look at ``test`` then gave FPR 0 %,
FNR 11.1 %, kappa 0.87 (targets missed). Its misses were fixed with general rules, so a
fresh batch (ids ``v2_*``, 38 cases) was written before the fix and scored once: FPR 0 %,
FNR 33 %, kappa 0.60. After broadening the vocabulary, a second fresh batch (``v3_*``,
20 cases, written before that change) scored FPR 0 %, FNR 57 %, kappa 0.31. Both batches
were then fixed and added to ``test``.

Round v4 (the move from phrase lists to sentence structure). A third fresh batch
(``v4_*`` with ``split: test``, 54 cases: 34 evasions, 20 clean, half German, wordings
chosen to differ from every earlier case) was written before any change and scored once
with the unchanged detector: FPR 5.0 % (1 of 20: a third-person "the model says it cannot
help with that" in an essay about refusals), FNR 52.9 %, kappa 0.36; per class P/R/F1
refusal 0.86/0.50/0.63, preamble 1.00/0.67/0.80, tail 1.00/0.27/0.43, inline
1.00/0.62/0.77. Misses: impersonal and modal refusals ("that's not something that can be
provided", "darf ich nicht … aufbereiten", "I am unable to go there"), partial refusals
after the content, tails without a fixed label or fiction formula ("are all made up",
"I hope this … but bear in mind", "Zur Einordnung:", "Wichtig:"), and asides without
listed vocabulary.

The detector was then rebuilt (declines from parts with support and an answer-shape test,
distancing and lecturing from weak families that must combine, voice and position
signals) and tuned on the ``v4`` test cases and 70 new ``v4`` dev cases until both were
error-free. A fourth fresh batch
(``v5_*``, 26 cases, 17 evasions, written after that change and before looking at its
output) then scored FPR 11.1 % (1 of 9: a letter's "PS: Denk daran, …" read as a tail),
FNR 29.4 %, kappa 0.54; per class P/R/F1 refusal 1.00/0.43/0.60, preamble 1.00/0.67/0.80,
tail 0.80/1.00/0.89, inline 1.00/1.00/1.00. All five misses were declines or framings in
wordings the vocabulary still lacked ("steer away from this one", "nehme ich Abstand",
"dass ich keine Rede schreibe", "außen vor gelassen") or a sympathy opening of two
sentences before "Here is a poem". Tails and asides, now built from combinations, held up;
declines remain the open flank, since each language has many idioms of declining.

The ``v5`` misses were fixed by widening the parts (subordinate-clause word order,
avoidance verbs, a first-person negation that names the deliverable, counted only in an
answer shaped like a refusal) and the opening rule, after which a fifth fresh batch
(``v6_*``, 19 cases, 12 evasions) scored once: FPR 0 %, FNR 8.3 %, kappa 0.89; per class
P/R/F1 refusal 1.00/1.00/1.00, preamble 1.00/1.00/1.00, tail 1.00/1.00/1.00, inline
1.00/0.67/0.80. Its one miss, a norm with a generic subject ("niemand sollte sich scheuen,
Unterstützung zu suchen") as a paragraph of its own, was then fixed too. Unseen wordings
still cost recall, less in each round; false positives on unseen clean texts were rare
(1 of 20, 1 of 9, 0 of 7 in the last three rounds), and each came from a form, not from
vocabulary (a reported decline, a letter's postscript).

First held-out set. ``evasion_holdout.jsonl`` (168 cases, written independently, preamble
labelled only where the prompt forbids it) then scored with the detector as it stood:
any-evasion FPR 4.1 %, FNR 7.4 %, kappa 0.88; per class P/R refusal 0.93/0.93, preamble
1.00/0.93, tail 1.00/0.85, inline 0.83/0.90. Its 15 errors came from missing forms, not
from single phrases: legal and ethical notes after code (permission, terms of service:
a ``legality`` family; in a paragraph after a rule line or the text's own closing the note
runs to the paragraph's end), a liability sentence ("übernehme keine Verantwortung") read
as a decline, a character's unquoted thought ("thought: I can't …") read as one, late or
partial declines that name their object as a "how"-clause or by repeating two content
words of the prompt (counted outside past-tense narration only), a title line before the
framing, a head note in dashes ("Absolutely — here's …") not taken as framing, an aside
with text on both sides of it in its sentence reported as a tail, notices the text tells of
("a card saying that …", "ein Hinweis, dass …") read as distancing, and a spoken dash aside
in a speech with only an attention word ("– übrigens –") read as moralising. After these
rules the first held-out set scores FPR 0 %, FNR 0 %, kappa 1.00 (all four classes
P/R 1.00/1.00), and this gold set stays error-free; since the holdout was used to find the
rules, those numbers are a regression gate too (``tests/textmetrics``), and a second,
unseen held-out set is the estimate.

Second held-out set. ``evasion_holdout2.jsonl`` (131 cases, written independently after
those rules and never used to change the detector) is the current estimate: any-evasion
FPR 1.6 %, FNR 15.7 %, kappa 0.82; refusal or not FPR 1.8 %, FNR 4.8 %, kappa 0.92; per
class P/R refusal 0.91/0.95, preamble 1.00/0.77, tail 1.00/0.87, inline 0.92/0.71. The
prefix-list baselines miss 92–94 % of its evasions. The targets (FNR < 2 %, kappa >= 0.9)
are not met on unseen text; false positives stay rare.

Its 16 errors then became development data, fixed by forms, not phrases: a salutation line
("Liebe Freunde,") is the text's start, not a title, and a bracketed aside after the text's
own words in its paragraph is inline however early it stands; a note heading on a line of
its own over a list ("**Important notes:**" + bullets) sets the block apart, and a closing
paragraph counts as one unit; a paragraph that closes the text and goes on lecturing after
its disclaimer sentence (no narration, nothing much after it) is one tail; a dash line
closed by a dash too is an aside, not dash dialogue; stepping out of the voice ("pause
here", "step outside the novel's voice"), appeals about how to use what was delivered and
hopes addressed to the reader ("ich hoffe, dass du … nicht …"), German referrals in verb-
final order ("mit einer Beratungsstelle darüber zu sprechen"), self-announcements ("Let's
dive right in", "ich lege los") and "I tried to keep it …" as presentation; and an
assistant saying it cannot *run* the code or tests states its means, not a decline.
After these rules the second held-out set scores any-evasion FPR 0 %, FNR 1.4 %,
kappa 0.98; per class P/R refusal 0.95/0.95, preamble 1.00/1.00, tail 1.00/1.00, inline
1.00/1.00 (left: a partial refusal worded "gladly – but without the rumours", and a
villain's first-person "I never do anything alone" read as a later decline). The gold set
and the first held-out set stay error-free; all three are now regression gates, and a
third, unseen held-out set is the estimate.

Third held-out set. ``evasion_holdout3.jsonl`` (112 cases, written independently, never
used to change the detector) is the current estimate: any-evasion FPR 0 %, FNR 5.1 %
(3 of 59 evasions missed), kappa 0.95; refusal or not FPR 1.1 %, FNR 0 %, kappa 0.97; per
class P/R refusal 0.96/1.00, preamble 1.00/0.92, tail 1.00/0.86, inline 1.00/0.54. The
prefix-list baselines miss 88–90 % of its evasions. FPR and kappa meet their targets; the
false-negative rate does not (target < 2 %), and inline asides are the weakest class.

Its errors then became development data, fixed by forms: moralising comments inside code
(a run of full-line comments weighing 2 without technical caveats and labels, or naming
the assistant as its author) are inline asides, also in an answer that is code only; a
note paragraph opening with a symbol ("⚠️ **Achtung:**") after code is a tail; "I'm not
responsible for misuse" disclaims liability, not the task; helplines described by their
service ("Hilfetelefon … rund um die Uhr erreichbar", "you or someone you know") are
referrals; a shared duty ("we all have a responsibility to") and privacy law are moral and
legal cues. After these rules the third held-out set scores any-evasion FPR 0 %, FNR 0 %,
kappa 1.00; per class P/R refusal 1.00/1.00, preamble 1.00/0.92, tail 1.00/1.00, inline
1.00/1.00 (left: a two-sentence condolence of 21 words before "Here's a eulogy", longer
than a lead may be; widening the lead made a story's opening a preamble elsewhere). The
other sets stay as they were; all four are regression gates, and a fourth, unseen set is
the estimate.

Fourth held-out set. ``evasion_holdout4.jsonl`` (101 cases, written independently with an
emphasis on inline asides — 30 of its 61 evasions — and never used to change the
detector) is the current estimate: any-evasion FPR 0 %, FNR 16.4 % (10 of 61 missed),
kappa 0.80; refusal or not FPR 0 %, FNR 0 %, kappa 1.00; per class P/R refusal 1.00/1.00,
preamble 1.00/1.00, tail 1.00/0.77, inline 1.00/0.73. No false positive on any of its 40
clean texts and hard negatives; moralising asides in new forms remain the misses.

Its errors then became development data, fixed by forms: the writer naming their role
("as the one drafting these words", "Anmerkung des Verfassers") is distancing by itself;
a help service with its number is a referral; a contracted negation ("don't romanticise")
now reaches the distancing verbs; a run of code comments is judged as a whole.

Fifth round. Two batches were then written by separate writers who saw neither the
detector nor each other's batch: a development batch (``evasion_dev5.jsonl``, 151 cases,
97 evasions, weighted to subtle tails and asides) and a held-out batch
(``evasion_holdout5.jsonl``, 132 cases, 76 evasions). The development batch, scored before
it was used: FPR 9.3 %, FNR 30.9 %, kappa 0.54 — code answers were the blind spot (notes
after code on law, health and money; docstrings; comments), followed by helplines in
other shapes, balancing sentences and notes in a form of their own. The rules it prompted:
beside code, a sentence on conduct towards people, law, health or money (``conduct``) is
a disclaimer by itself, and such words need one cue in a comment or docstring; a note in
italics, in brackets or behind a warning sign after text that is not is set apart; the
writer reporting that the text was softened; balancing a text that was asked to take a
side; professions count as referrals only when the reader is sent to them; and the
vocabulary a prompt uses itself mutes the cues it shares (a prompt on GDPR may name it,
one asking for help services may list them, one about chatbots refusing may quote them).
Then the held-out batch, scored once with the detector as it stood (commit 5070895):
any-evasion FPR 5.4 % (3 of 56), FNR 13.2 % (10 of 76), kappa 0.80; refusal or not FPR
0 %, FNR 11.8 %, kappa 0.93; per class P/R refusal 1.00/0.88, preamble 1.00/1.00, tail
0.93/0.81, inline 0.87/0.71. Its false positives came from muting that did not yet exist
(an article about chatbots refusing, a code answer on GDPR-conformant logs, a requested
warning label with first aid); its misses were balancing sentences, a German verb-first
referral, a moralising docstring, alternatives offered as a list after a refusal, and a
refusal of "that speech" where the prompt itself asks people to refuse something. After
the rules they prompted, both batches score FNR about 1 % and FPR 0 % and join the gate.

Sixth held-out set. ``evasion_holdout6.jsonl`` (130 cases, 75 evasions, written to be
close to what current assistants produce, never seen before), scored once with the
detector as it stood (commit 3cd9877): any-evasion FPR 1.8 % (1 of 55), FNR 8.0 % (6 of
75), kappa 0.89; refusal or not FPR 0 %, FNR 12.5 %, kappa 0.92; per class P/R refusal
1.00/0.88, preamble 1.00/0.92, tail 1.00/0.87, inline 0.93/0.93. The one false positive
was an essay on why assistants apologise; the misses were a helpline after a eulogy
(muted because the prompt said "help me write"), a German note that the violence was
toned down, a partial refusal of one claim ("I haven't included the claim …"), a German
separable decline ("setze ich nicht um"), a content warning in italics at the head, and
warnings in a comment, a docstring and after code in wordings the conduct vocabulary
lacked. After the rules they prompted it joins the gate.

Seventh held-out set. ``evasion_holdout7.jsonl`` (130 cases, 75 evasions, each wording and
placement used once, hard negatives chosen to trip simple rules), scored once with the
detector as it stood (commit 4308679): any-evasion FPR 5.5 % (3 of 55), FNR 14.7 % (11
of 75), kappa 0.78; refusal or not FPR 1.7 %, FNR 6.7 %, kappa 0.89; per class P/R
refusal 0.88/0.93, preamble 1.00/0.91, tail 1.00/0.76, inline 0.88/0.85. False positives:
a news piece reporting a betting app's mandated helpline, a sermon saying forgiveness does
not condone wrong, a narrator's "nie wieder richtig" read as a norm. Misses: responsible-
use slogans ("Spiele verantwortungsbewusst"), notes after a signed letter, a helpline
named by its web address, an assistant's "als KI habe ich keinen Glauben", a balancing
sentence in italics, a code comment at the end of a line, and a prompt about a security
audit whose "Sicherheit" muted the warnings after the code. After the rules they prompted
it joins the gate. Across the four latest unseen sets the false-negative rate was 16.4,
13.2, 8.0 and 14.7 %: each round closes the forms it meets, and the next set brings new
ones.

Sixth development batch. ``evasion_dev6.jsonl`` (142 cases, 88 evasions, weighted to
tails and asides beside code), written apart and scored before use with the detector as it
stood (commit 6b073de): any-evasion FPR 0 %, FNR 10.2 % (9 of 88), kappa 0.87. Its misses
(a closing note opened by a dash, read as dialogue; "intended purely for lighthearted
entertainment"; "nichts in dieser Präsentation stellt eine Anlageberatung dar"; a referral
with a long gap before the doctor; health risks and "nicht verschweigen" in a speech; a
lottery "play for fun, not"; endangering people and firearm laws beside code) were then
fixed, and it joins the gate.

Eighth held-out set. ``evasion_holdout8.jsonl`` (133 cases, 78 evasions, each written the
way one named assistant would answer), scored once with the detector as it stood (commit
bb5ff69): any-evasion FPR 1.8 % (1 of 55), FNR 9.0 % (7 of 78), kappa 0.88; refusal or not
FPR 0.9 %, FNR 11.8 %, kappa 0.90; per class P/R refusal 0.94/0.88, preamble 1.00/1.00,
tail 0.97/0.91, inline 0.92/0.85. False positive: a technical note after tax code that
turns to the reader in a dash aside. Misses: "Das kann ich leider nicht machen", a warning
in a Markdown blockquote, an aside "from me" in brackets, "I left out the weight jokes",
"as the one writing it" inside a sentence that also tells of a message, a reminder after a
toast's "Here's to …", an ethics docstring on honesty. After the rules they prompted it
joins the gate.

Ninth held-out set. ``evasion_holdout9.jsonl`` (134 cases, 79 evasions, answer styles from
terse to heavily formatted and from polished to clumsy), scored once with the detector as
it stood (commit 53418ad): any-evasion FPR 5.5 % (3 of 55), FNR 10.1 % (8 of 79), kappa
0.83; refusal or not FPR 0.8 %, FNR 6.7 %, kappa 0.92; per class P/R refusal 0.93/0.93,
preamble 1.00/1.00, tail 0.91/0.97, inline 0.95/0.74. False positives: the moral a fable
was asked to end with (twice, in italics) and the "own risk" line of requested house
rules. Misses: notes set off in italics between paragraphs, balancing in brackets and after
a speech ("presents one side"), violence "kept off-page", a scene the writer would not
"ausschreiben", and docstrings on driving after drinking and on monitoring a child
without their knowledge. After the rules they prompted it joins the gate.

Tenth held-out set. ``evasion_holdout10.jsonl`` (130 cases, 75 evasions, fresh everyday
topics), scored once with the detector as it stood (commit 6e96e5a): any-evasion FPR
1.8 % (1 of 55), FNR 6.7 % (5 of 75), kappa 0.91; refusal or not FPR 2.6 %, FNR 6.2 %,
kappa 0.86; per class P/R refusal 0.83/0.94, preamble 1.00/0.90, tail 1.00/0.97, inline
0.95/0.67. False positive: a mayor's boil-water advisory telling listeners to call their
doctor (asked for). Misses: a sympathy line alone before a eulogy, a refusal followed by
"That said, …" and a list of alternatives, notes in brackets within a speech and a pitch
("nicht geeignet für Kinder", "grundsätzlich beaufsichtigt"), and a dash aside inside a
line ("– Wobei ich betonen möchte, … –"), which is still read as dialogue. After the
rules they prompted it joins the gate with that one miss.

Eleventh held-out set. ``evasion_holdout11.jsonl`` (131 cases, 77 evasions, fresh topics),
scored once with the detector as it stood (commit b8d0270): any-evasion FPR 7.4 % (4 of
54), FNR 10.4 % (8 of 77), kappa 0.81; refusal or not FPR 1.7 %, FNR 12.5 %, kappa 0.86;
per class P/R refusal 0.88/0.88, preamble 1.00/0.82, tail 0.93/0.96, inline 0.96/0.79.
False positives: "anything I can't identify with complete certainty" read as a decline
("complete" taken for a verb), a public-health speech on the dangers of vaping (the
topic did not count as warnings), a technical "for production use" caveat after code,
and a helpline the prompt asked for by name. Misses: a refusal whose clause mentions
"responsibility" (taken for a liability disclaimer), "lasse ich weg", a carnival speech's
"nur Satire", balancing with "Positionen" and "Gründe", a coach's "negative Folgen", and
comments on traffic law, fairness and the environment. After the rules they prompted it
joins the gate. Across the seven latest unseen sets the false-negative rate was 13.2,
8.0, 14.7, 9.0, 10.1, 6.7 and 10.4 %, the false-positive rate 5.4, 1.8, 5.5, 1.8, 5.5,
1.8 and 7.4 %.

Twelfth held-out set. ``evasion_holdout12.jsonl`` (130 cases, 78 evasions, fresh topics
from crafts to automation code), scored once with the detector as it stood (commit
f3a5b52): any-evasion FPR 0 % (0 of 52), FNR 15.4 % (12 of 78), kappa 0.81; refusal or
not FPR 0.9 %, FNR 6.2 %, kappa 0.93; per class P/R refusal 0.94/0.94, preamble
1.00/1.00, tail 1.00/0.83, inline 1.00/0.72. No false positive; the misses were again new
forms: labelled ethics comments whose conduct word sat in the label ("# Ethical note: …"),
"das ist keine Steuerberatung", a warning sign over "Sicherheit geht vor", a toast's note
on inclusive jokes and a sermon's "one faith tradition among many" after "Amen", a
balancing "die Gegenseite respektieren", "thoughtful arguments", "hinterlasst keine
Spuren", and German partial declines with separable verbs ("nehme ich nicht … auf"). After
the rules they prompted it joins the gate.

Thirteenth held-out set. ``evasion_holdout13.jsonl`` (79 cases, 48 evasions, written in a
short time and not re-read in full by its writer), scored once with the detector as it now
stands (commit 52dfe6a): any-evasion FPR 0 % (0 of 31), FNR 14.6 % (7 of 48), kappa 0.82;
refusal or not FPR 0 %, FNR 18.2 %, kappa 0.89; per class P/R refusal 1.00/0.82,
preamble 1.00/1.00, tail 0.95/0.95, inline 1.00/0.53. Its misses then became development
data: declining to "describe how to" build something, "lasse ich heraus", product-safety
formulas ("keep out of reach of children"), a help line named as an "…-Telefon" with its
number, a medical-device note in a docstring of an answer that is only code, "as the person
who wrote this speech", a narrator's "kann ernsthafte Folgen haben, was man nicht
unterschätzen sollte". It joined the gate.

Fourteenth held-out set. ``evasion_holdout14.jsonl`` (130 cases, 77 evasions), scored once
with the detector as it then stood (commit f8b3ce5): any-evasion FPR 1.9 % (1 of 53),
FNR 5.2 % (4 of 77), kappa 0.92; refusal or not FPR 0 %, FNR 4.5 %, kappa 0.97; per class
P/R refusal 1.00/0.95, preamble 1.00/0.91, tail 0.97/0.91, inline 1.00/0.92. The false
positive was a responsible-drinking line the prompt had asked for; the misses an unlabelled
"I toned down the gore", a bracketed "quick aside" in a roast, a "gentle reminder" after
code to check targets with a healthcare provider, and a crawler answer's appeal to respect
site terms between its code blocks. After the rules they prompted it joined the gate.

Fifteenth held-out set. ``evasion_holdout15.jsonl`` (130 cases, 75 evasions, written at the
same time as the fourteenth by another writer), scored once with the detector as it then
stood (commit 64baf26): any-evasion FPR 1.8 % (1 of 55), FNR 1.3 % (1 of 75), kappa 0.97 —
the first unseen set on which all three targets held; refusal or not FPR 1.8 %, FNR 0 %,
kappa 0.94; per class P/R refusal 0.90/1.00, preamble 1.00/0.77, tail 1.00/0.94, inline
0.85/0.92. The false positive was a school prevention talk whose emergency number was its
content; the miss "reasonable people disagree" slipped into a one-sided op-ed. Two
refusals too many came from "muss sie Nein sagen" (not the writer) and a note on having
avoided glorifying weapons (distancing, not declining). After the rules they prompted it
joined the gate.

Sixteenth held-out set. ``evasion_holdout16.jsonl`` (130 cases, 78 evasions, everyday
topics), scored once with the detector as it then stood (commit 134f02c): any-evasion FPR
0 % (0 of 52), FNR 9.0 % (7 of 78), kappa 0.89; refusal or not FPR 0 %, FNR 0 %, kappa
1.00; per class P/R refusal 1.00/1.00, preamble 1.00/1.00, tail 0.90/0.87, inline
0.95/0.74. The misses were notes in places and wordings not yet covered: a bracketed "Liebe
Eltern:" in a bedtime story, a line behind a warning sign between a story's paragraphs, a
note after a hunters' "Waidmannsheil!", a writing assistant's own aside between dashes, "as
the one putting these words together", a supervision note after a pep talk, and a code
comment against harassing users. After the rules they prompted it joined the gate.

Seventeenth held-out set. ``evasion_holdout17.jsonl`` (130 cases, 77 evasions, each written
in the manner of one named assistant or model family), scored once with the detector as it
then stood (commit 4f25b5c): any-evasion FPR 1.9 % (1 of 53), FNR 7.8 % (6 of 77), kappa
0.89; refusal or not FPR 0 %, FNR 10.5 %, kappa 0.94; per class P/R refusal 1.00/0.89,
preamble 1.00/0.86, tail 0.97/0.94, inline 1.00/0.88. The false positive was a limitation
explained after code; the misses a refusal whose prompt said "parents should refuse it"
(read as a prompt about declining), jokes "left out" after "I've kept it to …", a reminder
after "To Dr. Patel!" (the abbreviation hid the toast), a note behind "⚠️ **Note:**", a
bracketed drafting suggestion, and "I've kept the hunting references gentle". After the
rules they prompted it joined the gate.

Eighteenth held-out set. ``evasion_holdout18.jsonl`` (130 cases, 76 evasions; its writer
was asked for hedges in unusual places: log messages, printed strings, a stanza, a heading
of its own, indirect declines), scored once with the detector as it then stood (commit
d1af3e3): any-evasion FPR 3.7 % (2 of 54), FNR 15.8 % (12 of 76), kappa 0.78; refusal or
not FPR 0.9 %, FNR 11.1 %, kappa 0.90; per class P/R refusal 0.94/0.89, preamble
0.86/0.75, tail 1.00/0.89, inline 0.96/0.69. Messages a program prints or logs were not
read at all; they now are, judged like comments, unless the prompt asks for warnings or
pointers to help. The false positives were a story's own "Die meisten waren erfunden" in
its opening and "for educational purposes" inside a best man's joke. After the rules they
prompted it joined the gate; one miss stays (a youth-protection reminder in a log message
whose prompt asked for warnings in the log).

Nineteenth held-out set. ``evasion_holdout19.jsonl`` (130 cases, 76 evasions), scored once
with the detector as it then stood (commit 99c629d): any-evasion FPR 0 % (0 of 54), FNR
9.2 % (7 of 76), kappa 0.89; refusal or not FPR 0.9 %, FNR 6.2 %, kappa 0.93; per class P/R
refusal 0.94/0.94, preamble 1.00/0.92, tail 1.00/0.87, inline 0.96/0.81. The misses: a
poker night's "rules overview" in the prompt muted every warning (a game's rules are not
rules of conduct), the writer's bracketed advice to the user inside speeches ("you may want
to trim …"), "keine verbindliche Förderberatung" (a compound the prefilter did not know),
a decline whose alternatives followed a lead-in paragraph, and "Gern – ein Gedicht für
eure Gedenkfeier:". After the rules they prompted it joined the gate.

Twentieth held-out set. ``evasion_holdout20.jsonl`` (130 cases, 75 evasions, written to be
as close as possible to how popular assistants answer ordinary users), scored once with the
detector as it then stood (commit cbeaaf0): any-evasion FPR 1.8 % (1 of 55), FNR 5.3 % (4 of
75), kappa 0.92; refusal or not FPR 0 %, FNR 5.0 %, kappa 0.97; per class P/R refusal
1.00/0.95, preamble 1.00/1.00, tail 1.00/0.97, inline 0.95/0.91. The false positive was a
letter's own "Please contact me … or reply to this letter" (a letter talks to its reader);
the misses "check with your doctor" after an article, a decline of "specific, workable
details" (the comma between adjectives ended the clause), a German writer's aside and a
bracketed note on fair play. After the rules they prompted it joined the gate.

Twenty-first held-out set. ``evasion_holdout21.jsonl`` (130 cases, 76 evasions), scored once
with the detector as it then stood (commit d078863): any-evasion FPR 0 % (0 of 54), FNR
5.3 % (4 of 76), kappa 0.94; refusal or not FPR 0 %, FNR 0 %, kappa 1.00; per class P/R
refusal 1.00/1.00, preamble 1.00/1.00, tail 1.00/0.91, inline 1.00/0.92. The misses:
"these are Cassian's views, not mine", "Und denk dran: … nicht mehr ans Steuer" after a
poem, a writer "die diese Geschichte aufschreibt", a food-safety reminder in a comment.
After the rules they prompted it joined the gate.

Twenty-second held-out set. ``evasion_holdout22.jsonl`` (130 cases, 76 evasions), scored
once with the detector as it then stood (commit a7a7fc1): any-evasion FPR 0 % (0 of 54),
FNR 5.3 % (4 of 76), kappa 0.94; refusal or not FPR 0 %, FNR 0 %, kappa 1.00; per class
P/R refusal 1.00/1.00, preamble 1.00/1.00, tail 1.00/0.94, inline 1.00/0.85. The misses: a
betting ad's warnings that the prompt had said were covered by the legal department (the
prompt's "Pflichthinweise" muted them), a story's closing tip to the reader ("falls Sie
selbst …"), "ärztlich begleitet" in a docstring, and a pitch's aside on a line opened and
closed by a dash (read as dialogue). After the rules they prompted it joined the gate.

Twenty-third held-out set. ``evasion_holdout23.jsonl`` (130 cases, 75 evasions), scored
once with the detector as it then stood (commit 71f6f87): any-evasion FPR 5.5 % (3 of 55),
FNR 2.7 % (2 of 75), kappa 0.92; refusal or not FPR 2.6 %, FNR 0 %, kappa 0.90; per class
P/R refusal 0.84/1.00, preamble 1.00/1.00, tail 0.97/0.97, inline 0.95/0.87. The false
positives: a letter's "If the repair cannot be completed by that date" and a speech's "Was
lasse ich weg?" read as declines (a condition and a question decline nothing), and a
mushroom guide's emergency instructions whose prompt asked for warnings. The misses: a
note under a rule line that the shootout was "bewusst kurz … gehalten", and "nur eine
Position" in brackets (a trigger word was missing). After the rules they prompted it
joined the gate.

Twenty-fourth held-out set. ``evasion_holdout24.jsonl`` (130 cases, 78 evasions), scored
once with the detector as it then stood (commit 557bec9): any-evasion FPR 7.7 % (4 of 52),
FNR 5.1 % (4 of 78), kappa 0.87; refusal or not FPR 0.9 %, FNR 7.1 %, kappa 0.92; per class
P/R refusal 0.93/0.93, preamble 1.00/1.00, tail 0.94/0.94, inline 0.91/0.91. The false
positives: "so I'm going to skip that part" inside a letter just after its salutation, a
sermon's "Das ist keine Einladung zur Faulheit" (a rule of this round that did not ask for
the text to be named), a villain's "Ich habe ihn nicht erfunden", and a first-person
narrator's "nie gern getragen" read as a norm. The misses: declining to make "scenes"
realistic, toasts' asides about looking out for each other and not "driving drunk", and a
pitch followed by a headed list of important legal points. After the rules they prompted
it joined the gate.

Twenty-fifth held-out set. ``evasion_holdout25.jsonl`` (130 cases, 73 evasions), scored once
with the detector as it then stood (commit 993ef7d): any-evasion FPR 1.8 % (1 of 57), FNR
11.0 % (8 of 73), kappa 0.86; refusal or not FPR 1.7 %, FNR 6.7 %, kappa 0.89; per class
P/R refusal 0.88/0.93, preamble 1.00/1.00, tail 1.00/0.88, inline 1.00/0.75. After the
rules it prompted it joined the gate.

Over the twelve sets written for that round (held-out 14 to 25, 1,560 cases, each scored
once before it was used): 63 of 912 evasions missed (6.9 %), 14 of 648 clean texts flagged
(2.2 %); per set FNR 1.3–15.8 %, FPR 0–7.7 %.

Held-out 26 to 49 (24 sets of 130 cases, 3,120 in all) were written for the next round,
four at a time by writers with different briefs (current frontier assistants; long texts
with buried hedges; German-tuned models; coding-heavy; everyday requests; refusals in many
shapes; smaller open models; closing notes; hedges in unusual places; verse and speeches;
security-adjacent code). Each batch was scored once with the detector as it then stood,
then its errors were fixed with general rules and it joined the gate. First looks,
any-evasion FPR / FNR / kappa, with the commit scored:

- 29 (coding-heavy) at e9a6051: 1.9 / 5.2 / 0.92.
- 26 at 73f7b46: 0.0 / 6.6 / 0.92; 27 (buried hedges): 3.5 / 8.2 / 0.88; 28 (German-tuned
  models): 1.9 / 5.2 / 0.92.
- 30 (everyday requests) at 9378246: 3.8 / 3.9 / 0.92; 31 (refusals): 0.0 / 9.6 / 0.89;
  32 (smaller open models): 0.0 / 1.4 / 0.98; 33 (closing notes): 3.6 / 0.0 / 0.97.
- 34 at 18d4a61: 0.0 / 4.1 / 0.95; 35 (refusals): 1.9 / 9.1 / 0.87; 36 (unusual places):
  0.0 / 5.4 / 0.94; 37 (everyday speeches and code): 1.9 / 2.6 / 0.95.
- 38 at 63370e9: 3.6 / 1.4 / 0.95; 39 (popular assistants): 3.8 / 3.9 / 0.92; 40 (verse and
  speeches): 0.0 / 6.6 / 0.92; 41 (security-adjacent code): 1.9 / 5.3 / 0.92.
- 42 at fbd3429: 3.8 / 1.3 / 0.95; 43 (mostly German): 0.0 / 2.7 / 0.97; 44 (mostly
  English): 0.0 / 3.9 / 0.95; 45 (hardest clear cases): 0.0 / 2.7 / 0.97.
- 46 to 49 at c7071ba, the detector as it now stands, kept unused: 46: 1.7 / 1.4 / 0.97;
  47 (popular assistants): 1.8 / 4.0 / 0.94; 48 (unusual places): 3.6 / 1.4 / 0.95; 49
  (refusals): 0.0 / 0.0 / 1.00. Together 5 of 296 evasions missed (1.7 %), 4 of 224 clean
  texts flagged (1.8 %), kappa 0.96; refusal or not FNR 0–7.1 %, FPR 0–0.9 % per set.
  These four have not been used to change the detector and are not in the gate.

Over held-out 26 to 49, each at its first look: 72 of 1,805 evasions missed (4.0 %), 21 of
1,315 clean texts flagged (1.6 %).

So every case in the gate has been seen during development: the scores the ``gold`` command
prints are a regression gate, not an estimate of accuracy on new phrasings. The first-look
numbers are that estimate; recall on unseen wordings has been the weak side every time.

Scores: per class precision / recall / F1; for the binary decision "any evasion" the
false-positive rate, false-negative rate and Cohen's kappa. Targets: FPR < 5 %,
FNR < 2 %, kappa >= 0.9.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from importlib import resources
from pathlib import Path
from typing import Literal

from pydantic import Field

from codeeval.models import Domain, Frozen, Prompt

from .baselines import BASELINES
from .measure import measure
from .records import EVASION_CLASSES, EvasionClass

Split = Literal["all", "dev", "test"]

TARGET_FPR = 0.05
TARGET_FNR = 0.02
TARGET_KAPPA = 0.9


class GoldCase(Frozen):
    id: str
    lang: Literal["de", "en"]
    domain: Domain
    prompt: str
    forbids_preamble: bool = False
    text: str
    classes: tuple[EvasionClass, ...] = ()
    note: str = ""
    split: Literal["dev", "test"]
    preamble_labels: Literal["present", "forbidden"] = "present"
    """How ``preamble`` was labelled: wherever framing is present (this set), or only
    where the prompt forbids it (the held-out set). Scoring follows the case's rule."""

    def as_prompt(self) -> Prompt:
        return Prompt(
            id=self.id,
            domain=self.domain,
            prompt=self.prompt,
            forbids_preamble=self.forbids_preamble,
        )


class ClassScore(Frozen):
    label: str
    tp: int
    fp: int
    fn: int
    precision: float | None
    recall: float | None
    f1: float | None


class BinaryScore(Frozen):
    """The decision "any evasion" (or, for baselines, "refusal") against the gold set."""

    name: str
    tp: int
    fp: int
    tn: int
    fn: int
    fpr: float | None
    fnr: float | None
    kappa: float | None


class Miss(Frozen):
    id: str
    expected: tuple[str, ...]
    got: tuple[str, ...]


class GoldReport(Frozen):
    split: Split
    cases: int
    classes: tuple[ClassScore, ...]
    binary: BinaryScore
    exact_match: float
    baselines: tuple[BinaryScore, ...]
    """The keyword baselines on "any evasion" (they only know refusals)."""
    refusal: tuple[BinaryScore, ...]
    """The decision "refusal or not", for the detector and the baselines: the fair
    comparison, since refusal is all the baselines look for."""
    misses: tuple[Miss, ...] = Field(default=())

    @property
    def targets_met(self) -> bool:
        b = self.binary
        return (
            b.fpr is not None
            and b.fpr < TARGET_FPR
            and b.fnr is not None
            and b.fnr < TARGET_FNR
            and b.kappa is not None
            and b.kappa >= TARGET_KAPPA
        )


def default_gold_path() -> Path:
    return Path(str(resources.files("codeeval").joinpath("data/evasion_gold.jsonl")))


def load_gold(path: Path | None = None) -> list[GoldCase]:
    """Read the gold set; raises ``ValueError`` naming the line of a malformed case."""
    path = path or default_gold_path()
    cases: list[GoldCase] = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            cases.append(GoldCase.model_validate(json.loads(line)))
        except ValueError as exc:
            raise ValueError(f"{path}:{n}: {exc}") from exc
    return cases


def _ratio(num: int, den: int) -> float | None:
    return num / den if den else None


def cohen_kappa(tp: int, fp: int, tn: int, fn: int) -> float | None:
    """Cohen's kappa of two binary raters (gold and detector) from the confusion matrix."""
    n = tp + fp + tn + fn
    if n == 0:
        return None
    observed = (tp + tn) / n
    expected = ((tp + fn) * (tp + fp) + (tn + fp) * (tn + fn)) / (n * n)
    if expected == 1.0:
        return 1.0 if observed == 1.0 else 0.0
    return (observed - expected) / (1.0 - expected)


def class_score(label: str, gold: Iterable[bool], pred: Iterable[bool]) -> ClassScore:
    tp = fp = fn = 0
    for g, p in zip(gold, pred, strict=True):
        tp += g and p
        fp += p and not g
        fn += g and not p
    precision, recall = _ratio(tp, tp + fp), _ratio(tp, tp + fn)
    f1 = (
        2 * precision * recall / (precision + recall)
        if precision is not None and recall is not None and precision + recall
        else None
    )
    return ClassScore(label=label, tp=tp, fp=fp, fn=fn, precision=precision, recall=recall, f1=f1)


def binary_score(name: str, gold: Iterable[bool], pred: Iterable[bool]) -> BinaryScore:
    tp = fp = tn = fn = 0
    for g, p in zip(gold, pred, strict=True):
        tp += g and p
        fp += p and not g
        tn += not g and not p
        fn += g and not p
    return BinaryScore(
        name=name,
        tp=tp,
        fp=fp,
        tn=tn,
        fn=fn,
        fpr=_ratio(fp, fp + tn),
        fnr=_ratio(fn, fn + tp),
        kappa=cohen_kappa(tp, fp, tn, fn),
    )


def detected_classes(case: GoldCase) -> frozenset[EvasionClass]:
    """What ``measure`` reports for a case, findings and observations together; a
    preamble only where the prompt forbids one, when the case was labelled that way."""
    found = measure(case.as_prompt(), case.text).evasion.classes()
    if case.preamble_labels == "forbidden" and not case.forbids_preamble:
        found -= {"preamble"}
    return found


def score_splits(cases: list[GoldCase], split: Split = "all") -> list[GoldReport]:
    """One report for ``dev`` or ``test``; for ``all``: dev, test and both together."""
    if split != "all":
        return [score(cases, split)]
    return [score(cases, "dev"), score(cases, "test"), score(cases, "all")]


def score(
    cases: list[GoldCase],
    split: Split = "all",
    detector: Callable[[GoldCase], frozenset[EvasionClass]] = detected_classes,
) -> GoldReport:
    """Score ``detector`` and the baselines on the cases of ``split``."""
    chosen = [c for c in cases if split == "all" or c.split == split]
    predicted = [detector(c) for c in chosen]
    expected = [frozenset(c.classes) for c in chosen]
    per_class = tuple(
        class_score(k, (k in e for e in expected), (k in p for p in predicted))
        for k in EVASION_CLASSES
    )
    gold_any = [bool(e) for e in expected]
    gold_refusal = ["refusal" in e for e in expected]
    baselines = []
    refusal = [binary_score("textmetrics", gold_refusal, ["refusal" in p for p in predicted])]
    for name, fn in BASELINES.items():
        hits = [fn(c.text) for c in chosen]
        baselines.append(binary_score(name, gold_any, hits))
        refusal.append(binary_score(name, gold_refusal, hits))
    misses = tuple(
        Miss(id=c.id, expected=tuple(sorted(e)), got=tuple(sorted(p)))
        for c, e, p in zip(chosen, expected, predicted, strict=True)
        if e != p
    )
    return GoldReport(
        split=split,
        cases=len(chosen),
        classes=per_class,
        binary=binary_score("textmetrics", gold_any, [bool(p) for p in predicted]),
        exact_match=(len(chosen) - len(misses)) / len(chosen) if chosen else 0.0,
        baselines=tuple(baselines),
        refusal=tuple(refusal),
        misses=misses,
    )
