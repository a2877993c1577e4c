"""The investigation sheet as data, for a front that draws it (the browser's grid).

A game's ``render`` part may give ``sheet_data(view, level)`` beside its text sheet: the
same knowledge as numbers and names, so that a front draws each probability as a shade and
says the lines that matter in the person's own language, never reading English text. Every
figure comes from the seat's own view only, as the text sheet's do.
"""

from __future__ import annotations

from dataclasses import dataclass

from .said import Said
from .serialize import JSONValue

# A place of the grid that is a seat is named "s" and its number ("s0"): a front names it
# after the person or bot there; every other place keeps the game's own word ("ring").
SEAT_PLACE = "s"


@dataclass(frozen=True)
class Candidate:
    """One possible solution and its probability from the seat's view."""

    cards: tuple[str, ...]
    probability: float


@dataclass(frozen=True)
class SheetQuestion:
    """The most informative question the seat may ask now: whom (``seat``, ``None`` where
    the question goes to no one seat), about what (``about``, in the game's notation), and
    what it tells about the solution (``bits``, for the curious)."""

    seat: int | None
    about: str
    bits: float


@dataclass(frozen=True)
class SheetData:
    """One seat's sheet at ``level`` (``facts`` or ``full``).

    ``cells[r][c]`` is the probability that card ``rows[r]`` lies at place ``columns[c]``:
    1.0 and 0.0 are certain, ``None`` is a probability the level does not show (``facts``
    shows only what is certain). ``solution_column`` is the place that is the solution (the
    ring, the seat's own mystery), if the grid has one. ``certain`` lists the cards certainly
    in the solution; ``possible`` how many solutions remain and ``likeliest`` the first of
    them (``full`` only, except that a solution left alone is always named); ``question`` the
    best question (``full``, while the seat may ask). ``consistent`` is false when what the
    seat saw cannot all be true (someone miscounted). Once the game is over, ``truth`` is the
    true solution, revealed, and the grid shows it rather than odds.
    """

    level: str
    consistent: bool = True
    rows: tuple[str, ...] = ()
    columns: tuple[str, ...] = ()
    cells: tuple[tuple[float | None, ...], ...] = ()
    solution_column: str | None = None
    certain: tuple[str, ...] = ()
    possible: int | None = None
    likeliest: tuple[Candidate, ...] = ()
    question: SheetQuestion | None = None
    truth: tuple[str, ...] | None = None
    # The odds rest on an assumed model of how the seats chose (what is certain does not).
    assumed: bool = False


def shown(probability: float, level: str) -> float | None:
    """A cell as the level shows it: at ``facts`` only what is certain."""
    if probability >= 1.0:
        return 1.0
    if probability <= 0.0:
        return 0.0
    # Four decimals are more than a shade or a whole percent needs, and keep frames short.
    return None if level == "facts" else round(probability, 4)


def seat_place(seat: int) -> str:
    return f"{SEAT_PLACE}{seat}"


# A line of a text sheet as typed data, for a front to say in the person's own language:
# ``key`` is the message (its English, the catalogues' key), ``values`` its placeholders, each
# a number, a word left as it is, ``{"card": id}`` or ``{"cards": [id, ...]}`` (a front names
# the cards in its language) or a nested line; ``indent`` sets a line under the one before.
# ``text`` alone is a game's line it gives no key for, shown as given.
def said_line(words: Said) -> dict[str, JSONValue]:
    """Words made with ``said`` as a typed line (a value that is words itself, a line within)
    for a front that says it in the person's language."""
    values: dict[str, JSONValue] = {
        k: said_line(v) if isinstance(v, Said) else v for k, v in words.values.items()
    }
    return {"key": words.template, "values": values}


def sheet_line(key: str, indent: int = 0, **values: JSONValue) -> dict[str, JSONValue]:
    line: dict[str, JSONValue] = {"key": key, "values": dict(values)}
    if indent:
        line["indent"] = indent
    return line
