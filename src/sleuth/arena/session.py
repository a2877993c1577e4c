"""A game between people and bots, one step at a time: the referee behind every front end.

The session holds the State; a front end asks it for views of one seat at a time and
hands it people's actions as text. Bots move when ``bot_step`` is called, so a front end
can pace them (a terminal shows each bot move for a moment).

``GameSession.start`` is how a game people play begins (``sleuth play``, the web service):
the seed, the salt of its commitment and every bot's generator come from the operating
system, and nothing the session shows or writes before the end holds the seed.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from sleuth.agents import Agent, Forfeit
from sleuth.core import Game, GameError, IllegalActionError, Outcome, State, View
from sleuth.core.errors import RecordError
from sleuth.core.events import Event, visible
from sleuth.core.record_files import save_record
from sleuth.core.records import Step, check_seed, make_record, play_step
from sleuth.core.rng import secret_salt, secret_seed
from sleuth.core.said import said, words_of
from sleuth.core.serialize import JSONValue
from sleuth.core.signing import commitment
from sleuth.core.turns import interrupt_order


class GameSession:
    """``controllers[seat]`` is the bot for that seat, or ``None`` for a person.

    ``seed`` deals the game; ``salt`` and ``bot_seeds`` default to fresh secrets (pass them
    only to repeat a session exactly, as tests do).
    """

    def __init__(
        self,
        game: Game[Any],
        seed: int,
        controllers: Sequence[Agent | None],
        *,
        salt: str | None = None,
        bot_seeds: Sequence[int] | None = None,
    ) -> None:
        if len(controllers) != game.players:
            raise GameError(f"{game.players} seats need {game.players} controllers")
        if bot_seeds is None:
            bot_seeds = [secret_seed() for _ in range(game.players)]
        if len(bot_seeds) != game.players:
            raise GameError(f"{game.players} seats need {game.players} bot seeds")
        self.game = game
        self._seed = check_seed(seed)
        self._salt = salt if salt is not None else secret_salt()
        self.commitment = commitment(self._seed, self._salt)
        self.controllers = list(controllers)
        self._state = game.new(self._seed)
        # Every state so far (the deal first): a front draws each seat's history from the
        # seat's views before and after each step.
        self._states: list[State] = [self._state]
        self._rngs = [random.Random(bot_seed) for bot_seed in bot_seeds]
        self.steps: list[Step] = []
        self._offered_at = -1
        self._closed = False
        for seat, agent in enumerate(self.controllers):
            if agent is not None:
                agent.start(game, seat, self._rngs[seat], self.steps.__len__)

    @classmethod
    def start(cls, game: Game[Any], controllers: Sequence[Agent | None]) -> GameSession:
        """A session whose deal nobody knows: a 128-bit seed from the operating system."""
        return cls(game, secret_seed(), controllers)

    # --- what a front end may ask ----------------------------------------------------------

    @property
    def humans(self) -> list[int]:
        return [seat for seat, c in enumerate(self.controllers) if c is None]

    @property
    def outcome(self) -> Outcome | None:
        return self._state.outcome

    def view(self, seat: int | None) -> View:
        return self._state.view(seat)

    def view_after(self, steps: int, seat: int | None) -> View:
        """What ``seat`` saw after the first ``steps`` steps (0: the deal)."""
        return self._states[steps].view(seat)

    def events_after(self, steps: int, seat: int | None) -> tuple[Event, ...]:
        """The events of the ``steps``-th step that ``seat`` may see (none for 0: the deal)."""
        return visible(self._states[steps].last_events(), seat)

    def reveal(self) -> Mapping[str, JSONValue] | None:
        """The hidden deal once the game is over (then public); ``None`` before."""
        return self._state.reveal() if self._state.outcome is not None else None

    def to_move(self) -> int | None:
        return self._state.to_move()

    def may_act(self, seat: int) -> bool:
        return seat in self._state.actors()

    def waiting_for_human(self) -> int | None:
        """The person the game waits on, once no bot wants to interrupt first."""
        mover = self._state.to_move()
        if mover is None or self.controllers[mover] is not None or self._bot_interrupt_pending():
            return None
        return mover

    def legal_actions(self, seat: int) -> Sequence[Any]:
        return self._state.legal_actions(seat)

    def act(self, seat: int, text: str) -> Step:
        """A person's action by notation; a ``GameError`` leaves everything as it was."""
        if self.controllers[seat] is not None:
            raise IllegalActionError(f"seat {seat} is played by a bot")
        action = self.game.parse_action(text)
        return self._apply(seat, action)

    def bot_step(self) -> Step | None:
        """Let one bot act (an interrupt, or the move the game waits on); ``None`` if none."""
        if self._state.outcome is not None:
            return None
        mover = self._state.to_move()
        if mover is None:
            return None
        if self._offered_at != len(self.steps):
            self._offered_at = len(self.steps)
            for seat in interrupt_order(self._state):
                agent = self.controllers[seat]
                if agent is None:
                    continue
                action = agent.interrupt(
                    self._state.view(seat), self._state.legal_actions(seat), self._rngs[seat]
                )
                if action is not None:
                    return self._apply(seat, action)
        agent = self.controllers[mover]
        if agent is None:
            return None
        action = agent.act(
            self._state.view(mover), self._state.legal_actions(mover), self._rngs[mover]
        )
        return self._apply(mover, action)

    def replay(self, steps: Sequence[Step]) -> None:
        """Re-apply the steps of a game saved in progress, bots' moves too (no bot is asked).
        Each must be legal and give its saved result: else a ``RecordError`` naming the step,
        and the session is left as it was."""
        states, count = list(self._states), len(self.steps)
        try:
            for number, step in enumerate(steps, start=count + 1):
                try:
                    action = self.game.parse_action(step.action)
                    self._state, done = play_step(self._state, step.seat, action)
                except GameError as error:
                    raise RecordError(
                        said(
                            "%(action)s by seat %(seat)s: %(reason)s",
                            action=repr(step.action),
                            seat=step.seat,
                            reason=words_of(error) or str(error),
                        ),
                        number,
                    ) from None
                if done.result != step.result:
                    raise RecordError(
                        said(
                            "%(action)s gives %(result)s, not the saved %(saved)s",
                            action=repr(step.action),
                            result=repr(done.result),
                            saved=repr(step.result),
                        ),
                        number,
                    )
                self._states.append(self._state)
                self.steps.append(done)
        except RecordError:
            self._states, self._state = states, states[-1]
            del self.steps[count:]
            raise
        if self._state.outcome is not None:
            self.close()

    @property
    def forfeits(self) -> list[Forfeit]:
        """Decisions bots lost (a bot program that crashed, timed out or answered wrongly)."""
        found = [f for agent in self.controllers if agent is not None for f in agent.forfeits]
        return sorted(found, key=lambda f: f.step)

    def close(self) -> None:
        """Let the bots go (a bot program is stopped); at the end of a game, or on leaving."""
        if not self._closed:
            self._closed = True
            for agent in self.controllers:
                if agent is not None:
                    agent.finish(self._state.outcome)

    def secrets_to_save(self) -> tuple[int, str]:
        """The seed and salt, for a game saved in progress to be resumed (``arena.saves``):
        the one place they leave the session before the end, into a file the person was
        warned holds the deal."""
        return self._seed, self._salt

    def record(self) -> dict[str, JSONValue]:
        """The record so far: public steps and the commitment until the end, then all."""
        return make_record(self.game, self._seed, self._salt, self.steps, self._state)

    def save(self, folder: Path) -> Path:
        folder.mkdir(parents=True, exist_ok=True)
        name = f"{self.game.name}-{self.commitment[:12]}-{len(self.steps)}steps.json"
        path = folder / name
        save_record(self.record(), path)
        return path

    # --- inside ----------------------------------------------------------------------------

    def _bot_interrupt_pending(self) -> bool:
        return self._offered_at != len(self.steps) and any(
            self.controllers[s] is not None for s in self._state.actors()
        )

    def _apply(self, seat: int, action: Any) -> Step:
        self._state, step = play_step(self._state, seat, action)
        self._states.append(self._state)
        self.steps.append(step)
        if self._state.outcome is not None:
            self.close()
        return step
