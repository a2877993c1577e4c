"""The table assistant, driven through the terminal app like a person at a physical game."""

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
from sleuth.games.black_stories.notebook import GRAMMAR as BLACK_STORIES
from sleuth.games.black_vienna.components import DEFAULT_DECK
from sleuth.games.black_vienna.notebook import GRAMMAR as BLACK_VIENNA
from sleuth.games.thirteen_clues.notebook import GRAMMAR as THIRTEEN_CLUES

pytest.importorskip("textual")

from textual.widgets import Input

from sleuth.tui.assist_app import AssistApp
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


async def _press_keys(pilot: Any, text: str) -> None:
    """Type ``text`` key by key into the focused entry box, then Enter."""
    for key in text:
        await pilot.press("space" if key == " " else key)
    await pilot.press("enter")


async def _type(pilot: Any, text: str) -> None:
    """Put ``text`` in the entry box and press Enter: the app takes it as typed. (Pilot key
    presses cost ~60 ms each, so long sessions fill the box at once; ``_press_keys`` keeps
    one test honest about the keys themselves.)"""
    box = pilot.app.query_one("#entry", Input)
    assert box.has_focus
    box.value = text
    await pilot.press("enter")


def _shown(app: AssistApp, widget: str) -> str:
    return str(app.query_one(f"#{widget}").render())


async def test_entering_a_recorded_game_gives_exactly_what_deduce_gives(tmp_path: Path) -> None:
    reveal, answers = _recorded_game()
    hand = reveal["hands"][1]
    path = tmp_path / "session.json"
    notebook = black_vienna(hand, path)
    app = AssistApp(notebook)
    async with app.run_test() as pilot:
        for target, card, markers in answers[:14]:
            await _type(pilot, f"{target} {card} {markers}")
        await pilot.pause()
        assert _shown(app, "warning") == ""
        assert "deals fit what seat 1 knows" in _shown(app, "sheet")
        assert f"#14  {answers[13][0]} {answers[13][1]} {answers[13][2]}" in _shown(app, "entries")
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
            await _press_keys(pilot, f"{target} {card} {markers}")
        card = next(c for c in DEFAULT_DECK if c not in {a[1] for a in answers[:3]})
        own = sum(letter in hand for letter in card)
        wrong = (own + 1) % 4
        await _press_keys(pilot, f"1 {card} {wrong}")  # seat 1 miscounts its own hand
        await pilot.pause()
        assert _shown(app, "message").startswith(
            f"Not taken: #4 (1 {card} {wrong}): you hold {own} of {card}, not {wrong}."
        )
        assert len(app.notebook.entries) == 3 and _shown(app, "warning") == ""
        # The refused entry stays in the box: a closing ! takes it on purpose.
        assert app.query_one("#entry", Input).value == f"1 {card} {wrong}"
        await _press_keys(pilot, " !")
        await pilot.pause()
        warning = _shown(app, "warning")
        assert (
            f"this entry cannot be true (a miscount or a typo?): #4 (1 {card} {wrong})" in warning
        )
        # the sheet of the other three entries is still shown, saying what it leaves out
        assert _shown(app, "sheet").startswith("(leaving out #4)\n")
        await _press_keys(pilot, "undo")
        await pilot.pause()
        assert _shown(app, "warning") == ""
        assert _shown(app, "message") == f"undone #4: 1 {card} {wrong}"
        assert "#4" not in _shown(app, "entries")


async def test_an_old_entry_is_edited_and_another_deleted_in_the_app(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    app = AssistApp(black_vienna("AFKPTX", path))
    async with app.run_test() as pilot:
        # #1 and #2 cannot both be true: #2 is taken on purpose (a closing !)
        for entry in ("2 CDE 3", "3 CDG 2 !", "0 BHV 2"):
            await _type(pilot, entry)
        await pilot.pause()
        assert _shown(app, "warning") == (
            "these entries contradict each other (a miscount or a typo?): "
            "#1 (2 CDE 3), #2 (3 CDG 2)"
        )
        assert _shown(app, "sheet").startswith("(leaving out #1, #2)\n")
        await _type(pilot, "edit 2 3 CDG 0")  # the old entry was the miscount
        await pilot.pause()
        assert _shown(app, "message") == "edited #2 (was 3 CDG 2); #2: seat 3 has 0 of CDG"
        assert _shown(app, "warning") == ""
        assert "#2  3 CDG 0" in _shown(app, "entries")
        assert "C is in seat 2" in app.notebook.why("C")
        await _type(pilot, "delete 1")
        await pilot.pause()
        assert _shown(app, "message") == (
            "deleted #1: 2 CDE 3; the later entries moved up a number"
        )
        assert "#1  3 CDG 0\n#2  0 BHV 2" in _shown(app, "entries")
        await _type(pilot, "edit 9 2 AOR 1")
        await pilot.pause()
        assert _shown(app, "message") == ("Not taken: there is no entry #9 (the entries are #1-#2)")
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["entries"] == ["3 CDG 0", "0 BHV 2"]


async def test_help_lists_the_games_entries_and_the_commands() -> None:
    from sleuth.tui.assist_app import HelpScreen

    app = AssistApp(black_vienna("AFKPTX"), sheet="facts")
    async with app.run_test(size=(80, 24)) as pilot:
        await _type(pilot, "help")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        shown = str(app.screen.query_one("#help-text").render())
        assert "up AOR BHV CDE" in shown and "new FGI" in shown
        assert "edit 3 <entry>" in shown and "delete 3" in shown and "undo" in shown
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen)
        await _type(pilot, "2 AOR 1")  # the entry box has the focus again
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


@pytest.mark.slow
async def test_thirteen_clues_assistant_matches_the_engine_on_a_recorded_game(
    tmp_path: Path,
) -> None:
    from sleuth.core.records import replay_record
    from sleuth.games.thirteen_clues.knowledge import ThirteenCluesAnalysis, thirteen_clues_position

    # Random bots that never repeat a wrong accusation make a long game to enter.
    game = make_game("13-clues", 4, mystery_choice="random", repeat_accusations=False)
    agents = [RandomAgent(0.0) for _ in range(4)]
    record = play_match(game, agents, 5, bot_seeds=bot_streams(5, 4)).record
    replay = replay_record(record)
    view: Any = replay.state_at((len(replay.steps) + 1) // 2).view(1)  # seat 1, mid-game
    position: Any = thirteen_clues_position(view)  # what `sleuth deduce` gets for this seat
    hidden = position["hidden"]
    assert isinstance(hidden, list)
    values = {"players": 4, "seat": 1, "hidden": hidden}
    notebook = Notebook.start("13-clues", THIRTEEN_CLUES, values, tmp_path / "c.json")
    entries = [f"mystery {s} {' '.join(m)}" for s, m in position["mysteries"].items()]
    entries += [f"look {k} {v}" for k, v in position["informants"].items()]
    entries += [f"{q['witness']} {q['about']} {q['answer']}" for q in position["questions"]]
    entries += [f"accuse {a['player']} {' '.join(a['cards'])}" for a in position["accusations"]]
    assert len(entries) > 60
    app = AssistApp(notebook)
    async with app.run_test() as pilot:
        for entry in entries:
            await _type(pilot, entry)
        await pilot.pause()
        assert _shown(app, "warning") == ""
        assert "deals fit what seat 1 knows" in _shown(app, "sheet")
        assert len(notebook.entries) == len(entries)
    expected = ThirteenCluesAnalysis(position).to_json()
    got = ThirteenCluesAnalysis(notebook.positions()["position"]).to_json()
    assert got["worlds"] == expected["worlds"]
    assert got["cards"] == expected["cards"]
    questions = position["questions"]
    assert isinstance(questions, list) and questions
    # Another seat's answer: a wrong one of the seat's own contradicts its cards alone.
    index, first = next((i, q) for i, q in enumerate(questions) if q["witness"] != 1)
    wrong = (int(first["answer"]) + 1) % 4
    typed = f"{first['witness']} {first['about']} {wrong}"
    with pytest.raises(EntryError, match="it contradicts #") as refused:
        notebook.enter(typed)
    said = notebook.enter(typed + " !")  # taken on purpose, then flagged
    warning = " ".join(notebook.warnings())
    assert "contradict" in warning
    new_number = int(said.split(":")[0].lstrip("#"))
    assert f"#{new_number} ({first['witness']} {first['about']} {wrong})" in warning
    # the first question's own entry is named too: the two cannot both be true
    first_number = len(position["mysteries"]) + len(position["informants"]) + 1 + index
    named = f"#{first_number} ({first['witness']} {first['about']} {first['answer']})"
    assert named in warning
    assert named in str(refused.value)  # the refusal named it already


def test_thirteen_clues_entries_are_checked_against_the_table() -> None:
    values = {"players": 4, "seat": 0, "hidden": ["Officer", "Park"]}
    notebook = Notebook.start("13-clues", THIRTEEN_CLUES, values)
    with pytest.raises(EntryError, match="Bow is not in play at 4 players"):
        Notebook.start("13-clues", THIRTEEN_CLUES, {**values, "hidden": ["Officer", "Bow"]})
    notebook.enter("mystery 1 Duke Market Sword")
    for entry, message in [
        ("mystery 2 Nurse Museum Bow", "Bow is not in play at 4 players"),
        ("mystery 2 Duke Plaza Gun", "#2: Duke is already in seat 1's mystery \\(#1\\)"),
        ("mystery 1 Maid Plaza Gun", "seat 1's mystery is #1 already"),
        ("mystery 0 Maid Plaza Gun", "cannot see your own mystery"),
        ("look A Officer", "Officer is already one of your hidden cards"),
        ("look E Nurse", "not an informant at 4 players \\(slots ABCD\\)"),
        ("2 gray 1", "gray is not in play at 4 players"),
        ("2 purple 4", "there are only 3 purple cards in play"),
        ("2 purple left 1", "a side is named only with two players"),
        ("accuse 2 Duke Harbor Rifle", "seat 2 sees Duke in seat 1's mystery"),
        ("accuse 2 Maid Nurse Rifle", "expected one person, one location, one weapon"),
    ]:
        with pytest.raises(EntryError, match=message):
            notebook.enter(entry)
        assert len(notebook.entries) == 1
    assert notebook.sheet().startswith("Enter the mysteries you see first (seats 2, 3)")
    notebook.enter("mystery 2 Nurse Museum Blowgun")
    notebook.enter("mystery 3 Maid Plaza Gun")
    notebook.enter("look A Countess")
    assert notebook.why("Countess") == "Countess is informant A (#4)"
    assert notebook.why("Officer") == "Officer is one of your hidden cards"


async def test_black_stories_case_sheet_through_the_app(tmp_path: Path) -> None:
    path = tmp_path / "bsi.json"
    values = {"players": 3, "seat": 0}
    notebook = Notebook.start("black-stories-investigation", BLACK_STORIES, values, path)
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
        sheet = _shown(app, "sheet")
    # woman and knife both match; man, day, outside at most one: so night or inside, not both
    assert "seat 1: 2 possible cases; certain: woman/knife" in sheet
    assert "woman/night/outside/knife" in sheet and "woman/day/inside/knife" in sheet
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["entries"][2] == "fail 1 woman/night/inside/knife"
    assert session_positions(saved)["seat 1"]["failed_guesses"] == [
        ["woman", "night", "inside", "knife"]
    ]
    assert notebook.why("1 woman") == (
        "seat 1's case is certainly woman, because of #1 (1 woman+knife 2)"
    )
    with pytest.raises(EntryError, match="#4 \\(1 woman\\+gun 3\\): it cannot be true"):
        notebook.enter("1 woman+gun 3")  # impossible: a two-piece card has at most 2 matches
    notebook.enter("1 woman+gun 3 !")
    assert notebook.warnings() == [
        "this entry cannot be true (a miscount or a typo?): #4 (1 woman+gun 3)"
    ]
    assert notebook.enter("undo") == "undone #4: 1 woman+gun 3"
    notebook.enter("solved 1")
    assert "seat 1: 16 possible cases" in notebook.sheet()
    with pytest.raises(EntryError, match="not another seat"):
        notebook.enter("0 woman+knife 2")
