"""Write README's pictures of the page in German and Japanese into docs/images/.

Each game whose cases ask for them (``FrontCases.language_shots``: its file name, language
and moves) is dealt in the lobby of a fresh ``sleuth serve`` by a browser that speaks the
language (its Accept-Language), me against bots at its fewest players; a few of my moves are
played by clicks on what the page offers, so that the table has a history; then the table
is taken on a desktop (1280x800) and, the same seat opened on a phone (390x844, touch), on
a phone. Needs Debian's Chromium (/usr/bin/chromium), Playwright and, for Japanese, a
Japanese font (Debian's fonts-noto-cjk; without one Chromium draws empty boxes). Run:
    PYTHONPATH=src python scripts/page_screenshots.py [docs/images]
"""

from __future__ import annotations

import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # the games' cases
sys.path.insert(0, str(Path(__file__).resolve().parent))

from picture_folder import picture_folder, require_font_for

from sleuth.core import all_kits
from support.game_cases import LanguageShots, cases_of

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
BROWSER_ARGS = [
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
LOCALES = {"de": "de-DE", "ja": "ja-JP"}

# The page's own markers (as the browser tests read them): a move button or a pickable card
# of the game's part, my turn (or the end), and a step drawn past the one seen.
MOVES = '.board-host button[data-action]:not([disabled]):not([data-action=""])'
PICKS = '.board-host button.pick.usable:not([aria-pressed="true"])'
MY_TURN = '.prompt:not([hidden]), .table-page[data-status="finished"]'
SHEET_DRAWN = ".sheet-drawn, .sheet-text"
STEP_CHANGED = """(step) => document.querySelector(".table-page").dataset.step !== step"""


def wanted() -> list[tuple[str, LanguageShots]]:
    """(game, its pictures) of each game whose cases ask for pictures in a language."""
    found = []
    for kit in all_kits():
        shots = cases_of(kit).fronts.language_shots
        if shots is not None:
            found.append((kit.name, shots))
    return found


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def serving(folder: Path) -> Iterator[str]:
    """A ``sleuth serve`` of this checkout on a free loopback port, its bots at once; its
    address, until the block ends."""
    port = free_port()
    command = [
        *(sys.executable, "-m", "sleuth.cli.main", "serve", "--port", str(port)),
        *("--db", f"sqlite:///{folder / 'sleuth.db'}", "--key", str(folder / "signing.key")),
        *("--workers", "1", "--bot-delay", "0"),
    ]
    log = folder / "server.log"
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    with log.open("wb") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env)
    address = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while not answers(address):
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"sleuth serve did not start:\n{log.read_text()}")
            time.sleep(0.2)
        yield address
    finally:
        process.terminate()
        process.wait(20)


def answers(address: str) -> bool:
    try:
        return httpx.get(f"{address}/api/games", timeout=2).status_code == 200
    except httpx.HTTPError:
        return False


def deal(page: Any, game: dict[str, Any]) -> None:
    """In the lobby, by its controls' ids only: the game, me and the first bot level at the
    other seats of its fewest players; deal, sit down, go to the table."""
    page.click(f"label[for=game-{game['name']}]")
    page.fill("#players", str(game["min_players"]))
    page.press("#players", "Tab")
    page.select_option("#seat-0", "me")
    for seat in range(1, game["min_players"]):
        page.select_option(f"#seat-{seat}", f"bot:{game['bot_levels'][0]['name']}")
    page.click("#deal")
    page.wait_for_selector("#ask-name, #go-table")
    if page.locator("#ask-name").count():
        page.fill("#ask-name", "Ana")
        page.press("#ask-name", "Enter")
    page.wait_for_selector("#go-table")
    page.click("#go-table")
    page.wait_for_selector(".board-host > *")


def play(page: Any, moves: int, rng: random.Random) -> None:
    """Up to ``moves`` moves of mine by clicks: a pickable card at random until a move is
    offered, then one of those; after each, wait for the bots to hand the turn back."""
    for _ in range(moves):
        page.wait_for_selector(MY_TURN, timeout=60_000)
        if page.get_attribute(".table-page", "data-status") == "finished":
            return
        step = page.get_attribute(".table-page", "data-step")
        for _ in range(60):
            page.wait_for_selector(f"{MOVES}, {PICKS}", timeout=20_000)
            is_move = page.locator(MOVES).count() > 0
            buttons = page.locator(MOVES if is_move else PICKS)
            buttons.nth(rng.randrange(buttons.count())).click()
            if is_move or page.get_attribute(".table-page", "data-step") != step:
                break
        page.wait_for_function(STEP_CHANGED, arg=step, timeout=20_000)
    page.wait_for_selector(MY_TURN, timeout=60_000)


def shoot(page: Any, path: Path) -> Path:
    """The window once the sheet of the step is worked out, scrolled to the top, no control
    focused (no focus ring)."""
    page.wait_for_selector(SHEET_DRAWN, state="attached", timeout=60_000)
    page.evaluate("window.scrollTo(0, 0)")
    page.evaluate("document.activeElement && document.activeElement.blur()")
    page.wait_for_timeout(300)
    page.screenshot(path=str(path))
    return path


def pictures(
    browser: Any, address: str, game: dict[str, Any], shots: LanguageShots, folder: Path
) -> list[Path]:
    locale = LOCALES[shots.language]
    desktop = browser.new_context(viewport=DESKTOP, locale=locale)
    try:
        page = desktop.new_page()
        page.goto(address + "/")
        page.wait_for_selector("#new-table")
        deal(page, game)
        play(page, shots.moves, random.Random(f"{shots.name}-{shots.language}"))
        stem = f"{shots.name}-{shots.language}"
        made = [shoot(page, folder / f"{stem}-desktop.png")]
        # The same seat on a phone: the desktop's cookies and storage hold who I am.
        phone = browser.new_context(
            viewport=PHONE,
            locale=locale,
            is_mobile=True,
            has_touch=True,
            storage_state=desktop.storage_state(),
        )
        try:
            small = phone.new_page()
            small.goto(page.url)
            small.wait_for_selector(".board-host > *")
            small.wait_for_selector(MY_TURN, timeout=60_000)
            made.append(shoot(small, folder / f"{stem}-phone.png"))
        finally:
            phone.close()
        return made
    finally:
        desktop.close()


def main(folder: Path) -> list[Path]:
    from playwright.sync_api import sync_playwright

    folder.mkdir(parents=True, exist_ok=True)
    made: list[Path] = []
    with (
        tempfile.TemporaryDirectory(prefix="sleuth-shots-") as scratch,
        serving(Path(scratch)) as address,
        sync_playwright() as playwright,
    ):
        listed = httpx.get(f"{address}/api/games").json()["games"]
        games = {game["name"]: game for game in listed}
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS)
        try:
            for name, shots in wanted():
                made += pictures(browser, address, games[name], shots, folder)
        finally:
            browser.close()
    return made


if __name__ == "__main__":
    chosen = picture_folder(__doc__.splitlines()[0], ROOT / "docs" / "images")
    if any(shots.language == "ja" for _, shots in wanted()):
        require_font_for("ja", "fonts-noto-cjk")
    for path in main(chosen):
        print(path, path.stat().st_size)
