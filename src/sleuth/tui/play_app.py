"""``sleuth play``: one game in the terminal against bots and people at the same keyboard.

Only views reach the screen: the app asks the session for the view of the seat in front
of the keyboard (or a spectator's when only bots play) and never touches the State. What
one seat at the keyboard has (its history, its hand-kept marks, text typed but not sent,
the highlighted action) is that seat's alone: a hand-over screen hides everything between
two people, before the first one's view too, and the next seat starts with an empty box.

Keys: typing always goes to the notation box and Enter plays what was typed, wherever the
focus is (``keys.py``: also keys sent faster than a person types); with the box empty, arrows
and Enter in the action list play the highlighted action; ``!`` starts an accusation where a game
allows one out of turn, ``:`` goes to the box, Escape leaves it; ``?``/F1 help, F2 the
sheet's level, F3 the hand-kept notes, Ctrl+S saves, Ctrl+Q asks before leaving (q leaves
once the game is over).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Footer, Input, Label, ListItem, ListView, Static

from sleuth.arena.saves import SavedGame, SaveError, write_save
from sleuth.arena.session import GameSession
from sleuth.core import Action, GameError
from sleuth.core.actions import ActionList
from sleuth.i18n import N_, SOURCE

from .handover import HandOverScreen
from .history import HistoryBook
from .keys import pass_paste_on, pass_typing_on
from .language import error_in, speak_bindings, tr
from .screens import HelpScreen, LeaveScreen, ReviewScreen, TextScreen, review_text
from .sheets import SheetPanel, make_sheet
from .words import ending_lines, help_text

APP_KEYS = ("!", ":", "?")
PLACEHOLDER = N_("type an action in notation, Enter plays it")
# Families longer than this (an accusation among thousands of trios) are typed, not listed.
MAX_LISTED = 200


class ActionsList(ListView):
    """The legal actions of the seat to move; characters typed here go to the box."""

    def on_key(self, event: events.Key) -> None:
        pass_typing_on(self.app, event)

    def on_paste(self, event: events.Paste) -> None:
        pass_paste_on(self.app, event)


class CommandInput(Input):
    """The notation box. Escape leaves it, dropping what was typed."""

    BINDINGS = [Binding("escape", "leave", "Leave the box", show=False)]

    class Left(Message):
        """The person left the box."""

    def check_consume_key(self, key: str, character: str | None) -> bool:
        # No notation uses them: they stay the app's keys (accuse, the box, help) while typing.
        return character not in APP_KEYS and super().check_consume_key(key, character)

    def action_leave(self) -> None:
        self.value = ""
        self.post_message(self.Left())


class PlayApp(App[None]):
    TITLE = "Sleuth"
    ENABLE_COMMAND_PALETTE = False
    CSS = """
    #main { height: 1fr; }
    #left { width: 1fr; }
    #table-pane { height: auto; max-height: 55%; min-height: 5; border-top: solid $primary;
                  padding: 0 1; }
    #history-pane { height: 1fr; min-height: 3; border-top: solid $secondary; padding: 0 1; }
    #status { height: auto; max-height: 3; padding: 0 1; background: $boost; }
    #actions { height: auto; max-height: 4; }
    VerticalScroll { scrollbar-size-vertical: 1; }
    #command-row { height: 1; }
    #prompt { width: 2; }
    #command { border: none; height: 1; padding: 0; width: 1fr; }
    #sheet-pane { width: 1fr; border-top: solid $secondary; border-left: solid $secondary; }
    #sheet-pane.-nobody { display: none; }
    """
    BINDINGS = [
        Binding("question_mark,f1", "help", N_("Help"), key_display="?", priority=True),
        Binding("exclamation_mark", "accuse", N_("Accuse!"), key_display="!", priority=True),
        Binding("colon", "command", N_("Type"), key_display=":", priority=True),
        Binding("f2", "sheet_level", N_("Sheet"), priority=True),
        Binding("f3", "notes", N_("Notes"), priority=True),
        Binding("ctrl+s", "save", N_("Save"), priority=True),
        Binding("ctrl+r", "review", N_("Review"), priority=True),
        Binding("ctrl+q", "quit", N_("Quit"), priority=True),
        Binding("q", "leave_ended", N_("Leave"), show=False, priority=True),
    ]

    def __init__(
        self,
        session: GameSession,
        sheet: str = "facts",
        bot_delay: float = 0.4,
        record_dir: Path | None = None,
        save_path: Path | None = None,
        bots: Sequence[str | None] | None = None,
        notes: dict[int, dict[str, str]] | None = None,
        language: str = SOURCE,
    ) -> None:
        super().__init__()
        self.language = language
        speak_bindings(self, language)
        self.session = session
        self.sheet_level = sheet
        self.bot_delay = bot_delay
        self.record_dir = record_dir
        self.save_path = save_path or Path(f"sleuth-save-{session.game.name}.json")
        self.bots = list(bots) if bots is not None else _bot_names(session)
        self._notes = notes or {}
        self.saved: Path | None = None  # the record of the finished game
        self.saved_game: Path | None = None  # the last save of the game in progress
        self.resumed_from: Path | None = None  # the save this game was resumed from
        self.front_seat: int | None = None
        self._handing_over = False
        self._listed_for: object = None
        self.history = HistoryBook(session, None)
        self.notice: str | None = None  # said once the table shows (e.g. which seats got bots)

    # --- layout ----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        with Horizontal(id="main"):
            with Vertical(id="left"):
                with VerticalScroll(id="table-pane"):
                    yield Static(id="view", markup=False)
                with VerticalScroll(id="history-pane"):
                    yield Static(id="history", markup=False)
                yield Static(id="status", markup=False)
                yield ActionsList(id="actions")
                with Horizontal(id="command-row"):
                    yield Label(">", id="prompt")
                    # No selecting all on focus: a character typed on the list comes first.
                    yield CommandInput(
                        placeholder=self.tr(PLACEHOLDER), id="command", select_on_focus=False
                    )
            with Vertical(id="sheet-pane"):
                yield make_sheet(self.session.game, self.sheet_level, self.language, id="sheet")
        yield Footer()

    def tr(self, message: str, **values: object) -> str:
        """``message`` in the app's language (``tr``: the catalogues' keyword)."""
        return tr(message, self.language, **values)

    @property
    def sheet(self) -> SheetPanel:
        return self.query_one("#sheet", SheetPanel)

    @property
    def command(self) -> CommandInput:
        return self.query_one("#command", CommandInput)

    def on_mount(self) -> None:
        game = self.session.game
        self.history = HistoryBook(self.session, self.sheet.render_part)
        self.sheet.load_marks(self._notes)
        self.sub_title = self.tr(
            "%(game)s, %(players)s players", game=game.title, players=game.players
        )
        history = self.query_one("#history-pane", VerticalScroll)
        history.border_title = self.tr("History")
        history.anchor()  # the latest lines stay in view as the history grows
        if self.notice is not None:
            self.notify(self.notice, timeout=12)
        humans = self.session.humans
        if len(humans) > 1:  # nothing of any seat before the first person confirms
            waiting = self.session.waiting_for_human()
            self.hand_over(waiting if waiting is not None else humans[0])
            return
        self.front_seat = humans[0] if humans else None
        self.sheet.switch_seat(self.front_seat)
        self.draw()
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
        self.draw()

    def _bot_move(self) -> None:
        if self._handing_over or self.session.outcome is not None:
            return
        self.session.bot_step()
        self.draw()
        self.advance()

    def hand_over(self, seat: int) -> None:
        """Hide everything of the seat leaving (its notes, its typed text, its selection),
        then show ``seat``'s view once that person confirms."""
        self._handing_over = True
        self.sheet.switch_seat(None)
        self.front_seat = None
        self.command.value = ""
        self.show_status("")
        self.draw()

        def ready(_: None) -> None:
            self._handing_over = False
            self.front_seat = seat
            self.sheet.switch_seat(seat)
            self.draw()
            self.advance()

        self.push_screen(HandOverScreen(seat), ready)

    def play(self, text: str) -> bool:
        """Play ``text`` for the seat at the keyboard; ``False`` (and why, in the status
        line) if it cannot be played, and nothing changes."""
        seat = self.front_seat
        if seat is None or self._handing_over or self.session.outcome is not None:
            self.show_status(self.tr("Not your turn to act."))
            return False
        try:
            self.session.act(seat, text)
        except GameError as error:
            self.show_status(
                self.tr("Not possible: %(error)s", error=error_in(error, self.language))
            )
            return False
        self.show_status("")
        self.draw()
        self.advance()
        return True

    def finish(self) -> None:
        if self.saved is None and self.record_dir is not None:
            self.saved = self.session.save(self.record_dir)
        # The game is over: its saves are spent, the one resumed from and the last one.
        for spent in (self.saved_game, self.resumed_from):
            if spent is not None:
                spent.unlink(missing_ok=True)
        self.saved_game = self.resumed_from = None
        self.refresh_bindings()
        self.draw()
        lines = self._ending()
        self.show_status(lines[0] + "  " + self.tr("Ctrl+R: the review. q or Ctrl+Q: leave."))
        self.push_screen(TextScreen(self.tr("The end"), "\n".join(lines)))

    def _ending(self) -> list[str]:
        seat = self.front_seat
        lines = ending_lines(self.session, self.sheet.render_part, seat, self.language)
        if self.saved is not None:
            lines.append(self.tr("Record: %(file)s (sleuth replay %(file)s)", file=self.saved))
        return lines

    # --- drawing ---------------------------------------------------------------------------

    def draw(self) -> None:
        seat = self.front_seat
        covered = self._handing_over or (seat is None and bool(self.session.humans))
        view = None if covered else self.session.view(seat)
        render = self.sheet.render_part
        table = self.query_one("#table-pane")
        who = self.tr("spectator") if seat is None else self.tr("seat %(seat)s (you)", seat=seat)
        table.border_title = f"{self.session.game.title}: {who}" if not covered else "Sleuth"
        text = ""
        if view is not None:
            text = render.table(view) if render is not None and render.table else view.render()
        self.query_one("#view", Static).update(text)
        history = [] if covered else list(self.history.lines(seat))
        if view is not None and self.session.outcome is not None:
            history += ["", *self._ending()]
        self.query_one("#history", Static).update("\n".join(history))
        self.sheet.show(view, key=(seat, len(self.session.steps)))
        self.query_one("#sheet-pane").border_title = self.sheet.title()
        self._list_actions(None if covered else seat)
        self.refresh_bindings()

    def _list_actions(self, seat: int | None) -> None:
        actions = self.query_one("#actions", ActionsList)
        waiting = seat is not None and self.session.waiting_for_human() == seat
        key = (seat, len(self.session.steps), waiting)
        if key == self._listed_for:
            return
        self._listed_for = key
        actions.clear()
        if seat is None or self.session.outcome is not None:
            return
        if not waiting:
            mover = self.session.to_move()
            more = self.tr(" (! accuses)") if self._accuse_prefix(seat) else ""
            self.show_status(self.tr("Seat %(seat)s to move.", seat=mover) + more)
            return
        legal = self.session.legal_actions(seat)
        listed, typed = _listable(legal)
        actions.extend(ListItem(Label(str(a), markup=False), name=str(a)) for a in listed)
        if listed:
            actions.index = 0
        self.show_status(
            self.tr("Your move: pick it below, or type it.")
            if listed
            else self.tr("Your move: type it.")
        )
        examples = ", ".join(typed[:2])
        self.command.placeholder = (
            self.tr("type it (e.g. %(examples)s), Enter", examples=examples)
            if typed
            else self.tr(PLACEHOLDER)
        )
        if not isinstance(self.focused, Input) or not self.command.value:
            (actions if listed else self.command).focus()

    def show_status(self, text: str) -> None:
        self.query_one("#status", Static).update(text)

    def _accuse_prefix(self, seat: int | None) -> str | None:
        render = self.sheet.render_part
        prefix = render.accuse if render is not None else None
        if prefix is None or seat is None or self._handing_over:
            return None
        if self.session.outcome is not None or not self.session.may_act(seat):
            return None
        legal = self.session.legal_actions(seat)
        kind = prefix.split()[0]
        return prefix if isinstance(legal, ActionList) and kind in legal.kinds() else None

    # --- input -----------------------------------------------------------------------------

    def on_list_view_selected(self, event: ListView.Selected) -> None:
        if event.item.name:
            self.play(event.item.name)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if text and self.play(text):
            event.input.value = ""  # a move not taken stays in the box, to be mended

    def type_into_box(self, text: str) -> None:
        command = self.command
        command.focus()
        command.cursor_position = len(command.value)
        command.insert_text_at_cursor(text)

    def play_box(self) -> bool:
        text = self.command.value.strip()
        if not text:
            return False
        if self.play(text):
            self.command.value = ""
        return True

    def on_key(self, event: events.Key) -> None:
        # The focus is on a pane that takes no text (the table, the history): typing still goes
        # to the box. (The list and the notes pass typing on themselves.)
        if self._on_a_pane():
            pass_typing_on(self, event)

    def on_paste(self, event: events.Paste) -> None:
        if self._on_a_pane():
            pass_paste_on(self, event)

    def _on_a_pane(self) -> bool:
        focused = self.focused
        on_table = self.screen is self.screen_stack[0]
        return (
            on_table and isinstance(focused, VerticalScroll) and not isinstance(focused, ListView)
        )

    def on_command_input_left(self, _: CommandInput.Left) -> None:
        actions = self.query_one("#actions", ActionsList)
        (actions if actions.children else self.sheet).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "leave_ended":
            # q leaves once the game is over (nothing is typed then); before, it is a letter,
            # and on a page over the table it closes the page.
            return self.session.outcome is not None and self.screen is self.screen_stack[0]
        if self.screen is not self.screen_stack[0]:  # a screen over the table has the keys
            if action == "review":  # from the end of the game's page, straight to the review
                return self.session.outcome is not None and not isinstance(
                    self.screen, ReviewScreen
                )
            return action in ("quit", "save") and not isinstance(self.screen, LeaveScreen)
        if action == "accuse":
            return self._accuse_prefix(self.front_seat) is not None
        if action == "notes":
            return self.sheet.level == "off" and self.sheet.notes is not None
        if action == "save":
            return self.session.outcome is None
        return True

    def action_help(self) -> None:
        text = help_text(self.session.game, self.sheet.render_part, self.language)
        self.push_screen(HelpScreen(self.tr("Help"), text))

    def action_accuse(self) -> None:
        prefix = self._accuse_prefix(self.front_seat)
        if prefix is None:
            return
        command = self.command
        command.value = prefix
        command.cursor_position = len(prefix)
        command.focus()

    def action_command(self) -> None:
        self.command.focus()

    def action_review(self) -> None:
        if self.session.outcome is None:
            self.show_status(self.tr("The review comes after the reveal: finish the game first."))
            return
        if self.screen is not self.screen_stack[0]:
            self.pop_screen()
        self.push_screen(ReviewScreen(self.tr("Review"), review_text(self.session.record())))

    def action_sheet_level(self) -> None:
        self.sheet.set_level(self.sheet.next_level())
        self.sheet_level = self.sheet.level
        self.draw()

    def action_notes(self) -> None:
        notes = self.sheet.notes
        if notes is not None and self.sheet.level == "off":
            notes.focus()

    def action_save(self) -> None:
        if self.session.outcome is not None:
            return
        try:
            self.save_game()
        except SaveError as error:
            self.show_status(self.tr("Not saved: %(error)s", error=error_in(error, self.language)))
            return
        # Short enough for three lines of a narrow pane: the file's name must not be cut off.
        # (That a save holds the whole deal, not to be opened before the end, help says.)
        self.show_status(
            self.tr("Saved: %(file)s. Resume: sleuth play --resume %(file)s", file=self.save_path)
        )

    def save_game(self) -> Path:
        front: dict[str, Any] = {
            "sheet": self.sheet.level,
            "notes": {str(seat): marks for seat, marks in self.sheet.all_marks().items()},
        }
        seed, salt = self.session.secrets_to_save()
        saved = SavedGame(
            self.session.game, seed, salt, tuple(self.bots), tuple(self.session.steps), front
        )
        write_save(self.save_path, saved)
        self.saved_game = self.save_path
        return self.save_path

    def action_leave_ended(self) -> None:
        self.exit()

    async def action_quit(self) -> None:
        if self.session.outcome is not None or not self.session.steps:
            self.exit()
            return

        def chosen(choice: str | None) -> None:
            if choice == "save":
                try:
                    self.save_game()
                except SaveError as error:
                    self.show_status(
                        self.tr(
                            "Not saved, so still playing: %(error)s",
                            error=error_in(error, self.language),
                        )
                    )
                    return
                self.exit()
            elif choice == "leave":
                self.exit()

        self.push_screen(LeaveScreen(str(self.save_path)), chosen)


def _listable(legal: Sequence[Action]) -> tuple[list[Action], list[str]]:
    """The actions short enough to list one by one, and an example of each family that is
    too long to list (to be typed)."""
    if not isinstance(legal, ActionList):
        return list(legal), []
    listed: list[Action] = []
    typed: list[str] = []
    for part in legal.parts:
        if len(part) <= MAX_LISTED:
            listed += list(part)
        elif len(part):
            typed.append(str(part[0]))
    return listed, typed


def _bot_names(session: GameSession) -> list[str | None]:
    return [None if c is None else type(c).name for c in session.controllers]
