"""The table assistant, driven through the terminal app like a person at a physical game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sleuth.agents import RandomAgent
from sleuth.arena import play_match
from sleuth.assist import EntryError
from sleuth.core import make_game
from sleuth.deduce.api import analyze_position
from sleuth.games.black_vienna.notebook import BlackViennaNotebook

pytest.importorskip("textual")

from sleuth.tui.assist_app import AssistApp


def _recorded_game() -> tuple[dict[str, object], list[tuple[int, str, int]]]:
    result = play_match(make_game("bv", 4), [RandomAgent(0.0) for _ in range(4)], seed=21)
    answers = []
    for _, action, outcome in result.record["steps"]:  # type: ignore[union-attr]
        if action.startswith("ask"):
            for part in outcome.split():
                card, rest = part.split("@")
                target, markers = rest.split("=")
                answers.append((int(target), card, int(markers)))
    return result.record["reveal"], answers  # type: ignore[return-value]


async def _type(pilot: object, text: str) -> None:
    for key in text:
        await pilot.press("space" if key == " " else key)  # type: ignore[attr-defined]
    await pilot.press("enter")  # type: ignore[attr-defined]


async def test_entering_a_recorded_game_gives_exactly_what_deduce_gives(tmp_path: Path) -> None:
    reveal, answers = _recorded_game()
    hand = reveal["hands"][1]  # type: ignore[index]
    path = tmp_path / "session.json"
    notebook = BlackViennaNotebook.start(4, 1, hand, path)
    app = AssistApp(notebook)
    async with app.run_test() as pilot:
        for target, card, markers in answers[:14]:
            await _type(pilot, f"{target} {card} {markers}")
        await pilot.pause()
        assert str(app.query_one("#warning").render()) == ""
        assert "deals fit what seat 1 knows" in str(app.query_one("#sheet").render())
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert len(saved["investigations"]) == 14
    expected = analyze_position(saved)  # the same as `sleuth deduce session.json`
    analysis = notebook.analysis()
    assert str(analysis.worlds) == expected["worlds"]
    assert analysis.card_probabilities() == expected["cards"]
    assert BlackViennaNotebook.load(path).position == notebook.position


async def test_a_miscounted_answer_is_flagged_naming_the_entries(tmp_path: Path) -> None:
    reveal, answers = _recorded_game()
    hand = reveal["hands"][1]  # type: ignore[index]
    notebook = BlackViennaNotebook.start(4, 1, hand, tmp_path / "s.json")
    app = AssistApp(notebook)
    async with app.run_test() as pilot:
        for target, card, markers in answers[:3]:
            await _type(pilot, f"{target} {card} {markers}")
        own = sum(letter in hand for letter in "AOR")
        await _type(pilot, f"1 AOR {(own + 1) % 4}")  # seat 1 miscounts its own hand
        await pilot.pause()
        warning = str(app.query_one("#warning").render())
        assert "contradict" in warning
        assert f"#4 (seat 1 AOR {(own + 1) % 4})" in warning
        await _type(pilot, "undo")
        await pilot.pause()
        assert str(app.query_one("#warning").render()) == ""


def test_bad_entries_name_what_is_wrong_and_change_nothing() -> None:
    notebook = BlackViennaNotebook.start(4, 1, "AFKPTX")
    before = notebook.position
    for entry, message in [
        ("9 AOR 1", "seat 9 is not at this table"),
        ("2 AOR 5", "0-3"),
        ("2 AOQ 1", "not a card of the investigation deck"),
        ("2 A1R 1", "not a card"),
        ("hello", "expected 'SEAT CARD MARKERS'"),
        ("undo", "nothing to undo"),
        ("why 7", "not a person"),
    ]:
        with pytest.raises(EntryError, match=message):
            notebook.enter(entry)
        assert notebook.position == before
    with pytest.raises(EntryError, match="holds 6 cards, not 5"):
        BlackViennaNotebook.start(4, 1, "AFKPT")


def test_why_names_the_answers_behind_a_certain_fact() -> None:
    notebook = BlackViennaNotebook.start(4, 1, "AFKPTX")
    notebook.enter("2 CDE 3")
    assert (
        notebook.explain("C")
        == "C is in seat 2, because of #1 (seat 2 CDE 3) with your hand and the hand sizes"
    )
    assert notebook.explain("A") == "A is in seat 1: own hand"
    assert notebook.explain("Z") == "Z: not certain yet"


async def test_thirteen_clues_assistant_matches_the_engine_on_a_recorded_game(
    tmp_path: Path,
) -> None:
    from sleuth.core.records import replay_record
    from sleuth.games.thirteen_clues.knowledge import ThirteenCluesAnalysis, thirteen_clues_position
    from sleuth.games.thirteen_clues.notebook import ThirteenCluesNotebook

    game = make_game("13-clues", 4, mystery_choice="random")
    record = play_match(game, [RandomAgent(0.0) for _ in range(4)], seed=5).record
    replay = replay_record(record)
    view = replay.states[len(replay.states) // 2].view(1)  # seat 1, mid-game
    position = thirteen_clues_position(view)  # what `sleuth deduce` gets for this seat
    hidden = position["hidden"]
    assert isinstance(hidden, list)
    notebook = ThirteenCluesNotebook.start(4, 1, hidden, tmp_path / "c.json")
    entries = [f"mystery {s} {' '.join(m)}" for s, m in position["mysteries"].items()]  # type: ignore[union-attr]
    entries += [f"look {k} {v}" for k, v in position["informants"].items()]  # type: ignore[union-attr]
    entries += [f"{q['witness']} {q['about']} {q['answer']}" for q in position["questions"]]  # type: ignore[union-attr]
    entries += [f"accuse {a['player']} {' '.join(a['cards'])}" for a in position["accusations"]]  # type: ignore[union-attr]
    app = AssistApp(notebook)
    async with app.run_test() as pilot:
        for entry in entries:
            await _type(pilot, entry)
        await pilot.pause()
        assert str(app.query_one("#warning").render()) == ""
        assert "deals fit what seat 1 knows" in str(app.query_one("#sheet").render())
    expected = ThirteenCluesAnalysis(position).to_json()
    got = ThirteenCluesAnalysis(notebook.data).to_json()
    assert got["worlds"] == expected["worlds"]
    assert got["cards"] == expected["cards"]
    questions = position["questions"]
    assert isinstance(questions, list) and questions
    first = questions[0]
    wrong = (int(first["answer"]) + 1) % 4
    notebook.enter(f"{first['witness']} {first['about']} {wrong}")
    warning = " ".join(notebook.warnings())
    assert "contradict" in warning
    assert f"(seat {first['witness']} {first['about']} {wrong})" in warning


async def test_black_stories_case_sheet_through_the_app(tmp_path: Path) -> None:
    from sleuth.games.black_stories.notebook import BlackStoriesNotebook

    path = tmp_path / "bsi.json"
    notebook = BlackStoriesNotebook.start(3, 0, path)
    app = AssistApp(notebook)
    async with app.run_test() as pilot:
        # The seed's example: woman+knife lands in field 2 at seat 1.
        for entry in [
            "1 woman+knife 2",
            "1 man+day+outside 0/1",
            "fail 1 woman/night/inside/knife",
        ]:
            await _type(pilot, entry)
        await pilot.pause()
        sheet = str(app.query_one("#sheet").render())
    # woman and knife both match; man, day, outside at most one: so night or inside, not both
    assert "seat 1: 2 possible cases; certain: woman/knife" in sheet
    assert "woman/night/outside/knife" in sheet and "woman/day/inside/knife" in sheet
    assert json.loads(path.read_text(encoding="utf-8"))["targets"]["1"]["failed_guesses"] == [
        ["woman", "night", "inside", "knife"]
    ]
    notebook.enter("1 woman+gun 3")  # impossible: a two-piece card has at most 2 matches
    assert notebook.warnings() == ["the clues about seat 1 contradict each other: woman+gun in 3"]
    notebook.enter("undo")
    notebook.enter("solved 1")
    assert "seat 1: 16 possible cases" in notebook.sheet()
    with pytest.raises(EntryError, match="not another seat"):
        notebook.enter("0 woman+knife 2")
