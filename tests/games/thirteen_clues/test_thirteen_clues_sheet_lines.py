"""13 Clues' sheet where the page has no data to draw crosses as typed lines the page says in
the person's language (issue #35): before the mysteries are chosen, and to a spectator."""

from __future__ import annotations

import pytest

from sleuth.core import make_game
from sleuth.i18n import page_catalogue
from sleuth.server.live import view_bytes
from sleuth.server.workers import SheetJob, render_sheet

CHOOSING = "(no sheet yet: the mysteries are still being chosen)"
SPECTATOR = "(a spectator keeps no sheet)"


def _sheet(seat: int | None) -> tuple[object, object]:
    game = make_game("13-clues", players=3, mystery_choice="players")
    state = game.new(4)
    job = SheetJob("13-clues", game.config_json(), view_bytes(state.view(seat)), "facts")
    sheet = render_sheet(job)
    return sheet.lines, sheet.data


@pytest.mark.parametrize(("seat", "key"), [(0, CHOOSING), (None, SPECTATOR)])
def test_a_sheet_without_data_is_a_key(seat: int | None, key: str) -> None:
    assert _sheet(seat) == ([{"key": key, "values": {}}], None)
    for language in ("de", "ja"):
        assert key in page_catalogue(language), language
