"""Notifications by e-mail (issue #36, item 3): the address a person gives, the operator's
SMTP server (``sleuth serve --smtp smtp://user@host:587``), the mails, their unsubscribe
links, and the sender task that empties the queue of ``notify``.

A mail says what the person's seat sees anyway: the table's id and link, the game's title,
that it is their move or that the game is over; never a card, the solution or the seed. It
is written in the language the person chose on the page, and ends with a link that turns
that kind of mail off (a token signed with the service's key, so no one forges another's).
"""

from __future__ import annotations

import logging
import re
import secrets
import time
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from email.message import EmailMessage
from email.policy import SMTP
from email.utils import make_msgid
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

import idna

from sleuth.core import find_kit
from sleuth.i18n import N_, translate

from .digest import claim_person, digest_people
from .models import InvitationRow, MailSettingsRow, NotificationRow, PersonRow
from .notify import (
    CLOCK_LOW,
    GAME_OVER,
    INVITED,
    KINDS,
    YOUR_MOVE,
    Notices,
    send_forever,
)
from .settings import Settings
from .signing import SigningKey
from .store import Store

if TYPE_CHECKING:
    from sqlalchemy.orm import Session

    from .hub import Hub

log = logging.getLogger("sleuth.server")

PASSWORD_VARIABLE = "SLEUTH_SMTP_PASSWORD"
SEND_TIMEOUT = 30.0  # seconds one mail may take to hand over
BATCH = 20  # rows one sender takes at a time
# Seconds of a lease kept spare after a send's longest time: a row is sent only while the
# sender surely still holds it (the clocks of claim and send are not the same clock).
LEASE_SPARE = 5.0
POLL_SECONDS = 1.0  # how often a sender looks for rows queued by another process

# --- the address a person gives -----------------------------------------------------------

_LOCAL_PART = re.compile(r"^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+$")
_LABEL = re.compile(r"^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$")


def check_address(text: str) -> str:
    """The address as given (spaces around it dropped), its domain in ASCII (IDNA 2008:
    the form every SMTP server takes, ``ß.de`` as ``xn--zca.de``), or ``ValueError``
    saying what is wrong with it. Only plain addresses: a name, one @, a domain with a
    dot (an address with quotes, comments or a bare host is refused, as no person needs
    one here)."""
    address = text.strip()
    if not address:
        raise ValueError("the e-mail address is empty: write one such as ann@example.org")
    if len(address) > 254:
        raise ValueError("the e-mail address is longer than 254 characters")
    if any(c.isspace() or not c.isprintable() for c in address):
        raise ValueError(f"{address!r} is not an e-mail address: it has a space or a line break")
    local, at, domain = address.rpartition("@")
    if not at or not local:
        raise ValueError(f"{address!r} is not an e-mail address: it needs a name, @ and a domain")
    if "@" in local:
        raise ValueError(f"{address!r} is not an e-mail address: it has more than one @")
    if len(local) > 64 or not _LOCAL_PART.match(local):
        raise ValueError(
            f"{address!r} is not an e-mail address: the part before @ has a character "
            "addresses do not have"
        )
    if local.startswith(".") or local.endswith(".") or ".." in local:
        raise ValueError(f"{address!r} is not an e-mail address: a dot at the wrong place")
    try:
        # IDNA 2008 (the idna package, which anyio brings), not Python's codec of 2003:
        # that one writes ß.de as ss.de, another domain.
        ascii_domain = idna.encode(domain, uts46=True).decode("ascii")
    except (idna.IDNAError, UnicodeError):
        raise ValueError(f"{address!r} is not an e-mail address: {domain!r} is no domain") from None
    labels = ascii_domain.split(".")
    if len(labels) < 2 or not all(_LABEL.match(label) for label in labels) or labels[-1].isdigit():
        raise ValueError(
            f"{address!r} is not an e-mail address: {domain!r} is no domain (such as example.org)"
        )
    return f"{local}@{ascii_domain.lower()}"


# --- the operator's SMTP server ---------------------------------------------------------------


@dataclass(frozen=True)
class SmtpServer:
    host: str
    port: int
    user: str | None
    implicit_tls: bool  # smtps://: TLS from the start; smtp://: STARTTLS when offered


def parse_smtp(url: str) -> SmtpServer:
    """``smtp://[user@]host[:port]`` (port 587 by default) or ``smtps://`` (465), or
    ``ValueError``. A password in the URL is refused: it would show in the process list."""
    parts = urlsplit(url)
    if parts.scheme not in ("smtp", "smtps"):
        raise ValueError(f"{url!r}: the SMTP server's URL starts smtp:// or smtps://")
    if parts.password is not None:
        raise ValueError(
            f"the SMTP password is never on the command line: set {PASSWORD_VARIABLE} "
            "or name a file with --smtp-password-file"
        )
    if not parts.hostname:
        raise ValueError(f"{url!r}: no host (smtp://user@host:587)")
    if parts.path not in ("", "/") or parts.query or parts.fragment:
        raise ValueError(f"{url!r}: only smtp://user@host:port, nothing after it")
    try:
        port = parts.port
    except ValueError:
        raise ValueError(f"{url!r}: the port is not a number from 1 to 65535") from None
    implicit = parts.scheme == "smtps"
    return SmtpServer(parts.hostname, port or (465 if implicit else 587), parts.username, implicit)


# --- unsubscribe links ----------------------------------------------------------------------


MAIL_LINKS = "mail-link"  # the domain of the links' signatures (``SigningKey.for_domain``)


def unsubscribe_token(key: SigningKey, person_id: str, kind: str) -> str:
    signature = key.for_domain(MAIL_LINKS).sign({"unsubscribe": person_id, "kind": kind})[
        "signature"
    ]
    return f"{person_id}.{kind}.{signature}"


def read_unsubscribe_token(key: SigningKey, token: str) -> tuple[str, str] | None:
    """The person and kind of a token this service signed, or None."""
    parts = token.split(".")
    if len(parts) != 3 or len(token) > 200:
        return None
    person_id, kind, signature = parts
    if kind not in KINDS or not key.for_domain(MAIL_LINKS).verify(
        {"unsubscribe": person_id, "kind": kind}, signature
    ):
        return None
    return person_id, kind


def confirm_token(key: SigningKey, person_id: str, address: str) -> str:
    """The token of the link that confirms ``address`` is the person's (it names the
    person only: the address it confirms is the one the person has when it is opened,
    so an old link does not confirm a newer address)."""
    signature = key.for_domain(MAIL_LINKS).sign({"confirm": person_id, "address": address})[
        "signature"
    ]
    return f"{person_id}.{signature}"


def read_confirm_token(key: SigningKey, token: str, address_of: str | None) -> bool:
    """Whether ``token`` confirms ``address_of`` for the person it names."""
    person_id, dot, signature = token.partition(".")
    if not dot or address_of is None or len(token) > 200:
        return False
    return key.for_domain(MAIL_LINKS).verify(
        {"confirm": person_id, "address": address_of}, signature
    )


def token_person(token: str) -> str:
    return token.partition(".")[0]


# --- the mails --------------------------------------------------------------------------------

SUBJECTS = {
    YOUR_MOVE: N_("Your move in %(game)s at table %(table)s"),
    GAME_OVER: N_("The game of %(game)s at table %(table)s is over"),
    INVITED: N_("You are invited to %(game)s at table %(table)s"),
    CLOCK_LOW: N_("Your clock runs low in %(game)s at table %(table)s"),
}
OPENINGS = {
    YOUR_MOVE: N_("It is your move in %(game)s at table %(table)s."),
    GAME_OVER: N_("The game of %(game)s at table %(table)s is over."),
    INVITED: N_(
        "You are invited to play %(game)s at table %(table)s: your account's page shows "
        "the invitation, to accept or decline."
    ),
    CLOCK_LOW: N_(
        "Your time to move in %(game)s at table %(table)s runs out soon: "
        "after it, a bot plays your seat."
    ),
}
# What each kind of mail is, in the unsubscribe page's question and a digest's links.
KIND_WHAT = {
    YOUR_MOVE: N_("mails when it is your move"),
    GAME_OVER: N_("mails when a game is over"),
    INVITED: N_("mails when you are invited"),
    CLOCK_LOW: N_("mails when your clock runs low"),
}
# An invitation whose inviter's display name is known when it is sent names them: a name
# every seat at the table sees anyway.
INVITED_BY_SUBJECT = N_("%(name)s invites you to %(game)s at table %(table)s")
INVITED_BY_OPENING = N_(
    "%(name)s invites you to play %(game)s at table %(table)s: your account's page shows "
    "the invitation, to accept or decline."
)
NAME_CHARS = 40  # a display name's length at most, as the people's route keeps it
DIGEST_SUBJECT = N_("Sleuth: your day at your tables")
DIGEST_STOP = N_("No more %(what)s: %(link)s")
OPEN_TABLE = N_("Open the table: %(link)s")
WHY = N_("You get this mail because you asked for it in your Sleuth account.")
STOP = N_("No more mails of this kind: %(link)s")
CONFIRM_SUBJECT = N_("Confirm your address for Sleuth's mails")
CONFIRM_BODY = N_(
    "Someone asked for Sleuth's notifications to be sent to this address. "
    "Open this link to confirm it: %(link)s"
)
CONFIRM_IGNORE = N_("If it was not you, ignore this mail: no other mail will follow.")


def event_words(
    kind: str, table_id: str, game: str, language: str, inviter: str | None = None
) -> tuple[str, str]:
    """The event's headline and sentence in ``language``: the mail's subject and opening,
    a push's title and text. Only the table's id, the game's title and an invitation's
    inviter's display name: what any seat sees."""
    values = {"game": find_kit(game).game.title, "table": table_id}
    name = plain_name(inviter or "")
    if kind == INVITED and name:
        values["name"] = name
        return (
            translate(language, INVITED_BY_SUBJECT) % values,
            translate(language, INVITED_BY_OPENING) % values,
        )
    return (
        translate(language, SUBJECTS[kind]) % values,
        translate(language, OPENINGS[kind]) % values,
    )


def plain_name(name: str) -> str:
    """A display name fit for a subject line: no line break or other control character
    (a header cannot be split by a name), spaces run together, at most ``NAME_CHARS``."""
    kept = "".join(" " if unicodedata.category(c).startswith(("C", "Z")) else c for c in name)
    return " ".join(kept.split())[:NAME_CHARS].strip()


@dataclass(frozen=True)
class Mail:
    """What one mail says: all of it is what the person's own seat shows."""

    kind: str
    table_id: str
    game: str  # the game's name; its title is shown
    notice_id: int
    inviter: str | None = None  # an invitation's inviter's display name, when known


def compose(
    mail: Mail,
    to: str,
    language: str,
    sender: str,
    public_url: str,
    unsubscribe: str,
) -> EmailMessage:
    """The mail, in ``language``; ``unsubscribe``: the token of its link."""
    headline, opening = event_words(mail.kind, mail.table_id, mail.game, language, mail.inviter)
    base = public_url.rstrip("/")
    stop_link = f"{base}/mail/unsubscribe/{unsubscribe}"
    body = "\n\n".join(
        [
            opening,
            translate(language, OPEN_TABLE) % {"link": f"{base}/t/{mail.table_id}"},
            "-- \n"
            + translate(language, WHY)
            + "\n"
            + translate(language, STOP) % {"link": stop_link},
        ]
    )
    message = EmailMessage(policy=MAIL_POLICY)
    message["Subject"] = headline
    message["From"] = sender
    message["To"] = to
    # One id a notification: a receiver (and a test) tells a mail sent twice from two.
    message["Message-ID"] = make_msgid(f"notice-{mail.notice_id}", _domain(sender))
    message["List-Unsubscribe"] = f"<{stop_link}>"
    message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    message["Auto-Submitted"] = "auto-generated"
    message.set_content(body + "\n")
    message["Content-Language"] = language  # after the content, which sets its own headers
    return message


def compose_digest(
    mails: list[Mail],
    to: str,
    language: str,
    sender: str,
    public_url: str,
    unsubscribe: dict[str, str],
) -> EmailMessage:
    """One mail listing ``mails`` (a day's), table by table, in ``language``; it ends with
    a link for each kind listed that turns it off (``unsubscribe``: kind -> token)."""
    base = public_url.rstrip("/")
    tables: dict[str, list[str]] = {}
    for mail in mails:
        opening = event_words(mail.kind, mail.table_id, mail.game, language, mail.inviter)[1]
        said = tables.setdefault(mail.table_id, [])
        if opening not in said:  # one "your move" a table, however many came
            said.append(opening)
    blocks = [
        "\n".join([*said, translate(language, OPEN_TABLE) % {"link": f"{base}/t/{table}"}])
        for table, said in tables.items()
    ]
    kinds = list(dict.fromkeys(mail.kind for mail in mails))
    links = {kind: f"{base}/mail/unsubscribe/{unsubscribe[kind]}" for kind in kinds}
    stops = [
        translate(language, DIGEST_STOP)
        % {"what": translate(language, KIND_WHAT[kind]), "link": links[kind]}
        for kind in kinds
    ]
    message = EmailMessage(policy=MAIL_POLICY)
    message["Subject"] = translate(language, DIGEST_SUBJECT)
    message["From"] = sender
    message["To"] = to
    message["Message-ID"] = make_msgid(f"digest-{mails[0].notice_id}", _domain(sender))
    message["List-Unsubscribe"] = f"<{links[kinds[0]]}>"
    message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    message["Auto-Submitted"] = "auto-generated"
    footer = "-- \n" + "\n".join([translate(language, WHY), *stops])
    message.set_content("\n\n".join([*blocks, footer]) + "\n")
    message["Content-Language"] = language
    return message


def compose_confirmation(
    to: str, language: str, sender: str, public_url: str, token: str
) -> EmailMessage:
    """The one mail an address gets before it is confirmed: the link that confirms it."""
    link = f"{public_url.rstrip('/')}/mail/confirm/{token}"
    message = EmailMessage(policy=MAIL_POLICY)
    message["Subject"] = translate(language, CONFIRM_SUBJECT)
    message["From"] = sender
    message["To"] = to
    message["Message-ID"] = make_msgid("confirm", _domain(sender))
    message["Auto-Submitted"] = "auto-generated"
    text = translate(language, CONFIRM_BODY) % {"link": link}
    message.set_content(text + "\n\n" + translate(language, CONFIRM_IGNORE) + "\n")
    message["Content-Language"] = language
    return message


# Header lines up to SMTP's limit: a longer unsubscribe link folded at the usual 78 would be
# written as encoded words, which mail programs do not read as a link.
MAIL_POLICY = SMTP.clone(max_line_length=998)


def _domain(address: str) -> str:
    return address.rpartition("@")[2].strip(" >") or "localhost"


UNREACHABLE = N_("the mail server could not be reached")
REFUSED = N_("the mail server refused the address")
NOT_TAKEN = N_("the mail server did not take the mail")


def failure_reason(error: Exception) -> str:
    """The catalogued reason a mail was not sent, for the person's settings."""
    import aiosmtplib

    if isinstance(error, aiosmtplib.SMTPRecipientsRefused | aiosmtplib.SMTPRecipientRefused):
        return REFUSED
    # aiosmtplib's failures to connect, and its timeouts, are OSError and TimeoutError too.
    if isinstance(error, aiosmtplib.SMTPServerDisconnected | OSError | TimeoutError):
        return UNREACHABLE
    return NOT_TAKEN


# --- the sender -------------------------------------------------------------------------------


@dataclass(frozen=True)
class MailConfig:
    server: SmtpServer
    password: str | None
    sender: str  # the From address
    public_url: str  # where the links of the mails lead
    first_wait: float  # seconds before a failed mail is tried again, doubling each time


class MailSender:
    """Sends the due rows of the queue, one batch at a time, until cancelled."""

    def __init__(self, notices: Notices, store: Store, key: SigningKey, config: MailConfig):
        self.notices = notices
        self.store = store
        self.key = key
        self.config = config
        self.clock = time.monotonic

    async def run(self) -> None:
        poll = min(POLL_SECONDS, self.config.first_wait)
        await send_forever(self.send_due, self.notices.queued, poll, "mail notifications")

    async def send_due(self) -> int:
        """Send one batch of due rows, and the digests due; how many rows were taken."""
        token, rows = await self.notices.claim(BATCH)
        # Past its lease another process may take a row: one sent after that could be sent
        # twice, so the rows this sender cannot surely send in time wait for their lease.
        last_start = self.clock() + self.notices.lease_seconds - SEND_TIMEOUT - LEASE_SPARE
        for row in rows:
            if self.clock() > last_start:
                break
            await self._send_one(row, token)
        return len(rows) + await self._send_digests()

    async def _send_one(self, row: NotificationRow, token: str) -> None:
        wanted = await self.notices.settings(row.person_id)
        if wanted is None or not getattr(wanted, row.kind, False):
            await self.notices.drop(row.id, token, "turned off")
            return
        if wanted.confirmed_at is None:
            await self.notices.drop(row.id, token, "the address is not confirmed")
            return
        await self._send_event(row, wanted, token)

    async def _send_event(self, row: NotificationRow, wanted: MailSettingsRow, token: str) -> None:
        free_at = await self.notices.free_at(row.person_id, time.time())
        if free_at is not None:
            await self.notices.postpone(row.id, token, free_at)
            return
        table = await self.store.table(row.table_id)
        if table is None:
            await self.notices.drop(row.id, token, "the table is gone")
            return
        game = table.game
        inviter = await self._inviter(row)

        def make() -> EmailMessage:
            return compose(
                Mail(row.kind, row.table_id, game, row.id, inviter),
                wanted.address,
                wanted.language,
                self.config.sender,
                self.config.public_url,
                unsubscribe_token(self.key, row.person_id, row.kind),
            )

        await self._deliver_rows([row], token, make)

    async def _send_digests(self) -> int:
        """The digests due: one mail a person; how many rows they took."""
        taken = 0
        for person_id in await digest_people(self.notices.database, self.notices.clock(), BATCH):
            token = secrets.token_hex(16)
            # Held from now, not from the batch's start: the digests before it took their
            # time, and a lease counted from then could lapse while this one is sent.
            rows = await claim_person(
                self.notices.database,
                person_id,
                token,
                self.notices.clock(),
                self.notices.lease_seconds,
            )
            taken += len(rows)
            if rows:
                await self._send_digest(person_id, rows, token)
        return taken

    async def _send_digest(self, person_id: str, rows: list[NotificationRow], token: str) -> None:
        """One mail of the person's rows (the hourly cap does not hold it: it is one mail
        a day); a row of a kind turned off since, or of a table gone, is dropped, and a
        digest left with nothing to say is not sent."""
        wanted = await self.notices.settings(person_id)
        mails: list[Mail] = []
        kept: list[NotificationRow] = []
        for row in rows:
            table = await self.store.table(row.table_id)
            if wanted is None or wanted.confirmed_at is None or not getattr(wanted, row.kind):
                await self.notices.drop(row.id, token, "turned off, or no confirmed address")
            elif table is None:
                await self.notices.drop(row.id, token, "the table is gone")
            else:
                inviter = await self._inviter(row)
                mails.append(Mail(row.kind, row.table_id, table.game, row.id, inviter))
                kept.append(row)
        if mails and wanted is not None:
            settings = wanted
            await self._deliver_rows(kept, token, lambda: self._digest(mails, settings))

    async def _inviter(self, row: NotificationRow) -> str | None:
        """The display name of the person who sent the invitation of an "invited" row (its
        step is the invitation's number), as it is now; None for another kind."""
        if row.kind != INVITED:
            return None

        def read(session: Session) -> str | None:
            invitation = session.get(InvitationRow, row.step)
            person = None if invitation is None else session.get(PersonRow, invitation.inviter_id)
            return None if person is None else person.name

        return await self.notices.database.read(read)

    def _digest(self, mails: list[Mail], wanted: MailSettingsRow) -> EmailMessage:
        stops = {m.kind: unsubscribe_token(self.key, wanted.person_id, m.kind) for m in mails}
        return compose_digest(
            mails,
            wanted.address,
            wanted.language,
            self.config.sender,
            self.config.public_url,
            stops,
        )

    async def _deliver_rows(
        self, rows: list[NotificationRow], token: str, make: Callable[[], EmailMessage]
    ) -> None:
        """Make and send one mail for ``rows``: each marked sent, or each tried once more."""
        try:
            # Inside the try: a mail that cannot be made is a failed try, not a row left held.
            await self._deliver(make())
        except Exception as error:
            # The details are the operator's (the log); the person sees a reason of the
            # catalogue, which names no host, port or server's words.
            log.warning(
                "notification %s not sent (try %s): %s: %s",
                rows[0].id, rows[0].attempts + 1, type(error).__name__, error,
            )  # fmt: skip
            for row in rows:
                await self.notices.mark_failed(
                    row, token, failure_reason(error), self.config.first_wait
                )
            return
        for row in rows:
            await self.notices.mark_sent(row.id, token)

    async def send_confirmation(self, person_id: str, address: str, language: str) -> None:
        """The confirmation mail to a new address; a failure is logged (saving the
        settings again sends another)."""
        try:
            message = compose_confirmation(
                address,
                language,
                self.config.sender,
                self.config.public_url,
                confirm_token(self.key, person_id, address),
            )
            await self._deliver(message)
        except Exception as error:  # a mail server away is an operator's matter, not a bug
            log.warning("confirmation mail of %s not sent: %r", person_id, error)

    async def _deliver(self, message: EmailMessage) -> None:
        import aiosmtplib

        server = self.config.server
        # Flattened here: aiosmtplib would write it by its own policy, which folds long
        # header lines (the unsubscribe link) into encoded words.
        await aiosmtplib.send(
            message.as_bytes(policy=MAIL_POLICY),
            sender=self.config.sender,
            recipients=[str(message["To"])],
            hostname=server.host,
            port=server.port,
            username=server.user,
            password=self.config.password if server.user else None,
            use_tls=server.implicit_tls,
            timeout=SEND_TIMEOUT,
        )


def start_mail(settings: Settings, hub: Hub, store: Store, key: SigningKey) -> None:
    """With an SMTP server named, the queue takes events and a sender task sends them."""
    if settings.smtp_url is None:
        return
    config = MailConfig(
        parse_smtp(settings.smtp_url),
        settings.smtp_password,
        settings.mail_from,
        settings.public_url,
        settings.mail_retry_seconds,
    )
    hub.notices.enabled = True
    sender = MailSender(hub.notices, store, key, config)

    async def confirm(person_id: str, address: str, language: str) -> None:
        hub.spawn(sender.send_confirmation(person_id, address, language))

    hub.notices.confirmer = confirm
    hub.spawn(sender.run())
