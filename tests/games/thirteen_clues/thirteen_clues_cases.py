"""13 Clues' data for the tests that run every game (``support.game_cases``)."""

from sleuth.games.thirteen_clues.components import DEFAULT_DECK
from support.game_cases import GameCases, SampleRecord

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
    # The names of games moved out of the generic tests (issue #32 item 5).
    random_game_options={"stall_rounds": 3},
)
