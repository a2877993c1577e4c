"""13 Clues' data for the tests that run every game (``support.game_cases``)."""

from sleuth.games.thirteen_clues.components import DEFAULT_DECK
from support.game_cases import GameCases, SampleRecord

# 13 Clues with a renamed person card (the Officer is an Inspector here).
RENAMED = ",".join(c.replace("/Officer/", "/Inspector/") for c in DEFAULT_DECK)

CASES = GameCases(
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
)
