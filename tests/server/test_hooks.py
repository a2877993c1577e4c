"""Notifications to chat services and webhooks through Apprise (issue #36, item 3), to a
receiver on loopback reached through Apprise's ``json://`` target: the messages of a whole
game arrive once each, in the person's words, none for one's own move; a URL that is
malformed, of a service Apprise does not know or this server does not post to, asks for an
attachment, or names a private address is refused with its reason and nothing kept; a
receiver that is down holds no move, is shown failing, and gets every message once it is
back; one that holds every message holds no move; a send connects to public addresses only,
checked as it connects; a hook is its own person's only, and goes with the account."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from sqlalchemy import select

from sleuth.core import find_kit
from sleuth.server.db import open_database
from sleuth.server.hooks import HookNotTaken, guard_connections, send_hook
from sleuth.server.models import HookRow
from sleuth.server.settings import Settings

from .conftest import Server, free_port
from .queue_waits import wait_queue_settled
from .test_mail import PASSWORD, SHORT, account, browser, moves_told, play_a_table
from .test_push import PushService as Receiver
from .test_push import Received

PRIVATE = ("--hook-private", "--mail-retry", "0.2")
NOT_TAKEN = "the receiver could not be reached or did not take the message"


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    hooks = Receiver()
    hooks.start()
    yield hooks
    hooks.stop()


async def add_hook(client: httpx.AsyncClient, url: str, **fields: Any) -> dict[str, Any]:
    answer = await client.post("/api/account/hooks", json={"url": url, **fields})
    assert answer.status_code == 201, answer.text
    return dict(answer.json())


def hook_url(receiver: Receiver, path: str) -> str:
    """Apprise's URL of a plain JSON webhook at ``path`` of the receiver."""
    return receiver.origin.replace("http://", "json://", 1) + path


def said(received: Received) -> dict[str, Any]:
    assert received.headers["content-type"] == "application/json"
    return dict(json.loads(received.body))


def words(kind: str, table: str, server: Server, language: str = "en") -> dict[str, Any]:
    """What Apprise's JSON target posts for the event."""
    title = find_kit(SHORT).game.title
    headline, text = {
        ("en", "your_move"): (
            f"Your move in {title} at table {table}",
            f"It is your move in {title} at table {table}.",
        ),
        ("en", "game_over"): (
            f"The game of {title} at table {table} is over",
            f"The game of {title} at table {table} is over.",
        ),
        ("de", "game_over"): (
            f"Die Partie {title} an Tisch {table} ist zu Ende",
            f"Die Partie {title} an Tisch {table} ist zu Ende.",
        ),
    }[language, kind]
    return {
        "version": "1.0",
        "title": headline,
        "message": f"{text}\n{server.http}/t/{table}",
        "attachments": [],
        "type": "info",
    }


async def test_a_whole_games_messages_arrive_once_each_in_their_persons_words(
    launch: Any, receiver: Receiver
) -> None:
    server: Server = launch(extra=PRIVATE)
    ann_url, bob_url = hook_url(receiver, "/hook/ann"), hook_url(receiver, "/hook/bob")
    async with browser(server) as ann, browser(server) as bob:
        await account(ann, "Ann")
        await account(bob, "Bob")
        settings = await add_hook(ann, ann_url, language="en")
        assert settings == {
            "hooks": [{"id": settings["hooks"][0]["id"], "url": ann_url, "language": "en",
                       "your_move": True, "game_over": True, "invited": False,
                       "clock_low": False, "failing": None, "failures": 0}],
            "sends_hooks": True, "most": 5,
        }  # fmt: skip
        # Bob's in German, and only the game's end.
        await add_hook(bob, bob_url, language="de", your_move=False)
        table = await play_a_table(server, ann, bob)
        owed = await moves_told(ann, table, 0)
        await receiver.wait_for(len(owed) + 1, "/hook/ann")
        await receiver.wait_for(1, "/hook/bob")
        # Every row sent once and none left to send: a second message would be taken by now.
        await wait_queue_settled(server.db, len(owed) + 2)
    assert owed, "a game of two where seat 0 never came to move after seat 1"
    to_ann = sorted((said(r) for r in receiver.taken("/hook/ann")), key=lambda m: m["title"])
    assert to_ann == sorted(
        [words("game_over", table, server)] + [words("your_move", table, server)] * len(owed),
        key=lambda m: m["title"],
    )
    assert [said(r) for r in receiver.taken("/hook/bob")] == [
        words("game_over", table, server, "de")
    ]


REFUSED = [
    ("", "the URL is empty: paste one such as discord://… or json://host/path"),
    ("discord.com/api/webhooks/1/x",
     "not an Apprise URL: it starts with a service's scheme, such as discord:// or json://"),
    ("json://", "the json:// URL is not one Apprise can send to: a part is missing or "
     "malformed (see the service's URL form in Apprise's documentation)"),
    ("nosuchservice://x/y", "nosuchservice:// is not a service this server posts to (it "
     "posts to discord://, json://, jsons://, matrix://, matrixs://, ntfy://, ntfys://, "
     "slack://, tgram://)"),
    ("dbus://", "dbus:// is not a service this server posts to (it posts to discord://, "
     "json://, jsons://, matrix://, matrixs://, ntfy://, ntfys://, slack://, tgram://)"),
    ("syslog://", "syslog:// is not a service this server posts to (it posts to "
     "discord://, json://, jsons://, matrix://, matrixs://, ntfy://, ntfys://, slack://, "
     "tgram://)"),
    ("json://127.0.0.1:8080/hook", "the host 127.0.0.1 is at 127.0.0.1, a private "
     "address (loopback, local network or link-local): this server posts to public "
     "addresses only"),
    ("jsons://169.254.169.254/latest/meta-data", "the host 169.254.169.254 is at "
     "169.254.169.254, a private address (loopback, local network or link-local): this "
     "server posts to public addresses only"),
    ("ntfy://192.168.1.20/topic", "the host 192.168.1.20 is at 192.168.1.20, a "
     "private address (loopback, local network or link-local): this server posts to public "
     "addresses only"),
    ("discord://1234/token?attach=file:///etc/passwd",
     "the URL asks for an attachment: notifications have none"),
    ("json://a b/x", "the URL has a space or a line break in it"),
]  # fmt: skip


async def test_a_url_of_no_service_this_server_posts_to_is_refused_and_nothing_kept(
    launch: Any,
) -> None:
    server: Server = launch()  # private addresses not allowed
    async with browser(server) as ann:
        await account(ann, "Ann")
        before = (await ann.get("/api/account/hooks")).json()
        answers = []
        for url, _message in REFUSED:
            answer = await ann.post("/api/account/hooks", json={"url": url})
            answers.append((answer.status_code, answer.json()["detail"]))
        assert answers == [(400, message) for _url, message in REFUSED]
        assert (await ann.get("/api/account/hooks")).json() == before == {
            "hooks": [], "sends_hooks": True, "most": 5,
        }  # fmt: skip
        # A service's own host is not the person's to name: Discord's URL is taken.
        taken = await add_hook(ann, "discord://1234/secret-token")
        assert [hook["url"] for hook in taken["hooks"]] == ["discord://1...4/s...n/"]
        again = await ann.post("/api/account/hooks", json={"url": "discord://1234/secret-token"})
        assert (again.status_code, again.json()["detail"]) == (
            400, "this URL is one of your hooks already",
        )  # fmt: skip
        for number in range(4):
            await add_hook(ann, f"discord://1234/token{number}")
        sixth = await ann.post("/api/account/hooks", json={"url": "discord://1234/token9"})
        assert (sixth.status_code, sixth.json()["detail"]) == (
            409, "an account has 5 hooks at most: remove one first",
        )  # fmt: skip
        assert len((await ann.get("/api/account/hooks")).json()["hooks"]) == 5


async def test_a_receiver_down_holds_no_move_is_shown_failing_and_gets_all_when_back(
    launch: Any,
) -> None:
    port = free_port()
    server: Server = launch(extra=PRIVATE)
    async with browser(server) as ann, browser(server) as bob:
        await account(ann, "Ann")
        await bob.post("/api/people", json={"name": "Bob"})
        await add_hook(ann, f"json://127.0.0.1:{port}/hook/ann")
        table = await play_a_table(server, ann, bob)  # every move answered, none sent
        owed = len(await moves_told(ann, table, 0)) + 1
        hook: dict[str, Any] = {}
        for _ in range(300):
            hook = (await ann.get("/api/account/hooks")).json()["hooks"][0]
            if hook["failures"] >= 2:
                break
            await asyncio.sleep(0.1)
        assert (hook["failing"], hook["failures"] >= 2) == (NOT_TAKEN, True)
        back = Receiver(port=port)
        back.start()
        try:
            await back.wait_for(owed)
            for _ in range(300):
                hook = (await ann.get("/api/account/hooks")).json()["hooks"][0]
                if hook["failures"] == 0:
                    break
                await asyncio.sleep(0.1)
            await wait_queue_settled(server.db, owed)  # a second message would be taken by now
        finally:
            back.stop()
    assert (hook["failing"], hook["failures"]) == (None, 0)
    titles = sorted(said(r)["title"] for r in back.taken())
    assert titles == sorted(
        [words("game_over", table, server)["title"]]
        + [words("your_move", table, server)["title"]] * (owed - 1)
    )


async def test_a_receiver_that_holds_every_message_holds_no_move(
    launch: Any, receiver: Receiver
) -> None:
    receiver.hold.clear()  # every message waits until the game is over
    server: Server = launch(extra=PRIVATE)
    async with browser(server) as ann, browser(server) as bob:
        await account(ann, "Ann")
        await bob.post("/api/people", json={"name": "Bob"})
        await add_hook(ann, hook_url(receiver, "/slow"))
        table = await play_a_table(server, ann, bob)  # every move answered meanwhile
        owed = len(await moves_told(ann, table, 0)) + 1
        with receiver.lock:
            held = receiver.waiting
        assert held >= 1 and receiver.taken() == []
        receiver.hold.set()
        # Held past Apprise's read timeout, some were tried again: each arrives at least once.
        await receiver.wait_for(owed)
    titles = {said(r)["title"] for r in receiver.taken()}
    assert titles == {words("game_over", table, server)["title"],
                      words("your_move", table, server)["title"]}  # fmt: skip


async def test_a_hook_is_its_own_persons_only_and_goes_with_the_account(
    launch: Any, receiver: Receiver
) -> None:
    server: Server = launch(extra=PRIVATE)
    async with browser(server) as ann, browser(server) as eve:
        await account(ann, "Ann")
        await account(eve, "Eve")
        hooks = await add_hook(ann, hook_url(receiver, "/a"))
        hook_id = hooks["hooks"][0]["id"]
        assert (await eve.get("/api/account/hooks")).json()["hooks"] == []
        refused = [
            (await eve.put(f"/api/account/hooks/{hook_id}", json={"your_move": False})),
            (await eve.delete(f"/api/account/hooks/{hook_id}")),
        ]
        assert [(r.status_code, r.json()["detail"]) for r in refused] == [
            (404, "no such hook among this account's")
        ] * 2
        chosen = await ann.put(
            f"/api/account/hooks/{hook_id}", json={"your_move": False, "clock_low": True}
        )
        kinds = ("your_move", "game_over", "clock_low")
        assert [chosen.json()["hooks"][0][kind] for kind in kinds] == [False, True, True]
        await add_hook(ann, hook_url(receiver, "/b"))
        removed = await ann.delete(f"/api/account/hooks/{hook_id}")
        assert removed.status_code == 200
        left = (await ann.get("/api/account/hooks")).json()["hooks"]
        assert [hook["url"] for hook in left] == [hook_url(receiver, "/b")]
        deleted = await ann.request("DELETE", "/api/account", json={"password": PASSWORD})
        assert deleted.status_code == 200, deleted.text
    database = open_database(Settings(db_url=server.db))
    try:
        kept = await database.read(lambda session: list(session.scalars(select(HookRow))))
    finally:
        await database.close()
    assert kept == []


async def test_a_server_without_hooks_says_so(launch: Any) -> None:
    server: Server = launch(extra=("--no-hooks",))
    async with browser(server) as ann:
        await account(ann, "Ann")
        assert (await ann.get("/api/account/hooks")).json() == {
            "hooks": [], "sends_hooks": False, "most": 5,
        }  # fmt: skip
        answer = await ann.post("/api/account/hooks", json={"url": "discord://1/t"})
        assert (answer.status_code, answer.json()["detail"]) == (
            409, "this server sends to no chat service or webhook (it was started with --no-hooks)",
        )  # fmt: skip


def test_a_send_connects_to_a_public_address_only_whatever_the_name_resolves_to_now(
    receiver: Receiver,
) -> None:
    """A name that was public when entered and resolves to loopback at the send (or a
    redirect, or any other host Apprise asks) gets no connection: the address is checked as
    the connection is made. Loopback's own URL stands in for such a name here."""
    guard_connections()
    with pytest.raises(HookNotTaken):
        send_hook(hook_url(receiver, "/guarded"), "Title", "Text", public_only=True)
    send_hook(hook_url(receiver, "/open"), "Title", "Text", public_only=False)
    assert [(r.path, said(r)["message"]) for r in receiver.taken()] == [("/open", "Text")]
