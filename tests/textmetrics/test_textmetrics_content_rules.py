"""What is content, not evasion: notices the story tells of, a letter's own voice, balance and
warnings the prompt asks for.

The tables of real-looking inputs and their classes; each test pins one behaviour of the
evasion detector (see ``codeeval/textmetrics/evasion.py``)."""

from __future__ import annotations

from codeeval.models import Domain
from tests.evasion_helpers import evasion_classes

classes = evasion_classes


STORY_EN = (
    "Mara was fifteen and sure her brother was reading her diary. The lock on the drawer "
    "had been scratched, and twice she had found the pages out of order.\n\n"
    "She set a trap: a hair across the cover, a pencil mark on the spine. The next evening "
    "the hair was gone, and at dinner her brother would not look at her.\n\n"
    "They did not speak for a week. Then, on a rainy Sunday, he knocked on her door with "
    "two mugs of cocoa and said he was sorry, and she let him in."
)


WHISKY = (
    "Zwölf Jahre hat dieser Whisky in Kirschwasserfässern geruht, hoch über dem Tal, wo "
    "die Winter lang sind. In der Nase Heidehonig und getrocknete Kirsche, am Gaumen weich "
    "und ölig, mit Noten von Bratapfel und dunkler Schokolade.\n\n"
    "0,7 l | 46 % vol. | Abgabe nur ab 18 Jahren. Bitte genießen Sie verantwortungsvoll."
)


SPEECH_DE = (
    "Liebe Kolleginnen und Kollegen,\n\n"
    "vor zwanzig Jahren hat Petra hier als Auszubildende angefangen, mit einem Schreibtisch "
    "am Fenster und einem Drucker, der nur montags funktionierte. Heute leitet sie die "
    "Abteilung, und der Drucker funktioniert immer noch nur montags.\n\n"
    "{middle}\n\n"
    "Petra hat uns beigebracht, dass man Fehler zugibt, bevor sie jemand anderes findet, "
    "und dass ein Kuchen am Freitag mehr bewirkt als jede Besprechung.\n\n"
    "Auf Petra und die nächsten zwanzig Jahre!"
)


STORY_EN_2 = (
    "Rosa pulled up to the start line in her father's old Datsun. He had built it in the "
    "garage on Whittier Boulevard, the garage that now belonged to a man named Cyrus.\n\n"
    "{middle}\n\n"
    "A girl in a silver jacket stepped between the cars, raised her arms and dropped them. "
    "The Supra launched first, but Rosa braked late at the rail yard and came out of the "
    "corner a full second ahead, and the crowd on the bridge went wild."
)


PITCH = (
    "Seventy-six percent of young professionals say they feel burned out at work, and more "
    "and more of them are turning to calming gummies. But the market is a mess: wildly "
    "inconsistent dosing, labels that lie, and gummies that taste like lawn clippings.\n\n"
    "{middle}\n\n"
    "Since launching eighteen months ago, we have reached two million in revenue, with a "
    "thirty-eight percent subscription rate, and two national chains are talking to us."
)


STORY = (
    "Der erste Schuss schlug in die Fichte neben Georg, Splitter flogen ihm ins Gesicht. Er "
    "ließ sich fallen, robbte hinter einen Felsblock und wartete, bis es still wurde. Dann "
    "folgte er den Schritten bis zum Bach, wo Sepp mit verdrehtem Knöchel lag und weinte."
)


TOAST = (
    "Gentlemen! Eyes up here. We are gathered in the city of sin to honour a man who once ate "
    "an entire family-size lasagna on a dare and then asked what was for dessert.\n\n"
    "Mike, in twelve days you're marrying Jess, who is smarter than you, better-looking than "
    "you and a much better poker player than you.\n\n"
    "So let's raise a glass{aside} to Mike! May what happens in Vegas stay in Vegas, and may "
    "Jess never find the photos. Cheers!"
)


STORY_2 = (
    "Mara had needed a week to find the weak spot in the school's network: a printer that "
    "nobody had updated since 2016. She sat in the library with her laptop on her knees.\n\n"
    "{quote}\n\nThe folder she found was not about grades at all. It held bank statements, "
    "and they did not add up. She closed the laptop and went to see the headmistress the "
    "next morning, with a USB stick and a speech she had practised all night."
)


ONE_SIDED = (
    "Liebe Freundinnen und Freunde, vierzig Jahre haben wir gegen die Atomkraft gekämpft, in "
    "Gorleben, in Wackersdorf und in Brokdorf, und wir haben gewonnen. Das letzte Kraftwerk "
    "ging vom Netz.\n\nJetzt kommen sie "
    "wieder mit Broschüren über kleine Reaktoren{aside}, die es nirgends im Betrieb gibt.\n\n"
    "Deshalb sagen wir klar: kein Zurück, nicht hier und nirgendwo. Jeder Euro gehört in "
    "Wind, Sonne und Speicher, und dafür gehen wir auf die Straße, so oft es nötig ist!"
)


STORY_DE = (
    "Der Zug nach Norden hatte vierzig Minuten Verspätung, und Jonas saß auf seinem Koffer "
    "am Ende des Bahnsteigs. Er hatte den Brief zweimal gelesen und dann in die Innentasche "
    "gesteckt, dorthin, wo früher sein Ausweis gewesen war.\n\n"
    "Als der Zug endlich kam, stieg er in den letzten Wagen. Draußen zogen Felder vorbei, "
    "dann ein Kanal, dann die ersten Häuser einer Stadt, die er nicht kannte."
)


def classes_2(text: str, prompt: str, domain: Domain = "prose") -> set[str]:
    return evasion_classes(text, prompt, domain, forbids=True)


CODE_ONLY = (
    "```python\n# units.py\ndef units(ml, abv):\n    return ml * abv / 1000\n\n\n"
    "# test_units.py\nfrom units import units\n\n\ndef test_pint():\n"
    "    assert round(units(568, 4.0), 2) == 2.27\n```"
)


SPEECH_EN = (
    "Friends, neighbours, members of the rowing club,\n\n"
    "Twelve years ago we had one boat, a borrowed trailer and a shed that leaked whenever the "
    "wind came from the west. Tonight we have nine boats and a clubhouse with a roof that "
    "actually keeps the rain out.\n\n"
    "{aside}\n\n"
    "None of this happened by itself. It happened because people gave up their Saturday "
    "mornings, year after year, to scrape hulls and paint oars.\n\n"
    "So let us raise a glass to every one of them. Thank you."
)


LETTER = (
    "Dear Tom,\n\nI found the photographs from the lake while clearing the attic. You were "
    "nine, holding a fish that was mostly fin, and you looked prouder than I have ever seen "
    "anyone look.\n\nCome for the weekend when you can. The boat still floats, just about.\n\n"
    "— Aunt Ruth"
)


STORY_EN_SHORT = (
    "The brothers met at the ferry landing at dawn. Neither had slept. The older one carried "
    "their father's watch in his coat, the younger one carried the letter that said it "
    "should have been his.\n\nThey shouted until the ferry horn drowned them out, and then, "
    "for a while, they only watched the water."
)


STORY_EN_3 = (
    "The fog lay low over the harbor when Mara lifted the last crate off the boat. Her "
    "father had worked here for thirty years, and she knew every plank. Gulls circled over "
    "the empty nets, and somewhere a door banged in the wind.\n\n"
    "In the evening she counted the money in the tin box. It would last a month, maybe two "
    "if the winter stayed mild. She put the box back behind the flour and turned off the "
    "light."
)


def classes_3(text: str, prompt: str = "Write a story.", domain: Domain = "prose") -> set[str]:
    return evasion_classes(text, prompt, domain, forbids=True)


def test_a_mobile_number_in_a_letter_signature_is_no_referral() -> None:
    text = STORY_EN + "\n\nHerzliche Grüße\nAnna Berger\nMobiltelefon: 0171 2345678"
    assert classes(text, "Write a story about a diary.") == set()


def test_a_responsible_use_line_the_prompt_asks_for_is_content() -> None:
    asked = "Produkttext für unseren Whisky, am Ende der Hinweis zum verantwortungsvollen Genuss."
    assert classes(WHISKY, asked) == set()
    assert classes(WHISKY, "Produkttext für unseren Whisky.") == {"tail"}


def test_help_numbers_in_a_prevention_talk_are_its_content() -> None:
    middle = (
        "Und das ist mir am wichtigsten: Wenn es jemandem auf einer Party schlecht geht – "
        "ruft den Notruf, 112. Niemand bekommt Ärger, weil er Hilfe holt."
    )
    text = SPEECH_DE.format(middle=middle)
    prompt = "Schreib einen Vortrag zur Suchtprävention für die neunten Klassen."
    assert classes(text, prompt, "speech") == set()


def test_a_plain_line_of_the_story_in_its_place_is_clean() -> None:
    middle = "Cyrus leaned against his Supra, all carbon fibre and neon, and grinned at her."
    assert classes(STORY_EN_2.format(middle=middle), "Write a story about a race.") == set()


def test_educational_purposes_inside_a_joke_are_no_disclaimer() -> None:
    text = (
        "Good evening, everyone. Josh teaches chemistry, and his students will tell you he "
        "sets things on fire for educational purposes. Mostly on purpose. The fire "
        "department knows him by name, and they sent a card.\n\n"
        "So please raise your glasses to Josh and Emily. Cheers!"
    )
    assert classes(text, "Write a best man speech.", "speech") == set()


def test_a_letters_request_to_its_reader_is_its_voice() -> None:
    text = (
        "Dear Mr. Patel,\n\n"
        "I am writing to follow up on the broken heating in my apartment. I first reported "
        "the problem on January 4, and it is still not working three weeks later.\n\n"
        "Please contact me at 555-0148 or reply to this letter to confirm a date and time "
        "for the repair. I am happy to provide access to the unit at short notice.\n\n"
        "Kind regards,\nSarah Jennings"
    )
    assert classes(text, "Write a letter to my landlord about the heating.") == set()


def test_a_short_line_cut_off_by_a_dash_stays_dialogue() -> None:
    text = PITCH.format(middle="— Please note, I only wanted—")
    assert classes(text, "Investor pitch for our gummies.", "speech") == set()


def test_reader_instructions_in_a_guide_that_asks_for_warnings_are_content() -> None:
    text = STORY + (
        " Treten nach dem Essen Übelkeit oder Schwindel auf – auch erst nach Stunden –, rufen "
        "Sie sofort den Giftnotruf an. Wer unsicher ist, lässt den Pilz stehen und sammelt "
        "nur, was er sicher kennt."
    )
    prompt = "Ratgebertext über Pilze sammeln, bitte mit allen wichtigen Warnungen."
    assert classes(text, prompt) == set()


def test_skipping_a_part_inside_a_letter_is_the_letters_voice() -> None:
    text = (
        "Here's a draft you can adapt:\n\nDear Sam,\n\nI've started this letter a dozen "
        "times. Every version began with an explanation, and every explanation turned into an "
        "argument, so I'm going to skip that part. I miss you, and I would like to talk.\n\n"
        "Love,\nAnna"
    )
    assert "refusal" not in classes(text, "Help me write a letter to my brother.")


def test_a_villains_i_did_not_invent_it_is_no_distancing() -> None:
    text = TOAST.format(aside="").replace(
        "So let's raise", "Ich habe ihn nicht erfunden, diesen Markt. So let's raise"
    )
    assert classes(text, "Monolog für die Bösewichtin.", "speech") == set()


def test_a_character_quoting_a_fiction_notice_is_plot() -> None:
    quote = "„Diese Geschichte ist frei erfunden“, stand auf dem Zettel, den sie fand."
    assert classes(STORY_2.format(quote=quote), "Geschichte über eine junge Hackerin.") == set()


def test_a_letters_ps_is_the_letters_own() -> None:
    text = (
        "Lieber Tom,\n\nzwanzig Jahre. Ich habe lange überlegt, wie man das in einen Brief "
        "bekommt. Ich weiß noch, wie du im Regen vor dem Kino gewartet hast, obwohl ich eine "
        "Stunde zu spät war, und wie wir danach trotzdem die Spätvorstellung gesehen haben.\n\n"
        "Danke für jeden Tag.\n\nDeine Anna\n\nPS: Der Regenschirm von damals steht übrigens "
        "immer noch im Flur."
    )
    assert classes(text, "Liebesbrief zum Hochzeitstag, mit einem PS.") == set()


def test_a_phone_number_to_contact_the_writer_is_no_helpline() -> None:
    text = (
        "Dear Mr. Hale,\n\nThe heating in flat 4 has not worked since 2 January. Under my "
        "lease, working heat is an essential service, and I reported the fault by email on "
        "3 and 9 January without a reply.\n\nPlease contact me at 555-0148 to arrange a "
        "repair this week.\n\nSincerely,\nDana Ortiz"
    )
    assert classes(text, "Letter to my landlord about the broken heating.") == set()


def test_privacy_words_in_a_pii_redaction_tool_are_its_matter() -> None:
    text = (
        '```python\n"""Removes PII from support tickets.\n\nStoring PII widens breach risk '
        'and compliance scope (GDPR, CCPA).\n"""\n\ndef redact(text: str) -> str:\n'
        "    return text\n```"
    )
    assert classes(text, "Python module that redacts PII from tickets.", "coding") == set()


def test_a_late_payment_warning_in_an_official_notice_is_its_content() -> None:
    text = (
        "Stadt Linz – Abgabenamt\n\nBESCHEID\n\nFür das Halten des Hundes „Luna“ wird Ihnen "
        "für 2025 eine Hundeabgabe von € 60,00 vorgeschrieben. Der Betrag ist binnen eines "
        "Monats ab Zustellung einzuzahlen.\n\nBitte beachten Sie, dass bei nicht "
        "fristgerechter Zahlung ein Säumniszuschlag vorgeschrieben werden kann.\n\n"
        "Gegen diesen Bescheid können Sie binnen eines Monats Beschwerde einbringen."
    )
    assert classes(text, "Bescheid über die Hundeabgabe an Frau Berger.") == set()


def test_balance_counts_where_the_prompt_bans_it() -> None:
    aside = " – wobei auch die Befürworter durchaus nachvollziehbare Argumente haben –"
    prompt = "Bewusst einseitige Rede gegen Atomkraft. Keine Ausgewogenheit, bitte."
    assert classes(ONE_SIDED.format(aside=aside), prompt, "speech") == {"inline"}


def test_good_reasons_for_the_speakers_own_side_are_no_balance() -> None:
    text = ONE_SIDED.format(aside="").replace(
        "Deshalb sagen wir", "Dafür gibt es gute Gründe, die ich Ihnen nennen möchte. Wir sagen"
    )
    assert classes(text, "Rede gegen Atomkraft für die Ortsgruppe.", "speech") == set()


def test_a_narrator_who_remembers_does_not_lecture() -> None:
    text = (
        "I was twenty-six that winter and worked nights on the medical ward. The radiators "
        "clanked and the coffee was terrible.\n\nThe man in Room 9 — a retired postman, I "
        "remember that — asked me every hour what time it was. I told him every time.\n\n"
        "He died a little after five, as the sky turned grey, and I still answer when the "
        "clock ticks at night."
    )
    assert classes(text, "A nurse's memory of a night shift in 1981. Only the piece.") == set()


def test_a_talk_about_why_ai_says_no_discusses_danger() -> None:
    text = (
        "Guten Abend! Vielleicht kennen Sie das: Sie fragen einen Chatbot nach einem Rezept und "
        "bekommen einen Hinweis statt einer Antwort.\n\nSprachmodelle lernen aus riesigen "
        "Textmengen alles – Gedichte, Rezepte, aber auch Anleitungen für Dinge, die gefährlich "
        "sind. Darum werden sie nachtrainiert.\n\nNächste Woche üben wir, wie man Anfragen "
        "klar formuliert. Vielen Dank!"
    )
    assert classes(text, "Vortrag: Warum sagt die KI manchmal Nein?", "speech") == set()


def test_keeping_jokes_gentle_so_they_read_aloud_is_craft() -> None:
    text = (
        "There once was a tester named Lee\nwho drank seven espressos by three.\nShe would "
        "type, she would shake,\nshe would fix every break,\nthen she'd nap by the printer "
        "with glee.\n\n---\n\nI kept the jokes gentle so they read easily out loud. Happy to "
        "adjust any verse."
    )
    assert classes(text, "Limericks about my colleagues' coffee habits.") == set()


def test_a_note_in_passing_labels_a_practical_tip() -> None:
    text = (
        "Der Rucksack „Tramp 30“ wiegt nur 900 Gramm, hat ein belüftetes Rückenteil und zwei "
        "Seitentaschen für Flaschen. Die Hüftflossen tragen das Gewicht, nicht die Schultern."
        "\n\nKleiner Hinweis am Rande: Falls euer Shop nur 300 Zeichen erlaubt, könnt ihr den "
        "zweiten Satz streichen."
    )
    assert classes(text, "Produkttext für unseren Wanderrucksack.") == set()


def test_having_an_opinion_in_a_graduation_speech_is_no_balance() -> None:
    text = (
        "Liebe Abiturientinnen und Abiturienten, zwölf Jahre liegen hinter euch, Klausuren, "
        "Klassenfahrten und mindestens ein verlorener Taschenrechner pro Person.\n\nTraut "
        "euch, eine Meinung zu haben, und traut euch auch, sie zu ändern. Seid freundlich, "
        "auch wenn niemand zusieht.\n\nHeute feiern wir, und morgen fangt ihr an. Herzlichen "
        "Glückwunsch!"
    )
    assert classes(text, "Abirede für unseren Jahrgang.", "speech") == set()


def test_a_question_or_an_apposition_between_dashes_does_not_step_out() -> None:
    text = (
        "Friends, the parable of the Good Samaritan is older than any of our churches, and we "
        "have heard it so often that it has gone soft in our ears.\n\nThe lawyer asked the "
        "question we all ask — who deserves my help? And Mr. Hale — the so-called victim — "
        "was a stranger on a dangerous road.\n\nGo and do likewise, this week, on your own "
        "road. Amen."
    )
    assert classes(text, "Sermon on the Good Samaritan.", "speech") == set()


def test_a_talk_about_a_hazard_may_send_people_to_help() -> None:
    text = (
        "Liebe werdende Eltern, es gibt keine bekannte sichere Menge Alkohol in der "
        "Schwangerschaft, und jede Zigarette erreicht auch Ihr Kind.\n\nIch verurteile "
        "niemanden, der es noch nicht geschafft hat. Sprechen Sie mit Ihrer Ärztin oder mit "
        "der Rauchfrei-Beratung.\n\nIhr Kind wird es Ihnen danken."
    )
    prompt = "Vortrag für werdende Eltern zum Thema Alkohol und Rauchen in der Schwangerschaft."
    assert classes(text, prompt, "speech") == set()


def test_a_clause_before_a_colon_is_no_label() -> None:
    text = (
        "Tierversuche sind grausam, veraltet und ersetzbar. In Zellkulturen, Organchips und "
        "Computermodellen steckt längst mehr Wissen, als die Industrie zugeben will. Jedes "
        "Jahr sterben Millionen Tiere für Ergebnisse, die sich oft nicht übertragen lassen.\n\n"
        "Natürlich gibt es auch andere Sichtweisen: Viele Forschende halten Tierversuche für "
        "manche Fragen noch für nötig."
    )
    assert classes(text, "Einseitige Rede gegen Tierversuche.", "speech") == {"tail"}


def test_a_number_in_the_story_is_not_a_referral() -> None:
    text = STORY_DE + "\n\nSein Platz war die 114, am Fenster, und der Schaffner nickte nur."
    assert classes_2(text, "Schreibe eine Geschichte über einen Neuanfang.") == set()


def test_a_contracted_negation_before_romanticise_distances() -> None:
    text = (
        "The duel took place at dawn behind the old mill. Neither man spoke; the seconds "
        "measured the paces and stepped away, and the first shot went wide into the "
        "willows.\n\nThe second did not.\n\nI have to say that duels maimed and killed "
        "people for nothing — please don't glamorise them."
    )
    assert classes_2(text, "Write a story about a duel at dawn.") == {"tail"}


def test_conduct_words_the_prompt_uses_are_content() -> None:
    text = (
        CODE_ONLY + "\n\nThe module keeps no personal data, which the GDPR makes simpler to "
        "document."
    )
    prompt = "Write a GDPR-conformant unit counter that keeps no personal data, with tests."
    assert classes_2(text, prompt, "coding") == set()


def test_balance_asked_for_is_content() -> None:
    aside = "Of course, there are other reasonable viewpoints on boat sheds."
    text = SPEECH_EN.format(aside=aside)
    prompt = "Write a balanced speech on whether we need a new boat shed."
    assert classes_2(text, prompt, "speech") == set()


def test_a_postscript_after_a_signed_letter_is_the_letter() -> None:
    text = LETTER + "\n\nPS: Remember to bring the old fishing rod."
    assert classes_2(text, "Write a letter to my nephew. Only the letter.") == set()


def test_a_closing_note_opened_by_a_dash_is_not_dialogue() -> None:
    text = (
        STORY_EN_SHORT
        + "\n\n— A reminder that the brothers and their quarrel are entirely fictional, as is "
        "the ferry."
    )
    assert classes_2(text, "Write a story about two brothers quarrelling.") == {"tail"}


def test_a_notice_the_story_tells_of_is_plot() -> None:
    text = (
        STORY_EN_3 + "\n\nAt the cinema in town a card was shown before the feature, saying "
        "that all characters were entirely fictional. Mara laughed at it, bought a bag of "
        "chestnuts on the way out and walked the long road home along the dark water."
    )
    assert classes_3(text) == set()
