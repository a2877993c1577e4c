"""Rewrite the page's test samples: python scripts/web_samples.py

For every kit with a part of the page, one seeded game between random bots, as the page gets
it: a seat's view and legal actions a third of the way in (as a state frame carries them),
the public log of every step (its public events too), and the end (the view, the outcome,
the reveal), written beside the game's tests: ``tests/games/<package>/web/sample.json``. The
page's unit tests (tests/web/games.test.js, run by ``node --test``) draw and tell them;
tests/test_web_samples.py checks that these files are what the code makes today, so a changed
view shows up there.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sleuth.agents import RandomAgent
from sleuth.arena import play_match
from sleuth.core import all_kits, make_game
from sleuth.core.kit import WEB, WebPart
from sleuth.core.serialize import to_json
from sleuth.server.live import encode_legal, log_entry

ROOT = Path(__file__).resolve().parent.parent
GAMES_TESTS = ROOT / "tests" / "games"
SAMPLE = "web/sample.json"
SEED = 20261204


def sample(name: str, players: int) -> dict[str, Any]:
    game = make_game(name, players)
    bots = [RandomAgent(interrupt_rate=0.02) for _ in range(players)]
    steps = play_match(game, bots, SEED, bot_seeds=[SEED + seat for seat in range(players)]).steps
    middle = len(steps) // 3
    state = game.new(SEED)
    log: list[list[Any]] = []
    mid: dict[str, Any] = {}
    for number, step in enumerate(steps):
        if number == middle:
            mover = state.to_move()
            seat = min(state.actors()) if mover is None else mover
            mid = {
                "seat": seat,
                "step": number,
                "view": state.view(seat).to_json(),
                "legal": encode_legal(state.legal_actions(seat)),
            }
        action = game.parse_action(step.action)
        public = state.public_action(step.seat, action)
        state = state.apply(step.seat, action)
        log.append(log_entry(step.seat, public, state.last_result(), state))
    end = {
        "view": state.view(0).to_json(),
        "outcome": to_json(state.outcome),
        "reveal": dict(state.reveal()),
    }
    return {"game": name, "players": players, "mid": mid, "log": log, "end": end}


def package_of(module: str) -> str:
    """The game's package: ``<package>`` for ``sleuth.games.<package>``, else the top one
    (as tests/support/game_cases.py has it)."""
    parts = module.split(".")
    return parts[2] if parts[:2] == ["sleuth", "games"] else parts[0]


def samples() -> dict[Path, dict[str, Any]]:
    """Each game's sample, by the file it is written to."""
    out: dict[Path, dict[str, Any]] = {}
    for kit in all_kits():
        if not kit.has(WEB):
            continue
        part = kit.part(WEB, WebPart)
        low, high = kit.game.min_players, kit.game.max_players
        entry = sample(kit.name, max(low, min(3, high)))
        entry["script"] = (part.folder / part.script).relative_to(ROOT).as_posix()
        out[GAMES_TESTS / package_of(kit.game.__module__) / SAMPLE] = entry
    return out


def texts() -> dict[Path, str]:
    """Each sample file's text."""
    return {
        path: json.dumps(entry, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
        for path, entry in samples().items()
    }


def main() -> None:
    for path, text in texts().items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
