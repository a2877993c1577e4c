"""The review of a table assistant's session: a physical game entered line by line, with
its solution entered at the end, reviewed for the assistant's seat.

The strongest check: a game played by bots, entered into a session as a person at the table
would (every answer, then the solution), gives the same probabilities entry by entry as the
review of its record gives step by step.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from sleuth.agents import make_agent
from sleuth.arena import play_match
from sleuth.assist import EntryError, Notebook
from sleuth.cli.main import main
from sleuth.core import make_game
from sleuth.core.records import replay_record
from sleuth.games.black_stories.notebook import GRAMMAR as BLACK_STORIES
from sleuth.games.black_vienna import BlackViennaState
from sleuth.games.black_vienna import components as bv
from sleuth.games.black_vienna.notebook import GRAMMAR as BLACK_VIENNA
from sleuth.games.thirteen_clues import ThirteenCluesState
from sleuth.games.thirteen_clues.notebook import GRAMMAR as THIRTEEN_CLUES
from sleuth.review import review_notebook, review_record
from support.narrow import narrow

SALT = "5a" * 16


def bot_record(name: str, players: int, seed: int) -> dict[str, Any]:
    game = make_game(name, players)
    agents = [make_agent("deductive", game.name) for _ in range(players)]
    seeds = [seed * 10 + s for s in range(players)]
    return dict(play_match(game, agents, seed, bot_seeds=seeds, salt=SALT).record)


def test_black_vienna_session_agrees_with_the_record() -> None:
    record = bot_record("black-vienna", 4, 2)
    replay = replay_record(record)
    final = narrow(BlackViennaState, replay.final)
    seat = 1
    hand = bv.mask_letters(final.hands[seat])
    notebook = Notebook.start(
        "black-vienna", BLACK_VIENNA, {"players": 4, "seat": seat, "hand": hand}
    )
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


@pytest.mark.slow
def test_thirteen_clues_session_agrees_with_the_record() -> None:
    record = bot_record("13-clues", 4, 3)
    replay = replay_record(record)
    final = narrow(ThirteenCluesState, replay.final)
    seat = 2
    names = [c.name for c in final.game.cards]
    hidden = [names[c] for c in final.hidden[seat] or ()]
    notebook = Notebook.start(
        "13-clues", THIRTEEN_CLUES, {"players": 4, "seat": seat, "hidden": hidden}
    )
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
        "13-clues", THIRTEEN_CLUES, {"players": 6, "seat": 0, "hidden": ["Officer", "Park"]}
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


def test_black_stories_session_with_revealed_cases() -> None:
    notebook = Notebook.start("black-stories", BLACK_STORIES, {"players": 3, "seat": 0})
    for line in (
        "seen man+night+inside+gun",
        "1 woman+day+inside+knife 2",
        "solution 1 man/night/inside/knife",
        "solved 1",
        "solution 2 woman/night/inside/knife",
    ):
        notebook.enter(line)
    review = review_notebook(notebook).seat(0)
    # Seen one case: 15 left for each opponent, distinct; then seat 1's case shares two
    # values with woman/day/inside/knife: 6 cases (the seen one shares one).
    start, seen, played = review.readings[:3]
    assert start.targets["seat 1's case"] == pytest.approx(1 / 16)
    assert seen.probability == pytest.approx(1 / (15 * 14))
    assert played.targets["seat 1's case"] == pytest.approx(1 / 6)
    # After "solved 1" seat 1 holds a new case, not entered: only seat 2's is judged.
    after = review.readings[4]
    assert after.probability is None and "seat 1's case" not in after.targets
    assert [s.target for s in review.stretches] == ["seat 1's case", "seat 2's case"]


@pytest.mark.parametrize(
    ("grammar", "setup", "lines", "message"),
    [
        (
            BLACK_VIENNA,
            {"players": 4, "seat": 1, "hand": "AFKPTX"},
            ["solution AFB"],
            "AF is in your hand, so not in the ring",
        ),
        (
            BLACK_VIENNA,
            {"players": 4, "seat": 1, "hand": "AFKPTX"},
            ["solution BLM", "solution BLN"],
            "entered as BLM in #1",
        ),
        (
            THIRTEEN_CLUES,
            {"players": 4, "seat": 0, "hidden": ["Officer", "Park"]},
            ["solution Officer Market Knife"],
            "Officer is one of your hidden cards",
        ),
        (
            BLACK_STORIES,
            {"players": 3, "seat": 0},
            ["solution 1 man/day/inside/gun", "solution 1 man/day/inside/knife"],
            "entered as man/day/inside/gun in #1",
        ),
    ],
)
def test_session_solutions_are_checked(
    grammar: Any, setup: dict[str, object], lines: list[str], message: str
) -> None:
    game = {id(BLACK_VIENNA): "black-vienna", id(THIRTEEN_CLUES): "13-clues"}
    notebook = Notebook.start(game.get(id(grammar), "black-stories"), grammar, setup)
    for line in lines[:-1]:
        notebook.enter(line)
    with pytest.raises(EntryError, match=message):
        notebook.enter(lines[-1])
    assert len(notebook.entries) == len(lines) - 1  # the failing entry was not taken


@pytest.mark.parametrize(
    ("game", "grammar", "setup", "message"),
    [
        ("black-vienna", BLACK_VIENNA, {"players": 4, "seat": 1, "hand": "AFKPTX"}, "the ring"),
        (
            "13-clues",
            THIRTEEN_CLUES,
            {"players": 4, "seat": 0, "hidden": ["Officer", "Park"]},
            "your mystery",
        ),
        ("black-stories", BLACK_STORIES, {"players": 3, "seat": 0}, "a revealed case"),
    ],
)
def test_a_session_without_its_solution_has_no_review(
    game: str, grammar: Any, setup: dict[str, object], message: str
) -> None:
    notebook = Notebook.start(game, grammar, setup)
    with pytest.raises(EntryError, match=f"enter {message}"):
        review_notebook(notebook)


def test_review_command_reads_a_session(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "session.json"
    notebook = Notebook.start(
        "black-vienna", BLACK_VIENNA, {"players": 4, "seat": 1, "hand": "AFKPTX"}, path
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
