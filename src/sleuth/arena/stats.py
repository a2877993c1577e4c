"""What a tournament says about each bot: wins with a 95% interval, scores, speed, rating."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from sleuth.agents import Forfeit
from sleuth.core.said import Said, psaid, said_in
from sleuth.i18n import N_, SOURCE, tr
from sleuth.i18n import columns as text_columns

from .forfeit_words import detail_words
from .tournament import GameResult

Z95 = 1.959963984540054
RATING_MEAN = 1500.0
# The prior's weight, in pseudo-games against the average bot, per bot.
RATING_PRIOR = 0.01


@dataclass(frozen=True)
class BotSummary:
    bot: str
    games: int
    wins: int
    win_low: float
    win_high: float
    mean_score: float
    mean_decision_ms: float
    rating: float
    rating_sd: float
    # In games this bot won by accusing: questions before that accusation, by the whole
    # table and by the bot itself.
    mean_questions_to_win: float | None
    mean_own_questions_to_win: float | None = None
    # Decisions the bot lost (a bot program that crashed, timed out or answered wrongly).
    forfeits: int = 0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def wilson_interval(wins: int, games: int) -> tuple[float, float]:
    """The Wilson score interval for a win rate, at 95%."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denominator = 1 + Z95**2 / games
    centre = (p + Z95**2 / (2 * games)) / denominator
    half = Z95 * math.sqrt(p * (1 - p) / games + Z95**2 / (4 * games**2)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def ratings(results: Sequence[GameResult]) -> dict[str, float]:
    """Bradley-Terry strengths fitted to every pair of differently named bots in every game,
    on the Elo scale (400 points: ten to one odds), mean ``RATING_MEAN``.

    One fit over all the games at once (choix's maximum-likelihood ILSR), so the order of
    the games does not matter, where an Elo updated game by game rated a bot that won 47 of
    81 below the one it beat. A pair's result is decided by the scores (a winner beats a
    non-winner); a tie counts as half a win each way. A small prior keeps a bot that never
    wins (or never loses) finite.
    """
    import choix
    import numpy as np

    names = sorted({name for result in results for name in result.seating})
    index = {name: i for i, name in enumerate(names)}
    pairs: list[tuple[int, int]] = []
    for result in results:
        seats = range(len(result.seating))
        for a in seats:
            for b in seats:
                name_a, name_b = result.seating[a], result.seating[b]
                if a >= b or name_a == name_b:
                    continue
                outcome = _pair_outcome(result, a, b)
                first, second = index[name_a], index[name_b]
                if outcome >= 0.5:
                    pairs.append((first, second))
                if outcome <= 0.5:
                    pairs.append((second, first))
    if len(names) < 2 or not pairs:
        return dict.fromkeys(names, RATING_MEAN)
    strengths = choix.ilsr_pairwise(len(names), pairs, alpha=RATING_PRIOR)
    scale = 400 / math.log(10)
    centred = scale * (np.asarray(strengths) - float(np.mean(strengths)))
    return {name: RATING_MEAN + float(centred[i]) for name, i in index.items()}


def _pair_outcome(result: GameResult, a: int, b: int) -> float:
    standing_a = (a in result.winners, result.scores[a])
    standing_b = (b in result.winners, result.scores[b])
    if standing_a == standing_b:
        return 0.5
    return 1.0 if standing_a > standing_b else 0.0


def summarize(results: Sequence[GameResult], bootstrap: int = 100) -> list[BotSummary]:
    """One row per bot, best rating first; rating spread from a seeded bootstrap over games."""
    fitted = ratings(results)
    rng = random.Random(0)
    samples: dict[str, list[float]] = {name: [] for name in fitted}
    for _ in range(bootstrap if len(results) > 1 else 0):
        resampled = [results[rng.randrange(len(results))] for _ in results]
        for name, value in ratings(resampled).items():
            samples[name].append(value)
    rows = []
    for name in fitted:
        games = wins = decisions = forfeits = 0
        score = seconds = 0.0
        to_win: list[int] = []
        own_to_win: list[int] = []
        for result in results:
            for seat, bot in enumerate(result.seating):
                if bot != name:
                    continue
                games += 1
                forfeits += sum(f.seat == seat for f in result.forfeits)
                wins += seat in result.winners
                score += result.scores[seat]
                decisions += result.decisions[seat]
                seconds += result.think_seconds[seat]
                if seat in result.winners and result.questions_to_win is not None:
                    to_win.append(result.questions_to_win)
                if seat in result.winners and result.own_questions_to_win is not None:
                    own_to_win.append(result.own_questions_to_win)
        low, high = wilson_interval(wins, games)
        spread = samples[name]
        mean = sum(spread) / len(spread) if spread else fitted[name]
        sd = math.sqrt(sum((v - mean) ** 2 for v in spread) / len(spread)) if spread else 0.0
        rows.append(
            BotSummary(
                bot=name,
                games=games,
                wins=wins,
                win_low=low,
                win_high=high,
                mean_score=score / games if games else 0.0,
                mean_decision_ms=1000 * seconds / decisions if decisions else 0.0,
                rating=fitted[name],
                rating_sd=sd,
                mean_questions_to_win=_mean(to_win),
                mean_own_questions_to_win=_mean(own_to_win),
                forfeits=forfeits,
            )
        )
    return sorted(rows, key=lambda row: -row.rating)


@dataclass(frozen=True)
class HeadToHead:
    """Two bots over the games both played: the first's score minus the second's.

    A bot in several seats of one game counts with its mean score there. The interval is
    the normal one for a mean of paired differences: games are independent, seats rotate.
    """

    first: str
    second: str
    games: int
    mean_difference: float
    low: float | None
    high: float | None
    first_ahead: int
    second_ahead: int


def head_to_head(results: Sequence[GameResult], first: str, second: str) -> HeadToHead:
    differences: list[float] = []
    for result in results:
        mine = [s for seat, s in enumerate(result.scores) if result.seating[seat] == first]
        theirs = [s for seat, s in enumerate(result.scores) if result.seating[seat] == second]
        if mine and theirs:
            differences.append(sum(mine) / len(mine) - sum(theirs) / len(theirs))
    n = len(differences)
    mean = sum(differences) / n if n else 0.0
    if n > 1:
        variance = sum((d - mean) ** 2 for d in differences) / (n - 1)
        half: float | None = Z95 * math.sqrt(variance / n)
    else:
        half = None  # one game gives no spread
    return HeadToHead(
        first=first,
        second=second,
        games=n,
        mean_difference=mean,
        low=None if half is None else mean - half,
        high=None if half is None else mean + half,
        first_ahead=sum(d > 0 for d in differences),
        second_ahead=sum(d < 0 for d in differences),
    )


def all_head_to_heads(
    results: Sequence[GameResult], rows: Sequence[BotSummary]
) -> list[HeadToHead]:
    """Every pair of bots, the better rated first."""
    return [head_to_head(results, a.bot, b.bot) for i, a in enumerate(rows) for b in rows[i + 1 :]]


def format_head_to_heads(pairs: Sequence[HeadToHead], language: str = SOURCE) -> str:
    names = [f"{p.first} - {p.second}" for p in pairs]
    columns = (
        Column(N_("score difference"), max([0, *map(len, names)])),
        Column(N_("games"), 6, ">"),
        Column(N_("mean"), 8, ">"),
        Column(N_("%(level)s interval"), 18, ">"),
        Column(N_("ahead"), 6, ">"),
        Column(N_("behind"), 6, ">"),
    )
    rows = [
        [
            name,
            str(pair.games),
            f"{pair.mean_difference:+.2f}",
            _interval(pair),
            str(pair.first_ahead),
            str(pair.second_ahead),
        ]
        for name, pair in zip(names, pairs, strict=True)
    ]
    return "\n".join(table_lines(columns, rows, language))


@dataclass(frozen=True)
class Column:
    """A column of a table for people: its heading (said in the language), its least
    width, its alignment (``<`` or ``>``)."""

    heading: str
    width: int
    align: str = "<"


def table_lines(
    columns: Sequence[Column], rows: Sequence[Sequence[str]], language: str
) -> list[str]:
    """The heading line and the rows, each column as wide as its least width, its heading
    in the language, and its cells (in terminal columns: a Japanese heading takes two a
    character), one space apart."""
    # An empty heading stays empty: gettext's empty message is the catalogue's header.
    # The confidence a value of the message, so that no bare % stands in a msgid (gettext
    # tools would take it for a placeholder).
    headings = [_heading(c.heading, language) for c in columns]
    widths = [
        max(column.width, text_columns(heading), *(text_columns(row[i]) for row in rows))
        for i, (column, heading) in enumerate(zip(columns, headings, strict=True))
    ]

    def line(cells: Sequence[str]) -> str:
        padded = []
        for cell, width, column in zip(cells, widths, columns, strict=True):
            space = " " * (width - text_columns(cell))
            padded.append(cell + space if column.align == "<" else space + cell)
        return " ".join(padded)

    return [line(headings), *(line(row) for row in rows)]


def _heading(heading: str, language: str) -> str:
    if isinstance(heading, Said):  # a heading in one sense of its word (its context)
        return said_in(heading, language)
    return tr(heading, language, level="95%") if heading else ""


def _interval(pair: HeadToHead) -> str:
    if pair.low is None or pair.high is None:
        return "-"
    return f"[{pair.low:+.2f}, {pair.high:+.2f}]"


BOT_COLUMNS = (
    Column(psaid("table heading: the bot's name", "bot"), 12),
    Column(N_("games"), 6, ">"),
    Column(N_("wins"), 5, ">"),
    Column(N_("win rate"), 9, ">"),
    Column(N_("%(level)s interval"), 15, ">"),
    Column(N_("mean score"), 10, ">"),
    Column(N_("ms/move"), 8, ">"),
    Column(N_("rating"), 12, ">"),
    Column(N_("questions to win (own/table)"), 28, ">"),
    Column(N_("forfeits"), 8, ">"),
)


def format_table(rows: Sequence[BotSummary], language: str = SOURCE) -> str:
    """The table of bots; a ``forfeits`` column when some bot lost decisions."""
    forfeits = any(row.forfeits for row in rows)
    cells = [
        [
            row.bot,
            str(row.games),
            str(row.wins),
            f"{row.win_rate:.3f}",
            f"[{row.win_low:.3f}, {row.win_high:.3f}]",
            f"{row.mean_score:.2f}",
            f"{row.mean_decision_ms:.3f}",
            f"{row.rating:.0f} ± {row.rating_sd:.0f}",
            _to_win(row),
            *([str(row.forfeits)] if forfeits else []),
        ]
        for row in rows
    ]
    columns = BOT_COLUMNS if forfeits else BOT_COLUMNS[:-1]
    return "\n".join(table_lines(columns, cells, language))


def format_forfeits(results: Sequence[GameResult], limit: int = 10, language: str = SOURCE) -> str:
    """The lost decisions, one a line naming the game and the bot, at most ``limit`` lines;
    a run of one seat's decisions lost the same way (a bot that stopped) is one line. Said
    in the language, each loss's detail as the bot's runtime gave it."""
    lines = []
    for result in results:
        runs: list[list[Forfeit]] = []
        for forfeit in result.forfeits:
            last = runs[-1][-1] if runs else None
            if last and (last.seat, last.problem, last.detail) == (
                forfeit.seat,
                forfeit.problem,
                forfeit.detail,
            ):
                runs[-1].append(forfeit)
            else:
                runs.append([forfeit])
        lines += [_forfeit_line(result, run, language) for run in runs]
    shown = lines[:limit]
    if len(lines) > limit:
        more = tr(
            "... and %(count)s more lines (every forfeit is in --out)",
            language,
            count=len(lines) - limit,
        )
        shown.append(more)
    return "\n".join(shown)


# How a lost decision is named: the move the game waited on, or an optional action.
DECISIONS = {
    "turn": N_("seat %(seat)s, step %(step)s (turn)"),
    "interrupt": N_("seat %(seat)s, step %(step)s (interrupt)"),
}
# Why it was lost (a problem of another name is shown as it is).
PROBLEMS = {
    "crash": N_("crash"),
    "timeout": N_("timeout"),
    "illegal": N_("illegal"),
    "malformed": N_("malformed"),
    "stopped": N_("stopped"),
}


def _forfeit_line(result: GameResult, run: Sequence[Forfeit], language: str) -> str:
    first, bot = run[0], result.seating[run[0].seat]
    problem = tr(PROBLEMS[first.problem], language) if first.problem in PROBLEMS else first.problem
    if len(run) == 1 and first.decision in DECISIONS:
        seat = tr(DECISIONS[first.decision], language, seat=first.seat, step=first.step)
    elif len(run) == 1:
        seat = tr(
            "seat %(seat)s, step %(step)s (%(decision)s)",
            language,
            seat=first.seat,
            step=first.step,
            decision=first.decision,
        )
    else:
        seat = tr(
            "seat %(seat)s, steps %(first)s to %(last)s (%(count)s decisions)",
            language,
            seat=first.seat,
            first=first.step,
            last=run[-1].step,
            count=len(run),
        )
    return tr(
        "game %(game)s, %(bot)s: %(seat)s: %(problem)s: %(detail)s; %(fallback)s decided instead",
        language,
        game=result.index,
        bot=bot,
        seat=seat,
        problem=problem,
        detail=detail_words(first.detail, language),
        fallback=first.fallback,
    )


def _to_win(row: BotSummary) -> str:
    if row.mean_questions_to_win is None:
        return "-"
    return f"{_optional(row.mean_own_questions_to_win)} / {row.mean_questions_to_win:.1f}"


def _mean(values: Sequence[int]) -> float | None:
    return sum(values) / len(values) if values else None


def _optional(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}"


def plot_formats() -> frozenset[str] | None:
    """The formats ``plot_ratings`` can write, by file suffix; ``None`` without matplotlib."""
    try:
        from matplotlib.backend_bases import FigureCanvasBase
    except ModuleNotFoundError:
        return None
    return frozenset(FigureCanvasBase.get_supported_filetypes())


def plot_ratings(rows: Sequence[BotSummary], path: Path, title: str) -> None:
    """A bar chart of the ratings with their bootstrap spread (needs the ``plot`` extra)."""
    import matplotlib

    matplotlib.use("Agg")  # files only: no display on servers and in CI
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(6, 3.5))
    axes.bar(
        [row.bot for row in rows],
        [row.rating for row in rows],
        yerr=[row.rating_sd for row in rows],
        capsize=6,
        color="#4c72b0",
    )
    low = min(row.rating - 2 * row.rating_sd for row in rows) - 20
    axes.set_ylim(bottom=max(0.0, low))
    axes.set_ylabel("rating, Elo scale (± bootstrap s.d.)")
    axes.set_title(title)
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)
