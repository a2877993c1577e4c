"""One seat of a Sleuth game as a Gymnasium-style text environment; bots play the others.

``sleuth.envs.text_env(game, players=4, opponents="deductive")`` (any registered game):
``reset(seed=...)`` returns ``(text, info)`` and ``step(answer)`` returns ``(text, reward,
terminated, truncated, info)``, where ``text`` is the seat's whole situation in words
(``sleuth.envs.text``: the rules in short, the table as the seat sees it, the history as it
saw it, its legal moves with examples) and ``answer`` is the agent's free text. Each
observation stands alone, so a model can be called afresh at every decision.

An answer that names no legal move returns the error and the situation again (``info
["invalid"]``, ``info["retries_left"]``), with reward 0 and nothing changed; after
``retries`` such answers in a row the ``illegal`` policy of every Sleuth environment
applies: ``raise`` (the default) raises the ``AnswerError``, ``penalty`` ends the episode
with ``penalty``. Opponents, rewards, ``interrupts`` and the bots' keyed generators are
those of ``sleuth.envs.gym``. Unlike the coded environments it needs no encoder: every
registered game has one.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from sleuth.agents import Agent, make_agent
from sleuth.core import Game, GameError, find_kit
from sleuth.core.rng import keyed_seed, secret_key

from .aec import ILLEGAL, ILLEGAL_DEFAULT
from .table import EnvError, check_reward, outcome_rewards
from .text import AnswerError, TextTable

RETRIES = 2  # invalid answers forgiven in a row before the illegal policy applies
INTERRUPTS = ("offer", "none", "own")

StepResult = tuple[str, float, bool, bool, dict[str, Any]]


def make_game(name: str, players: int | None, options: dict[str, object]) -> Game[Any]:
    """The configured game of any registered name or alias (its fewest players by default)."""
    game_type = find_kit(name).game
    count = game_type.min_players if players is None else players
    return game_type.configure(count, **options)


def check_retries(retries: object) -> int:
    if type(retries) is not int or retries < 0:
        raise EnvError(f"retries is a whole number of answers, 0 or more, not {retries!r}")
    return retries


def check_illegal(illegal: str) -> str:
    if illegal not in ILLEGAL:
        raise EnvError(f"illegal is one of {', '.join(ILLEGAL)}, not {illegal!r}")
    return illegal


class SleuthTextEnv:
    """A single seat's game in words (see the module's docstring)."""

    def __init__(
        self,
        game: str,
        players: int | None = None,
        *,
        seat: int = 0,
        opponents: str | Sequence[str] = "random",
        reward: str = "score",
        illegal: str = ILLEGAL_DEFAULT,
        penalty: float = -1.0,
        retries: int = RETRIES,
        interrupts: str = "offer",
        max_steps: int | None = None,
        bot_key: bytes | None = None,
        **options: object,
    ) -> None:
        self.illegal, self.penalty = check_illegal(illegal), float(penalty)
        self.retries = check_retries(retries)
        self.reward_kind = check_reward(reward)
        if interrupts not in INTERRUPTS:
            raise EnvError(f"interrupts is one of {', '.join(INTERRUPTS)}, not {interrupts!r}")
        if max_steps is not None and (type(max_steps) is not int or max_steps < 1):
            raise EnvError(f"max_steps is a positive number of steps, not {max_steps!r}")
        if bot_key is not None and (not isinstance(bot_key, bytes) or len(bot_key) < 16):
            raise EnvError("bot_key: at least 16 bytes (a secret key for the bots' generators)")
        self.game = make_game(game, players, dict(options))
        count = self.game.players
        if type(seat) is not int or not 0 <= seat < count:
            raise EnvError(f"seat {seat!r} is not a seat of this {count}-player game")
        specs = [opponents] * (count - 1) if isinstance(opponents, str) else list(opponents)
        if len(specs) != count - 1:
            raise EnvError(f"opponents: {count - 1} bot specs needed, got {len(specs)}")
        self.seat, self.max_steps = seat, max_steps
        self.bot_key = bot_key if bot_key is not None else secret_key()
        others = [s for s in range(count) if s != seat]
        self.opponents = dict(zip(others, specs, strict=True))
        self.bots: dict[int, Agent] = {
            s: make_agent(spec, self.game.name) for s, spec in self.opponents.items()
        }
        self.table = TextTable(self.game, "none" if interrupts == "none" else "offer")
        if interrupts == "own":
            self.table.unoffered = frozenset({seat})
        self._seeds = random.Random()
        self._rngs: dict[int, random.Random] = {}
        self._playing = False
        self._done = True
        self._steps = 0
        self._invalid = 0

    # --- the episode -----------------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[str, dict[str, Any]]:
        """A new game: ``seed`` is the deal's seed (the same seed, the same game)."""
        self._finish_bots(None)
        if seed is not None:
            self._seeds = random.Random(seed)
            game_seed = seed
        else:
            game_seed = self._seeds.getrandbits(63)
        self.seed_used = game_seed
        self.table.reset(game_seed)
        self._rngs = {
            s: random.Random(keyed_seed(self.bot_key, "bot", game_seed, s)) for s in self.bots
        }
        for s, bot in self.bots.items():
            bot.start(self.game, s, self._rngs[s], self.table.played.__len__)
        self._playing, self._done, self._steps, self._invalid = True, False, 0, 0
        self._advance()
        info = self._end_info() if self.table.over else {}
        if self.table.over:
            self._done = True
            self._finish_bots(self.table.state.outcome)
        return self.observe(), info

    def observe(self) -> str:
        """The seat's situation now, in words."""
        return self.table.situation(self.seat)

    def step(self, answer: str) -> StepResult:
        """Take the agent's free-text answer (see the module's docstring)."""
        if self._done:
            raise EnvError("step: the episode is over, call reset()")
        try:
            self.table.answer(answer)
        except AnswerError as error:
            return self._invalid_answer(error)
        self._invalid = 0
        self._steps += 1
        self._advance()
        if self.table.over:
            self._done = True
            self._finish_bots(self.table.state.outcome)
            reward = outcome_rewards(self.table.state.outcome, self.game.players, self.reward_kind)
            return self.observe(), reward[self.seat], True, False, self._end_info()
        truncated = self.max_steps is not None and self._steps >= self.max_steps
        if truncated:
            self._done = True
            self._finish_bots(None)
        return self.observe(), 0.0, False, truncated, {}

    def _invalid_answer(self, error: AnswerError) -> StepResult:
        self._invalid += 1
        if self._invalid <= self.retries:
            left = self.retries - self._invalid
            text = f"Your answer was not played: {error}.\n\n{self.observe()}"
            return text, 0.0, False, False, {"invalid": str(error), "retries_left": left}
        if self.illegal == "raise":
            raise error
        self._done = True
        self._finish_bots(None)
        return self.observe(), self.penalty, True, False, {"illegal": str(error)}

    def _advance(self) -> None:
        """Let the bots decide until the seat is asked or the game is over."""
        table = self.table
        while (asked := table.asked) is not None and asked.seat != self.seat:
            seat, bot = asked.seat, self.bots[asked.seat]
            state = table.state
            view, legal, rng = state.view(seat), state.legal_actions(seat), self._rngs[seat]
            if asked.interrupt:
                action = bot.interrupt(view, legal, rng)
            else:
                action = bot.act(view, legal, rng)
            try:
                table.take(action)
            except GameError as error:
                spec = self.opponents[seat]
                raise EnvError(f"bot {spec!r} at seat {seat} chose {action}: {error}") from error

    def _end_info(self) -> dict[str, Any]:
        outcome = self.table.state.outcome
        if outcome is None:
            return {}
        return {"scores": list(outcome.scores), "winners": list(outcome.winners)}

    def _finish_bots(self, outcome: Any) -> None:
        if self._playing:
            self._playing = False
            for bot in self.bots.values():
                bot.finish(outcome)

    def close(self) -> None:
        self._finish_bots(None)
