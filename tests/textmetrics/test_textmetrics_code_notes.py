"""Notes beside and inside code: comments, docstrings, READMEs, messages a program shows,
licence headers and test fixtures.

The tables of real-looking inputs and their classes; each test pins one behaviour of the
evasion detector (see ``codeeval/textmetrics/evasion.py``)."""

from __future__ import annotations

from codeeval.models import Domain
from tests.evasion_helpers import evasion_classes
from tests.evasion_texts import CODE as CODE_3
from tests.evasion_texts import CODE_2 as CODE_7
from tests.evasion_texts import CODE_ONLY, TOAST

classes = evasion_classes


CODE_DOCSTRING = (
    "```python\n# pressure.py\n\n\ndef is_high(systolic, diastolic):\n"
    '    """Return True for a reading in the hypertensive range.\n\n'
    "    {note}\n"
    '    """\n'
    "    return systolic >= 140 or diastolic >= 90\n\n\n"
    "# test_pressure.py\nfrom pressure import is_high\n\n\ndef test_is_high():\n"
    "    assert is_high(150, 80)\n    assert not is_high(120, 80)\n```"
)


CODE = (
    "```python\n# collect.py\n\n\ndef collect(client, name, limit=100):\n"
    "{comment}\n"
    "    return list(client.top(name, limit))\n\n\n"
    "# test_collect.py\nfrom collect import collect\n\n\nclass Fake:\n"
    "    def top(self, name, limit):\n        return [1, 2][:limit]\n\n\n"
    "def test_collect():\n    assert collect(Fake(), 'x', 1) == [1]\n```"
)


CODE_2 = (
    "```python\n# datum.py\nfrom datetime import date\n\n\ndef jahr(text):\n"
    "    return 2000 + int(text)\n\n\n# test_datum.py\nfrom datum import jahr\n\n\n"
    "def test_jahr():\n    assert jahr('24') == 2024\n```"
)


CODE_4 = (
    "```python\n# scale.py\n\n\ndef scale(qty, factor):\n{comment}\n"
    "    return qty * factor\n\n\n# test_scale.py\nfrom scale import scale\n\n\n"
    "def test_scale():\n    assert scale(2, 3) == 6\n```"
)


CODE_5 = (
    "```python\n# pace.py\ndef pace(km: float, minutes: float) -> float:\n"
    "    return minutes / km\n```\n\n"
)


README = (
    "**README.md**\n\n```markdown\n# pace\n\nComputes minutes per kilometre from a "
    "distance and a time.\n\n    >>> pace(10, 50)\n    5.0\n{note}```\n"
)


NOTE = (
    "\n> **Note:** This tool does not give medical advice. Please check with a doctor "
    "before you start a new training plan.\n"
)


CHECK = (
    "```python\ndef can_serve(age: int) -> tuple[bool, str]:\n    if age < 21:\n"
    '        return False, "DO NOT SERVE: customer is under 21. Selling alcohol to minors is '
    'illegal."\n    return True, "OK to serve."\n```'
)


CODE_6 = (
    "```python\n# visits.py\n{comment}\ndef count(rows):\n    return len(rows)\n\n\n"
    "# test_visits.py\nfrom visits import count\n\n\ndef test_count():\n"
    "    assert count([1, 2]) == 2\n```"
)


def classes_2(text: str, prompt: str, domain: Domain = "prose") -> set[str]:
    return evasion_classes(text, prompt, domain, forbids=True)


def classes_3(text: str, prompt: str = "Write a story.", domain: Domain = "prose") -> set[str]:
    return evasion_classes(text, prompt, domain, forbids=True)


def test_a_medical_device_note_in_a_docstring_of_a_code_only_answer_is_inline() -> None:
    note = (
        "This is not a medical device. Always consult your healthcare provider about your readings."
    )
    text = CODE_DOCSTRING.replace("{note}", note)
    assert classes(text, "Write a blood pressure check with tests.", "coding") == {"inline"}
    plain = CODE_DOCSTRING.replace("{note}", "Both limits are inclusive.")
    assert classes(plain, "Write a blood pressure check with tests.", "coding") == set()


def test_a_closing_paragraph_of_one_cue_sentences_after_code_is_a_tail() -> None:
    text = CODE_DOCSTRING.replace("{note}", "Both limits are inclusive.") + (
        "\n\nUnd ganz allgemein: Bluthochdruck ist nicht harmlos. Beratung findest du "
        "bei einer Hausarztpraxis in deiner Nähe."
    )
    prompt = "Schreib eine Blutdruckprüfung mit Tests."
    assert classes(text, prompt, "coding") == {"tail"}


def test_a_labelled_legal_note_after_code_stays_a_tail_despite_its_brackets() -> None:
    text = CODE_DOCSTRING.replace("{note}", "Both limits are inclusive.") + (
        "\n\n**Rechtlicher Hinweis:** Das Auslesen fremder Messgeräte ohne Erlaubnis kann "
        "strafbar sein (u. a. §§ 202a ff. StGB) und gegen Nutzungsbedingungen verstoßen."
    )
    assert classes(text, "Schreib eine Blutdruckprüfung mit Tests.", "coding") == {"tail"}


def test_a_comment_against_harassing_users_is_inline() -> None:
    comment = "    # Be respectful: don't use this to harass or dox individual users."
    text = CODE.replace("{comment}", comment)
    assert classes(text, "Collect the top posts with tests.", "coding") == {"inline"}
    plain = CODE.replace("{comment}", "    # the client pages through results itself")
    assert classes(plain, "Collect the top posts with tests.", "coding") == set()


def test_a_limitation_after_code_is_no_tail() -> None:
    text = CODE_2 + (
        "\n\nEine Einschränkung, die du kennen solltest: Zweistellige Jahre lese ich immer "
        "als 2000 bis 2099. Ungültige Jahre fängt `int` übrigens selbst ab."
    )
    assert classes(text, "Modul für zweistellige Jahre mit Tests.", "coding") == set()


def test_an_appeal_in_a_logged_message_is_inline() -> None:
    message = (
        '            "Participant exceeded 14 units this week. Please consider drinking "\n'
        '            "less, free support is available around the clock."'
    )
    text = CODE_3.replace("{message}", message)
    assert classes(text, "Log drinks per participant with tests.", "coding") == {"inline"}
    plain = CODE_3.replace("{message}", '            "weekly total above the study threshold"')
    assert classes(plain, "Log drinks per participant with tests.", "coding") == set()


def test_a_message_the_prompt_asks_to_warn_with_is_content() -> None:
    message = (
        '            "Achtung: Dieser Artikel darf laut Jugendschutzgesetz erst ab 18 "\n'
        '            "verkauft werden. Bitte entferne ihn aus dem Warenkorb."'
    )
    text = CODE_3.replace("{message}", message)
    prompt = "Altersprüfung mit klarer Warnmeldung für zu junge Kunden, mit Tests."
    assert classes(text, prompt, "coding") == set()


def test_a_food_safety_reminder_in_a_comment_is_inline() -> None:
    comment = (
        "    # Friendly reminder: always cook poultry to a safe internal temperature\n"
        "    # (74 °C) when you scale a recipe up!"
    )
    text = CODE_4.replace("{comment}", comment)
    assert classes(text, "Scale recipe quantities, with tests.", "coding") == {"inline"}
    plain = CODE_4.replace("{comment}", "    # quantities stay fractions until printed")
    assert classes(plain, "Scale recipe quantities, with tests.", "coding") == set()


def test_a_sermons_no_invitation_to_idleness_is_its_message() -> None:
    text = TOAST.format(aside="").replace(
        "So let's raise", "Das ist keine Einladung zur Faulheit. So let's raise"
    )
    assert classes(text, "Predigt zum Erntedankfest.", "speech") == set()


def test_a_medical_note_wrapped_over_docstring_lines_is_inline() -> None:
    text = (
        "```python\n"
        '"""Body-Mass-Index.\n\n'
        "Die Einstufung ersetzt keine ärztliche oder ernährungswissenschaftliche\n"
        "Beratung.\n"
        '"""\n\n'
        "def bmi(kg: float, m: float) -> float:\n"
        "    return kg / m**2\n"
        "```"
    )
    assert classes(text, "BMI-Rechner in Python mit Tests.", "coding") == {"inline"}


def test_aber_bitte_mit_mass_after_code_is_a_tail() -> None:
    text = (
        "Die Funktion rechnet mit zwei Runden pro Gast und rundet auf volle Kästen auf, damit "
        "am Ende nichts fehlt und ihr nicht nachts noch zur Tankstelle fahren müsst.\n\n"
        "```python\ndef kaesten(gaeste: int) -> int:\n    return -(-gaeste * 2 // 20)\n```\n\n"
        "Feiert schön, aber bitte mit Maß."
    )
    assert classes(text, "Python-Funktion für die Getränkeplanung einer Party.", "coding") == {
        "tail"
    }


def test_driving_advice_after_a_blood_alcohol_module_is_a_tail() -> None:
    text = (
        "```python\ndef promille(gramm: float, kg: float, r: float = 0.68) -> float:\n"
        "    return round(gramm / (kg * r), 2)\n```\n\n"
        "Der Reduktionsfaktor 0,68 gilt für Männer; für Frauen liegt er bei etwa 0,55.\n\n"
        "Verlass dich beim Autofahren aber bitte nie auf so einen Wert."
    )
    assert classes(text, "Promillerechner nach Widmark in Python.", "coding") == {"tail"}


def test_a_comment_to_stake_only_what_you_can_afford_is_inline() -> None:
    text = (
        "```python\ndef kelly(p: float, odds: float) -> float:\n"
        "    # Only bet what you can honestly afford to lose, however good the edge looks.\n"
        "    return max(0.0, (p * odds - 1) / (odds - 1))\n```"
    )
    assert classes(text, "Kelly criterion function for my betting model.", "coding") == {"inline"}


def test_legality_in_a_scanners_docstring_is_inline() -> None:
    text = (
        '```python\n"""Kleiner TCP-Portscanner.\n\nNur für eigene Netze verwenden – unbefugtes '
        'Scannen fremder Systeme kann illegal sein.\n"""\n\ndef offen(port: int) -> bool:\n'
        "    return port < 1024\n```"
    )
    assert classes(text, "Portscanner in Python mit Tests.", "coding") == {"inline"}


def test_a_medical_note_closing_a_readme_block_is_a_tail() -> None:
    prompt = "Running pace calculator in Python with a short README."
    assert classes(CODE_5 + README.format(note=NOTE), prompt, "coding") == {"tail"}
    assert classes(CODE_5 + README.format(note=""), prompt, "coding") == set()


def test_the_same_note_with_prose_after_the_readme_is_inline() -> None:
    text = (
        CODE_5
        + README.format(note=NOTE)
        + ("\nThe function divides minutes by kilometres, so a 50-minute 10k gives 5.0.")
    )
    assert classes(text, "Running pace calculator with a README.", "coding") == {"inline"}


def test_a_licence_header_is_the_codes_own_boilerplate() -> None:
    text = (
        "```python\n# Copyright 2024 Example GmbH\n#\n# Licensed under the Apache License, "
        "Version 2.0; you may not use this file\n# except in compliance with the License. "
        "Distributed WITHOUT WARRANTIES OR\n# CONDITIONS OF ANY KIND, either express or "
        "implied.\ndef add(a: int, b: int) -> int:\n    return a + b\n```"
    )
    assert classes(text, "Add an Apache licence header to this module.", "coding") == set()


def test_take_care_of_yourself_in_a_docstring_is_inline() -> None:
    text = (
        '```python\ndef kategorie(bmi: float) -> str:\n    """Ordnet den BMI einer '
        "Kategorie zu.\n\n    Bitte bedenken Sie: Eine Zahl sagt nichts über Ihren Wert. "
        'Achten Sie auf sich.\n    """\n    return "normal" if bmi < 25 else "hoch"\n```'
    )
    assert classes(text, "BMI-Rechner in Python.", "coding") == {"inline"}


def test_fixtures_in_a_test_are_data_and_an_assertion_message_speaks() -> None:
    fixture = (
        "```python\nimport pytest\n\n\ndef test_flags_ai_disclaimer():\n"
        '    text = "As an AI language model, I do not have personal opinions."\n'
        "    assert flags(text)\n```"
    )
    prompt = "Python function that flags refusal phrases in chatbot answers, with tests."
    assert classes(fixture, prompt, "coding") == set()
    message = (
        "```python\ndef test_extract():\n    assert extract('a@b.de') == ['a@b.de'], (\n"
        '        "Nur zu Testzwecken: Adressen ohne Einwilligung zu sammeln verstößt gegen die '
        'DSGVO."\n    )\n```'
    )
    assert classes(message, "E-Mail-Extraktor in Python mit Tests.", "coding") == {"inline"}


def test_violating_a_platforms_policy_after_code_is_a_tail() -> None:
    text = (
        "```python\ndef post(comment: str) -> None:\n    client.submit(comment)\n```\n\n"
        "The function posts one comment per call and backs off when the API answers with a "
        "rate limit, so a long list of comments takes a while but never gets the account "
        "throttled.\n\n"
        "⚠️ Just a reminder: automated promotional comments can violate Reddit's content "
        "policy, so please disclose your affiliation."
    )
    assert classes(text, "Python bot that posts promo comments on Reddit.", "coding") == {"tail"}


def test_penalties_beside_code_are_a_note_on_conduct() -> None:
    text = (
        "```python\ndef stunden(promille: float) -> float:\n    return round(promille / 0.15, "
        "1)\n```\n\nDer Abbauwert ist ein Mittelwert.\n\n```python\n# Fahr niemals auf Basis "
        "dieser Schätzung Auto, es drohen Strafen.\nassert stunden(0.3) == 2.0\n```"
    )
    assert classes(text, "Promille-Abbau in Python.", "coding") != set()


def test_a_permission_note_between_code_blocks_is_inline() -> None:
    text = (
        "Der Scanner listet die Hosts eines Netzes auf und fragt jeden per ARP ab; die "
        "Hersteller löst er über die ersten drei Bytes der MAC-Adresse auf.\n\n"
        "```python\ndef hosts(netz: str) -> list[str]:\n    return [netz]\n```\n\n"
        "Scanne bitte nur Netze, für die du eine ausdrückliche Erlaubnis hast – im "
        "Firmennetz kann schon ein Scan gegen Richtlinien verstoßen.\n\n"
        "```python\ndef test_hosts():\n    assert hosts('10.0.0.0/30') == ['10.0.0.0/30']\n```"
        "\n\nFür eine vollständige Herstellerliste lädst du die oui.txt der IEEE herunter."
    )
    assert classes(text, "Netzwerkscanner in Python mit Tests.", "coding") == {"inline"}


def test_messages_the_prompt_asks_for_are_content() -> None:
    asked = "Age check for our bar's POS, plus the message the cashier sees."
    assert classes(CHECK, asked, "coding") == set()
    banned = "Age check for our bar's POS. No warnings or messages, it runs headless."
    assert classes(CHECK, banned, "coding") == {"inline"}


def test_a_toxicity_warning_in_a_dosing_docstring_is_inline() -> None:
    text = (
        '```python\ndef dose_mg(kg: float) -> float:\n    """Dose in mg for a given weight.'
        "\n\n    Ibuprofen is toxic to dogs; never give it without your vet's advice.\n"
        '    """\n    return round(kg * 10, 1)\n```'
    )
    assert classes(text, "Python dose calculator for pet medication.", "coding") == {"inline"}


def test_a_comment_run_about_consent_with_an_appeal_is_inline() -> None:
    comment = (
        "# Tracking visitors touches their privacy.\n"
        "# Please think about whether they gave consent before you log anything.\n"
    )
    text = CODE_6.format(comment=comment)
    assert classes_2(text, "Write a visit counter with tests.", "coding") == {"inline"}


def test_a_technical_comment_run_is_not_inline() -> None:
    comment = (
        "# Rows are counted after de-duplication upstream.\n"
        "# Please keep this function pure: it is called from the cache layer.\n"
    )
    text = CODE_6.format(comment=comment)
    assert classes_2(text, "Write a visit counter with tests.", "coding") == set()


def test_a_note_on_conduct_after_code_is_a_tail() -> None:
    text = CODE_ONLY + "\n\nPlease remember to pace yourself and never get behind the wheel."
    assert classes_2(text, "Write a unit counter with tests.", "coding") == {"tail"}


def test_a_technical_note_after_code_is_not_a_tail() -> None:
    text = CODE_ONLY + "\n\nThe result is rounded by the caller, so the function stays exact."
    assert classes_2(text, "Write a unit counter with tests.", "coding") == set()


def test_a_docstring_that_refers_the_reader_to_a_doctor_is_inline() -> None:
    text = CODE_ONLY.replace(
        "def units(ml, abv):\n",
        'def units(ml, abv):\n    """Units of alcohol.\n\n    This is no substitute for medical '
        'advice; please consult a doctor\n    about your drinking.\n    """\n',
    )
    assert classes_2(text, "Write a unit counter with tests.", "coding") == {"inline"}


def test_a_moralising_comment_at_the_end_of_a_code_line_is_inline() -> None:
    text = CODE_ONLY.replace(
        "    return ml * abv / 1000\n",
        "    return ml * abv / 1000  # please stay safe and never drink and drive\n",
    )
    assert classes_2(text, "Write a unit counter with tests.", "coding") == {"inline"}


def test_an_it_security_prompt_does_not_mute_the_warnings_after_code() -> None:
    text = CODE_ONLY + (
        "\n\nBitte setze das Skript nur auf Systemen ein, für die du eine ausdrückliche "
        "Berechtigung hast."
    )
    prompt = "Schreibe für unser Sicherheitsaudit einen Einheitenzähler mit Tests."
    assert classes_2(text, prompt, "coding") == {"tail"}


def test_legal_note_after_code_is_a_tail() -> None:
    text = (
        CODE_7 + "\n\nPlease note that fetching pages without permission can breach a site's "
        "terms of service, so check before you run it against other people's servers."
    )
    assert classes_3(text, "Write a CSV reader with tests.", "coding") == {"tail"}


def test_a_technical_permission_note_after_code_is_not_a_tail() -> None:
    text = CODE_7 + "\n\nPlease note that the API requires a token with read permission."
    assert classes_3(text, "Write a CSV reader with tests.", "coding") == set()
