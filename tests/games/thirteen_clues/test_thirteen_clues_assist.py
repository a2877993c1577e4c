"""The table assistant on 13 Clues: a recorded game entered through the terminal app gives
what the engine gives, and entries are checked against the table."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from sleuth.agents import RandomAgent
from sleuth.arena import play_match
from sleuth.assist import EntryError, Notebook
from sleuth.core import make_game
from sleuth.games.thirteen_clues.notebook import GRAMMAR as THIRTEEN_CLUES

pytest.importorskip("textual")

from sleuth.tui.assist_app import AssistApp
from support.assist_keys import shown, type_entry
from support.streams import bot_streams


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
            await type_entry(pilot, entry)
        await pilot.pause()
        assert shown(app, "warning") == ""
        assert "deals fit what seat 1 knows" in shown(app, "sheet")
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


def test_an_informant_twice_and_a_solution_placed_elsewhere_are_refused_naming_the_first() -> None:
    values = {"players": 4, "seat": 0, "hidden": ["Officer", "Park"]}
    notebook = Notebook.start("13-clues", THIRTEEN_CLUES, values)
    notebook.enter("mystery 1 Duke Market Sword")
    notebook.enter("look A Nurse")
    with pytest.raises(EntryError, match=r"^#3: informant A is #2 already$"):
        notebook.enter("look A Maid")
    with pytest.raises(
        EntryError, match=r"^#3: Duke is in seat 1's mystery \(#1\), so not in your mystery$"
    ):
        notebook.enter("solution Duke Harbor Rifle")
    assert [entry.text() for entry in notebook.entries] == [
        "mystery 1 Duke Market Sword",
        "look A Nurse",
    ]
