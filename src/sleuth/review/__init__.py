"""The after-game review: what every seat knew at every step, and when it could have known.

``review_record`` replays a finished record and reviews each seat from its own view;
``review_notebook`` reviews the seat of a table assistant's session whose solution is
entered; ``render`` writes a review as text, ``GameReview.to_json`` as JSON, and
``sleuth.review.plot`` draws it. The figures come from each game's ``review`` part
(``sleuth.deduce.review``); nothing here names a game.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sleuth.core.errors import EntryError, GameError
from sleuth.core.record_files import load_record
from sleuth.core.said import said
from sleuth.i18n import SOURCE

from .model import AttemptNote, GameReview, QuestionNote, Reading, SeatReview, Stretch
from .record import review_record, review_replay
from .text import render

__all__ = [
    "AttemptNote",
    "GameReview",
    "QuestionNote",
    "Reading",
    "SeatReview",
    "Stretch",
    "render",
    "review_file",
    "review_notebook",
    "review_record",
    "review_replay",
]


def review_notebook(notebook: Any) -> GameReview:
    from .session import review_notebook as review

    return review(notebook)


def review_file(
    path: Path, seats: list[int] | None = None, key: bytes | None = None, language: str = SOURCE
) -> GameReview:
    """The review of a record file, or of an assistant's session file (its seat only), whose
    title the session says in ``language`` (a record's review is in English, said in the
    language when rendered)."""
    data = load_record(path)
    from sleuth.assist import is_session, notebook_from_json

    if not is_session(data):
        return review_record(data, seats, key)
    if key is not None:
        raise GameError(said("--key checks a record's signature: a session file has none"))
    notebook = notebook_from_json(data, path)
    notebook.speak(language)
    review = review_notebook(notebook)
    seat = review.seats[0].seat
    if seats and any(s != seat for s in seats):
        raise EntryError(
            said("the session is seat %(seat)s's: it has no other seat to review", seat=seat)
        )
    return review
