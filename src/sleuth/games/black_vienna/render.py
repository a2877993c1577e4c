"""Black Vienna's investigation sheet as text, filled by the engine from one seat's view.

``facts``: ✓ where a card certainly is, · where it certainly is not. ``full``: the
probability of every place in percent, the likeliest rings and the most informative question.
"""

from __future__ import annotations

from dataclasses import replace

from sleuth.core.kit import TextRender
from sleuth.core.sheets import Candidate, SheetData, SheetQuestion, seat_place, shown
from sleuth.i18n import N_, SOURCE, columns, figure, listed, speaking, tr, trn

from .components import LETTERS, deck_name
from .knowledge import BlackViennaAnalysis, Position, black_vienna_position
from .rules import BlackVienna
from .views import BlackViennaView
from .words import NOTATION, RULES, ending_text, history_lines, table_text

TOP_SOLUTIONS = 5


def _cell(p: float, level: str) -> str:
    if p >= 1.0:
        return "✓"
    if p <= 0.0:
        return "·"
    return "" if level == "facts" else f"{round(100 * p)}"


def sheet_text(view: BlackViennaView, level: str, language: str = SOURCE) -> str:
    if view.seat is None:
        return tr("(a spectator keeps no sheet)", language)
    asking = view.asker == view.seat and view.outcome is None
    accused = view.seat in view.eliminated
    return black_vienna_sheet(black_vienna_position(view), level, asking, accused, language)


def black_vienna_sheet(
    position: Position,
    level: str,
    asking: bool = True,
    accused: bool = False,
    language: str = SOURCE,
) -> str:
    """The sheet of one Black Vienna seat; ``asking``: suggest a question among the face-up;
    ``accused``: the seat accused wrongly, so it has seen the ring and may not accuse again."""
    analysis = BlackViennaAnalysis(position)
    if not analysis.consistent:
        return tr("The answers contradict each other: someone miscounted.", language)
    lines = [
        trn(
            "%(number)s deal fits what seat %(seat)s knows (deck: %(deck)s)",
            "%(number)s deals fit what seat %(seat)s knows (deck: %(deck)s)",
            analysis.worlds,
            language,
            number=figure(analysis.worlds, 0, language),
            seat=position.seat,
            deck=deck_label(position, language),
        ),
        *_grid(position, analysis, level, language),
    ]
    probabilities = analysis.card_probabilities()
    rings = sorted(analysis.ring(), key=lambda item: (-item[1], item[0]))
    in_ring = "".join(c for c in LETTERS if probabilities[c].get("ring", 0.0) >= 1.0)
    none = tr("none yet", language)
    lines.append(tr("certainly in the ring: %(letters)s", language, letters=in_ring or none))
    if accused:
        ring = rings[0][0] if len(rings) == 1 else "?"
        lines.append(
            tr(
                "You accused wrongly and saw the ring: %(ring)s. You may not accuse again.",
                language,
                ring=ring,
            )
        )
        return "\n".join(lines)
    if len(rings) == 1:
        lines.append(tr("THE RING IS %(ring)s: accuse!", language, ring=rings[0][0]))
    if level == "full":
        lines += _odds_lines(position, analysis, rings, asking, language)
    return "\n".join(lines)


def _grid(
    position: Position, analysis: BlackViennaAnalysis, level: str, language: str
) -> list[str]:
    """The grid: a row per person, a column per seat and one for the ring (English: five
    characters a column, as it always was; another language's ring column as wide as its
    name)."""
    places = [str(s) for s in range(position.players)] + ["ring"]
    names = [
        tr(SEAT_COLUMN, language, seat=p) if p != "ring" else tr(RING_COLUMN, language)
        for p in places
    ]
    widths = [5 if language == SOURCE else max(5, columns(name) + 1) for name in names]
    corner = tr("card", language)
    first = max(5, columns(corner) + 1)
    lines = [
        _left(corner, first) + "".join(_right(n, w) for n, w in zip(names, widths, strict=True))
    ]
    probabilities = analysis.card_probabilities()
    for letter in LETTERS:
        row = probabilities[letter]
        cells = "".join(
            _right(_cell(row.get(p, 0.0), level), w) for p, w in zip(places, widths, strict=True)
        )
        lines.append(_left(f"  {letter}", first) + cells)
    return lines


# The grid's columns: a seat's, short, and the ring's (English keeps its word, the others
# name it as the game does).
SEAT_COLUMN = N_("s%(seat)s")
RING_COLUMN = N_("ring")


def _right(text: str, width: int) -> str:
    return " " * max(0, width - columns(text)) + text


def _left(text: str, width: int) -> str:
    return text + " " * max(0, width - columns(text))


def _odds_lines(
    position: Position,
    analysis: BlackViennaAnalysis,
    rings: list[tuple[str, int]],
    asking: bool,
    language: str,
) -> list[str]:
    """At ``full``: the likeliest rings and, for the asking seat, the best question."""
    total = analysis.worlds
    best = listed(
        [f"{t} {figure(100 * c / total, 1, language)}%" for t, c in rings[:TOP_SOLUTIONS]],
        language,
    )
    lines = [
        trn(
            "%(number)s possible ring; likeliest: %(list)s",
            "%(number)s possible rings; likeliest: %(list)s",
            len(rings),
            language,
            number=figure(len(rings), 0, language),
            list=best,
        )
    ]
    if asking and position.face_up:
        question = analysis.questions(list(position.face_up))[0]
        bits = float(str(question["ring_bits"]))
        lines.append(
            tr(
                "best question: %(letters)s to seat %(seat)s (%(bits)s bits about the ring)",
                language,
                letters=question["letters"],
                seat=question["target"],
                bits=figure(bits, 2, language),
            )
        )
        if not position.deck_known:
            lines.append(
                tr(
                    "(ranked among the face-up cards: the deck is learned as cards turn up)",
                    language,
                )
            )
    return lines


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


def deck_label(position: Position, language: str = SOURCE) -> str:
    """The deck in play as the sheet names it; a box still being learned says how far."""
    if position.deck_known:
        name = deck_name(position.deck)
        return name if language == SOURCE else tr(DECK_WORDS[name], language)
    return trn(
        "unknown: %(number)s card seen so far",
        "unknown: %(number)s cards seen so far",
        len(position.deck),
        language,
        number=figure(len(position.deck), 0, language),
    )


# The decks' names (the option's values) in a reader's language.
DECK_WORDS = {
    "generated": N_("generated"),
    "transcribed": N_("transcribed"),
    "custom": N_("custom"),
}


def notes_grid(game: BlackVienna) -> tuple[list[str], list[str]]:
    """The hand-kept sheet: a row per person, a column per seat and one for the ring."""
    return list(LETTERS), [f"s{seat}" for seat in range(game.players)] + ["ring"]


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
        accuse="accuse ",
        sheet_data=sheet_data,
        speaking=render_in,
    )


RENDER = render_in(SOURCE)
