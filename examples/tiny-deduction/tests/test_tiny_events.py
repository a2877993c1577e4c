"""Tiny Deduction's typed events: exact events for each kind of step, the history told from
them, and the harness's checks of events, which must catch an event that tells a seat what
it may not know, a step without events, and an event that is no JSON."""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass

import pytest

if importlib.util.find_spec("tiny_deduction") is None:  # a failure, never a skip: CI installs it
    pytest.fail(
        "tiny_deduction is not installed: pip install -e examples/tiny-deduction", pytrace=False
    )

from tiny_deduction import Accuse, Ask, TinyDeduction, TinyState
from tiny_deduction.events import Accused, Answered
from tiny_deduction.render import RENDER, event_words

from sleuth.core.events import Event
from sleuth.core.kit import Move
from sleuth.testing import check_game
from sleuth.testing.harness import ConformanceError


def dealt(players: int = 3, **options: object) -> TinyState:
    """A known deal: seat 0 holds AB, seat 1 CD, seat 2 EF; G is the culprit."""
    game = TinyDeduction.configure(players, **options)
    hands = ("AB", "CD", "EF")[:players]
    return TinyState(game, hands, "G", "", asked=(0,) * players)


def test_each_step_gives_its_events_and_the_record_their_notation() -> None:
    assert dealt().last_events() == ()
    asked = dealt().apply(0, Ask(1, "AC"))
    assert asked.last_events() == (Answered(0, 1, "AC", 1, "count"),)
    assert asked.last_events()[0].to_json() == {
        "kind": "answered",
        "asker": 0,
        "target": 1,
        "pair": "AC",
        "answer": 1,
        "answers": "count",
        "told": {
            "template": "%(asker)s asked %(target)s about %(pair)s: %(count)s of them",
            "values": {"asker": 0, "target": 1, "pair": "AC", "count": 1},
            "seats": ["asker", "target"],
        },
    }
    assert asked.last_result() == "seat 1, AC: 1"
    yes_no = dealt(answers="yes-no").apply(0, Ask(2, "AB"))
    assert yes_no.last_events() == (Answered(0, 2, "AB", 0, "yes-no"),)
    assert yes_no.last_result() == "seat 2, AB: no"
    wrong = asked.apply(1, Accuse("C"))
    assert wrong.last_events() == (Accused(1, "C", False),)
    assert wrong.last_events()[0].to_json() == {
        "kind": "accused",
        "seat": 1,
        "suspect": "C",
        "correct": False,
        "told": {
            "template": "%(seat)s accused %(suspect)s: innocent",
            "values": {"seat": 1, "suspect": "C"},
            "seats": ["seat"],
        },
    }
    assert wrong.last_result() == "C is innocent"
    right = wrong.apply(2, Accuse("G"))
    assert (right.last_events(), right.last_result()) == (
        (Accused(2, "G", True),),
        "G is the culprit",
    )
    assert all(event.seen_by() is None for event in (*asked.last_events(), *right.last_events()))


def test_the_history_is_told_from_the_events_for_each_reader() -> None:
    state = dealt(answers="yes-no").apply(0, Ask(1, "AC"))
    events = state.last_events()
    history = RENDER.history
    assert history is not None
    for seat, line in [
        (0, "you asked seat 1 about AC: yes, seat 1 holds one or both"),
        (1, "seat 0 asked you about AC: yes, you hold one or both"),
        (None, "seat 0 asked seat 1 about AC: yes, seat 1 holds one or both"),
    ]:
        move = Move(0, "a result the history does not read", None, events)
        assert history(state.view(seat), state.view(seat), move) == [line]
    assert event_words(Answered(2, 0, "EF", 0, "count"), 0) == (
        "seat 2 asked you about EF: you hold 0 of them"
    )
    assert event_words(Accused(1, "G", True), None) == "seat 1 accused G: G is the culprit"
    assert event_words(Accused(1, "C", False), 1) == "you accused C: C is innocent"


def test_the_harness_checks_every_step_of_events() -> None:
    report = check_game(TinyDeduction.configure(3), seeds=range(4))
    assert report.events_checked == report.steps > 0  # one event a step in Tiny Deduction
    assert report.twins_checked > 0


@dataclass(frozen=True, slots=True)
class Hint(Event):
    """An event Tiny Deduction never gives: a hidden card shown to seat ``to`` (``None``:
    to everyone), for the harness to judge."""

    kind = "hint"
    to: int | None
    card: str

    def seen_by(self) -> frozenset[int] | None:
        return None if self.to is None else frozenset({self.to})

    def notation(self) -> str:
        return f"hint {self.card}"


def with_hint(to: int | None, place: int) -> object:
    """Every step's events and a ``Hint`` of a card of ``place`` (a seat; -1: the culprit)."""

    def last_events(state: TinyState) -> tuple[Event, ...]:
        card = state.culprit if place < 0 else state.hands[place]
        return (*state.events, Hint(to, card))

    return last_events


@pytest.mark.parametrize(
    ("to", "place", "seat"),
    # Everyone told the culprit: whichever seat's twin first moves the culprit sees it.
    [(None, -1, "(None|0|1|2)"), (0, 1, "0"), (2, -1, "2")],
    ids=["public-culprit", "seat-0-sees-seat-1s-hand", "seat-2-sees-the-culprit"],
)
def test_the_harness_catches_an_event_that_leaks(
    to: int | None, place: int, seat: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(TinyState, "last_events", with_hint(to, place))
    with pytest.raises(ConformanceError, match=f"LEAK: the last step's events seat {seat} "):
        check_game(TinyDeduction.configure(3), seeds=range(5), deep_every=1)


def test_the_harness_lets_a_seat_see_a_private_event_of_its_own_cards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Seat 1 shown its own hand: no twin of seat 1 changes it, and no other seat sees it.
    monkeypatch.setattr(TinyState, "last_events", with_hint(1, 1))
    report = check_game(TinyDeduction.configure(3), seeds=range(5), deep_every=1)
    assert report.events_checked == 2 * report.steps and report.twins_checked > 0


def test_the_harness_catches_a_step_without_events(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(TinyState, "last_events", lambda state: ())
    with pytest.raises(ConformanceError, match=r"^seed 0 step 0: the step gave no event"):
        check_game(TinyDeduction.configure(3), seeds=range(1))


@dataclass(frozen=True, slots=True)
class Shuffled(Event):
    kind = "shuffled"
    cards: frozenset[str]

    def notation(self) -> str:
        return "shuffled"


def test_the_harness_catches_an_event_that_is_no_json(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(TinyState, "last_events", lambda state: (Shuffled(frozenset("AB")),))
    with pytest.raises(ConformanceError, match=r"is no JSON: cannot encode frozenset as JSON"):
        check_game(TinyDeduction.configure(3), seeds=range(1))
