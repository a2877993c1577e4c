"""The table assistant on Black Stories Investigation: a case sheet through the terminal
app."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sleuth.assist import EntryError, Notebook, session_positions
from sleuth.games.black_stories.notebook import GRAMMAR as BLACK_STORIES

pytest.importorskip("textual")

from sleuth.tui.assist_app import AssistApp
from support.assist_keys import shown, type_entry


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
            await type_entry(pilot, entry)
        await pilot.pause()
        sheet = shown(app, "sheet")
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
