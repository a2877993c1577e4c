"""Alibi's rules for players, in short and in full (the kit's ``rules`` part).

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
            "Four suspects lie face up, each with five features: gender, build, hair and two "
            "of clothing, weapon and an item they carry. Lay clue cards that fit them. When the "
            "clues on the table cover five features of one suspect, that suspect is convicted "
            "and every clue that fits scores for the player who laid it.",
        ),
        ("female", "long", "newspaper"),
    ),
    RulesSection(
        "Your turn",
        (
            "Either lay one card from your hand (a clue must fit at least one suspect on "
            "show), or swap one to four cards for new ones. Then you may swap one more card. "
            "Your hand always goes back to four.",
            "Special cards: an alibi clears a suspect for this round, a bribe removes a clue "
            "another player laid, and a good eye lets you lay two more cards.",
        ),
        ("alibi", "bribe", "goodeye"),
    ),
    RulesSection(
        "Scoring and the end",
        (
            "At a conviction each fitting clue scores 1 point for the player it lies in front "
            "of, and the player who convicted gets 1 more. All laid cards are shuffled back, a "
            "new suspect joins, and after nine convictions the most points win.",
        ),
    ),
)

FULL = (
    RulesSection(
        "The suspects",
        (
            "There are twelve suspects. Each has five features: male or female; fat or thin; "
            "long or short hair; and two more from clothing (plain, striped or dotted), "
            "weapon (revolver or knife) and item (umbrella, glasses, newspaper or shopping "
            "bag).",
            "The suspects option lists them with their features. The printed game's list was "
            "never published, so the default set is our own, the same for every table.",
        ),
    ),
    RulesSection(
        "The cards",
        (
            "The deck holds clue cards, each naming one feature, and special cards with the "
            "same back. The clues option sets how many clue cards of each feature there are "
            "(46 in all by default).",
            "The alibis option sets the alibi cards (3 by default), the bribes option the "
            "bribe cards (3) and the good eyes option the good eye cards (2).",
        ),
        ("male", "striped", "revolver", "umbrella"),
    ),
    RulesSection(
        "Setting up",
        (
            "The suspects are shuffled; four are laid face up and the rest wait face down. "
            "Every player is dealt four cards. The start player is drawn at random; play goes "
            "clockwise.",
        ),
    ),
    RulesSection(
        "Your turn",
        (
            "Do one of two things. Lay one card from your hand face up in front of you and draw "
            "one. Or discard one to four cards and draw as many. When you hold no card you may "
            "lay, you must discard and draw.",
            "A clue may be laid only if it fits at least one of the four suspects on show, "
            "cleared by an alibi or not. The clues must fit option turns this off: with no, "
            "any clue may be laid.",
            "After that you may swap one more card from your hand for the top of the pile, or "
            "keep your hand. Then the next player goes.",
        ),
    ),
    RulesSection(
        "Special cards",
        (
            "Alibi: choose a suspect on show who has no alibi yet; they cannot be convicted "
            "this round. When three of the four suspects have an alibi, the fourth is "
            "convicted at once, and the player who laid the third alibi gets the bonus.",
            "Bribe: choose a clue card lying in front of another player; it is discarded.",
            "Good eye: lay up to two more cards from your hand, each following the usual "
            "rules, then draw back to four. With the good eye chain option (on by default), a "
            "good eye laid as one of those cards grants two more.",
        ),
        ("alibi", "bribe", "goodeye"),
    ),
    RulesSection(
        "Convicting a suspect",
        (
            "The clues of all players together convict a suspect without an alibi as soon as "
            "five different fitting features lie on the table. Two clues of the same feature "
            "count once toward the five. Clues that fit nobody, or contradict each other, may "
            "lie out at the same time.",
            "The threshold option sets how many different features convict (5 by default). If "
            "two suspects are complete at once, the player whose turn it is chooses one.",
            "The conviction option says how it happens: auto (the default) convicts at once; "
            "with claim the player whose turn it is must claim it, and one who overlooks it "
            "leaves the claim, and the bonus, to the next player.",
        ),
    ),
    RulesSection(
        "Scoring",
        (
            "Every clue card that fits the convicted suspect scores 1 point for the player it "
            "lies in front of; two cards of the same feature score twice. Clues that do not "
            "fit score nothing. The player who convicted scores 1 point more.",
        ),
        ("long", "long", "newspaper"),
    ),
    RulesSection(
        "A new round",
        (
            "The convicted suspect leaves, a new one is turned up, and every card on the table "
            "is shuffled with the discards and the pile into a new pile. Everyone keeps their "
            "hand, and turns go on in order.",
            "The round limit option (0, the default, means never) can end a stuck round: after "
            "that many turns without a conviction, the suspect without an alibi with the most "
            "different fitting clues is convicted, with no bonus.",
        ),
    ),
    RulesSection(
        "The end",
        (
            "After nine convictions only three suspects remain and the game ends. The most "
            "points win; players who tie share the win.",
        ),
    ),
)

RULES = RulesGuide(
    short=SHORT,
    full=FULL,
    reference="https://www.reich-der-spiele.de/kritiken/alibi",
    locale=RulesGuide.beside(__file__),
)
