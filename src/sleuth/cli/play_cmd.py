"""``sleuth play``: a game in the terminal against bots, or with friends at one keyboard."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from sleuth.agents import Agent, make_agent
from sleuth.core import GameError, find_game

from .game_cmds import parse_options


def add_parser(commands: Any) -> None:
    play = commands.add_parser("play", help="play in the terminal against bots and friends")
    play.add_argument("game")
    play.add_argument("--players", type=int, default=None, help="default: the game's minimum")
    play.add_argument(
        "--seat",
        type=int,
        action="append",
        default=None,
        help="your seat (repeat for several people at one keyboard; default 0)",
    )
    play.add_argument(
        "--bots",
        default="",
        help="bots for the other seats in order, e.g. deductive,basic,random or "
        "'cmd:python mybot.py' (a bot program in its own process; default: random)",
    )
    play.add_argument(
        "--seed",
        type=int,
        default=None,
        help="deal a known game, for practice: whoever knows the seed knows the deal "
        "(default: a secret 128-bit seed, revealed in the record at the end)",
    )
    play.add_argument("--sheet", choices=("off", "facts", "full"), default="full")
    play.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    play.add_argument("--record-dir", type=Path, default=Path("sleuth-records"))
    play.add_argument("--bot-delay", type=float, default=0.4, help="seconds per bot move")
    play.set_defaults(run=run_play)


def build_controllers(
    game: str, players: int, seats: list[int], bots: list[str]
) -> list[Agent | None]:
    for seat in seats:
        if not 0 <= seat < players:
            raise GameError(f"--seat {seat}: seats are 0-{players - 1}")
    others = [s for s in range(players) if s not in seats]
    if len(bots) > len(others):
        raise GameError(f"--bots: {len(bots)} bots for {len(others)} free seats")
    names = bots + ["random"] * (len(others) - len(bots))
    controllers: list[Agent | None] = [None] * players
    for seat, name in zip(others, names, strict=True):
        controllers[seat] = make_agent(name, game)
    return controllers


def run_play(args: argparse.Namespace) -> int:
    from sleuth.arena.session import GameSession
    from sleuth.core.records import check_seed

    try:
        game_type = find_game(args.game)
        players = args.players or game_type.min_players
        game = game_type.configure(players, **parse_options(args.option))
        bots = [b.strip() for b in args.bots.split(",") if b.strip()]
        controllers = build_controllers(game.name, players, args.seat or [0], bots)
        if args.seed is None:
            session = GameSession.start(game, controllers)
        else:
            session = GameSession(game, check_seed(args.seed), controllers)
    except GameError as error:
        print(f"sleuth play: {error}", file=sys.stderr)
        return 2
    try:
        from sleuth.tui.play_app import PlayApp
    except ModuleNotFoundError as error:
        session.close()
        print(
            f"sleuth play needs the terminal extra ({error.name} is missing): "
            "pip install -e '.[tui]'",
            file=sys.stderr,
        )
        return 2

    app = PlayApp(session, sheet=args.sheet, bot_delay=args.bot_delay, record_dir=args.record_dir)
    try:
        app.run()
    finally:
        session.close()
    for forfeit in session.forfeits:
        print(f"forfeit: {forfeit}")
    if session.outcome is not None:
        print(f"Game over ({session.outcome.reason}); scores {session.outcome.scores}")
        if app.saved:
            print(f"record: {app.saved}  (sleuth replay {app.saved})")
    else:
        # No seed: an unfinished game's deal stays as secret as it was during play.
        print(f"Game left unfinished after {len(session.steps)} steps.")
    return 0
