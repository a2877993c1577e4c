"""Black Stories Investigation's tutorial (the kit's ``tutorial`` part): the first turns of
a two-player game on a known deal, against a scripted inspector; it stops after one turn each
(a round lasts until someone has used all three investigation cards).

Seed 0 gives the learner (seat 0) the case woman/night/inside/gun and the inspector the case
woman/day/outside/knife. The German and Japanese are in ``locale/`` beside this file.
"""

from sleuth.core.kit import RulesGuide, Tutorial, TutorialStep

TUTORIAL = Tutorial(
    players=2,
    seed=0,
    seat=0,
    names=("Detective", "Inspector Lestrade"),
    to_the_end=False,
    welcome=(
        "Each of you keeps a secret murder case of four facts: the victim (man or woman), the "
        "time (day or night), the scene (inside or outside) and the weapon (knife or gun). "
        "Yours is in your file; solve Inspector Lestrade's before he solves yours. Follow the "
        "highlighted controls."
    ),
    steps=(
        TutorialStep(
            action="play woman+day+inside+knife to 1",
            keys=("hand:2", "play:1"),
            title="Play a case card",
            text=(
                "A case card is a question. Pick your card woman, day, inside, knife and play "
                "it to Lestrade. His grid then shows how many of its facts match his case: "
                "under 0/1, 2 or 3."
            ),
        ),
        TutorialStep(
            action="solve 1 woman/day/outside/knife with 3",
            keys=(
                "solve:1",
                "guess:woman",
                "guess:day",
                "guess:outside",
                "guess:knife",
                "drops:3",
                "bs-solve-send",
            ),
            title="Solve a case",
            text=(
                "It landed under 3: three of the four facts are right, one is wrong. In a real "
                "game you would narrow it down first; here we let you in on the answer so the "
                "lesson stays short. Open his case, pick woman, day, outside and knife, and use "
                "your investigation card with 3 blood drops: a sure guess deserves the most."
            ),
        ),
        TutorialStep(
            action="draw",
            keys=("bs-draw",),
            title="Draw and end your turn",
            text=(
                "Solved: 3 drops plus 6 less the one card at his grid, 8 points. Lestrade takes "
                "a new case. Draw back to three cards to end your turn."
            ),
            replies=((1, "play man+night+outside+gun to 0"), (1, "draw")),
        ),
    ),
    finish=(
        "Lestrade played man, night, outside, gun to you: it lies under 2 in your grid, two of "
        "its facts match your case. That is a turn: play a card, maybe solve, draw. The round "
        "ends once someone has used their third investigation card. Next, play a table "
        "against bots from the lobby, or read the rules for scoring and the end."
    ),
    locale=RulesGuide.beside(__file__),
)
