"""Every Sleuth game as a TextArena environment, for its agents and harness (``text`` extra).

``register()`` adds each registered game as ``Sleuth<Title>-v0`` (its title's words run
together; ``env_id(game)`` gives it) with TextArena's usual wrappers (the observations as
one growing text, actions put in brackets), and ``...-v0-raw`` without them::

    import textarena as ta
    from sleuth.envs.textarena_adapter import register
    register()
    env = ta.make(env_id(game))
    env.reset(num_players=4, seed=7)
    done = False
    while not done:
        player_id, observation = env.get_observation()
        done, info = env.step(action=agents[player_id](observation))
    rewards, game_info = env.close()

Players are the seats. Each seat gets the rules in short when the game starts; whenever it
is asked it gets the table as it sees it, what happened since it was last told (from its
own views and the events it may see: ``sleuth.envs.text``) and its legal moves with
examples. Answers are never passed on to the other players (an action's text can hold what
only its actor may know): they learn of a move from their own history. Out-of-turn offers
(an accusation before another seat's move) come as a turn of their own that ``wait`` lets
pass (``interrupts="none"``: none). An answer that names no legal move gets the error with
legal examples and the seat answers again; after ``retries`` such answers in a row the
``illegal`` policy applies: ``penalty`` (here the default, TextArena's custom) ends the game
with ``penalty`` for that seat and 0 for the others, ``raise`` raises the ``AnswerError``.
Rewards are ``win-lose`` (TextArena's) unless ``reward`` says otherwise.
"""

from __future__ import annotations

import re
from typing import Any

import textarena as ta
from textarena.envs.registration import ENV_REGISTRY

from sleuth.core import all_kits, find_kit
from sleuth.core.rng import secret_seed

from .table import EnvError, check_reward, outcome_rewards
from .text import AnswerError, Asked, TextTable, decision_text, rules_text
from .text_gym import RETRIES, check_illegal, check_retries, make_game

VERSION = "v0"


def env_id(game: str) -> str:
    """The TextArena id of a game (any name or alias): ``Sleuth`` and its title's words."""
    title = find_kit(game).game.title
    return "Sleuth" + "".join(word[:1].upper() + word[1:] for word in re.findall(r"\w+", title))


class SleuthArenaEnv(ta.Env):  # type: ignore[misc]  # untyped library
    """One Sleuth game for TextArena (see the module's docstring)."""

    def __init__(
        self,
        game: str,
        *,
        interrupts: str = "offer",
        retries: int = RETRIES,
        illegal: str = "penalty",
        penalty: float = -1.0,
        reward: str = "win-lose",
        **options: object,
    ) -> None:
        self.game_name = find_kit(game).name
        self.interrupts = interrupts
        if interrupts not in ("offer", "none"):
            raise EnvError(f"interrupts is one of offer, none, not {interrupts!r}")
        self.retries = check_retries(retries)
        self.illegal, self.penalty = check_illegal(illegal), float(penalty)
        self.reward_kind = check_reward(reward)
        self.options = dict(options)
        self.table: TextTable | None = None
        self._told: list[int] = []
        self._invalid = 0

    def reset(self, num_players: int, seed: int | None = None) -> None:
        """A new game for ``num_players`` seats; ``seed`` deals it (else a secret seed).
        TextArena's state gets no seed: it would reseed Python's global generator."""
        game = make_game(self.game_name, num_players, self.options)
        self.table = TextTable(game, self.interrupts)
        self.table.reset(seed if seed is not None else secret_seed())
        self._told = [0] * num_players
        self._invalid = 0
        self.state = ta.FFAMultiPlayerState(num_players=num_players, error_allowance=self.retries)
        self.state.reset(
            game_state={"game": game.name},
            player_prompt_function=lambda player_id, game_state: self._prompt(player_id),
        )
        self._ask_next()

    def _prompt(self, seat: int) -> str:
        table = self._table()
        return (
            f"{rules_text(table.game)}\n\nYou play seat {seat} of {table.game.players}. "
            "When you are asked, answer with exactly one move in the notation above "
            "(e.g. 'Action: <move>')."
        )

    def _table(self) -> TextTable:
        if self.table is None:
            raise EnvError("call reset(num_players) first")
        return self.table

    def _ask_next(self) -> None:
        """Tell the seat asked now where it stands, or everyone how the game ended."""
        table = self._table()
        asked = table.asked
        if asked is None:
            self._finish()
            return
        self.state.manually_set_current_player_id(asked.seat, force=True)
        self._tell(asked.seat)

    def _tell(self, seat: int) -> None:
        table = self._table()
        text = table.situation(seat, with_rules=False, since=self._told[seat])
        self._told[seat] = len(table.played)
        self.state.add_observation(
            text, ta.ObservationType.GAME_BOARD, from_id=ta.GAME_ID, to_id=seat
        )

    def step(self, action: str) -> tuple[bool, dict[str, Any]]:
        table = self._table()
        asked = table.asked
        if asked is None:
            raise EnvError("step: the game is over")
        try:
            table.answer(action)
        except AnswerError as error:
            self._refuse(asked.seat, asked.interrupt, error)
            return self.state.step(rotate_player=False)  # type: ignore[no-any-return]
        self._invalid = 0
        self._ask_next()
        return self.state.step(rotate_player=False)  # type: ignore[no-any-return]

    def _refuse(self, seat: int, may_wait: bool, error: AnswerError) -> None:
        table = self._table()
        self._invalid += 1
        if self._invalid <= self.retries:
            self.state.add_observation(
                f"Your answer was not played: {error}. Answer again.\n\n"
                + decision_text(table.state, seat, Asked(seat, may_wait), len(table.played)),
                ta.ObservationType.GAME_ADMIN,
                from_id=ta.GAME_ID,
                to_id=seat,
            )
            return
        if self.illegal == "raise":
            raise error
        self.state.game_info[seat]["invalid_move"] = True
        rewards = {s: (self.penalty if s == seat else 0.0) for s in range(self.state.num_players)}
        self.state.set_game_outcome(rewards, f"seat {seat} gave no legal move: {error}")

    def _finish(self) -> None:
        table = self._table()
        outcome = table.state.outcome
        players = table.game.players
        for seat in range(players):
            self._tell(seat)
        rewards = outcome_rewards(outcome, players, self.reward_kind)
        winners = ", ".join(f"seat {s}" for s in outcome.winners) if outcome else ""
        scores = ", ".join(map(str, outcome.scores)) if outcome else ""
        self.state.set_game_outcome(
            dict(enumerate(rewards)), f"Winners: {winners or 'nobody'}. Scores: {scores}."
        )


def register() -> list[str]:
    """Register every Sleuth game with TextArena (once; again does nothing): its ids."""
    wrappers = [ta.wrappers.LLMObservationWrapper, ta.wrappers.ActionFormattingWrapper]
    ids = []
    for kit in all_kits():
        name = env_id(kit.name)
        for suffix, default in ((f"-{VERSION}", wrappers), (f"-{VERSION}-raw", None)):
            if name + suffix not in ENV_REGISTRY:
                ta.register(
                    id=name + suffix,
                    entry_point=SleuthArenaEnv,
                    default_wrappers=default,
                    game=kit.name,
                )
        ids.append(f"{name}-{VERSION}")
    return ids


__all__ = ["SleuthArenaEnv", "env_id", "register"]
