"""Tiny Deduction's own tests: its rules with exact values, a leak the harness must catch,
and the sheet's odds against the frequencies of the game's own deal."""

from __future__ import annotations

import dataclasses
import importlib.util
import re
from collections import Counter, defaultdict
from typing import Any

import pytest

if importlib.util.find_spec("tiny_deduction") is None:  # a failure, never a skip: CI installs it
    pytest.fail(
        "tiny_deduction is not installed: pip install -e examples/tiny-deduction", pytrace=False
    )

from tiny_deduction import Accuse, Ask, Question, TinyDeduction, TinyEnd, TinyState, TinyView
from tiny_deduction import rules as tiny_rules
from tiny_deduction.render import CULPRIT, sheet_data, sheet_text, tally

from sleuth.core import ConfigError, IllegalActionError, InvalidActionError, make_rng
from sleuth.testing import check_game
from sleuth.testing.harness import ConformanceError


def dealt(players: int = 3, **options: object) -> TinyState:
    """A known deal: seat 0 holds AB, seat 1 CD, seat 2 EF; G is the culprit."""
    game = TinyDeduction.configure(players, **options)
    hands = ("AB", "CD", "EF")[:players]
    return TinyState(game, hands, "G", "", asked=(0,) * players)


def test_the_deal_shares_all_but_the_culprit_and_lays_the_rest_face_up() -> None:
    game = TinyDeduction.configure(4, suspects=8)
    state = game.new(11)
    assert [len(hand) for hand in state.hands] == [1, 1, 1, 1]
    assert len(state.face_up) == 3
    assert sorted("".join(state.hands) + state.face_up + state.culprit) == list("ABCDEFGH")
    assert game.new(11).reveal() == state.reveal()  # the seed is the deal


def test_an_answer_is_a_count_or_yes_no_and_everyone_hears_it() -> None:
    state = dealt().apply(0, Ask(1, "AC"))
    assert state.last_result() == "seat 1, AC: 1"
    assert state.turn == 1
    for seat in (None, 0, 1, 2):
        assert state.view(seat).questions == (Question(0, 1, "AC", 1),)
    assert dealt().apply(0, Ask(1, "CD")).last_result() == "seat 1, CD: 2"
    assert dealt(answers="yes-no").apply(0, Ask(1, "CD")).last_result() == "seat 1, CD: yes"
    assert dealt(answers="yes-no").apply(0, Ask(2, "AB")).last_result() == "seat 2, AB: no"


def test_a_seat_sees_its_own_hand_and_the_table_only() -> None:
    state = dealt()
    view = state.view(1)
    assert (view.hand, view.face_up, view.culprit, view.turn) == ("CD", "", None, 0)
    assert state.view(None).hand is None
    text = view.render()
    assert "your hand: CD" in text
    assert not re.search(r"\b(AB|EF|G)\b|culprit", text)


def test_a_correct_accusation_wins_one_point_plus_the_questions_left() -> None:
    state = dealt().apply(0, Ask(1, "AB")).apply(1, Accuse("G"))
    assert state.outcome is not None
    assert state.outcome.scores == (0, 1 + 3, 0)  # seat 1 had asked nothing
    assert (state.outcome.winners, state.outcome.reason) == ((1,), TinyEnd.SOLVED)
    assert state.last_result() == "G is the culprit"
    assert state.view(0).culprit == "G"
    assert state.legal_actions(2) == ()


def test_a_wrong_accuser_is_out_but_still_answers() -> None:
    state = dealt().apply(0, Accuse("C"))
    assert (state.out, state.turn, state.last_result()) == ((0,), 1, "C is innocent")
    state = state.apply(1, Ask(0, "AE")).apply(2, Ask(0, "BF"))
    assert state.turn == 1  # seat 0 is skipped
    assert [q.answer for q in state.questions] == [1, 1]
    with pytest.raises(IllegalActionError, match="it is seat 1's turn"):
        state.apply(0, Ask(1, "AB"))


def test_when_every_accusation_is_wrong_nobody_wins() -> None:
    state = dealt(2).apply(0, Accuse("C")).apply(1, Accuse("A"))
    assert state.outcome is not None
    assert state.outcome.scores == (0, 0)
    assert (state.outcome.winners, state.outcome.reason) == ((), TinyEnd.UNSOLVED)


def test_after_the_last_question_a_player_must_accuse() -> None:
    state = dealt(questions=1).apply(0, Ask(1, "AB")).apply(1, Ask(2, "AB"))
    state = state.apply(2, Ask(0, "AB"))
    assert [str(a) for a in state.legal_actions(0)] == [f"accuse {s}" for s in "ABCDEFG"]
    with pytest.raises(IllegalActionError, match="has asked all 1 questions and must accuse"):
        state.apply(0, Ask(1, "CD"))


def test_bad_actions_are_refused_by_name_and_change_nothing() -> None:
    state = dealt()
    before = state.reveal(), state.view(None)
    with pytest.raises(IllegalActionError, match="a player does not ask himself"):
        state.apply(0, Ask(0, "CD"))
    with pytest.raises(IllegalActionError, match="there is no seat 7"):
        state.apply(0, Ask(7, "CD"))
    with pytest.raises(InvalidActionError, match="malformed"):
        state.apply(0, Ask(1, "DC"))  # not in canonical order
    assert (state.reveal(), state.view(None)) == before
    game = state.game
    assert game.parse_action("ASK 1 ca") == Ask(1, "AC")
    for text, message in [
        ("ask 1 AZ", "'Z' is no suspect"),
        ("ask 1 AA", "a question names two different suspects"),
        ("accuse AB", "name one suspect"),
        ("ask one AB", "'one' is not a seat number"),
        ("ask 2", "is not an action"),
    ]:
        with pytest.raises(InvalidActionError, match=message):
            game.parse_action(text)


def test_options_out_of_range_are_refused() -> None:
    with pytest.raises(ConfigError, match="questions: 1-20, not 0"):
        TinyDeduction.configure(3, questions=0)
    with pytest.raises(ConfigError, match="option suspects is one of 5, 6, 7, 8, 9, 10"):
        TinyDeduction.configure(3, suspects=11)
    with pytest.raises(ConfigError, match="takes 2-4 players, not 5"):
        TinyDeduction.configure(5)


honest_view = tiny_rules.build_view


def leak_culprit(state: Any, seat: int | None) -> TinyView:
    view: TinyView = honest_view(state, seat)
    return dataclasses.replace(view, culprit=state.culprit)


def leak_next_hand(state: Any, seat: int | None) -> TinyView:
    view: TinyView = honest_view(state, seat)
    return dataclasses.replace(view, face_up=state.hands[((seat or 0) + 1) % len(state.hands)])


@pytest.mark.parametrize("leak", [leak_culprit, leak_next_hand])
def test_the_harness_catches_a_view_that_leaks(leak: Any, monkeypatch: Any) -> None:
    monkeypatch.setattr(tiny_rules, "build_view", leak)
    with pytest.raises(ConformanceError, match="LEAK: seat"):
        check_game(TinyDeduction.configure(3), seeds=range(5))


def test_the_sheet_marks_what_is_certain() -> None:
    state = dealt().apply(0, Ask(1, "CD"))  # seat 1 holds both: C and D are placed
    text = sheet_text(state.view(0), "facts")
    lines = text.splitlines()
    assert lines[0] == "3 deals fit what seat 0 knows"  # E, F, G into seat 2 and the culprit
    assert lines[1].split() == ["s0", "s1", "s2", "culprit"]
    assert lines[2].split() == ["A", "✓", "·", "·", "·"]
    assert lines[4].split() == ["C", "·", "✓", "·", "·"]
    assert lines[6].split() == ["E", "·", "·"]  # s2 and culprit: open
    assert lines[-1] == "the culprit is one of EFG"
    assert sheet_text(state.view(None), "full") == "(a spectator keeps no sheet)"
    state = state.apply(1, Accuse("E")).apply(2, Ask(0, "AB")).apply(0, Accuse("F"))
    assert sheet_text(state.view(2), "facts").splitlines()[-1] == "THE CULPRIT IS G: accuse!"


def test_the_drawn_sheet_holds_what_the_text_sheet_says() -> None:
    state = dealt().apply(0, Ask(1, "CD"))
    data = sheet_data(state.view(0), "facts")
    assert data is not None
    assert (data.rows, data.columns, data.solution_column) == (
        ("A", "B", "C", "D", "E", "F", "G"),
        ("s0", "s1", "s2", CULPRIT),
        CULPRIT,
    )
    assert data.cells[0] == (1.0, 0.0, 0.0, 0.0)  # A: seat 0's own
    assert data.cells[2] == (0.0, 1.0, 0.0, 0.0)  # C: seat 1 holds both of CD
    assert data.cells[4] == (0.0, 0.0, None, None)  # E: seat 2's or the culprit
    assert (data.certain, data.possible, data.truth) == ((), None, None)
    assert sheet_data(state.view(0), "full").possible == 3  # type: ignore[union-attr]
    assert sheet_data(state.view(None), "facts") is None
    state = state.apply(1, Accuse("E")).apply(2, Ask(0, "AB")).apply(0, Accuse("F"))
    alone = sheet_data(state.view(2), "facts")
    assert alone is not None
    assert (alone.certain, alone.possible) == (("G",), 1)


# The questions every game of a test asks (asker, target, pair): with two players seat 1's
# question to seat 0 tells seat 0 nothing, so that the culprit is often still open.
SCRIPTS = {
    2: [(0, 1, "AB"), (1, 0, "CD")],
    3: [(0, 1, "AB"), (1, 2, "CD"), (2, 0, "EF")],
}


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {"suspects": "6"}), (2, {"suspects": "6", "answers": "yes-no"}), (3, {})],
)
def test_the_sheet_odds_match_the_frequencies_of_the_deal(
    players: int, options: dict[str, str]
) -> None:
    """Deal many games and ask the same questions in each; among the games that look alike
    to seat 0, the culprit must be each suspect as often as the sheet says. The truth is the
    game's own deal, not the sheet's counting."""
    game = TinyDeduction.configure(players, **options)
    alike: dict[tuple[object, ...], list[TinyState]] = defaultdict(list)
    for seed in range(20_000):
        state = game.new(seed)
        for seat, target, pair in SCRIPTS[players]:
            state = state.apply(seat, Ask(target, pair))
        view = state.view(0)
        alike[view.hand, view.face_up, tuple(q.answer for q in view.questions)].append(state)
    chi_square, freedom, games = 0.0, 0, 0
    for states in alike.values():
        if len(states) < 100:
            continue
        counted = tally(states[0].view(0))
        culprits = Counter(state.culprit for state in states)
        open_suspects = 0
        for suspect in game.suspects:
            share = counted.share(suspect, CULPRIT)
            if share in (0.0, 1.0):  # certain: without exception
                assert culprits[suspect] == share * len(states), suspect
                continue
            expected = share * len(states)
            chi_square += (culprits[suspect] - expected) ** 2 / expected
            open_suspects += 1
        freedom += max(0, open_suspects - 1)  # a group's counts add up to its size
        games += len(states)
    assert games >= 15_000 and freedom >= 50
    # Pearson's statistic over all groups: chi-square with ``freedom`` degrees.
    assert abs(chi_square - freedom) < 5 * (2 * freedom) ** 0.5, (chi_square, freedom)


def test_the_true_deal_always_fits_the_sheet() -> None:
    game = TinyDeduction.configure(3, suspects=9, questions=4)
    for seed in range(200):
        rng = make_rng(seed, "test")
        state = game.new(seed)
        while state.outcome is None:
            for seat in range(3):
                counted = tally(state.view(seat))
                assert counted.share(state.culprit, CULPRIT) > 0
                for holder, hand in enumerate(state.hands):
                    assert all(counted.share(s, str(holder)) > 0 for s in hand)
            legal = state.legal_actions(state.turn)
            state = state.apply(state.turn, legal[rng.randrange(len(legal))])


def test_the_rules_for_players_come_in_german_and_japanese_from_the_packages_own_catalogues() -> (
    None
):
    from tiny_deduction.guide import RULES

    from sleuth.i18n import translate_at

    assert RULES.locale is not None and RULES.locale.parent.name == "tiny_deduction"
    assert translate_at(RULES.locale, "de", "The deal") == "Das Austeilen"
    assert translate_at(RULES.locale, "ja", RULES.short[0].paragraphs[0]) == (
        "容疑者カードが1枚、裏向きに置かれています。それが犯人です。他のプレイヤーより先に、誰が犯人かを"
        "突き止めましょう。"
    )
    assert translate_at(RULES.locale, "en", "The deal") == "The deal"
    untranslated = [t for t in RULES.texts() if translate_at(RULES.locale, "de", t) == t]
    assert untranslated == []
