"""A bot in its own process (``cmd:python mybot.py``): the engine's side of the protocol.

The bot program is started once per game (``start``) and stopped at its end (``finish``);
it sees the seat's view and legal actions as JSON and never a State: nothing of the game's
process is within its reach. A decision it loses (a crash, a time-out, an illegal or a
malformed answer) is a ``Forfeit`` in the results, and ``random`` decides in its place, so
the game goes on. A bot that never answers is stopped after a few time-outs in a row, so a
game costs at most that many time limits; a crashed bot is not restarted.
"""

from __future__ import annotations

import contextlib
import math
import os
import random
import shlex
import shutil
import time
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from sleuth.core import Action, Game, GameError, IllegalActionError, Outcome, View
from sleuth.core.said import said

from . import botproto as proto
from .base import Agent, Forfeit
from .botpipe import BotGone, BotProcess, BotTimeout, OversizedLine
from .random_agent import RandomAgent

CMD_PREFIX = "cmd:"
DEFAULT_TIME_LIMIT = 5.0
DEFAULT_STARTUP_LIMIT = 15.0
TIMEOUTS_BEFORE_STOP = 3
END_SECONDS = 1.0
# A bot spec may set these before the command: ``cmd:time=2:startup=20:python mybot.py``.
SPEC_PARAMETERS = ("time", "startup")


def bot_seed(rng: random.Random) -> int:
    """The seed sent in the hello, drawn from the seat's generator: the bot's own stream
    then replays with the tournament, and tells no more than that generator does."""
    return rng.getrandbits(64)


class RemoteAgent(Agent):
    name: ClassVar[str] = "cmd"

    def __init__(
        self,
        command: str,
        time_limit: float = DEFAULT_TIME_LIMIT,
        startup_limit: float = DEFAULT_STARTUP_LIMIT,
    ) -> None:
        for label, value in (("time", time_limit), ("startup", startup_limit)):
            if not math.isfinite(value) or value <= 0:
                raise GameError(
                    said(
                        "bot 'cmd:': %(label)s=%(value)s is not a positive number of seconds",
                        label=label,
                        value=str(value),
                    )
                )
        self.argv = _command_words(command)
        self.time_limit = time_limit
        self.startup_limit = startup_limit
        self._process: BotProcess | None = None
        self._game: Game[Any] | None = None
        self._seat = 0
        self._steps_played: Callable[[], int] = lambda: 0
        self._forfeits: list[Forfeit] = []
        self._fallback = RandomAgent()
        self._next_id = 1
        self._timeouts_in_row = 0
        # Why the bot takes no more decisions in this game: (problem, what happened).
        self._down: tuple[str, str] | None = None

    # --- the table's calls -----------------------------------------------------------------

    def start(
        self, game: Game[Any], seat: int, rng: random.Random, steps_played: Callable[[], int]
    ) -> None:
        self.finish(None)
        self._game, self._seat, self._steps_played = game, seat, steps_played
        self._forfeits, self._next_id, self._timeouts_in_row, self._down = [], 1, 0, None
        hello = proto.encode(proto.hello(game, seat, bot_seed(rng), self.time_limit))
        try:
            self._process = BotProcess(self.argv, proto.MAX_ANSWER_BYTES)
        except OSError as error:
            self._down = ("crash", f"it could not be started: {error}")
            return
        deadline = time.monotonic() + self.startup_limit
        try:
            self._process.send(hello, deadline)
            answer = proto.decode(self._process.read_line(deadline))
            if answer["type"] != "ready":
                raise proto.ProtocolError(f"expected 'ready', got type {answer['type']!r}")
        except BotTimeout:
            self._stop(("timeout", f"no 'ready' within {self.startup_limit:g} s of the hello"))
        except BotGone:
            self._stop(("crash", f"it ended at the hello: {self._process.exit_note()}"))
        except (proto.ProtocolError, OversizedLine) as error:
            self._stop(("malformed", f"its answer to the hello: {error}"))

    def act(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        action = self._decide(proto.TURN, view, legal, rng)
        if action is None:  # read_answer refuses "none" for a turn move: a bug if here
            raise RuntimeError("a turn move was declined")
        return action

    def interrupt(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action | None:
        return self._decide(proto.INTERRUPT, view, legal, rng)

    def finish(self, outcome: Outcome | None) -> None:
        process, self._process = self._process, None
        if process is None:
            return
        if self._down is None and process.running():
            with contextlib.suppress(BotTimeout, BotGone):  # it is stopped below either way
                process.send(proto.encode(proto.end(outcome)), time.monotonic() + END_SECONDS)
        process.stop()

    @property
    def forfeits(self) -> Sequence[Forfeit]:
        return tuple(self._forfeits)

    @property
    def pid(self) -> int | None:
        """The bot program's process id while it runs (for tests and monitors)."""
        return self._process.pid if self._process is not None else None

    # --- one decision ----------------------------------------------------------------------

    def _decide(
        self, decision: str, view: View, legal: Sequence[Action], rng: random.Random
    ) -> Action | None:
        game = self._game
        if game is None:
            raise RuntimeError("a cmd: bot takes decisions only between start() and finish()")
        step = self._steps_played() + 1
        process = self._process
        if self._down is not None or process is None:
            problem, why = self._down or ("crash", "it is not running")
            return self._forfeit(step, decision, problem, f"not running: {why}", view, legal, rng)
        ident, self._next_id = self._next_id, self._next_id + 1
        started = time.monotonic()
        deadline = started + self.time_limit
        message = proto.decide(
            ident,
            step,
            decision,
            self.time_limit,
            view.to_json(),
            proto.encode_legal(game, legal),
        )
        try:
            process.send(proto.encode(message), deadline)
        except BotTimeout:
            # Part of a line may be in the pipe: the stream cannot be trusted any more.
            why = f"it did not read the decision within {self.time_limit:g} s"
            self._stop(("timeout", f"stopped at step {step}: {why}"))
            return self._forfeit(step, decision, "timeout", why, view, legal, rng)
        except BotGone:
            return self._crashed(process, step, decision, view, legal, rng)
        try:
            action = self._answer(process, ident, decision, game, legal, deadline)
        except BotTimeout:
            self._timeouts_in_row += 1
            why = f"no answer within {self.time_limit:g} s"
            if self._timeouts_in_row >= TIMEOUTS_BEFORE_STOP:
                why += f"; stopped after {TIMEOUTS_BEFORE_STOP} time-outs in a row"
                self._stop(("timeout", f"stopped at step {step} after repeated time-outs"))
            return self._forfeit(step, decision, "timeout", why, view, legal, rng)
        except BotGone:
            return self._crashed(process, step, decision, view, legal, rng)
        except OversizedLine as error:
            self._timeouts_in_row = 0
            why = f"answer too long: {error}"
            return self._forfeit(step, decision, "malformed", why, view, legal, rng)
        except proto.ProtocolError as error:
            self._timeouts_in_row = 0
            return self._forfeit(step, decision, "malformed", f"answer: {error}", view, legal, rng)
        except IllegalActionError as error:
            self._timeouts_in_row = 0
            return self._forfeit(step, decision, "illegal", str(error), view, legal, rng)
        self._timeouts_in_row = 0
        return action

    def _answer(
        self,
        process: BotProcess,
        ident: int,
        decision: str,
        game: Game[Any],
        legal: Sequence[Action],
        deadline: float,
    ) -> Action | None:
        while True:
            message = proto.decode(process.read_line(deadline))
            late = message.get("id")
            if isinstance(late, int) and not isinstance(late, bool) and 0 < late < ident:
                continue  # the answer to an earlier decision that had timed out
            return proto.read_answer(message, ident, decision, game, legal)

    def _crashed(
        self,
        process: BotProcess,
        step: int,
        decision: str,
        view: View,
        legal: Sequence[Action],
        rng: random.Random,
    ) -> Action | None:
        note = process.exit_note()
        self._stop(("crash", f"it crashed at step {step}: {note}"))
        return self._forfeit(step, decision, "crash", note, view, legal, rng)

    def _forfeit(
        self,
        step: int,
        decision: str,
        problem: str,
        detail: str,
        view: View,
        legal: Sequence[Action],
        rng: random.Random,
    ) -> Action | None:
        self._forfeits.append(
            Forfeit(self._seat, step, decision, problem, detail, self._fallback.name)
        )
        if decision == proto.TURN:
            return self._fallback.act(view, legal, rng)
        return self._fallback.interrupt(view, legal, rng)

    def _stop(self, why: tuple[str, str]) -> None:
        self._down = why
        if self._process is not None:
            self._process.stop()


def command_agent(spec: str) -> RemoteAgent:
    """The agent for ``cmd:[time=S:][startup=S:]COMMAND``."""
    text = spec.strip()
    if not text.lower().startswith(CMD_PREFIX):
        raise GameError(said("bot %(spec)s: a program bot is written cmd:COMMAND", spec=repr(spec)))
    rest = text[len(CMD_PREFIX) :]
    values: dict[str, float] = {}
    while True:
        head, sep, tail = rest.partition(":")
        key, eq, value = head.strip().partition("=")
        if not (sep and eq and key in SPEC_PARAMETERS) or " " in head.strip():
            break
        if key in values:
            raise GameError(
                said(
                    "bot %(spec)s: parameter %(key)s is given twice", spec=repr(spec), key=repr(key)
                )
            )
        try:
            number = float(value)
        except ValueError:
            raise GameError(
                said(
                    "bot %(spec)s: %(key)s=%(value)s is not a number of seconds",
                    spec=repr(spec),
                    key=key,
                    value=repr(value),
                )
            ) from None
        values[key] = number
        rest = tail
    if not rest.strip():
        raise GameError(said("bot %(spec)s: no command after 'cmd:'", spec=repr(spec)))
    return RemoteAgent(
        rest,
        time_limit=values.get("time", DEFAULT_TIME_LIMIT),
        startup_limit=values.get("startup", DEFAULT_STARTUP_LIMIT),
    )


def _command_words(command: str) -> list[str]:
    """The command split as a shell would (no shell runs it), its program found."""
    try:
        words = shlex.split(command)
    except ValueError as error:
        raise GameError(
            said("bot 'cmd:%(command)s': %(reason)s", command=command, reason=str(error))
        ) from None
    if not words:
        raise GameError(said("bot 'cmd:%(command)s': no command", command=command))
    program = words[0]
    found = (
        os.path.isfile(program) and os.access(program, os.X_OK)
        if os.sep in program
        else shutil.which(program) is not None
    )
    if not found:
        raise GameError(
            said(
                "bot 'cmd:%(command)s': no program %(program)s found",
                command=command,
                program=repr(program),
            )
        )
    return words
