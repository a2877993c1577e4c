"""13 Clues' data for the tests that run every game (``support.game_cases``)."""

from games.thirteen_clues import thirteen_clues_web_play
from sleuth.games.thirteen_clues.components import DEFAULT_DECK
from support.game_cases import (
    BrowserGame,
    FrontCases,
    GameCases,
    SampleRecord,
    Screenshots,
    WholeGame,
)

# 13 Clues with a renamed person card (the Officer is an Inspector here).
RENAMED = ",".join(c.replace("/Officer/", "/Inspector/") for c in DEFAULT_DECK)

CASES = GameCases(
    position={
        "game": "13-clues",
        "players": 4,
        "seat": 0,
        "hidden": ["Officer", "Park"],
        "mysteries": {
            "1": ["Duke", "Market", "Sword"],
            "2": ["Maid", "Plaza", "Gun"],
            "3": ["Nurse", "Museum", "Candlestick"],
        },
        "informants": {"A": "Butcher"},
        "questions": [{"witness": 2, "about": "purple", "answer": 1}],
        "accusations": [{"player": 3, "cards": ["Countess", "Harbor", "Rifle"]}],
    },
    players=4,
    values={"glasses": 6, "stall_rounds": 6, "deck": RENAMED},
    other_options={
        "top_secret": "yes",
        "type_questions": "yes",
        "repeat_accusations": "no",
        "mystery_choice": "random",
        "stall_rounds": 4,
    },
    # the smallest table, two players, is not allowed with these options
    players_with_options=3,
    record=SampleRecord(players=4, seed=6, options={"top_secret": True, "stall_rounds": 3}),
    # the fronts' tests: 13 Clues' largest search and full sheet are the hostile tables
    fronts=FrontCases(
        heavy=True,
        whole_game=WholeGame(seats=(None, "basic", None), sheet="full"),
        browser=BrowserGame(
            play=thirteen_clues_web_play.play,
            seats=("me", "person", "bot:deductive"),
            options={"top_secret": "yes"},
            sheet="full",
            shot_step=5,
            at_end=thirteen_clues_web_play.asked_top_secret,
        ),
        screenshots=Screenshots("13-clues", players=2, seed=5, moves=3),
    ),
)
