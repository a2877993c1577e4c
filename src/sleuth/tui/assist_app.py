"""``sleuth assist``: the investigation sheet for a physical game, filled as answers come in."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Footer, Header, Input, Static

from sleuth.assist import EntryError, Notebook


class AssistApp(App[None]):
    TITLE = "Sleuth assistant"
    CSS = """
    #main { height: 1fr; }
    #entries-pane { width: 2fr; border: round $primary; }
    #sheet-pane { width: 3fr; border: round $secondary; }
    #message { height: auto; padding: 0 1; }
    #warning { height: auto; padding: 0 1; color: $error; text-style: bold; }
    """
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", show=True)]

    def __init__(self, notebook: Notebook, sheet: str = "full") -> None:
        super().__init__()
        self.notebook = notebook
        self.sheet_level = sheet

    def compose(self) -> ComposeResult:
        yield Header(show_clock=False)
        with Horizontal(id="main"):
            with VerticalScroll(id="entries-pane"):
                yield Static(id="entries")
            with VerticalScroll(id="sheet-pane"):
                yield Static(id="sheet")
        yield Static(id="warning")
        yield Static(id="message")
        yield Input(
            placeholder="type an entry (see sleuth assist --help) and press Enter", id="entry"
        )
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = self.notebook.title
        self.redraw()
        self.query_one("#entry", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        event.input.value = ""
        if not text:
            return
        try:
            message = self.notebook.enter(text)
        except EntryError as error:
            message = f"Not taken: {error}"
        self.query_one("#message", Static).update(message)
        self.redraw()

    def redraw(self) -> None:
        self.query_one("#entries", Static).update("\n".join(self.notebook.lines()))
        warnings = self.notebook.warnings()
        self.query_one("#warning", Static).update("\n".join(warnings))
        sheet = "" if warnings else self.notebook.sheet(self.sheet_level)
        self.query_one("#sheet", Static).update(sheet)
