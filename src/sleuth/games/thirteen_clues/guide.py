"""13 Clues' rules for players, in short and in full (the kit's ``rules`` part).

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
            "London, 1899. Every player has a mystery of three cards: a person, a place and a "
            "weapon. Everyone can see your mystery except you. Be the first to name your own.",
        ),
        ("purple/person/Officer/male", "pink/location/Market/outdoor", "red/weapon/Poison/melee"),
    ),
    RulesSection(
        "Your turn",
        (
            "Ask another player how many cards of one colour, or of one kind (male, female, "
            "indoor, outdoor, melee, ranged), they can see. They answer truthfully, counting "
            "the mysteries around them and their own two hidden cards.",
            "You may also look at one face-down informant card, or accuse: name a person, a "
            "place and a weapon you cannot see anywhere. With three or more players each action "
            "costs a magnifying glass, and you spend all your glasses each turn; with two "
            "players you take one action a turn.",
        ),
    ),
    RulesSection(
        "Winning",
        (
            "If your accusation is your mystery, you win at once. If not, your turn ends and "
            "nobody learns what was wrong; you may accuse again on a later turn.",
        ),
    ),
)

FULL = (
    RulesSection(
        "The cards",
        (
            "There are ten colours, and each colour has one person, one location and one "
            "weapon. Every person is male or female, every location indoor or outdoor, every "
            "weapon melee or ranged.",
            "With fewer players some colours stay in the box: gray, brown, white and orange "
            "with two players, gray, brown and white with three, gray and brown with four, gray "
            "with five. The deck option lists the cards in play; change it only to play with "
            "other names.",
        ),
        (
            "purple/person/Officer/male",
            "blue/location/Harbor/outdoor",
            "yellow/weapon/Blowgun/ranged",
        ),
    ),
    RulesSection(
        "Setting up",
        (
            "Every player is dealt one person, one location and one weapon, then two more cards "
            "from the rest, five in all. The cards left over lie face down as the secret "
            "informants, lettered A, B, C and so on (none with six players).",
            "Each player picks, from their five cards, one person, one location and one weapon: "
            "that trio becomes the mystery of the next player round the table, who sees it "
            "only at the end. The other two cards are that player's hidden cards. Try not to "
            "give three cards of one colour: they are easy to find.",
            "The mystery choice option can skip this step: with players (the default) each "
            "player chooses, with random the table deals every mystery itself.",
            "With three or more players each player starts with one magnifying glass; the rest "
            "are the supply. The glasses option sets how many glasses there are in all "
            "(8 by default). The start player is drawn at random; play goes clockwise.",
        ),
    ),
    RulesSection(
        "A turn with three or more players",
        (
            "If you have no glass at the start of your turn, take one from the supply; if the "
            "supply is empty, take one from a player of your choice who has one.",
            "Each action costs one glass, and you go on until you have spent them all. You may "
            "repeat an action, but accuse at most once a turn.",
        ),
    ),
    RulesSection(
        "Questioning a witness",
        (
            "Give your glass to another player and ask how many cards of one colour, or of one "
            "kind, they see: male, female, indoor, outdoor, melee or ranged. They count every "
            "other player's mystery, yours included, and their own two hidden cards, but not "
            "the informants. Everyone hears the question and the answer.",
            "Only colours in play may be asked about. The type questions option also lets you "
            "ask about persons, locations or weapons; it is off by default, as on Board Game "
            "Arena.",
        ),
    ),
    RulesSection(
        "Consulting an informant",
        (
            "Look secretly at one face-down informant card, then put it back. Everyone sees "
            "which one you looked at, not what it is.",
            "The glass you spend goes to the nearest player after you, clockwise, who has no "
            "glass; if everyone else has one, it goes back to the supply.",
        ),
    ),
    RulesSection(
        "Accusing",
        (
            "Name a person, a location and a weapon. You may not name a card you can see: "
            "your hidden cards or anyone else's mystery. Your glass is passed on as for an "
            "informant.",
            "If the trio is your mystery, you win and the game ends. If not, only the failure "
            "is told, your turn ends at once and your remaining glasses go to the supply. You "
            "stay in the game and may accuse again on a later turn.",
            "The repeat accusations option says whether you may name a trio you have already "
            "named wrongly: yes by default, as every action may be repeated; with no, each "
            "trio once.",
        ),
    ),
    RulesSection(
        "Two players",
        (
            "There are no glasses: each turn is exactly one action. When you ask a question "
            "you also say which of your opponent's two hidden cards, left or right, they may "
            "count; they answer as if the other one were not there.",
        ),
    ),
    RulesSection(
        "The Top Secret variant",
        (
            "With the top secret option (off by default, three or more players), each player "
            "may once in the game ask a question in secret: the others learn who asked whom, "
            "but not the question or the answer.",
            "The top secret glass option says where that question's glass goes: to the "
            "witness (the default), or back to the supply with the Top Secret token.",
        ),
    ),
    RulesSection(
        "When nobody finds it",
        (
            "The game ends only when someone names their mystery. The stall rounds option "
            "(0, the default, means never) can end a long game: after that many rounds with no "
            "winner, questions stop and each turn is one accusation.",
        ),
    ),
)

RULES = RulesGuide(
    short=SHORT,
    full=FULL,
    reference="https://en.doc.boardgamearena.com/Gamehelpthirteenclues",
    locale=RulesGuide.beside(__file__),
)
