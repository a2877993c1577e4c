"""Alibi's text sheet crosses to a seat as typed lines, message keys and values the page says
in the person's language, never as English sentences (issue #35)."""

from __future__ import annotations

import json
from typing import Any

from sleuth.core import make_game
from sleuth.i18n import page_catalogue
from sleuth.server.frames import SheetFrame
from sleuth.server.live import view_bytes
from sleuth.server.workers import SheetJob, render_sheet


def _strings(value: Any) -> list[str]:
    """Every string among a line's values (the keys and the values' own keys left out)."""
    if isinstance(value, dict):
        inner = value.get("values", {k: v for k, v in value.items() if k != "key"})
        return [s for v in inner.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return [value] if isinstance(value, str) else []


def _keys(value: Any) -> list[str]:
    if isinstance(value, dict):
        own = [value["key"]] if "key" in value else []
        return own + [k for v in value.get("values", {}).values() for k in _keys(v)]
    return []


def _alibi_frame(level: str) -> dict[str, Any]:
    game = make_game("alibi", players=3)
    state = game.new(7)
    sheet = render_sheet(SheetJob("alibi", game.config_json(), view_bytes(state.view(0)), level))
    frame = SheetFrame(table="t", step=0, seat=0, sheet=sheet.lines, data=sheet.data)
    loaded: dict[str, Any] = json.loads(frame.wire())
    return loaded


def test_a_text_sheet_crosses_as_keys_and_values() -> None:
    frame = _alibi_frame("full")
    lines = frame["sheet"]
    assert frame["data"] is None
    assert lines[:3] == [
        {
            "key": "%(suspect)s (%(status)s): needs %(needs)s",
            "values": {
                "suspect": "S05",
                "status": {
                    "key": "%(covered)s of %(threshold)s covered",
                    "values": {"covered": 0, "threshold": 5},
                },
                "needs": {
                    "key": "%(more)s more of %(cards)s",
                    "values": {
                        "more": 5,
                        "cards": {"cards": ["female", "thin", "short", "revolver", "bag"]},
                    },
                },
            },
        },
        {
            "key": "%(card)s%(unseen)s%(mine)s",
            "values": {
                "card": {"card": "female"},
                "unseen": {"key": ": %(count)s unseen", "values": {"count": 4}},
                "mine": {"key": " (you hold it)", "values": {}},
            },
            "indent": 1,
        },
        {
            "key": "%(card)s%(unseen)s%(mine)s",
            "values": {
                "card": {"card": "thin"},
                "unseen": {"key": ": %(count)s unseen", "values": {"count": 4}},
                "mine": "",
            },
            "indent": 1,
        },
    ]
    # No sentence among the values: only ids (suspects, cards) and blanks.
    assert [s for s in _strings(lines) if " " in s] == []
    # Every key has its German and Japanese in the page's catalogues.
    keys = {key for line in lines for key in _keys(line)}
    assert len(keys) == 6
    for language in ("de", "ja"):
        assert keys <= set(page_catalogue(language)), language


def test_at_facts_no_count_of_unseen_crosses() -> None:
    lines = _alibi_frame("facts")["sheet"]
    assert lines[1]["values"]["unseen"] == ""
    assert {key for line in lines for key in _keys(line)} == {
        "%(suspect)s (%(status)s): needs %(needs)s",
        "%(covered)s of %(threshold)s covered",
        "%(more)s more of %(cards)s",
        "%(card)s%(unseen)s%(mine)s",
        " (you hold it)",
    }
