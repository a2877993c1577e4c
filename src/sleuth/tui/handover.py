"""The screen between two people at one terminal: nothing of either seat is shown."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import ModalScreen
from textual.widgets import Button, Static


class HandOverScreen(ModalScreen[None]):
    """Covers the whole screen until the next person confirms they hold the keyboard."""

    DEFAULT_CSS = """
    HandOverScreen { align: center middle; background: $background; }
    HandOverScreen Static { width: auto; padding: 1 2; }
    """
    BINDINGS = [Binding("enter", "ready", "I am seat {seat}", show=True)]

    def __init__(self, seat: int) -> None:
        super().__init__()
        self.seat = seat

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(
                f"Hand over to seat {self.seat}.\nOthers look away; seat {self.seat}, press Enter.",
                id="handover-text",
            )
            yield Button(f"I am seat {self.seat}", id="ready", variant="primary")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(None)

    def action_ready(self) -> None:
        self.dismiss(None)
