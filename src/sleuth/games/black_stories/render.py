"""Black Stories Investigation's sheet as text: each opponent's possible cases, weighed
together (two seats never hold one card)."""

from __future__ import annotations

from dataclasses import replace

from sleuth.core.kit import TextRender
from sleuth.core.sheets import Candidate, SheetData, seat_place, shown
from sleuth.i18n import SOURCE, figure, speaking, tr, trn

from .components import ALL_CASES
from .knowledge import ATTRIBUTES, BlackStoriesPosition, analyze, position_of
from .rules import BlackStoriesInvestigation
from .views import BlackStoriesView
from .words import (
    NOTATION,
    RULES,
    case_words,
    ending_text,
    evidence_word,
    history_lines,
    table_text,
)


def sheet_text(view: BlackStoriesView, level: str, language: str = SOURCE) -> str:
    if view.seat is None:
        return tr("(a spectator keeps no sheet)", language)
    return case_sheet(position_of(view), level, language)


def case_sheet(position: BlackStoriesPosition, level: str, language: str = SOURCE) -> str:
    """The case sheet: for each opponent holding a case, the cases that fit and their odds.
    A case is written as the table writes its cards (the notation) in every language."""
    analysis = analyze(position)
    order = sorted(position.targets)
    if not analysis.consistent:
        return tr("The clues contradict each other: no cases fit them all.", language)
    lines = []
    for index, target in enumerate(order):
        odds: dict[str, float] = {}
        for solution in analysis.solutions:
            case = solution.cards[index]
            odds[case] = odds.get(case, 0.0) + solution.probability
        cases = sorted(odds, key=lambda case: (-odds[case], case))
        shared = [v for pair in ATTRIBUTES for v in pair if all(v in c.split("/") for c in cases)]
        lines.append(
            trn(
                "seat %(seat)s: %(number)s possible case; certain: %(known)s",
                "seat %(seat)s: %(number)s possible cases; certain: %(known)s",
                len(cases),
                language,
                seat=target,
                number=figure(len(cases), 0, language),
                known="/".join(evidence_word(v, language) for v in shared)
                or tr("nothing yet", language),
            )
        )
        if level == "full" and len(cases) <= 6:
            lines += [
                f"    {case_words(case, language)}  {figure(100 * odds[case], 0, language)}%"
                for case in cases
            ]
    return "\n".join(lines)


TOP_SOLUTIONS = 5


def sheet_data(view: BlackStoriesView, level: str) -> SheetData | None:
    """The sheet as data: a row per case, a column per opponent holding one. Once the game
    is over the cases are revealed: the sheet shows them, and no odds."""
    if view.seat is None:
        return None
    if view.outcome is not None:
        return _revealed(view, level)
    position = position_of(view)
    order = sorted(position.targets)
    if not order:
        return None  # no opponent holds a case: nothing to deduce
    analysis = analyze(position)
    if not analysis.consistent:
        return SheetData(level, consistent=False)
    # The analysis names a case as the position files do (man/day/...), the table as its
    # cards are written (man+day+...): the sheet speaks the table's.
    cards = {_card(name): places for name, places in analysis.cards.items()}
    rows = tuple(ALL_CASES)
    cells = tuple(
        tuple(shown(cards.get(case, {}).get(str(t), 0.0), level) for t in order) for case in rows
    )
    certain = tuple(c for c in rows if any(p >= 1.0 for p in cards.get(c, {}).values()))
    data = SheetData(
        level,
        rows=rows,
        columns=tuple(seat_place(t) for t in order),
        cells=cells,
        certain=certain,
    )
    solutions = sorted(analysis.solutions, key=lambda s: (-s.probability, s.cards))
    if len(solutions) != 1 and level != "full":
        return data
    likeliest = tuple(
        Candidate(tuple(map(_card, s.cards)), s.probability) for s in solutions[:TOP_SOLUTIONS]
    )
    return replace(data, possible=len(solutions), likeliest=likeliest)


def _card(name: str) -> str:
    return name.replace("/", "+")


def _revealed(view: BlackStoriesView, level: str) -> SheetData:
    cases = view.cases or ()
    targets = [t for t, case in enumerate(cases) if t != view.seat and case is not None]
    truth = tuple(str(cases[t]) for t in targets)
    rows = tuple(ALL_CASES)
    cells = tuple(tuple(1.0 if cases[t] == case else 0.0 for t in targets) for case in rows)
    columns = tuple(seat_place(t) for t in targets)
    return SheetData(level, rows=rows, columns=columns, cells=cells, truth=truth)


def notes_grid(game: BlackStoriesInvestigation) -> tuple[list[str], list[str]]:
    """The hand-kept sheet: a row per possible case, a column per seat."""
    return list(ALL_CASES), [f"s{seat}" for seat in range(game.players)]


def render_in(language: str) -> TextRender:
    """The text renderers with their words in ``language`` (English: the functions as they
    are)."""
    return TextRender(
        sheet=speaking(sheet_text, language),
        notes_grid=notes_grid,
        table=speaking(table_text, language),
        history=speaking(history_lines, language),
        ending=speaking(ending_text, language),
        rules=RULES,
        notation=NOTATION,
        sheet_data=sheet_data,
        speaking=render_in,
    )


RENDER = render_in(SOURCE)
