"""Black Vienna's investigation sheet as text, filled by the engine from one seat's view.

``facts``: ✓ where a card certainly is, · where it certainly is not. ``full``: the
probability of every place in percent, the likeliest rings and the most informative question.
"""

from __future__ import annotations

from dataclasses import replace

from sleuth.core.kit import TextRender
from sleuth.core.sheets import Candidate, SheetData, SheetQuestion, seat_place, shown
from sleuth.core.wording import count
from sleuth.i18n import SOURCE, speaking

from .components import LETTERS, deck_name
from .knowledge import BlackViennaAnalysis, Position, black_vienna_position
from .rules import BlackVienna
from .views import BlackViennaView
from .words import RULES, ending_text, history_lines, table_text

TOP_SOLUTIONS = 5


def _cell(p: float, level: str) -> str:
    if p >= 1.0:
        return "✓"
    if p <= 0.0:
        return "·"
    return "" if level == "facts" else f"{round(100 * p)}"


def sheet_text(view: BlackViennaView, level: str) -> str:
    if view.seat is None:
        return "(a spectator keeps no sheet)"
    asking = view.asker == view.seat and view.outcome is None
    accused = view.seat in view.eliminated
    return black_vienna_sheet(black_vienna_position(view), level, asking, accused)


def black_vienna_sheet(
    position: Position, level: str, asking: bool = True, accused: bool = False
) -> str:
    """The sheet of one Black Vienna seat; ``asking``: suggest a question among the face-up;
    ``accused``: the seat accused wrongly, so it has seen the ring and may not accuse again."""
    analysis = BlackViennaAnalysis(position)
    if not analysis.consistent:
        return "The answers contradict each other: someone miscounted."
    places = [str(s) for s in range(position.players)] + ["ring"]
    lines = [
        f"{count(analysis.worlds, 'deal fits', 'deals fit')} what seat {position.seat} knows "
        f"(deck: {deck_label(position)})",
        "card " + "".join(f"{('s' + p) if p != 'ring' else p:>5}" for p in places),
    ]
    probabilities = analysis.card_probabilities()
    for letter in LETTERS:
        row = probabilities[letter]
        cells = "".join(f"{_cell(row.get(p, 0.0), level):>5}" for p in places)
        lines.append(f"  {letter}  {cells}")
    rings = sorted(analysis.ring(), key=lambda item: (-item[1], item[0]))
    in_ring = "".join(c for c in LETTERS if probabilities[c].get("ring", 0.0) >= 1.0)
    lines.append(f"certainly in the ring: {in_ring or 'none yet'}")
    if accused:
        ring = rings[0][0] if len(rings) == 1 else "?"
        lines.append(f"You accused wrongly and saw the ring: {ring}. You may not accuse again.")
        return "\n".join(lines)
    if len(rings) == 1:
        lines.append(f"THE RING IS {rings[0][0]}: accuse!")
    if level == "full":
        total = analysis.worlds
        best = ", ".join(f"{t} {100 * c / total:.1f}%" for t, c in rings[:TOP_SOLUTIONS])
        lines.append(f"{count(len(rings), 'possible ring')}; likeliest: {best}")
        if asking and position.face_up:
            question = analysis.questions(list(position.face_up))[0]
            bits = float(str(question["ring_bits"]))
            lines.append(
                f"best question: {question['letters']} to seat {question['target']} "
                f"({bits:.2f} bits about the ring)"
            )
            if not position.deck_known:
                lines.append(
                    "(ranked among the face-up cards: the deck is learned as cards turn up)"
                )
    return "\n".join(lines)


def sheet_data(view: BlackViennaView, level: str) -> SheetData | None:
    """The sheet as data: a row per person, a column per seat and one for the ring. Once
    the game is over the ring is revealed: the sheet shows it, and no odds."""
    if view.seat is None:
        return None
    over = view.outcome is not None
    position = black_vienna_position(view)
    analysis = BlackViennaAnalysis(position)
    if not analysis.consistent:
        return SheetData(level, consistent=False)
    shown_level = "facts" if over else level
    seats = list(range(position.players))
    probabilities = analysis.card_probabilities()
    places = [*(str(s) for s in seats), "ring"]
    cells = tuple(
        tuple(shown(probabilities[c].get(p, 0.0), shown_level) for p in places) for c in LETTERS
    )
    certain = tuple(c for c in LETTERS if probabilities[c].get("ring", 0.0) >= 1.0)
    base = SheetData(
        level,
        rows=tuple(LETTERS),
        columns=(*(seat_place(s) for s in seats), "ring"),
        cells=cells,
        solution_column="ring",
        certain=certain,
    )
    if over:
        return replace(base, truth=tuple(view.ring or "".join(certain)))
    rings = sorted(analysis.ring(), key=lambda item: (-item[1], item[0]))
    if len(rings) == 1:
        return replace(base, possible=len(rings), likeliest=(Candidate(tuple(rings[0][0]), 1.0),))
    if level != "full":
        return base
    total = analysis.worlds
    likeliest = tuple(Candidate(tuple(t), c / total) for t, c in rings[:TOP_SOLUTIONS])
    question = None
    if view.asker == view.seat and view.seat not in view.eliminated and position.face_up:
        best = analysis.questions(list(position.face_up))[0]
        question = SheetQuestion(
            int(str(best["target"])), str(best["letters"]), float(str(best["ring_bits"]))
        )
    return replace(base, possible=len(rings), likeliest=likeliest, question=question)


def deck_label(position: Position) -> str:
    """The deck in play as the sheet names it; a box still being learned says how far."""
    if position.deck_known:
        return deck_name(position.deck)
    return f"unknown: {count(len(position.deck), 'card')} seen so far"


def notes_grid(game: BlackVienna) -> tuple[list[str], list[str]]:
    """The hand-kept sheet: a row per person, a column per seat and one for the ring."""
    return list(LETTERS), [f"s{seat}" for seat in range(game.players)] + ["ring"]


def render_in(language: str) -> TextRender:
    """The text renderers with their words in ``language`` (English: the functions as they
    are)."""
    return TextRender(
        sheet=sheet_text,
        notes_grid=notes_grid,
        table=speaking(table_text, language),
        history=speaking(history_lines, language),
        ending=speaking(ending_text, language),
        rules=RULES,
        accuse="accuse ",
        sheet_data=sheet_data,
        speaking=render_in,
    )


RENDER = render_in(SOURCE)
