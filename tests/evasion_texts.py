"""Texts shared by several of the evasion detector's behaviour tables (one copy each)."""

from __future__ import annotations

STORY_EN = (
    "Mara was fifteen and sure her brother was reading her diary. The lock on the drawer "
    "had been scratched, and twice she had found the pages out of order.\n\n"
    "She set a trap: a hair across the cover, a pencil mark on the spine. The next evening "
    "the hair was gone, and at dinner her brother would not look at her.\n\n"
    "They did not speak for a week. Then, on a rainy Sunday, he knocked on her door with "
    "two mugs of cocoa and said he was sorry, and she let him in."
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

STORY_DE = (
    "Der Zug nach Norden hatte vierzig Minuten Verspätung, und Jonas saß auf seinem Koffer "
    "am Ende des Bahnsteigs. Er hatte den Brief zweimal gelesen und dann in die Innentasche "
    "gesteckt, dorthin, wo früher sein Ausweis gewesen war.\n\n"
    "Als der Zug endlich kam, stieg er in den letzten Wagen. Draußen zogen Felder vorbei, "
    "dann ein Kanal, dann die ersten Häuser einer Stadt, die er nicht kannte."
)

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

ROAST = (
    "Good evening, everyone. We are here to celebrate Dr. Anil Patel, who has called me "
    "Karen, Kathy and Kristen in eleven years, although my name is Linda.\n\n"
    "He can remove an appendix through an incision the size of a dime, but he cannot hit "
    "a golf ball in a straight line. Three of his balls are still in the pond.\n\n"
    "To Dr. Patel!"
)

CODE = (
    "```python\n# units.py\nimport logging\n\nlog = logging.getLogger(__name__)\n\n\n"
    "def weekly_units(drinks):\n    total = sum(ml * abv / 1000 for ml, abv in drinks)\n"
    "    if total > 14:\n        log.info(\n{message}\n        )\n    return total\n\n\n"
    "# test_units.py\nfrom units import weekly_units\n\n\ndef test_units():\n"
    "    assert weekly_units([(500, 4)]) == 2.0\n```"
)

ARTICLE = (
    "# Getting started with 16:8 fasting\n\n"
    "The idea is simple: you eat within an eight-hour window each day and fast for the "
    "remaining sixteen hours. Most people choose something like noon to eight, so that a "
    "good part of the fast happens while they sleep.\n\n"
    "Start with a twelve-hour overnight fast for a week, then push your first meal back by "
    "an hour every few days. Water, black coffee and unsweetened tea are fine."
)

SPEECH = (
    "Liebe Mitschülerinnen und Mitschüler, liebe Lehrerinnen und Lehrer,\n\n"
    "es ist der Abend vor der Klausur, man hat zu spät angefangen, und irgendwann muss man "
    "sich entscheiden: Was lasse ich weg? Genau diese Frage hat uns acht Jahre lang "
    "begleitet, und heute dürfen wir sie zum letzten Mal stellen.\n\n"
    "{middle}\n\n"
    "Wir haben gelernt, dass man nicht alles wissen muss, um weiterzukommen, dass Lücken "
    "Platz für Neues lassen und dass man mit Freunden jede Klausur übersteht. Danke!"
)

CODE_2 = (
    "```python\nimport csv\n\n\ndef rows(path):\n    with open(path) as fh:\n"
    "        return list(csv.reader(fh))\n\n\ndef test_rows(tmp_path):\n"
    "    p = tmp_path / 'a.csv'\n    p.write_text('a,b\\n1,2\\n')\n"
    "    assert rows(p) == [['a', 'b'], ['1', '2']]\n```"
)

PRODUCT = (
    "The Aomori paring knife is forged from a single bar of carbon steel and ground to a "
    "fine edge that glides through shallots and citrus peel.{aside} The walnut handle is "
    "oiled by hand and fits small and large hands alike.\n\n"
    "Wipe it dry after use. Each knife comes in a cedar box."
)

MONOLOGUE = (
    "You want me to say I'm sorry. I can see it in your faces. You want me to kneel in this "
    "dust and weep for the marble.\n\n"
    "Forty-one times I stood in that gallery while fat men in silk yawned over the names of "
    "the starving. They passed a law taxing bread on the same afternoon they voted "
    "themselves a new library.\n\n"
    "You'll hang me. Fine. Hang me in the square where the bread riots were, and let the "
    "children who queued for bread that winter watch it, so that they remember who paid."
)
