"""Black Stories Investigation's typed step events: exact events of chosen steps, who may
see each, their notations (the record's text), every kind reached in a seeded game, the
hidden twin's equal events, the terminal's history told from them, the audit over them, and
the events the page's test (web/black-stories-events.test.js) says in words."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from sleuth.core import make_game
from sleuth.core.events import Event, events_json, public, visible
from sleuth.core.kit import Move
from sleuth.games.black_stories import (
    BlackStoriesInvestigation,
    BlackStoriesState,
    audit_events,
    words,
)
from sleuth.games.black_stories.events import (
    EVENT_TYPES,
    CaseDrawn,
    Drew,
    DrewCards,
    Failed,
    FailedGuess,
    FinalRound,
    NewCase,
    NoCase,
    Over,
    Played,
    Reshuffled,
    Solved,
    TurnedUp,
)

EMIL_CASE = "man+night+outside+gun"
EVA_CASE = "woman+day+inside+knife"
SMALL = (
    "woman+knife",
    "man+gun",
    "night+outside",
    "day+inside",
    "man+day+outside",
    "woman+day+gun",
)
MORE_SMALL = ("man+night+knife", "man+inside+gun")
PAGE_EVENTS = Path(__file__).resolve().parent / "web" / "black-stories-events.json"
SEED, PLAYERS = 5, 4  # a seeded game of random moves reaching every kind but no_case


def game(players: int, **options: object) -> BlackStoriesInvestigation:
    made = make_game("bsi", players, **options)
    assert isinstance(made, BlackStoriesInvestigation)
    return made


def act(state: BlackStoriesState, seat: int, text: str) -> BlackStoriesState:
    new = state.apply(seat, state.game.parse_action(text))
    assert isinstance(new, BlackStoriesState)
    return new


def seed_example(**options: object) -> BlackStoriesState:
    """Emil (seat 0) and Eva (seat 1), as in test_black_stories.py."""
    g = game(2, **options)
    top = ["day+inside+knife", "night+outside+gun", "man+inside+gun", "woman+outside+knife"]
    hands = [
        ["woman+night+outside+gun", "woman+knife", "night+outside"],
        ["man+day+inside+gun", "day+inside", "man+gun"],
    ]
    used = {EMIL_CASE, EVA_CASE, *top, *(c for h in hands for c in h)}
    rest = [c for c in g.deck if c not in used]
    return g.from_deal([EMIL_CASE, EVA_CASE], hands, [*top, *rest])


def seeded_states() -> list[BlackStoriesState]:
    """Every state of a seeded game of random moves (4 seats, private guesses)."""
    state = game(PLAYERS, guesses="private").new(SEED)
    rng = random.Random(SEED)
    states = [state]
    while state.outcome is None:
        legal = state.legal_actions(state.turn)
        new = state.apply(state.turn, legal[rng.randrange(len(legal))])
        assert isinstance(new, BlackStoriesState)
        states.append(state := new)
    return states


def no_case_state() -> BlackStoriesState:
    """Seat 2 starts without a case, and no 4-evidence card is left to draw at its turn (B4)."""
    full = ("man+day+inside+gun", "woman+night+outside+knife")
    deck = (EMIL_CASE, EVA_CASE, *full, *SMALL, *MORE_SMALL)
    state = game(3, deck=",".join(deck)).from_deal(
        [EMIL_CASE, EVA_CASE, None],
        [[full[0], *SMALL[:2]], [full[1], *SMALL[2:4]], list(SMALL[4:])],
        list(MORE_SMALL),
    )
    state = act(act(state, 0, "play woman+knife to 1"), 0, "draw")
    return act(act(state, 1, "play night+outside to 0"), 1, "draw")


def test_a_play_a_draw_and_a_solve_give_exact_events() -> None:
    state = act(seed_example(), 0, "play woman+night+outside+gun to 1")
    assert state.last_events() == (Played(0, "woman+night+outside+gun", 1, "0/1"),)
    assert (state.last_result(), state.private_result()) == ("field 0/1", "")
    state = act(state, 0, "draw")
    assert state.last_events() == (Drew(0, 1), DrewCards(0, ("day+inside+knife",)))
    assert [e.seen_by() for e in state.last_events()] == [None, frozenset({0})]
    assert (state.last_result(), state.private_result()) == ("drew 1", "")
    state = act(act(state, 1, "play man+gun to 0"), 1, "draw")
    state = act(state, 0, "play woman+knife to 1")
    state = act(state, 0, "solve 1 woman/knife/day/inside with 3")
    turned = ("man+inside+gun", "woman+outside+knife")
    assert state.last_events() == (
        Solved(0, 1, EVA_CASE, 3, 4, 7, 0),
        TurnedUp(1, turned),
        NewCase(1),
        CaseDrawn(1, "man+day+inside+knife"),
    )
    assert [e.seen_by() for e in state.last_events()] == [None, None, None, frozenset({1})]
    assert [e.notation() for e in state.last_events()] == [
        "solved woman+day+inside+knife +7 (3+4)",
        "seat 1 turns up man+inside+gun woman+outside+knife",
        "seat 1 takes a new case",
        "",
    ]
    assert state.last_result() == (
        "solved woman+day+inside+knife +7 (3+4); "
        "seat 1 turns up man+inside+gun woman+outside+knife; seat 1 takes a new case"
    )
    assert state.private_result() == ""


@pytest.mark.parametrize("guesses", ["private", "public"])
def test_a_failed_guess_is_public_but_its_guess_only_where_the_rules_show_it(
    guesses: str,
) -> None:
    state = act(seed_example(guesses=guesses), 0, "play woman+knife to 1")
    state = act(state, 0, "solve 1 woman/day/inside/gun with 2")
    if guesses == "private":
        assert state.last_events() == (
            Failed(0, 1, 2, None),
            FailedGuess(0, 1, "woman/day/inside/gun"),
        )
        assert state.last_events()[1].seen_by() == frozenset({0, 1})
    else:
        assert state.last_events() == (Failed(0, 1, 2, "woman/day/inside/gun"),)
    assert public(state.last_events()) == state.last_events()[:1]
    assert (state.last_result(), state.private_result()) == ("failed", "")
    # A spectator and a third party never get the guess; the two at the table do.
    for seat in (None, 0, 1):
        seen = visible(state.last_events(), seat)
        assert len(seen) == (2 if guesses == "private" and seat is not None else 1)


def test_a_third_seat_never_sees_a_private_guess() -> None:
    g = game(3, guesses="private")
    state = g.from_deal(
        [EMIL_CASE, EVA_CASE, "man+day+inside+gun"],
        [list(SMALL[:3]), list(SMALL[3:]), ["woman+night+inside"]],
        [],
    )
    state = act(act(state, 0, "play woman+knife to 1"), 0, "solve 1 man/day/inside/gun with 1")
    assert visible(state.last_events(), 2) == (Failed(0, 1, 1, None),)
    assert visible(state.last_events(), None) == (Failed(0, 1, 1, None),)
    assert visible(state.last_events(), 1) == (
        Failed(0, 1, 1, None),
        FailedGuess(0, 1, "man/day/inside/gun"),
    )


def test_no_case_left_gives_exact_events() -> None:
    state = no_case_state()
    assert state.last_events() == (Drew(1, 1), DrewCards(1, ("man+inside+gun",)), NoCase(2))
    assert state.last_result() == "drew 1; seat 2 has no case"


def test_the_last_step_lists_the_cases_held() -> None:
    final = seeded_states()[-1]
    cases = (
        "woman+night+outside+gun",
        "man+night+outside+knife",
        "man+day+inside+gun",
        "man+night+inside+knife",
    )
    assert final.last_events() == (Drew(0, 1), DrewCards(0, ("woman+outside+knife",)), Over(cases))
    assert final.last_result() == "drew 1; over: cases " + " ".join(
        f"{seat}={case}" for seat, case in enumerate(cases)
    )
    assert Over((EVA_CASE, None)).notation() == f"over: cases 0={EVA_CASE} 1=-"


def test_the_third_investigation_card_starts_the_final_round() -> None:
    state = seed_example()
    for drops in (1, 2, 3):
        state = act(state, 0, f"play {state.hands[0][0]} to 1")
        state = act(state, 0, f"solve 1 man/day/inside/gun with {drops}")
        if drops < 3:
            state = act(act(act(state, 0, "draw"), 1, f"play {state.hands[1][0]} to 0"), 1, "draw")
    assert state.last_events() == (Failed(0, 1, 3, "man/day/inside/gun"), FinalRound())
    assert state.last_result() == "failed; final round"


def test_a_reshuffle_is_an_event_of_its_own() -> None:
    g = game(2)
    hands = [["woman+knife", "man+gun", "day+inside"], ["night+outside", "man+day+outside"]]
    state = g.from_deal([EMIL_CASE, EVA_CASE], hands, [], seed=5)
    state = act(state, 0, "play woman+knife to 1")
    state = act(state, 0, "solve 1 woman/day/inside/knife with 1")
    kinds = [e.kind for e in state.last_events()]
    assert kinds[:2] == ["solved", "reshuffled"] and kinds[-2:] == ["new_case", "case_drawn"]
    assert state.last_events()[1] == Reshuffled(23)
    assert state.last_result() == "; ".join(e.notation() for e in public(state.last_events()))


def test_every_kind_is_reached_and_the_result_is_the_public_events_notations() -> None:
    states = seeded_states()
    kinds = {e.kind for s in states for e in s.last_events()} | {
        e.kind for e in no_case_state().last_events()
    }
    assert kinds == {t.kind for t in EVENT_TYPES}
    assert states[0].last_events() == ()  # the deal: no step led there
    # each seat's view of the events against a hidden twin: the conformance harness, for
    # every game (sleuth.testing, _check_twin)
    for state in states[1:]:
        events = state.last_events()
        assert events
        assert state.last_result() == "; ".join(e.notation() for e in public(events))


def test_the_events_survive_json_and_private_ones_name_only_their_seats() -> None:
    for state in seeded_states()[1:]:
        for event in state.last_events():
            data = event.to_json()
            assert json.loads(json.dumps(data)) == data and data["kind"] == event.kind
            if isinstance(event, FailedGuess):
                assert event.seen_by() == frozenset({event.seat, event.target})
            elif isinstance(event, DrewCards | CaseDrawn):
                assert event.seen_by() == frozenset({event.seat})
            else:
                assert event.seen_by() is None and event.notation()


# The history told from the events each reader may see: tests/test_history_events.py, for
# every game.


def test_the_history_in_words_for_the_guesser_the_suspect_and_a_spectator() -> None:
    state = act(seed_example(guesses="private"), 0, "play woman+knife to 1")
    after = act(state, 0, "solve 1 woman/day/inside/gun with 2")
    said = {
        seat: words.history_lines(
            state.view(seat),
            after.view(seat),
            Move(0, after.last_result(), None, visible(after.last_events(), seat)),
        )
        for seat in (None, 0, 1)
    }
    assert said == {
        None: ["seat 0 tried seat 1's case: a secret guess with the 2-drop card: wrong"],
        0: [
            "you tried seat 1's case: a secret guess with the 2-drop card: wrong",
            "your guess was woman/day/inside/gun (only you and seat 1 see it)",
        ],
        1: [
            "seat 0 tried your case: a secret guess with the 2-drop card: wrong",
            "seat 0's guess was woman/day/inside/gun (only you and seat 0 see it)",
        ],
    }


def test_every_kind_has_words_for_each_reader() -> None:
    events = page_events()
    for event in events:
        for me in (None, 0, 1):
            text = words.event_words(event, me)
            assert text and "None" not in text
    assert words.event_words(Played(0, "woman+knife", 1, "2"), 1) == (
        "seat 0 played woman+knife to you: field 2"
    )
    assert words.event_words(Solved(1, 0, EVA_CASE, 2, 3, 4, 1), 0) == (
        "seat 1 tried your case: woman/day/inside/knife with the 2-drop card: solved! +4 "
        "(2 for the drops, 3 for the few cards, 1 short of chips)"
    )
    assert words.event_words(NoCase(2), 2) == "you have no case: none is left to draw"
    assert words.event_words(Over((EVA_CASE, None)), 1) == (
        "the game is over; the last cases: seat 0 woman+day+inside+knife, you -"
    )


def test_the_audit_checks_the_played_fields_and_the_scores_from_the_events() -> None:
    states = seeded_states()
    steps = [public(s.last_events()) for s in states[1:]]
    first = list(states[0].cases)
    final = states[-1]
    assert final.outcome is not None
    scores = list(final.outcome.scores)
    assert audit_events(first, steps, scores) == []
    index = next(i for i, events in enumerate(steps) if isinstance(events[0], Played))
    play = steps[index][0]
    assert isinstance(play, Played)
    wrong = {"0/1": "2", "2": "3", "3": "0/1"}[play.field]
    tampered = [*steps[:index], (Played(play.seat, play.card, play.target, wrong),)]
    tampered += steps[index + 1 :]
    problems = audit_events(first, tampered, scores)
    assert len(problems) == 1 and problems[0].startswith(f"step {index + 1}: seat {play.seat}")
    assert audit_events(first, steps, [s + 1 for s in scores]) == [
        f"scores {[s + 1 for s in scores]} are not the sums of the solves {scores}"
    ]


def page_events() -> list[Event]:
    """The first event of each kind: of the seeded game, and the no-case scenario's."""
    first: dict[str, Event] = {}
    for state in [*seeded_states()[1:], no_case_state()]:
        for event in state.last_events():
            first.setdefault(event.kind, event)
    return [first[t.kind] for t in EVENT_TYPES]


def page_events_json() -> str:
    return json.dumps(events_json(page_events()), indent=1, ensure_ascii=False) + "\n"


def test_the_page_s_events_are_those_the_game_gives() -> None:
    """web/black-stories-events.json, which the page's test says in words, is what the
    game gives today (write it again: python tests/games/black_stories/test_bsi_events.py)."""
    assert PAGE_EVENTS.read_text(encoding="utf-8") == page_events_json()


if __name__ == "__main__":
    PAGE_EVENTS.write_text(page_events_json(), encoding="utf-8")
