"""A leaderboard: any bot entered beside a game's levels, every pair at a table of its own,
rated by the arena's Bradley-Terry fit (``stats.ratings``).

An entrant is any bot spec: a built-in bot, a level, or a bot program over the bot protocol
(``cmd:COMMAND``, bounded by its think time and startup limits like every bot program). Each
pair of competitors plays ``games`` games in alternate seats, rotated game by game (at an odd
table the first of the pair holds the extra seat). The deals and the bots' generators come
from the seed and a fixed key, so the same seed gives the same leaderboard.

A bot that loses a decision (it crashed, timed out or answered an illegal or malformed
action; ``sleuth.agents.Forfeit``) plays on through the arena's fallback, but the game is
scored as lost for it: below every other seat, and never among the winners. The leaderboard
says so, game by game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any

from sleuth.agents import make_agent
from sleuth.agents.levels import ladder
from sleuth.core import Game, GameError, derive_seed
from sleuth.core.said import said
from sleuth.i18n import N_, SOURCE, tr, trp

from .stats import Column, format_forfeits, ratings, table_lines
from .tournament import GameResult, GameSpec, run_specs, schedule

# At most this many lines of lost decisions under the standings.
NOTES_LIMIT = 50
KEY = b"sleuth leaderboard"  # fixed: a leaderboard replays exactly from its seed


@dataclass(frozen=True)
class Entrant:
    name: str
    spec: str


@dataclass(frozen=True)
class Standing:
    name: str
    spec: str
    games: int
    wins: int
    forfeited_games: int
    rating: float


@dataclass(frozen=True)
class Leaderboard:
    standings: tuple[Standing, ...]  # the best rated first
    results: tuple[GameResult, ...]  # scored: a forfeiting seat lost
    notes: str  # the lost decisions, one a line ("" when none)


def parse_entrant(text: str) -> Entrant:
    """``NAME=SPEC`` (``mybot=cmd:python mybot.py``) or a bare spec, named by itself."""
    name, sep, spec = text.partition("=")
    if not sep or ":" in name:  # "ismcts:iterations=800" is a spec, not NAME=SPEC
        name, spec = text, text
    name, spec = name.strip(), spec.strip()
    if not name or not spec:
        raise GameError(
            said(
                "--entrant %(text)s: give NAME=SPEC, e.g. mybot=cmd:python mybot.py",
                text=repr(text),
            )
        )
    return Entrant(name, spec)


ENTERED_TWICE = {
    "name": N_("--entrant: the name %(value)s is entered twice"),
    "spec": N_("--entrant: the spec %(value)s is entered twice"),
}


def competitors(game: Game[Any], entrants: Sequence[Entrant], levels: bool) -> list[Entrant]:
    """The entrants after the game's levels (unless ``levels`` is false), each checked: a
    spec that names no bot, or a name or spec given twice, is refused before any game."""
    field: list[Entrant] = []
    if levels:
        found = ladder(game.name).get("levels")
        if isinstance(found, dict):
            field += [Entrant(str(level), str(level)) for level in found]
    field += list(entrants)
    for kind, values in (("name", [e.name for e in field]), ("spec", [e.spec for e in field])):
        twice = sorted({v for v in values if values.count(v) > 1})
        if twice:
            template = ENTERED_TWICE[kind]
            raise GameError(said(template, value=repr(twice[0])))
    for entrant in field:
        # A wrong name, parameter or program is said now; a bot program starts only to play.
        make_agent(entrant.spec, game.name)
    return field


def plan(game: Game[Any], field: Sequence[Entrant], games: int, seed: int) -> list[GameSpec]:
    """Every pair of the field, ``games`` games each in alternate seats, rotated."""
    if games < 1:
        raise GameError(said("--games %(games)s: play at least one game a pair", games=games))
    specs: list[GameSpec] = []
    for number, (first, second) in enumerate(combinations(field, 2)):
        seating = [first.spec if seat % 2 == 0 else second.spec for seat in range(game.players)]
        pair_seed = derive_seed(seed, "leaderboard pair", number)
        pair_key = KEY + f" pair {number}".encode()
        for spec in schedule(game.name, game.config_json(), seating, games, pair_seed, pair_key):
            specs.append(replace(spec, index=len(specs)))
    return specs


def forfeit_as_loss(result: GameResult) -> GameResult:
    """The game scored as lost for every seat that lost a decision: below every other seat,
    never a winner; the best of the others win if a forfeiting seat had."""
    lost = {forfeit.seat for forfeit in result.forfeits}
    if not lost:
        return result
    floor = min(result.scores) - 1
    scores = tuple(floor if seat in lost else s for seat, s in enumerate(result.scores))
    winners = tuple(seat for seat in result.winners if seat not in lost)
    if not winners and len(lost) < len(scores):
        best = max(s for seat, s in enumerate(scores) if seat not in lost)
        winners = tuple(seat for seat, s in enumerate(scores) if seat not in lost and s == best)
    return replace(result, scores=scores, winners=winners)


def standings(field: Sequence[Entrant], results: Sequence[GameResult]) -> list[Standing]:
    fitted = ratings(results)
    rows = []
    for entrant in field:
        seats = [
            (result, seat)
            for result in results
            for seat, spec in enumerate(result.seating)
            if spec == entrant.spec
        ]
        played = {result.index for result, _ in seats}
        won = {result.index for result, seat in seats if seat in result.winners}
        forfeited = {
            result.index for result, seat in seats if any(f.seat == seat for f in result.forfeits)
        }
        rating = fitted.get(entrant.spec, 0.0)
        rows.append(
            Standing(entrant.name, entrant.spec, len(played), len(won), len(forfeited), rating)
        )
    return sorted(rows, key=lambda row: (-row.rating, row.name))


def run_leaderboard(
    game: Game[Any],
    field: Sequence[Entrant],
    games: int,
    seed: int,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> Leaderboard:
    if len(field) < 2:
        raise GameError("a leaderboard needs at least two competitors (--entrant NAME=SPEC)")
    played = run_specs(plan(game, field, games, seed), workers, progress=progress)
    return rate(field, played)


def rate(field: Sequence[Entrant], played: Sequence[GameResult]) -> Leaderboard:
    """The leaderboard of ``field`` over every game ``played`` (the pairs' and any text
    agent's), each game scored as lost for a seat that lost a decision."""
    scored = [forfeit_as_loss(result) for result in played]
    return Leaderboard(
        tuple(standings(field, scored)), tuple(scored), format_forfeits(scored, NOTES_LIMIT)
    )


STANDING_COLUMNS = (
    Column("", 3, ">"),
    Column(N_("name"), 0),
    Column(N_("rating"), 7, ">"),
    Column(N_("games"), 6, ">"),
    Column(N_("wins"), 5, ">"),
    Column(N_("forfeited"), 9, ">"),
)


def format_leaderboard(board: Leaderboard, language: str = SOURCE) -> str:
    """The standings, in the language's headings; the bots' specs last, as they are."""
    rows = [
        [
            str(place),
            row.name,
            f"{row.rating:.0f}",
            str(row.games),
            str(row.wins),
            str(row.forfeited_games),
        ]
        for place, row in enumerate(board.standings, start=1)
    ]
    table = table_lines(STANDING_COLUMNS, rows, language)
    heading = trp("table heading: the bot an entrant is, as its spec", "bot", language)
    specs = [heading, *(row.spec for row in board.standings)]
    lines = [f"{line}  {spec}" for line, spec in zip(table, specs, strict=True)]
    if board.notes:
        lost = tr("games scored as lost (a decision lost; the game played on):", language)
        lines += ["", lost, format_forfeits(board.results, NOTES_LIMIT, language)]
    return "\n".join(lines)
