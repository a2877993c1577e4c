"""13 Clues' data for the tests that run every game (``support.game_cases``)."""

from hypothesis import strategies as st

from games.thirteen_clues import thirteen_clues_web_play
from sleuth.games.thirteen_clues.components import DEFAULT_DECK
from sleuth.games.thirteen_clues.knowledge import CATEGORIES, COLOURS, cards_for
from sleuth.games.thirteen_clues.notebook import KINDS
from support.entry_fuzz import join, seats, table_seats
from support.game_cases import (
    BrowserGame,
    FrontCases,
    GameCases,
    LanguageShots,
    NotebookCases,
    SampleRecord,
    Screenshots,
    WholeGame,
)

# 13 Clues with a renamed person card (the Officer is an Inspector here).
RENAMED = ",".join(c.replace("/Officer/", "/Inspector/") for c in DEFAULT_DECK)

# The assistant's fuzz: lines typed into this game's notebook (issue #32 item 5).
tc_names = [name for name, _, _ in cards_for(6)]
tc_card = st.one_of(st.sampled_from(tc_names), st.sampled_from(["nurse", "Nobody", "²"]))
tc_kinds = [[name for name, _, kind in cards_for(4) if kind == k] for k in KINDS]
tc_trio = st.tuples(*(st.sampled_from(names) for names in tc_kinds)).map(" ".join)
tc_about = st.sampled_from([*COLOURS, *CATEGORIES, "left", "person", "²"])
tc_in_play = st.sampled_from([*COLOURS[:8], *CATEGORIES])
tc_entry = st.one_of(
    join(st.just("mystery"), seats, tc_card, tc_card, tc_card),
    join(st.just("mystery"), table_seats, tc_trio),
    join(seats, tc_in_play, st.integers(0, 3).map(str)),
    join(seats, tc_in_play, st.integers(0, 3).map(str)),
    join(seats, tc_about, st.integers(0, 9).map(str)),
    join(seats, tc_about, st.sampled_from(["left", "right"]), st.integers(0, 3).map(str)),
    join(st.just("look"), st.sampled_from(["A", "b", "E", "Z", "²"]), tc_card),
    join(st.just("accuse"), seats, tc_card, tc_card, tc_card),
    join(st.just("accuse"), table_seats, tc_trio),
    join(st.just("why"), tc_card),
)

# Lines of a table where every mystery is known, so the engine gets involved.
TC_TABLE = (
    "mystery 1 Duke Market Sword",
    "mystery 2 Maid Plaza Gun",
    "mystery 3 Nurse Museum Candlestick",
)
NOTEBOOK = NotebookCases(
    setup={"players": 4, "seat": 0, "hidden": ["Officer", "Park"]},
    entries=tc_entry,
    table=TC_TABLE,
    valid=(*TC_TABLE, "2 purple 1"),
)


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
            sheet_places={"mine": "your mystery", "inf": "informants"},
        ),
        screenshots=Screenshots("13-clues", players=2, seed=5, moves=3),
        language_shots=LanguageShots("13-clues", "ja"),
    ),
    # Data of the generic tests that no longer name a game (issue #32 item 5).
    random_game_options={"stall_rounds": 3},
    notebook=NOTEBOOK,
)
