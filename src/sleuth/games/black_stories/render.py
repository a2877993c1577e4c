"""Black Stories Investigation's sheet as text: each opponent's possible cases, weighed
together (two seats never hold one card)."""

from __future__ import annotations

from sleuth.core.kit import TextRender
from sleuth.core.wording import count

from .components import ALL_CASES
from .knowledge import ATTRIBUTES, BlackStoriesPosition, analyze, position_of
from .rules import BlackStoriesInvestigation
from .views import BlackStoriesView
from .words import RULES, ending_text, history_lines, table_text


def sheet_text(view: BlackStoriesView, level: str) -> str:
    if view.seat is None:
        return "(a spectator keeps no sheet)"
    return case_sheet(position_of(view), level)


def case_sheet(position: BlackStoriesPosition, level: str) -> str:
    """The case sheet: for each opponent holding a case, the cases that fit and their odds."""
    analysis = analyze(position)
    order = sorted(position.targets)
    if not analysis.consistent:
        return "The clues contradict each other: no cases fit them all."
    lines = []
    for index, target in enumerate(order):
        odds: dict[str, float] = {}
        for solution in analysis.solutions:
            case = solution.cards[index]
            odds[case] = odds.get(case, 0.0) + solution.probability
        cases = sorted(odds, key=lambda case: (-odds[case], case))
        shared = [v for pair in ATTRIBUTES for v in pair if all(v in c.split("/") for c in cases)]
        known = "/".join(shared) or "nothing yet"
        lines.append(f"seat {target}: {count(len(cases), 'possible case')}; certain: {known}")
        if level == "full" and len(cases) <= 6:
            lines += [f"    {case}  {100 * odds[case]:.0f}%" for case in cases]
    return "\n".join(lines)


def notes_grid(game: BlackStoriesInvestigation) -> tuple[list[str], list[str]]:
    """The hand-kept sheet: a row per possible case, a column per seat."""
    return list(ALL_CASES), [f"s{seat}" for seat in range(game.players)]


RENDER = TextRender(
    sheet=sheet_text,
    notes_grid=notes_grid,
    table=table_text,
    history=history_lines,
    ending=ending_text,
    rules=RULES,
)
