"""Write SVG screenshots of the play app for every game at 80x24 and 160x50 into docs/.

Each game with pictures (``FrontCases.screenshots`` in its tests' cases: their file name,
players, seed, moves) is played a few steps in (by bots and by the seat at the keyboard through the
keys), so the pictures show a table, a history and a sheet. Run:
    PYTHONPATH=src python scripts/screenshots.py [docs]
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # the games' cases
sys.path.insert(0, str(Path(__file__).resolve().parent))

from picture_folder import picture_folder

from sleuth.agents import RandomAgent
from sleuth.arena.session import GameSession
from sleuth.core import all_kits, make_game
from sleuth.tui.play_app import PlayApp
from support.game_cases import cases_of


def games() -> list[tuple[str, str, int, dict[str, str], int, int]]:
    """(file name, game, players, options, seed, moves of seat 0 before the picture) of each
    game whose cases ask for pictures."""
    found = []
    for kit in all_kits():
        shots = cases_of(kit).fronts.screenshots
        if shots is not None:
            found.append((shots.name, kit.name, shots.players, {}, shots.seed, shots.moves))
    return found


SIZES = ((80, 24), (160, 50))


async def picture(
    name: str,
    game_name: str,
    players: int,
    options: dict[str, str],
    seed: int,
    moves: int,
    size: tuple[int, int],
    folder: Path,
) -> Path:
    game = make_game(game_name, players, **options)
    bots = [RandomAgent(0.0) for _ in range(players - 1)]
    session = GameSession(game, seed, [None, *bots])
    app = PlayApp(session, sheet="full" if size[0] > 100 else "facts", bot_delay=0.0)
    async with app.run_test(size=size) as pilot:
        played = 0
        for _ in range(400):
            await pilot.pause()
            if session.outcome is not None or played >= moves:
                break
            if session.waiting_for_human() == 0:
                app.query_one("#actions").focus()
                await pilot.press("enter")
                played += 1
        await pilot.pause()
        path = folder / f"play-{name}-{size[0]}x{size[1]}.svg"
        path.write_text(app.export_screenshot(title=f"sleuth play {game_name}"), encoding="utf-8")
    return path


async def main(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for entry in games():
        for size in SIZES:
            print(await picture(*entry, size=size, folder=folder))


if __name__ == "__main__":
    asyncio.run(main(picture_folder(__doc__.splitlines()[0], Path("docs"))))
