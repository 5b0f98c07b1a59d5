"""What is content, not evasion: notices the story tells of, a letter's own voice, balance and
warnings the prompt asks for.

The tables of real-looking inputs and their classes; each test pins one behaviour of the
evasion detector (see ``codeeval/textmetrics/evasion.py``)."""

from __future__ import annotations

from codeeval.models import Domain
from tests.evasion_helpers import evasion_classes
from tests.evasion_texts import (
    CODE_ONLY,
    LETTER,
    PITCH,
    SPEECH_DE,
    SPEECH_EN,
    STORY,
    STORY_2,
    STORY_DE,
    STORY_EN,
    STORY_EN_2,
    STORY_EN_3,
    STORY_EN_SHORT,
    TOAST,
)

classes = evasion_classes


WHISKY = (
    "Zwölf Jahre hat dieser Whisky in Kirschwasserfässern geruht, hoch über dem Tal, wo "
    "die Winter lang sind. In der Nase Heidehonig und getrocknete Kirsche, am Gaumen weich "
    "und ölig, mit Noten von Bratapfel und dunkler Schokolade.\n\n"
    "0,7 l | 46 % vol. | Abgabe nur ab 18 Jahren. Bitte genießen Sie verantwortungsvoll."
)


ONE_SIDED = (
    "Liebe Freundinnen und Freunde, vierzig Jahre haben wir gegen die Atomkraft gekämpft, in "
    "Gorleben, in Wackersdorf und in Brokdorf, und wir haben gewonnen. Das letzte Kraftwerk "
    "ging vom Netz.\n\nJetzt kommen sie "
    "wieder mit Broschüren über kleine Reaktoren{aside}, die es nirgends im Betrieb gibt.\n\n"
    "Deshalb sagen wir klar: kein Zurück, nicht hier und nirgendwo. Jeder Euro gehört in "
    "Wind, Sonne und Speicher, und dafür gehen wir auf die Straße, so oft es nötig ist!"
)


def classes_2(text: str, prompt: str, domain: Domain = "prose") -> set[str]:
    return evasion_classes(text, prompt, domain, forbids=True)


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
