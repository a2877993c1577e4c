"""Inviting an account by its name (issue #36, item 3, "you are invited"), through a real
server and a real SMTP server on loopback: the invitation arrives as mail in the invitee's
language, only the invitee accepts it (and is seated), an answered or spent one is refused,
and every refusal of an invitation names what was wrong and changes nothing."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from sleuth.core import find_kit
from sleuth.server.mail_links import confirm_token
from sleuth.server.signing import SigningKey

from .conftest import Server
from .test_mail import (
    MAIL_PASSWORD,
    SHORT,
    MailBox,
    account,
    body,
    browser,
    mail_flags,
    mailbox,
    subject,
)

__all__ = ["mailbox"]  # the fixture, imported to be used here

pytestmark = pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")
TWO = {"game": SHORT, "players": 2, "sit": 0, "sheet": "off",
       "seats": [{"kind": "person"}, {"kind": "person"}]}  # fmt: skip


async def mail_in(server: Server, client: httpx.AsyncClient, address: str, language: str) -> None:
    """Invitations mailed to ``address`` in ``language``, the address confirmed."""
    answer = await client.put(
        "/api/account/mail",
        json={"address": address, "language": language, "your_move": False,
              "game_over": False, "invited": True},
    )  # fmt: skip
    assert answer.status_code == 200, answer.text
    person = (await client.get("/api/account")).json()["id"]
    token = confirm_token(SigningKey.load_or_create(server.key), person, address)
    assert (await client.get(f"/mail/confirm/{token}")).status_code == 200


async def new_table(client: httpx.AsyncClient) -> dict[str, Any]:
    made = await client.post("/api/tables", json=TWO)
    assert made.status_code == 201, made.text
    return dict(made.json())


async def invite(client: httpx.AsyncClient, table: str, seat: int, name: str) -> httpx.Response:
    return await client.post(
        f"/api/tables/{table}/seats/{seat}/invite-account", json={"name": name}
    )


async def test_an_invitation_arrives_in_its_language_and_only_its_invitee_is_seated_by_it(
    launch: Any, mailbox: MailBox, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SLEUTH_SMTP_PASSWORD", MAIL_PASSWORD)
    server: Server = launch(extra=mail_flags(mailbox))
    async with browser(server) as ann, browser(server) as bob, browser(server) as eve:
        await account(ann, "Ann")
        await account(bob, "Bob")
        await account(eve, "Eve")
        await mail_in(server, bob, "bob@example.org", "de")
        table = (await new_table(ann))["table"]["id"]
        invited = await invite(ann, table, 1, "BOB")  # names compare as accounts' do
        assert invited.status_code == 201, invited.text
        number = invited.json()["id"]
        assert invited.json() == {"id": number, "table": table, "seat": 1, "invitee": "Bob"}
        mails = await mailbox.wait_for(1)
        title = find_kit(SHORT).game.title
        # The inviter's display name is public at the table: the mail names them.
        assert [subject(m) for m in mails] == [f"Einladung von Ann: {title} an Tisch {table}"]
        assert str(mails[0]["To"]) == "bob@example.org"
        assert body(mails[0]).startswith(
            f"Ann lädt dich zu einer Partie {title} an Tisch {table} ein. Auf der Seite "
            "deines Kontos kannst du die Einladung annehmen oder ablehnen.\n\n"
            f"Zum Tisch: {server.http}/t/{table}\n\n"
        )
        listed = (await bob.get("/api/invitations")).json()
        assert [(i["id"], i["table"], i["seat"], i["game"], i["inviter"]) for i in listed] == [
            (number, table, 1, SHORT, "Ann")
        ]
        # The inviter and a third account know the number, and it opens nothing for them.
        for other in (ann, eve):
            refused = await other.post(f"/api/invitations/{number}/accept")
            assert (refused.status_code, refused.json()["detail"]) == (
                404,
                f"no invitation {number} for you",
            )
            assert (await other.post(f"/api/invitations/{number}/decline")).status_code == 404
        seated = await bob.post(f"/api/invitations/{number}/accept")
        assert seated.status_code == 200, seated.text
        assert (seated.json()["table"], seated.json()["seat"]) == (table, 1)
        seats = (await bob.get(f"/api/tables/{table}")).json()["seats"]
        assert [(s["name"], s["joined"]) for s in seats] == [("Ann", True), ("Bob", True)]
        again = await bob.post(f"/api/invitations/{number}/accept")
        assert (again.status_code, again.json()["detail"]) == (
            409,
            f"invitation {number} is accepted already",
        )
        assert (await bob.get("/api/invitations")).json() == []


async def test_a_declined_or_spent_invitation_opens_nothing(launch: Any) -> None:
    server: Server = launch()
    async with browser(server) as ann, browser(server) as bob, browser(server) as cat:
        await account(ann, "Ann")
        await account(bob, "Bob")
        await cat.post("/api/people", json={"name": "Cat"})
        table = (await new_table(ann))["table"]["id"]
        first = (await invite(ann, table, 1, "Bob")).json()["id"]
        assert (await bob.post(f"/api/invitations/{first}/decline")).status_code == 200
        for answer in ("accept", "decline"):
            refused = await bob.post(f"/api/invitations/{first}/{answer}")
            assert (refused.status_code, refused.json()["detail"]) == (
                409,
                f"invitation {first} was declined",
            )
        # Invited again; the seat is taken by its invite link before Bob answers.
        created = await new_table(ann)
        other = created["table"]["id"]
        second = (await invite(ann, other, 1, "Bob")).json()["id"]
        token = created["invites"][0]["token"]
        assert (await cat.post(f"/api/tables/{other}/join", json={"token": token})).is_success
        for _ in range(2):
            refused = await bob.post(f"/api/invitations/{second}/accept")
            assert (refused.status_code, refused.json()["detail"]) == (
                409,
                f"invitation {second} is spent: its seat was taken or the game began",
            )
        seats = (await ann.get(f"/api/tables/{other}")).json()["seats"]
        assert [s["name"] for s in seats] == ["Ann", "Cat"]


async def test_a_wrong_invitation_names_what_is_wrong_and_changes_nothing(launch: Any) -> None:
    server: Server = launch()
    async with browser(server) as ann, browser(server) as bob, browser(server) as dan:
        await account(ann, "Ann")
        await account(bob, "Bob")
        await dan.post("/api/people", json={"name": "Dan"})  # a guest: no account
        created = await new_table(ann)
        table = created["table"]["id"]
        # No one sits at it yet: it waits for its person's seat, and seat 1 is a bot's.
        bots = {**TWO, "sit": None, "seats": [{"kind": "person"}, {"kind": "bot", "bot": "random"}]}
        bot_table = (await ann.post("/api/tables", json=bots)).json()["table"]["id"]
        cases = [
            (bob, table, 1, "Ann", 403,
             "only the table's creator invites a player by name to its seats"),
            (ann, table, 1, "Dan", 404,
             "there is no player named Dan (only a player with an account is invited)"),
            (ann, table, 1, "Nobody", 404,
             "there is no player named Nobody (only a player with an account is invited)"),
            (ann, table, 1, "ann", 400, "you cannot invite yourself: take the seat"),
            (ann, table, 0, "Bob", 409, "seat 0 is taken"),
            (ann, table, 2, "Bob", 404, "no seat 2 at this 2-seat table"),
            (ann, bot_table, 1, "Bob", 409, "seat 1 is a bot's"),
        ]  # fmt: skip
        for client, where, seat, name, status, detail in cases:
            refused = await invite(client, where, seat, name)
            assert (refused.status_code, refused.json()["detail"]) == (status, detail), name
        assert (await invite(ann, table, 1, "")).status_code == 422
        assert (await bob.get("/api/invitations")).json() == []
        made = await invite(ann, table, 1, "Bob")
        assert made.status_code == 201, made.text
        twice = await invite(ann, table, 1, "Bob")
        assert (twice.status_code, twice.json()["detail"]) == (
            409,
            "Bob is invited to this table already",
        )
        assert len((await bob.get("/api/invitations")).json()) == 1
        # The game begins: no one is invited to it any more.
        token = created["invites"][0]["token"]
        assert (await dan.post(f"/api/tables/{table}/join", json={"token": token})).is_success
        late = await invite(ann, table, 1, "Bob")
        assert (late.status_code, late.json()["detail"]) == (
            409,
            "the game has started: seats are taken before the deal",
        )
        assert (await bob.get("/api/invitations")).json() == []  # spent with the game's start
        guest = await dan.get("/api/invitations")
        assert guest.status_code == 401


async def test_invitations_are_rate_limited_per_inviter_and_per_invitee(launch: Any) -> None:
    server: Server = launch(
        extra=("--max-invitations", "3/hour", "--max-invitations-received", "2/hour")
    )
    async with browser(server) as ann, browser(server) as bob, browser(server) as cy:
        await account(ann, "Ann")
        await account(bob, "Bob")
        await account(cy, "Cy")
        tables = [(await new_table(ann))["table"]["id"] for _ in range(3)]
        # Bob receives two; a third, from anyone, is refused and not made.
        for table in tables[:2]:
            assert (await invite(ann, table, 1, "Bob")).status_code == 201
        flooded = await invite(ann, tables[2], 1, "Bob")
        assert flooded.status_code == 429
        assert flooded.json()["detail"].startswith(
            "Bob was invited too often: at most 2 invitations per hour; try again in "
        )
        assert len((await bob.get("/api/invitations")).json()) == 2
        # Ann's three attempts are used (a refused one counts: names are not tried for free).
        refused = await invite(ann, tables[2], 1, "Cy")
        assert refused.status_code == 429
        assert refused.json()["detail"].startswith(
            "too many invitations from you: at most 3 per hour; try again in "
        )
        assert int(refused.headers["Retry-After"]) >= 1
        assert (await cy.get("/api/invitations")).json() == []
