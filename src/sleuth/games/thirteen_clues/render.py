"""13 Clues' sheet as text: the seat's own mystery, card by card and as a whole."""

from __future__ import annotations

from sleuth.core.kit import TextRender
from sleuth.deduce.model import PositionError

from .knowledge import LOCATIONS, MYSTERY, PERSONS, ThirteenCluesAnalysis, thirteen_clues_position
from .views import ThirteenCluesView


def sheet_text(view: ThirteenCluesView, level: str) -> str:
    if view.seat is None:
        return "(a spectator keeps no sheet)"
    try:
        position = thirteen_clues_position(view)
    except PositionError as error:
        return f"(no sheet yet: {error})"
    return thirteen_clues_sheet(position, level, asking=view.outcome is None)


def thirteen_clues_sheet(position: dict[str, object], level: str, asking: bool = True) -> str:
    """The sheet of one 13 Clues seat: its own mystery, card by card and as a whole."""
    result = ThirteenCluesAnalysis(position).to_json(questions=level == "full" and asking)
    if not result["consistent"]:
        return "The answers contradict each other."
    cards = result["cards"]
    lines = [f"{int(str(result['worlds'])):,} deals fit what seat {position['seat']} knows"]
    if isinstance(cards, dict):
        for kind in ("person", "location", "weapon"):
            mine = [
                (name, float(places.get(MYSTERY, 0.0)))
                for name, places in cards.items()
                if _card_type(name) == kind and places.get(MYSTERY, 0.0) > 0.0
            ]
            mine.sort(key=lambda item: -item[1])
            shown = ", ".join(
                name if level == "facts" else f"{name} {100 * p:.0f}%" for name, p in mine
            )
            lines.append(f"my {kind}: {shown}")
    mysteries = result.get("mystery", [])
    if isinstance(mysteries, list) and mysteries:
        ranked = sorted(mysteries, key=lambda m: -float(m["p"]))
        if len(ranked) == 1:
            lines.append(f"MY MYSTERY IS {' '.join(ranked[0]['cards'])}: accuse!")
        elif level == "full":
            top = ", ".join(
                f"{' '.join(m['cards'])} {100 * float(m['p']):.1f}%" for m in ranked[:3]
            )
            lines.append(f"{len(ranked)} possible mysteries; likeliest: {top}")
    questions = result.get("questions", [])
    if isinstance(questions, list) and questions:
        best = questions[0]
        lines.append(
            f"best question: ask {best['witness']} {best['about']} "
            f"({float(best['mystery_bits']):.2f} bits)"
        )
    return "\n".join(lines)


def _card_type(name: str) -> str:
    if name in PERSONS:
        return "person"
    if name in LOCATIONS:
        return "location"
    return "weapon"


RENDER = TextRender(sheet=sheet_text)
