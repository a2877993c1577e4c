"""Each game's tutorial in the page: reached from the lobby in one click, played to its end by
clicks on the highlighted controls only, in English, German and Japanese, each step's texts
as the service gives them; a wrong click gets a hint and changes nothing."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

import httpx
import pytest

from .browser import DESKTOP, launch_browser
from .conftest import Server
from .test_web_languages import english_left, english_words_left, japanese_check_words, kit_texts

LANGUAGES = [("en-GB", "en"), ("de-DE", "de"), ("ja-JP", "ja")]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch_browser()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("web-tutorial")
    running = Server(f"sqlite:///{folder / 'sleuth.db'}", folder / "signing.key").start()
    yield running
    running.stop()


def games_with_tutorials(base: str, language: str) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    found = []
    for game in httpx.get(f"{base}/api/games").json()["games"]:
        if game["tutorial"]:
            answer = httpx.get(
                f"{base}/api/games/{game['name']}/tutorial", params={"lang": language}
            )
            assert answer.status_code == 200, answer.text
            found.append((game, answer.json()))
    return found


def wrong_click(page: Any) -> None:
    """A control of the board that is not the one asked for: a hint, and nothing moves."""
    other = page.locator(".board-host [data-key]:not(.tutorial-target)").first
    other.click()
    page.wait_for_selector(".tutorial-hint:not(:empty)")
    assert page.locator(".tutorial-page").get_attribute("data-step") == "0"
    assert page.locator(".tutorial-target").count() == 1


def no_english(
    page: Any, language: str, games: list[dict[str, Any]], name: str, where: str
) -> None:
    """In German or Japanese, nothing on the tutorial's page left in English (as the language
    test checks the lobby and the tables)."""
    if language == "en":
        return
    left = english_left(page, language, kit_texts(games))
    assert left == [], (name, where, left)
    found = english_words_left(page, japanese_check_words(language, games), kit_texts(games))
    assert found == [], (name, where, found)


def play_through(
    page: Any, script: dict[str, Any], check: Callable[[str], None] = lambda where: None
) -> int:
    """Every step, its texts checked, by clicks on the highlighted control; the clicks made."""
    clicks = 0
    for number, step in enumerate(script["steps"]):
        check(f"step {number}")
        coach = page.locator(".tutorial-coach")
        assert coach.locator("h2").inner_text() == step["title"]
        assert coach.locator(".tutorial-text").inner_text() == step["text"]
        for _ in step["keys"]:
            assert page.locator(".tutorial-page").get_attribute("data-step") == str(number)
            page.locator(".board-host .tutorial-target").click()
            clicks += 1
        page.wait_for_selector(f".tutorial-page[data-step='{number + 1}']")
    return clicks


@pytest.mark.parametrize(("locale", "language"), LANGUAGES)
def test_a_newcomer_plays_every_tutorial_from_the_lobby_by_clicks_only(
    browser: Any, server: Server, locale: str, language: str
) -> None:
    found = games_with_tutorials(server.http, language)
    assert len(found) >= 1
    english = {game["name"]: script for game, script in games_with_tutorials(server.http, "en")}
    for game, script in found:
        assert script["language"] == language
        # served in the page's language: every text of a German or Japanese script is its own
        same = script["welcome"] == english[game["name"]]["welcome"]
        assert same is (language == "en"), game["name"]
    context = browser.new_context(viewport=DESKTOP, locale=locale)
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda error: errors.append(str(error)))
        for game, script in found:
            page.goto(server.http + "/")
            page.click(f"a.learn-link[href='/learn/{game['name']}']")
            page.wait_for_selector(".tutorial-coach h2")
            assert page.evaluate("document.documentElement.lang") == language
            assert page.locator(".tutorial-welcome").inner_text() == script["welcome"]
            games = httpx.get(f"{server.http}/api/games").json()["games"]
            check = partial(no_english, page, language, games, game["name"])
            check("welcome")
            wrong_click(page)
            clicks = play_through(page, script, check)
            assert clicks == sum(len(step["keys"]) for step in script["steps"])
            page.wait_for_selector(".tutorial-page[data-done='true']")
            coach = page.locator(".tutorial-coach")
            assert coach.locator(".tutorial-text").inner_text() == script["finish"]
            assert coach.locator("a[href='/']").count() == 1
            assert page.locator(".history-list li").count() == len(script["end"]["log"])
            check("end")
    finally:
        context.close()
    assert errors == []


def test_a_game_without_a_tutorial_or_a_bad_language_is_refused(server: Server) -> None:
    assert httpx.get(f"{server.http}/api/games/no-such-game/tutorial").status_code == 404
    games = httpx.get(f"{server.http}/api/games").json()["games"]
    without = [g["name"] for g in games if not g["tutorial"]]
    for name in without:
        answer = httpx.get(f"{server.http}/api/games/{name}/tutorial")
        assert answer.status_code == 404
        assert answer.json()["detail"].endswith("has no tutorial")
    named = next(g["name"] for g in games if g["tutorial"])
    answer = httpx.get(f"{server.http}/api/games/{named}/tutorial", params={"lang": "xx"})
    assert answer.status_code == 422
