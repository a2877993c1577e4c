"""The investigation sheet as text, filled by the engine from one seat's view.

``facts``: ✓ where a card certainly is, · where it certainly is not.
``full``: the probability of every place in percent, the likeliest solutions and the
question that tells the most about the solution.
"""

from __future__ import annotations

from sleuth.core import View
from sleuth.games.black_vienna import LETTERS, BlackViennaView

from .black_vienna import BlackViennaAnalysis
from .views import black_vienna_position

TOP_SOLUTIONS = 5


def sheet_text(view: View, level: str) -> str:
    if isinstance(view, BlackViennaView):
        return _black_vienna(view, level)
    return "(no engine sheet for this game yet)"


def _cell(p: float, level: str) -> str:
    if p >= 1.0:
        return "✓"
    if p <= 0.0:
        return "·"
    return "" if level == "facts" else f"{round(100 * p)}"


def _black_vienna(view: BlackViennaView, level: str) -> str:
    if view.seat is None:
        return "(a spectator keeps no sheet)"
    analysis = BlackViennaAnalysis(black_vienna_position(view))
    if not analysis.consistent:
        return "The answers contradict each other: someone miscounted."
    places = [str(s) for s in range(view.players)] + ["ring"]
    lines = [
        f"{analysis.worlds:,} deals fit what seat {view.seat} knows",
        "card " + "".join(f"{('s' + p) if p != 'ring' else p:>6}" for p in places),
    ]
    probabilities = analysis.card_probabilities()
    for letter in LETTERS:
        row = probabilities[letter]
        lines.append(
            f"  {letter}  " + "".join(f"{_cell(row.get(p, 0.0), level):>6}" for p in places)
        )
    rings = sorted(analysis.ring(), key=lambda item: -item[1])
    in_ring = "".join(c for c in LETTERS if probabilities[c].get("ring", 0.0) >= 1.0)
    lines.append(f"certainly in the ring: {in_ring or 'none yet'}")
    if len(rings) == 1:
        lines.append(f"THE RING IS {rings[0][0]}: accuse!")
    if level == "full":
        total = analysis.worlds
        best = ", ".join(
            f"{trio} {100 * count / total:.1f}%" for trio, count in rings[:TOP_SOLUTIONS]
        )
        lines.append(f"{len(rings)} possible rings; likeliest: {best}")
        face_up = [c for c in view.face_up if c is not None]
        if face_up and view.asker == view.seat and view.outcome is None:
            question = analysis.questions(face_up)[0]
            lines.append(
                f"best question: {question['letters']} to seat {question['target']} "
                f"({float(question['ring_bits']):.2f} bits about the ring)"  # type: ignore[arg-type]
            )
    return "\n".join(lines)
