"""The investigation sheet as text, filled by the engine from one seat's view.

``facts``: ✓ where a card certainly is, · where it certainly is not.
``full``: the probability of every place in percent, the likeliest solutions and the
question that tells the most about the solution.
"""

from __future__ import annotations

from collections import Counter

from sleuth.core import View
from sleuth.games.alibi import AlibiView
from sleuth.games.alibi.components import VALUES as ALIBI_VALUES
from sleuth.games.black_stories import BlackStoriesView
from sleuth.games.black_vienna import LETTERS, BlackViennaView
from sleuth.games.thirteen_clues import ThirteenCluesView

from .black_stories import analyze as black_stories_analyze
from .black_vienna import BlackViennaAnalysis, Position
from .model import PositionError
from .thirteen_clues import LOCATIONS, MYSTERY, PERSONS, ThirteenCluesAnalysis
from .views import black_stories_position, black_vienna_position, thirteen_clues_position

TOP_SOLUTIONS = 5


def sheet_text(view: View, level: str) -> str:
    if isinstance(view, BlackViennaView):
        return _black_vienna(view, level)
    if isinstance(view, BlackStoriesView):
        return _black_stories(view, level)
    if isinstance(view, ThirteenCluesView):
        return _thirteen_clues(view, level)
    if isinstance(view, AlibiView):
        return _alibi(view, level)
    return "(no sheet for this game)"


def _alibi(view: AlibiView, level: str) -> str:
    """Card counting: what each displayed suspect still lacks, and where those clues can be."""
    hand = list(view.hand or ())
    seen = Counter([*view.discard, *(card for front in view.fronts for card in front), *hand])
    unseen = {v: n - seen[v] for v, n in zip(ALIBI_VALUES, view.clue_counts, strict=True)}
    lines: list[str] = []
    for suspect in view.display:
        missing = [v for v in suspect.values if v not in suspect.covered]
        status = (
            "alibi: safe this round"
            if suspect.alibi is not None
            else f"{len(suspect.covered)} covered"
        )
        lines.append(f"{suspect.suspect} ({status}): needs {' '.join(missing) or 'nothing'}")
        for value in missing:
            mine = " (you hold it)" if value in hand else ""
            extra = f": {unseen[value]} unseen" if level == "full" else ""
            lines.append(f"    {value}{extra}{mine}")
    return "\n".join(lines)


def _black_stories(view: BlackStoriesView, level: str) -> str:
    if view.seat is None:
        return "(a spectator keeps no sheet)"
    lines = []
    for target in range(view.players):
        if target == view.seat:
            continue
        result = black_stories_analyze(black_stories_position(view, target))
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


def _thirteen_clues(view: ThirteenCluesView, level: str) -> str:
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


def _cell(p: float, level: str) -> str:
    if p >= 1.0:
        return "✓"
    if p <= 0.0:
        return "·"
    return "" if level == "facts" else f"{round(100 * p)}"


def _black_vienna(view: BlackViennaView, level: str) -> str:
    if view.seat is None:
        return "(a spectator keeps no sheet)"
    asking = view.asker == view.seat and view.outcome is None
    return black_vienna_sheet(black_vienna_position(view), level, asking)


def black_vienna_sheet(position: Position, level: str, asking: bool = True) -> str:
    """The sheet of one Black Vienna seat; ``asking``: suggest a question among the face-up."""
    analysis = BlackViennaAnalysis(position)
    if not analysis.consistent:
        return "The answers contradict each other: someone miscounted."
    places = [str(s) for s in range(position.players)] + ["ring"]
    lines = [
        f"{analysis.worlds:,} deals fit what seat {position.seat} knows",
        "card " + "".join(f"{('s' + p) if p != 'ring' else p:>6}" for p in places),
    ]
    probabilities = analysis.card_probabilities()
    for letter in LETTERS:
        row = probabilities[letter]
        cells = "".join(f"{_cell(row.get(p, 0.0), level):>6}" for p in places)
        lines.append(f"  {letter}  {cells}")
    rings = sorted(analysis.ring(), key=lambda item: (-item[1], item[0]))
    in_ring = "".join(c for c in LETTERS if probabilities[c].get("ring", 0.0) >= 1.0)
    lines.append(f"certainly in the ring: {in_ring or 'none yet'}")
    if len(rings) == 1:
        lines.append(f"THE RING IS {rings[0][0]}: accuse!")
    if level == "full":
        total = analysis.worlds
        best = ", ".join(f"{t} {100 * c / total:.1f}%" for t, c in rings[:TOP_SOLUTIONS])
        lines.append(f"{len(rings)} possible rings; likeliest: {best}")
        if asking and position.face_up:
            question = analysis.questions(list(position.face_up))[0]
            bits = float(str(question["ring_bits"]))
            lines.append(
                f"best question: {question['letters']} to seat {question['target']} "
                f"({bits:.2f} bits about the ring)"
            )
    return "\n".join(lines)
