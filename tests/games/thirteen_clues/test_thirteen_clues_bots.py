"""13 Clues: the view adapter is exact, bots accuse right when certain, and
deductive > basic > random in a small tournament."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from sleuth.agents import Agent, RandomAgent, make_agent
from sleuth.arena import play_match
from sleuth.arena.tournament import run_specs, schedule
from sleuth.core import make_game
from sleuth.core.records import replay_record
from sleuth.games.thirteen_clues import ThirteenClues, ThirteenCluesState, ThirteenCluesView
from sleuth.games.thirteen_clues.bots import DeductiveThirteenClues
from sleuth.games.thirteen_clues.bots.basic import candidates
from sleuth.games.thirteen_clues.knowledge import ThirteenCluesAnalysis, thirteen_clues_position
from support.streams import TEST_KEY, bot_streams

GAME = "13-clues"
HANDS = [
    ["Officer", "Parlor", "Knife", "Duke", "Market"],
    ["Butcher", "Library", "Poison", "Crossbow", "Countess"],
    ["Nurse", "Park", "Sword", "Museum", "Blowgun"],
    ["Maid", "Harbor", "Rifle", "Dancer", "Theater"],
]
INFORMANTS = ["Sailor", "Plaza", "Gun", "Candlestick"]
CHOSEN = [HANDS[s][:3] for s in range(4)]  # seat s picks seat s + 1's mystery


def _game(players: int, **options: object) -> ThirteenClues:
    made = make_game(GAME, players, **options)
    assert isinstance(made, ThirteenClues)
    return made


def _view(state: ThirteenCluesState, seat: int) -> ThirteenCluesView:
    view = state.view(seat)
    assert isinstance(view, ThirteenCluesView)
    return view


def _scenario() -> ThirteenCluesState:
    game = _game(4)
    state = game.from_deal(HANDS, INFORMANTS, start=0, chosen=CHOSEN)
    # seat 1 sees seat 0's mystery (Maid Harbor Rifle, all blue): 3
    # seat 0's one glass goes to the witness and its turn ends; seat 1 holds two
    for seat, text in [(0, "ask 1 blue"), (1, "look A"), (1, "ask 3 female")]:
        new = state.apply(seat, game.parse_action(text))
        assert isinstance(new, ThirteenCluesState)
        state = new
    return state


def test_position_of_a_constructed_deal_is_exact() -> None:
    state = _scenario()
    # seat 3 sees Maid (seat 0's mystery) and its hidden Dancer
    assert [q.answer for q in state.questions] == [3, 2]
    position = thirteen_clues_position(_view(state, 0))
    assert position == {
        "game": GAME,
        "players": 4,
        "seat": 0,
        "hidden": ["Duke", "Market"],
        "mysteries": {
            "1": ["Officer", "Parlor", "Knife"],
            "2": ["Butcher", "Library", "Poison"],
            "3": ["Nurse", "Park", "Sword"],
        },
        "informants": {},
        "questions": [
            {"witness": 1, "about": "blue", "answer": 3},
            {"witness": 3, "about": "female", "answer": 2},
        ],
        "accusations": [],
        "mystery_choice": "players",
    }
    assert thirteen_clues_position(_view(state, 1))["informants"] == {"A": "Sailor"}
    analysis = ThirteenCluesAnalysis(position)
    trios = {
        frozenset(analysis.model.cards[c] for c in t)
        for t, _ in analysis.analysis.solution_posterior()
    }
    assert frozenset({"Maid", "Harbor", "Rifle"}) in trios
    # three blue cards among seat 0's mystery and seat 1's two hidden cards: one at least
    assert all(t & {"Maid", "Harbor", "Rifle"} for t in trios)


def test_true_mysteries_always_keep_probability() -> None:
    checked = 0
    setups: list[tuple[int, dict[str, object]]] = [
        (3, {}),
        (4, {"top_secret": True}),
        (2, {}),
        (4, {"type_questions": True}),
    ]
    for seed, (players, options) in enumerate(setups):
        game = _game(players, **options)
        agents: list[Agent] = [make_agent("deductive", GAME), make_agent("basic", GAME)]
        agents += [RandomAgent() for _ in range(game.players - 2)]
        result = play_match(game, agents, seed, bot_seeds=bot_streams(seed, len(agents)))
        replay = replay_record(result.record)
        for state in itertools.islice(replay.states(), 0, None, 3):
            assert isinstance(state, ThirteenCluesState)
            if state.phase == "choose" or state.outcome is not None:
                continue
            names = [c.name for c in game.cards]
            for seat in range(game.players):
                analysis = ThirteenCluesAnalysis(thirteen_clues_position(_view(state, seat)))
                assert analysis.consistent
                truth = frozenset(names[c] for c in state.mysteries[seat] or ())
                trios = {
                    frozenset(analysis.model.cards[c] for c in t)
                    for t, count in analysis.analysis.solution_posterior()
                    if count > 0
                }
                assert truth in trios, (seed, seat)
                checked += 1
    assert checked > 20


def test_basic_notes_never_strike_the_truth() -> None:
    for seed in range(10):
        game = _game(4)
        agents: list[Agent] = [make_agent("basic", GAME) for _ in range(2)]
        agents += [RandomAgent(), RandomAgent()]
        replay = replay_record(
            play_match(game, agents, seed, bot_seeds=bot_streams(seed, len(agents))).record
        )
        names = [c.name for c in game.cards]
        for state in replay.states():
            assert isinstance(state, ThirteenCluesState)
            if state.phase == "choose" or state.outcome is not None:
                continue
            for seat in range(4):
                cands = candidates(_view(state, seat))
                for kind, card in enumerate(state.mysteries[seat] or ()):
                    assert names[card] in cands[kind], (seed, seat)


@pytest.mark.slow
def test_deductive_certain_accusations_are_always_right() -> None:
    certain = 0
    for seed in range(8):
        game = _game(4)
        agents: list[Agent] = [DeductiveThirteenClues(confidence=1.0, pressed=1.0)]
        # a timid basic (its old gamble) leaves the certain bot time to accuse
        agents += [make_agent("basic:gamble=3:last=false", GAME), RandomAgent(), RandomAgent()]
        replay = replay_record(
            play_match(game, agents, seed, bot_seeds=bot_streams(seed, len(agents))).record
        )
        for step in replay.steps:
            if step.seat == 0 and step.action.startswith("accuse"):
                certain += 1
                assert step.result == "correct", (seed, step)
    assert certain >= 4


@pytest.mark.slow
def test_deductive_beats_basic_beats_random() -> None:
    bots = ["deductive", "basic", "random", "random"]
    config = _game(4).config_json()
    results = run_specs(schedule(GAME, config, bots, 60, seed=7, key=TEST_KEY), workers=2)
    wins: Counter[str] = Counter()
    for result in results:
        for winner in result.winners:
            wins[result.seating[winner]] += 1
    print("13 Clues 4p, 60 games, wins:", dict(wins))
    assert wins["deductive"] > wins["basic"] > wins["random"] / 2, wins


def test_tables_of_basic_bots_finish() -> None:
    # Casual notes can stop shrinking; patience makes basic gamble, so its games end.
    for players in (2, 3, 4, 5, 6):
        game = make_game("13-clues", players)
        for seed in range(5):
            bots: list[Agent] = [make_agent("basic", game.name) for _ in range(players)]
            result = play_match(game, bots, seed, 2000, bot_seeds=bot_streams(seed, len(bots)))
            assert result.outcome.winners, (players, seed)


def test_a_patient_bot_spends_its_spare_glasses_before_an_uncertain_accusation() -> None:
    import random

    from sleuth.games.thirteen_clues import Accuse, Ask

    game = _game(4)
    state = game.from_deal(HANDS, INFORMANTS, start=0, chosen=CHOSEN)
    # seat 0's glass makes seat 1 hold two; its look spends one of them
    for holding, (seat, text) in zip((2, 1), [(0, "ask 1 blue"), (1, "look A")], strict=True):
        new = state.apply(seat, game.parse_action(text))
        assert isinstance(new, ThirteenCluesState)
        state = new
        view = _view(state, 1)
        assert view.seats[1].glasses == holding
        legal = state.legal_actions(1)
        _, solutions = DeductiveThirteenClues().mystery(view)
        assert solutions[0][1] < 1.0  # not certain: the patient bot may wait
        # any likeliest trio is likely enough at confidence 0
        eager = DeductiveThirteenClues(confidence=0.0)
        patient = DeductiveThirteenClues(confidence=0.0, patient=True)
        assert isinstance(eager.act(view, legal, random.Random(3)), Accuse)
        waited = patient.act(view, legal, random.Random(3))
        assert isinstance(waited, Ask if holding > 1 else Accuse), (holding, waited)


def test_basic_gambles_with_its_last_glass_only() -> None:
    import random

    from sleuth.games.thirteen_clues import Accuse, Ask

    game = _game(4)
    state = game.from_deal(HANDS, INFORMANTS, start=0, chosen=CHOSEN)
    # seat 0's glass makes seat 1 hold two; its look spends one of them
    steps = [(0, "ask 1 blue"), (1, "look A")]
    for holding, left, (seat, text) in zip((2, 1), (80, 60), steps, strict=True):
        new = state.apply(seat, game.parse_action(text))
        assert isinstance(new, ThirteenCluesState)
        state = new
        view = _view(state, 1)
        legal = state.legal_actions(1)
        cands = candidates(view)
        trios = len(cands[0]) * len(cands[1]) * len(cands[2])
        assert trios == left  # nothing struck; the look at A shows a candidate (Sailor)
        bold = make_agent(f"basic:gamble={trios}", GAME)
        chosen = bold.act(view, legal, random.Random(5))
        # with a glass to spare it asks first; with its last it takes the gamble
        assert isinstance(chosen, Ask if holding > 1 else Accuse), (holding, chosen)
        if isinstance(chosen, Accuse):
            assert [chosen.cards[k] in cands[k] for k in range(3)] == [True] * 3
        timid = make_agent(f"basic:gamble={trios - 1}", GAME)
        assert isinstance(timid.act(view, legal, random.Random(5)), Ask)


def _two_player_positions(spec: str, seed: int) -> list[ThirteenCluesState]:
    """The states of a seeded two-player game between two ``spec`` bots, setup left out."""
    game = _game(2)
    agents = [make_agent(spec, GAME) for _ in range(2)]
    result = play_match(game, agents, seed, bot_seeds=bot_streams(seed, 2))
    states = []
    for state in replay_record(result.record).states():
        assert isinstance(state, ThirteenCluesState)
        if state.phase == "play" and state.outcome is None:
            states.append(state)
    return states


def test_duel_belief_is_the_engines_posterior() -> None:
    from sleuth.games.thirteen_clues.bots.common import mystery_posterior
    from sleuth.games.thirteen_clues.bots.duel import belief

    checked = 0
    for seed in range(3):
        for state in _two_player_positions("random", seed)[::2]:
            for seat in range(2):
                view = _view(state, seat)
                mine = belief(view)
                post = mine.posterior()
                ours = {mine.trios[i]: p for i, p in enumerate(post.tolist()) if p > 0}
                engine = dict(
                    mystery_posterior(view, ThirteenCluesAnalysis(thirteen_clues_position(view)))
                )
                assert ours.keys() == engine.keys()
                assert all(abs(ours[t] - engine[t]) < 1e-12 for t in ours)
                checked += 1
    assert checked > 20


def test_duel_lookahead_values_are_exact() -> None:
    import numpy as np

    from sleuth.games.thirteen_clues.bots.duel import Belief, Duel, guess_value

    # two trios alike likely; question 0 tells them apart, question 1 does not
    two = Belief(
        cards=("a", "b", "c", "d"),
        trios=(("a", "b", "c"), ("a", "b", "d")),
        trio=np.array([0, 1]),
        left=np.array([3, 2]),
        right=np.array([3, 2]),
        questions=(("x", "left"), ("y", "left")),
        answers=np.array([[0, 1], [1, 1]]),
    )
    assert guess_value(np.array([0.5, 0.3, 0.2]), 0.5) == pytest.approx(0.5 + 0.15 + 0.05)
    accuse, asks = Duel(two, 0.8).decide()
    # accuse now: 1/2, else the other trio next turn if the opponent has not won (0.8)
    assert accuse == pytest.approx(0.5 + 0.5 * 0.8)
    # ask: the opponent's turn first, then a sure accusation or the same two trios
    assert asks == pytest.approx([0.8, 0.8 * 0.9])
    # an accusation that makes the opponent likelier to win next turn is worth less
    accuse, _ = Duel(two, 0.8, after_accusing=0.5).decide()
    assert accuse == pytest.approx(0.5 + 0.5 * 0.5)
    # what a wrong accusation tells the opponent taken as one more turn of his (``leak``)
    accuse, asks = Duel(two, 0.8, told=0.8).decide()
    assert accuse == pytest.approx(0.5 + 0.5 * 0.8 * 0.8)
    assert asks == pytest.approx([0.8, 0.8 * max(0.5 + 0.5 * 0.64, 0.8)])
    # three turns deep with question 1 pointless: the same values
    accuse3, asks3 = Duel(two, 0.8).decide(3)
    assert accuse3 == pytest.approx(0.9) and asks3 == pytest.approx([0.8, 0.8 * 0.9])


def test_duel_threat_is_the_opponents_exact_chance_to_be_right() -> None:
    from sleuth.games.thirteen_clues.bots.duel import belief, threat

    ready = 0.5
    chances: list[float] = []
    for seed in range(4):
        for state in _two_player_positions("deductive", seed)[-4:]:
            seat = state.turn
            view = _view(state, seat)
            mine = belief(view)
            if len(mine.trio) > 60:
                continue
            opponent = 1 - seat
            truth = frozenset(view.seats[opponent].mystery or ())
            position = thirteen_clues_position(_view(state, opponent))
            position["informants"] = {}  # the seat cannot know what he looked up
            expected = 0.0
            for t, left, right in zip(mine.trio, mine.left, mine.right, strict=True):
                # his hand in this configuration: the seat's mystery and his hidden cards
                guess = dict(position, hidden=[mine.cards[left], mine.cards[right]])
                guess["mysteries"] = {str(seat): list(mine.trios[t])}
                analysis = ThirteenCluesAnalysis(guess)
                posterior = analysis.analysis.solution_posterior()
                total = sum(count for _, count in posterior)
                top = posterior[0][1]
                tops = [
                    frozenset(analysis.model.cards[c] for c in cards)
                    for cards, count in posterior
                    if count == top
                ]
                if top >= ready * total and truth in tops:
                    expected += 1 / len(tops)
            assert threat(view, mine, ready) == pytest.approx(expected / len(mine.trio))
            chances.append(expected)
    assert len(chances) >= 4 and max(chances) > 0


def test_the_expert_duels_legally_and_the_same_from_the_same_generator() -> None:
    import random

    from sleuth.agents.levels import ladder

    spec = str(ladder(GAME)["levels"]["expert"])  # type: ignore[index]
    assert "duel=true" in spec
    game = _game(2)
    for seed in range(3):
        records = []
        for _ in range(2):
            agents = [make_agent(spec, GAME), make_agent("deductive", GAME)]
            result = play_match(game, agents, seed, bot_seeds=bot_streams(seed, 2))
            records.append([(s.seat, s.action) for s in result.steps])
        assert records[0] == records[1]
    # every choice is among the legal actions, at every position of a game
    bot = make_agent(spec, GAME)
    for state in _two_player_positions("deductive", 5):
        seat = state.turn
        legal = state.legal_actions(seat)
        assert bot.act(_view(state, seat), legal, random.Random(seed)) in legal


def test_the_bots_list_their_parameters() -> None:
    from sleuth.agents import bot_parameters

    assert bot_parameters("random", "13-clues") == {"interrupt_rate": 0.01}
    assert bot_parameters("basic", "13-clues") == {"gamble": 24, "patience": 4, "last": True}
