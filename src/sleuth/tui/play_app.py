"""``sleuth play``: one game in the terminal against bots and people at the same keyboard.

Only views reach the screen: the app asks the session for the view of the seat in front
of the keyboard (or a spectator's when only bots play) and never touches the State.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, Header, Input, Label, ListItem, ListView, Static

from sleuth.arena.session import GameSession
from sleuth.core import Action, GameError
from sleuth.core.actions import ActionList
from sleuth.core.records import Step

from .handover import HandOverScreen
from .review_screen import ReviewScreen, review_text
from .sheets import SheetPanel, make_sheet

# Families longer than this (Black Vienna's 2,925 accusations) are typed, not listed.
MAX_LISTED = 200


class PlayApp(App[None]):
    TITLE = "Sleuth"
    CSS = """
    #main { height: 1fr; }
    #table-pane { width: 3fr; border: round $primary; }
    #sheet-pane { width: 2fr; border: round $secondary; }
    #bottom { height: auto; max-height: 14; }
    #actions { height: auto; max-height: 9; border: round $accent; }
    #status { height: auto; padding: 0 1; }
    #log { height: auto; max-height: 4; padding: 0 1; color: $text-muted; }
    """
    BINDINGS = [
        Binding("exclamation_mark", "accuse", "Accuse!", show=True),
        Binding("colon", "command", "Type action", show=True),
        Binding("ctrl+r", "review", "Review (after the game)", show=True),
        Binding("ctrl+q", "quit", "Quit", show=True),
    ]

    def __init__(
        self,
        session: GameSession,
        sheet: str = "full",
        bot_delay: float = 0.4,
        record_dir: Path | None = None,
    ) -> None:
        super().__init__()
        self.session = session
        self.sheet_level = sheet
        self.bot_delay = bot_delay
        self.record_dir = record_dir
        self.saved: Path | None = None
        humans = session.humans
        self.front_seat: int | None = humans[0] if humans else None
        self._handing_over = False

    # --- layout ----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header(show_clock=False)
        with Horizontal(id="main"):
            with VerticalScroll(id="table-pane"):
                yield Static(id="view")
            with VerticalScroll(id="sheet-pane"):
                yield make_sheet(self.session.game, self.sheet_level, id="sheet")
        with Vertical(id="bottom"):
            yield Static(id="status")
            yield Static(id="log")
            yield ListView(id="actions")
            yield Input(placeholder="type an action in notation and press Enter", id="command")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = f"{self.session.game.title}, {self.session.game.players} players"
        self.refresh_screen()
        self.advance()

    # --- the game loop ---------------------------------------------------------------------

    def advance(self) -> None:
        """Let bots move one at a time with a visible pause, then wait for a person."""
        if self.session.outcome is not None:
            self.finish()
            return
        waiting = self.session.waiting_for_human()
        if waiting is None:
            if self.bot_delay > 0:
                self.set_timer(self.bot_delay, self._bot_move)
            else:
                self.call_later(self._bot_move)
            return
        if waiting != self.front_seat and len(self.session.humans) > 1:
            self.hand_over(waiting)
            return
        self.refresh_screen()

    def _bot_move(self) -> None:
        step = self.session.bot_step()
        if step is not None:
            self.show_step(step)
        self.refresh_screen()
        self.advance()

    def hand_over(self, seat: int) -> None:
        self._handing_over = True
        self.front_seat = None
        self.show_log("")
        self.refresh_screen()

        def ready(_: None) -> None:
            self._handing_over = False
            self.front_seat = seat
            self.refresh_screen()
            self.advance()

        self.push_screen(HandOverScreen(seat), ready)

    def play(self, text: str) -> None:
        seat = self.front_seat
        if seat is None or self._handing_over:
            self.show_status("Not your turn to act.")
            return
        try:
            step = self.session.act(seat, text)
        except GameError as error:
            self.show_status(f"Not possible: {error}")
            return
        self.show_step(step)
        self.refresh_screen()
        self.advance()

    def finish(self) -> None:
        if self.saved is None and self.record_dir is not None:
            self.saved = self.session.save(self.record_dir)
        outcome = self.session.outcome
        if outcome is None:
            return
        saved = f"  Record: {self.saved}" if self.saved else ""
        self.show_status(
            f"Game over ({outcome.reason}). Scores: {' '.join(map(str, outcome.scores))}.{saved}"
            "  Press ctrl+r for the review."
        )
        self.query_one("#actions", ListView).clear()

    # --- drawing ---------------------------------------------------------------------------

    def refresh_screen(self) -> None:
        seat = self.front_seat
        view = self.session.view(seat) if not self._handing_over else None
        self.query_one("#view", Static).update(view.render() if view is not None else "")
        self.query_one("#sheet", SheetPanel).show(view)
        actions = self.query_one("#actions", ListView)
        actions.clear()
        if view is None or seat is None or self.session.outcome is not None:
            return
        if self.session.waiting_for_human() == seat:
            legal = self.session.legal_actions(seat)
            listed = [a for part in _listable(legal) for a in part]
            actions.extend(ListItem(Label(str(a)), name=str(a)) for a in listed)
            if listed:
                actions.index = 0
                if not isinstance(self.focused, Input):
                    actions.focus()
            more = (
                " Press ! to accuse." if self.session.may_act(seat) and _can_accuse(legal) else ""
            )
            self.show_status(f"Seat {seat}: your move. Choose below or type it.{more}")
        elif self.session.may_act(seat):
            self.show_status(
                f"Seat {seat}: waiting for seat {self.session.to_move()}. Press ! to accuse."
            )
        else:
            self.show_status(f"Seat {seat}: waiting for seat {self.session.to_move()}.")

    def show_status(self, text: str) -> None:
        self.query_one("#status", Static).update(text)

    def show_step(self, step: Step) -> None:
        """The last move as the seat in front may know it: an action's text can hold what
        only its actor may see (an accusation's letters, a Top Secret subject), so other
        seats' moves show only their public result."""
        if step.seat == self.front_seat and not self._handing_over:
            self.show_log(f"you (seat {step.seat}): {step.action}  {step.result}".rstrip())
        else:
            self.show_log(f"seat {step.seat} moved: {step.result}".rstrip(": "))

    def show_log(self, text: str) -> None:
        self.query_one("#log", Static).update(text)

    # --- input -----------------------------------------------------------------------------

    def on_list_view_selected(self, event: ListView.Selected) -> None:
        if event.item.name:
            self.play(event.item.name)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        event.input.value = ""
        if text:
            self.play(text)

    def action_accuse(self) -> None:
        command = self.query_one("#command", Input)
        command.value = "accuse "
        command.focus()

        def place_cursor() -> None:  # focusing selects the whole text; keep "accuse " instead
            command.cursor_position = len(command.value)

        self.call_after_refresh(place_cursor)

    def action_command(self) -> None:
        self.query_one("#command", Input).focus()

    def action_review(self) -> None:
        if self.session.outcome is None:
            self.show_status("The review comes after the reveal: finish the game first.")
            return
        self.push_screen(ReviewScreen(review_text(self.session.record())))


def _listable(legal: Sequence[Action]) -> list[list[Action]]:
    """The parts of a legal-action list short enough to show one by one."""
    if not isinstance(legal, ActionList):
        return [list(legal)]
    return [list(part) for part in legal.parts if len(part) <= MAX_LISTED]


def _can_accuse(legal: Sequence[Action]) -> bool:
    return isinstance(legal, ActionList) and "accuse" in legal.kinds()
