"""The table assistant on Black Vienna, driven through the terminal app like a person at a
physical game."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from sleuth.agents import RandomAgent
from sleuth.arena import play_match
from sleuth.assist import EntryError, Notebook, load_notebook, session_positions
from sleuth.core import make_game
from sleuth.deduce.api import analyze_position
from sleuth.games.black_vienna.components import DEFAULT_DECK
from sleuth.games.black_vienna.notebook import GRAMMAR as BLACK_VIENNA

pytest.importorskip("textual")

from textual.widgets import Input

from sleuth.tui.assist_app import AssistApp
from support.assist_keys import press_keys, shown, type_entry
from support.streams import bot_streams


def _recorded_game() -> tuple[Any, list[tuple[int, str, int]]]:
    agents = [RandomAgent(0.0) for _ in range(4)]
    result = play_match(make_game("bv", 4), agents, 21, bot_seeds=bot_streams(21, 4))
    record: Any = result.record
    answers = []
    for _, action, outcome in record["steps"]:
        if action.startswith("ask"):
            for part in outcome.split():
                card, rest = part.split("@")
                target, markers = rest.split("=")
                answers.append((int(target), card, int(markers)))
    return record["reveal"], answers


SETUP = {"players": 4, "seat": 1, "hand": "AFKPTX"}


def black_vienna(hand: str, path: Path | None = None) -> Notebook[Any, Any]:
    values = {"players": 4, "seat": 1, "hand": hand}
    return Notebook.start("black-vienna", BLACK_VIENNA, values, path)


async def test_entering_a_recorded_game_gives_exactly_what_deduce_gives(tmp_path: Path) -> None:
    reveal, answers = _recorded_game()
    hand = reveal["hands"][1]
    path = tmp_path / "session.json"
    notebook = black_vienna(hand, path)
    app = AssistApp(notebook)
    async with app.run_test() as pilot:
        for target, card, markers in answers[:14]:
            await type_entry(pilot, f"{target} {card} {markers}")
        await pilot.pause()
        assert shown(app, "warning") == ""
        assert "deals fit what seat 1 knows" in shown(app, "sheet")
        assert f"#14  {answers[13][0]} {answers[13][1]} {answers[13][2]}" in shown(app, "entries")
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert len(saved["entries"]) == 14
    position: Any = session_positions(saved)["position"]  # what `sleuth deduce FILE` reads
    assert len(position["investigations"]) == 14
    expected = analyze_position(position)
    analysis = notebook.folded.analysis
    assert str(analysis.worlds) == expected["worlds"]
    assert analysis.card_probabilities() == expected["cards"]
    assert load_notebook(path).folded.position == notebook.folded.position


@pytest.mark.slow
async def test_a_miscounted_answer_is_flagged_naming_the_entries(tmp_path: Path) -> None:
    reveal, answers = _recorded_game()
    hand = reveal["hands"][1]
    notebook = black_vienna(hand, tmp_path / "s.json")
    app = AssistApp(notebook)
    async with app.run_test() as pilot:
        for target, card, markers in answers[:3]:
            await press_keys(pilot, f"{target} {card} {markers}")
        card = next(c for c in DEFAULT_DECK if c not in {a[1] for a in answers[:3]})
        own = sum(letter in hand for letter in card)
        wrong = (own + 1) % 4
        await press_keys(pilot, f"1 {card} {wrong}")  # seat 1 miscounts its own hand
        await pilot.pause()
        assert shown(app, "message").startswith(
            f"Not taken: #4 (1 {card} {wrong}): you hold {own} of {card}, not {wrong}."
        )
        assert len(app.notebook.entries) == 3 and shown(app, "warning") == ""
        # The refused entry stays in the box: a closing ! takes it on purpose.
        assert app.query_one("#entry", Input).value == f"1 {card} {wrong}"
        await press_keys(pilot, " !")
        await pilot.pause()
        warning = shown(app, "warning")
        assert (
            f"this entry cannot be true (a miscount or a typo?): #4 (1 {card} {wrong})" in warning
        )
        # the sheet of the other three entries is still shown, saying what it leaves out
        assert shown(app, "sheet").startswith("(leaving out #4)\n")
        await press_keys(pilot, "undo")
        await pilot.pause()
        assert shown(app, "warning") == ""
        assert shown(app, "message") == f"undone #4: 1 {card} {wrong}"
        assert "#4" not in shown(app, "entries")


async def test_an_old_entry_is_edited_and_another_deleted_in_the_app(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    app = AssistApp(black_vienna("AFKPTX", path))
    async with app.run_test() as pilot:
        # #1 and #2 cannot both be true: #2 is taken on purpose (a closing !)
        for entry in ("2 CDE 3", "3 CDG 2 !", "0 BHV 2"):
            await type_entry(pilot, entry)
        await pilot.pause()
        assert shown(app, "warning") == (
            "these entries contradict each other (a miscount or a typo?): "
            "#1 (2 CDE 3), #2 (3 CDG 2)"
        )
        assert shown(app, "sheet").startswith("(leaving out #1, #2)\n")
        await type_entry(pilot, "edit 2 3 CDG 0")  # the old entry was the miscount
        await pilot.pause()
        assert shown(app, "message") == "edited #2 (was 3 CDG 2); #2: seat 3 has 0 of CDG"
        assert shown(app, "warning") == ""
        assert "#2  3 CDG 0" in shown(app, "entries")
        assert "C is in seat 2" in app.notebook.why("C")
        await type_entry(pilot, "delete 1")
        await pilot.pause()
        assert shown(app, "message") == ("deleted #1: 2 CDE 3; the later entries moved up a number")
        assert "#1  3 CDG 0\n#2  0 BHV 2" in shown(app, "entries")
        await type_entry(pilot, "edit 9 2 AOR 1")
        await pilot.pause()
        assert shown(app, "message") == ("Not taken: there is no entry #9 (the entries are #1-#2)")
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["entries"] == ["3 CDG 0", "0 BHV 2"]


async def test_help_lists_the_games_entries_and_the_commands() -> None:
    from sleuth.tui.assist_app import HelpScreen

    app = AssistApp(black_vienna("AFKPTX"), sheet="facts")
    async with app.run_test(size=(80, 24)) as pilot:
        await type_entry(pilot, "help")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        shown = str(app.screen.query_one("#help-text").render())
        assert "up AOR BHV CDE" in shown and "new FGI" in shown
        assert "edit 3 <entry>" in shown and "delete 3" in shown and "undo" in shown
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen)
        await type_entry(pilot, "2 AOR 1")  # the entry box has the focus again
        assert app.notebook.entries[-1].text() == "2 AOR 1"
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert str(app.screen.query_one("#help-text").render()).startswith(app.notebook.help())
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen)


def test_bad_entries_name_what_is_wrong_and_change_nothing() -> None:
    notebook = black_vienna("AFKPTX")
    notebook.enter("up AOR BHV CDE")
    notebook.enter("2 AOR 1")
    before = notebook.entries
    for entry, message in [
        ("9 AOR 1", "seat 9 is not at this table"),
        ("2 AOR 5", "0-3"),
        ("² AOR 1", "seat ² is not at this table"),
        ("2 AOR " + "9" * 150, "markers: a card has three letters, so 0-3"),
        ("2 A1R 1", "not a card"),
        ("hello", "expected 'SEAT CARD MARKERS'"),
        ("up AOR", "AOR was answered in #2, so it lies in front of a seat, not face up"),
        ("new CDE", "CDE is face up already"),
    ]:
        with pytest.raises(EntryError, match=message):
            notebook.enter(entry)
        assert notebook.entries == before
    generated = Notebook.start("black-vienna", BLACK_VIENNA, {**SETUP, "deck": "generated"})
    with pytest.raises(EntryError, match="AOQ is not a card of the investigation deck"):
        generated.enter("2 AOQ 1")
    notebook.enter("new FGI")  # in place of AOR: three face up again
    with pytest.raises(EntryError, match="3 cards are face up already"):
        notebook.enter("new JKL")
    with pytest.raises(EntryError, match="holds 6 cards, not 5"):
        black_vienna("AFKPT")
    with pytest.raises(EntryError, match="nothing to undo"):
        black_vienna("AFKPTX").enter("undo")


def test_more_bad_entries_change_nothing() -> None:
    notebook = black_vienna("AFKPTX")
    notebook.enter("2 AOR 1")
    before = notebook.entries
    for entry, message in [
        ("why 7", "not a person"),
        ("delete 3", "there is no entry #3"),
        ("delete x", "'x' is not an entry number"),
        ("edit 1", "the new entry is missing"),
        ("edit 1 2 AOR 9", "0-3"),
        ("x" * 201, "at most 200 characters"),
        ("", "empty entry"),
    ]:
        with pytest.raises(EntryError, match=message):
            notebook.enter(entry)
        assert notebook.entries == before


def test_an_answered_face_up_card_leaves_the_face_up_cards() -> None:
    notebook = black_vienna("AFKPTX")
    notebook.enter("up AOR BHV CDE")
    said = notebook.enter("3 AOR 1")
    assert said == (
        "#2: seat 3 has 1 of AOR; AOR leaves the face-up cards: enter the card turned up "
        "in its place (new XYZ)"
    )
    assert notebook.folded.position.face_up == ("BHV", "CDE")
    assert "face up: BHV CDE" in notebook.lines()
    best = [line for line in notebook.sheet().splitlines() if line.startswith("best question")]
    assert len(best) == 1 and "AOR" not in best[0]
    notebook.enter("new FGI")
    assert notebook.folded.position.face_up == ("BHV", "CDE", "FGI")


def test_why_names_the_answers_behind_a_certain_fact() -> None:
    notebook = black_vienna("AFKPTX")
    notebook.enter("2 CDE 3")
    assert (
        notebook.enter("why C")
        == "C is in seat 2, because of #1 (2 CDE 3) with your hand and the hand sizes"
    )
    assert notebook.why("A") == "A is in seat 1: own hand"
    assert notebook.why("Z") == "Z: not certain yet"
