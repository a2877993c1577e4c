"""The account panel's e-mail section in Chromium, against a real SMTP server on loopback: a
signed-in person enters an address, the confirmation mail arrives and its link is opened,
they turn "game over" off and choose a daily mail at an hour, and the server's settings are
exactly that; a malformed address is refused in the person's words and changes nothing.
The section passes an accessibility scan in English and German, and in German and Japanese
shows no English string of the catalogue."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from .browser import DESKTOP, check_axe, launch_browser
from .conftest import Server
from .test_mail import MAIL_PASSWORD, MailBox, body, mail_flags
from .test_web_languages import english_left, kit_texts

pytestmark = pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")
PASSWORD = "correct horse battery"
ZONE = "Europe/Berlin"
GET_MAIL = """async () => (await fetch("/api/account/mail")).json()"""
FAILED_LOAD = "Failed to load resource"  # Chromium's line for each refused request


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch_browser()


@pytest.fixture(scope="module")
def mailbox() -> Iterator[MailBox]:
    box = MailBox()
    box.start()
    yield box
    box.stop()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, mailbox: MailBox) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("web-mail")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SLEUTH_SMTP_PASSWORD", MAIL_PASSWORD)
        running = Server(
            f"sqlite:///{folder / 'sleuth.db'}", folder / "signing.key", extra=mail_flags(mailbox)
        ).start()
    yield running
    running.stop()


def confirmation_link(box: MailBox) -> str:
    deadline = time.monotonic() + 60
    while not box.confirmations and time.monotonic() < deadline:
        time.sleep(0.1)
    assert len(box.confirmations) == 1
    found = re.search(r"http://\S+/mail/confirm/\S+", body(box.confirmations[0]))
    assert found is not None
    return found.group(0)


def open_mail_section(page: Any) -> None:
    # The header's button shows the account's name once its click opens the panel.
    page.wait_for_selector("#account:text-is('Ann')")
    page.wait_for_selector("#account:not(:empty)")  # set up by the page's script
    page.click("#account")
    page.wait_for_selector("#account-panel #mail-form")


def save(page: Any, address: str) -> None:
    page.fill("#mail-address", address)
    page.click("#mail-save")


def test_an_address_is_confirmed_and_its_choices_are_the_servers(
    browser: Any, server: Server, mailbox: MailBox
) -> None:
    context = browser.new_context(viewport=DESKTOP, locale="en-US", timezone_id=ZONE)
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.goto(server.http + "/")
        page.wait_for_selector("#account:text-is('Sign in')")
        page.wait_for_selector("#account:not(:empty)")  # set up by the page's script
        page.click("#account")
        page.fill("#sign-up-name", "Ann")
        page.fill("#sign-up-password", PASSWORD)
        with page.expect_navigation():
            page.click("#sign-up button[type=submit]")
        page.wait_for_selector("#account:text-is('Ann')")
        open_mail_section(page)
        assert page.inner_text("#mail-state") == "No mail: give an address to be told by e-mail."
        assert page.input_value("#mail-zone") == ZONE  # the browser's, by default
        check_axe(page, "the account panel's mail section")

        save(page, "ann example@x.org")
        page.wait_for_selector("#mail-error:not(:empty)")
        assert page.inner_text("#mail-error") == (
            "“ann example@x.org” is not an e-mail address: write one such as ann@example.org."
        )
        unchanged = page.evaluate(GET_MAIL)
        assert (unchanged["address"], unchanged["confirmed"]) == (None, False)
        assert mailbox.confirmations == []

        save(page, "ann@example.org")
        page.wait_for_selector("#mail-status:text-is('Mail settings saved.')")
        assert page.inner_text("#mail-state") == (
            "A confirmation link was sent to ann@example.org: open it, and the mails begin."
        )
        confirmer = context.new_page()
        answer = confirmer.goto(confirmation_link(mailbox))
        assert answer.status == 200
        assert confirmer.inner_text("p") == (
            "Address confirmed: Sleuth's notifications will be sent to ann@example.org."
        )
        confirmer.close()
        page.reload()
        open_mail_section(page)
        assert page.inner_text("#mail-state") == "Mails go to ann@example.org (confirmed)."
        checked = {
            k: page.is_checked(f"#mail-{k}")
            for k in ("your_move", "game_over", "invited", "clock_low")
        }
        assert checked == {
            "your_move": True,
            "game_over": True,
            "invited": False,
            "clock_low": False,
        }

        page.uncheck("#mail-game_over")
        page.check("#mail-daily")
        page.select_option("#mail-hour", "7")
        page.click("#mail-save")
        page.wait_for_selector("#mail-status:text-is('Mail settings saved.')")
        chosen = {
            "address": "ann@example.org", "language": "en", "your_move": True,
            "game_over": False, "invited": False, "clock_low": False, "failing": None,
            "sends_mail": True, "confirmed": True, "digest_hour": 7, "time_zone": ZONE,
        }  # fmt: skip
        assert page.evaluate(GET_MAIL) == chosen
        assert page.is_checked("#mail-daily") and page.input_value("#mail-hour") == "7"

        # A malformed address later: refused, and the confirmed one and its choices stay.
        save(page, "ann@@example.org")
        page.wait_for_selector("#mail-error:not(:empty)")
        assert page.inner_text("#mail-error") == (
            "“ann@@example.org” is not an e-mail address: write one such as ann@example.org."
        )
        assert page.evaluate(GET_MAIL) == chosen
        assert len(mailbox.confirmations) == 1

        games = httpx.get(f"{server.http}/api/games").json()["games"]
        with page.expect_navigation():
            page.select_option("#language", "de")
        open_mail_section(page)
        assert page.inner_text("#mail-state") == "E-Mails gehen an ann@example.org (bestätigt)."
        check_axe(page, "the account panel's mail section, in German")
        assert english_left(page, "de", kit_texts(games)) == []
        save(page, "ann@")
        page.wait_for_selector("#mail-error:not(:empty)")
        assert page.inner_text("#mail-error") == (
            "„ann@“ ist keine E-Mail-Adresse: Gib eine an wie ann@example.org."
        )
        assert english_left(page, "de", kit_texts(games)) == []
        page.keyboard.press("Escape")  # the panel is a modal dialog: closed to pick a language
        with page.expect_navigation():
            page.select_option("#language", "ja")
        open_mail_section(page)
        assert page.inner_text("#mail-state") == "メールは ann@example.org に届きます（確認済み）。"
        assert english_left(page, "ja", kit_texts(games)) == []
        assert page.evaluate(GET_MAIL) == chosen
        page.click("#mail-remove")
        page.wait_for_selector(
            "#mail-status:text-is('アドレスを削除しました。今後メールは届きません。')"
        )
        removed = page.evaluate(GET_MAIL)
        assert (removed["address"], removed["confirmed"], removed["digest_hour"]) == (
            None,
            False,
            None,
        )
        assert [e for e in errors if not e.startswith(FAILED_LOAD)] == []
    finally:
        context.close()
