"""The review against direct enumeration of deals, at every step, for every seat.

Small configurations whose deals can be listed: Black Vienna with three players (969 rings
times 12,870 hands per seat), Black Stories (16 cases), 13 Clues with six players (no
informants: a mystery times 113,400 ways to hold the other hidden cards). The oracle
(``deals``) uses only the rules' data; the review uses the engine through each game's part.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, TypeVar

import pytest

from sleuth.agents import RandomAgent, make_agent
from sleuth.arena import play_match
from sleuth.core import State, make_game
from sleuth.core.records import replay_record
from sleuth.games.black_stories import BlackStoriesState
from sleuth.games.black_vienna import BlackViennaState
from sleuth.games.black_vienna import components as bv
from sleuth.games.thirteen_clues import ThirteenCluesState
from sleuth.review import GameReview, review_record
from support.narrow import narrow

from .deals import bs_joint, bv_answers, bv_ring_counts, entropy, tc_mystery_counts

SALT = "5a" * 16
StateT = TypeVar("StateT", bound=State)


def play(game_name: str, players: int, seed: int, bot: str, **options: Any) -> dict[str, Any]:
    game = make_game(game_name, players, **options)
    agents = [
        RandomAgent(0.05) if bot == "random" else make_agent(bot, game.name) for _ in range(players)
    ]
    seeds = [seed * 100 + s for s in range(players)]
    return dict(play_match(game, agents, seed, bot_seeds=seeds, salt=SALT).record)


def known_states(record: dict[str, Any], kind: type[StateT]) -> list[StateT]:
    """The state each frame's knowledge comes from: the review keeps, after the end, what
    the seat knew before it (the reveal is no deduction). Each is checked to be a ``kind``."""
    states = [narrow(kind, state) for state in replay_record(record).states()]
    return [*states[:-1], states[-2]]


def close(a: float | None, b: float) -> bool:
    return a is not None and math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12)


def check_bv(record: dict[str, Any], review: GameReview) -> int:
    states = known_states(record, BlackViennaState)
    final = states[-1]
    ring = final.ring
    checked = 0
    for seat_review in review.seats:
        seat = seat_review.seat
        counts = bv_ring_counts(final.hands[seat], seat, final.game.hand_sizes, bv_answers(final))
        for reading, state in zip(seat_review.readings, states, strict=True):
            k = len(bv_answers(state))
            total = sum(counts[k].values())
            assert close(reading.probability, counts[k][ring] / total), (seat, reading.step)
            assert close(reading.bits, entropy(list(counts[k].values()))), (seat, reading.step)
            assert reading.certain == (counts[k][ring] == total)
            checked += 1
    return checked


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "bot"), [(3, "deductive"), (5, "random")])
def test_black_vienna_three_players_every_step(seed: int, bot: str) -> None:
    record = play("black-vienna", 3, seed, bot)
    review = review_record(record)
    assert check_bv(record, review) == 3 * (len(record["steps"]) + 1)
    # the ring's letters are the truth the review names
    assert review.seats[0].stretches[0].truth == tuple(
        bv.mask_letters(known_states(record, BlackViennaState)[-1].ring)
    )


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [(3, 11, {}), (4, 2, {}), (3, 7, {"guesses": "private"}), (2, 4, {})],
)
def test_black_stories_every_step(players: int, seed: int, options: dict[str, str]) -> None:
    record = play("black-stories", players, seed, "deductive", **options)
    review = review_record(record)
    states = known_states(record, BlackStoriesState)
    for seat_review in review.seats:
        seat = seat_review.seat
        for reading, state in zip(seat_review.readings, states, strict=True):
            order, joint = bs_joint(state, seat)
            truth = tuple(state.cases[t] for t in order)
            assert truth in joint
            assert close(reading.probability, 1 / len(joint)), (seat, reading.step)
            assert close(reading.bits, math.log2(len(joint)))
            for index, target in enumerate(order):
                share = sum(1 for combo in joint if combo[index] == truth[index]) / len(joint)
                assert close(reading.targets[f"seat {target}'s case"], share)


@pytest.mark.slow
def test_thirteen_clues_six_players_every_step() -> None:
    record = play("13-clues", 6, 1, "deductive")
    review = review_record(record)
    states = known_states(record, ThirteenCluesState)
    chosen = [i for i, s in enumerate(states) if all(m is not None for m in s.mysteries)]
    first = chosen[0]
    for seat_review in review.seats[:3]:  # three seats: the oracle takes seconds per seat
        seat = seat_review.seat
        counts = tc_mystery_counts([states[i] for i in chosen], seat)
        mystery = states[-1].mysteries[seat]
        assert mystery is not None  # chosen: every mystery is picked by the end
        truth = tuple(mystery)
        for reading in seat_review.readings[:first]:
            assert reading.probability is None
        for reading, count in zip(seat_review.readings[first:], counts, strict=True):
            total = sum(count.values())
            assert close(reading.probability, count[truth] / total), (seat, reading.step)
            assert close(reading.bits, entropy(list(count.values())))


def _steps(record: dict[str, Any]) -> Sequence[object]:
    steps: Sequence[object] = record["steps"]
    return steps
