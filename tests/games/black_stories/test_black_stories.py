"""Black Stories Investigation: every rule of REFERENCE.md §2 with exact values."""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sleuth.agents import RandomAgent
from sleuth.arena import play_match
from sleuth.cli.main import main
from sleuth.core import (
    ConfigError,
    GameError,
    IllegalActionError,
    InvalidActionError,
    make_game,
    make_rng,
)
from sleuth.core.records import replay_record
from sleuth.games.black_stories import (
    ALL_CASES,
    DEFAULT_DECK,
    BlackStoriesInvestigation,
    BlackStoriesState,
    Draw,
    Play,
    Solve,
    audit_record,
)
from sleuth.testing import check_game
from support.json_access import as_list, as_obj, as_str
from support.streams import bot_streams

# --- helpers -------------------------------------------------------------------------------


def game(players: int = 2, **options: object) -> BlackStoriesInvestigation:
    made = make_game("bsi", players, **options)
    assert isinstance(made, BlackStoriesInvestigation)
    return made


def deal(
    g: BlackStoriesInvestigation,
    cases: list[str],
    hands: list[list[str]],
    top: list[str],
    start: int = 0,
) -> BlackStoriesState:
    """A deal whose draw pile is ``top`` and then the rest of the deck in deck order."""
    used = {*cases, *(c for h in hands for c in h), *top}
    rest = [c for c in g.deck if c not in used]
    return g.from_deal(cases, hands, [*top, *rest], start=start)


def act(state: BlackStoriesState, seat: int, text: str) -> BlackStoriesState:
    new = state.apply(seat, state.game.parse_action(text))
    assert isinstance(new, BlackStoriesState)
    return new


def snapshot(state: BlackStoriesState) -> str:
    views = [state.view(s).to_json() for s in [None, *range(state.players)]]
    return json.dumps([dict(state.reveal()), views, state.last_result()], sort_keys=True)


EVA_CASE = "woman+day+inside+knife"
EMIL_CASE = "man+night+outside+gun"


def seed_example() -> BlackStoriesState:
    """Emil (seat 0) and Eva (seat 1), as in the seed's example."""
    g = game(2)
    return deal(
        g,
        [EMIL_CASE, EVA_CASE],
        [
            ["woman+night+outside+gun", "woman+knife", "night+outside"],
            ["man+day+inside+gun", "day+inside", "man+gun"],
        ],
        ["day+inside+knife", "night+outside+gun", "man+inside+gun", "woman+outside+knife"],
    )


# --- the seed's example and scoring --------------------------------------------------------


def test_seed_example_woman_knife_goes_to_field_2_and_scores_3_plus_4() -> None:
    state = seed_example()
    state = act(state, 0, "play woman+night+outside+gun to 1")
    assert state.last_result() == "field 0/1"  # only "woman" matches
    state = act(state, 0, "draw")
    assert state.last_result() == "drew 1"
    state = act(state, 1, "play man+gun to 0")
    assert state.last_result() == "field 2"
    state = act(state, 1, "draw")
    state = act(state, 0, "play woman+knife to 1")
    assert state.last_result() == "field 2"
    assert [(p.card, p.field) for p in state.view(None).grids[1]] == [
        ("woman+night+outside+gun", "0/1"),
        ("woman+knife", "2"),
    ]
    state = act(state, 0, "solve 1 woman/knife/day/inside with 3")
    assert state.last_result() == (
        "solved woman+day+inside+knife +7 (3+4); "
        "seat 1 turns up man+inside+gun woman+outside+knife; seat 1 takes a new case"
    )
    view = state.view(0)
    assert view.scores == (7, 0)
    assert view.unused == ((1, 2), (1, 2, 3))
    assert view.grids[1] == ()
    # Grid cards, the solved case, then the smaller cards turned up meanwhile: all face up.
    assert view.discard == (
        "woman+night+outside+gun",
        "woman+knife",
        EVA_CASE,
        "man+inside+gun",
        "woman+outside+knife",
    )
    assert state.cases[1] == "man+day+inside+knife"  # the next 4-evidence card of the pile
    assert state.view(1).case == "man+day+inside+knife"
    assert view.attempts[0].success and view.attempts[0].points == 7
    state = act(state, 0, "draw")
    assert state.turn == 1 and state.phase == "play"


def test_bonus_never_goes_below_zero() -> None:
    state = game(2).from_deal(
        [EMIL_CASE, EVA_CASE],
        [
            ["woman+knife", "man+gun", "day+inside"],
            ["night+outside", "man+day+outside", "man+night+knife"],
        ],
        [
            c
            for c in DEFAULT_DECK
            if c
            not in {
                EMIL_CASE,
                EVA_CASE,
                "woman+knife",
                "man+gun",
                "day+inside",
                "night+outside",
                "man+day+outside",
                "man+night+knife",
            }
        ],
    )
    # Seven rounds: seat 0 always plays to seat 1 (7 cards there), seat 1 to seat 0.
    for _ in range(7):
        for seat in (0, 1):
            state = act(state, seat, f"play {state.hands[seat][0]} to {1 - seat}")
            state = act(state, seat, "draw")
    assert len(state.grids[1]) == 7
    state = act(state, 0, f"play {state.hands[0][0]} to 1")
    state = act(state, 0, "solve 1 woman/day/inside/knife with 2")
    assert state.last_result().startswith("solved woman+day+inside+knife +2 (2+0)")
    assert state.scores == (2, 0)


def test_solving_an_empty_grid_is_legal_and_earns_six_plus_drops() -> None:
    state = three_players(start=0)
    state = act(state, 0, "play woman+knife to 1")
    assert state.grids[2] == ()
    state = act(state, 0, "solve 2 man/day/inside/gun with 2")  # B7: no card at seat 2's grid
    assert state.last_result().startswith("solved man+day+inside+gun +8 (2+6)")
    assert state.grids[1] == (("woman+knife", "2"),)  # another seat's grid stays


@pytest.mark.parametrize(
    ("card", "field"),
    [
        ("woman+night+outside+gun", "0/1"),  # 1 match
        ("man+night+outside+gun", "0/1"),  # 0 matches
        ("woman+knife", "2"),  # a 2-evidence card with 2 matches
        ("man+gun", "0/1"),
        ("day+inside+knife", "3"),
        ("woman+day+inside+gun", "3"),  # a 4-evidence card never reaches 4
        ("man+day+outside", "0/1"),
        ("woman+night+inside", "2"),
    ],
)
def test_the_engine_places_a_card_by_its_matches(card: str, field: str) -> None:
    state = deal(game(2), ["man+day+outside+knife", EVA_CASE], [[card], []], [])
    state = act(state, 0, f"play {card} to 1")
    assert state.last_result() == f"field {field}"
    assert state.view(None).plays[-1].field == field


def test_a_failed_attempt_reveals_nothing_but_the_failure() -> None:
    state = act(seed_example(), 0, "play woman+knife to 1")
    before_case, before_grid = state.cases, state.grids
    state = act(state, 0, "solve 1 woman/day/inside/gun with 2")
    assert state.last_result() == "failed"
    assert state.cases == before_case and state.grids == before_grid
    assert state.scores == (0, 0)
    assert state.unused[0] == (1, 3)  # the card is out of the game
    attempt = state.view(None).attempts[-1]
    assert (attempt.success, attempt.points, attempt.guess) == (False, 0, "woman/day/inside/gun")
    assert state.view(None).cases is None


def test_a_failed_guess_can_be_private() -> None:
    g = game(3, guesses="private")
    state = deal(
        g,
        [EMIL_CASE, EVA_CASE, "man+day+inside+gun"],
        [["woman+knife"], ["man+gun"], ["day+inside"]],
        [],
    )
    state = act(state, 0, "play woman+knife to 1")
    state = act(state, 0, "solve 1 woman/day/inside/gun with 2")
    assert state.view(0).attempts[0].guess == "woman/day/inside/gun"
    assert state.view(1).attempts[0].guess == "woman/day/inside/gun"
    assert state.view(2).attempts[0].guess is None
    assert state.view(None).attempts[0].guess is None


# --- the turn's order and illegal actions ----------------------------------------------------


def test_step_one_is_mandatory_and_one_solve_per_turn() -> None:
    state = seed_example()
    for text, message in [
        ("solve 1 woman/day/inside/knife with 3", "play a case card first"),
        ("draw", "play a case card first"),
        ("play woman+knife to 0", "cannot play a case card to himself"),
        ("play man+gun to 1", "not in seat 0's hand"),
        ("play woman+knife to 5", "not a seat"),
    ]:
        before = snapshot(state)
        with pytest.raises(IllegalActionError, match=message):
            act(state, 0, text)
        assert snapshot(state) == before
    with pytest.raises(IllegalActionError, match="seat 0's turn"):
        act(state, 1, "play man+gun to 0")
    state = act(state, 0, "play woman+knife to 1")
    with pytest.raises(IllegalActionError, match="already"):
        act(state, 0, "play night+outside to 1")
    with pytest.raises(IllegalActionError, match="himself"):
        act(state, 0, "solve 0 man/night/outside/gun with 3")
    with pytest.raises(IllegalActionError, match="no unused 4-drop"):
        act(state, 0, "solve 1 woman/day/inside/knife with 4")
    state = act(state, 0, "solve 1 man/day/inside/knife with 3")
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match="one solve attempt per turn"):
        act(state, 0, "solve 1 woman/day/inside/knife with 2")
    assert snapshot(state) == before
    assert [str(a) for a in state.legal_actions(0)] == ["draw"]
    assert list(state.legal_actions(1)) == []


def test_each_investigation_card_is_used_once() -> None:
    state = act(seed_example(), 0, "play woman+knife to 1")
    state = act(act(state, 0, "solve 1 man/day/inside/knife with 3"), 0, "draw")
    state = act(act(state, 1, "play man+gun to 0"), 1, "draw")
    state = act(state, 0, "play night+outside to 1")
    with pytest.raises(IllegalActionError, match="no unused 3-drop"):
        act(state, 0, "solve 1 woman/day/inside/knife with 3")
    solves = [a for a in state.legal_actions(0) if isinstance(a, Solve)]
    assert {a.drops for a in solves} == {1, 2} and len(solves) == 16 * 2


@pytest.mark.parametrize(
    "text",
    [
        "",
        "play",
        "play woman+knife 1",
        "play woman+woman to 1",
        "play woman+man to 1",
        "play woman+knofe to 1",
        "solve 1 woman/day/inside with 3",
        "solve x woman/day/inside/knife with 3",
        "solve 1 woman/day/inside/knife using 3",
        "draw now",
        "play woman+knife to -1",
    ],
)
def test_malformed_actions_are_invalid(text: str) -> None:
    with pytest.raises(InvalidActionError):
        game(2).parse_action(text)


def test_notation_round_trips_and_normalizes() -> None:
    g = game(2)
    action = g.parse_action("solve 2 knife+inside+woman+day with 3")
    assert action == Solve(2, "woman/day/inside/knife", 3)
    assert str(action) == "solve 2 woman/day/inside/knife with 3"
    assert g.parse_action("PLAY knife/woman TO 1") == Play("woman+knife", 1)
    assert g.parse_action(" draw ") == Draw()
    for a in (action, Play("woman+knife", 1), Draw()):
        assert g.action_from_json(json.loads(json.dumps(a.to_json()))) == a


# --- drawing, reshuffles, the empty hand ------------------------------------------------------


def test_the_discard_is_reshuffled_when_the_new_case_draw_runs_dry() -> None:
    g = game(2)
    state = g.from_deal(
        [EMIL_CASE, EVA_CASE],
        [
            ["woman+knife", "man+gun", "day+inside"],
            ["night+outside", "man+day+outside", "man+night+knife"],
        ],
        [],
        seed=5,
    )
    assert len(state.discard) == 28 - 8  # the cards left out of the deal lie face up
    state = act(state, 0, "play woman+knife to 1")
    state = act(state, 0, "solve 1 woman/day/inside/knife with 1")
    result = state.last_result()
    assert result.startswith("solved woman+day+inside+knife +6 (1+5); reshuffled 22")
    assert result.endswith("seat 1 takes a new case")
    new_case = state.cases[1]
    assert new_case is not None and new_case.count("+") == 3
    placed = [*state.draw, *state.discard, *(c for h in state.hands for c in h), *state.cases]
    assert sorted(c for c in placed if c) == sorted(DEFAULT_DECK)
    # Smaller cards turned up meanwhile lie face up on the discard pile.
    turned = [w for part in result.split("; ") if "turns up" in part for w in part.split()[4:]]
    assert list(state.discard) == turned
    again = g.from_deal(
        [EMIL_CASE, EVA_CASE],
        [
            ["woman+knife", "man+gun", "day+inside"],
            ["night+outside", "man+day+outside", "man+night+knife"],
        ],
        [],
        seed=5,
    )
    again = act(act(again, 0, "play woman+knife to 1"), 0, "solve 1 woman/day/inside/knife with 1")
    assert again.last_result() == result and again.draw == state.draw  # seeded, so exact


def test_the_draw_reshuffles_and_an_empty_hand_skips_step_one() -> None:
    small = ("woman+knife", "man+gun", "night+outside", "day+inside")
    deck = (EMIL_CASE, EVA_CASE, "man+day+inside+gun", "woman+night+outside+knife", *small)
    for without_play in (True, False):
        g = game(2, deck=",".join(deck), solve_without_play=without_play)
        state = g.from_deal(
            [EMIL_CASE, EVA_CASE],
            [
                ["man+day+inside+gun", "woman+knife", "man+gun"],
                ["woman+night+outside+knife", "night+outside", "day+inside"],
            ],
            [],
        )
        for _ in range(3):
            for seat in (0, 1):
                state = act(state, seat, f"play {state.hands[seat][0]} to {1 - seat}")
                state = act(state, seat, "draw")
                assert state.last_result() == "drew 0"  # both piles empty: the hand shrinks
        assert state.hands == ((), ())
        # B3: nothing to play; the turn starts at the solve (or, if not allowed, the draw).
        assert state.phase == ("solve" if without_play else "draw")
        kinds = Counter(a.kind for a in state.legal_actions(0))
        assert kinds == (Counter(solve=48, draw=1) if without_play else Counter(draw=1))
        if without_play:
            state = act(state, 0, "solve 1 woman/day/inside/knife with 3")
            assert state.last_result().startswith(
                "solved woman+day+inside+knife +6 (3+3); reshuffled 4"
            )
            state = act(state, 0, "draw")
            assert state.last_result().endswith("drew 3") and len(state.hands[0]) == 3


B4_FULL = (EMIL_CASE, EVA_CASE, "man+day+inside+gun", "woman+night+outside+knife")
B4_SMALL = tuple(c for c in DEFAULT_DECK if c.count("+") < 3)[:10]


def _b4_deal() -> BlackStoriesState:
    """Seat 2 without a case, the small cards in hands and piles, no 4-evidence card left."""
    s = B4_SMALL
    return game(3, deck=",".join((*B4_FULL, *B4_SMALL))).from_deal(
        [EMIL_CASE, EVA_CASE, None],
        [[B4_FULL[3], s[0], s[1]], [B4_FULL[2], s[2], s[3]], [s[4], s[5], s[6]]],
        [s[7], s[8], s[9]],
    )


def test_a_seat_without_a_case_cannot_be_targeted_and_retries_each_turn() -> None:
    s = B4_SMALL
    state = _b4_deal()
    assert state.view(None).has_case == (True, True, False)
    assert {a.target for a in state.legal_actions(0) if isinstance(a, Play)} == {1}
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match="seat 2 has no case"):
        act(state, 0, f"play {s[0]} to 2")
    assert snapshot(state) == before
    state = act(act(state, 0, f"play {s[0]} to 1"), 0, "draw")
    state = act(state, 1, f"play {s[2]} to 0")
    with pytest.raises(IllegalActionError, match="seat 2 has no case"):
        act(state, 1, "solve 2 man/day/inside/gun with 3")
    state = act(state, 1, "draw")
    # B4: no 4-evidence card in the draw or discard pile, so the retry finds none.
    assert state.last_result() == "drew 1; seat 2 has no case"
    assert state.turn == 2 and state.phase == "play"


def test_legal_lists_shared_by_states_keep_the_order_of_the_rules() -> None:
    """Plays and solve attempts are made once per game: each state still lists exactly its
    own, hand order then target order, and target, guess, investigation card for solves."""
    state = _b4_deal()
    guesses = [case.replace("+", "/") for case in ALL_CASES]
    for seat, target in ((0, 1), (1, 0), (2, 0)):  # seat 2 has no case: none can target it
        targets = [t for t in (0, 1) if t != seat]
        hand = state.hands[seat]
        assert list(state.legal_actions(seat)) == [Play(c, t) for c in hand for t in targets]
        state = act(state, seat, f"play {hand[0]} to {target}")
        drops = state.unused[seat]
        expected = [Solve(t, guess, d) for t in targets for guess in guesses for d in drops]
        assert list(state.legal_actions(seat)) == [*expected, Draw()]
        state = act(state, seat, f"solve {target} man/day/outside/gun with 2")  # a failure
        assert list(state.legal_actions(seat)) == [Draw()]
        state = act(state, seat, "draw")
    assert state.unused == ((1, 3),) * 3


def test_a_seat_without_a_case_takes_one_when_a_full_card_is_free() -> None:
    g = game(3, deck=",".join((*B4_FULL, *B4_SMALL)))
    s = B4_SMALL
    state = g.from_deal(  # man+day+inside+gun is left out of the deal: it lies face up
        [EMIL_CASE, EVA_CASE, None],
        [[B4_FULL[3], s[0], s[1]], [s[2], s[3], s[4]], [s[5], s[6], s[7]]],
        [s[8], s[9]],
    )
    assert state.discard == ("man+day+inside+gun",)
    state = act(act(state, 0, f"play {s[0]} to 1"), 0, "draw")
    state = act(act(state, 1, f"play {s[2]} to 0"), 1, "draw")
    assert state.last_result() == "drew 1; reshuffled 1; seat 2 takes a new case"
    assert state.cases[2] == "man+day+inside+gun" and state.view(2).case == state.cases[2]
    assert state.view(None).has_case == (True, True, True)


def test_point_chips_can_run_out() -> None:
    state = seed_example()
    g = game(2, point_chips=5)
    state = g.from_deal([EMIL_CASE, EVA_CASE], [list(h) for h in state.hands], list(state.draw))
    state = act(state, 0, "play woman+knife to 1")
    state = act(state, 0, "solve 1 woman/day/inside/knife with 3")
    assert state.last_result().startswith("solved woman+day+inside+knife +5 (3+5, 3 short)")
    assert state.scores == (5, 0) and state.view(None).pool == 0


# --- the end -------------------------------------------------------------------------------------


def play_turn(state: BlackStoriesState, solve: str | None) -> BlackStoriesState:
    seat = state.turn
    target = (seat + 1) % state.players
    state = act(state, seat, f"play {state.hands[seat][0]} to {target}")
    if solve:
        state = act(state, seat, solve.format(target=target))
    return act(state, seat, "draw")


def three_players(start: int) -> BlackStoriesState:
    g = game(3)
    return deal(
        g,
        [EMIL_CASE, EVA_CASE, "man+day+inside+gun"],
        [
            ["woman+knife", "man+gun", "day+inside"],
            ["night+outside", "man+day+outside", "man+night+knife"],
            ["woman+day+gun", "man+inside+gun", "woman+night+inside"],
        ],
        [],
        start=start,
    )


def test_the_third_investigation_card_finishes_the_round() -> None:
    wrong = "solve {target} woman/night/inside/gun with "
    state = three_players(start=0)
    for drops in (1, 2):
        state = play_turn(state, wrong + str(drops))  # seat 0
        state = play_turn(state, None)  # seat 1
        state = play_turn(state, None)  # seat 2
    state = play_turn(state, None)  # seat 0 passes up a solve this round
    state = act(state, 1, f"play {state.hands[1][0]} to 2")
    state = act(state, 1, "solve 2 woman/night/inside/gun with 1")  # seat 1's first card
    assert state.last_result() == "failed" and not state.final
    state = act(state, 1, "draw")
    state = play_turn(state, None)  # seat 2
    state = play_turn(state, wrong + "3")  # seat 0, the start player: its third card
    assert state.unused[0] == () and state.turn == 1
    assert state.final and state.outcome is None
    assert "final round" in state.view(None).render()
    state = play_turn(state, None)  # seat 1
    assert state.outcome is None
    state = play_turn(state, None)  # seat 2, the last seat before the start player
    assert state.outcome is not None
    assert state.outcome.reason == "final round complete"
    assert state.outcome.scores == (0, 0, 0) and state.outcome.winners == (0, 1, 2)
    assert state.last_result().endswith(
        f"over: cases 0={EMIL_CASE} 1={EVA_CASE} 2=man+day+inside+gun"
    )
    assert state.view(2).cases == (EMIL_CASE, EVA_CASE, "man+day+inside+gun")


def test_a_trigger_in_the_last_seats_turn_ends_the_game_at_once() -> None:
    state = three_players(start=1)  # seat 0 is the last seat of the round
    for drops in (1, 2, 3):
        state = play_turn(state, None)  # seat 1
        state = play_turn(state, None)  # seat 2
        assert state.outcome is None
        state = act(state, 0, f"play {state.hands[0][0]} to 1")
        state = act(state, 0, f"solve 1 woman/night/inside/gun with {drops}")
        assert state.last_result() == ("failed; final round" if drops == 3 else "failed")
        state = act(state, 0, "draw")
    assert state.outcome is not None and state.turn == 0
    assert state.last_result().startswith("drew 1; over: cases")


def test_ties_share_the_win() -> None:
    state = seed_example()
    state = act(state, 0, "play woman+knife to 1")
    state = act(act(state, 0, "solve 1 woman/day/inside/knife with 1"), 0, "draw")
    state = act(state, 1, "play man+gun to 0")
    state = act(act(state, 1, "solve 0 man/night/outside/gun with 1"), 1, "draw")
    assert state.scores == (6, 6)
    for drops in (2, 3):
        for _ in (0, 1):
            case = state.cases[1 - state.turn]
            assert case is not None
            guess = (
                "man/day/inside/knife" if case != "man+day+inside+knife" else "man/day/inside/gun"
            )
            state = play_turn(state, f"solve {{target}} {guess} with {drops}")
    assert state.outcome is not None
    assert state.outcome.winners == (0, 1) and state.outcome.scores == (6, 6)


# --- views -----------------------------------------------------------------------------------


def test_a_seat_sees_its_own_case_and_hand_and_nobody_elses() -> None:
    state = seed_example()
    view = state.view(0)
    assert view.case == EMIL_CASE and view.hand == state.hands[0]
    # The config names every card of the deck; the rest of the view names only what it shows.
    assert view.config == state.game.config
    text = json.dumps({k: v for k, v in view.to_json().items() if k != "config"})
    assert EVA_CASE not in text and "man+day+inside+gun" not in text
    spectator = json.dumps({k: v for k, v in state.view(None).to_json().items() if k != "config"})
    assert EVA_CASE not in spectator and EMIL_CASE not in spectator
    assert "woman+knife" not in spectator and state.view(None).hand is None
    assert state.view(None).hand_sizes == (3, 3) and state.view(None).draw_size == 20
    with pytest.raises(ValueError, match="not a seat"):
        state.view(2)


# --- configuration ---------------------------------------------------------------------------


def test_options_and_bad_configs() -> None:
    names = [o.name for o in BlackStoriesInvestigation.options()]
    assert names == ["start", "guesses", "solve_without_play", "point_chips", "deck"]
    # Each option names its source in the rules reference for developers, apart from the
    # help players read.
    sources = {
        f.name: f.metadata["reference"]
        for f in dataclasses.fields(BlackStoriesInvestigation.config_type)
        if f.name in names
    }
    assert sources == {
        "start": "2.3",
        "guesses": "2.6",
        "solve_without_play": "B3",
        "point_chips": "B2",
        "deck": "B1, Appendix B",
    }
    with pytest.raises(ConfigError, match="deck"):
        game(2, deck="woman+knife,man+gun")
    with pytest.raises(ConfigError, match="deck"):
        game(2, deck="woman+knife,woman+knife")
    with pytest.raises(ConfigError, match="deck"):
        game(2, deck="woman+knofe")
    with pytest.raises(ConfigError, match="point_chips"):
        game(2, point_chips=-1)
    with pytest.raises(ConfigError, match="2-4 players"):
        game(5)
    with pytest.raises(ConfigError, match="start"):
        game(2, start="oldest")
    assert make_game("black-stories-investigation", 3) == game(3)


def test_seat0_start_and_random_start() -> None:
    assert {game(4).new(seed).start for seed in range(20)} == {0, 1, 2, 3}
    assert {game(4, start="seat0").new(seed).start for seed in range(5)} == {0}


def test_the_deal_gives_everyone_a_full_case_and_three_cards() -> None:
    for seed in range(20):
        state = game(4).new(seed)
        assert all(c is not None and c.count("+") == 3 for c in state.cases)
        assert [len(h) for h in state.hands] == [3, 3, 3, 3]
        assert len(state.draw) == 28 - 16 and state.discard == ()
        assert state.phase == "play" and state.turn == state.start


# --- conformance, properties, records ------------------------------------------------------


@pytest.mark.parametrize("players", [2, *(pytest.param(n, marks=pytest.mark.slow) for n in (3, 4))])
def test_conformance(players: int) -> None:
    report = check_game(game(players), seeds=range(15))
    assert report.games == 15 and report.twins_checked > 0 and report.illegal_checked > 0
    assert report.replays_checked == 15


def test_conformance_with_options() -> None:
    g = game(3, guesses="private", start="seat0", point_chips=10, solve_without_play=False)
    report = check_game(g, seeds=range(5))
    assert report.twins_checked > 0 and report.replays_checked == 5


def test_the_no_leak_check_catches_a_shown_case_or_a_private_guess(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import dataclasses

    from sleuth.games.black_stories import rules

    honest = rules.build_view

    def leaky(state: BlackStoriesState, seat: int | None) -> object:
        return dataclasses.replace(honest(state, seat), cases=state.cases)

    monkeypatch.setattr(rules, "build_view", leaky)
    with pytest.raises(AssertionError, match="LEAK"):
        check_game(game(3), seeds=range(2))

    def shows_guesses(state: BlackStoriesState, seat: int | None) -> object:
        view = honest(state, seat)
        attempts = tuple(
            dataclasses.replace(v, guess=a.guess)
            for v, a in zip(view.attempts, state.attempts, strict=True)
        )
        return dataclasses.replace(view, attempts=attempts)

    monkeypatch.setattr(rules, "build_view", shows_guesses)
    with pytest.raises(AssertionError, match="LEAK"):
        check_game(game(3, guesses="private"), seeds=range(3))


def conserved(state: BlackStoriesState) -> list[str]:
    cards = [*state.draw, *state.discard, *(c for h in state.hands for c in h)]
    cards += [c for c in state.cases if c] + [c for g in state.grids for c, _ in g]
    return sorted(cards)


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 4), st.integers(0, 10**6))
def test_invariants_over_random_playouts(players: int, seed: int) -> None:
    g = game(players)
    state = g.new(seed)
    rng = make_rng(seed, "property")
    masks = g.masks
    while state.outcome is None:
        assert conserved(state) == sorted(g.deck)
        assert all(len(h) <= 3 for h in state.hands)
        for target, grid in enumerate(state.grids):
            case = state.cases[target]
            for card, field in grid:
                assert case is not None
                matches = (masks[card] & masks[case]).bit_count()
                assert field == ("0/1" if matches <= 1 else str(matches))
        assert sum(state.scores) == sum(a.points for a in state.attempts)
        legal = state.legal_actions(state.turn)
        new = state.apply(state.turn, legal[rng.randrange(len(legal))])
        assert isinstance(new, BlackStoriesState)
        state = new
    assert state.outcome.reason == "final round complete"
    assert any(not unused for unused in state.unused)  # someone played his third card


def test_what_it_must_show_at_small_scale() -> None:
    g = game(4)
    for number in range(30):
        seed = 3000 + number
        result = play_match(
            g, [RandomAgent() for _ in range(4)], seed, bot_seeds=bot_streams(seed, 4)
        )
        assert result.outcome.reason == "final round complete"
        record = json.loads(json.dumps(result.record))
        replay = replay_record(record)
        assert replay.final is not None
        assert replay.final.outcome == result.outcome
        assert audit_record(record) == []


def test_every_placement_agrees_with_the_cases_in_the_reveal() -> None:
    """The reveal lists every case each seat held; a case changes only when it is solved."""
    fields = {0: "field 0/1", 1: "field 0/1", 2: "field 2", 3: "field 3"}
    for number in range(30):
        seed = 5000 + number
        agents = [RandomAgent() for _ in range(4)]
        record = play_match(game(4), agents, seed, bot_seeds=bot_streams(seed, 4)).record
        held = [
            [as_str(c) for c in as_list(h)] for h in as_list(as_obj(record["reveal"])["cases_held"])
        ]
        solved = [0] * 4
        checked = 0
        for step in as_list(record["steps"]):
            _, raw_action, raw_result = as_list(step)
            action, result = as_str(raw_action), as_str(raw_result)
            words = action.split()
            if words[0] == "play":
                card, target = words[1], int(words[3])
                case = held[target][solved[target]]
                matches = len(set(card.split("+")) & set(case.split("+")))
                assert result == fields[matches], (action, case)
                checked += 1
            elif words[0] == "solve" and result.startswith("solved"):
                solved[int(words[1])] += 1
        assert [len(h) for h in held] == [n + 1 for n in solved]
        assert checked > 0


def test_the_audit_catches_a_misplaced_card() -> None:
    g = game(2)
    result = play_match(g, [RandomAgent(), RandomAgent()], 11, bot_seeds=bot_streams(11, 2))
    record = json.loads(json.dumps(result.record))
    index = next(i for i, s in enumerate(record["steps"]) if s[1].startswith("play"))
    fields = ["field 0/1", "field 2", "field 3"]
    record["steps"][index][2] = fields[(fields.index(record["steps"][index][2]) + 1) % 3]
    assert any(f"step {index + 1}:" in p for p in audit_record(record))


def test_simulate_and_replay_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["simulate", "bsi", "--players", "4", "--games", "6", "--seed", "3"]
    assert main([*args, "--record-dir", str(tmp_path)]) == 0
    records = sorted(tmp_path.glob("*.json"))
    assert len(records) == 6
    assert main(["replay", *map(str, records)]) == 0
    assert capsys.readouterr().out.count(": ok, ") == 6
    assert main(["games"]) == 0
    assert "black-stories-investigation (also: bsi, black-stories)" in capsys.readouterr().out


# --- review: malformed actions applied directly ---------------------------------------------------


@pytest.mark.parametrize(
    "action",
    [
        Play("woman+knife", "1"),  # type: ignore[arg-type]  # a str seat on purpose
        Play("knife+woman", 1),
        Solve(1, "woman/day/inside", 3),
        Solve(1, "woman/day/inside/knife", True),
    ],
)
def test_a_malformed_action_applied_directly_is_invalid(action: Play | Solve) -> None:
    state = seed_example()
    if isinstance(action, Solve):
        state = act(state, state.turn, f"play {state.hands[state.turn][0]} to 1")
    before = snapshot(state)
    with pytest.raises(InvalidActionError):
        state.apply(state.turn, action)
    assert snapshot(state) == before


@pytest.mark.parametrize("seat", [2, -1, "0", 1.0])
def test_a_view_of_no_seat_is_a_game_error(seat: object) -> None:
    state = seed_example()
    with pytest.raises(GameError):  # seats of the wrong type are part of the test
        state.view(seat)  # type: ignore[arg-type]


def test_a_malformed_action_stays_invalid_after_its_well_formed_twin_was_applied() -> None:
    # The game remembers the notation texts it parsed; True == 1 must not slip through.
    state = seed_example()
    state = act(state, state.turn, f"play {state.hands[state.turn][0]} to 1")
    good = state.apply(state.turn, Solve(1, "woman/day/inside/knife", 1))
    assert good is not state
    with pytest.raises(InvalidActionError):
        state.apply(state.turn, Solve(1, "woman/day/inside/knife", True))
