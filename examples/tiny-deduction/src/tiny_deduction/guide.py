"""Tiny Deduction's rules for players, in short and in full (the kit's ``rules`` part).

Each paragraph stands alone so that a catalogue can translate it; the options are named as
the lobby names them.

The German and Japanese are in the game's own catalogue (``catalogue.py``), with all its
other words: ``scripts/catalogues.py update`` adds a new or changed paragraph there, empty,
and ``check`` names it until it is translated.
"""

from sleuth.core.kit import RulesGuide, RulesSection

from .catalogue import LOCALE

SHORT = (
    RulesSection(
        "The goal",
        ("One suspect card lies face down: the culprit. Find out who it is before the others do.",),
    ),
    RulesSection(
        "Your turn",
        (
            "Ask another player about two suspects: everyone hears how many of the two they "
            "hold. Or accuse a suspect: if you are right you win, if not you are out (you "
            "still answer questions). When your questions are used up, you must accuse.",
        ),
    ),
)

FULL = (
    RulesSection(
        "The deal",
        (
            "One suspect card is put aside face down; it is the culprit. The others are "
            "dealt evenly and the cards left over lie face up for everyone to see.",
            "The suspects option sets how many suspect cards are in play (7 by default).",
        ),
    ),
    RulesSection(
        "Asking",
        (
            "On your turn you may ask another player about two suspects. The answer is "
            "public: how many of the two that player holds.",
            "With the answers option set to yes-no, the answer is only whether they hold "
            "either of the two.",
            "The questions option sets how many questions each player may ask (3 by default).",
        ),
    ),
    RulesSection(
        "Accusing and winning",
        (
            "Instead of asking, accuse one suspect. A right accusation wins and scores 1 "
            "plus the questions you had left. A wrong one puts you out of the race, but you "
            "still answer when asked. If every accusation is wrong, nobody wins.",
        ),
    ),
)

RULES = RulesGuide(short=SHORT, full=FULL, locale=LOCALE)
