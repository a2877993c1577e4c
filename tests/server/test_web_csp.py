"""The page under its Content-Security-Policy, in Chromium: the lobby and a game's table draw
(the game's module found through the import map) with no violation reported and no console
error, while an inline script put into the page is refused: the policy is in force."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from support.game_cases import cases_of, kit_for

from .browser import DESKTOP, Player, launch_browser, open_context
from .conftest import Server
from .web_play import deal

# The table dealt where any game would do (its cases: ``FrontCases.example``).
EXAMPLE = kit_for(lambda cases: cases.fronts.example)

# Every violation the page reports, recorded before any of the page's own scripts run (an
# init script comes through the DevTools protocol, which the policy does not govern).
RECORD_VIOLATIONS = """
window.violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.violations.push(`${event.violatedDirective} ${event.blockedURI || "inline"}`);
});
"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch_browser()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("web-csp")
    running = Server(f"sqlite:///{folder / 'sleuth.db'}", folder / "signing.key").start()
    yield running
    running.stop()


def violations(page: Any) -> list[str]:
    found: list[str] = page.evaluate("window.violations")
    return found


def test_the_page_draws_under_its_policy_and_the_policy_holds(browser: Any, server: Server) -> None:
    context, recorder = open_context(browser, DESKTOP)
    context.add_init_script(RECORD_VIOLATIONS)
    ana = Player("Ana", context, recorder)
    page = context.new_page()
    response = page.goto(server.http + "/")
    policy = response.headers["content-security-policy"]
    assert "script-src 'self' 'sha256-" in policy and "unsafe-inline" not in policy
    page.wait_for_selector("#new-table")
    assert violations(page) == []

    # A game's table: its module imports the kit by the import map's bare name.
    deal(ana, server.http, EXAMPLE.name, ["me", "bot:basic", "bot:basic"])
    table = ana.page
    ana.drawn()
    board = cases_of(EXAMPLE).fronts.board_class
    assert board is not None, f"{EXAMPLE.name}'s cases give no board_class"
    assert table.locator(f".board-host .{board}").count() == 1, "the game's own table is drawn"
    assert violations(table) == []
    assert recorder.errors == [], recorder.errors

    # An inline script is refused, and the refusal is seen: the checks above can fail.
    table.evaluate(
        """() => {
        const script = document.createElement("script");
        script.textContent = "window.injected = true";
        document.body.append(script);
        }"""
    )
    table.wait_for_function("window.violations.length > 0")
    assert table.evaluate("window.injected") is None
    assert violations(table) == ["script-src-elem inline"]
    context.close()
