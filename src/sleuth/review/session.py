"""The review of a table assistant's session: the assistant's seat, entry by entry.

A physical game has no record to replay: the session's entries are its steps, and the
solution entered at the end (``solution ...``) is the truth. The game's review part turns
the entries into the seat's frames; the rest is the review of any game.
"""

from __future__ import annotations

from typing import Any

from sleuth.assist import Notebook
from sleuth.core import find_kit
from sleuth.core.errors import EntryError
from sleuth.core.said import said
from sleuth.i18n import N_

from .compute import AnalysisCache, review_frames
from .model import GameReview
from .record import review_part


def review_notebook(notebook: Notebook[Any, Any]) -> GameReview:
    """The review of the session's seat; ``EntryError`` if the game offers none, or the
    solution is not entered yet."""
    kit = find_kit(notebook.game)
    part = review_part(kit)
    if part.session is None:
        raise EntryError(
            said("%(game)s: the assistant's sessions have no review", game=kit.game.title)
        )
    seat_frames = part.session(notebook.setup, notebook.entries)
    cache = AnalysisCache(part)
    review = review_frames(part, seat_frames.seat, seat_frames.frames, cache)
    setup = notebook.grammar.setup_json(notebook.setup)
    players = setup.get("players")
    count = len(notebook.entries)
    return GameReview(
        game=kit.name,
        title=f"{notebook.title}: an assistant's session of {count} entries",
        players=players if isinstance(players, int) else 0,
        exact=part.exact,
        method=part.method,
        solution=part.solution,
        unit="bits",
        summary=N_("a physical game as entered at the table; steps are its entries"),
        seats=(review,),
    )
