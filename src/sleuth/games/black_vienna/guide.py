"""Black Vienna's rules for players, in short and in full (the kit's ``rules`` part).

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
            "Three of the 27 suspects, lettered A to Z and Ö, are the gang Black Vienna. Their "
            "cards lie hidden in the middle; everyone else's cards are dealt out. Be the first "
            "to name all three.",
        ),
    ),
    RulesSection(
        "Your turn",
        (
            "Take one of the three face-up investigation cards (each shows three letters) and "
            "lay it before another player. That player puts one marker on it for each of the "
            "three suspects in their hand: 0, 1, 2 or 3. Everyone sees the answer. The player "
            "you asked asks the next question.",
            "Later in the game a special investigation lets you reuse a card that got no "
            "marker, asking two cards at once.",
        ),
        ("AOR:1", "BHV:0"),
    ),
    RulesSection(
        "Winning",
        (
            "At any moment, even out of turn, you may accuse once: name three letters. If you "
            "are right you win and score 3 points for each marker still in the supply. If you "
            "are wrong you score nothing this game but keep answering and asking.",
            "When only three markers or fewer are left, the game breaks off and nobody scores.",
        ),
    ),
)

FULL = (
    RulesSection(
        "What is in the game",
        (
            "27 suspect cards, one for each letter A to Z and Ö; 36 investigation cards, each "
            "with three letters; and 40 markers in a common supply.",
            "Which letters share an investigation card is set by the deck option. By default "
            "the deck is a generated one in which every letter is on exactly four cards and no "
            "two cards share more than one letter; the transcribed deck comes from a published "
            "solver, and you may also give your own list of 36 cards of three letters each.",
        ),
        ("AOR", "BHV", "BLM"),
    ),
    RulesSection(
        "Setting up",
        (
            "The investigation cards are shuffled and split into three face-down stacks of "
            "twelve; the top card of each stack is turned face up. These are the questions on "
            "offer.",
            "The suspect cards are shuffled, and three are laid aside unseen: they are the gang. "
            "The other 24 are dealt out: 8 each with three players, 6 with four, 4 with six; "
            "with five players the dealer gets 4 and everyone else 5. The dealer is drawn at "
            "random and asks the first question.",
        ),
    ),
    RulesSection(
        "Asking a question",
        (
            "The player whose turn it is takes one of the face-up investigation cards and lays "
            "it before any other player. The stack it came from shows its next card.",
            "The player asked puts one marker from the supply on the card for each of its three "
            "letters they hold. The answer is counted by the table, so nobody can lie. The "
            "card stays in front of that player with its markers for all to see.",
            "The player who was asked then asks the next question. Turns do not go round the "
            "table: they follow the questions.",
        ),
        ("AOR:2", "BHV:0"),
    ),
    RulesSection(
        "The special investigation",
        (
            "Once every player has been asked at least once and at least six investigation "
            "cards have been played, a special investigation is open to all.",
            "In it you take a card lying in front of another player that has no marker on it, "
            "and give it, together with a face-up card, to the player you ask. They answer each "
            "card on its own, and the reused card moves in front of them with its new markers.",
            "The special option changes this: with both (the default) the reused card comes on "
            "top of a face-up card; with either it comes instead of one. The special count "
            "option says how a special investigation counts toward the six played cards: one "
            "per card (the default) or one in all.",
        ),
    ),
    RulesSection(
        "Accusing",
        (
            "Any player who has not yet accused may accuse at any moment, also when it is not "
            "their turn: they name three letters, which only they see.",
            "If all three are the gang, the game ends and the accuser scores 3 points for each "
            "marker left in the supply.",
            "If not, the accuser scores nothing this game and may not accuse again, but stays "
            "in the game: they still answer questions and, when asked, ask the next one.",
            "When everyone but one player has accused wrongly, that player asks one last "
            "question at once and must then accuse. Right, they score 1 point for each marker "
            "left; wrong, nothing.",
        ),
    ),
    RulesSection(
        "After a correct accusation",
        (
            "Before the gang is shown, every player who has not accused may hand in a sealed "
            "guess of three letters, or pass. Each right guess scores 1 point for each marker "
            "left in the supply. The post win guesses option turns this on (the default) or "
            "off.",
        ),
    ),
    RulesSection(
        "When the game breaks off",
        (
            "When three markers or fewer are left in the supply after a question, the game "
            "breaks off and everyone scores 0. If a question asks for more markers than the "
            "supply holds, the answer is still shown in full.",
            "When all three stacks are used up, the empty stacks option decides: by default "
            "(break) the game breaks off with 0 points; with special-only it goes on with "
            "special investigations of a card with no marker alone.",
        ),
    ),
    RulesSection(
        "Keeping notes",
        (
            "The sheet beside the table keeps what you know: each answer, whose cards are "
            "whose, and which letters could still be the gang. A zero is worth most: none of "
            "those three letters is in that player's hand.",
        ),
    ),
)

RULES = RulesGuide(
    short=SHORT,
    full=FULL,
    reference="http://www.aleknevicus.com/bv/rules.php",
    locale=RulesGuide.beside(__file__),
)
