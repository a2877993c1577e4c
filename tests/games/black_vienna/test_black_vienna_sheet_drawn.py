"""Black Vienna's sheet is drawn by the page from its data: it crosses with no lines at all
(issue #35)."""

from __future__ import annotations

from sleuth.core import make_game
from sleuth.server.live import view_bytes
from sleuth.server.workers import SheetJob, render_sheet


def test_a_sheet_the_page_draws_sends_no_lines() -> None:
    game = make_game("black-vienna", players=3)
    state = game.new(3)
    job = SheetJob("black-vienna", game.config_json(), view_bytes(state.view(1)), "full")
    sheet = render_sheet(job)
    assert sheet.lines == []
    assert isinstance(sheet.data, dict)
