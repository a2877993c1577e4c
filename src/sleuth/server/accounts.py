"""Accounts: a name and a password (argon2id) on a person's row, and the browsers signed in.

A guest is a ``people`` row its one cookie opens. Signing up adds an ``accounts`` row to
that same person, so every seat and record stays theirs; from then on a browser is signed
in by a session (``account_sessions``) and the guest's own cookie secret is retired.
Signing in on another browser adds a session of the same person. Passwords are hashed
in processes of their own (``hashing``), never on the event loop.
"""

from __future__ import annotations

import contextlib
import hashlib
import math
import time
import unicodedata
from dataclasses import dataclass

from limits import RateLimitItem
from limits.aio.strategies import FixedWindowRateLimiter
from sqlalchemy import delete, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from sleuth.core.said import Said

from . import problems
from .db import Database
from .hashing import Passwords, PasswordsBusy
from .models import (
    AccountRow,
    BotAccountRow,
    ChatRow,
    HookRow,
    MailSettingsRow,
    NotificationRow,
    PasskeyRow,
    PersonRow,
    PushSettingsRow,
    PushSubscriptionRow,
    RetiredBotNameRow,
    SeatRow,
    SessionRow,
)
from .ratelimit import DatabaseStorage, Refused, parse_rate
from .store import Store, new_id, new_secret, secret_hash

DELETED_NAME = "deleted player"
DEVICE_CHARS = 100


def name_key(name: str) -> str:
    """A name as compared: ``Ann``, ``ANN`` and ``Ａｎｎ`` are one account."""
    return unicodedata.normalize("NFKC", name).casefold()


NAME_KEY_CHARS = 160  # the accounts' name_key column, String(160)


def name_problem(name: str) -> Said | None:
    """Why ``name`` cannot be an account's, or None. A format character (U+200B, a
    direction mark) would make names that look alike and are not one account; a name
    whose compared form outgrows its column would not be stored."""
    hidden = next((c for c in name if unicodedata.category(c) == "Cf"), None)
    if hidden is not None:
        return problems.NAME_HIDDEN_CHARACTER(character=f"U+{ord(hidden):04X}")
    if len(name_key(name)) > NAME_KEY_CHARS:
        return problems.NAME_KEY_TOO_LONG(chars=NAME_KEY_CHARS)
    return None


class NameTaken(Exception):
    """Another account has this name."""


class AlreadySignedUp(Exception):
    """This person has an account already."""


class SignInLimits:
    """Attempts to prove a password, counted in the database like the limits on new people
    (``ratelimit``), so every process shares them: every attempt per client address, and
    the failures at one account per address. Only failures count at an account, and only
    those of the address trying: a stranger's wrong guesses never lock its owner out."""

    def __init__(self, database: Database, per_address: str, per_account: str) -> None:
        self._limiter = FixedWindowRateLimiter(DatabaseStorage(database))
        self._rates = {"address": parse_rate(per_address), "account": parse_rate(per_account)}

    async def hit(self, address: str, name: str | None) -> Refused | None:
        """Count one attempt from ``address`` at the account ``name`` (None: a new name,
        counted by address only), or refuse it (a refused attempt is not counted); a wrong
        password is then told with ``failed``."""
        for rate in self._rates["address"]:
            if not await self._limiter.test(rate, "sign-in", "address", address):
                return await self._refused(rate, "address", address)
        if name is not None:
            key = _account_key(address, name)
            for rate in self._rates["account"]:
                if not await self._limiter.test(rate, "sign-in", "account", key):
                    return await self._refused(rate, "account", key)
        for rate in self._rates["address"]:
            if not await self._limiter.hit(rate, "sign-in", "address", address):
                return await self._refused(rate, "address", address)
        return None

    async def failed(self, address: str, name: str) -> None:
        """A wrong password from ``address`` at the account ``name``."""
        key = _account_key(address, name)
        for rate in self._rates["account"]:
            await self._limiter.hit(rate, "sign-in", "account", key)

    async def _refused(self, rate: RateLimitItem, kind: str, key: str) -> Refused:
        stats = await self._limiter.get_window_stats(rate, "sign-in", kind, key)
        wait = max(1, math.ceil(stats.reset_time - time.time()))
        return Refused(f"too many sign-in attempts: try again in {wait} s", wait)


def _account_key(address: str, name: str) -> str:
    # Hashed: a name of any length makes a counter's key of one length.
    return hashlib.sha256(f"{name_key(name)}\n{address}".encode()).hexdigest()[:32]


@dataclass(frozen=True)
class SignedIn:
    person_id: str
    name: str  # the display name
    account: str  # the name the account signs in with
    secret: str  # the new session's cookie secret


@dataclass(frozen=True)
class PasswordChanged:
    ended: set[str]  # the hashes of the sessions' cookies ended
    passkeys_removed: int
    passkeys_left: int


class Accounts:
    def __init__(self, database: Database, store: Store, passwords: Passwords) -> None:
        self._db = database
        self._store = store
        self.passwords = passwords

    async def of(self, person_id: str) -> AccountRow | None:
        return await self._db.read(lambda session: session.get(AccountRow, person_id))

    async def sign_up(
        self, guest: PersonRow | None, name: str, password: str, device: str
    ) -> SignedIn:
        """An account named ``name``: the guest's (who keeps every seat) or a new person's.
        ``NameTaken``, ``AlreadySignedUp``; nothing is stored then."""
        hashed = await self.passwords.hash(password)
        person_id = guest.id if guest is not None else new_id()
        secret = new_secret()

        def work(session: Session) -> None:
            if guest is None:
                session.add(_person(person_id, name))
                session.flush()
            elif session.get(AccountRow, person_id) is not None:
                raise AlreadySignedUp()
            else:
                _retire_guest_cookie(session, person_id, name)
            key = name_key(name)
            if session.scalar(select(AccountRow.person_id).where(AccountRow.name_key == key)):
                raise NameTaken()
            session.add(
                AccountRow(
                    person_id=person_id,
                    name=name,
                    name_key=key,
                    password_hash=hashed,
                    created_at=time.time(),
                )
            )
            session.add(_session_row(person_id, secret, device))

        try:
            await self._store.change_person(person_id, work)
        except IntegrityError:  # the same name signed up at this moment by someone else
            raise NameTaken() from None
        return SignedIn(person_id, name, name, secret)

    async def sign_in(self, name: str, password: str, device: str) -> SignedIn | None:
        """A new session of the account, or None: no such name, or the wrong password
        (the same answer, after the same work)."""
        query = select(AccountRow).where(AccountRow.name_key == name_key(name))
        account = await self._db.read(lambda session: session.scalar(query))
        hashed = None if account is None else account.password_hash
        if not await self.passwords.verify(hashed, password) or account is None:
            return None
        if self.passwords.outdated(account.password_hash):
            with contextlib.suppress(PasswordsBusy):  # the next sign-in hashes it again
                await self.upgrade(account.person_id, account.password_hash, password)
        return await self.open_session(account, device)

    async def upgrade(self, person_id: str, old_hash: str, password: str) -> bool:
        """The password hashed again at the operator's costs, stored only if ``old_hash``
        is still the account's: a password changed meanwhile (or another sign-in's upgrade)
        is never overwritten. Whether it was stored."""
        hashed = await self.passwords.hash(password)
        query = (
            update(AccountRow)
            .where(AccountRow.person_id == person_id, AccountRow.password_hash == old_hash)
            .values(password_hash=hashed)
        )

        def work(session: Session) -> bool:
            return bool(getattr(session.execute(query), "rowcount", 0))

        return await self._store.change_person(person_id, work)

    async def open_session(self, account: AccountRow, device: str) -> SignedIn:
        """A new session of the account, for a browser that proved it is the account's."""
        secret = new_secret()
        person_id = account.person_id
        opened = insert(SessionRow).values(_session_values(person_id, secret, device))
        named = select(PersonRow.name).where(PersonRow.id == person_id)

        # The display name read in the session's own transaction: one trip to the database
        # where there were two, at every sign-in (benchmarks/serve.py --people).
        def work(session: Session) -> str:
            session.execute(opened)
            name: str = session.execute(named).scalar_one()
            return name

        name = await self._store.change_person(person_id, work)
        return SignedIn(person_id, name, account.name, secret)

    async def sessions(self, person_id: str, cookie_secret: str) -> list[tuple[SessionRow, bool]]:
        """The person's sessions, the oldest first, each with whether the cookie is its."""
        query = (
            select(SessionRow)
            .where(SessionRow.person_id == person_id)
            .order_by(SessionRow.created_at, SessionRow.id)
        )
        rows = await self._db.read(lambda session: list(session.scalars(query)))
        mine = secret_hash(cookie_secret)
        return [(row, row.secret_hash == mine) for row in rows]

    async def end_session(self, person_id: str, session_id: str) -> set[str]:
        """End one of the person's sessions: its cookie's hash (none if they have no session
        by that id), for closing what it opened."""
        query = select(SessionRow.secret_hash).where(
            SessionRow.person_id == person_id, SessionRow.id == session_id
        )

        def work(session: Session) -> set[str]:
            ended = set(session.scalars(query))
            session.execute(delete(SessionRow).where(SessionRow.secret_hash.in_(ended)))
            return ended

        return await self._store.change_person(person_id, work)

    async def sign_out(self, person_id: str, cookie_secret: str) -> set[str]:
        """End this browser's session (if it is one): its cookie's hash."""
        ended = secret_hash(cookie_secret)
        query = delete(SessionRow).where(SessionRow.secret_hash == ended)
        await self._store.change_person(person_id, lambda session: session.execute(query))
        return {ended}

    async def check_password(self, person_id: str, password: str) -> bool:
        account = await self.of(person_id)
        hashed = None if account is None else account.password_hash
        return await self.passwords.verify(hashed, password) and account is not None

    async def signed_in_at(self, cookie_secret: str) -> float | None:
        """When this browser's session began (None: it is no session)."""
        query = select(SessionRow.created_at).where(
            SessionRow.secret_hash == secret_hash(cookie_secret)
        )
        return await self._db.read(lambda session: session.scalar(query))

    async def change_password(
        self, person_id: str, new: str, cookie_secret: str, remove_passkeys: bool
    ) -> PasswordChanged:
        """The new password's hash; every session but this browser's ended, and the
        passkeys removed if asked."""
        hashed = await self.passwords.hash(new)
        keep = secret_hash(cookie_secret)
        others = select(SessionRow.secret_hash).where(
            SessionRow.person_id == person_id, SessionRow.secret_hash != keep
        )
        passkeys = select(PasskeyRow.id).where(PasskeyRow.person_id == person_id)

        def work(session: Session) -> PasswordChanged:
            ended = set(session.scalars(others))
            held = len(list(session.scalars(passkeys)))
            if remove_passkeys:
                session.execute(delete(PasskeyRow).where(PasskeyRow.person_id == person_id))
            session.execute(
                update(AccountRow)
                .where(AccountRow.person_id == person_id)
                .values(password_hash=hashed)
            )
            session.execute(
                delete(SessionRow).where(
                    SessionRow.person_id == person_id, SessionRow.secret_hash != keep
                )
            )
            removed = held if remove_passkeys else 0
            return PasswordChanged(ended, removed, held - removed)

        return await self._store.change_person(person_id, work)

    async def delete(self, person_id: str) -> set[str]:
        """The account, its sessions, passkeys, name and chat names gone; the person's row
        stays as ``deleted player``, opened by no cookie, so finished tables keep their
        seats and records. The hashes of every cookie that opened the person, returned."""
        sessions = select(SessionRow.secret_hash).where(SessionRow.person_id == person_id)

        def work(session: Session) -> set[str]:
            person = session.get(PersonRow, person_id)
            old_name = "" if person is None else person.name
            ended = set(session.scalars(sessions))
            if person is not None:
                ended.add(person.secret_hash)
            session.execute(delete(SessionRow).where(SessionRow.person_id == person_id))
            session.execute(delete(PasskeyRow).where(PasskeyRow.person_id == person_id))
            session.execute(delete(AccountRow).where(AccountRow.person_id == person_id))
            # The e-mail address too, and every mail to it not yet sent.
            session.execute(delete(MailSettingsRow).where(MailSettingsRow.person_id == person_id))
            session.execute(delete(NotificationRow).where(NotificationRow.person_id == person_id))
            # And the browsers pushed to.
            # And the bot accounts issued: each token a standing way in (``netbots``).
            for choices in (PushSettingsRow, PushSubscriptionRow, HookRow):
                session.execute(delete(choices).where(choices.person_id == person_id))
            bots = select(BotAccountRow.name).where(BotAccountRow.owner_id == person_id)
            for name in list(session.scalars(bots)):  # retired: never issued again
                session.add(RetiredBotNameRow(name=name, retired_at=time.time()))
            session.execute(delete(BotAccountRow).where(BotAccountRow.owner_id == person_id))
            _retire_guest_cookie(session, person_id, DELETED_NAME)
            seats = select(SeatRow.table_id, SeatRow.seat).where(SeatRow.person_id == person_id)
            for table_id, seat in session.execute(seats):
                session.execute(
                    update(ChatRow)
                    .where(
                        ChatRow.table_id == table_id,
                        ChatRow.seat == seat,
                        ChatRow.name == old_name,  # not a later holder's of the seat
                    )
                    .values(name=DELETED_NAME)
                )
            return ended

        return await self._store.change_person(person_id, work)


def _person(person_id: str, name: str) -> PersonRow:
    # Opened by sessions only: its own secret is one nobody was given.
    return PersonRow(
        id=person_id, secret_hash=secret_hash(new_secret()), name=name, created_at=time.time()
    )


def _retire_guest_cookie(session: Session, person_id: str, name: str) -> None:
    """The person's own cookie secret replaced by one nobody holds, and their name set."""
    session.execute(
        update(PersonRow)
        .where(PersonRow.id == person_id)
        .values(secret_hash=secret_hash(new_secret()), name=name)
    )


def _session_values(person_id: str, secret: str, device: str) -> dict[str, object]:
    return {
        "id": new_id(),
        "person_id": person_id,
        "secret_hash": secret_hash(secret),
        "device": device[:DEVICE_CHARS],
        "created_at": time.time(),
    }


def _session_row(person_id: str, secret: str, device: str) -> SessionRow:
    return SessionRow(**_session_values(person_id, secret, device))
