"""``sleuth arena --review``: each game of a tournament reviewed, summed up per bot.

Per bot: how many accusations or solve attempts it made, how many when it could already be
certain and how many as guesses (with their mean chance of being right), the mean steps it
waited between "could know" and such an attempt, and the mean value given away per judged
move (bits per question; expected points where the game is reviewed by card counting).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from sleuth.arena.stats import Column, table_lines
from sleuth.arena.tournament import GameResult
from sleuth.core.serialize import JSONValue
from sleuth.i18n import N_, SOURCE, tr

from .annotate import fmt_p
from .model import GameReview
from .record import review_record


@dataclass(frozen=True)
class SeatFigures:
    """What one seat's review adds to its bot's row."""

    bot: str
    attempts: int
    certain: int
    guesses: int
    guess_probability: float
    waits: tuple[int, ...]
    questions: int
    given_away: float
    unit: str
    missed: int


@dataclass(frozen=True)
class BotReview:
    bot: str
    seats: int
    attempts: int
    certain: int
    guesses: int
    mean_guess_probability: float | None
    mean_wait: float | None
    questions: int
    mean_given_away: float | None
    unit: str
    missed: int


def seat_figures(review: GameReview, seating: Sequence[str]) -> list[SeatFigures]:
    out = []
    for seat in review.seats:
        known = [a for a in seat.attempts if a.waited is not None]
        guesses = [a for a in seat.attempts if a.waited is None]
        out.append(
            SeatFigures(
                bot=seating[seat.seat],
                attempts=len(seat.attempts),
                certain=len(known),
                guesses=len(guesses),
                guess_probability=sum(a.probability or 0.0 for a in guesses),
                waits=tuple(a.waited for a in known if a.waited is not None),
                questions=len(seat.questions),
                given_away=sum(q.given_away for q in seat.questions),
                unit=seat.questions[0].unit if seat.questions else review.unit,
                missed=sum(1 for s in seat.stretches if s.verdict == "never attempted"),
            )
        )
    return out


def _review_one(
    item: tuple[dict[str, JSONValue], tuple[str, ...]],
) -> tuple[list[SeatFigures], bool, str]:
    record, seating = item
    review = review_record(record)
    return seat_figures(review, seating), review.exact, review.method


def review_results(
    results: Sequence[GameResult],
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[list[BotReview], bool, str]:
    """Every game reviewed (on ``workers`` processes), one row per bot in seating order of
    first appearance; with whether the figures are exact and what they are."""
    items = [(r.record, r.seating) for r in results]
    figures: list[SeatFigures] = []
    exact, method = True, ""
    for done, (found, is_exact, how) in enumerate(_map(items, workers), start=1):
        figures += found
        exact, method = exact and is_exact, how
        if progress is not None:
            progress(done, len(items))
    bots = list(dict.fromkeys(f.bot for f in figures))
    return [_row(bot, [f for f in figures if f.bot == bot]) for bot in bots], exact, method


def _map(
    items: Sequence[tuple[dict[str, JSONValue], tuple[str, ...]]], workers: int
) -> Iterable[tuple[list[SeatFigures], bool, str]]:
    if workers <= 1:
        yield from map(_review_one, items)
        return
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(_review_one, items)


def _row(bot: str, figures: Sequence[SeatFigures]) -> BotReview:
    waits = [w for f in figures for w in f.waits]
    guesses = sum(f.guesses for f in figures)
    questions = sum(f.questions for f in figures)
    return BotReview(
        bot=bot,
        seats=len(figures),
        attempts=sum(f.attempts for f in figures),
        certain=sum(f.certain for f in figures),
        guesses=guesses,
        mean_guess_probability=sum(f.guess_probability for f in figures) / guesses
        if guesses
        else None,
        mean_wait=sum(waits) / len(waits) if waits else None,
        questions=questions,
        mean_given_away=sum(f.given_away for f in figures) / questions if questions else None,
        unit=next((f.unit for f in figures if f.questions), "bits"),
        missed=sum(f.missed for f in figures),
    )


REVIEW_COLUMNS = (
    Column(N_("bot"), 20),
    Column(N_("seats"), 5, ">"),
    Column(N_("attempts"), 8, ">"),
    Column(N_("certain"), 7, ">"),
    Column(N_("guessed"), 7, ">"),
    Column(N_("p(guess)"), 8, ">"),
    Column(N_("wait"), 6, ">"),
    Column(N_("missed"), 6, ">"),
    Column(N_("judged"), 6, ">"),
    Column(N_("given away"), 14, ">"),
)
# A value given away, in its unit (a unit of another name is written after the figure).
AMOUNTS = {"bits": N_("%(bits)s bits"), "points": N_("%(points)s points")}


def format_reviews(
    rows: Sequence[BotReview], exact: bool, method: str, language: str = SOURCE
) -> str:
    """The review per bot in the language: its heading naming how the figures were found,
    its table (each column as wide as its heading or widest cell), what the words mean."""
    how = tr(method, language)
    heading = (
        tr("review (%(method)s)", language, method=how)
        if exact
        else tr("review, NOT exact (%(method)s)", language, method=how)
    )
    cells = [
        [
            row.bot,
            str(row.seats),
            str(row.attempts),
            str(row.certain),
            str(row.guesses),
            fmt_p(row.mean_guess_probability),
            "-" if row.mean_wait is None else f"{row.mean_wait:.1f}",
            str(row.missed),
            str(row.questions),
            _given_away(row, language),
        ]
        for row in rows
    ]
    legend = tr(
        "certain: attempts made once it could be certain (wait: mean steps from then); "
        "guessed: before, with p(guess) their mean chance; missed: targets it could be "
        "certain of but never named; given away: per judged move, against the best then",
        language,
    )
    return "\n".join([heading, *table_lines(REVIEW_COLUMNS, cells, language), legend])


def _given_away(row: BotReview, language: str) -> str:
    if row.mean_given_away is None:
        return "-"
    value = f"{row.mean_given_away:.3f}"
    if row.unit not in AMOUNTS:
        return f"{value} {row.unit}"
    return tr(AMOUNTS[row.unit], language, **{row.unit: value})
