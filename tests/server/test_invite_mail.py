"""An invitation's mail names its inviter (their display name, public at the table) in its
subject and opening, and a name cannot add a header: line breaks and other control
characters become spaces, and the name is cut at a display name's 40 characters."""

from __future__ import annotations

from email import message_from_bytes
from email.message import EmailMessage
from email.policy import default as default_policy
from typing import Any

import pytest

from sleuth.core import find_kit
from sleuth.server.mail_compose import Mail, compose
from sleuth.server.notify import INVITED

from .conftest import Server
from .test_invites import invite, mail_in, new_table
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
BASE = "https://sleuth.example.org"
# A display name as an attacker would pick it: a header after a line break, a bell, a
# Unicode line separator, and more characters than a name has.
SNEAKY = "Ann\r\nBcc: eve@example.org\x07\u2028" + "x" * 30


def header_lines(raw: bytes) -> list[str]:
    head = raw.split(b"\r\n\r\n", 1)[0].decode("ascii")
    return [line for line in head.split("\r\n") if not line.startswith((" ", "\t"))]


def mailed(name: str | None) -> tuple[EmailMessage, bytes]:
    made = compose(Mail(INVITED, "T1", SHORT, 7, name), "bob@example.org", "en",
                   "sleuth@example.org", BASE, "stop-token")  # fmt: skip
    raw = bytes(made)
    parsed = message_from_bytes(raw, policy=default_policy)
    assert isinstance(parsed, EmailMessage)
    return parsed, raw


def test_an_invitation_names_its_inviter_and_a_name_adds_no_header() -> None:
    title = find_kit(SHORT).game.title
    named, _ = mailed("Ann")
    assert subject(named) == f"Ann invites you to {title} at table T1"
    assert body(named) == (
        f"Ann invites you to play {title} at table T1: your account's page shows the "
        "invitation, to accept or decline.\n\n"
        f"Open the table: {BASE}/t/T1\n\n"
        "-- \nYou get this mail because you asked for it in your Sleuth account.\n"
        f"No more mails of this kind: {BASE}/mail/unsubscribe/stop-token\n"
    )
    sneaky, raw = mailed(SNEAKY)
    kept = "Ann Bcc: eve@example.org " + "x" * 15  # 40 characters
    assert subject(sneaky) == f"{kept} invites you to {title} at table T1"
    assert body(sneaky).startswith(f"{kept} invites you to play {title} at table T1: ")
    names = [line.split(":", 1)[0] for line in header_lines(raw)]
    assert sorted(names) == sorted([
        "Subject", "From", "To", "Message-ID", "List-Unsubscribe", "List-Unsubscribe-Post",
        "Auto-Submitted", "Content-Type", "Content-Transfer-Encoding", "MIME-Version",
        "Content-Language",
    ])  # fmt: skip
    # A name of nothing but control characters and spaces is no name: the plain words.
    blank, _ = mailed("\r\n\t\x00")
    assert subject(blank) == f"You are invited to {title} at table T1"


async def test_a_name_with_a_line_break_is_refused_and_the_mail_names_the_one_kept(
    launch: Any, mailbox: MailBox, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SLEUTH_SMTP_PASSWORD", MAIL_PASSWORD)
    server: Server = launch(extra=mail_flags(mailbox))
    async with browser(server) as ann, browser(server) as bob:
        await account(ann, "Ann")
        await account(bob, "Bob")
        await mail_in(server, bob, "bob@example.org", "en")
        for sneaky, code in [("Ann\r\nBcc: eve@example.org", "000D"), ("Ann\u2028Eve", "2028")]:
            renamed = await ann.post("/api/people", json={"name": sneaky})
            assert renamed.status_code == 422, renamed.text
            assert f"no line break or other control character (U+{code})" in renamed.text
        assert (await ann.get("/api/people/me")).json()["name"] == "Ann"
        table = (await new_table(ann))["table"]["id"]
        assert (await invite(ann, table, 1, "Bob")).status_code == 201
        mails = await mailbox.wait_for(1)
        title = find_kit(SHORT).game.title
        assert [subject(m) for m in mails] == [f"Ann invites you to {title} at table {table}"]
        assert mails[0]["Bcc"] is None
        assert [str(m["To"]) for m in mails] == ["bob@example.org"]
