"""Bots from anywhere: a bot program on its operator's machine plays at this server's tables.

A signed-in person issues a bot account (a name and a token, the token shown once and kept
as its SHA-256). The bot opens ``/ws/bot`` with the token and speaks the bot protocol
(``sleuth.agents.botproto``: hello, decide, end; ready, action) over the socket, one JSON
object a message. While it is connected it is listed, and a table may seat it
(``net:NAME``) at one seat of one table at a time. Each decision sends it what a bot in a
worker gets (``workers``): the seat's view as the table encodes it for that seat, and the
seat's legal actions; its answer is read by the protocol's own check of legality, then
goes through the table's door like every bot's move. A bot that is away, or does not answer
within the table's bot deadline, or answers wrongly, loses that decision to the table's
takeover bot (``driver``), and is told so; one that reconnects gets a fresh hello and
plays on.

The registry is this process's: a bot is connected to one process, and the tables it plays
are driven where it is connected (one process, or the process that deals them).
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import orjson
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from sleuth.agents import botproto as proto
from sleuth.agents.remote import DEFAULT_STARTUP_LIMIT
from sleuth.core import ConfigError, IllegalActionError, all_kits
from sleuth.core.serialize import JSONValue

from . import problems
from .db import Database
from .live import LiveTable
from .models import ENDED, BotAccountRow, RetiredBotNameRow, TableRow
from .store import secret_hash

NET_PREFIX = "net:"
# A connected bot that lets this many decisions in a row pass unanswered is disconnected
# (as a bot program is stopped): its seats no longer wait its time limit at every step.
TIMEOUTS_BEFORE_CLOSE = 3
BOT_NAME = re.compile(r"[a-z][a-z0-9_-]{1,31}")
# Bot accounts a person may issue: names are a shared space, and each is a standing token.
BOTS_PER_PERSON = 10
# A bot seated at a table that has not started within this long is free again: a table
# left waiting for its people does not keep a bot from everyone else.
HOLD_SECONDS = 600.0
# A waiting table every seated person has left frees its bots only after this long: a page
# reloaded or a network dropped for a moment is not leaving (a stranger could otherwise
# take the bot in that moment, and the table would start with the takeover bot instead).
LEFT_SECONDS = 60.0


def net_name(spec: str | None) -> str | None:
    """The bot's name if ``spec`` seats a network bot (``net:NAME``), else ``None``."""
    if spec is None:
        return None
    text = spec.strip()
    return text[len(NET_PREFIX) :] if text.lower().startswith(NET_PREFIX) else None


def check_name(name: str) -> str:
    if not BOT_NAME.fullmatch(name):
        raise ConfigError(problems.NET_BOT_NAME(name=repr(name[:40])))
    return name


# --- accounts ------------------------------------------------------------------------------


class BotAccounts:
    """The bot accounts' rows."""

    def __init__(self, database: Database) -> None:
        self.database = database

    async def issue(self, owner_id: str, name: str) -> str:
        """A new bot account's token (the only time it is known), or a ``ConfigError``."""
        check_name(name)
        token = "bot_" + secrets.token_urlsafe(24)
        row = BotAccountRow(
            name=name, owner_id=owner_id, token_hash=secret_hash(token), created_at=time.time()
        )

        def work(session: Session) -> None:
            taken = session.get(BotAccountRow, name) or session.get(RetiredBotNameRow, name)
            if taken is not None:
                raise ConfigError(problems.NET_BOT_TAKEN(name=name))
            owned = select(func.count()).where(BotAccountRow.owner_id == owner_id)
            if (session.scalar(owned.select_from(BotAccountRow)) or 0) >= BOTS_PER_PERSON:
                raise ConfigError(problems.NET_BOTS_MANY(count=BOTS_PER_PERSON))
            session.add(row)

        try:
            await self.database.write(work)
        except IntegrityError:  # issued by another request meanwhile
            raise ConfigError(problems.NET_BOT_TAKEN(name=name)) from None
        return token

    async def revoke(self, owner_id: str, name: str) -> bool:
        """The owner's bot account removed, its token with it, its name retired (never
        issued again: the seats that name it are its own); whether there was one."""
        query = select(BotAccountRow).where(
            BotAccountRow.name == name, BotAccountRow.owner_id == owner_id
        )

        def work(session: Session) -> bool:
            row = session.scalars(query).first()
            if row is not None:
                session.delete(row)
                session.add(RetiredBotNameRow(name=row.name, retired_at=time.time()))
            return row is not None

        return await self.database.write(work)

    async def existing(self, names: Sequence[str]) -> set[str]:
        """Of ``names``, those whose accounts exist (not revoked, their owners not deleted)."""
        query = select(BotAccountRow.name).where(BotAccountRow.name.in_(list(names)))
        return await self.database.read(lambda session: set(session.scalars(query)))

    async def by_token(self, token: str) -> BotAccountRow | None:
        digest = secret_hash(token)
        query = select(BotAccountRow).where(BotAccountRow.token_hash == digest)
        return await self.database.read(lambda session: session.scalars(query).first())

    async def of(self, owner_id: str) -> list[str]:
        query = select(BotAccountRow.name).where(BotAccountRow.owner_id == owner_id)
        return await self.database.read(lambda session: sorted(session.scalars(query)))


def games_taken(games: object) -> frozenset[str]:
    """The games of a bot's ``games`` message (those it takes challenges to), each one this
    server has; or a ``ProtocolError`` naming what is wrong."""
    known = {kit.name for kit in all_kits()}
    if not isinstance(games, list) or not all(isinstance(game, str) for game in games):
        raise proto.ProtocolError("'games' is a list of games' names")
    unknown = sorted(set(games) - known)
    if unknown:
        raise proto.ProtocolError(f"no game {unknown[0][:40]!r} here: {', '.join(sorted(known))}")
    return frozenset(games)


# --- one connection --------------------------------------------------------------------------


class BotLeft(Exception):
    """The bot's connection closed while it was asked something."""


@dataclass
class BotLink:
    """One open connection of a bot: what is sent to it (``outbox``, drained by the socket's
    writer) and the answers awaited from it."""

    name: str
    outbox: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    # The seat it was sent a hello for: (table, seat), until the table's end.
    seating: tuple[str, int] | None = None
    ready: asyncio.Future[None] | None = None
    pending: dict[int, asyncio.Future[dict[str, Any]]] = field(default_factory=dict)
    next_id: int = 1
    closed: bool = False
    flooded: bool = False  # closed for too many refused messages in a row
    revoked: bool = False  # closed as its token was revoked (or its owner's account deleted)
    timeouts_in_row: int = 0
    # The games it takes challenges to (its ``games`` message); None: every game here.
    games: frozenset[str] | None = None
    # Challenges sent (``netchallenges``), each waiting for accept or decline.
    challenges: dict[int, asyncio.Future[bool]] = field(default_factory=dict)
    next_challenge: int = 1

    def send(self, message: dict[str, JSONValue]) -> None:
        if not self.closed:
            self.outbox.put_nowait(proto.encode(message).decode().rstrip("\n"))

    def tell(self, problem: str, message: str) -> None:
        """An error message: what the bot sent, or failed to send, and what came of it."""
        self.send({"type": "error", "problem": problem, "message": message})

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        self.outbox.put_nowait(None)
        for waiting in [self.ready, *self.pending.values(), *self.challenges.values()]:
            if waiting is not None and not waiting.done():
                waiting.set_exception(BotLeft(self.name))
        self.pending.clear()
        self.challenges.clear()

    def received(self, message: dict[str, Any]) -> None:
        """A message the bot sent, already decoded: an answer to what it was asked."""
        kind = message["type"]
        if kind == "ready":
            if self.ready is None or self.ready.done():
                raise proto.ProtocolError("'ready' answers a hello, and none is waiting")
            self.ready.set_result(None)
            return
        if kind in ("accept", "decline"):
            self._challenge_answered(message, kind == "accept")
            return
        if kind == "games":
            self.games = games_taken(message.get("games"))
            return
        if kind != "action":
            raise proto.ProtocolError(
                f"expected 'ready', 'action', 'accept', 'decline' or 'games', got type {kind!r}"
            )
        ident = message.get("id")
        if type(ident) is not int:
            raise proto.ProtocolError(f"the answer's id is {ident!r}, not a decision's number")
        waiting = self.pending.pop(ident, None)
        if waiting is None:
            if 0 < ident < self.next_id:
                return  # the answer to a decision that had timed out: recognised, ignored
            raise proto.ProtocolError(f"no decision {ident} was sent")
        if not waiting.done():
            waiting.set_result(message)

    def answers(self, message: dict[str, Any]) -> bool:
        """Whether a decoded message answers a hello, a decision or a challenge that waits
        for the bot (anything else the bot sends is its own doing, and metered)."""
        kind, ident = message["type"], message.get("id")
        waiting: asyncio.Future[Any] | None
        if kind == "ready":
            waiting = self.ready
        elif type(ident) is not int:
            return False
        elif kind == "action":
            waiting = self.pending.get(ident)
        elif kind in ("accept", "decline"):
            waiting = self.challenges.get(ident)
        else:
            return False
        return waiting is not None and not waiting.done()

    def _challenge_answered(self, message: dict[str, Any], accepted: bool) -> None:
        ident = message.get("id")
        waiting = self.challenges.get(ident) if type(ident) is int else None
        if waiting is None:
            raise proto.ProtocolError(f"no challenge {ident!r} waits for an answer")
        if not waiting.done():
            waiting.set_result(accepted)

    def fail_pending(self, error: Exception) -> None:
        """A malformed answer while a decision waits: that decision is lost, as over a pipe."""
        for waiting in self.pending.values():
            if not waiting.done():
                waiting.set_exception(error)
        self.pending.clear()


# --- the registry ------------------------------------------------------------------------------


@dataclass(frozen=True)
class NetAnswer:
    action: str | None  # in notation; None: it lets an interrupt pass


class NetBots:
    """The network bots connected to this process, and the seat each is reserved for."""

    def __init__(
        self,
        startup_limit: float = DEFAULT_STARTUP_LIMIT,
        hold_seconds: float = HOLD_SECONDS,
        clock: Callable[[], float] = time.monotonic,
        left_seconds: float = LEFT_SECONDS,
    ) -> None:
        self.links: dict[str, BotLink] = {}
        self.startup_limit = startup_limit
        self.hold_seconds = hold_seconds
        self.left_seconds = left_seconds
        self.clock = clock
        # Each seated bot's table (its row: done when the row says finished), seat, and
        # when it was seated (``clock``).
        self.reserved: dict[str, tuple[TableRow, int, float]] = {}
        # Per waiting table everyone seated left: when the last of them left.
        self.left_at: dict[str, float] = {}
        # Per waiting table everyone seated left: its bots (name, seat, seated at), free.
        self.released: dict[str, list[tuple[str, int, float]]] = {}
        # The bots revoked while this process ran (a name is never issued again): one whose
        # socket was between its token's check and ``connect`` as the notice came is
        # refused at ``connect``, not registered after.
        self.revoked: set[str] = set()

    # --- connections ---------------------------------------------------------------------------

    def connect(self, name: str) -> BotLink:
        """The new link of the bot; an older one of the same bot is closed (a reconnection
        whose old connection has not noticed it is gone yet). A bot revoked meanwhile gets
        a link closed already, told as an unknown token is."""
        if name in self.revoked:
            link = BotLink(name)
            self._refuse(link)
            return link
        old = self.links.get(name)
        if old is not None:
            old.close()
        link = self.links[name] = BotLink(name)
        return link

    def disconnect(self, link: BotLink) -> None:
        link.close()
        if self.links.get(link.name) is link:
            del self.links[link.name]

    def revoke(self, name: str) -> None:
        """The bot's token is gone: its connection is refused as an unknown token is."""
        self.revoked.add(name)
        self.reserved.pop(name, None)  # its seats fall to their takeover bots
        for bots in self.released.values():
            bots[:] = [held for held in bots if held[0] != name]
        link = self.links.get(name)
        if link is not None:
            self._refuse(link)

    def _refuse(self, link: BotLink) -> None:
        refused = problems.BOT_TOKEN_UNKNOWN()
        link.tell(refused.code, str(refused))
        link.revoked = True
        self.disconnect(link)

    def listed(self) -> list[tuple[str, bool]]:
        """The connected bots by name, each with whether it is playing now."""
        return [(name, self._playing(name)) for name in sorted(self.links)]

    def playing(self, name: str) -> bool:
        return self._playing(name)

    def _playing(self, name: str) -> bool:
        reserved = self.reserved.get(name)
        if reserved is None:
            return False
        row, seat, since = reserved
        if row.status == "waiting":
            now = self.clock()
            left = self.left_at.get(row.id)
            if left is not None and now - left > self.left_seconds:
                # Everyone seated has been gone a while: free, kept aside (``restore``).
                del self.reserved[name]
                self.released.setdefault(row.id, []).append((name, seat, since))
                return False
            if now - since > self.hold_seconds:
                # A table that never started holds no bot for good: free to be asked again.
                del self.reserved[name]
                return False
        return row.status not in ENDED

    # --- tables ----------------------------------------------------------------------------------

    def check_seats(self, bots: Sequence[str | None]) -> list[str]:
        """The network bots a new table's seats name (``bots``: each seat's bot spec), each
        connected and free; or a ``ConfigError`` naming the first that is not."""
        names: list[str] = []
        for spec in bots:
            name = net_name(spec)
            if name is None:
                continue
            if name in names:
                raise ConfigError(problems.NET_BOT_TWICE(name=name))
            if name not in self.links:
                raise ConfigError(problems.NET_BOT_AWAY(name=name))
            if self._playing(name):
                raise ConfigError(problems.NET_BOT_BUSY(name=name))
            names.append(name)
        return names

    def hold_for_deal(self, bots: Sequence[str | None]) -> TableRow:
        """Hold the bots ``check_seats`` found free for a table being dealt (a row of its
        own until the deal's is known: ``reserve`` then, or ``let_go`` if it fails)."""
        pending = TableRow(id=f"dealing:{secrets.token_hex(8)}", status="waiting")
        self.reserve(pending, bots)
        return pending

    def let_go(self, pending: TableRow) -> None:
        """The deal that held its bots (``hold_for_deal``) failed: they are free again."""
        for name, (row, _, _) in list(self.reserved.items()):
            if row is pending:
                del self.reserved[name]

    def reserve(self, row: TableRow, bots: Sequence[str | None]) -> None:
        for seat, spec in enumerate(bots):
            name = net_name(spec)
            if name is not None:
                self.reserved[name] = (row, seat, self.clock())

    def seen(self, row: TableRow, bots: Sequence[str | None] = ()) -> None:
        """The table's row as read again: the bots it holds go by this row's status from
        now on (the row they were reserved with would say "waiting" through the game). A
        table under way holds again each of its bots (``bots``: each seat's bot spec) that
        is connected and free: one its hold let go of before it started plays it through,
        rather than being seated elsewhere mid-game."""
        for name, (held, seat, since) in list(self.reserved.items()):
            if held.id == row.id:
                self.reserved[name] = (row, seat, since)
        if row.status != "playing":
            return
        for seat, spec in enumerate(bots):
            bot = net_name(spec)
            if bot is not None and bot in self.links and not self._playing(bot):
                self.reserved[bot] = (row, seat, self.clock())

    def release(self, table_id: str) -> None:
        """Everyone seated at the waiting table has left it: its bots are free once no one
        has been back for ``left_seconds`` (not only after the hold), then kept aside
        (``restore``) with their hold's start."""
        now = self.clock()
        for table, bots in list(self.released.items()):  # the aside of tables long gone
            if all(now - since > self.hold_seconds for _, _, since in bots):
                del self.released[table]
        for table, left in list(self.left_at.items()):
            if now - left > self.hold_seconds:
                del self.left_at[table]
        self.left_at[table_id] = now

    def restore(self, row: TableRow) -> None:
        """Someone is back at the waiting table: the bots it released are held again, each
        that is still free (the hold counted from their first seating: leaving and coming
        back does not make it longer)."""
        self.left_at.pop(row.id, None)
        for name, seat, since in self.released.pop(row.id, []):
            if name in self.links and not self._playing(name):
                self.reserved[name] = (row, seat, since)

    def table_over(self, live: LiveTable) -> None:
        """The table has ended: each network bot seated there is told, and is free."""
        outcome = live.state.outcome
        self.released.pop(live.id, None)
        self.left_at.pop(live.id, None)
        for seat in live.seats:
            name = net_name(seat.bot)
            if name is None:
                continue
            reserved = self.reserved.get(name)
            if reserved is not None and reserved[0].id == live.id:
                del self.reserved[name]
            link = self.links.get(name)
            if link is not None and link.seating == (live.id, seat.seat):
                link.send(proto.end(outcome))
                link.seating = None

    # --- one decision ----------------------------------------------------------------------------

    async def decide(
        self, name: str, live: LiveTable, seat: int, interrupt: bool, time_limit: float
    ) -> NetAnswer | None:
        """The bot's answer for the seat, checked legal; ``None`` if it lost the decision
        (away, too slow, or a wrong answer, which it is told)."""
        link = self.links.get(name)
        reserved = self.reserved.get(name)
        if link is None or (reserved is not None and reserved[0].id != live.id):
            return None  # released from this table (it never started in time): seated elsewhere
        try:
            hello = link.seating == (live.id, seat) or await self._hello(
                link, live, seat, time_limit
            )
            if not hello:
                return None
            return await self._ask(link, live, seat, interrupt, time_limit)
        except BotLeft:
            return None

    async def _hello(self, link: BotLink, live: LiveTable, seat: int, time_limit: float) -> bool:
        # A seed of its own, drawn afresh: the bot's generator tells nothing of the table's.
        hello = proto.hello(live.game, seat, secrets.randbits(64), time_limit)
        link.ready = asyncio.get_running_loop().create_future()
        link.send(hello)
        try:
            await asyncio.wait_for(asyncio.shield(link.ready), self.startup_limit)
        except TimeoutError:
            self._timed_out(link, f"no 'ready' within {self.startup_limit:g} s of the hello")
            return False
        link.seating = (live.id, seat)
        return True

    def _timed_out(self, link: BotLink, what: str) -> None:
        link.tell("timeout", what)
        link.timeouts_in_row += 1
        if link.timeouts_in_row >= TIMEOUTS_BEFORE_CLOSE:
            link.tell("timeout", f"closed after {TIMEOUTS_BEFORE_CLOSE} time-outs in a row")
            self.disconnect(link)

    async def _ask(
        self, link: BotLink, live: LiveTable, seat: int, interrupt: bool, time_limit: float
    ) -> NetAnswer | None:
        step = live.step
        legal = live.state.legal_actions(seat)
        decision = proto.INTERRUPT if interrupt else proto.TURN
        ident, link.next_id = link.next_id, link.next_id + 1
        # The very view the seat's frames and its worker bot get, decoded from the same bytes.
        view = orjson.loads(live.view_data(seat))
        legal_groups = proto.encode_legal(live.game, legal)
        waiting: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        link.pending[ident] = waiting
        link.send(proto.decide(ident, step + 1, decision, time_limit, view, legal_groups))
        try:
            answer = await asyncio.wait_for(asyncio.shield(waiting), time_limit)
        except TimeoutError:
            link.pending.pop(ident, None)
            self._timed_out(link, f"decision {ident}: no answer within {time_limit:g} s")
            return None
        except proto.ProtocolError as error:
            link.timeouts_in_row = 0
            link.tell("malformed", f"decision {ident} is lost: {error}")
            return None
        link.timeouts_in_row = 0
        try:
            action = proto.read_answer(answer, ident, decision, live.game, legal)
        except (proto.ProtocolError, IllegalActionError) as error:
            kind = "illegal" if isinstance(error, IllegalActionError) else "malformed"
            link.tell(kind, f"decision {ident}: {error}")
            return None
        return NetAnswer(None if action is None else str(action))


def close_all(bots: NetBots) -> None:
    for link in list(bots.links.values()):
        with contextlib.suppress(Exception):
            bots.disconnect(link)
