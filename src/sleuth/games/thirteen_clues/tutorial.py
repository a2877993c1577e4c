"""13 Clues' tutorial (the kit's ``tutorial`` part): one short two-player game on a known
deal, the mysteries dealt by the table, against a scripted inspector.

The learner (seat 0) has the mystery Maid, Park, Blowgun; the inspector's is Butcher,
Library, Knife, and the informants lie A to H as Duke, Harbor, Market, Crossbow, Museum,
Parlor, Countess, Officer (seed 0). The German and Japanese are in ``locale/`` beside this
file, with the rules.
"""

from sleuth.core.kit import RulesGuide, Tutorial, TutorialStep

TUTORIAL = Tutorial(
    players=2,
    seed=0,
    seat=0,
    options={"mystery_choice": "random"},
    names=("Detective", "Inspector Lestrade"),
    welcome=(
        "Welcome to London, 1899. You see everyone's mystery but your own: the three cards in "
        "front of you are hidden from you. Find out which person, place and weapon they are. "
        "In this short game Inspector Lestrade plays the other seat; follow the highlighted "
        "controls."
    ),
    steps=(
        TutorialStep(
            action="ask 1 female left",
            keys=("subject:female", "ask:ask 1 female left"),
            title="Question a witness",
            text=(
                "Asking is how you learn about your own mystery. Pick the category female, then "
                "ask Lestrade about it. He counts the female cards he can see: those in your "
                "mystery plus his left hidden card. Start with a category: one answer speaks "
                "about several of your cards at once."
            ),
            replies=((1, "ask 0 red left"),),
        ),
        TutorialStep(
            action="look A",
            keys=("look A",),
            title="Consult an informant",
            text=(
                "Lestrade's answer was 1: one woman between your mystery and his left hidden "
                "card, so either your person is female or that card is. Informants are face-down "
                "cards nobody holds; look at informant A. Whatever it shows is not in your "
                "mystery, so you can strike it."
            ),
            replies=((1, "look B"),),
        ),
        TutorialStep(
            action="accuse Maid Park Blowgun",
            keys=(
                "tc-accuse-open",
                "accusation:Maid",
                "accusation:Park",
                "accusation:Blowgun",
                "accusation-send",
            ),
            title="Accuse",
            text=(
                "In a real game you would ask a few more questions before you accuse; here we "
                "let you in on the answer so the lesson stays short. Open the accusation, pick "
                "the Maid, the Park and the Blowgun, and send it. Right, and you win at once; "
                "wrong, and only your turn ends."
            ),
        ),
    ),
    finish=(
        "Solved: the Maid in the Park with the Blowgun. You have asked a witness, consulted "
        "an informant and made an accusation, all there is to a turn. Next, play a table "
        "against bots from the lobby, or read the rules for the game with three to six "
        "players, where you spend magnifying glasses."
    ),
    locale=RulesGuide.beside(__file__),
)
