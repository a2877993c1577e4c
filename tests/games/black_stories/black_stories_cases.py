"""Black Stories Investigation's data for the tests that run every game
(``support.game_cases``)."""

from hypothesis import strategies as st

from games.black_stories import black_stories_web_play
from sleuth.games.black_stories.components import DEFAULT_DECK
from sleuth.games.black_stories.knowledge import ATTRIBUTES
from support.entry_fuzz import join, seats
from support.game_cases import (
    BrowserGame,
    FrontCases,
    GameCases,
    NotebookCases,
    SampleRecord,
    Screenshots,
    WholeGame,
)

# Black Stories Investigation without two of its three-evidence cards.
SHORTER = ",".join(c for c in DEFAULT_DECK if c not in ("man+night+knife", "woman+day+gun"))

# The assistant's fuzz: lines typed into this game's notebook (issue #32 item 5).
bs_values = ["man", "woman", "day", "night", "inside", "outside", "knife", "gun", "cat"]
bs_card = st.lists(
    st.tuples(st.integers(0, 3), st.integers(0, 1)),
    min_size=2,
    max_size=4,
    unique_by=lambda kind: kind[0],
).map(lambda kinds: [ATTRIBUTES[kind][value] for kind, value in kinds])
bs_case = st.tuples(*(st.sampled_from(pair) for pair in ATTRIBUTES)).map(list)
bs_evidence = st.one_of(
    bs_card, bs_card, bs_case, st.lists(st.sampled_from(bs_values), min_size=1, max_size=5)
)
bs_field = st.sampled_from(["0/1", "2", "3", "0/1", "2", "4", "²"])
bs_entry = st.one_of(
    join(seats, bs_evidence.map("+".join), bs_field),
    join(seats, bs_evidence.map("+".join), bs_field),
    join(st.just("fail"), seats, bs_case.map("/".join)),
    join(st.just("fail"), seats, bs_evidence.map("/".join)),
    join(st.just("solved"), seats),
    join(st.just("seen"), bs_case.map("+".join)),
    join(st.just("seen"), bs_evidence.map("+".join)),
    join(st.just("why"), seats, st.sampled_from(bs_values)),
)

NOTEBOOK = NotebookCases(
    setup={"players": 3, "seat": 0},
    entries=bs_entry,
    valid=("1 woman+knife 2", "solved 2"),
)


CASES = GameCases(
    position={
        "game": "bsi",
        "players": 3,
        "seat": 0,
        "targets": {"1": {"cards": [{"evidence": ["woman", "knife"], "field": "2"}]}},
    },
    players=4,
    values={"point_chips": 20, "deck": SHORTER},
    other_options={"guesses": "private", "point_chips": 12, "start": "seat0"},
    record=SampleRecord(players=3, seed=11, options={"guesses": "private"}),
    # the fronts' tests: a short game, with a review
    fronts=FrontCases(
        short=True,
        whole_game=WholeGame(seats=(None, "deductive", None), sheet="facts"),
        browser=BrowserGame(
            play=black_stories_web_play.play,
            seats=("me", "person", "bot:basic"),
            sheet="facts",
            shot_step=7,
            # A case is said by its evidence ("man+day+inside+knife": man/day/inside/knife).
            sheet_card=lambda case: "/".join(case.split("+")),
        ),
        screenshots=Screenshots("black-stories", players=3, seed=7, moves=3),
    ),
    notebook=NOTEBOOK,
)
