"""Typing goes to the notation box, wherever the focus is, and Enter plays what it holds.

A widget that takes no text (the action list, the notes grid) hands the characters typed or
pasted on it straight to the app's notation box, within its own key handler: keys sent
faster than a person types (a paste, a script) are queued for that widget before the focus
moves to the box, and each must be in the box before the next key, an Enter, is read. An
Enter on such a widget plays the box's text whenever the box holds text; only an empty box
leaves Enter to the widget (the list plays its highlighted action).
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from textual import events


@runtime_checkable
class TypingBox(Protocol):
    """The app that owns the notation box."""

    def type_into_box(self, text: str) -> None:
        """Add ``text`` at the end of the box, and give the box the focus."""

    def play_box(self) -> bool:
        """Play the box's text if it holds any (``False``: it is empty)."""


def pass_typing_on(app: object, event: events.Key, keep: tuple[str, ...] = ()) -> None:
    """A printable key (but the widget's own ``keep`` keys) goes into ``app``'s box; Enter
    plays the box's text when it holds some."""
    if not isinstance(app, TypingBox):
        return
    if event.key == "enter":
        if app.play_box():
            event.stop()
            event.prevent_default()
        return
    if event.is_printable and event.character is not None and event.key not in keep:
        event.stop()
        event.prevent_default()
        app.type_into_box(event.character)


def pass_paste_on(app: object, event: events.Paste) -> None:
    """Pasted text goes into the box (one line: a line break would be a second move)."""
    if isinstance(app, TypingBox):
        event.stop()
        event.prevent_default()
        app.type_into_box(" ".join(event.text.split()))
