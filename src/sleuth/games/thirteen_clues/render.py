"""13 Clues' sheet as text: the seat's own mystery, card by card and as a whole."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from sleuth.core.kit import TextRender
from sleuth.core.said import error_in, words_of
from sleuth.core.serialize import JSONValue
from sleuth.core.sheets import (
    Candidate,
    SheetData,
    SheetQuestion,
    said_line,
    seat_place,
    sheet_line,
    shown,
)
from sleuth.deduce.model import PositionError
from sleuth.i18n import N_, SOURCE, figure, listed, speaking, tr, trn

from .knowledge import (
    DEAL_MODEL,
    MYSTERY,
    ThirteenCluesAnalysis,
    thirteen_clues_position,
)
from .position_model import cards_for
from .rules import ThirteenClues
from .views import ThirteenCluesView
from .words import (
    NOTATION,
    RULES,
    card_words,
    ending_text,
    history_lines,
    legend_text,
    side_words,
    table_text,
    word,
)


def sheet_text(view: ThirteenCluesView, level: str, language: str = SOURCE) -> str:
    if view.seat is None:
        return tr("(a spectator keeps no sheet)", language)
    if view.outcome is not None:  # everything is shown: nothing is left to deduce
        own = view.seats[view.seat]
        cards = own.mystery or ()
        mystery = listed([card_words(view, c, language) for c in cards], language)
        return tr("The game is over. Your mystery was %(cards)s.", language, cards=mystery)
    if view.phase == "choose":
        return tr("(no sheet yet: the mysteries are still being chosen)", language)
    try:
        position = thirteen_clues_position(view)
    except PositionError as error:
        return tr("(no sheet yet: %(error)s)", language, error=error_in(error, language))
    return thirteen_clues_sheet(position, level, asking=view.outcome is None, language=language)


# The sheet's line for the cards of each kind that may be in the seat's own mystery.
KIND_LINES = {
    "person": N_("my person: %(cards)s"),
    "location": N_("my location: %(cards)s"),
    "weapon": N_("my weapon: %(cards)s"),
}


def thirteen_clues_sheet(
    position: dict[str, object], level: str, asking: bool = True, language: str = SOURCE
) -> str:
    """The sheet of one 13 Clues seat: its own mystery, card by card and as a whole.

    It names the deal model the probabilities rest on. Unless the game picked the mysteries
    at random, that model is an assumption: the probabilities (and bits) are marked with
    ``*`` and a note; what is certain is marked certain, as it holds however seats chose.
    """
    analysis = ThirteenCluesAnalysis(position)
    result = analysis.to_json(questions=level == "full" and asking)
    if not result["consistent"]:
        return tr("The answers contradict each other.", language)
    star = "*" if analysis.deal_model_assumed else ""
    cards = result["cards"]
    worlds = int(str(result["worlds"]))
    lines = [
        trn(
            "%(number)s deal fits what seat %(seat)s knows (deal model: %(model)s)",
            "%(number)s deals fit what seat %(seat)s knows (deal model: %(model)s)",
            worlds,
            language,
            number=figure(worlds, 0, language),
            seat=position["seat"],
            model=tr(DEAL_MODEL, language),
        )
    ]
    if isinstance(cards, dict):
        for kind in ("person", "location", "weapon"):
            mine = [
                (name, float(places.get(MYSTERY, 0.0)))
                for name, places in cards.items()
                if analysis.category_of(name) == kind and places.get(MYSTERY, 0.0) > 0.0
            ]
            mine.sort(key=lambda item: -item[1])
            lines.append(tr(KIND_LINES[kind], language, cards=_odds(mine, level, star, language)))
    lines += _mystery_lines(result, level, star, language)
    if star and level == "full" and len(lines) > 1:
        lines.append(_assumption_note(analysis.mystery_choice, language))
    return "\n".join(lines)


def _odds(mine: list[tuple[str, float]], level: str, star: str, language: str) -> str:
    """The cards of one kind that may be the seat's, likeliest first (with odds at
    ``full``)."""
    if len(mine) == 1:
        return tr("%(card)s (certain)", language, card=word(mine[0][0], language))
    return listed(
        [
            word(name, language)
            if level == "facts"
            else f"{word(name, language)} {figure(100 * p, 0, language)}%{star}"
            for name, p in mine
        ],
        language,
    )


def _mystery_lines(result: dict[str, Any], level: str, star: str, language: str) -> list[str]:
    """The mysteries that fit (the likeliest, at ``full``) and the best question."""
    lines = []
    mysteries = result.get("mystery", [])
    if isinstance(mysteries, list) and mysteries:
        ranked = sorted(mysteries, key=lambda m: -float(m["p"]))
        if len(ranked) == 1:
            trio = _trio(ranked[0]["cards"], language)
            lines.append(tr("MY MYSTERY IS %(cards)s (certain): accuse!", language, cards=trio))
        elif level == "full":
            top = listed(
                [
                    f"{_trio(m['cards'], language)} "
                    f"{figure(100 * float(m['p']), 1, language)}%{star}"
                    for m in ranked[:3]
                ],
                language,
            )
            lines.append(
                trn(
                    "%(number)s possible mystery; likeliest: %(list)s",
                    "%(number)s possible mysteries; likeliest: %(list)s",
                    len(ranked),
                    language,
                    number=figure(len(ranked), 0, language),
                    list=top,
                )
            )
    questions = result.get("questions", [])
    if isinstance(questions, list) and questions:
        lines.append(_question_line(questions[0], star, language))
    return lines


def _question_line(best: dict[str, Any], star: str, language: str) -> str:
    bits = figure(float(best["mystery_bits"]), 2, language)
    if language == SOURCE:  # the notation itself, as typed
        side = f" {best['side']}" if "side" in best else ""
        return f"best question: ask {best['witness']} {best['about']}{side} ({bits} bits{star})"
    return tr(
        "best question: ask seat %(seat)s about %(about)s%(side)s (%(bits)s bits%(star)s)",
        language,
        seat=best["witness"],
        about=word(str(best["about"]), language),
        side=side_words(str(best.get("side", "")), language),
        bits=bits,
        star=star,
    )


def _trio(cards: list[str], language: str) -> str:
    return " ".join(word(card, language) for card in cards)


def sheet_lines(view: ThirteenCluesView, level: str) -> list[dict[str, JSONValue]]:
    """The sheet as typed lines where the page has no data to draw (``sheet_data`` gives
    none): a spectator's, before the mysteries are chosen, or a position that cannot be
    worked out; the page says them in the person's language."""
    if view.seat is None:
        return [sheet_line("(a spectator keeps no sheet)")]
    if view.phase == "choose":
        return [sheet_line("(no sheet yet: the mysteries are still being chosen)")]
    try:
        thirteen_clues_position(view)
    except PositionError as error:
        words = words_of(error)
        said = str(error) if words is None else said_line(words)
        return [sheet_line("(no sheet yet: %(error)s)", error=said)]
    return [{"text": sheet_text(view, level)}]


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


def _assumption_note(choice: str | None, language: str) -> str:
    if choice == "players":
        return tr(
            "* the seats chose the mysteries (mystery_choice=players): the probabilities "
            "assume each was picked uniformly from the chooser's hand; what is certain holds "
            "however they chose",
            language,
        )
    return tr(
        "* if the seats chose the mysteries: the probabilities assume each was picked "
        "uniformly from the chooser's hand; what is certain holds however they chose",
        language,
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
        sheet=speaking(sheet_text, language),
        notes_grid=notes_grid,
        table=speaking(table_text, language),
        history=speaking(history_lines, language),
        ending=speaking(ending_text, language),
        rules=RULES,
        notation=NOTATION,
        legend=speaking(legend_text, language),
        sheet_data=sheet_data,
        sheet_lines=sheet_lines,
        speaking=render_in,
    )


RENDER = render_in(SOURCE)
