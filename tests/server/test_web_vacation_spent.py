"""The account panel once the year's vacation days are spent (issue #35): it says so in the
page's language and offers no vacation to start (no field, no button); while days are left,
its field and label offer no more than are left. Debian's Chromium, a server allowing one
vacation day a year."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .browser import DESKTOP, check_axe, launch_browser, open_context
from .conftest import Server

PASSWORD = "correct horse battery"
SPENT = {
    "en": (
        "Vacation days left: 0 (at most 1 in any 365 days)",
        "No vacation days are left now: days come free again 365 days after the vacation "
        "that took them.",
    ),
    "de": (
        "Verbleibende Urlaubstage: 0 (höchstens 1 in je 365 Tagen)",
        "Es sind keine Urlaubstage mehr übrig: Tage werden 365 Tage nach dem Urlaub, der sie "
        "verbraucht hat, wieder frei.",
    ),
    "ja": (
        "残りの休暇日数：0日（365日間で最大1日）",
        "残りの休暇日数はありません：休暇で使った日数は、その休暇から365日後にまた使えるように"
        "なります。",
    ),
}


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch_browser()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("web-vacation-spent")
    running = Server(
        f"sqlite:///{folder / 'sleuth.db'}",
        folder / "signing.key",
        extra=("--vacation-days-a-year", "1"),
    ).start()
    yield running
    running.stop()


def open_panel(page: Any) -> None:
    page.wait_for_selector("#account:not(:empty)")  # set up by the page's script
    page.click("#account")
    page.locator("#vacation-left").wait_for()


def test_spent_vacation_days_are_said_and_none_is_offered(browser: Any, server: Server) -> None:
    context, recorder = open_context(browser, DESKTOP)
    made = context.request.post(
        f"{server.http}/api/account", data={"name": "Bob", "password": PASSWORD}
    )
    assert made.status == 201, made.text()
    page = context.new_page()
    page.goto(f"{server.http}/")
    open_panel(page)
    # One day left: the field offers that one, and its label says so.
    assert page.inner_text("#vacation-left") == SPENT["en"][0].replace("0", "1", 1)
    assert page.inner_text("label[for=vacation-days]") == "Days (1)"
    assert page.get_attribute("#vacation-days", "max") == "1"
    page.click("#vacation-start")
    page.click("#vacation-end")  # shown once the vacation is under way
    page.locator("#vacation-none").wait_for()
    for language, (left, none) in SPENT.items():
        if language != "en":
            page.keyboard.press("Escape")  # the panel is a modal dialog
            with page.expect_navigation():
                page.select_option("#language", language)
            open_panel(page)
        assert (page.inner_text("#vacation-left"), page.inner_text("#vacation-none")) == (
            left,
            none,
        )
        assert page.locator("#vacation-start, #vacation-days").count() == 0
    check_axe(page, "the account panel with no vacation days left, in Japanese")
    assert recorder.errors == []
    context.close()
