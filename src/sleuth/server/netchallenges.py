"""Challenges: a person asks a connected network bot (``netbots``) for a game.

The bot is sent a ``challenge`` message over its socket, in the bot protocol's style (one
JSON object, a ``type`` and an ``id``): the game, its options, the seats (who sits where),
whether the table is rated and who asks. It answers ``accept`` or ``decline`` with that id;
no answer within ``ANSWER_SECONDS`` counts as declining. A bot that accepts is seated at
the new table (``net:NAME``) with the person who asked; the table is dealt as any table is.

Bounded: each person's challenges are counted (a window per minute, ``limits``' notation
as the other rates), whether or not the bot is there, so that no one floods a bot or probes
the list; a person has at most one challenge waiting on a bot; and a bot that is not
connected, is playing, or does not play the game is refused at once, with its words.
"""

from __future__ import annotations

import asyncio
import math
import time
from dataclasses import dataclass

from limits.aio.storage import MemoryStorage
from limits.aio.strategies import FixedWindowRateLimiter

from sleuth.core import ConfigError
from sleuth.core.serialize import JSONValue

from . import problems
from .netbots import BotLeft, BotLink, NetBots, net_name
from .ratelimit import Refused, parse_rate, window_values

ANSWER_SECONDS = 10.0
CHALLENGE = "challenge"
ANSWERS = frozenset({"accept", "decline"})


@dataclass(frozen=True)
class Challenge:
    """What the bot is asked: the table it would sit at."""

    game: str
    players: int
    options: dict[str, JSONValue]
    seats: list[str]  # "person" (the challenger's or another's) or a bot's spec: its own too
    rated: bool
    challenger: str  # the person's display name

    def message(self, ident: int) -> dict[str, JSONValue]:
        return {
            "type": CHALLENGE,
            "id": ident,
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "seats": list(self.seats),
            "rated": self.rated,
            "from": self.challenger,
            "answer_within": ANSWER_SECONDS,
        }


class Declined(Exception):
    """The bot declined the challenge, or let it pass unanswered (the message says which)."""


class StillWaiting(Exception):
    """The person's challenge to this bot still waits for its answer."""


class Challenges:
    """The challenges waiting on this process's network bots, and each person's count."""

    def __init__(self, bots: NetBots, rate: str, answer_seconds: float = ANSWER_SECONDS) -> None:
        self.bots = bots
        self.answer_seconds = answer_seconds
        self._limiter = FixedWindowRateLimiter(MemoryStorage())
        self._rates = parse_rate(rate)
        self._waiting: set[tuple[str, str]] = set()  # (bot, person)

    async def count(self, person_id: str) -> Refused | None:
        """Count one challenge by the person, or say why it is refused."""
        for rate in self._rates:
            if not await self._limiter.hit(rate, CHALLENGE, person_id):
                stats = await self._limiter.get_window_stats(rate, CHALLENGE, person_id)
                wait = max(1, math.ceil(stats.reset_time - time.time()))
                return Refused(problems.TOO_MANY_CHALLENGES(**window_values(rate, wait)), wait)
        return None

    def check(self, name: str, game: str) -> BotLink:
        """The bot's link if it may be challenged to ``game`` now, else a ``ConfigError``."""
        link = self.bots.links.get(name)
        if link is None:
            raise ConfigError(problems.NET_BOT_AWAY(name=name))
        if self.bots.playing(name):
            raise ConfigError(problems.NET_BOT_BUSY(name=name))
        if link.games is not None and game not in link.games:
            raise ConfigError(problems.NET_BOT_NOT_GAME(name=name, game=game))
        return link

    async def ask(self, name: str, person_id: str, challenge: Challenge) -> None:
        """Send the challenge and wait for the bot's answer: returns if it accepts, raises
        ``Declined`` if it declines or does not answer in time, ``StillWaiting`` if the person's
        last challenge to it waits yet, ``ConfigError`` if it may not be asked now."""
        link = self.check(name, challenge.game)
        key = (name, person_id)
        if key in self._waiting:
            raise StillWaiting(problems.NET_CHALLENGE_WAITING(name=name))
        if name not in (net_name(seat) for seat in challenge.seats):
            raise ValueError("the challenged bot sits at one of the table's seats")
        self._waiting.add(key)
        try:
            accepted = await self._answer(link, challenge)
        finally:
            self._waiting.discard(key)
        if accepted is None:
            raise Declined(
                problems.NET_CHALLENGE_UNANSWERED(name=name, seconds=f"{self.answer_seconds:g}")
            )
        if not accepted:
            raise Declined(problems.NET_CHALLENGE_DECLINED(name=name))

    async def _answer(self, link: BotLink, challenge: Challenge) -> bool | None:
        ident, link.next_challenge = link.next_challenge, link.next_challenge + 1
        waiting: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        link.challenges[ident] = waiting
        link.send(challenge.message(ident))
        try:
            return await asyncio.wait_for(asyncio.shield(waiting), self.answer_seconds)
        except TimeoutError:
            link.tell("timeout", f"challenge {ident}: no answer within {self.answer_seconds:g} s")
            return None
        except BotLeft:
            return None
        finally:
            link.challenges.pop(ident, None)
