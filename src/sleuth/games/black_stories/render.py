"""Black Stories Investigation's sheet as text: each opponent's possible cases."""

from __future__ import annotations

from collections.abc import Mapping

from sleuth.core.kit import TextRender

from .knowledge import analyze as black_stories_analyze
from .knowledge import black_stories_position
from .views import BlackStoriesView


def sheet_text(view: BlackStoriesView, level: str) -> str:
    if view.seat is None:
        return "(a spectator keeps no sheet)"
    targets = [target for target in range(view.players) if target != view.seat]
    return case_sheet({t: black_stories_position(view, t) for t in targets}, level)


def case_sheet(positions: Mapping[int, Mapping[str, object]], level: str) -> str:
    """The case sheet: for each opponent (seat -> case position), the cases that fit."""
    lines = []
    for target, position in positions.items():
        result = black_stories_analyze(position)
        cases = result.get("cases", [])
        if not isinstance(cases, list) or not cases:
            lines.append(f"seat {target}: the clues contradict each other")
            continue
        certain = result.get("certain", [])
        known = "/".join(str(v) for v in certain) if isinstance(certain, list) else ""
        lines.append(
            f"seat {target}: {len(cases)} possible cases; certain: {known or 'nothing yet'}"
        )
        if level == "full" and len(cases) <= 6:
            lines += [f"    {c['case']}  {100 * float(c['p']):.0f}%" for c in cases]
    return "\n".join(lines)


RENDER = TextRender(sheet=sheet_text)
