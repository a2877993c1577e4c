"""The sender of mail notifications (issue #36, item 3): the task that empties the queue
of ``notify`` through the operator's SMTP server, each row sent only while its lease surely
holds, and the reason a mail failed as the person's settings show it.
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from email.message import EmailMessage
from typing import TYPE_CHECKING

from sleuth.i18n import N_

from .digest import claim_person, digest_people
from .mail_address import SmtpServer, parse_smtp
from .mail_compose import MAIL_POLICY, Mail, compose, compose_confirmation, compose_digest
from .mail_links import confirm_token, unsubscribe_token
from .models import EXPIRED, InvitationRow, MailSettingsRow, NotificationRow, PersonRow
from .notify import INVITED, Notices, send_forever
from .settings import Settings
from .signing import SigningKey
from .store import Store

if TYPE_CHECKING:
    from sqlalchemy.orm import Session

    from .hub import Hub

log = logging.getLogger("sleuth.server")

SEND_TIMEOUT = 30.0  # seconds one mail may take to hand over
BATCH = 20  # rows one sender takes at a time
# Seconds of a lease kept spare after a send's longest time: a row is sent only while the
# sender surely still holds it (the clocks of claim and send are not the same clock).
LEASE_SPARE = 5.0
POLL_SECONDS = 1.0  # how often a sender looks for rows queued by another process

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
        game, expired = table.game, table.status == EXPIRED
        inviter = await self._inviter(row)

        def make() -> EmailMessage:
            return compose(
                Mail(row.kind, row.table_id, game, row.id, inviter, expired),
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
                expired = table.status == EXPIRED
                mails.append(Mail(row.kind, row.table_id, table.game, row.id, inviter, expired))
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
