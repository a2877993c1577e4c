"""Typing goes to the notation box, wherever the focus is.

A widget that takes no text (the action list, the notes grid) passes the characters typed
on it to the app as ``Typed`` messages, and the app puts them into its notation box, so a
move typed while the list has the focus is the move played.
"""

from __future__ import annotations

from textual import events
from textual.message import Message
from textual.widget import Widget


class Typed(Message):
    """A character typed on a widget that takes no text."""

    def __init__(self, character: str) -> None:
        super().__init__()
        self.character = character


def pass_typing_on(widget: Widget, event: events.Key, keep: tuple[str, ...] = ()) -> None:
    """Post a printable key (but the widget's own ``keep`` keys) as ``Typed``."""
    if event.is_printable and event.character is not None and event.key not in keep:
        event.stop()
        event.prevent_default()
        widget.post_message(Typed(event.character))
