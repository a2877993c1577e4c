"""Black Stories Investigation: the view adapter is exact, bots solve right when certain,
and deductive > basic > random in a small tournament."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from sleuth.agents import Agent, RandomAgent, make_agent
from sleuth.arena import play_match
from sleuth.arena.tournament import run_specs, schedule
from sleuth.core import make_game
from sleuth.core.records import replay_record
from sleuth.games.black_stories import (
    ALL_CASES,
    BlackStoriesInvestigation,
    BlackStoriesState,
    BlackStoriesView,
    Play,
)
from sleuth.games.black_stories.bots import DeductiveBlackStories
from sleuth.games.black_stories.knowledge import black_stories_position, posterior
from support.narrow import narrow
from support.streams import TEST_KEY, bot_streams

GAME = "black-stories-investigation"


def _game(players: int, **options: object) -> BlackStoriesInvestigation:
    made = make_game("bsi", players, **options)
    assert isinstance(made, BlackStoriesInvestigation)
    return made


def _act(state: BlackStoriesState, seat: int, text: str) -> BlackStoriesState:
    new = state.apply(seat, state.game.parse_action(text))
    assert isinstance(new, BlackStoriesState)
    return new


def _view(state: BlackStoriesState, seat: int) -> BlackStoriesView:
    view = state.view(seat)
    assert isinstance(view, BlackStoriesView)
    return view


CASES = ["man+day+inside+knife", "woman+night+outside+gun", "man+night+inside+gun"]
HANDS = [
    ["woman+knife", "day+inside", "woman+day+outside+knife"],
    ["man+gun", "night+outside", "man+night+outside+knife"],
    ["man+inside+gun", "woman+outside+knife", "woman+night+inside+gun"],
]
DRAW = ["man+day+outside+gun", "woman+day+inside+gun", "day+inside+knife"]


def _scenario(guesses: str = "public") -> BlackStoriesState:
    state = _game(3, guesses=guesses).from_deal(CASES, HANDS, DRAW, start=0)
    state = _act(state, 0, "play woman+knife to 1")  # 1 match: field 0/1
    state = _act(state, 0, "solve 1 woman/day/outside/gun with 1")  # fails
    return _act(state, 0, "draw")


def test_position_of_a_constructed_deal_is_exact() -> None:
    view = _view(_scenario(), 2)
    position = black_stories_position(view, 1)
    assert position["cards"] == [{"evidence": ["woman", "knife"], "field": "0/1"}]
    assert position["failed_guesses"] == [["woman", "day", "outside", "gun"]]
    dealt = {*CASES, *(c for h in HANDS for c in h), *DRAW}
    # seat 2 sees its case, its hand and the discard pile (the cards left out of the deal)
    expected = {CASES[2], HANDS[2][2], *(c for c in ALL_CASES if c not in dealt)}
    excluded = position["excluded"]
    assert isinstance(excluded, list)
    assert {"+".join(e) for e in excluded} == expected
    # left: the 4-evidence cards seat 2 cannot see, minus those woman+knife rules out
    assert {"+".join(c) for c in posterior(position)} == {
        "woman+night+outside+gun",
        "man+day+inside+knife",
        "man+night+outside+knife",
        "man+day+outside+gun",
        "woman+day+inside+gun",
    }


def test_private_guesses_are_hidden_from_bystanders_only() -> None:
    state = _scenario("private")
    assert black_stories_position(_view(state, 2), 1)["failed_guesses"] == []
    assert black_stories_position(_view(state, 0), 1)["failed_guesses"] == [
        ["woman", "day", "outside", "gun"]
    ]


def test_true_cases_always_keep_probability() -> None:
    """From every seat's view, at every step, every other seat's case is possible."""
    checked = 0
    for seed, guesses in [(s, g) for s in range(6) for g in ("public", "private")]:
        game = _game(3 + seed % 2, guesses=guesses)
        agents: list[Agent] = [make_agent("deductive", GAME), RandomAgent(interrupt_rate=0.0)]
        agents += [RandomAgent() for _ in range(game.players - 2)]
        replay = replay_record(
            play_match(game, agents, seed, bot_seeds=bot_streams(seed, len(agents))).record
        )
        for state in replay.states():
            assert isinstance(state, BlackStoriesState)
            if state.outcome is not None:
                continue
            for seat in range(game.players):
                view = _view(state, seat)
                for target in range(game.players):
                    case = state.cases[target]
                    if target == seat or case is None:
                        continue
                    cases = posterior(black_stories_position(view, target))
                    assert tuple(case.split("+")) in cases, (seed, seat, target)
                    checked += 1
    assert checked > 500


def test_deductive_certain_solves_are_always_right() -> None:
    certain = 0
    for seed in range(30):
        game = _game(3)
        agents: list[Agent] = [DeductiveBlackStories(risk=2.0)]
        agents += [make_agent("basic", GAME), RandomAgent()]
        replay = replay_record(
            play_match(game, agents, seed, bot_seeds=bot_streams(seed, len(agents))).record
        )
        for before, step in zip(replay.states(), replay.steps, strict=False):
            if step.seat != 0 or not step.action.startswith("solve"):
                continue
            target = int(step.action.split()[1])
            state = narrow(BlackStoriesState, before)
            cases = posterior(black_stories_position(_view(state, 0), target))
            if len(cases) == 1:
                certain += 1
                assert step.result.startswith("solved"), (seed, step)
    assert certain >= 10


def _win_rates(bots: list[str], games: int) -> dict[str, float]:
    """Wins per seat-game of each bot name (a name may fill several seats)."""
    config = _game(len(bots)).config_json()
    wins: Counter[str] = Counter()
    for result in run_specs(schedule(GAME, config, bots, games, seed=7, key=TEST_KEY)):
        for winner in result.winners:
            wins[result.seating[winner]] += 1
    return {bot: wins[bot] / (games * bots.count(bot)) for bot in set(bots)}


@pytest.mark.slow
def test_deductive_beats_basic_beats_random() -> None:
    # Pairwise tables: with all three at one table deductive wins so often that basic and
    # random share a few leftover games, too few to order them in 60 games.
    top = _win_rates(["deductive", "basic", "basic", "basic"], 60)
    low = _win_rates(["basic", "random", "random", "random"], 60)
    print("BSI 4p, 60 games each:", top, low)
    assert top["deductive"] > top["basic"]
    assert low["basic"] > low["random"]


def test_tables_of_basic_bots_finish() -> None:
    # Casual notes alone can leave every grid open; the patience rule makes basic guess.
    for players in (2, 3, 4):
        game = make_game("bsi", players)
        for seed in range(6):
            bots: list[Agent] = [make_agent("basic", game.name) for _ in range(players)]
            result = play_match(game, bots, seed, 2000, bot_seeds=bot_streams(seed, len(bots)))
            assert result.outcome.reason in (
                "final round complete",
                "stalemate: no solve attempt can be made any more",
            )


def _before_seat_0_plays() -> BlackStoriesState:
    """Seat 0 to play, grids of 2, 1 and 0 cards, investigation cards 2 and 3 left, 5 cases
    left for seats 1 and 2 alike (the probe that made the values below)."""
    state = _scenario()
    for seat, text in [
        (1, "play man+gun to 0"),
        (1, "draw"),
        (2, "play woman+outside+knife to 0"),
        (2, "draw"),
    ]:
        state = _act(state, seat, text)
    return state


def test_points_aim_values_each_play_by_the_solve_it_allows() -> None:
    state = _before_seat_0_plays()
    view = _view(state, 0)
    assert [len(g) for g in view.grids] == [2, 1, 0]
    assert view.unused[0] == (2, 3)
    plays = [a for a in state.legal_actions(0) if isinstance(a, Play)]
    worth = {
        str(p): v for p, v in DeductiveBlackStories(aim="points").solve_points(view, plays).items()
    }
    # 5 cases: a field of 4 is attempted with the 2 (p 1/4), a field of 1 with the 3 (certain);
    # the bonus is 6 minus the grid's cards after the play. Elsewhere stands 1/5 * (2 + bonus).
    # To 2 (bonus 5), split 4+1: 4/5 * 1/4 * 7 + 1/5 * 8 = 3.0; split 2+3: 2/5*7/2 + 3/5*7/3 = 2.8.
    # To 1 (bonus 4), split 4+1: 4/5 * max(6/4, 1.6) + 1/5 * 7 = 2.68; split 2+3: 2.4.
    assert worth == pytest.approx(
        {
            "play day+inside to 2": 3.0,
            "play man+day+outside+gun to 2": 3.0,
            "play woman+day+outside+knife to 2": 2.8,
            "play day+inside to 1": 2.68,
            "play man+day+outside+gun to 1": 2.68,
            "play woman+day+outside+knife to 1": 2.4,
        }
    )


def test_points_aim_and_bits_aim_choose_differently() -> None:
    state = _before_seat_0_plays()
    view, legal = _view(state, 0), state.legal_actions(0)
    for seed in range(5):
        # bits: the even 2+3 split; both targets tell as much, so either may be chosen
        bits = DeductiveBlackStories().act(view, legal, random.Random(seed))
        assert isinstance(bits, Play) and bits.card == "woman+day+outside+knife"
        points = DeductiveBlackStories(aim="points").act(view, legal, random.Random(seed))
        assert points in (Play("day+inside", 2), Play("man+day+outside+gun", 2))


def test_an_unknown_aim_is_refused() -> None:
    with pytest.raises(ValueError, match="aim: expected one of bits, points"):
        DeductiveBlackStories(aim="luck")
