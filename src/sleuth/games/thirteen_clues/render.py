"""13 Clues' sheet as text: the seat's own mystery, card by card and as a whole."""

from __future__ import annotations

from dataclasses import replace

from sleuth.core.kit import TextRender
from sleuth.core.sheets import Candidate, SheetData, SheetQuestion, seat_place, shown
from sleuth.core.wording import count
from sleuth.deduce.model import PositionError
from sleuth.i18n import SOURCE, speaking

from .knowledge import (
    DEAL_MODEL,
    MYSTERY,
    ThirteenCluesAnalysis,
    thirteen_clues_position,
)
from .position_model import cards_for
from .rules import ThirteenClues
from .views import ThirteenCluesView
from .words import RULES, card_words, ending_text, history_lines, legend_text, table_text


def sheet_text(view: ThirteenCluesView, level: str) -> str:
    if view.seat is None:
        return "(a spectator keeps no sheet)"
    if view.outcome is not None:  # everything is shown: nothing is left to deduce
        own = view.seats[view.seat]
        mystery = ", ".join(card_words(view, c) for c in own.mystery or ())
        return f"The game is over. Your mystery was {mystery}."
    if view.phase == "choose":
        return "(no sheet yet: the mysteries are still being chosen)"
    try:
        position = thirteen_clues_position(view)
    except PositionError as error:
        return f"(no sheet yet: {error})"
    return thirteen_clues_sheet(position, level, asking=view.outcome is None)


def thirteen_clues_sheet(position: dict[str, object], level: str, asking: bool = True) -> str:
    """The sheet of one 13 Clues seat: its own mystery, card by card and as a whole.

    It names the deal model the probabilities rest on. Unless the game picked the mysteries
    at random, that model is an assumption: the probabilities (and bits) are marked with
    ``*`` and a note; what is certain is marked certain, as it holds however seats chose.
    """
    analysis = ThirteenCluesAnalysis(position)
    result = analysis.to_json(questions=level == "full" and asking)
    if not result["consistent"]:
        return "The answers contradict each other."
    star = "*" if analysis.deal_model_assumed else ""
    cards = result["cards"]
    lines = [
        f"{count(int(str(result['worlds'])), 'deal fits', 'deals fit')} "
        f"what seat {position['seat']} knows "
        f"(deal model: {DEAL_MODEL})"
    ]
    if isinstance(cards, dict):
        for kind in ("person", "location", "weapon"):
            mine = [
                (name, float(places.get(MYSTERY, 0.0)))
                for name, places in cards.items()
                if analysis.category_of(name) == kind and places.get(MYSTERY, 0.0) > 0.0
            ]
            mine.sort(key=lambda item: -item[1])
            if len(mine) == 1:
                shown = f"{mine[0][0]} (certain)"
            else:
                shown = ", ".join(
                    name if level == "facts" else f"{name} {100 * p:.0f}%{star}" for name, p in mine
                )
            lines.append(f"my {kind}: {shown}")
    mysteries = result.get("mystery", [])
    if isinstance(mysteries, list) and mysteries:
        ranked = sorted(mysteries, key=lambda m: -float(m["p"]))
        if len(ranked) == 1:
            lines.append(f"MY MYSTERY IS {' '.join(ranked[0]['cards'])} (certain): accuse!")
        elif level == "full":
            top = ", ".join(
                f"{' '.join(m['cards'])} {100 * float(m['p']):.1f}%{star}" for m in ranked[:3]
            )
            lines.append(
                f"{count(len(ranked), 'possible mystery', 'possible mysteries')}; likeliest: {top}"
            )
    questions = result.get("questions", [])
    if isinstance(questions, list) and questions:
        best = questions[0]
        side = f" {best['side']}" if "side" in best else ""
        lines.append(
            f"best question: ask {best['witness']} {best['about']}{side} "
            f"({float(best['mystery_bits']):.2f} bits{star})"
        )
    if star and level == "full" and len(lines) > 1:
        lines.append(_assumption_note(analysis.mystery_choice))
    return "\n".join(lines)


# The notes grid's names of the places a card of the sheet may lie.
MINE = "mine"
INFORMANTS = "inf"


def sheet_data(view: ThirteenCluesView, level: str) -> SheetData | None:
    """The sheet as data: a row per card in play, a column for the seat's own mystery and
    one for each place it could lie instead. Once the game is over the mystery is revealed:
    the sheet shows it, and no odds."""
    if view.seat is None or view.phase == "choose":
        return None
    rows = tuple(name for name, _, _ in cards_for(view.players, view.config.deck))
    if view.outcome is not None:
        mystery = tuple(view.seats[view.seat].mystery or ())
        cells = tuple((1.0 if name in mystery else 0.0,) for name in rows)
        return SheetData(
            level, rows=rows, columns=(MINE,), cells=cells, solution_column=MINE, truth=mystery
        )
    try:
        position = thirteen_clues_position(view)
    except PositionError:
        return None
    analysis = ThirteenCluesAnalysis(position)
    result = analysis.to_json(questions=level == "full")
    if not result["consistent"]:
        return SheetData(level, consistent=False)
    return _data_of(view, level, rows, result, analysis.deal_model_assumed)


def _data_of(
    view: ThirteenCluesView,
    level: str,
    rows: tuple[str, ...],
    result: dict[str, object],
    assumed: bool,
) -> SheetData:
    columns = (MINE, *(seat_place(s) for s in range(view.players)), INFORMANTS)
    found = result["cards"]
    cards: dict[str, dict[str, float]] = found if isinstance(found, dict) else {}
    chances = []
    for name in rows:
        row = dict.fromkeys(columns, 0.0)
        for place, p in cards.get(name, {}).items():
            row[_column(place)] += float(p)
        chances.append([row[c] for c in columns])
    if not any(row[-1] for row in chances):  # no informant slot can hold a card: no column
        columns, chances = columns[:-1], [row[:-1] for row in chances]
    cells = [tuple(shown(p, level) for p in row) for row in chances]
    certain = tuple(n for n in rows if cards.get(n, {}).get(MYSTERY, 0.0) >= 1.0)
    data = SheetData(
        level,
        rows=rows,
        columns=columns,
        cells=tuple(cells),
        solution_column=MINE,
        certain=certain,
        assumed=assumed,
    )
    found = result.get("mystery", [])
    ranked = sorted(found if isinstance(found, list) else [], key=lambda m: -float(m["p"]))
    likeliest = tuple(Candidate(tuple(m["cards"]), float(m["p"])) for m in ranked[:3])
    if len(ranked) == 1:
        return replace(data, possible=1, likeliest=likeliest)
    if level != "full":
        return data
    found = result.get("questions", [])
    questions = found if isinstance(found, list) else []
    question = None
    if questions:
        best = questions[0]
        about = f"{best['about']} {best['side']}" if "side" in best else str(best["about"])
        question = SheetQuestion(int(best["witness"]), about, float(best["mystery_bits"]))
    return replace(data, possible=len(ranked), likeliest=likeliest, question=question)


def _column(place: str) -> str:
    """The notes grid's column of one of the analysis's places."""
    if place == MYSTERY:
        return MINE
    kind, _, rest = place.partition(":")
    if kind == "informant":
        return INFORMANTS
    return seat_place(int(rest.split(":")[0]))


def _assumption_note(choice: str | None) -> str:
    if choice == "players":
        who = "the seats chose the mysteries (mystery_choice=players): "
    else:
        who = "if the seats chose the mysteries: "
    return (
        f"* {who}the probabilities assume each was picked uniformly from the chooser's hand; "
        "what is certain holds however they chose"
    )


def notes_grid(game: ThirteenClues) -> tuple[list[str], list[str]]:
    """The hand-kept sheet: a row per card in play, a column for your mystery and one per
    place it could lie instead (each seat's hidden cards, the informants)."""
    places = ["mine", *(f"s{seat}" for seat in range(game.players))]
    if len(game.cards) > 5 * game.players:
        places.append("inf")
    return [c.name for c in game.cards], places


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
        legend=legend_text,
        sheet_data=sheet_data,
        speaking=render_in,
    )


RENDER = render_in(SOURCE)
