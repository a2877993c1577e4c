"""Black Vienna's data for the tests that run every game (``support.game_cases``)."""

from pathlib import Path

from hypothesis import strategies as st

from games.black_vienna import black_vienna_web_play
from sleuth.games.black_vienna import DEFAULT_DECK
from support.entry_fuzz import join, odd_numbers, seats
from support.game_cases import (
    BrowserGame,
    FrontCases,
    GameCases,
    NotebookCases,
    SampleRecord,
    Screenshots,
    WholeGame,
)

GOLDENS = Path(__file__).parent / "goldens"

# A Black Vienna deck given as a list: REFERENCE.md Appendix A2 (also named "transcribed").
TRANSCRIBED = (
    "ACL AGM AOS APQ BCY BHV BLM BQT CFI CSX DHR DJZ DLS DVY EGW ENQ EÖR EUV "
    "FÖY FRX FSZ GKO GPX HNÖ HUZ IÖW IPR ITZ JMO JQX JTY KMU KNT KPW LNV OUW"
).replace(" ", ",")

# The assistant's fuzz: lines typed into this game's notebook (issue #32 item 5).
bv_card = st.one_of(
    st.sampled_from(DEFAULT_DECK[:12]),  # few cards, so answers meet (and contradict)
    st.sampled_from(DEFAULT_DECK),
    st.sampled_from(["aor", "ROA", "AOQ", "Ö"]),
)
bv_markers = st.one_of(st.integers(0, 3).map(str), st.integers(0, 3).map(str), odd_numbers)
bv_entry = st.one_of(
    join(seats, bv_card, bv_markers),
    join(seats, bv_card, bv_markers),
    st.lists(bv_card, max_size=4).map(lambda cards: " ".join(["up", *cards])),
    join(st.just("new"), bv_card),
    join(st.just("why"), st.sampled_from(["A", "B", "Ö", "7", "AB"])),
)

NOTEBOOK = NotebookCases(
    setup={"players": 4, "seat": 1, "hand": "AFKPTX"},
    entries=bv_entry,
    valid=("up AOR BHV CDE", "2 AOR 1"),
)


CASES = GameCases(
    position={
        "game": "black-vienna",
        "players": 4,
        "seat": 1,
        "hand": "AFKPTX",
        "investigations": [{"target": 2, "letters": "AOR", "markers": 1}],
    },
    players=4,
    values={"deck": TRANSCRIBED},
    other_options={
        "special": "either",
        "empty_stacks": "special-only",
        "deck": "transcribed",
        "post_win_guesses": "no",
    },
    # a wrong accusation, a correct one, a guess and a pass
    record=SampleRecord(golden="black-vienna-4p-scripted.json"),
    # the fronts' tests: Black Vienna is the service's example table
    fronts=FrontCases(
        example=True,  # its games between random bots are a few dozen steps
        bad_option=({"special": "sometimes"}, "special"),
        board_class="bv",
        whole_game=WholeGame(seats=(None, None, "basic"), sheet="full"),
        browser=BrowserGame(
            play=black_vienna_web_play.play,
            seats=("me", "person", "bot:basic"),
            sheet="full",
            shot_step=6,
            after_shots=black_vienna_web_play.keyboard_checks,
            at_end=black_vienna_web_play.interrupted,
            sheet_places={"ring": "Black Vienna"},
        ),
        screenshots=Screenshots("black-vienna", players=4, seed=11, moves=3),
    ),
    # Data of the generic tests that no longer name a game (issue #32 item 5).
    notebook=NOTEBOOK,
)
