"""The review of a table assistant's session of 13 Clues: a physical game entered line by
line, with its solution entered at the end, reviewed for the assistant's seat.

The strongest check: a game played by bots, entered into a session as a person at the table
would (every answer, then the solution), gives the same probabilities entry by entry as the
review of its record gives step by step."""

from __future__ import annotations

import pytest

from sleuth.assist import EntryError, Notebook
from sleuth.core.records import replay_record
from sleuth.games.thirteen_clues import ThirteenCluesState
from sleuth.games.thirteen_clues.notebook import GRAMMAR
from sleuth.review import review_notebook, review_record
from support.narrow import narrow
from support.review_oracle import check_last_line_refused, deductive_record


@pytest.mark.slow
def test_thirteen_clues_session_agrees_with_the_record() -> None:
    record = deductive_record("13-clues", 4, 3)
    replay = replay_record(record)
    final = narrow(ThirteenCluesState, replay.final)
    seat = 2
    names = [c.name for c in final.game.cards]
    hidden = [names[c] for c in final.hidden[seat] or ()]
    notebook = Notebook.start("13-clues", GRAMMAR, {"players": 4, "seat": seat, "hidden": hidden})
    for other in range(4):
        if other != seat:
            trio = " ".join(names[c] for c in final.mysteries[other] or ())
            notebook.enter(f"mystery {other} {trio}")
    chosen = next(i for i, s in enumerate(replay.steps, start=1) if "starts" in s.result)
    entry_steps = [chosen] * 4  # the start and the three mysteries: known once all chosen
    for number, step in enumerate(replay.steps, start=1):
        words = step.action.split()
        if words[0] == "ask" and "=" in step.result:
            witness, rest = step.result.split(":")
            subject, count = rest.split("=")
            notebook.enter(f"{witness} {subject} {count}")
        elif words[0] == "accuse" and step.result == "wrong":
            notebook.enter(f"accuse {step.seat} {' '.join(words[1:])}")
        elif words[0] == "look" and step.seat == seat:
            slot = words[1]
            notebook.enter(f"look {slot} {names[final.informants[ord(slot) - ord('A')]]}")
        else:
            continue
        entry_steps.append(number)
    own = " ".join(names[c] for c in final.mysteries[seat] or ())
    notebook.enter(f"solution {own}")
    entry_steps.append(entry_steps[-1])
    session = review_notebook(notebook).seat(seat)
    played = review_record(record, [seat]).seat(seat)
    assert session.readings[0].probability is None  # the mysteries are not entered yet
    for reading, known_after in list(zip(session.readings, entry_steps, strict=True))[3:]:
        expected = played.readings[known_after]
        assert reading.probability == pytest.approx(expected.probability, rel=1e-9)


def test_thirteen_clues_own_wrong_accusation_is_an_attempt() -> None:
    notebook = Notebook.start(
        "13-clues", GRAMMAR, {"players": 6, "seat": 0, "hidden": ["Officer", "Park"]}
    )
    mysteries = [
        "Duke Market Knife",
        "Butcher Library Crossbow",
        "Countess Museum Poison",
        "Nurse Harbor Sword",
        "Maid Theater Blowgun",
    ]
    for seat, trio in enumerate(mysteries, start=1):
        notebook.enter(f"mystery {seat} {trio}")
    notebook.enter("accuse 0 Dancer Plaza Rifle")
    notebook.enter("solution Sailor Plaza Rifle")
    review = review_notebook(notebook).seat(0)
    # Six players: seen 2 + 15 cards; unknown persons Dancer, Sailor, Florist, Coachman;
    # locations Parlor, Plaza, Railcar, Racecourse; weapons Rifle, Gun, Candlestick, Hammer,
    # Bow: 4 * 4 * 5 mysteries alike (the other hidden cards fill the rest in as many ways).
    assert review.readings[5].probability == pytest.approx(1 / 80)
    (attempt,) = review.attempts
    assert (attempt.step, attempt.correct) == (6, False)
    assert attempt.probability == pytest.approx(1 / 80)
    assert review.readings[6].probability == pytest.approx(1 / 79)


@pytest.mark.parametrize(
    ("setup", "lines", "message"),
    [
        (
            {"players": 4, "seat": 0, "hidden": ["Officer", "Park"]},
            ["solution Officer Market Knife"],
            "Officer is one of your hidden cards",
        ),
    ],
)
def test_session_solutions_are_checked(
    setup: dict[str, object], lines: list[str], message: str
) -> None:
    check_last_line_refused(Notebook.start("13-clues", GRAMMAR, setup), lines, message)


def test_a_session_without_its_solution_has_no_review() -> None:
    notebook = Notebook.start(
        "13-clues", GRAMMAR, {"players": 4, "seat": 0, "hidden": ["Officer", "Park"]}
    )
    with pytest.raises(EntryError, match="enter your mystery"):
        review_notebook(notebook)
