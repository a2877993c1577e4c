"""Black Vienna's data for the tests that run every game (``support.game_cases``)."""

from pathlib import Path

from games.black_vienna import black_vienna_web_play
from support.game_cases import (
    BrowserGame,
    FrontCases,
    GameCases,
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
        example=True,
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
        ),
        screenshots=Screenshots("black-vienna", players=4, seed=11, moves=3),
    ),
)
