"""13 Clues' step events: exact events of chosen steps, who may see each (a chosen mystery
only its chooser, an informant card only its looker, a Top Secret subject and answer only the
asker and the witness), every kind reached in a seeded game, the hidden twin's equal events,
the results as records keep them, and the terminal's history told from the events."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from sleuth.core import make_game
from sleuth.core.events import Event, events_json, public, visible
from sleuth.core.kit import Move
from sleuth.games.thirteen_clues import Accuse, ThirteenClues, ThirteenCluesState, words
from sleuth.games.thirteen_clues.events import (
    EVENT_TYPES,
    Accused,
    Asked,
    AskedSecret,
    InformantSeen,
    Looked,
    MysteryChosen,
    MysteryPicked,
    SecretAnswer,
    Started,
    TookGlass,
)

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
PAGE_EVENTS = Path(__file__).resolve().parent / "web" / "thirteen-clues-events.json"
# A seeded game of mostly questions and looks (few accusations, so the supply runs dry and a
# glass is taken) that reaches every kind of event within its 200 steps.
SEED, PLAYERS, STEPS = 4, 3, 200
OPTIONS: dict[str, Any] = {"top_secret": True, "glasses": 3}


def game(players: int, **options: Any) -> ThirteenClues:
    made = make_game("13-clues", players, **options)
    assert isinstance(made, ThirteenClues)
    return made


def act(state: ThirteenCluesState, seat: int, text: str) -> ThirteenCluesState:
    new = state.apply(seat, state.game.parse_action(text))
    assert isinstance(new, ThirteenCluesState)
    return new


def three(**options: Any) -> ThirteenCluesState:
    return game(3, **options).from_deal(HANDS_3, INFORMANTS_3, start=0, chosen=CHOSEN_3)


def seeded_states() -> list[ThirteenCluesState]:
    state = game(PLAYERS, **OPTIONS).new(SEED)
    rng = random.Random(SEED)
    states = [state]
    while state.outcome is None and len(states) <= STEPS:
        seat = min(state.actors())
        legal = list(state.legal_actions(seat))
        others = [a for a in legal if not isinstance(a, Accuse)]
        action = rng.choice(others if others and rng.random() < 0.9 else legal)
        state = state.apply(seat, action)
        states.append(state)
    return states


def test_choosing_the_mysteries_tells_the_chooser_alone_the_cards() -> None:
    state = game(3).from_deal(HANDS_3, INFORMANTS_3, start=1)
    assert state.last_events() == ()
    state = act(state, 1, "choose Countess Library Poison")
    picked = MysteryPicked(1, 2, ("Countess", "Library", "Poison"))
    assert state.last_events() == (MysteryChosen(1, 2), picked)
    assert picked.seen_by() == frozenset({1})
    assert state.last_result() == "chosen" and state.private_result() == ""
    for seat in (None, 0, 2):  # the owner, a third seat and a spectator see only the choosing
        assert visible(state.last_events(), seat) == (MysteryChosen(1, 2),)
    state = act(state, 0, "choose Officer Parlor Knife")
    state = act(state, 2, "choose Maid Museum Blowgun")
    assert state.last_events() == (
        MysteryChosen(2, 0),
        MysteryPicked(2, 0, ("Maid", "Museum", "Blowgun")),
        Started(1),
    )
    assert state.last_result() == "chosen; seat 1 starts"
    assert visible(state.last_events(), 0) == (MysteryChosen(2, 0), Started(1))


def test_a_question_and_a_look_at_an_informant() -> None:
    # Seat 1 sees Maid Museum Blowgun, Countess Library Poison and its Butcher and Park.
    state = act(three(), 0, "ask 1 yellow")
    assert state.last_events() == (Asked(0, 1, "yellow", "", 2),)
    assert state.last_result() == "1:yellow=2"
    state = act(state, 1, "look C")
    assert state.last_events() == (Looked(1, "C"), InformantSeen(1, "C", "Rifle"))
    assert state.last_result() == "looked C" and state.private_result() == ""
    for seat in (None, 0, 2):
        assert visible(state.last_events(), seat) == (Looked(1, "C"),)


def test_a_question_about_one_hidden_card_names_its_side() -> None:
    two = game(2).from_deal(
        [HANDS_3[0], HANDS_3[1]],
        ["Crossbow", "Sword", "Nurse", "Museum", "Blowgun", "Maid", "Harbor", "Rifle"],
        start=0,
        chosen=[CHOSEN_3[0], CHOSEN_3[1]],
    )
    # Seat 1 sees Countess Library Poison and, on its left, Butcher: one male.
    two = act(two, 0, "ask 1 male left")
    assert two.last_events() == (Asked(0, 1, "male", "left", 1),)
    assert two.last_result() == "1:male/left=1"


def test_a_glass_taken_when_the_supply_is_empty() -> None:
    state = three(glasses=3)  # one glass each, none in the supply
    for seat, witness, times in ((0, 1, 1), (1, 2, 2), (2, 1, 3)):
        for _ in range(times):
            state = act(state, seat, f"ask {witness} red")
    assert state.phase == "take" and state.turn == 0 and state.glasses == (0, 3, 0)
    state = act(state, 0, "take 1")
    assert state.last_events() == (TookGlass(0, 1),)
    assert state.last_result() == "took from 1"


def test_accusations_wrong_and_right() -> None:
    # Seat 0's mystery is Maid Museum Blowgun; it cannot see seat 2's Nurse and Harbor.
    wrong = act(three(), 0, "accuse Nurse Harbor Blowgun")
    assert wrong.last_events() == (Accused(0, ("Nurse", "Harbor", "Blowgun"), False),)
    assert wrong.last_result() == "wrong" and wrong.outcome is None
    won = act(three(), 0, "accuse Maid Museum Blowgun")
    assert won.last_events() == (Accused(0, ("Maid", "Museum", "Blowgun"), True),)
    assert won.last_result() == "correct" and won.outcome is not None


def test_a_top_secret_question_s_subject_and_answer_reach_its_two_seats_alone() -> None:
    # Seat 2 sees Officer Parlor Knife, all three purple.
    state = act(three(top_secret=True), 0, "ask 2 purple secret")
    answer = SecretAnswer(0, 2, "purple", "", 3)
    assert state.last_events() == (AskedSecret(0, 2, ""), answer)
    assert answer.seen_by() == frozenset({0, 2})
    assert state.last_result() == "2:top-secret" and state.private_result() == ""
    for seat in (None, 1):
        seen = visible(state.last_events(), seat)
        assert seen == (AskedSecret(0, 2, ""),)
        assert "purple" not in json.dumps(events_json(seen))


def test_every_kind_is_reached_and_the_result_is_the_public_events_notations() -> None:
    states = seeded_states()
    assert {e.kind for s in states for e in s.last_events()} == {t.kind for t in EVENT_TYPES}
    # each seat's view of the events against a hidden twin: the conformance harness, for
    # every game (sleuth.testing, _check_twin)
    for state in states[1:]:
        events = state.last_events()
        assert events
        assert state.last_result() == "; ".join(e.notation() for e in public(events))
        assert state.private_result() == ""


def test_the_events_survive_json_and_private_ones_name_only_their_seats() -> None:
    for state in seeded_states()[1:]:
        for event in state.last_events():
            data = event.to_json()
            assert json.loads(json.dumps(data)) == data and data["kind"] == event.kind
            if isinstance(event, SecretAnswer):
                assert event.seen_by() == frozenset({event.asker, event.witness})
            elif isinstance(event, MysteryPicked | InformantSeen):
                assert event.seen_by() == frozenset({event.seat})
            else:
                assert event.seen_by() is None and event.notation()


# The history told from the events each reader may see: tests/test_history_events.py, for
# every game.


def test_the_history_in_words_for_the_asker_the_witness_and_a_spectator() -> None:
    state = three(top_secret=True)
    after = act(state, 0, "ask 2 purple secret")
    said = {
        seat: words.history_lines(
            state.view(seat),
            after.view(seat),
            Move(0, after.last_result(), None, visible(after.last_events(), seat)),
        )
        for seat in (None, 0, 1, 2)
    }
    assert said == {
        None: ["seat 0 asked seat 2 a Top Secret question"],
        0: [
            "you asked seat 2 a Top Secret question",
            "the Top Secret question, between you and seat 2: about purple: 3",
        ],
        1: ["seat 0 asked seat 2 a Top Secret question"],
        2: [
            "seat 0 asked you a Top Secret question",
            "the Top Secret question, between seat 0 and you: about purple: 3",
        ],
    }


def test_every_kind_has_words_for_each_reader() -> None:
    for event in page_events():
        for me in (None, 0, 1, 2):
            text = words.event_words(event, me)
            assert text and "None" not in text
    assert words.event_words(Asked(1, 0, "male", "right", 2), 0) == (
        "seat 1 asked you about male, counting the right hidden card: 2"
    )
    assert words.event_words(MysteryChosen(2, 0), 0) == "seat 2 chose your mystery"
    assert words.event_words(MysteryPicked(0, 1, ("Maid", "Harbor", "Rifle")), 0) == (
        "seat 1's mystery is Maid, Harbor, Rifle"
    )
    assert words.event_words(Started(1), 1) == "you start"
    assert words.event_words(Started(1), None) == "seat 1 starts"
    assert words.event_words(Looked(2, "B"), 2) == "you looked at informant B"
    assert words.event_words(InformantSeen(2, "B", "Sword"), 2) == "informant B is Sword"
    assert words.event_words(TookGlass(0, 1), 1) == "seat 0 took a glass from you"
    assert words.event_words(Accused(1, ("Maid", "Harbor", "Rifle"), True), None) == (
        "seat 1 accused Maid Harbor Rifle: right!"
    )


def page_events() -> list[Event]:
    """The first event of each kind in the seeded game."""
    first: dict[str, Event] = {}
    for state in seeded_states()[1:]:
        for event in state.last_events():
            first.setdefault(event.kind, event)
    return [first[t.kind] for t in EVENT_TYPES]


def page_events_json() -> str:
    return json.dumps(events_json(page_events()), indent=1, ensure_ascii=False) + "\n"


def test_the_page_s_events_are_those_the_game_gives() -> None:
    """web/thirteen-clues-events.json, which the page's test says in words, is what the
    game gives today (write it again: run this file with python)."""
    assert PAGE_EVENTS.read_text(encoding="utf-8") == page_events_json()


if __name__ == "__main__":
    PAGE_EVENTS.write_text(page_events_json(), encoding="utf-8")
