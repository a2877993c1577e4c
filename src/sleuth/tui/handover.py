"""The screen between two people at one terminal: nothing of either seat is shown."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from sleuth.i18n import N_

from .language import language_of, speak_bindings_of_screen, tr


class HandOverScreen(ModalScreen[None]):
    """Covers the whole screen until the next person confirms they hold the keyboard."""

    DEFAULT_CSS = """
    HandOverScreen { align: center middle; background: $background; }
    HandOverScreen Static { width: auto; padding: 1 2; }
    """
    BINDINGS = [Binding("enter", "ready", N_("I hold the keyboard"), show=True)]

    def __init__(self, seat: int) -> None:
        super().__init__()
        self.seat = seat

    def on_mount(self) -> None:
        speak_bindings_of_screen(self)

    def compose(self) -> ComposeResult:
        language = language_of(self)
        with Middle(), Center():
            yield Static(
                tr(
                    "Hand over to seat %(seat)s.\nOthers look away; seat %(seat)s, press Enter.",
                    language,
                    seat=self.seat,
                ),
                id="handover-text",
            )
            yield Button(
                tr("I am seat %(seat)s", language, seat=self.seat), id="ready", variant="primary"
            )

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(None)

    def action_ready(self) -> None:
        self.dismiss(None)
