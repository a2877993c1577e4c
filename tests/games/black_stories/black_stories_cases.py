"""Black Stories Investigation's data for the tests that run every game
(``support.game_cases``)."""

from games.black_stories import black_stories_web_play
from sleuth.games.black_stories.components import DEFAULT_DECK
from support.game_cases import (
    BrowserGame,
    FrontCases,
    GameCases,
    SampleRecord,
    Screenshots,
    WholeGame,
)

# Black Stories Investigation without two of its three-evidence cards.
SHORTER = ",".join(c for c in DEFAULT_DECK if c not in ("man+night+knife", "woman+day+gun"))

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
        ),
        screenshots=Screenshots("black-stories", players=3, seed=7, moves=3),
    ),
)
