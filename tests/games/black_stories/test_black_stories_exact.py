"""Black Stories Investigation's engine against an exact oracle written from the rulebook
(``bsi_oracle`` beside this file: it follows every draw and reshuffle over every hidden world), at
every position of seeded games, before and after reshuffles; and calibrated against the
true cases of the games themselves, by what the seat had seen.

Issue #33: after a reshuffle the engine forgot every card the seat had seen go into the draw
pile, and counted it as a possible case of an opponent who had held his case since before.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence

import pytest

from games.black_stories.bsi_oracle import BlindAgent, engine_posterior, play_and_compare
from sleuth.agents import Agent, RandomAgent
from sleuth.core import make_game
from sleuth.games.black_stories import (
    BlackStoriesInvestigation,
    BlackStoriesState,
    Draw,
    Play,
    Solve,
)
from sleuth.games.black_stories.bots import BOTS
from sleuth.games.black_stories.components import DEFAULT_DECK
from sleuth.games.black_stories.knowledge import CASES, DEAL_MODEL, KNOWLEDGE, posterior
from sleuth.games.black_stories.views import BlackStoriesView
from support.calibration import SIGNIFICANCE, chi2_sf
from support.narrow import narrow

# Small decks, so that the oracle can list every hidden world, and the piles run out often:
# 8 cases and 4 smaller cards for 3 players (the fewest a deal allows), 6 and 3 for 2.
SMALL_DECKS = {
    3: DEFAULT_DECK[:8] + DEFAULT_DECK[16:20],
    2: DEFAULT_DECK[:6] + DEFAULT_DECK[24:27],
}
DRIVERS: dict[str, Callable[[], Agent]] = {
    "random": RandomAgent,
    "deductive": BOTS["deductive"],
}


def _game(players: int, deck: Sequence[str] | None = None) -> BlackStoriesInvestigation:
    options = {} if deck is None else {"deck": tuple(deck)}
    return narrow(BlackStoriesInvestigation, make_game("bsi", players, **options))


def _tally(players: int, driver: str, seeds: range) -> tuple[Counter[str], list[str]]:
    game = _game(players, SMALL_DECKS[players])
    counts: Counter[str] = Counter()
    wrong: list[str] = []
    for seed in seeds:
        agents = [DRIVERS[driver]() for _ in range(players)]
        for at in play_and_compare(game, seed, agents):
            kind = "after" if at.reshuffled else "before"
            counts[kind] += 1
            counts[f"{kind} exact"] += at.exact
            if not at.exact and len(wrong) < 3:
                wrong.append(f"seed {seed} seat {at.seat}: {at.engine} != {at.oracle}")
    return counts, wrong


@pytest.mark.parametrize(
    ("players", "driver", "games"),
    [(3, "random", 12), (3, "deductive", 8), (2, "random", 25), (2, "deductive", 20)],
)
def test_the_engine_is_the_oracle_at_every_position(players: int, driver: str, games: int) -> None:
    counts, wrong = _tally(players, driver, range(games))
    assert not wrong, "\n".join(wrong)
    assert counts["after"] >= 60  # the games did go through reshuffles
    assert counts["before exact"] == counts["before"] > 0
    assert counts["after exact"] == counts["after"]


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("driver", ["random", "deductive"])
def test_the_engine_is_the_oracle_in_more_games(players: int, driver: str) -> None:
    # The full run of 200 games each: python benchmarks/games/black_stories/bsi_exact.py
    counts, wrong = _tally(players, driver, range(100, 160))
    assert not wrong, "\n".join(wrong)
    assert counts["after exact"] == counts["after"] > 0


@pytest.mark.slow
def test_the_engine_is_the_oracle_with_the_default_deck() -> None:
    # Two players, the only count whose worlds the oracle can list with the 28 cards (some
    # 25,000); games of blind random solvers, long enough to reshuffle (these seeds do).
    game = _game(2)
    after = 0
    for seed in (2, 5, 9):
        for at in play_and_compare(game, seed, [BlindAgent(), BlindAgent()]):
            assert at.exact, f"seed {seed} seat {at.seat}: {at.engine} != {at.oracle}"
            after += at.reshuffled
    assert after >= 10


def test_a_card_reshuffled_after_a_case_was_drawn_is_not_that_case() -> None:
    # Three cases lie face up on the discard pile while seat 1 holds its case. Seat 0 plays,
    # the empty draw pile is reshuffled from the discard pile, seat 0 draws one of the three
    # and seat 1 the other two. Seat 1's case was drawn before: of the cases seat 0 cannot
    # see, only it is left (the engine had given each of the three unseen ones 1/3).
    game = _game(2, SMALL_DECKS[2])
    case = "man+day+inside+gun"
    state = game.from_deal(
        ["man+day+inside+knife", case],
        [["man+day+outside+knife", "woman+knife", "man+gun"], ["night+outside"]],
        [],
        start=0,
    )
    face_up = set(state.discard)
    assert len(face_up) == 3 and face_up <= game.full
    for mover, action in (
        (0, Play("woman+knife", 1)),
        (0, Draw()),
        (1, Play("night+outside", 0)),
        (1, Draw()),
    ):
        state = state.apply(mover, action)
    view = state.view(0)
    assert state.reshuffles == 1 and not state.discard
    assert len(face_up - set(view.hand or ())) == 2  # two of them are in seat 1's hand
    assert engine_posterior(view) == {(case,): 1.0}


def test_the_analysis_states_its_deal_model() -> None:
    state = _game(3).new(1)
    analysis = KNOWLEDGE.analyze(KNOWLEDGE.from_view(state.view(0)), None, False)
    assert analysis.deal_model == DEAL_MODEL
    assert analysis.to_json()["deal_model"] == DEAL_MODEL


# --- calibration against the games' own cases, by what the seat had seen ----------------------

BINS = (0.0, 0.1, 0.2, 0.35, 0.5, 0.75, 1.0)


def _bin(p: float) -> int:
    return next(i for i in range(len(BINS) - 1) if p < BINS[i + 1] or i == len(BINS) - 2)


def _states(game: BlackStoriesInvestigation, seed: int) -> list[BlackStoriesState]:
    """Every state of a game of random moves (a seeded generator of the test's), blind to
    every hidden card: a random play; one turn in four a solve attempt on a random seat,
    guessing a case its grid and failed guesses allow, at random."""
    rng = random.Random(seed)
    state = game.new(seed)
    states = [state]
    while state.outcome is None:
        seat = narrow(int, state.to_move())
        legal = state.legal_actions(seat)
        action = legal[rng.randrange(len(legal))]
        if state.phase == "solve" and Draw() in legal:
            action = Draw()
            if state.unused[seat] and state.targets(seat) and rng.random() < 0.25:
                action = _blind_solve(state, seat, rng)
        state = state.apply(seat, action)
        states.append(state)
    return states


def _blind_solve(state: BlackStoriesState, seat: int, rng: random.Random) -> Solve:
    target = rng.choice(state.targets(seat))
    view = state.view(None)  # what everyone sees
    clues = [{"evidence": p.card.split("+"), "field": p.field} for p in view.grids[target]]
    cases = posterior({"cards": clues}) or list(CASES)
    guess = "/".join(cases[rng.randrange(len(cases))])
    return Solve(target, guess, rng.choice(state.unused[seat]))


def _calibration(players: int, games: int) -> dict[tuple[str, str, int], list[float]]:
    """Per (position: before/after a reshuffle; candidate: seen face up on the discard pile
    earlier or never; bin of the engine's probability): the summed probabilities given to
    the opponents' candidate cases, the hits (the candidate was the true case), the number
    of candidates and the summed variances. One position per game and kind, of a seat drawn
    at random: the positions of one game are much alike and would count as many."""
    game = _game(players)
    cells: dict[tuple[str, str, int], list[float]] = {}
    for seed in range(games):
        rng = random.Random(-seed)
        states = _states(game, seed)
        for kind in ("before", "after"):
            pool = [
                i
                for i, s in enumerate(states)
                if s.outcome is None and bool(s.reshuffles) == (kind == "after")
            ]
            if not pool:
                continue
            at = pool[rng.randrange(len(pool))]
            state, seat = states[at], rng.randrange(players)
            face_up = {card for s in states[: at + 1] for card in s.discard}
            for (target, card), p in _marginals(state.view(seat)).items():
                seen = "seen face up" if card in face_up else "never face up"
                cell = cells.setdefault((kind, seen, _bin(p)), [0.0, 0.0, 0.0, 0.0])
                cell[0] += p
                cell[1] += state.cases[target] == card
                cell[2] += 1
                cell[3] += p * (1 - p)
    return cells


def _marginals(view: BlackStoriesView) -> dict[tuple[int, str], float]:
    """The engine's probability of each (opponent, case)."""
    holders = [t for t in range(view.players) if t != view.seat and view.has_case[t]]
    out: dict[tuple[int, str], float] = {}
    for cards, p in engine_posterior(view).items():
        for target, card in zip(holders, cards, strict=True):
            out[target, card] = out.get((target, card), 0.0) + p
    return out


@pytest.mark.parametrize("players", [2, 3])
def test_the_engine_is_calibrated_before_and_after_reshuffles(players: int) -> None:
    # A test that can disagree with the engine: the truth is each game's own case. In every
    # bin of probability, per kind of position and of candidate, the cases given p come true
    # about p of the time: a chi-squared over the bins of each kind of position (candidates
    # of one position exclude each other, which only narrows the spread), failing a correct
    # engine once in a thousand runs. Before issue #33's fix a case seen face up before a
    # reshuffle was given 0.13-0.50 where it could not be the case.
    cells = _calibration(players, 600)
    report = "\n".join(
        f"{key}: {hits:.0f} hits for {expected:.1f} expected of {n:.0f}"
        for key, (expected, hits, n, _) in sorted(cells.items())
    )
    after = sum(cell[2] for key, cell in cells.items() if key[:2] == ("after", "seen face up"))
    assert after >= 200, report
    for kind in ("before", "after"):
        parts = [cell for key, cell in cells.items() if key[0] == kind and cell[3] > 0]
        statistic = sum((hits - expected) ** 2 / var for expected, hits, _, var in parts)
        assert chi2_sf(statistic, len(parts)) > SIGNIFICANCE, (
            f"{kind}: chi2 {statistic:.1f}\n{report}"
        )
        for expected, hits, _, variance in cells.values():  # none certain and wrong
            assert variance > 0 or hits == expected, report
