"""The page's account panel in Chromium: a guest with a table signs up in one browser (a
laptop), signs in to the same account in another (a phone), and both list the same table;
the phone sees both browsers signed in, adds a chat service's URL (a URL of no service is
refused with its reason), and signs itself out, back to nobody. The panel passes an
accessibility scan, and no console error shows anywhere."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from support.game_cases import kit_for

from .browser import DESKTOP, PHONE, Player, check_axe, launch_browser, open_context
from .conftest import Server

EXAMPLE = kit_for(lambda cases: cases.fronts.example).name
PASSWORD = "correct horse battery"
SAME_ORIGIN_POST = """async ([path, body]) => {
  const answer = await fetch(path, {method: "POST", headers: {"content-type": "application/json"},
    body: JSON.stringify(body)});
  return await answer.json();
}"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch_browser()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("web-account")
    running = Server(f"sqlite:///{folder / 'sleuth.db'}", folder / "signing.key").start()
    yield running
    running.stop()


def my_table_links(page: Any) -> list[str]:
    page.wait_for_selector("#my-tables ul.table-list, #my-tables p")
    links: list[str] = page.eval_on_selector_all(
        "#my-tables li.table-item > a", "links => links.map(a => a.getAttribute('href'))"
    )
    return links


def open_account(page: Any) -> None:
    # The button is named once the page's script has set it up: a click before does nothing.
    page.wait_for_selector("#account:not(:empty)")
    page.click("#account")


def fill_credentials(page: Any, form: str, name: str) -> None:
    open_account(page)
    page.wait_for_selector(f"#{form}")
    page.fill(f"#{form}-name", name)
    page.fill(f"#{form}-password", PASSWORD)
    with page.expect_navigation():
        page.click(f"#{form} button[type=submit]")
    page.wait_for_selector("#account:text-is('Ana')")


def add_hooks(page: Any) -> None:
    """A URL of no service refused with its reason, then a Discord hook added and listed
    with its token masked."""
    page.fill("#hook-url", "nosuchservice://x")
    page.click("#hook-add button[type=submit]")
    page.wait_for_selector("#hooks-status:not(:empty)")
    assert page.text_content("#hooks-status") == (
        "nosuchservice:// is not a service this server posts to (it posts to discord://, json://, "
        "jsons://, matrix://, matrixs://, ntfy://, ntfys://, slack://, tgram://)"
    )
    page.fill("#hook-url", "discord://1234/secret-token")
    page.click("#hook-add button[type=submit]")
    page.wait_for_selector("li.hook code")
    assert page.eval_on_selector_all("li.hook code", "codes => codes.map(c => c.textContent)") == [
        "discord://1...4/s...n/"
    ]


def test_two_browsers_of_one_account_see_the_same_tables(browser: Any, server: Server) -> None:
    laptop = Player("Ana", *open_context(browser, DESKTOP))
    phone = Player("Ana", *open_context(browser, PHONE))
    page = laptop.open(server.http + "/")
    page.wait_for_selector("#account:text-is('Sign in')")
    page.evaluate(SAME_ORIGIN_POST, ["/api/people", {"name": "Ana"}])
    seats = [{"kind": "person"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]
    made = page.evaluate(
        SAME_ORIGIN_POST, ["/api/tables", {"game": EXAMPLE, "players": 3, "sit": 0, "seats": seats}]
    )
    table = made["table"]["id"]
    page.reload()
    assert my_table_links(page) == [f"/t/{table}"]

    open_account(page)
    page.wait_for_selector("#account-panel #sign-up")
    check_axe(page, "the account panel of a guest")
    page.click("#account-panel button:text('Close')")
    fill_credentials(page, "sign-up", "Ana")
    assert my_table_links(page) == [f"/t/{table}"]  # the guest's table is the account's

    other = phone.open(server.http + "/")
    assert my_table_links(other) == []
    fill_credentials(other, "sign-in", "ana")
    assert my_table_links(other) == [f"/t/{table}"]

    open_account(other)
    other.wait_for_selector("#account-devices li.device")
    add_hooks(other)
    check_axe(other, "the account panel, signed in")
    devices = other.eval_on_selector_all(
        "#account-devices li.device small", "items => items.map(i => i.textContent)"
    )
    assert len(devices) == 2
    assert devices[0].startswith("since ")
    assert devices[1].startswith("this browser, since ")
    with other.expect_navigation():
        other.click("#sign-out")
    other.wait_for_selector("#account:text-is('Sign in')")
    assert my_table_links(other) == []
    page.reload()
    assert my_table_links(page) == [f"/t/{table}"]  # the laptop is still signed in
    assert laptop.recorder.errors == []
    # The browser's own line for the refused URL's answer, and nothing else.
    assert phone.recorder.errors == [
        "console error: Failed to load resource: the server responded with a status of 400 "
        "(Bad Request)"
    ]
    laptop.context.close()
    phone.context.close()


AUTHENTICATOR = {
    "protocol": "ctap2",
    "transport": "internal",
    "hasResidentKey": True,
    "hasUserVerification": True,
    "isUserVerified": True,
    "automaticPresenceSimulation": True,
}


def virtual_authenticator(context: Any, page: Any) -> tuple[Any, str]:
    """Chromium's virtual authenticator (the DevTools WebAuthn domain) on ``page``."""
    devtools = context.new_cdp_session(page)
    devtools.send("WebAuthn.enable")
    added = devtools.send("WebAuthn.addVirtualAuthenticator", {"options": AUTHENTICATOR})
    return devtools, added["authenticatorId"]


def test_a_passkey_signs_in_on_this_browser_and_on_another_that_has_it(
    browser: Any, server: Server
) -> None:
    # A passkey's relying party is a host name, not an address: the page at localhost.
    base = server.http.replace("127.0.0.1", "localhost")
    laptop = Player("Bea", *open_context(browser, DESKTOP))
    page = laptop.open(base + "/")
    devtools, authenticator = virtual_authenticator(laptop.context, page)
    page.wait_for_selector("#account:text-is('Sign in')")
    open_account(page)
    page.fill("#sign-up-name", "Bea")
    page.fill("#sign-up-password", PASSWORD)
    with page.expect_navigation():
        page.click("#sign-up button[type=submit]")
    page.wait_for_selector("#account:text-is('Bea')")
    made = page.evaluate(
        SAME_ORIGIN_POST,
        [
            "/api/tables",
            {"game": EXAMPLE, "players": 3, "sit": 0, "seats": [{"kind": "person"}] * 3},
        ],
    )
    table = made["table"]["id"]

    open_account(page)
    page.click("#passkey-add")
    page.wait_for_selector(
        "#passkey-status:text-is('Passkey added: sign in with it on any device that has it.')"
    )
    with page.expect_navigation():
        page.click("#sign-out")
    page.wait_for_selector("#account:text-is('Sign in')")
    open_account(page)
    with page.expect_navigation():
        page.click("#passkey-sign-in")
    page.wait_for_selector("#account:text-is('Bea')")
    assert my_table_links(page) == [f"/t/{table}"]
    stored = devtools.send("WebAuthn.getCredentials", {"authenticatorId": authenticator})
    assert [c["signCount"] for c in stored["credentials"]] == [2]  # made, then used once

    # The passkey synced to a phone (copied into its authenticator): it signs in there too.
    phone = Player("Bea", *open_context(browser, PHONE))
    other = phone.open(base + "/")
    phone_tools, phone_authenticator = virtual_authenticator(phone.context, other)
    phone_tools.send(
        "WebAuthn.addCredential",
        {"authenticatorId": phone_authenticator, "credential": stored["credentials"][0]},
    )
    other.wait_for_selector("#account:text-is('Sign in')")
    open_account(other)
    with other.expect_navigation():
        other.click("#passkey-sign-in")
    other.wait_for_selector("#account:text-is('Bea')")
    assert my_table_links(other) == [f"/t/{table}"]
    assert laptop.recorder.errors == []
    assert phone.recorder.errors == []
    laptop.context.close()
    phone.context.close()
