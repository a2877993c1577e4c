"""The table assistant: a notebook that thinks, for people playing the physical games.

One machinery (``Notebook``) keeps every game's session; a game gives only its entry grammar
(``sleuth.core.notebook.Grammar``, re-exported here), registered as its kit's ``notebook``.
"""

from sleuth.core.errors import EntryError
from sleuth.core.notebook import Entry, Grammar, Numbered, SetupField

from .notebook import COMMANDS_HELP, SESSION_FORMAT, Notebook, Review
from .session import (
    assistant_kit,
    grammar_of,
    is_session,
    load_notebook,
    mismatches,
    notebook_from_json,
    session_positions,
    setup_from_text,
)

__all__ = [
    "COMMANDS_HELP",
    "SESSION_FORMAT",
    "Entry",
    "EntryError",
    "Grammar",
    "Notebook",
    "Numbered",
    "Review",
    "SetupField",
    "assistant_kit",
    "grammar_of",
    "is_session",
    "load_notebook",
    "mismatches",
    "notebook_from_json",
    "session_positions",
    "setup_from_text",
]
