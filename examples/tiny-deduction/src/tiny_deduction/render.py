"""The ``render`` part: the investigation sheet ``sleuth play`` shows beside the table, and
the history in words, told from each step's typed events (``events.py``).

The deals are few (at most 630), so the sheet simply lists every deal that fits what the
seat has seen and counts: a deal is dealt uniformly, so the deals that fit are equally
likely, and a card's chance of a place is the share of those deals that put it there.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations

from sleuth.core.events import Event
from sleuth.core.kit import Move, TextRender
from sleuth.core.said import Said, SaidValue, said_in
from sleuth.core.sheets import SheetData, shown
from sleuth.i18n import N_, SOURCE, speaking

from .catalogue import said
from .components import answer
from .events import Accused, Answered
from .rules import TinyDeduction
from .views import TinyView

# The culprit's place on the drawn sheet, said in the page's language (the catalogues).
CULPRIT = N_("culprit")


@dataclass(frozen=True)
class Tally:
    """How many fitting deals put each suspect in each place (a seat number or CULPRIT)."""

    deals: int
    places: Counter[tuple[str, str]]

    def share(self, suspect: str, place: str) -> float:
        return self.places[suspect, place] / self.deals if self.deals else 0.0


def tally(view: TinyView) -> Tally:
    """Every deal that fits one seat's view: its hand, the face-up cards, every answer."""
    if view.seat is None or view.hand is None:
        raise ValueError("a sheet is kept by a seat, not a spectator")
    places: Counter[tuple[str, str]] = Counter()
    deals = 0
    for hands, culprit in _deals(view, view.seat, view.hand):
        deals += 1
        places[culprit, CULPRIT] += 1
        for seat, hand in enumerate(hands):
            places.update((suspect, str(seat)) for suspect in hand)
    return Tally(deals, places)


def _deals(view: TinyView, seat: int, hand: str) -> Iterator[tuple[list[str], str]]:
    unseen = [s for s in view.suspects if s not in hand and s not in view.face_up]
    others = [s for s in range(view.config.players) if s != seat]
    for culprit in unseen:
        if any((a.suspect == culprit) != a.correct for a in view.accusations):
            continue
        rest = [s for s in unseen if s != culprit]
        for split in _splits(rest, len(others), view.hand_size):
            hands = [hand] * view.config.players
            for other, cards in zip(others, split, strict=True):
                hands[other] = cards
            mode = view.config.answers
            if all(answer(hands[q.target], q.pair, mode) == q.answer for q in view.questions):
                yield hands, culprit


def _splits(cards: list[str], parts: int, size: int) -> Iterator[list[str]]:
    """Every way to deal ``cards`` into ``parts`` hands of ``size``."""
    if parts == 0:
        yield []
        return
    for first in combinations(cards, size):
        left = [c for c in cards if c not in first]
        for rest in _splits(left, parts - 1, size):
            yield ["".join(first), *rest]


def sheet_text(view: TinyView, level: str) -> str:
    """The sheet at ``facts`` (✓ certain, · impossible) or ``full`` (percentages too)."""
    if view.seat is None:
        return "(a spectator keeps no sheet)"
    counted = tally(view)
    if not counted.deals:
        return "No deal fits the answers: someone answered wrongly."
    columns = [*map(str, range(view.config.players)), CULPRIT]
    lines = [
        f"{counted.deals} deals fit what seat {view.seat} knows",
        "     " + "".join(f"{'s' + c if c != CULPRIT else c:>8}" for c in columns),
    ]
    for suspect in view.suspects:
        cells = "".join(f"{_cell(counted.share(suspect, c), level):>8}" for c in columns)
        lines.append(f"  {suspect}  {cells}" + ("  (face up)" if suspect in view.face_up else ""))
    suspects = [s for s in view.suspects if counted.share(s, CULPRIT) > 0]
    if len(suspects) == 1:
        lines.append(f"THE CULPRIT IS {suspects[0]}: accuse!")
    else:
        lines.append(f"the culprit is one of {''.join(suspects)}")
    return "\n".join(lines)


def sheet_data(view: TinyView, level: str) -> SheetData | None:
    """The sheet as data for a front that draws it (the page, in the person's language):
    suspects by places (each seat, the culprit), the suspects still possibly the culprit."""
    if view.seat is None:
        return None
    counted = tally(view)
    places = [*map(str, range(view.config.players)), CULPRIT]
    columns = (*(f"s{seat}" for seat in range(view.config.players)), CULPRIT)
    if not counted.deals:
        return SheetData(level, consistent=False, rows=tuple(view.suspects), columns=columns)
    cells = tuple(
        tuple(shown(counted.share(suspect, place), level) for place in places)
        for suspect in view.suspects
    )
    culprits = tuple(s for s in view.suspects if counted.share(s, CULPRIT) > 0)
    alone = len(culprits) == 1
    return SheetData(
        level,
        rows=tuple(view.suspects),
        columns=columns,
        cells=cells,
        solution_column=CULPRIT,
        certain=culprits if alone else (),
        possible=len(culprits) if alone or level == "full" else None,
        truth=None if view.culprit is None else (view.culprit,),
    )


def _cell(share: float, level: str) -> str:
    if share >= 1.0:
        return "✓"
    if share <= 0.0:
        return "·"
    return "" if level == "facts" else f"{round(100 * share)}%"


def notes_grid(game: TinyDeduction) -> tuple[list[str], list[str]]:
    """The sheet a person keeps by hand (``--sheet off``): suspects by places."""
    return list(game.suspects), [f"s{seat}" for seat in range(game.players)] + [CULPRIT]


def _who(seat: int, me: int | None) -> str:
    return "you" if seat == me else f"seat {seat}"


def event_words(event: Event, me: int | None) -> str:
    """One event in words for the reading seat ``me`` (``None``: a spectator)."""
    if isinstance(event, Answered):
        asked = f"{_who(event.asker, me)} asked {_who(event.target, me)} about {event.pair}"
        holder = f"{_who(event.target, me)} {'hold' if event.target == me else 'holds'}"
        if event.answers == "count":
            return f"{asked}: {holder} {event.answer} of them"
        if event.answer:
            return f"{asked}: yes, {holder} one or both"
        return f"{asked}: no, {holder} neither"
    if isinstance(event, Accused):
        verdict = "the culprit" if event.correct else "innocent"
        return f"{_who(event.seat, me)} accused {event.suspect}: {event.suspect} is {verdict}"
    raise ValueError(f"Tiny Deduction has no event {event.kind!r}")


def told_in(event: Event, me: int | None, language: str) -> str:
    """One event in ``language``: its ``told`` words, as the page says them, each seat in it
    named as the terminal names seats ("seat 1"), the reader's own marked as theirs (a
    pronoun would want the sentence's grammar, which the template does not know)."""
    words = event.told()
    if words is None:
        raise ValueError(f"Tiny Deduction has no words for the event {event.kind!r}")
    values: dict[str, SaidValue] = dict(words.values)
    for name in event.told_seats:
        seat = said("seat %(seat)s", seat=words.values[name])
        values[name] = said("%(name)s (you)", name=seat) if words.values[name] == me else seat
    return said_in(Said(words.template, values, locale=words.locale), language)


def history_lines(
    before: TinyView, after: TinyView, move: Move, language: str = SOURCE
) -> list[str]:
    """The lines a step adds to the reading seat's history: one per event it may see; in
    English as they always read, in another language the events' own words."""
    if language == SOURCE:
        return [event_words(event, after.seat) for event in move.events]
    return [told_in(event, after.seat, language) for event in move.events]


def render_in(language: str) -> TextRender:
    """The text renderers with the history's words in ``language`` (English: as they are)."""
    return TextRender(
        sheet=sheet_text,
        notes_grid=notes_grid,
        history=speaking(history_lines, language),
        sheet_data=sheet_data,
        speaking=render_in,
    )


RENDER = render_in(SOURCE)
