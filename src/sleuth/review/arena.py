"""``sleuth arena --review``: each game of a tournament reviewed, summed up per bot.

Per bot: how many accusations or solve attempts it made, how many when it could already be
certain and how many as guesses (with their mean chance of being right), the mean steps it
waited between "could know" and such an attempt, and the mean value given away per judged
move (bits per question; expected points where the game is reviewed by card counting).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from sleuth.arena.tournament import GameResult
from sleuth.core.serialize import JSONValue

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


def format_reviews(rows: Sequence[BotReview], exact: bool, method: str) -> str:
    lines = [
        f"review ({method})" if exact else f"review, NOT exact ({method})",
        f"{'bot':<20} {'seats':>5} {'attempts':>8} {'certain':>7} {'guessed':>7} "
        f"{'p(guess)':>8} {'wait':>6} {'missed':>6} {'judged':>6} {'given away':>14}",
    ]
    for row in rows:
        p = fmt_p(row.mean_guess_probability)
        wait = "-" if row.mean_wait is None else f"{row.mean_wait:.1f}"
        given = "-" if row.mean_given_away is None else f"{row.mean_given_away:.3f} {row.unit}"
        lines.append(
            f"{row.bot:<20} {row.seats:>5} {row.attempts:>8} {row.certain:>7} "
            f"{row.guesses:>7} {p:>8} {wait:>6} {row.missed:>6} {row.questions:>6} {given:>14}"
        )
    lines.append(
        "certain: attempts made once it could be certain (wait: mean steps from then); "
        "guessed: before, with p(guess) their mean chance; missed: targets it could be "
        "certain of but never named; given away: per judged move, against the best then"
    )
    return "\n".join(lines)
