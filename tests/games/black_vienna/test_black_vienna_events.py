"""Black Vienna's typed step events: exact events of the scripted game of the golden file (who
may see each, their notations, the record's text), an answer given in full beyond the supply,
the end's opened envelopes, every kind reached, the hidden twin's equal events, the terminal's
history told from them, and the events the page's test (web/black-vienna-events.test.js)
says in words."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from sleuth.agents import RandomAgent
from sleuth.arena import play_match
from sleuth.core import make_game
from sleuth.core.events import Event, events_json, public, visible
from sleuth.core.kit import Move
from sleuth.games.black_vienna import BlackVienna, BlackViennaState, parse_action, words
from sleuth.games.black_vienna.events import (
    EVENT_TYPES,
    Accused,
    Answered,
    Asked,
    Guessed,
    HandedIn,
    Named,
    Opened,
    Passed,
    RingSeen,
)

PAGE_EVENTS = Path(__file__).resolve().parent / "web" / "black-vienna-events.json"
# The scripted game of tests/goldens/black-vienna-4p-scripted.txt (seed 42, the ring EKT):
# questions, a special investigation, a wrong and a right accusation, a guess and a pass.
SEED = 42
SCRIPT = (
    (0, "ask 1 CDE"),
    (1, "ask 2 JKL"),
    (2, "ask 3 IRT"),
    (3, "ask 0 CMY"),
    (0, "ask 2 ERV"),
    (2, "ask 1 FJM"),
    (1, "ask 3 AKÖ+CMY"),
    (2, "accuse EKM"),
    (3, "ask 0 QUY"),
    (0, "accuse EKT"),
    (1, "guess EKT"),
    (3, "pass"),
)
READERS = (0, 1, 2, 3, None)


def game(players: int = 4, **options: object) -> BlackVienna:
    made = make_game("black-vienna", players, **options)
    assert isinstance(made, BlackVienna)
    return made


def scripted() -> list[BlackViennaState]:
    """The state after each step of the script (the deal first)."""
    g = game()
    states = [g.new(SEED)]
    for seat, text in SCRIPT:
        states.append(states[-1].apply(seat, parse_action(text)))
    return states


def scripted_run() -> list[tuple[int, str, BlackViennaState]]:
    return [(seat, text, state) for (seat, text), state in zip(SCRIPT, scripted()[1:], strict=True)]


def seeded_game(seed: int, players: int = 4) -> list[tuple[int, str, BlackViennaState]]:
    """A game between random bots that also accuse: (seat, action, state after) per step."""
    g = game(players)
    bots = [RandomAgent(interrupt_rate=0.05) for _ in range(players)]
    steps = play_match(g, bots, seed, bot_seeds=[seed + seat for seat in range(players)]).steps
    state, out = g.new(seed), []
    for step in steps:
        state = state.apply(step.seat, parse_action(step.action))
        out.append((step.seat, step.action, state))
    return out


def test_the_scripted_game_gives_exact_events_and_its_results_are_their_notations() -> None:
    states = scripted()
    events = [s.last_events() for s in states]
    assert events[0] == ()
    assert events[1] == (Asked(0, 1, ("CDE",)), Answered(1, "CDE", 0, 0))
    assert events[7] == (
        Asked(1, 3, ("AKÖ", "CMY")),
        Answered(3, "AKÖ", 0, 0),
        Answered(3, "CMY", 1, 1),
    )
    assert events[8] == (Accused(2, False), Named(2, "EKM"), RingSeen(2, "EKT"))
    assert events[10] == (Accused(0, True), Named(0, "EKT"))
    assert events[11] == (HandedIn(1), Guessed(1, "EKT"))
    assert events[12] == (
        HandedIn(3),
        Passed(3),
        Opened(((2, "EKM"), (0, "EKT")), ((1, "EKT"), (3, None))),
    )
    results = [(s.last_result(), s.private_result()) for s in states[1:]]
    assert results == [
        ("CDE@1=0", ""),
        ("JKL@2=0", ""),
        ("IRT@3=1", ""),
        ("CMY@0=0", ""),
        ("ERV@2=0", ""),
        ("FJM@1=1", ""),
        ("AKÖ@3=0 CMY@3=1", ""),
        ("wrong", ""),
        ("QUY@0=1", ""),
        ("correct", ""),
        ("", "guessed"),
        ("", "passed"),
    ]
    assert [[e.notation() for e in step] for step in events[7:]] == [
        ["", "AKÖ@3=0", "CMY@3=1"],
        ["wrong", "", ""],
        ["", "QUY@0=1"],
        ["correct", ""],
        ["", "guessed"],
        ["", "passed", ""],
    ]


def test_an_accusation_s_letters_and_an_envelope_s_content_are_the_seat_s_own() -> None:
    states = scripted()
    wrong, right, guess, last = (states[n].last_events() for n in (8, 10, 11, 12))
    assert [e.seen_by() for e in wrong] == [None, frozenset({2}), frozenset({2})]
    assert visible(wrong, 2) == wrong
    for reader in READERS:
        if reader != 2:
            assert visible(wrong, reader) == (Accused(2, False),)
        if reader != 0:
            assert visible(right, reader) == (Accused(0, True),)
        if reader != 1:
            assert visible(guess, reader) == (HandedIn(1),)
    assert visible(right, 0) == right
    assert visible(guess, 1) == guess
    # The end opens every envelope and names every accusation to every reader.
    for reader in (0, 1, 2, None):
        assert visible(last, reader) == (HandedIn(3), last[2])
    assert public(last) == (HandedIn(3), last[2])


def test_an_answer_beyond_the_supply_and_a_break_off_open_the_accusations() -> None:
    g = game()
    hands = ("ACDEFG", "HIJKNO", "PQRSTU", "VWXYZÖ")
    stacks = (
        ("AOR", "BHV", "CDE", "FGI", "JKL", "MNP", "QST", "UWX", "YZÖ", "AKÖ", "LOY", "JRZ"),
        ("ABC", "DHO", "ERV", "FJM", "GKN", "ILP", "QUY", "SWZ", "TXÖ", "BNT", "HPQ", "MSV"),
        ("AFQ", "GOS", "IRT", "BJU", "HKW", "LVX", "CMY", "DNZ", "EPÖ", "CGX", "DIU", "EFW"),
    )
    state = g.from_deal(hands, "BLM", stacks)
    moves = ["ask 3 AOR", "ask 1 ABC", "ask 2 AFQ", "ask 0 BHV", "ask 1 CDE", "ask 3 GOS"]
    for seat, text in zip((0, 3, 1, 2, 0, 1), moves, strict=True):
        state = state.apply(seat, parse_action(text))
    state = state.apply(2, parse_action("accuse ABC"))
    state.supply = 4  # a position late in a game, set directly on this fresh state
    state = state.apply(3, parse_action("ask 0 FGI+CDE"))
    assert state.outcome is not None
    assert state.last_events() == (
        Asked(3, 0, ("FGI", "CDE")),
        Answered(0, "FGI", 2, 2),
        Answered(0, "CDE", 3, 2),
        Opened(((2, "ABC"),), ()),
    )
    assert state.last_result() == "FGI@0=2 CDE@0=3"
    assert state.private_result() == ""


def test_an_end_with_nothing_to_open_opens_nothing() -> None:
    state = game(3, deck="AOR,BHV,CDE").from_deal(
        ("ABCDEFGH", "IJKLMNOP", "QRSTUVWX"), "YZÖ", (("AOR",), ("BHV",), ("CDE",))
    )
    for seat, text in ((0, "ask 1 AOR"), (1, "ask 2 BHV"), (2, "ask 0 CDE")):
        state = state.apply(seat, parse_action(text))
    assert state.outcome is not None
    assert state.last_events() == (Asked(2, 0, ("CDE",)), Answered(0, "CDE", 3, 3))


def test_every_kind_is_reached_and_each_seat_sees_its_twin_s_events_alike() -> None:
    rng = random.Random(7)
    kinds: set[str] = set()
    compared = differing = 0
    runs = [scripted_run(), *(seeded_game(seed) for seed in (3, 11))]
    for run in runs:
        for _, _, state in run:
            events = state.last_events()
            kinds |= {e.kind for e in events}
            for reader in READERS:
                twin = state.hidden_twin(reader, rng)
                if twin is None:
                    continue
                compared += 1
                assert visible(twin.last_events(), reader) == visible(events, reader)
                # A twin may differ where a private event of another seat's shows it (the
                # ring a wrong accuser saw): that seat's own events tell it, this one's not.
                differing += twin.last_events() != events
    assert kinds == {t.kind for t in EVENT_TYPES}
    assert compared > 100
    assert differing > 0


def test_the_events_survive_json_and_every_kind_has_a_name_of_its_own() -> None:
    assert len({t.kind for t in EVENT_TYPES}) == len(EVENT_TYPES) == 9
    last = scripted()[-1].last_events()
    assert events_json(last) == [
        {"kind": "handed_in", "seat": 3},
        {"kind": "passed", "seat": 3},
        {
            "kind": "opened",
            "accusations": [[2, "EKM"], [0, "EKT"]],
            "guesses": [[1, "EKT"], [3, None]],
        },
    ]


def test_the_history_is_told_from_the_events_a_seat_may_see(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    told: list[tuple[Event, int | None]] = []

    def marker(event: Event, me: int | None, language: str = "en") -> str:
        told.append((event, me))
        return "<event>"

    monkeypatch.setattr(words, "event_words", marker)
    runs = [(game().new(SEED), scripted_run()), (game().new(3), seeded_game(3))]
    for start, run in runs:
        before = start
        for seat, text, after in run:
            for reader in READERS:
                seen = visible(after.last_events(), reader)
                move = Move(seat, after.last_result(), text if reader == seat else None, seen)
                told.clear()
                lines = words.history_lines(before.view(reader), after.view(reader), move)
                assert lines == ["<event>"] * len(seen)
                assert told == [(event, reader) for event in seen]
            before = after


def history(states: list[BlackViennaState], number: int, reader: int | None) -> list[str]:
    before, after = states[number - 1], states[number]
    seat, text = SCRIPT[number - 1]
    seen = visible(after.last_events(), reader)
    move = Move(seat, after.last_result(), text if reader == seat else None, seen)
    return words.history_lines(before.view(reader), after.view(reader), move)


def test_the_history_in_words_for_the_seat_that_acted_and_for_the_others() -> None:
    states = scripted()
    assert history(states, 7, 3) == [
        "seat 1 asked you about AKÖ and CMY (a special investigation)",
        "you answered AKÖ: 0 markers",
        "you answered CMY: 1 marker",
    ]
    assert history(states, 8, 2) == [
        "you accused: wrong, out of the accusing",
        "your accusation: EKM",
        "you looked at the ring: EKT",
    ]
    assert history(states, 8, 0) == ["seat 2 accused: wrong, out of the accusing"]
    assert history(states, 10, None) == ["seat 0 accused: correct!"]
    # Issue #35: the table is told of an envelope, never that it held a guess.
    assert history(states, 11, 1) == ["you handed in an envelope", "your sealed guess: EKT"]
    assert history(states, 11, 3) == ["seat 1 handed in an envelope"]
    assert history(states, 12, 0) == [
        "seat 3 handed in an envelope",
        "the game is over; accused seat 2 EKM, you EKT; "
        "envelopes opened: seat 1 guessed EKT, seat 3 passed",
    ]
    assert history(states, 12, 3)[:2] == [
        "you handed in an envelope",
        "your envelope: a pass, no guess",
    ]


def test_the_ending_names_every_accusation_and_sealed_guess() -> None:
    final = scripted()[-1]
    lines = words.ending_text(final.view(2), final.reveal(), list(SCRIPT))
    assert lines == [
        "The ring was EKT.",
        "Hands: seat 0 DHJNUV, seat 1 BFGISZ, you AMPWYÖ, seat 3 CLOQRX",
        "Accusations: you EKM (wrong), seat 0 EKT (right)",
        "After the accusation: seat 1 guessed EKT (right), seat 3 passed",
        "Scores: seat 0 108, seat 1 36, you 0, seat 3 0",
    ]


def page_events() -> list[Event]:
    """One event of every kind, as the scripted game gave them (the opened envelopes last),
    with an answer given beyond the supply: what the page's test says in words."""
    seen: dict[str, Event] = {}
    for state in scripted():
        for event in state.last_events():
            seen.setdefault(event.kind, event)
    return [*seen.values(), Answered(0, "CDE", 3, 2)]


def page_events_json() -> str:
    return json.dumps(events_json(page_events()), ensure_ascii=False, indent=1) + "\n"


def test_the_page_s_events_are_those_the_game_gives() -> None:
    """web/black-vienna-events.json, which the page's test says in words, is what the
    game gives today (write it again: python
    tests/games/black_vienna/test_black_vienna_events.py)."""
    assert PAGE_EVENTS.read_text(encoding="utf-8") == page_events_json()


if __name__ == "__main__":
    PAGE_EVENTS.write_text(page_events_json(), encoding="utf-8")
