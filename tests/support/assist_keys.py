"""The table assistant's terminal app driven like a person at a physical game: entries typed
into its box, and what its panes show (the tests of each game's assistant)."""

from __future__ import annotations

from typing import Any

from textual.widgets import Input

from sleuth.tui.assist_app import AssistApp


async def press_keys(pilot: Any, text: str) -> None:
    """Type ``text`` key by key into the focused entry box, then Enter."""
    for key in text:
        await pilot.press("space" if key == " " else key)
    await pilot.press("enter")


async def type_entry(pilot: Any, text: str) -> None:
    """Put ``text`` in the entry box and press Enter: the app takes it as typed. (Pilot key
    presses cost ~60 ms each, so long sessions fill the box at once; ``press_keys`` keeps
    one test honest about the keys themselves.)"""
    box = pilot.app.query_one("#entry", Input)
    assert box.has_focus
    box.value = text
    await pilot.press("enter")


def shown(app: AssistApp, widget: str) -> str:
    return str(app.query_one(f"#{widget}").render())
