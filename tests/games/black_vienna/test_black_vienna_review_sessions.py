"""The review of a table assistant's session of Black Vienna: a physical game entered line by
line, with its solution entered at the end, reviewed for the assistant's seat.

The strongest check: a game played by bots, entered into a session as a person at the table
would (every answer, then the solution), gives the same probabilities entry by entry as the
review of its record gives step by step."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from sleuth.assist import EntryError, Notebook
from sleuth.cli.main import main
from sleuth.core.records import replay_record
from sleuth.games.black_vienna import BlackViennaState
from sleuth.games.black_vienna import components as bv
from sleuth.games.black_vienna.notebook import GRAMMAR
from sleuth.review import review_notebook, review_record
from support.narrow import narrow
from support.review_oracle import check_last_line_refused, deductive_record


def test_black_vienna_session_agrees_with_the_record() -> None:
    record = deductive_record("black-vienna", 4, 2)
    replay = replay_record(record)
    final = narrow(BlackViennaState, replay.final)
    seat = 1
    hand = bv.mask_letters(final.hands[seat])
    notebook = Notebook.start("black-vienna", GRAMMAR, {"players": 4, "seat": seat, "hand": hand})
    steps_of_entries = [0]  # entry k is known after step steps_of_entries[k]
    for number, step in enumerate(replay.steps, start=1):
        if not step.action.startswith("ask"):
            continue
        target = int(step.action.split()[1])
        for answer in step.result.split():  # "AOR@2=1 BHV@2=0"
            card, markers = answer.split("@")[0], answer.split("=")[1]
            notebook.enter(f"{target} {card} {markers}")
            steps_of_entries.append(number)
    ring = bv.mask_letters(final.ring)
    notebook.enter(f"solution {ring}")
    steps_of_entries.append(steps_of_entries[-1])
    session = review_notebook(notebook).seat(seat)
    played = review_record(record, [seat]).seat(seat)
    assert len(session.readings) == len(notebook.entries) + 1
    for reading, known_after in zip(session.readings, steps_of_entries, strict=True):
        # The later entry of a special investigation's pair is the step's own reading.
        later = steps_of_entries.count(known_after) == 1 or reading is _last_of(
            session, known_after, steps_of_entries
        )
        if later:
            expected = played.readings[known_after]
            assert reading.probability == pytest.approx(expected.probability, rel=1e-9)
            assert reading.bits == pytest.approx(expected.bits, rel=1e-9)
    assert session.could_know == _first_entry(steps_of_entries, played.could_know)


def _last_of(review: Any, step: int, steps: list[int]) -> Any:
    index = max(i for i, s in enumerate(steps) if s == step)
    return review.readings[index]


def _first_entry(steps: list[int], could_know: int | None) -> int | None:
    if could_know is None:
        return None
    return next(i for i, s in enumerate(steps) if s >= could_know)


@pytest.mark.parametrize(
    ("setup", "lines", "message"),
    [
        (
            {"players": 4, "seat": 1, "hand": "AFKPTX"},
            ["solution AFB"],
            "AF is in your hand, so not in the ring",
        ),
        (
            {"players": 4, "seat": 1, "hand": "AFKPTX"},
            ["solution BLM", "solution BLN"],
            "entered as BLM in #1",
        ),
    ],
)
def test_session_solutions_are_checked(
    setup: dict[str, object], lines: list[str], message: str
) -> None:
    check_last_line_refused(Notebook.start("black-vienna", GRAMMAR, setup), lines, message)


def test_a_session_without_its_solution_has_no_review() -> None:
    notebook = Notebook.start("black-vienna", GRAMMAR, {"players": 4, "seat": 1, "hand": "AFKPTX"})
    with pytest.raises(EntryError, match="enter the ring"):
        review_notebook(notebook)


def test_review_command_reads_a_session(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "session.json"
    notebook = Notebook.start(
        "black-vienna", GRAMMAR, {"players": 4, "seat": 1, "hand": "AFKPTX"}, path
    )
    for line in ("up AOR BHV CDE", "2 AOR 1", "new FGI", "3 CDE 2", "solution BLM"):
        notebook.enter(line)
    assert main(["review", str(path)]) == 0
    out = capsys.readouterr().out
    assert "an assistant's session of 5 entries" in out and "Seat 1" in out
    assert main(["review", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [s["seat"] for s in data["seats"]] == [1]
    assert main(["review", str(path), "--seat", "2"]) == 2
    assert "the session is seat 1's" in capsys.readouterr().err
