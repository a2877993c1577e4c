"""Black Stories Investigation's rules for players, in short and in full (the kit's ``rules``
part).

Written afresh from the rules reference for people who have never played; each paragraph
stands alone so that a catalogue can translate it. The table's options are named as the
lobby names them.

The German and Japanese are in the game's own catalogues, ``locale/`` beside this file:
``scripts/catalogues.py update`` adds a new or changed paragraph there, empty, and ``check``
names it until it is translated.
"""

from sleuth.core.kit import RulesGuide, RulesSection

SHORT = (
    RulesSection(
        "The goal",
        (
            "Every player keeps a secret murder case with four facts: the victim (man or "
            "woman), the time (day or night), the scene (inside or outside) and the weapon "
            "(knife or gun). Solve the others' cases, quickly, to score the most points.",
        ),
        ("woman+night+outside+gun",),
    ),
    RulesSection(
        "Your turn",
        (
            "Play a case card from your hand to another player. Their grid shows how many of "
            "its facts match their case: under 0/1, 2 or 3. Then you may try once to solve "
            "any other player's case with one of your three investigation cards (1, 2 or 3 "
            "blood drops). Draw back to three cards.",
        ),
        ("woman+knife", "man+inside+gun"),
    ),
    RulesSection(
        "Scoring and the end",
        (
            "A right guess scores its blood drops plus 6 less the number of cards lying at "
            "that player's grid (never below 0 for that part). A wrong guess scores nothing "
            "and tells nothing. Once someone has used their third investigation card, the "
            "round is finished and the most points win.",
        ),
    ),
)

FULL = (
    RulesSection(
        "What is in the game",
        (
            "Case cards show two, three or four facts. A case always has all four: victim "
            "(man or woman), time (day or night), scene (inside or outside) and weapon (knife "
            "or gun), so there are 16 possible cases. Each four-fact card exists only once.",
            "Every player also has an evidence grid with three fields, 0/1, 2 and 3, and three "
            "investigation cards showing 1, 2 and 3 blood drops.",
            "The deck option lists the case cards, their facts joined by +. By default there "
            "are 28: the 16 four-fact cards, 8 with three facts and 4 with two.",
        ),
        ("man+day+inside+knife", "night+outside+gun", "woman+knife"),
    ),
    RulesSection(
        "Setting up",
        (
            "The case cards are shuffled. Each player draws until they find a four-fact card: "
            "that is their own case, which only they see. Smaller cards drawn on the way go "
            "back under the pile.",
            "The pile is shuffled again and everyone draws three cards as their hand.",
            "The start option says who begins: drawn at random (the default) or the first "
            "seat. Play goes clockwise.",
        ),
    ),
    RulesSection(
        "1. Play a case card",
        (
            "You must play one card from your hand in front of another player. The table "
            "counts how many of its facts match that player's case and lays it under field "
            "0/1 (none or one), 2 or 3 of their grid. A four-fact card never matches all four, "
            "since the only card with those four facts is the case itself.",
            "If you cannot play, because your hand is empty or nobody else has a case, you "
            "skip this step. The solve without play option (on by default) still lets you try "
            "to solve then.",
        ),
        ("woman+day+gun",),
    ),
    RulesSection(
        "2. Try to solve a case (if you wish)",
        (
            "Once a turn you may guess the whole case of any other player, not only the one "
            "you just played to: set all four facts and lay one of your unused investigation "
            "cards face up.",
            "If you are wrong, nothing is revealed, not even how many facts were wrong, and "
            "that investigation card is spent.",
            "If you are right, you score the card's blood drops plus 6 less the number of case "
            "cards at that player's grid (counting the one played this turn), and never less "
            "than the drops. The solved player's grid is cleared and they draw a new four-fact "
            "case.",
            "The guesses option says who sees a failed guess: everyone (public, the default) "
            "or only the guesser and the player guessed (private).",
        ),
    ),
    RulesSection(
        "3. Draw",
        (
            "Draw one card to have three in hand again. When the pile runs out, the discards "
            "are shuffled into a new pile.",
        ),
    ),
    RulesSection(
        "The end",
        (
            "The end comes once a player lays their third investigation card, right or wrong. "
            "The round is played out, so that everyone has had the same number of turns, and "
            "the player with the most points wins; players who tie share the win.",
            "The point chips option sets the points in the pool: 0 (the default) counts without "
            "a limit; otherwise a solve is paid only what is left in the pool.",
        ),
    ),
    RulesSection(
        "Keeping notes",
        (
            "Each card at a grid tells you how many facts it shares with that case. A card "
            "under 0/1 with two facts means at most one of them is true; a three-fact card "
            "under 3 tells three of the four facts.",
        ),
    ),
)

RULES = RulesGuide(
    short=SHORT,
    full=FULL,
    reference="https://www.brettspielblog.ch/spielkritik/black-stories-investigation-spielkritik/",
    locale=RulesGuide.beside(__file__),
)
