"""Alibi's tutorial (the kit's ``tutorial`` part): the first turns of a two-player game on a
known deal, against a scripted inspector; a whole game (nine convictions) is too long to
teach, so it stops once the learner has laid clues, kept a hand and bribed a clue away.

Seed 0 shows the suspects S08, S06, S07, S10; the learner (seat 0) holds female, female, fat
and a bribe. The German and Japanese are in ``locale/`` beside this file, with the rules.
"""

from sleuth.core.kit import RulesGuide, Tutorial, TutorialStep

TUTORIAL = Tutorial(
    players=2,
    seed=0,
    seat=0,
    names=("Detective", "Inspector Lestrade"),
    to_the_end=False,
    welcome=(
        "Four suspects are on show, each with five features. Lay clue cards that fit them: "
        "once the clues on the table cover five features of one suspect, that suspect is "
        "convicted and every fitting clue scores for the player who laid it. Inspector "
        "Lestrade plays the other seat; follow the highlighted controls."
    ),
    steps=(
        TutorialStep(
            action="play female",
            keys=("hand:0", "al-play"),
            title="Lay a clue",
            text=(
                "Laying a clue is the heart of a turn. Pick your card female and lay it out: it "
                "fits S07, who is a woman. A clue must fit at least one suspect on show, and it "
                "scores for you when a suspect it fits is convicted."
            ),
        ),
        TutorialStep(
            action="pass",
            keys=("al-pass",),
            title="Keep your hand",
            text=(
                "You drew a card to have four again. After laying a card you may swap one more "
                "card for a new one. Your hand is good, so keep it and end your turn."
            ),
            replies=((1, "play long"), (1, "pass")),
        ),
        TutorialStep(
            action="play fat",
            keys=("hand:1", "al-play"),
            title="Build on a suspect",
            text=(
                "Lestrade laid long hair: S07 has three of five features covered now. Lay your "
                "fat clue: it fits S07 again, and S06 too. Clues that fit the suspect closest "
                "to a conviction are the ones most likely to score."
            ),
        ),
        TutorialStep(
            action="pass",
            keys=("al-pass",),
            title="Keep your hand",
            text="Keep your hand once more and let Lestrade play.",
            replies=((1, "play knife"), (1, "pass")),
        ),
        TutorialStep(
            action="bribe 1 knife",
            keys=("hand:3", "front:1:1"),
            title="Bribe a clue away",
            text=(
                "Lestrade's knife covers a fourth feature of S07, and it would score for him. "
                "A bribe removes a clue another player laid: pick your bribe, then his knife."
            ),
        ),
    ),
    finish=(
        "Well played: S07 has three features covered again, two of them yours. That is a "
        "turn of Alibi: lay a clue or swap cards, then maybe swap one more; alibis and good "
        "eyes are the other special cards. Next, play a table against bots from the lobby, "
        "or read the rules for scoring and the end."
    ),
    locale=RulesGuide.beside(__file__),
)
