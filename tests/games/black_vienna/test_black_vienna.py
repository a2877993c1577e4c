"""Black Vienna rules (REFERENCE.md §1), each with an exact-value scenario."""

from __future__ import annotations

import pytest

from sleuth.core import ConfigError, IllegalActionError, InvalidActionError, find_kit, make_game
from sleuth.core.actions import ActionList
from sleuth.core.kit import KNOWLEDGE, RENDER, TextRender
from sleuth.deduce.knowledge import Knowledge
from sleuth.games.black_vienna import (
    DEFAULT_DECK,
    LETTERS,
    Accuse,
    BlackVienna,
    BlackViennaState,
    hand_sizes,
    parse_action,
)
from sleuth.games.black_vienna.components import mask_letters
from support.narrow import narrow

# A 4-player deal: ring BLM; stacks in a known order (face up: AOR, ABC, AFQ).
HANDS4 = ("ACDEFG", "HIJKNO", "PQRSTU", "VWXYZÖ")
RING = "BLM"
STACKS = (
    ("AOR", "BHV", "CDE", "FGI", "JKL", "MNP", "QST", "UWX", "YZÖ", "AKÖ", "LOY", "JRZ"),
    ("ABC", "DHO", "ERV", "FJM", "GKN", "ILP", "QUY", "SWZ", "TXÖ", "BNT", "HPQ", "MSV"),
    ("AFQ", "GOS", "IRT", "BJU", "HKW", "LVX", "CMY", "DNZ", "EPÖ", "CGX", "DIU", "EFW"),
)


def game4(**options: object) -> BlackVienna:
    game = make_game("black-vienna", 4, **options)
    assert isinstance(game, BlackVienna)
    return game


def start(**options: object) -> BlackViennaState:
    return game4(**options).from_deal(HANDS4, RING, STACKS)


def play(state: BlackViennaState, *moves: tuple[int, str]) -> BlackViennaState:
    for seat, text in moves:
        state = state.apply(seat, parse_action(text))
    return state


# --- components and deal ---------------------------------------------------------------------


def test_default_deck_is_appendix_a() -> None:
    assert len(DEFAULT_DECK) == 36
    assert "AOR" in DEFAULT_DECK and "BHV" in DEFAULT_DECK
    counts = {letter: sum(letter in card for card in DEFAULT_DECK) for letter in LETTERS}
    assert set(counts.values()) == {4}
    pairs = [set(a) & set(b) for i, a in enumerate(DEFAULT_DECK) for b in DEFAULT_DECK[i + 1 :]]
    assert max(len(p) for p in pairs) == 1


@pytest.mark.parametrize(
    ("players", "sizes"),
    [(3, (8, 8, 8)), (4, (6, 6, 6, 6)), (5, (4, 5, 5, 5, 5)), (6, (4, 4, 4, 4, 4, 4))],
)
def test_deal_sizes_and_partition(players: int, sizes: tuple[int, ...]) -> None:
    assert hand_sizes(players) == sizes
    state = narrow(BlackVienna, make_game("bv", players)).new(11)
    reveal = state.reveal()
    hands = reveal["hands"]
    assert isinstance(hands, list)
    assert tuple(len(str(h)) for h in hands) == sizes
    assert sorted("".join(map(str, hands)) + str(reveal["ring"])) == sorted(LETTERS)
    stacks = reveal["stacks"]
    assert isinstance(stacks, list)
    assert [len(s) for s in stacks if isinstance(s, list)] == [12, 12, 12]
    assert state.view(0).face_up == tuple(s[0] for s in stacks if isinstance(s, list))


def test_same_seed_same_deal_other_seed_other_deal() -> None:
    game = make_game("bv", 4)
    assert game.new(5).reveal() == game.new(5).reveal()
    assert game.new(5).reveal() != game.new(6).reveal()


def test_player_count_and_options_are_checked() -> None:
    with pytest.raises(ConfigError, match="3-6 players, not 7"):
        make_game("bv", 7)
    with pytest.raises(ConfigError, match="special is one of both, either"):
        make_game("bv", 4, special="sometimes")
    with pytest.raises(ConfigError, match=r"deck\[0\]: unknown letter"):
        make_game("bv", 4, deck="A1B," + ",".join(DEFAULT_DECK[1:]))


def test_from_deal_rejects_a_bad_deal() -> None:
    with pytest.raises(ConfigError, match=r"hands\[0\]: 5 cards, but seat 0 holds 6"):
        game4().from_deal(("ACDEF", *HANDS4[1:]), RING, STACKS)
    with pytest.raises(ConfigError, match="exactly once"):
        game4().from_deal(HANDS4, "BLA", STACKS)


# --- the question chain -----------------------------------------------------------------------


def test_dealer_asks_first_and_the_target_asks_next() -> None:
    state = start()
    assert state.to_move() == 0
    state = play(state, (0, "ask 2 AOR"))
    assert state.to_move() == 2
    assert state.last_result() == "AOR@2=1"  # of A, O, R seat 2 holds only R
    state = play(state, (2, "ask 1 ABC"))
    assert state.to_move() == 1


def test_markers_are_the_truthful_count() -> None:
    state = play(start(), (0, "ask 1 AOR"))
    assert state.log[-1].answers == (1,)  # seat 1 holds O
    assert state.supply == 39
    state = play(state, (1, "ask 3 ABC"))
    assert state.log[-1].answers == (0,)
    state = play(state, (3, "ask 0 BHV"))
    assert state.log[-1].answers == (0,)
    state = play(state, (0, "ask 2 AFQ"))
    assert state.log[-1].answers == (1,)  # Q
    assert state.supply == 38


def test_new_face_up_card_after_a_stack_top_is_taken() -> None:
    state = play(start(), (0, "ask 1 AOR"))
    assert state.face_up() == ("BHV", "ABC", "AFQ")
    assert state.view(None).stack_sizes == (11, 12, 12)


@pytest.mark.parametrize(
    ("seat", "text", "message"),
    [
        (1, "ask 2 AOR", "seat 1 cannot ask 2 AOR: it is seat 0's question"),
        (0, "ask 0 AOR", "cannot question himself"),
        (0, "ask 4 AOR", "target 4 is not a seat"),
        (0, "ask 1 BHV", "card BHV is not face up"),
        (0, "ask 1 AOR+ABC", "one face-up card"),
        (7, "ask 1 AOR", "seat 7 is not a seat"),
    ],
)
def test_illegal_questions_are_refused_and_change_nothing(
    seat: int, text: str, message: str
) -> None:
    state = start()
    before = [state.view(s) for s in (None, 0, 1, 2, 3)]
    with pytest.raises(IllegalActionError, match=message):
        state.apply(seat, parse_action(text))
    assert [state.view(s) for s in (None, 0, 1, 2, 3)] == before


@pytest.mark.parametrize("text", ["ask", "ask two AOR", "ask 1 AO", "ask 1 A1R", "accuse BL", "x"])
def test_malformed_actions_are_invalid(text: str) -> None:
    with pytest.raises(InvalidActionError):
        parse_action(text)


def test_notation_round_trips_and_normalises() -> None:
    assert str(parse_action("ASK 2 roa+vhb")) == "ask 2 AOR+BHV"
    assert str(parse_action("accuse mlb")) == "accuse BLM"
    assert str(parse_action("guess öab")) == "guess ABÖ"
    assert str(parse_action("pass")) == "pass"


# --- special investigations -------------------------------------------------------------------

UNLOCK = (  # everyone questioned, six cards played; only AFQ (at seat 2) got a marker
    (0, "ask 3 AOR"),
    (3, "ask 1 ABC"),
    (1, "ask 2 AFQ"),
    (2, "ask 0 BHV"),
    (0, "ask 1 CDE"),
    (1, "ask 3 GOS"),
)


def test_special_unlocks_after_everyone_questioned_and_six_cards() -> None:
    state = start()
    for number, move in enumerate(UNLOCK, start=1):
        assert not state.special_unlocked(), number
        state = play(state, move)
    assert state.view(3).questioned == (0, 1, 2, 3)
    assert state.cards_played == 6
    assert state.special_unlocked()
    assert [(c, h) for c, h, m in state.table if m == 0] == [
        ("AOR", 3),
        ("ABC", 1),
        ("BHV", 0),
        ("CDE", 1),
        ("GOS", 3),
    ]
    assert state.reusable_cards(3) == ("ABC", "BHV", "CDE")


def test_special_needs_unlock() -> None:
    state = play(start(), (0, "ask 3 AOR"), (3, "ask 1 ABC"))
    with pytest.raises(IllegalActionError, match="special investigations are locked"):
        state.apply(1, parse_action("ask 2 AFQ+AOR"))


def test_special_investigation_answers_both_cards_and_moves_the_reused_card() -> None:
    state = play(start(), *UNLOCK)
    assert state.to_move() == 3
    # AOR lies in front of the asker himself (seat 3): not reusable. BHV (at seat 0) is.
    with pytest.raises(IllegalActionError, match="cannot be reused"):
        state.apply(3, parse_action("ask 2 FGI+AOR"))
    with pytest.raises(IllegalActionError, match="cannot be reused"):
        state.apply(3, parse_action("ask 2 FGI+AFQ"))  # AFQ has a marker
    state = play(state, (3, "ask 1 FGI+BHV"))
    assert state.log[-1].answers == (1, 1)  # seat 1 holds I and H
    assert ("BHV", 1, 1) in state.table
    assert state.cards_played == 8
    assert state.to_move() == 1


def test_special_count_per_investigation_option() -> None:
    state = play(start(special_count="per-investigation"), *UNLOCK, (3, "ask 1 FGI+BHV"))
    assert state.cards_played == 7


def test_special_either_reuses_a_card_instead_of_a_face_up_one() -> None:
    state = play(start(special="either"), *UNLOCK)
    with pytest.raises(IllegalActionError, match="one card"):
        state.apply(3, parse_action("ask 1 FGI+BHV"))
    state = play(state, (3, "ask 2 BHV"))
    assert state.log[-1].answers == (0,)
    assert state.face_up() == ("FGI", "DHO", "IRT")  # no stack was touched


# --- accusations, guesses, scoring ----------------------------------------------------------------


def test_wrong_accusation_eliminates_but_the_player_keeps_playing() -> None:
    state = play(start(), (0, "ask 2 AOR"), (1, "accuse ABC"))
    assert state.last_result() == "wrong"
    assert state.view(None).eliminated == (1,)
    assert 1 not in state.actors()
    with pytest.raises(IllegalActionError, match="has accused already"):
        state.apply(1, parse_action("accuse BLM"))
    state = play(state, (2, "ask 1 ABC"))  # seat 1 is still questioned...
    assert state.to_move() == 1  # ...and asks next
    state = play(state, (1, "ask 3 AFQ"))
    assert state.outcome is None


def test_anyone_may_accuse_at_any_decision_point() -> None:
    state = start()
    assert state.actors() == frozenset({0, 1, 2, 3})
    assert "accuse" in narrow(ActionList, state.legal_actions(2)).kinds()
    assert len(state.legal_actions(2)) == 2925


def test_correct_accusation_then_sealed_guesses_then_scores() -> None:
    state = play(start(), (0, "ask 2 AOR"), (2, "ask 1 ABC"), (3, "accuse ABC"))
    assert state.supply == 39
    state = play(state, (1, "accuse LMB"))
    assert state.last_result() == "correct"
    assert state.phase == "guessing"
    assert state.actors() == frozenset({0, 2})  # seat 3 accused wrongly: no guess
    assert state.view(0).ring is None
    state = play(state, (0, "guess BLM"))
    assert state.view(2).guessed == (0,)
    assert state.view(2).own_guess is None
    assert state.view(0).own_guess == "BLM"
    state = play(state, (2, "pass"))
    assert state.outcome is not None
    assert state.outcome.scores == (39, 117, 0, 0)
    assert state.outcome.winners == (1,)
    assert state.view(3).ring == "BLM"


def test_without_guesses_option_the_game_ends_at_once() -> None:
    state = play(start(post_win_guesses=False), (0, "ask 2 AOR"), (1, "accuse BLM"))
    assert state.outcome is not None
    assert state.outcome.scores == (0, 117, 0, 0)


def test_last_player_asks_one_final_question_then_must_accuse() -> None:
    state = play(start(), (0, "ask 2 AOR"), (0, "accuse ABC"), (1, "accuse ABD"))
    assert state.outcome is None
    state = play(state, (3, "accuse ABE"))
    assert state.phase == "final-question"
    assert state.actors() == frozenset({2})
    state = play(state, (2, "ask 1 BHV"))
    assert state.phase == "final-accusation"
    assert state.to_move() == 2
    assert narrow(ActionList, state.legal_actions(2)).kinds() == ("accuse",)
    with pytest.raises(IllegalActionError):
        state.apply(2, parse_action("ask 1 CDE"))
    state = play(state, (2, "accuse BLM"))
    assert state.outcome is not None
    assert state.outcome.scores == (0, 0, 38, 0)  # 1 point per marker left
    assert state.outcome.reason == "last player: correct final accusation"


def test_last_player_wrong_final_accusation_scores_nothing() -> None:
    state = play(start(), (0, "accuse ABC"), (1, "accuse ABD"), (3, "accuse ABE"))
    assert state.to_move() == 2
    state = play(state, (2, "ask 1 AOR"), (2, "accuse BLN"))
    assert state.outcome is not None
    assert state.outcome.scores == (0, 0, 0, 0)
    assert state.outcome.winners == ()


# --- break-offs -------------------------------------------------------------------------------


def test_three_or_fewer_markers_break_the_game_off() -> None:
    # 3 players, 8 cards each: seat 1 holds every letter of many cards, so markers run out.
    game = make_game("bv", 3)
    assert isinstance(game, BlackVienna)
    hands = ("ABCDEFGH", "IJKLMNOP", "QRSTUVWX")
    stacks = (DEFAULT_DECK[0:12], DEFAULT_DECK[12:24], DEFAULT_DECK[24:36])
    state = game.from_deal(hands, "YZÖ", stacks)
    seat = 0
    while state.outcome is None:
        face = next(card for card in state.face_up() if card is not None)
        target = max(
            (t for t in range(3) if t != seat),
            key=lambda t: sum(letter in hands[t] for letter in face),
        )
        state = state.apply(seat, parse_action(f"ask {target} {face}"))
        seat = target
    assert state.outcome.reason == "markers: 3 or fewer left in the supply"
    assert state.outcome.scores == (0, 0, 0)
    assert state.supply <= 3
    assert sum(sum(inv.placed) for inv in state.log) == 40 - state.supply
    assert state.actors() == frozenset()
    with pytest.raises(IllegalActionError, match="game is over"):
        state.apply(0, parse_action("accuse YZÖ"))


def test_the_answer_is_given_in_full_when_markers_run_short() -> None:
    state = play(start(), *UNLOCK)
    state.supply = 4  # a position late in a game, set directly for this one check
    state = play(state, (3, "ask 0 FGI+CDE"))
    assert state.log[-1].answers == (2, 3)  # seat 0 holds F, G and C, D, E
    assert state.log[-1].placed == (2, 2)
    assert state.supply == 0
    assert state.outcome is not None
    assert state.outcome.reason == "markers: 3 or fewer left in the supply"


def test_all_stacks_empty_breaks_off() -> None:
    game = make_game("bv", 3, deck="AOR,BHV,CDE")
    assert isinstance(game, BlackVienna)
    state = game.from_deal(
        ("ABCDEFGH", "IJKLMNOP", "QRSTUVWX"), "YZÖ", (("AOR",), ("BHV",), ("CDE",))
    )
    state = play(state, (0, "ask 1 AOR"), (1, "ask 2 BHV"))
    assert state.outcome is None
    state = play(state, (2, "ask 0 CDE"))
    assert state.outcome is not None
    assert state.outcome.reason == "stacks: no investigation card left to play"


def test_a_wrong_accuser_sees_the_ring_and_knows_it_from_then_on() -> None:
    # Seed rulebook: the accuser "looks at the three criminal ring cards, and checks whether
    # his accusation is correct" (REFERENCE §1.6, §1.7); he scores 0 and may not accuse again.
    state = start()
    ring = mask_letters(state.ring)
    wrong = next(t for t in ("ABC", "ABD", "ABE") if t != ring)
    after = state.apply(2, Accuse(wrong))
    assert after.last_result() == "wrong" and after.outcome is None
    assert after.view(2).ring == ring
    assert all(after.view(s).ring is None for s in (None, 0, 1, 3))
    kit = find_kit("bv")
    knowledge = kit.part(KNOWLEDGE, Knowledge)
    analysis = knowledge.analyze(knowledge.from_view(after.view(2)), None, False)
    assert [s.cards for s in analysis.solutions] == [tuple(ring)]
    assert all(analysis.certain[letter] == "ring" for letter in ring)
    sheet = kit.part(RENDER, TextRender).sheet(after.view(2), "facts")
    assert f"You accused wrongly and saw the ring: {ring}. You may not accuse again." in sheet
    assert "THE RING IS" not in sheet  # no "accuse!" for a seat that may not accuse again
    with pytest.raises(IllegalActionError, match="accused already"):
        after.apply(2, Accuse(ring))
