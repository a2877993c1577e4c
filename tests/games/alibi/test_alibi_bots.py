"""Alibi: both bots choose as designed in a constructed position, and
deductive > basic > random in mean score in a small tournament."""

from __future__ import annotations

import random
from collections import defaultdict

import pytest

from sleuth.agents import make_agent
from sleuth.arena.tournament import run_specs, schedule
from sleuth.core import make_game
from sleuth.games.alibi import Alibi, AlibiState, AlibiView
from sleuth.games.alibi.bots.common import Table, unseen
from support.streams import TEST_KEY

GAME = "alibi"
# The 5-suspect list of goldens/alibi-2p.json: two convictions end the game.
SUSPECTS = (
    "S01=female+thin+long+newspaper+glasses",
    "S02=male+fat+short+revolver+umbrella",
    "S03=female+fat+short+striped+knife",
    "S04=male+thin+long+dotted+bag",
    "S05=female+thin+short+revolver+bag",
)


def _game(players: int) -> Alibi:
    made = make_game(GAME, players, suspects=SUSPECTS)
    assert isinstance(made, Alibi)
    return made


def _run(game: Alibi, state: AlibiState, moves: list[tuple[int, str]]) -> AlibiState:
    for seat, text in moves:
        new = state.apply(seat, game.parse_action(text))
        assert isinstance(new, AlibiState)
        state = new
    return state


def _position() -> tuple[AlibiState, AlibiView]:
    """Seat 1 has laid female fat knife (S03 needs one of short/striped more after
    striped), seat 0 thin bag; seat 0 holds male striped glasses bribe."""
    game = _game(2)
    # pile[-1] is drawn first: seat 1 and seat 0 draw alternately after each play.
    pile = ["long", "dotted", "alibi", "goodeye", "short"]
    pile += ["umbrella", "glasses", "revolver", "male", "newspaper"]
    hands = [["thin", "striped", "bag", "bribe"], ["female", "fat", "knife", "male"]]
    state = game.from_deal(["S01", "S02", "S03", "S04"], ["S05"], hands, pile, start=1)
    state = _run(
        game,
        state,
        [
            (1, "play female"),
            (1, "pass"),
            (0, "play thin"),
            (0, "pass"),
            (1, "play fat"),
            (1, "pass"),
            (0, "play bag"),
            (0, "pass"),
            (1, "play knife"),
            (1, "pass"),
        ],
    )
    view = state.view(0)
    assert isinstance(view, AlibiView)
    return state, view


def test_constructed_position_choices() -> None:
    state, view = _position()
    assert view.hand == ("male", "striped", "glasses", "bribe")
    assert [s.covered for s in view.display] == [
        ("female", "thin"),
        ("fat",),
        ("female", "fat", "knife"),
        ("thin", "bag"),
    ]
    # counting: 2 striped in the deck, one in hand; short 4, none seen
    counts = unseen(view)
    assert (counts["striped"], counts["short"], counts["knife"]) == (1, 4, 2)
    table = Table.of(view)
    assert table.closest()[0] == "S03"
    legal = state.legal_actions(0)
    # basic feeds the suspect closest to conviction; deductive sees that striped there
    # mostly helps seat 1 (3 cards on S03) and bribes away the rarest of them, a knife.
    basic = make_agent("basic", GAME).act(view, legal, random.Random(1))
    deductive = make_agent("deductive", GAME).act(view, legal, random.Random(1))
    assert str(basic) == "play striped"
    assert str(deductive) == "bribe 1 knife"
    # after the basic play, the optional swap is declined: every card is useful
    game = _game(2)
    after = _run(game, state, [(0, "play striped")])
    swap_view = after.view(0)
    assert after.phase == "swap"
    choice = make_agent("basic", GAME).act(swap_view, after.legal_actions(0), random.Random(1))
    assert str(choice) == "pass"


def test_both_bots_take_a_conviction_with_the_bonus() -> None:
    game = _game(2)
    state, _ = _position()
    # seat 0 lays striped and draws short, which completes S03 (its 5th value) next turn.
    moves = [(0, "play striped"), (0, "pass"), (1, "play male"), (1, "pass")]
    state = _run(game, state, moves)
    view = state.view(0)
    assert isinstance(view, AlibiView)
    assert view.hand is not None and "short" in view.hand
    for bot in ("basic", "deductive"):
        choice = make_agent(bot, GAME).act(view, state.legal_actions(0), random.Random(0))
        assert str(choice) == "play short", bot


@pytest.mark.slow
def test_deductive_beats_basic_beats_random() -> None:
    bots = ["deductive", "basic", "random"]
    config = _game(3).config_json()
    results = run_specs(schedule(GAME, config, bots, 150, seed=7, key=TEST_KEY), workers=2)
    totals: dict[str, list[int]] = defaultdict(list)
    for result in results:
        for seat, bot in enumerate(result.seating):
            totals[bot].append(result.scores[seat])
    mean = {bot: sum(s) / len(s) for bot, s in totals.items()}
    print("Alibi 3p (5 suspects), 150 games, mean score:", mean)
    assert mean["deductive"] > mean["basic"] > mean["random"], mean


def test_the_chance_model_follows_its_step_and_spread() -> None:
    from collections import Counter

    from sleuth.games.alibi.bots.deductive import DeductiveAlibi, chances

    near = frozenset({"male", "fat", "long", "plain", "revolver"})
    far = frozenset({"female", "thin", "short", "striped", "knife"})
    table = Table(
        0,
        {"near": near, "far": far},
        {"near": 5, "far": 5},
        [["male", "fat", "long"], []],
        set(),
        [],
    )
    counts = Counter(
        {"plain": 2, "revolver": 3, "female": 1, "thin": 1, "short": 1, "striped": 1, "knife": 1}
    )
    # defaults: near needs 2 values, 0.35^2 * 3/4.5 * 2/3.5; far needs 5, 0.35^5 * (1/2.5)^5
    near_weight = 0.35**2 * 3 / 4.5 * 2 / 3.5
    far_weight = 0.35**5 * 0.4**5
    assert chances(table, counts) == pytest.approx(
        {
            "near": near_weight / (near_weight + far_weight),
            "far": far_weight / (near_weight + far_weight),
        }
    )
    # no step and no spread: any suspect whose values can all still come is as likely
    assert chances(table, counts, step=1.0, spread=0.0) == pytest.approx({"near": 0.5, "far": 0.5})
    bot = make_agent("deductive:step=0.2:spread=3.0", "alibi")
    assert isinstance(bot, DeductiveAlibi) and (bot.step, bot.spread) == (0.2, 3.0)


# ``lookahead`` with a small budget: the tests ask what it may see and do, not how well.
LOOKAHEAD = "lookahead:samples=2:width=3"


def test_lookahead_plays_only_legal_moves_to_the_end() -> None:
    game = _game(3)
    bots = [make_agent(LOOKAHEAD, GAME), make_agent("deductive", GAME), make_agent("basic", GAME)]
    rngs = [random.Random(seat) for seat in range(3)]
    state = game.new(11)
    searched = 0
    while state.outcome is None:
        seat = state.to_move()
        assert seat is not None
        legal = state.legal_actions(seat)
        view = state.view(seat)
        assert isinstance(view, AlibiView)
        action = bots[seat].act(view, legal, rngs[seat])
        assert action in legal
        searched += seat == 0 and view.phase == "main"
        new = state.apply(seat, action)
        assert isinstance(new, AlibiState)
        state = new
    assert searched > 5  # it chose many main actions, not only swaps


def _main_positions(players: int, count: int) -> list[AlibiState]:
    """Positions where the seat to move chooses its main action, from deductive games."""
    game = _game(players)
    bot = make_agent("deductive", GAME)
    rng = random.Random(5)
    found: list[AlibiState] = []
    for seed in range(3):
        state = game.new(seed)
        while state.outcome is None and len(found) < count * (seed + 1):
            seat = state.to_move()
            assert seat is not None
            if state.phase == "main" and len(state.legal_actions(seat)) > 3:
                found.append(state)
            new = state.apply(seat, bot.act(state.view(seat), state.legal_actions(seat), rng))
            assert isinstance(new, AlibiState)
            state = new
    return found[:count]


def test_lookahead_is_deterministic_from_its_rng_and_sees_only_the_view() -> None:
    bot = make_agent(LOOKAHEAD, GAME)
    chosen = []
    for state in _main_positions(3, 12):
        seat = state.to_move()
        assert seat is not None
        legal = state.legal_actions(seat)
        first = bot.act(state.view(seat), legal, random.Random(7))
        assert bot.act(state.view(seat), legal, random.Random(7)) == first
        # Another deal of what the seat cannot see: the same view, so the same move.
        twin = state.hidden_twin(seat, random.Random(3))
        assert twin is not None and twin.view(seat) == state.view(seat)
        assert bot.act(twin.view(seat), twin.legal_actions(seat), random.Random(7)) == first
        chosen.append(first)
    assert len(chosen) == 12


def test_lookahead_takes_a_conviction_with_the_bonus() -> None:
    # The constructed deal holds part of the deck only: nothing to sample, and the
    # lookahead takes deductive's best move, the conviction.
    game = _game(2)
    state, _ = _position()
    moves = [(0, "play striped"), (0, "pass"), (1, "play male"), (1, "pass")]
    state = _run(game, state, moves)
    view = state.view(0)
    choice = make_agent(LOOKAHEAD, GAME).act(view, state.legal_actions(0), random.Random(0))
    assert str(choice) == "play short"


def test_lookahead_parameters_are_checked() -> None:
    from sleuth.core import GameError
    from sleuth.games.alibi.bots.lookahead import LookaheadAlibi

    bot = make_agent("lookahead:samples=3:width=2:turns=1", GAME)
    assert isinstance(bot, LookaheadAlibi) and (bot.samples, bot.width, bot.turns) == (3, 2, 1)
    for bad in ("lookahead:samples=0", "lookahead:width=0", "lookahead:turns=0"):
        with pytest.raises(GameError):
            make_agent(bad, GAME)
