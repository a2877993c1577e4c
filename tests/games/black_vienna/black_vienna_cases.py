"""Black Vienna's data for the tests that run every game (``support.game_cases``)."""

from pathlib import Path

from support.game_cases import GameCases, SampleRecord

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
    # The names of games moved out of the generic tests (issue #32 item 5).
    fronts_example=True,  # its games between random bots are a few dozen steps
)
