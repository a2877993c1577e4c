"""Alibi (REFERENCE.md §3): scenario tests for every rule, conformance, and random playouts."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sleuth.agents import RandomAgent
from sleuth.agents.random_agent import split_drastic
from sleuth.arena import play_match
from sleuth.cli.main import main
from sleuth.core import (
    ConfigError,
    GameError,
    IllegalActionError,
    InvalidActionError,
    derive_seed,
    make_game,
    make_rng,
)
from sleuth.core.records import replay_record
from sleuth.games.alibi import Alibi, AlibiState, AlibiView, Convict, Exchange, PlayAlibi, PlayClue
from sleuth.games.alibi.components import VALUES
from sleuth.games.alibi.rules import AlibiEnd
from sleuth.testing.harness import check_game
from support.narrow import narrow
from support.streams import bot_streams

SUSPECTS = ("S01", "S02", "S03", "S04")
PILE_REST = ("S05", "S06", "S07", "S08", "S09", "S10", "S11", "S12")
FILLER = ("plain",) * 2 + ("striped",) * 2  # fits none of S01-S04 but S03 (striped)


def game(players: int = 2, **options: object) -> Alibi:
    made = make_game("alibi", players, **options)
    assert isinstance(made, Alibi)
    return made


def deal(
    hands: list[list[str]],
    pile: list[str] | None = None,
    players: int = 2,
    display: tuple[str, ...] = SUSPECTS,
    **options: object,
) -> AlibiState:
    g = game(players, **options)
    rest = [s for s in g.suspect_ids if s not in display]
    # Plenty of filler clues at the bottom so that draws never run out unless a test wants it.
    full_pile = ["dotted"] * 20 + list(reversed(pile or []))
    return g.from_deal(display, rest, hands, full_pile, start=0, seed=1)


def play(state: AlibiState, *moves: str) -> AlibiState:
    for text in moves:
        seat = state.active
        state = state.apply(seat, state.game.parse_action(text))
    return state


def turn(state: AlibiState, main: str, after: str = "pass") -> AlibiState:
    return play(state, main, after)


# --- the seed's scoring example (Hans) -----


def _hans_table(hans_convicts: bool, **options: object) -> AlibiState:
    # Hans is seat 0; S01 = female thin long newspaper glasses, the seed's example suspect.
    state = deal(
        [["long", "long", "male", "short"], ["female", "thin", "glasses", "plain"]],
        pile=["newspaper", "plain", "plain", "plain", "plain", "plain", "plain", "plain"],
        players=2,
        display=SUSPECTS,
        **options,
    )
    state = turn(state, "play long")  # Hans draws newspaper
    state = turn(state, "play female")
    state = turn(state, "play long")
    state = turn(state, "play thin")
    state = turn(state, "play male")
    if hans_convicts:
        state = turn(state, "play glasses")
        state = turn(state, "play short")
        state = turn(state, "exchange plain")
        assert state.coverage("S01") == ("female", "thin", "long", "glasses")
        return play(state, "play newspaper")
    state = turn(state, "exchange plain")
    state = turn(state, "play newspaper")
    state = turn(state, "exchange plain")
    state = turn(state, "play short")
    assert state.coverage("S01") == ("female", "thin", "long", "newspaper")
    return play(state, "play glasses")


def test_seed_example_hans_scores_three_without_the_bonus() -> None:
    state = _hans_table(hans_convicts=False)
    conviction = state.convictions[-1]
    assert (conviction.suspect, conviction.how, conviction.convicter) == ("S01", "clues", 1)
    assert conviction.points == (3, 4)  # Hans: 2 x long + newspaper; seat 1: 3 + bonus
    assert state.scores == (3, 4)
    assert "convicted S01 (clues) by seat 1: points 3,4" in state.last_result()


def test_seed_example_hans_scores_four_with_the_bonus() -> None:
    state = _hans_table(hans_convicts=True)
    conviction = state.convictions[-1]
    assert (conviction.suspect, conviction.convicter, conviction.points) == ("S01", 0, (4, 3))
    assert conviction.evidence == ("female", "thin", "long", "glasses", "newspaper")


def test_claimed_conviction_goes_to_who_claims_it() -> None:
    # REFERENCE C3, seed 003: "Überführen - oder merken" may be done by the player whose turn
    # it is; normally the one who laid the deciding card, and if he overlooks it the next.
    state = _hans_table(hans_convicts=False, conviction="claim")
    assert state.coverage("S01") == ("female", "thin", "long", "glasses", "newspaper")
    assert state.convictions == () and state.active == 1 and state.phase == "swap"
    assert Convict("S01") in state.legal_actions(1)
    claimed = play(state, "convict S01")
    conviction = claimed.convictions[-1]
    assert (conviction.suspect, conviction.how, conviction.convicter) == ("S01", "clues", 1)
    assert conviction.points == (3, 4) and claimed.phase == "swap"  # the turn goes on
    # Seat 1 overlooks it: Hans may claim it at his turn, and the bonus is his.
    overlooked = play(state, "pass")
    assert overlooked.active == 0 and overlooked.convictions == ()
    assert Convict("S01") in overlooked.legal_actions(0)
    hans = play(overlooked, "convict S01")
    assert hans.convictions[-1].convicter == 0 and hans.convictions[-1].points == (4, 3)
    assert hans.phase == "main" and hans.active == 0  # then his own turn
    with pytest.raises(IllegalActionError, match="nothing to claim"):
        play(hans, "convict S05")


def test_automatic_conviction_offers_no_claim() -> None:
    state = _hans_table(hans_convicts=False)
    assert state.convictions[-1].convicter == 1
    assert not any(isinstance(a, Convict) for a in state.legal_actions(state.active))


def test_a_clue_must_fit_a_displayed_suspect_unless_the_option_says_no() -> None:
    # keirat: "Die Karte muß auf mindestens einen der vier Verdächtigen zutreffen" (C5).
    hands = [["plain", "male", "male", "male"], ["male"] * 4]
    strict = deal(hands, display=("S01", "S02", "S03", "S04"))  # no displayed suspect is plain
    assert PlayClue("plain") not in strict.legal_actions(0)
    with pytest.raises(IllegalActionError, match="fits none of the displayed suspects"):
        play(strict, "play plain")
    free = deal(hands, display=("S01", "S02", "S03", "S04"), clues_must_fit=False)
    assert PlayClue("plain") in free.legal_actions(0)
    assert play(free, "play plain").fronts[0] == ("plain",)


def test_conviction_replaces_the_suspect_and_reshuffles_everything() -> None:
    state = _hans_table(hans_convicts=True)
    assert state.display == ("S05", "S02", "S03", "S04")
    assert state.suspect_pile == PILE_REST[1:]
    assert state.fronts == ((), ()) and state.alibis == () and state.discard == ()
    in_hands = sum(len(h) for h in state.hands)
    assert len(state.pile) + in_hands == 20 + 8 + 8  # every card back in play
    assert state.phase == "swap" and state.active == 0 and len(state.hands[0]) == 4
    assert "revealed S05" in state.last_result() and "reshuffled" in state.last_result()


# --- playing clues, exchanging, swapping -----


def test_a_clue_must_fit_a_displayed_suspect() -> None:
    state = deal([["plain", "long", "male", "short"], ["female"] * 4])
    assert "play plain" not in [str(a) for a in state.legal_actions(0)]
    before = state.view(0)
    with pytest.raises(IllegalActionError, match="fits none"):
        state.apply(0, state.game.parse_action("play plain"))
    assert state.view(0) == before


def test_a_clue_may_fit_only_an_alibied_suspect() -> None:
    # C6: S03 is the only displayed suspect that is striped; an alibi on it does not matter.
    state = deal([["alibi", "striped", "male", "short"], ["female"] * 4])
    state = turn(state, "alibi S03")
    state = turn(state, "play female")
    assert "play striped" in [str(a) for a in state.legal_actions(0)]


def test_play_draws_one_and_then_the_swap_is_optional() -> None:
    state = deal([["long", "male", "short", "female"], ["female"] * 4], pile=["knife", "bag"])
    state = play(state, "play long")
    assert state.phase == "swap" and state.hands[0] == ("male", "female", "short", "knife")
    assert [str(a) for a in state.legal_actions(0)][-1] == "pass"
    state = play(state, "swap male")
    assert state.hands[0] == ("female", "short", "knife", "bag")
    assert state.discard == ("male",) and state.active == 1 and state.phase == "main"


def test_exchange_one_to_four_cards() -> None:
    state = deal([["long", "long", "male", "bribe"], ["female"] * 4], pile=["knife", "bag"])
    exchanges = [str(a) for a in state.legal_actions(0) if a.kind == "exchange"]
    assert "exchange male+long+long+bribe" in exchanges and "exchange long" in exchanges
    assert len(exchanges) == len(set(exchanges)) == 11  # distinct sub-multisets
    state = play(state, "exchange long+bribe")
    assert state.hands[0] == ("male", "long", "knife", "bag")
    assert state.discard == ("long", "bribe") and state.fronts == ((), ())
    with pytest.raises(IllegalActionError, match="cannot exchange"):
        play(deal([["long"] * 4, ["female"] * 4]), "exchange male")
    with pytest.raises(InvalidActionError, match="at most 4"):
        game().parse_action("exchange long+long+long+long+long")


def test_drawing_from_an_empty_pile_reshuffles_the_discard() -> None:
    g = game()
    state = g.from_deal(SUSPECTS, PILE_REST, [["long"] * 4, ["female"] * 4], ["bag"], 0, seed=3)
    before = state
    state = play(state, "exchange long+long")  # draws bag, then the discard (long, long)
    assert state.private_result() == "discard reshuffled (2); drew 2"
    # The exchanged cards went back into the pile unseen, and with them how many they were.
    assert state.last_result() == "discard reshuffled (?); drew ?"
    assert before.public_action(0, narrow(Exchange, g.parse_action("exchange long+long"))) == (
        "exchange ?"
    )
    assert before.public_action(0, narrow(Exchange, g.parse_action("exchange long"))) == (
        "exchange long"
    )
    assert sorted(state.hands[0]) == ["bag", "long", "long", "long"]
    assert state.pile == ("long",) and state.discard == ()


# --- special cards -----


def test_bribe_discards_a_clue_in_front_of_a_fellow_player() -> None:
    state = deal([["bribe", "long", "male", "short"], ["female", "thin", "bag", "bag"]])
    state = turn(state, "play long")
    state = turn(state, "play female")
    legal = [str(a) for a in state.legal_actions(0)]
    assert "bribe 1 female" in legal and not any(a.startswith("bribe 0") for a in legal)
    with pytest.raises(IllegalActionError, match="not a fellow player"):
        state.apply(0, state.game.parse_action("bribe 0 long"))
    with pytest.raises(IllegalActionError, match="no thin clue"):
        state.apply(0, state.game.parse_action("bribe 1 thin"))
    state = play(state, "bribe 1 female")
    assert state.fronts == (("long",), ()) and state.discard[-2:] == ("bribe", "female")


def test_alibi_blocks_conviction_and_three_alibis_convict_the_fourth() -> None:
    state = deal(
        [["alibi", "alibi", "female", "thin"], ["alibi", "long", "newspaper", "glasses"]],
        pile=["plain"] * 6,
    )
    state = turn(state, "alibi S01")
    state = turn(state, "play long")
    state = turn(state, "play female")
    state = turn(state, "play newspaper")
    state = turn(state, "play thin")
    state = play(state, "play glasses")  # all five of S01, but S01 has an alibi
    assert not state.convictions and len(state.coverage("S01")) == 5
    state = play(state, "pass")
    state = turn(state, "alibi S02")
    state = play(state, "alibi S03")  # seat 1 lays the third alibi: S04 is convicted (C9)
    conviction = state.convictions[-1]
    assert (conviction.suspect, conviction.how, conviction.convicter) == ("S04", "alibis", 1)
    # S04 = male thin long dotted bag: seat 0 has thin, seat 1 has long, + bonus for seat 1.
    assert conviction.points == (1, 2)
    with pytest.raises(IllegalActionError, match="is cleared already"):
        play(
            deal([["alibi", "alibi", "long", "long"], ["long"] * 4]),
            "alibi S01",
            "pass",
            "play long",
            "pass",
            "alibi S01",
        )


def test_good_eye_plays_two_more_cards_then_refills() -> None:
    state = deal([["goodeye", "long", "male", "short"], ["female"] * 4], pile=["bag", "bag", "bag"])
    state = play(state, "goodeye")
    assert state.phase == "extra" and state.extra == 2
    assert "exchange" not in {a.kind for a in state.legal_actions(0)}
    state = play(state, "play long", "play male")
    assert state.phase == "swap" and state.hands[0] == ("short", "bag", "bag", "bag")
    assert state.fronts[0] == ("long", "male") and state.discard == ("goodeye",)


def test_good_eye_chains_and_may_stop_early() -> None:
    hands = [["goodeye", "goodeye", "long", "male"], ["female"] * 4]
    state = play(deal(hands), "goodeye", "goodeye")
    assert state.extra == 3  # one extra play used by the second Gutes Auge, two granted
    state = play(state, "play long", "pass")
    assert state.phase == "swap" and state.fronts[0] == ("long",)
    state = play(deal(hands, good_eye_chain=False), "goodeye", "goodeye")
    assert state.extra == 1


def test_two_suspects_completed_at_once_the_player_chooses() -> None:
    # S04 = male thin long dotted bag, S10 = male thin long knife newspaper.
    display = ("S04", "S10", "S02", "S03")
    state = deal(
        [["male", "thin", "long", "dotted"], ["knife", "bag", "newspaper", "plain"]],
        display=display,
    )
    for first in ("play male", "play knife", "play thin", "play bag", "play dotted"):
        state = turn(state, first)
    state = play(state, "play newspaper")
    assert state.convictions == ()
    state = play(state, "pass")
    state = play(state, "play long")
    assert state.phase == "convict" and set(state.candidates) == {"S04", "S10"}
    assert [str(a) for a in state.legal_actions(0)] == ["convict S04", "convict S10"]
    with pytest.raises(IllegalActionError, match="not convicted now"):
        state.apply(0, state.game.parse_action("convict S02"))
    state = play(state, "convict S10")
    assert state.convictions[-1].suspect == "S10" and state.convictions[-1].points == (4, 2)


# --- the end, ties, the stall resolution -----


def test_the_game_ends_after_the_last_conviction_and_ties_share() -> None:
    # Five suspects: 5 - 4 + 1 = 2 convictions end the game.
    suspects = (
        "S01=female+thin+long+newspaper+glasses",
        *[f"T{i}=male+fat+short+revolver+umbrella" for i in range(1, 5)],
    )
    g = game(2, suspects=",".join(suspects), round_limit=1)
    assert g.total_convictions == 2
    state = g.from_deal(
        ("S01", "T1", "T2", "T3"), ("T4",), [["male"] * 4, ["male"] * 4], ["male"] * 10, 0, seed=2
    )
    state = play(state, "play male", "pass")  # stall after one turn: T1..T3 tie, T1 first
    assert state.convictions[-1][:4] == (1, "T1", "stall", None)
    assert state.convictions[-1].points == (1, 0) and state.display[1] == "T4"
    state = play(state, "play male", "pass")
    assert state.outcome is not None and state.phase == "over"
    assert state.outcome.scores == (1, 1) and state.outcome.winners == (0, 1)
    assert state.outcome.reason is AlibiEnd.CONVICTIONS
    assert state.legal_actions(0) == [] and state.actors() == frozenset()


# --- views, notation, config -----


def test_views_hide_hands_and_pile_order() -> None:
    state = game(3).new(11)
    spectator = state.view(None)
    assert spectator.hand is None and spectator.draw_pile_size == len(state.pile)
    for seat in range(3):
        view = state.view(seat)
        assert view.hand == state.hands[seat]
        text = json.dumps(view.to_json())
        assert 'pile"' not in text.replace("draw_pile_size", "").replace("suspect_pile_size", "")
        assert state.game.view_from_json(json.loads(text)) == view
    assert isinstance(spectator, AlibiView) and "hand: (hidden)" in spectator.render()


def test_notation_round_trips_and_rejects_malformed_text() -> None:
    g = game()
    for text in (
        "play long",
        "alibi S03",
        "bribe 2 male",
        "goodeye",
        "exchange long+bag",
        "convict S12",
        "swap knife",
        "pass",
    ):
        assert str(g.parse_action(text)) == text
    assert str(g.parse_action("exchange bag+long")) == "exchange long+bag"
    for bad in (
        "",
        "play",
        "play purple",
        "alibi S99",
        "bribe x male",
        "swap",
        "pass now",
        "play 99 99 99 99",
    ):
        with pytest.raises(InvalidActionError):
            g.parse_action(bad)


def test_illegal_actions_leave_the_state_unchanged() -> None:
    state = deal([["long", "male", "short", "female"], ["female"] * 4])
    before = (state.view(None), state.reveal(), state.hands)
    for seat, text in (
        (1, "play female"),
        (0, "swap long"),
        (0, "convict S01"),
        (0, "alibi S01"),
        (0, "pass"),
        (5, "play long"),
    ):
        with pytest.raises(IllegalActionError):
            state.apply(seat, state.game.parse_action(text))
    assert (state.view(None), state.reveal(), state.hands) == before


def test_config_errors_name_the_field() -> None:
    with pytest.raises(ConfigError, match="suspects"):
        game(2, suspects="S01=female+thin")
    with pytest.raises(ConfigError, match="clues"):
        game(2, clues="purple=3")
    with pytest.raises(ConfigError, match="alibis"):
        game(2, alibis=4)
    with pytest.raises(ConfigError, match="players"):
        game(6)
    assert game(2, bribes=1, good_eyes=4).deck.count("goodeye") == 4


# --- conformance and random playouts -----

SMALL = {
    "suspects": "S01=female+thin+long+newspaper+glasses,S02=male+fat+short+revolver+umbrella,"
    "S03=female+fat+short+striped+knife,S04=male+thin+long+dotted+bag,"
    "S05=female+thin+short+revolver+bag,S06=male+fat+long+plain+glasses"
}


@pytest.mark.parametrize(
    "players", [2, *(pytest.param(n, marks=pytest.mark.slow) for n in (3, 4, 5))]
)
def test_conformance_small_data(players: int) -> None:
    report = check_game(make_game("alibi", players, **SMALL), seeds=range(3), deep_every=25)
    assert report.games == 3 and report.twins_checked > 0 and report.illegal_checked > 0
    assert report.outcomes == {"convictions": 3}


@pytest.mark.parametrize("players", [2, pytest.param(5, marks=pytest.mark.slow)])
def test_conformance_default_data(players: int) -> None:
    report = check_game(make_game("alibi", players), seeds=range(1), deep_every=60)
    assert report.twins_checked > 0 and report.replays_checked == 1


def _check_convictions(record: dict[str, Any]) -> None:
    """Every conviction justified by the table at that moment; scores add up from them."""
    replay = replay_record(json.loads(json.dumps(record)))
    g = narrow(Alibi, replay.game)
    totals = [0] * g.players
    states = [narrow(AlibiState, state) for state in replay.states()]
    for before, after, step in zip(states, states[1:], replay.steps, strict=False):
        if len(after.convictions) == len(before.convictions):
            continue
        conviction = after.convictions[-1]
        action = g.parse_action(step.action)
        fronts = [list(f) for f in before.fronts]
        alibied = {s for s, _ in before.alibis}
        if action.kind == "play":
            fronts[step.seat].append(narrow(PlayClue, action).value)
        elif action.kind == "alibi":
            alibied.add(narrow(PlayAlibi, action).suspect)
        values = g.suspect_values[conviction.suspect]
        table = {v for f in fronts for v in f}
        assert conviction.suspect in before.display and conviction.suspect not in alibied
        if conviction.how == "clues":
            assert len(values & table) >= 5
        else:
            assert conviction.how == "alibis" and len(alibied) == 3
        points = [sum(v in values for v in f) for f in fronts]
        points[step.seat] += 1
        assert conviction.convicter == step.seat and tuple(points) == conviction.points
        totals = [t + p for t, p in zip(totals, points, strict=True)]
    final = narrow(AlibiState, replay.final)
    assert final.outcome is not None and len(final.convictions) == 9
    assert tuple(totals) == final.outcome.scores
    best = max(totals)
    assert final.outcome.winners == tuple(s for s, t in enumerate(totals) if t == best)


@pytest.mark.slow
def test_what_it_must_show_small_scale() -> None:
    g = make_game("alibi", 5)
    for number in range(12):
        seed = derive_seed(5, "game", number)
        result = play_match(
            g, [RandomAgent() for _ in range(5)], seed, bot_seeds=bot_streams(seed, 5)
        )
        assert result.outcome.reason is AlibiEnd.CONVICTIONS
        assert len(narrow(AlibiState, result.final).convictions) == 9
        _check_convictions(result.record)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**9), players=st.integers(2, 5))
def test_invariants_over_random_playouts(seed: int, players: int) -> None:
    g = make_game("alibi", players, **SMALL)
    assert isinstance(g, Alibi)
    state = g.new(seed)
    rng = make_rng(seed, "test")
    total = len(g.deck)
    while state.outcome is None:
        held = sum(len(h) for h in state.hands)
        laid = sum(len(f) for f in state.fronts) + len(state.alibis)
        assert held + laid + len(state.pile) + len(state.discard) == total
        assert all(len(h) <= 4 for h in state.hands) and len(state.display) == 4
        assert len(set(state.display)) == 4 and not set(state.display) & set(state.suspect_pile)
        assert state.phase == "convict" or not [s for s, _ in state.completed()]
        legal = state.legal_actions(state.active)
        state = state.apply(state.active, legal[rng.randrange(len(legal))])
    assert len(state.convictions) == g.total_convictions == 3
    assert sum(sum(c.points) for c in state.convictions) == sum(state.outcome.scores)


def test_cli_simulate_and_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "alibi", "--players", "2", "--games", "3", "--seed", "5"]
    assert main([*args, "--record-dir", str(tmp_path)]) == 0
    assert "3  convictions: every suspect but three convicted" in capsys.readouterr().out
    records = sorted(tmp_path.glob("*.json"))
    assert len(records) == 3
    assert main(["replay", *map(str, records)]) == 0
    assert capsys.readouterr().out.count(": ok, ") == 3


# --- review: leaks and malformed input ----------------------------------------------------------


def test_good_eye_does_not_reveal_whether_the_hand_can_play() -> None:
    # Same hand sizes, one hand with a fitting clue after the Gutes Auge and one without:
    # the other seat (and a spectator) must not tell the two apart from the next phase.
    can = play(deal([["goodeye", "long", "plain", "plain"], ["female"] * 4]), "goodeye")
    cannot = play(deal([["goodeye", "plain", "plain", "plain"], ["female"] * 4]), "goodeye")
    for seat in (None, 1):
        assert can.view(seat) == cannot.view(seat)
    assert cannot.phase == "extra"
    assert [str(a) for a in cannot.legal_actions(0)] == ["pass"]
    after = play(cannot, "pass")
    assert after.phase == "swap" and len(after.hands[0]) == 4


def test_hidden_twin_still_checks_hands_when_the_suspect_pile_is_short() -> None:
    state = deal([["long", "male", "thin", "bag"], ["female", "short", "fat", "knife"]])
    state = state._copy()
    state.suspect_pile = state.suspect_pile[:1]  # as after the 8th conviction
    rng = make_rng(0, "twin")
    for seat in (None, 0, 1):
        twin = state.hidden_twin(seat, rng)
        assert twin is not None
        assert dict(twin.reveal()) != dict(state.reveal())
        assert twin.view(seat) == state.view(seat)
        if seat is not None:
            assert twin.hands[seat] == state.hands[seat]


@pytest.mark.parametrize(
    "action",
    [
        "Exchange(())",
        "Bribe('1', 'female')",
        "Exchange(('long', 'male', 'thin', 'bag', 'long'))",
        "PlayClue('')",
        "PlayClue('LONG')",
    ],
)
def test_malformed_actions_applied_directly_raise_invalid(action: str) -> None:
    from sleuth.games.alibi import Bribe, Exchange, PlayClue  # noqa: F401

    state = deal([["long", "male", "thin", "bribe"], ["female"] * 4])
    state = turn(state, "play long", "pass")
    state = turn(state, "play female", "pass")
    before = state.view(0)
    with pytest.raises(InvalidActionError):
        state.apply(0, eval(action))
    assert state.view(0) == before


@pytest.mark.parametrize("seat", [2, -1, "0", 1.0])
def test_a_view_of_no_seat_is_a_game_error(seat: Any) -> None:
    state = deal([["long"] * 4, ["female"] * 4])
    with pytest.raises(GameError):
        state.view(seat)


@pytest.mark.parametrize("options", [{}, {"conviction": "claim"}, {"clues_must_fit": False}])
def test_legal_lists_are_ordinary_and_their_plays_fit(options: dict[str, object]) -> None:
    """The shared lists declare their split in advance (Alibi has no drastic action), and
    the plays they hold by the bits of the clues that fit are those C5 allows."""
    g = game(3, **options)
    state = g.new(11)
    rng = make_rng(11, "test")
    while state.outcome is None:
        seat = state.active
        legal = state.legal_actions(seat)
        ordinary, drastic = split_drastic(legal)
        assert list(ordinary) == list(legal) and not len(drastic)
        hand = set(state.hands[seat]) & set(VALUES)
        fitting = {v for s in state.display for v in g.suspect_values[s]}
        allowed = hand & fitting if g.config.clues_must_fit else hand
        plays = {a.value for a in legal if isinstance(a, PlayClue)}
        assert plays == (allowed if state.phase in ("main", "extra") else set())
        action = ordinary[rng.randrange(len(ordinary))]
        assert state.check(seat, action) is action
        state = state.apply(seat, action)
