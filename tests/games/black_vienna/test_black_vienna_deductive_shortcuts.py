"""The ``deductive`` bot's shortcuts (its last analysis kept, the ring posterior skipped
when the cards' marginals already rule out an accusation) change none of its decisions."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from sleuth.agents import Agent
from sleuth.arena import play_match
from sleuth.core import make_game
from sleuth.games.black_vienna import BlackViennaView
from sleuth.games.black_vienna.bots.deductive import DeductiveBlackVienna
from sleuth.games.black_vienna.knowledge import BlackViennaAnalysis, black_vienna_position


class FromScratch(DeductiveBlackVienna):
    """Every decision from a fresh analysis and the whole ring posterior; checks at each
    offer that where the shortcut would wait, the ring posterior does not accuse."""

    def __init__(self, waits: list[bool]) -> None:
        super().__init__()
        self.waits = waits

    def _analysis(self, view: BlackViennaView) -> BlackViennaAnalysis:
        analysis = BlackViennaAnalysis(black_vienna_position(view))
        if analysis.consistent:
            waits = DeductiveBlackVienna._surely_waits(self, view, analysis)
            rings = self._rings(view, analysis, None)  # type: ignore[arg-type]
            accuses = bool(rings) and self._should_accuse(view, rings, None)  # type: ignore[arg-type]
            assert not (waits and accuses), view
            self.waits.append(waits)
        return analysis

    def _surely_waits(self, view: BlackViennaView, analysis: BlackViennaAnalysis) -> bool:
        return False


def moves(agents: Sequence[Agent], players: int, seed: int) -> list[tuple[int, str]]:
    result = play_match(
        make_game("black-vienna", players),
        agents,
        seed,
        bot_seeds=[seed * 10 + seat for seat in range(players)],
    )
    return [(step.seat, str(step.action)) for step in result.steps]


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (3, 2), (6, 1), (6, 2)])
def test_the_shortcuts_decide_as_the_whole_analysis(players: int, seed: int) -> None:
    waits: list[bool] = []
    fast = moves([DeductiveBlackVienna() for _ in range(players)], players, seed)
    slow = moves([FromScratch(waits) for _ in range(players)], players, seed)
    assert fast == slow
    if players == 3:  # six seats of this bot run the markers out before anyone accuses
        assert any("accuse" in action for _, action in fast)
    assert any(waits) and not all(waits)  # the shortcut both fires and declines
