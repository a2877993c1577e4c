"""Alibi's typed step events (games/alibi/events.py): the exact events of scenario steps, who
sees each, their notations as records keep them, and the terminal's history told from them."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from sleuth.agents import RandomAgent
from sleuth.arena import play_match
from sleuth.core import make_game
from sleuth.core.events import Event, events_json, public, sees, visible
from sleuth.core.kit import Move
from sleuth.games.alibi import Alibi, AlibiState, Swap
from sleuth.games.alibi import words as alibi_words
from sleuth.games.alibi.events import (
    EVENT_TYPES,
    AlibiGiven,
    Bribed,
    Completed,
    Convicted,
    DiscardedUnseen,
    DiscardReshuffled,
    Drew,
    DrewCards,
    DrewCount,
    Exchanged,
    GoodEyePlayed,
    KeptHand,
    NewRound,
    Passed,
    Played,
    ReshuffleCount,
    Revealed,
    Stopped,
    Swapped,
)
from support.streams import bot_streams

SUSPECTS = ("S01", "S02", "S03", "S04")
PILE_REST = ("S05", "S06", "S07", "S08", "S09", "S10", "S11", "S12")
SEED = 20261204


def game(players: int = 2, **options: object) -> Alibi:
    made = make_game("alibi", players, **options)
    assert isinstance(made, Alibi)
    return made


def deal(
    hands: list[list[str]], pile: list[str] | None = None, display: tuple[str, ...] = SUSPECTS
) -> AlibiState:
    """Two seats; ``pile`` is drawn first, then 20 dotted clues (which fit S04 only)."""
    g = game()
    rest = [s for s in g.suspect_ids if s not in display]
    return g.from_deal(display, rest, hands, ["dotted"] * 20 + list(reversed(pile or [])), 0, 1)


def play(state: AlibiState, *moves: str) -> AlibiState:
    for text in moves:
        state = state.apply(state.active, state.game.parse_action(text))
    return state


# Every kind of event the scenarios below reach, to check that none is left untested.
REACHED: set[str] = set()


def events_of(state: AlibiState) -> tuple[Event, ...]:
    events = state.last_events()
    REACHED.update(event.kind for event in events)
    return events


def test_a_play_a_swap_and_a_kept_hand() -> None:
    state = play(deal([["long", "male", "short", "knife"], ["female"] * 4], ["bag", "umbrella"]))
    state = play(state, "play long")
    assert events_of(state) == (Played(0, "long"), Drew(0, 1), DrewCards(0, ("bag",)))
    assert [event.seen_by() for event in state.last_events()] == [None, None, frozenset({0})]
    assert visible(state.last_events(), 1) == (Played(0, "long"), Drew(0, 1))
    assert visible(state.last_events(), None) == visible(state.last_events(), 1)
    assert (state.last_result(), state.private_result()) == ("drew 1", "")
    state = play(state, "swap male")
    assert events_of(state) == (Swapped(0, "male"), Drew(0, 1), DrewCards(0, ("umbrella",)))
    state = play(state, "play female", "pass")
    assert events_of(state) == (KeptHand(1),)
    assert (state.last_result(), state.private_result()) == ("ok", "")


def test_an_exchange_shuffled_away_tells_its_cards_and_counts_to_the_seat_alone() -> None:
    g = game()
    state = g.from_deal(SUSPECTS, PILE_REST, [["long"] * 4, ["female"] * 4], ["bag"], 0, seed=3)
    state = play(state, "exchange long+long")  # draws bag, then the two longs reshuffled
    assert events_of(state) == (
        Exchanged(0, None),
        DiscardedUnseen(0, ("long", "long")),
        DiscardReshuffled(None),
        ReshuffleCount(0, 2),
        Drew(0, None),
        DrewCount(0, 2),
        DrewCards(0, ("bag", "long")),
    )
    assert public(state.last_events()) == (
        Exchanged(0, None),
        DiscardReshuffled(None),
        Drew(0, None),
    )
    assert all(sees(event, 0) for event in state.last_events())
    # Records keep both results exactly as before the events.
    assert state.last_result() == "discard reshuffled (?); drew ?"
    assert state.private_result() == "discard reshuffled (2); drew 2"
    assert [event.notation() for event in state.last_events()] == [
        "",
        "",
        "discard reshuffled (?)",
        "discard reshuffled (2)",
        "drew ?",
        "drew 2",
        "",
    ]


def test_a_swap_shuffled_away_hides_the_card_but_not_the_counts() -> None:
    g = game()
    before = g.from_deal(SUSPECTS, PILE_REST, [["long"] * 4, ["female"] * 4], ["bag"], 0, seed=3)
    before = play(before, "play long")  # draws bag: the draw pile is empty
    assert before.public_action(0, Swap("long")) == "swap ?"
    state = play(before, "swap long")
    assert events_of(state) == (
        Swapped(0, None),
        DiscardedUnseen(0, ("long",)),
        DiscardReshuffled(1),
        Drew(0, 1),
        DrewCards(0, ("long",)),
    )
    assert (state.last_result(), state.private_result()) == ("discard reshuffled (1); drew 1", "")


def test_good_eyes_and_stopping_the_extra_plays() -> None:
    state = play(deal([["goodeye", "goodeye", "long", "male"], ["female"] * 4]), "goodeye")
    assert events_of(state) == (GoodEyePlayed(0, 2),)
    assert state.last_result() == "ok"
    state = play(state, "goodeye")  # replaces one extra play, grants two more
    assert events_of(state) == (GoodEyePlayed(0, 3),)
    state = play(state, "play long")
    assert events_of(state) == (Played(0, "long"),)
    state = play(state, "pass")
    assert events_of(state) == (Stopped(0), Drew(0, 3), DrewCards(0, ("dotted",) * 3))
    assert state.last_result() == "drew 3"


def test_a_bribe_and_an_alibi() -> None:
    state = deal([["bribe", "alibi", "male", "short"], ["female", "thin", "bag", "bag"]])
    state = play(state, "play male", "pass", "play female", "pass", "bribe 1 female")
    assert events_of(state) == (Bribed(0, 1, "female"), Drew(0, 1), DrewCards(0, ("dotted",)))
    state = play(state, "pass", "play thin", "pass", "alibi S01")
    assert events_of(state) == (AlibiGiven(0, "S01"), Drew(0, 1), DrewCards(0, ("dotted",)))


def test_two_completed_at_once_then_the_conviction_reveal_and_new_round() -> None:
    # S04 = male thin long dotted bag, S10 = male thin long knife newspaper.
    state = deal(
        [["male", "thin", "long", "dotted"], ["knife", "bag", "newspaper", "plain"]],
        display=("S04", "S10", "S02", "S03"),
    )
    for first in ("play male", "play knife", "play thin", "play bag", "play dotted"):
        state = play(state, first, "pass")
    state = play(state, "play newspaper", "pass", "play long")
    assert events_of(state) == (Played(0, "long"), Completed(("S04", "S10")))
    assert state.last_result() == "completed S04 S10"
    state = play(state, "convict S10")
    # 28 cards (20 dotted, the two hands): all but the 3 + 4 in the hands are shuffled.
    assert events_of(state) == (
        Convicted(1, "S10", "clues", 0, (4, 2)),
        Revealed("S01"),
        NewRound(21),
        Drew(0, 1),
        DrewCards(0, ("dotted",)),
    )
    assert state.last_result() == (
        "convicted S10 (clues) by seat 0: points 4,2; revealed S01; reshuffled 21; drew 1"
    )


def test_a_stall_conviction_and_the_end() -> None:
    suspects = (
        "S01=female+thin+long+newspaper+glasses",
        *[f"T{i}=male+fat+short+revolver+umbrella" for i in range(1, 5)],
    )
    g = game(2, suspects=",".join(suspects), round_limit=1)
    state = g.from_deal(
        ("S01", "T1", "T2", "T3"), ("T4",), [["male"] * 4, ["male"] * 4], ["male"] * 10, 0, seed=2
    )
    state = play(state, "play male", "pass")  # the round's one turn ends: a stall
    assert events_of(state) == (
        KeptHand(0),
        Convicted(1, "T1", "stall", None, (1, 0)),
        Revealed("T4"),
        NewRound(10),
    )
    assert state.last_result() == "convicted T1 (stall): points 1,0; revealed T4; reshuffled 10"
    state = play(state, "play male", "pass")
    assert events_of(state) == (KeptHand(1), Convicted(2, "T4", "stall", None, (0, 1)))


def test_a_pass_with_an_empty_hand_and_no_card_to_draw() -> None:
    g = game()
    state = play(g.from_deal(SUSPECTS, PILE_REST, [[], ["female"]], [], 0, seed=3), "pass")
    assert events_of(state) == (Passed(0), Drew(0, 0))
    assert state.last_result() == "drew 0"


def test_every_kind_of_event_is_reached_by_the_scenarios() -> None:
    REACHED.clear()
    for test in (
        test_a_play_a_swap_and_a_kept_hand,
        test_an_exchange_shuffled_away_tells_its_cards_and_counts_to_the_seat_alone,
        test_a_swap_shuffled_away_hides_the_card_but_not_the_counts,
        test_good_eyes_and_stopping_the_extra_plays,
        test_a_bribe_and_an_alibi,
        test_two_completed_at_once_then_the_conviction_reveal_and_new_round,
        test_a_stall_conviction_and_the_end,
        test_a_pass_with_an_empty_hand_and_no_card_to_draw,
    ):
        test()
    assert {kind.kind for kind in EVENT_TYPES} == REACHED
    assert len(EVENT_TYPES) == len(REACHED) == 19


def seeded_steps(
    players: int, seed: int, **options: object
) -> list[tuple[AlibiState, Any, AlibiState]]:
    """Every step of a seeded game between random bots: (before, action, after)."""
    g = game(players, **options)
    bots: list[Any] = [RandomAgent(0.0) for _ in range(players)]
    match = play_match(g, bots, seed, bot_seeds=bot_streams(seed, players))
    state, steps = g.new(seed), []
    for step in match.steps:
        action = g.parse_action(step.action)
        after = state.apply(step.seat, action)
        steps.append((state, action, after))
        state = after
    return steps


@pytest.mark.parametrize(("players", "seed"), [(2, SEED), (3, SEED + 1), (5, SEED + 2)])
def test_seeded_games_events_against_the_results(players: int, seed: int) -> None:
    # each seat's view of the events against a hidden twin: the conformance harness, for
    # every game (sleuth.testing, _check_twin)
    hidden = 0
    for before, action, after in seeded_steps(players, seed):
        events = after.last_events()
        assert events and events == after.last_events()  # at least one, made alike each time
        first = events[0]
        # The action's own event first (a conviction is its own), its text hidden exactly
        # when the public action hides it.
        if isinstance(first, Exchanged | Swapped):
            unseen = first.cards is None if isinstance(first, Exchanged) else first.card is None
            assert before.public_action(first.seat, action).endswith(" ?") == unseen
            hidden += unseen
        told = [e.notation() for e in public(events) if e.notation()]
        assert after.last_result() == ("; ".join(told) or "ok")
        # A private event is seen by the seat that acted, and by no other.
        assert {s for e in events if e.seen_by() for s in e.seen_by() or ()} <= {before.active}
    assert hidden > 0  # the seeds shuffle discards away


def test_the_history_is_told_from_the_events_each_reader_may_see(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def marker(event: Event, me: int | None, language: str = "en") -> str:
        return f"<{event!r} for {me}>"

    monkeypatch.setattr(alibi_words, "event_words", marker)
    told = 0
    for before, _action, after in seeded_steps(3, SEED + 3):
        for reader in (None, 0, 1, 2):
            seen = visible(after.last_events(), reader)
            move = Move(before.active, after.last_result(), None, seen)
            lines = alibi_words.history_lines(before.view(reader), after.view(reader), move)
            text = "\n".join(lines)
            assert text.count("<") == len(seen)
            for event in seen:
                assert f"<{event!r} for {reader}>" in text
            # A conviction, a reveal, a new round each on a line of their own.
            starts = [event for event in seen if isinstance(event, Convicted | NewRound)]
            assert sum(line.startswith(("<Convicted", "<NewRound")) for line in lines) == len(
                starts
            )
            told += len(seen)
    assert told > 0


def test_every_event_in_words_for_the_seat_and_for_the_others() -> None:
    said = {
        Exchanged(1, None): (
            "you exchanged unseen cards, shuffled into the pile at once",
            "seat 1 exchanged unseen cards, shuffled into the pile at once",
        ),
        DiscardedUnseen(1, ("long", "bag")): (
            "the table did not see your discards: long bag",
            "the table did not see seat 1's discards: long bag",
        ),
        Drew(1, None): (
            "you drew cards (the table is not told how many)",
            "seat 1 drew cards (the table is not told how many)",
        ),
        Drew(1, 1): ("you drew 1 card", "seat 1 drew 1 card"),
        Bribed(2, 1, "male"): (
            "seat 2 bribed: your male clue is discarded",
            "seat 2 bribed: seat 1's male clue is discarded",
        ),
        KeptHand(1): ("you kept the hand", "seat 1 kept the hand"),
        Convicted(3, "S02", "stall", None, (0, 2, 0)): (
            "S02 convicted (stall): you +2",
            "S02 convicted (stall): seat 1 +2",
        ),
        DrewCards(1, ("knife",)): ("your new card: knife", "seat 1's new card: knife"),
    }
    for event, (mine, theirs) in said.items():
        assert alibi_words.event_words(event, 1) == mine
        assert alibi_words.event_words(event, 0) == theirs
    fields = {
        "seat": 0, "target": 1, "card": "long", "cards": ("long",), "suspect": "S01",
        "suspects": ("S01", "S02"), "plays": 2, "number": 1, "how": "clues",
        "convicter": 0, "points": (1, 0), "count": 3,
    }  # fmt: skip
    sentences = set()
    for kind in EVENT_TYPES:
        event = kind(**{f.name: fields[f.name] for f in dataclasses.fields(kind)})
        words = alibi_words.event_words(event, None)
        assert words.strip() and "None" not in words, (event, words)
        sentences.add(words)
    assert len(sentences) == len(EVENT_TYPES)  # each kind a sentence of its own


# One event of every kind, as the page's test of Alibi's words reads them
# (web/alibi-events.json, checked here to be these).
PAGE_EVENTS: tuple[Event, ...] = (
    Played(1, "long"),
    AlibiGiven(1, "S03"),
    Bribed(1, 0, "male"),
    GoodEyePlayed(1, 2),
    Exchanged(1, ("bribe", "goodeye")),
    Exchanged(1, None),
    Swapped(1, "goodeye"),
    Swapped(1, None),
    DiscardedUnseen(0, ("knife",)),
    KeptHand(1),
    Stopped(1),
    Passed(1),
    Completed(("S04", "S10")),
    Convicted(2, "S10", "clues", 1, (1, 4, 0)),
    Convicted(3, "S02", "stall", None, (0, 1, 2)),
    Revealed("S05"),
    NewRound(31),
    DiscardReshuffled(12),
    DiscardReshuffled(None),
    Drew(1, 2),
    Drew(1, None),
    DrewCards(0, ("alibi", "bag")),
    DrewCount(0, 2),
    ReshuffleCount(0, 12),
)
PAGE_EVENTS_FILE = Path(__file__).resolve().parent / "web" / "alibi-events.json"


def test_the_pages_test_reads_an_event_of_every_kind() -> None:
    assert {event.kind for event in PAGE_EVENTS} == {kind.kind for kind in EVENT_TYPES}
    made = json.dumps(events_json(PAGE_EVENTS), indent=1) + "\n"
    assert PAGE_EVENTS_FILE.read_text(encoding="utf-8") == made, made
