"""Black Vienna's tutorial (the kit's ``tutorial`` part): one short three-player game on a
known deal, against two scripted inspectors.

Seed 0 deals the gang N, W, Ö; the learner (seat 0) holds C D I J Q V Y Z, Inspector Novak
(seat 1) A F G H K O T X, Inspector Huber (seat 2) B E L M P R S U. The German and Japanese
are in ``locale/`` beside this file, with the rules.
"""

from sleuth.core.kit import RulesGuide, Tutorial, TutorialStep

TUTORIAL = Tutorial(
    players=3,
    seed=0,
    seat=0,
    names=("Detective", "Inspector Novak", "Inspector Huber"),
    welcome=(
        "Vienna, 1920s. Three of the 27 suspects, lettered A to Z and Ö, are the gang Black "
        "Vienna; their cards lie hidden, the rest are in the players' hands. Your hand shows "
        "eight suspects who are not the gang. Two scripted inspectors play the other seats; "
        "follow the highlighted controls."
    ),
    steps=(
        TutorialStep(
            action="ask 1 AOR",
            keys=("faceup:0", "ask:1"),
            title="Ask a question",
            text=(
                "A question is an investigation card laid before another player. Pick the "
                "face-up card A O R, then ask Inspector Novak. He puts one marker on it for each "
                "of A, O and R in his hand, and everyone sees the answer. None of the three is "
                "in your hand, so any answer tells you something."
            ),
            replies=((1, "ask 2 JKL"), (2, "ask 0 CDE")),
        ),
        TutorialStep(
            action="ask 2 CGX",
            keys=("faceup:0", "ask:2"),
            title="Hunt for a zero",
            text=(
                "Novak answered 2: two of A, O and R are his, so at most one can be in the gang. "
                "The player you ask asks next; now it is your turn again. Lay C G X before "
                "Inspector Huber. A zero is the best answer there is: it clears three suspects "
                "from a hand at once."
            ),
            replies=((2, "ask 1 ABC"), (1, "ask 0 MSV")),
        ),
        TutorialStep(
            action="accuse NWÖ",
            keys=("bv-cry", "letter:N", "letter:W", "letter:Ö", "bv-accuse-send"),
            title="Black Vienna!",
            text=(
                "Huber answered 0: neither G nor X is in her hand, and you hold C yourself. In a "
                "real game you would keep asking until only three suspects could be the gang; "
                "here we let you in on the answer so the lesson stays short. Cry Black Vienna, "
                "pick N, W and Ö, and accuse. You may accuse at any moment, but only once."
            ),
            replies=((1, "pass"), (2, "pass")),
        ),
    ),
    finish=(
        "Caught: N, W and Ö are Black Vienna. You score 3 points for each marker still in the "
        "supply, so an early, sure accusation pays best. Next, play a table against bots "
        "from the lobby, or read the rules for the special investigation and the sealed "
        "guesses."
    ),
    locale=RulesGuide.beside(__file__),
)
