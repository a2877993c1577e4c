"""13 Clues: every rule of REFERENCE.md §4 on chosen deals, the harness, and random playouts."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sleuth.agents import RandomAgent
from sleuth.arena import play_match
from sleuth.cli.main import main
from sleuth.core import (
    ConfigError,
    IllegalActionError,
    InvalidActionError,
    RecordError,
    find_game,
    make_game,
    make_rng,
)
from sleuth.core.records import replay_record
from sleuth.games.thirteen_clues import (
    DEFAULT_DECK,
    Accuse,
    Ask,
    Choose,
    Look,
    Take,
    ThirteenClues,
    ThirteenCluesState,
    informant_count,
)
from sleuth.testing.harness import check_game
from support.narrow import narrow
from support.streams import bot_streams

HANDS_3 = [
    ["Officer", "Parlor", "Knife", "Duke", "Market"],
    ["Butcher", "Library", "Poison", "Countess", "Park"],
    ["Nurse", "Museum", "Blowgun", "Maid", "Harbor"],
]
INFORMANTS_3 = ["Crossbow", "Sword", "Rifle", "Dancer", "Theater", "Gun"]
# Seat s picks the mystery of seat s + 1: seat 0's own mystery is Maid Museum Blowgun.
CHOSEN_3 = [
    ["Officer", "Parlor", "Knife"],
    ["Countess", "Library", "Poison"],
    ["Maid", "Museum", "Blowgun"],
]


def three(**options: Any) -> ThirteenCluesState:
    game = make_game("13-clues", 3, **options)
    assert isinstance(game, ThirteenClues)
    return game.from_deal(HANDS_3, INFORMANTS_3, start=0, chosen=CHOSEN_3)


def two(**options: Any) -> ThirteenCluesState:
    game = make_game("13-clues", 2, **options)
    assert isinstance(game, ThirteenClues)
    hands = [
        ["Officer", "Parlor", "Knife", "Duke", "Market"],
        ["Butcher", "Library", "Poison", "Countess", "Park"],
    ]
    informants = ["Crossbow", "Sword", "Nurse", "Museum", "Blowgun", "Maid", "Harbor", "Rifle"]
    chosen = [["Officer", "Parlor", "Knife"], ["Countess", "Library", "Poison"]]
    return game.from_deal(hands, informants, start=0, chosen=chosen)


def play(state: ThirteenCluesState, *moves: tuple[int, str]) -> ThirteenCluesState:
    for seat, text in moves:
        state = state.apply(seat, state.game.parse_action(text))
    return state


def snapshot(state: ThirteenCluesState) -> str:
    views = [state.view(s).to_json() for s in [None, *range(state.players)]]
    return json.dumps([dict(state.reveal()), views, state.last_result()], sort_keys=True)


# --- components and setup (§4.2, §4.3) ---------------------------------------------------------


def test_registered_under_name_and_alias() -> None:
    assert find_game("13-clues") is ThirteenClues
    assert find_game("thirteen-clues") is ThirteenClues


def test_thirty_cards_ten_colours_balanced_categories() -> None:
    game = make_game("13-clues", 6)
    assert isinstance(game, ThirteenClues)
    assert len(DEFAULT_DECK) == 30 and len(game.cards) == 30
    assert [bin(game.masks[c]).count("1") for c in ("male", "female", "indoor", "outdoor")] == [
        5,
        5,
        5,
        5,
    ]
    assert bin(game.masks["melee"]).count("1") == bin(game.masks["ranged"]).count("1") == 5


@pytest.mark.parametrize(
    ("players", "colours", "informants", "removed"),
    [
        (2, 6, 8, {"gray", "brown", "white", "orange"}),
        (3, 7, 6, {"gray", "brown", "white"}),
        (4, 8, 4, {"gray", "brown"}),
        (5, 9, 2, {"gray"}),
        (6, 10, 0, set()),
    ],
)
def test_colours_and_informants_per_player_count(
    players: int, colours: int, informants: int, removed: set[str]
) -> None:
    game = make_game("13-clues", players)
    assert isinstance(game, ThirteenClues)
    assert len(game.colours) == colours and not removed & set(game.colours)
    assert informant_count(players) == informants == game.informants
    state = game.new(3)
    assert len(state.informants) == informants
    for hand in state.hands:
        assert len(hand) == 5 and {game.cards[c].type for c in hand} == {0, 1, 2}
    # 13 cards unknown to each player: all but his 2 hidden cards and the others' mysteries.
    assert 3 * colours - 2 - 3 * (players - 1) == 13


def test_deal_is_seeded() -> None:
    game = make_game("13-clues", 4)
    assert game.new(5).reveal() == game.new(5).reveal()
    assert game.new(5).reveal() != game.new(6).reveal()


def test_mystery_choice_setup_phase() -> None:
    game = make_game("13-clues", 3)
    assert isinstance(game, ThirteenClues)
    state = game.from_deal(HANDS_3, INFORMANTS_3, start=1)
    assert state.phase == "choose" and state.actors() == frozenset({0, 1, 2})
    assert len(state.legal_actions(0)) == 4  # 2 persons x 2 locations x 1 weapon
    with pytest.raises(IllegalActionError, match="not in the hand"):
        play(state, (0, "choose Butcher Parlor Knife"))
    with pytest.raises(InvalidActionError, match="one person, one location and one weapon"):
        game.parse_action("choose Officer Duke Knife")
    state = play(state, (1, "choose Countess Library Poison"))
    assert state.last_result() == "chosen" and state.actors() == frozenset({0, 2})
    with pytest.raises(IllegalActionError, match="chosen already"):
        play(state, (1, "choose Butcher Park Poison"))
    # Nobody sees a mystery before all are chosen; the chooser keeps his own hand.
    assert all(s.mystery is None for s in state.view(2).seats)
    assert state.view(1).seats[1].hidden == ("Butcher", "Park")
    state = play(state, (0, "choose Parlor Knife Officer"), (2, "choose Maid Museum Blowgun"))
    assert state.last_result() == "chosen; seat 1 starts"
    assert state.phase == "play" and state.turn == 1
    view = state.view(0)
    assert view.seats[0].mystery is None  # never his own
    assert view.seats[1].mystery == ("Officer", "Parlor", "Knife")
    assert view.seats[2].mystery == ("Countess", "Library", "Poison")
    assert view.seats[1].hidden is None and view.seats[0].hidden == ("Duke", "Market")
    assert all(s.mystery is None for s in state.view(None).seats)


def test_random_mystery_choice_needs_no_person() -> None:
    game = narrow(ThirteenClues, make_game("13-clues", 4, mystery_choice="random"))
    state = game.new(11)
    assert state.phase == "play" and all(m is not None for m in state.mysteries)
    for seat, trio in enumerate(state.mysteries):
        assert trio is not None and set(trio) <= set(state.hands[seat - 1])
    assert "mysteries" in state.reveal()


# --- questions (§4.4) ----------------------------------------------------------------------------


def test_questions_count_what_the_witness_sees() -> None:
    state = three()
    assert state.phase == "play" and state.turn == 0 and state.glasses == (1, 1, 1)
    # Seat 1 sees mysteries 0 (Maid Museum Blowgun), 2 (Countess Library Poison), Butcher Park.
    assert play(state, (0, "ask 1 female")).last_result() == "1:female=2"
    assert play(state, (0, "ask 1 purple")).last_result() == "1:purple=0"
    assert play(state, (0, "ask 1 male")).last_result() == "1:male=1"
    # Seat 2 sees mysteries 0 and 1 (Officer Parlor Knife) and Nurse Harbor; not informants.
    assert play(state, (0, "ask 2 purple")).last_result() == "2:purple=3"
    assert play(state, (0, "ask 2 indoor")).last_result() == "2:indoor=2"
    assert play(state, (0, "ask 2 ranged")).last_result() == "2:ranged=1"


def test_question_subjects_d7_d8() -> None:
    state = three()
    with pytest.raises(IllegalActionError, match="not a question subject"):
        play(state, (0, "ask 1 gray"))  # D7: colour not in play
    with pytest.raises(IllegalActionError, match="not a question subject"):
        play(state, (0, "ask 1 person"))  # D8: BGA has no type questions
    state = three(type_questions=True)
    assert play(state, (0, "ask 1 weapon")).last_result() == "1:weapon=2"
    with pytest.raises(IllegalActionError, match="cannot be asked"):
        play(state, (0, "ask 0 red"))
    with pytest.raises(IllegalActionError, match="side"):
        play(state, (0, "ask 1 red left"))


def test_question_glass_goes_to_witness_and_turn_ends_when_spent() -> None:
    state = play(three(), (0, "ask 1 red"))
    assert state.glasses == (0, 2, 1) and state.turn == 1 and state.supply == 5
    state = play(state, (1, "ask 2 red"))
    assert state.turn == 1 and state.glasses == (0, 1, 2)
    with pytest.raises(IllegalActionError, match="waits for seat 1"):
        play(state, (0, "ask 1 red"))
    state = play(state, (1, "ask 2 red"))
    assert state.turn == 2 and state.glasses == (0, 0, 3)


def test_turn_start_takes_from_supply_or_from_a_player() -> None:
    state = play(three(), (0, "ask 1 red"), (1, "ask 2 red"), (1, "ask 2 red"))
    state = play(state, (2, "ask 1 red"), (2, "ask 1 red"), (2, "ask 1 red"))
    assert state.turn == 0 and state.glasses == (1, 3, 0) and state.supply == 4  # from supply
    state = three(glasses=3)
    state = play(state, (0, "ask 1 red"), (1, "ask 2 red"), (1, "ask 2 red"))
    state = play(state, (2, "ask 1 red"), (2, "ask 1 red"), (2, "ask 1 red"))
    assert state.phase == "take" and state.glasses == (0, 3, 0) and state.supply == 0
    assert [str(a) for a in state.legal_actions(0)] == ["take 1"]
    with pytest.raises(IllegalActionError, match="holds no glass"):
        play(state, (0, "take 2"))
    with pytest.raises(IllegalActionError, match="only take actions"):
        play(state, (0, "ask 1 red"))
    state = play(state, (0, "take 1"))
    assert (
        state.phase == "play"
        and state.glasses == (1, 2, 0)
        and state.last_result() == ("took from 1")
    )


# --- informants (§4.4) ------------------------------------------------------------------------


def test_informant_glass_goes_to_nearest_empty_seat_or_supply() -> None:
    state = play(three(), (0, "ask 1 red"), (1, "ask 2 red"), (1, "ask 2 red"))
    assert state.glasses == (0, 0, 3)
    state = play(state, (2, "look A"))
    assert state.glasses == (1, 0, 2) and state.last_result() == "looked A"
    state = play(state, (2, "look B"))
    assert state.glasses == (1, 1, 1)
    state = play(state, (2, "look A"))
    assert state.glasses == (1, 1, 0) and state.supply == 6 and state.turn == 0
    assert state.view(2).informants[0].card == "Crossbow"
    assert state.view(2).informants[1].card == "Sword"
    assert state.view(0).informants[0].card is None
    assert state.view(0).informants[0].looked_by == (2,)
    with pytest.raises(IllegalActionError, match="no informant G"):
        play(state, (0, "look G"))


def test_no_informants_with_six_players() -> None:
    state = narrow(ThirteenClues, make_game("13-clues", 6, mystery_choice="random")).new(1)
    assert not any(a.kind == "look" for a in state.legal_actions(state.turn))
    with pytest.raises(IllegalActionError, match="no informant"):
        play(state, (state.turn, "look A"))


# --- accusations (§4.4, §4.8) -------------------------------------------------------------------


def test_accusation_may_not_name_a_visible_card() -> None:
    state = three()
    with pytest.raises(IllegalActionError, match="can see Duke"):
        play(state, (0, "accuse Duke Museum Blowgun"))  # own hidden card
    with pytest.raises(IllegalActionError, match="can see Officer"):
        play(state, (0, "accuse Officer Museum Blowgun"))  # another's mystery
    with pytest.raises(IllegalActionError, match="not in play"):
        play(state, (0, "accuse Coachman Museum Blowgun"))
    # D6: informant cards are not blocked.
    assert play(state, (0, "accuse Maid Theater Gun")).last_result() == "wrong"
    accusations = state.accusations_for(0)
    assert len(accusations) == 4 * 4 * 5  # 7 of each type, minus 3, 3 and 2 seen
    seen = {"Duke", "Market", "Officer", "Parlor", "Knife", "Countess", "Library", "Poison"}
    assert all(isinstance(a, Accuse) and not seen & set(a.cards) for a in accusations)


def test_correct_accusation_wins() -> None:
    state = play(three(), (0, "accuse Maid Museum Blowgun"))
    assert state.outcome is not None and state.outcome.winners == (0,)
    assert state.outcome.scores == (1, 0, 0) and state.last_result() == "correct"
    assert state.actors() == frozenset() and state.view(0).seats[0].mystery == (
        "Maid",
        "Museum",
        "Blowgun",
    )
    with pytest.raises(IllegalActionError, match="over"):
        play(state, (1, "ask 2 red"))


def test_wrong_accusation_ends_turn_glass_first_then_leftovers_to_supply() -> None:
    state = play(three(), (0, "ask 1 red"), (1, "ask 2 red"), (1, "ask 2 red"))
    assert state.glasses == (0, 0, 3) and state.supply == 5
    state = play(state, (2, "accuse Butcher Park Sword"))  # seat 2's is Countess Library Poison
    assert state.last_result() == "wrong" and state.outcome is None
    assert state.glasses == (1, 0, 0) and state.supply == 7 and state.turn == 0  # D9
    assert state.view(1).accusations[0].cards == ("Butcher", "Park", "Sword")  # public
    # The wrong accuser may accuse again later, the same trio too (§4.4: every action may be
    # repeated; only naming a visible card is forbidden) unless repeat_accusations=no.
    state = play(state, (0, "ask 2 red"))
    state = play(state, (1, "ask 0 red"))
    assert state.turn == 2
    assert play(state, (2, "accuse Butcher Park Sword")).last_result() == "wrong"
    assert play(state, (2, "accuse Countess Library Poison")).outcome is not None
    once = play(three(repeat_accusations=False), (0, "accuse Butcher Park Sword"))
    once = play(once, (1, "ask 2 red"), (2, "ask 0 red"), (2, "ask 0 red"))
    with pytest.raises(IllegalActionError, match="before"):
        play(once, (0, "accuse Butcher Park Sword"))
    repeat = play(three(), (0, "accuse Nurse Park Sword"))
    repeat = play(repeat, (1, "ask 2 red"), (2, "ask 0 red"), (2, "ask 0 red"))
    assert repeat.turn == 0
    assert play(repeat, (0, "accuse Nurse Park Sword")).last_result() == "wrong"


def test_stall_rounds_leave_only_accusations() -> None:
    state = play(three(stall_rounds=1), (0, "ask 1 red"), (1, "ask 2 red"), (1, "ask 2 red"))
    state = play(state, (2, "ask 0 red"), (2, "ask 0 red"))
    assert state.turn == 2
    state = play(state, (2, "ask 0 red"))
    assert state.phase == "final" and state.turn == 0
    assert {a.kind for a in state.legal_actions(0)} == {"accuse"}
    with pytest.raises(IllegalActionError, match="only final actions"):
        play(state, (0, "ask 1 red"))
    glasses = state.glasses
    state = play(state, (0, "accuse Nurse Park Sword"))
    assert state.turn == 1 and state.phase == "final" and state.glasses == glasses


# --- two players (§4.5) -------------------------------------------------------------------------


def test_two_players_one_action_and_a_side() -> None:
    state = two()
    assert state.glasses == () and state.turn == 0
    # Seat 1 sees seat 0's mystery (Countess Library Poison) and Butcher (left) or Park (right).
    assert play(state, (0, "ask 1 male left")).last_result() == "1:male/left=1"
    assert play(state, (0, "ask 1 male right")).last_result() == "1:male/right=0"
    assert play(state, (0, "ask 1 outdoor right")).last_result() == "1:outdoor/right=1"
    assert play(state, (0, "ask 1 female left")).last_result() == "1:female/left=1"
    with pytest.raises(IllegalActionError, match="left or right"):
        play(state, (0, "ask 1 male"))
    state = play(state, (0, "look C"))
    assert state.turn == 1 and state.view(0).informants[2].card == "Nurse"
    state = play(state, (1, "accuse Duke Market Sword"))
    assert state.turn == 0 and state.last_result() == "wrong"
    with pytest.raises(ConfigError, match="top_secret"):
        make_game("13-clues", 2, top_secret=True)


# --- Top Secret (§4.6, D4) ---------------------------------------------------------------------


def test_top_secret_is_private_and_once() -> None:
    state = three(top_secret=True)
    assert any(getattr(a, "secret", False) for a in state.legal_actions(0))
    state = play(state, (0, "ask 2 purple secret"))
    assert state.last_result() == "2:top-secret"  # no subject, no answer in the record
    assert state.glasses == (0, 1, 2)  # D4: the glass goes to the witness
    for seat in (0, 2):
        q = state.view(seat).questions[0]
        assert (q.subject, q.answer, q.secret) == ("purple", 3, True)
    for other in (1, None):
        q = state.view(other).questions[0]
        assert (q.subject, q.answer, q.secret) == (None, None, True)
        assert "purple" not in state.view(other).render()
    assert not state.view(1).seats[0].top_secret and state.view(1).seats[1].top_secret
    state = play(state, (1, "ask 2 red"), (2, "ask 1 red"), (2, "ask 1 red"), (2, "ask 1 red"))
    assert state.turn == 0 and state.glasses == (1, 3, 0)
    with pytest.raises(IllegalActionError, match="no Top Secret token"):
        play(state, (0, "ask 1 red secret"))
    discard = play(three(top_secret=True, top_secret_glass="discard"), (0, "ask 2 red secret"))
    assert discard.glasses == (0, 1, 1) and discard.supply == 6


# --- errors, config, notation -------------------------------------------------------------------


def test_illegal_and_malformed_actions_change_nothing() -> None:
    state = three()
    before = snapshot(state)
    for seat, text in [(1, "ask 2 red"), (0, "look Z"), (0, "take 1"), (0, "choose A B C")]:
        with pytest.raises((IllegalActionError, InvalidActionError)):
            play(state, (seat, text))
    for bad_seat in (-1, 3, "0"):  # "0": a seat of the wrong type, on purpose
        with pytest.raises(IllegalActionError):
            state.apply(bad_seat, state.game.parse_action("ask 1 red"))  # type: ignore[arg-type]
    for text in ["", "ask", "ask x red", "ask 1 mauve", "ask 1 red left left", "look 1", "dance"]:
        with pytest.raises(InvalidActionError):
            state.game.parse_action(text)
    assert snapshot(state) == before


def test_notation_round_trips() -> None:
    game = make_game("13-clues", 3, top_secret=True)
    for text in ["choose Officer Park Knife", "ask 2 purple secret", "look B", "take 2"]:
        assert str(game.parse_action(text)) == text
    assert str(game.parse_action("ACCUSE knife officer PARK")) == "accuse Officer Park Knife"
    assert str(make_game("13-clues", 2).parse_action("ask 1 male left")) == "ask 1 male left"


def test_config_errors_name_the_field() -> None:
    with pytest.raises(ConfigError, match="glasses"):
        make_game("13-clues", 4, glasses=3)
    with pytest.raises(ConfigError, match="deck"):
        make_game("13-clues", 3, deck=("purple/person/Officer/female",))
    with pytest.raises(ConfigError, match="mystery_choice"):
        make_game("13-clues", 3, mystery_choice="dealer")
    with pytest.raises(ConfigError, match="players"):
        make_game("13-clues", 7)
    game = make_game("13-clues", 3)
    assert isinstance(game, ThirteenClues)
    with pytest.raises(ConfigError, match="exactly once"):
        game.from_deal(HANDS_3, [*INFORMANTS_3[:-1], "Officer"])


def test_swapped_deck_names_are_used() -> None:
    deck = tuple(entry.replace("Officer", "Inspector") for entry in DEFAULT_DECK)
    game = make_game("13-clues", 3, deck=deck)
    assert str(game.parse_action("accuse inspector park knife")) == "accuse Inspector Park Knife"


# --- the harness and random play ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "options", "seeds"),
    [
        (2, {}, 3),
        (3, {}, 2),
        (3, {"top_secret": True, "stall_rounds": 6}, 2),
        pytest.param(4, {"mystery_choice": "random", "stall_rounds": 4}, 3, marks=pytest.mark.slow),
        pytest.param(5, {"stall_rounds": 3}, 2, marks=pytest.mark.slow),
        pytest.param(6, {"top_secret": True, "stall_rounds": 2}, 1, marks=pytest.mark.slow),
    ],
)
def test_conformance(players: int, options: dict[str, Any], seeds: int) -> None:
    report = check_game(make_game("13-clues", players, **options), seeds=range(seeds))
    assert report.games == seeds and report.replays_checked == seeds
    assert report.twins_checked > 0 and report.illegal_checked > 0
    assert report.outcomes == {"correct accusation": seeds}


def test_every_recorded_answer_is_what_the_witness_saw() -> None:
    """The issue's check at small scale: every game ends by a correct accusation, every
    record replays, and every answer is recomputed from the reveal and the choices."""
    game = make_game("13-clues", 3)
    for number in range(30):
        seed = 9000 + number
        result = play_match(
            game, [RandomAgent() for _ in range(3)], seed, bot_seeds=bot_streams(seed, 3)
        )
        record = json.loads(json.dumps(result.record))
        replay_record(record)
        assert record["outcome"]["reason"] == "correct accusation"
        assert record["steps"][-1][2] == "correct"
        check_answers_from_record(record)


def check_answers_from_record(record: dict[str, Any]) -> None:
    cards = {entry.split("/")[2]: entry.split("/") for entry in DEFAULT_DECK}
    hands = record["reveal"]["hands"]
    players = len(hands)
    mystery: dict[int, list[str]] = {}
    hidden: dict[int, list[str]] = {}
    # The whole action of a step whose public text hides a part sits in the private section.
    private = {number: action for number, action, _ in record["private"]}
    for number, (seat, public, result) in enumerate(record["steps"], start=1):
        words = private.get(number, public).split()
        if words[0] == "choose":
            mystery[(seat + 1) % players] = words[1:]
            hidden[seat] = [c for c in hands[seat] if c not in words[1:]]
            assert sorted(hidden[seat]) == sorted(record["reveal"]["hidden"][seat])
            hidden[seat] = record["reveal"]["hidden"][seat]  # as they lie: left, right
        elif words[0] == "ask":
            witness, subject = int(words[1]), words[2]
            seen = list(hidden[witness])
            if players == 2:
                seen = [seen[0 if words[3] == "left" else 1]]
            for other in range(players):
                if other != witness:
                    seen += mystery[other]
            count = sum(subject in (cards[c][0], cards[c][1], cards[c][3]) for c in seen)
            assert result.endswith(f"={count}"), (words, result, count)
        elif words[0] == "accuse":
            assert (result == "correct") == (words[1:] == mystery[seat])


def test_two_player_records_check_too() -> None:
    game = make_game("13-clues", 2)
    for number in range(5):
        result = play_match(
            game, [RandomAgent() for _ in range(2)], number, bot_seeds=bot_streams(number, 2)
        )
        check_answers_from_record(json.loads(json.dumps(result.record)))


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 6), top_secret=st.booleans())
def test_invariants_over_random_playouts(seed: int, players: int, top_secret: bool) -> None:
    options: dict[str, Any] = {"stall_rounds": 3}
    if players > 2:
        options["top_secret"] = top_secret
    game = make_game("13-clues", players, **options)
    assert isinstance(game, ThirteenClues)
    state: ThirteenCluesState = game.new(seed)
    rng = make_rng(seed, "test")
    agent = RandomAgent(interrupt_rate=0.05)
    while state.outcome is None:
        seat = state.to_move()
        assert seat is not None
        state = state.apply(seat, agent.act(state.view(seat), state.legal_actions(seat), rng))
        if players > 2:
            assert sum(state.glasses) + state.supply == game.config.glasses
            assert min(state.glasses) >= 0 and state.supply >= 0
        if state.phase != "choose":
            placed = [c for m in state.mysteries if m for c in m]
            placed += [c for h in state.hidden if h for c in h] + list(state.informants)
            assert sorted(placed) == list(range(len(game.cards)))
            for s in range(players):
                assert state.view(s).seats[s].mystery is None or state.outcome is not None
                others = [v.hidden for v in state.view(s).seats if v.seat != s]
                assert all(h is None for h in others) or state.outcome is not None
        for q in state.questions:
            assert q.answer == state.answer(q.witness, q.subject, q.side)
    assert state.outcome.reason == "correct accusation"
    winner = state.outcome.winners[0]
    assert state.accusations[-1].cards == state.mysteries[winner]


def test_a_tampered_answer_does_not_replay() -> None:
    agents = [RandomAgent() for _ in range(3)]
    result = play_match(make_game("13-clues", 3), agents, 4, bot_seeds=bot_streams(4, 3))
    record = json.loads(json.dumps(result.record))
    number, step = next((i, st) for i, st in enumerate(record["steps"]) if st[1].startswith("ask"))
    witness_subject, answer = step[2].split("=")
    step[2] = f"{witness_subject}={int(answer) + 1}"
    with pytest.raises(RecordError, match=f"step {number + 1}"):
        replay_record(record)


def test_top_secret_answers_stay_out_of_records_and_other_views() -> None:
    game = make_game("13-clues", 4, top_secret=True, stall_rounds=3)
    result = play_match(game, [RandomAgent() for _ in range(4)], 6, bot_seeds=bot_streams(6, 4))
    secret = [st for st in result.steps if st.action.endswith("secret")]
    assert secret and all(st.result.endswith(":top-secret") for st in secret)
    final = narrow(ThirteenCluesState, result.final)
    for number, q in enumerate(final.questions):
        if q.secret:
            for seat in [None, *range(4)]:
                shown = final.view(seat).questions[number]
                party = seat in (q.asker, q.witness)
                assert (shown.answer == q.answer) if party else shown.answer is None


def test_cli_simulate_and_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "thirteen-clues", "--players", "3", "--games", "6", "--seed", "9"]
    assert main([*args, "--record-dir", str(tmp_path)]) == 0
    assert "6  correct accusation" in capsys.readouterr().out
    records = sorted(tmp_path.glob("*.json"))
    assert len(records) == 6
    assert main(["replay", *map(str, records)]) == 0
    assert capsys.readouterr().out.count(": ok,") == 6


def test_hidden_twins_move_what_a_seat_cannot_see() -> None:
    state = play(three(), (0, "ask 1 red"))
    own_mystery_moved = hidden_moved = False
    for number in range(40):
        twin = state.hidden_twin(0, make_rng(number, "twin"))
        assert twin is not None and twin.view(0) == state.view(0)
        assert twin.reveal() != state.reveal()
        assert [twin.mysteries[s] for s in (1, 2)] == [state.mysteries[s] for s in (1, 2)]
        assert twin.hidden[0] == state.hidden[0]
        own_mystery_moved |= twin.mysteries[0] != state.mysteries[0]
        hidden_moved |= twin.hidden[1:] != state.hidden[1:]
    assert own_mystery_moved and hidden_moved
    spectator = state.hidden_twin(None, make_rng(1, "twin"))
    assert spectator is not None and spectator.view(None) == state.view(None)
    assert state.hidden_twin(0, make_rng(1, "twin")) is not None
    assert (
        play(state, (1, "accuse Nurse Harbor Knife")).hidden_twin(0, make_rng(1, "t")) is not None
    )


# --- review: malformed actions applied directly ---------------------------------------------------


@pytest.mark.parametrize(
    "cards",
    [
        ("Officer", "Duke", "Knife"),  # two persons: the mystery must be one of each type
        ("Officer", "Officer", "Knife"),
        ("Parlor", "Officer", "Knife"),  # out of type order
        ("Officer", "Parlor"),
    ],
)
def test_a_malformed_choice_applied_directly_is_invalid(cards: tuple[str, ...]) -> None:
    game = make_game("13-clues", 3)
    assert isinstance(game, ThirteenClues)
    state = game.from_deal(HANDS_3, INFORMANTS_3, start=0)
    before = snapshot(state)
    with pytest.raises(InvalidActionError):
        state.apply(0, Choose(cards))
    assert snapshot(state) == before


@pytest.mark.parametrize(
    "action",
    [
        Accuse(("Dancer", "Theater")),  # malformed on purpose, some of the wrong types
        Accuse(("Theater", "Dancer", "Gun")),
        Accuse(("Dancer", "Dancer", "Gun")),
        Ask("1", "purple"),  # type: ignore[arg-type]
        Ask(1, "Purple"),
        Look(""),
        Take(True),
    ],
)
def test_a_malformed_action_applied_directly_is_invalid(action: Any) -> None:
    state = three()
    before = snapshot(state)
    with pytest.raises(InvalidActionError):
        state.apply(0, action)
    assert snapshot(state) == before


def test_which_hidden_card_lies_left_does_not_follow_from_the_cards() -> None:
    # §4.5: two-player questions name a side; if the lower card always lay left, the asker
    # would learn which card it is from the rules engine, not from the game.
    game = narrow(ThirteenClues, make_game("13-clues", 2, mystery_choice="random"))
    lower_left = 0
    for seed in range(400):
        state = game.new(seed)
        for pair in state.hidden:
            assert pair is not None  # two players: every seat holds two hidden cards
            lower_left += pair[0] < pair[1]
    assert 340 <= lower_left <= 460  # 800 pairs, half expected: beyond 4 s.d. is a bias
