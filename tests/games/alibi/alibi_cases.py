"""Alibi's data for the tests that run every game (``support.game_cases``)."""

from games.alibi import alibi_web_play
from support.game_cases import (
    BrowserGame,
    FrontCases,
    GameCases,
    LanguageShots,
    SampleRecord,
    Screenshots,
    WholeGame,
)

SUSPECTS = (
    "S01=female+thin+long+newspaper+glasses,S02=male+fat+short+revolver+umbrella,"
    "S03=female+fat+short+striped+knife,S04=male+thin+long+dotted+bag,"
    "S05=female+thin+short+revolver+bag,S06=male+fat+long+plain+glasses,"
    "S07=female+fat+long+knife+umbrella"
)
# Five suspects: two convictions end the game, so that its record stays short.
SHORT = (
    "S01=female+thin+long+newspaper+glasses,S02=male+fat+short+revolver+umbrella,"
    "S03=female+fat+short+striped+knife,S04=male+thin+long+dotted+bag,"
    "S05=female+thin+short+revolver+bag"
)

CASES = GameCases(
    # Seven suspects keep Alibi's games short enough for every variant.
    base={"suspects": SUSPECTS},
    players=4,
    long_games=True,  # a game between random players is some 2,000 steps
    values={
        "suspects": SUSPECTS,
        "clues": "male=6,female=4,fat=4,thin=4,long=4,short=4,plain=2,striped=2,dotted=2,"
        "revolver=3,knife=3,umbrella=2,glasses=2,newspaper=2,bag=2",
        "alibis": 2,
        "bribes": 4,
        "good_eyes": 1,
        "threshold": 4,
        "round_limit": 6,
    },
    record=SampleRecord(players=2, seed=8, options={"suspects": SHORT}),
    other_options={
        "conviction": "claim",
        "clues_must_fit": "no",
        "round_limit": 12,
        "threshold": 3,
    },
    # the fronts' tests
    fronts=FrontCases(
        whole_game=WholeGame(
            seats=(None, None, "basic"), options={"round_limit": 3}, sheet="facts"
        ),
        browser=BrowserGame(
            play=alibi_web_play.play,
            seats=("me", "person", "bot:basic"),
            options={"round_limit": "2"},
            sheet="off",
            shot_step=8,
            before_shots=alibi_web_play.notes_checks,
        ),
        screenshots=Screenshots("alibi", players=3, seed=3, moves=4),
        language_shots=LanguageShots("alibi", "de"),
    ),
    # Data of the generic tests that no longer name a game (issue #32 item 5).
    spectator_sheet=True,  # a spectator's sheet counts the clues no one has shown
)
