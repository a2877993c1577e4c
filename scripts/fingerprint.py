"""A fingerprint of seeded random games: one hash per player count of everything they show.

    python scripts/fingerprint.py GAME [--games N] [--option NAME=VALUE ...]

Speed work must change no behaviour: run this before a change and after it, and compare.
Each step hashes the seat, every ordinary legal action's text, the drastic actions' count
and every 97th of them, the action taken, the actors, the public and private results,
every seat's and the spectator's view as JSON; each game, its outcome. The games are the
random bot's (a drastic action one time in twenty), seeded by their number, at the game's
smallest, middle and largest table.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from sleuth.agents.random_agent import split_drastic
from sleuth.core import find_game


def fingerprint(game_name: str, players: int, games: int, options: dict[str, str]) -> str:
    game = find_game(game_name).configure(players, **options)
    digest = hashlib.sha256()
    for number in range(games):
        rng = random.Random(number)
        state = game.new(number)
        while state.outcome is None:
            seat = state.to_move()
            if seat is None:
                raise RuntimeError("a game that is not over waits on nobody")
            legal = state.legal_actions(seat)
            ordinary, drastic = split_drastic(legal)
            rare = bool(len(ordinary) and len(drastic)) and rng.random() < 0.05
            pool = drastic if not len(ordinary) or rare else ordinary
            action = pool[rng.randrange(len(pool))]
            sampled = [str(drastic[i]) for i in range(0, len(drastic), 97)]
            shown = (seat, len(legal), [str(a) for a in ordinary], len(drastic), sampled)
            digest.update(repr((*shown, str(action), sorted(state.actors()))).encode())
            state = state.apply(seat, action)
            digest.update(state.last_result().encode())
            digest.update(state.private_result().encode())
            for viewer in [None, *range(players)]:
                digest.update(json.dumps(state.view(viewer).to_json(), sort_keys=True).encode())
        digest.update(repr(state.outcome).encode())
    return digest.hexdigest()[:16]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=25)
    parser.add_argument("--option", action="append", default=[], help="NAME=VALUE")
    args = parser.parse_args(argv)
    kind = find_game(args.game)
    options = dict(option.split("=", 1) for option in args.option)
    middle = (kind.min_players + kind.max_players) // 2
    for players in sorted({kind.min_players, middle, kind.max_players}):
        found = fingerprint(args.game, players, args.games, options)
        print(args.game, players, *args.option, found)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
