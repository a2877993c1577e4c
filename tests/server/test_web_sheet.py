"""The sheet drawn and the review in plain words, in the browser (issue #35): for each game
whose kit gives its sheet as data, a person and bots play to the end by clicks. Mid-game the
sheet is a grid drawn from the seat's own sheet frame (each square certain, certainly not,
shaded or open, as the frame's data has it) under the lines that matter, not a printed text;
after the end it shows the revealed solution and no odds; the review tells its key moments in
words, its bits folded away, its chart with labelled axes; axe finds nothing serious."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from sleuth.core import all_kits, find_kit
from sleuth.core.kit import RENDER, TextRender
from support.game_cases import cases_of

from .browser import DESKTOP, Player, check_axe, launch_browser, open_context
from .conftest import Server
from .web_play import STRATEGIES, deal

MAX_STEPS = 600


def drawn_games() -> list[tuple[str, int]]:
    """Each game whose sheet comes as data, with the step its browser game accuses from."""
    games = []
    for kit in all_kits():
        browser = cases_of(kit).fronts.browser
        if kit.has(RENDER) and kit.part(RENDER, TextRender).sheet_data and browser is not None:
            games.append((kit.name, browser.shot_step))
    return games


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch_browser()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("web-sheet")
    running = Server(f"sqlite:///{folder / 'sleuth.db'}", folder / "signing.key").start()
    yield running
    running.stop()


def sheet_frame(player: Player, step: int) -> dict[str, Any] | None:
    """The seat's sheet of ``step`` as it came (in a sheet frame or a state frame), as
    ``{"data": ...}`` (its data may be null), or ``None`` while none has come."""
    for text in reversed(player.recorder.frames):
        frame = json.loads(text)
        if frame.get("step") != step or frame.get("table") != player.table:
            continue
        if frame.get("type") == "sheet":
            return {"data": frame["data"]}
        if frame.get("type") == "state" and frame.get("sheet") is not None:
            return {"data": frame["sheet_data"]}
    return None


def sheet_of(player: Player, step: int) -> dict[str, Any] | None:
    """The sheet data the seat received for ``step``, if any."""
    came = sheet_frame(player, step)
    return None if came is None or not came["data"] else dict(came["data"])


def square_class(p: float | None) -> str:
    if p is None:
        return "sheet-open"
    return "sheet-yes" if p >= 1 else "sheet-no" if p <= 0 else "sheet-odds"


def english_list(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def first_line(data: dict[str, Any], card: Callable[[str], str] = str) -> str:
    """The sheet's first line, each card named by ``card`` (the game's words for its id)."""
    if data["truth"]:
        return f"The game is over. The solution was {' · '.join(map(card, data['truth']))}."
    if data["possible"] == 1:
        cards = " · ".join(map(card, data["likeliest"][0]["cards"]))
        return f"Solved: the solution is {cards}. You can name it now."
    if data["certain"]:
        return f"Certainly in the solution: {english_list([card(c) for c in data['certain']])}."
    return "Nothing in the solution is certain yet."


def check_drawn(player: Player, data: dict[str, Any], game: str) -> None:
    """The sheet tab as drawn: the lines, then a grid square for square as the data has it,
    the game's own places in words."""
    page = player.page
    panel = page.locator("#panel-sheet")
    panel.locator("table.sheet-grid").wait_for()
    assert panel.locator("pre.sheet-text").count() == 0
    browser = cases_of(find_kit(game)).fronts.browser
    card = browser.sheet_card if browser is not None else str
    assert panel.locator(".sheet-lines p").first.inner_text() == first_line(data, card)
    places = panel.locator("thead .sheet-place").all_inner_texts()
    assert len(places) == len(data["columns"])
    words = browser.sheet_places if browser is not None else {}
    assert [p for p, c in zip(places, data["columns"], strict=True) if c[0] != "s"] == [
        words.get(c, c) for c in data["columns"] if c[0] != "s"
    ]
    rows = panel.locator("tbody th").all_inner_texts()
    assert rows == [card(r) for r in data["rows"]]
    shown = page.evaluate(
        """() => [...document.querySelectorAll('#panel-sheet tbody tr')]
                 .map((tr) => [...tr.querySelectorAll('td')].map((td) => td.className))"""
    )
    assert shown == [[square_class(p) for p in row] for row in data["cells"]]


def play_to_the_end(ana: Player, game: str, shot_at: int) -> dict[str, Any]:
    """Clicks until the game is over; on the way, the drawn sheet of a step with odds is
    checked once. Returns the sheet data checked mid-game."""
    rng = random.Random(f"{game}'s sheet")
    plan: dict[str, Any] = {"accuse_at_0": shot_at + 2, "accuse_at_1": shot_at + 4}
    checked: dict[str, Any] = {}
    while True:
        frame = ana.drawn()
        if frame["status"] == "finished":
            return checked
        assert frame["step"] < MAX_STEPS, "the game does not end"
        to_move = frame["to_move"] == ana.seat and ana.seat in frame["actors"]
        data = None
        if to_move and not checked:
            step = frame["step"]
            ana.wait(lambda: sheet_frame(ana, step), 60, "the sheet of the step")  # noqa: B023
            data = sheet_of(ana, step)
        if data and data["possible"] and data["possible"] > 1:
            check_drawn(ana, data, game)
            assert ana.page.locator("#panel-sheet .sheet-odds").count() > 0
            check_axe(ana.page, f"a {game} table with its sheet drawn")
            checked = data
        clicks = STRATEGIES[game](ana, frame, rng, plan)
        if clicks:
            try:
                ana.act(clicks)
            except PlaywrightTimeout:
                # Its clicks were read from a frame the table has since moved past (the
                # page redrew its buttons): read it again. A button missing at the step it
                # was read for is a failure still.
                if ana.state()["step"] == frame["step"]:
                    raise
        else:
            ana.page.wait_for_timeout(60)


def check_review(ana: Player, game: str) -> None:
    page = ana.page
    page.click("#review-show")
    page.wait_for_selector(".review-body .review-curve", timeout=60_000)
    body = page.locator(".review-body")
    assert body.locator("h4").inner_text() == "Key moments"
    words = body.locator(".review-moments li").all_inner_texts()
    plain = [p for p in body.locator(":scope > p").all_inner_texts()]
    for line in [*words, *plain]:
        assert "bits" not in line and "->" not in line, line
    assert all(line.startswith(("Move ", "Ana")) for line in words), words
    titles = body.locator(".review-curve .review-axis-title").all_text_contents()
    assert titles == ["Move", "Chance of the truth"]
    ticks = body.locator(".review-curve .review-tick").all_text_contents()
    assert ticks[:3] == ["0%", "50%", "100%"] and ticks[3] == "0"
    fold = body.locator("details.review-details")
    assert fold.get_attribute("open") is None
    assert not fold.locator(".review-notes").is_visible()
    fold.locator("summary").click()
    assert fold.locator(".review-notes").is_visible()
    check_axe(page, f"a {game} table's review")


@pytest.mark.parametrize(("game", "shot_at"), drawn_games())
def test_the_sheet_is_drawn_and_after_the_end_shows_the_truth(
    browser: Any, server: Server, game: str, shot_at: int
) -> None:
    ana = Player("Ana", *open_context(browser, DESKTOP))
    deal(ana, server.http, game, ["me", "bot:basic", "bot:basic"], sheet="full")
    checked = play_to_the_end(ana, game, shot_at)
    assert checked, f"{game}: no step of the game had odds to draw"
    last = ana.state()["step"]
    final = ana.wait(lambda: sheet_of(ana, last), 60, "the sheet of the last step")
    assert final["truth"], final
    check_drawn(ana, final, game)
    assert ana.page.locator("#panel-sheet .sheet-odds").count() == 0
    assert ana.page.locator("#panel-sheet .sheet-question").count() == 0
    check_review(ana, game)
    assert ana.recorder.errors == [], ana.recorder.errors
    ana.context.close()
