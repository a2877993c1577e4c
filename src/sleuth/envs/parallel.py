"""PettingZoo ``ParallelEnv`` environments: every seat that may act now is asked at once.

``parallel_env(game, players=4)`` asks, at each step, every seat the rules let act at this
moment: the seat the game waits on, and every seat that may act out of turn (an accusation
at any moment, mysteries chosen in any order), each with ``wait`` to let the moment pass.
That is the simultaneous view the rules themselves take; the AEC environment
(``sleuth.envs.aec``) offers the same moment one seat at a time instead.

The actions of one step are taken in the order every front uses (``core.turns``: the seats
acting out of turn from the seat after the mover round the table, then the mover): the
first is taken as chosen; each later one is taken if it is still legal once the earlier
ones are, else it is void (``infos[agent]["void"]`` names it), as a move the table has
overtaken. Seats not asked get an all-zero mask and their action is ignored (PettingZoo's
samplers give 0 for an empty mask). Observations, codes, rewards, ``illegal`` and
``max_steps`` are those of the AEC environment; an illegal action raises by default and
changes nothing, or with ``illegal="penalty"`` ends the game with ``penalty`` for each seat
that took one. A game where only one seat ever acts at a time (a turn-based one) works too:
each step then asks that seat alone. Factored actions (``actions="factored"``) take several
decisions per move and are refused here: use the AEC environment for them.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import gymnasium
import numpy as np
from pettingzoo import ParallelEnv

from sleuth.core import GameError, IllegalActionError, InvalidActionError
from sleuth.core.turns import interrupt_order

from .aec import (
    ILLEGAL_DEFAULT,
    RENDER_FPS,
    RENDER_MODES,
    ObsDict,
    action_code,
    agent_name,
    check_env_options,
    observation_space,
)
from .table import Decision, EnvError, Mask, Table, check_reward, make_table_game

Step = tuple[
    dict[str, ObsDict],
    dict[str, float],
    dict[str, bool],
    dict[str, bool],
    dict[str, dict[str, Any]],
]


class SleuthParallelEnv(ParallelEnv[str, ObsDict, int]):  # type: ignore[misc]  # untyped library
    """One Sleuth game as a PettingZoo parallel environment (see the module's docstring)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": list(RENDER_MODES),
        "render_fps": RENDER_FPS,
        "name": "sleuth_parallel",
    }

    def __init__(
        self,
        game: str,
        players: int | None = None,
        *,
        reward: str = "score",
        illegal: str = ILLEGAL_DEFAULT,
        penalty: float = -1.0,
        knowledge: bool = False,
        actions: str = "flat",
        max_steps: int | None = None,
        render_mode: str | None = None,
        **options: object,
    ) -> None:
        check_env_options(illegal, render_mode, max_steps)
        if actions != "flat":
            raise EnvError(
                f"actions={actions!r}: the parallel environment takes flat actions only "
                "(a factored move takes several decisions of one seat: use pettingzoo_env)"
            )
        self.game = make_table_game(game, players, dict(options))
        self.table = Table(self.game, knowledge=knowledge)
        self.reward_kind = check_reward(reward)
        self.illegal, self.penalty = illegal, float(penalty)
        self.max_steps, self.render_mode = max_steps, render_mode
        self.possible_agents = [agent_name(s) for s in range(self.game.players)]
        self.agents: list[str] = []
        self._seeds = random.Random()
        self._steps = 0
        self._reset_done = False
        self._nothing: Mask = np.zeros(self.table.num_actions, dtype=np.int8)
        # PettingZoo asks for the very same space object each time.
        self.observation_spaces = {
            name: observation_space(self.table) for name in self.possible_agents
        }
        self.action_spaces = {
            name: gymnasium.spaces.Discrete(self.table.num_actions) for name in self.possible_agents
        }

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[ObsDict]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Discrete:
        return self.action_spaces[agent]

    @property
    def wait_action(self) -> int:
        return self.table.wait_code

    def action_name(self, code: int) -> str:
        return self.table.action_name(code)

    # --- who is asked ----------------------------------------------------------------------

    def asked(self) -> dict[int, bool]:
        """The seats asked now, each with whether it acts out of turn (may ``wait``)."""
        state = self.table.state
        mover = state.to_move()
        if state.outcome is not None or mover is None:
            return {}
        return {**dict.fromkeys(interrupt_order(state), True), mover: False}

    def _masks(self) -> dict[int, Mask]:
        asked = self.asked()
        nothing = self._nothing
        return {
            seat: self.table.legal_mask(seat, asked[seat]) if seat in asked else nothing
            for seat in range(self.game.players)
        }

    def _observations(self) -> dict[str, ObsDict]:
        asked = self.asked()
        masks = self._masks()
        out = {}
        for seat, name in enumerate(self.possible_agents):
            decision = Decision(seat, asked[seat]) if seat in asked else None
            observation = self.table.observer.observe(self.table.state, seat, decision)
            out[name] = {"observation": observation, "action_mask": masks[seat].copy()}
        return out

    # --- the episode -----------------------------------------------------------------------

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, ObsDict], dict[str, dict[str, Any]]]:
        """A new game: ``seed`` is the deal's seed, as in the AEC environment."""
        if seed is not None:
            self._seeds = random.Random(seed)
            game_seed = seed
        else:
            game_seed = self._seeds.getrandbits(63)
        self.table.reset(game_seed)
        self.seed_used = game_seed
        self.agents = list(self.possible_agents)
        self._steps = 0
        self._reset_done = True
        return self._observations(), {name: {} for name in self.agents}

    def step(self, actions: dict[str, int]) -> Step:
        if not self._reset_done:
            raise EnvError("step: call reset() first")
        if not self.agents:
            raise EnvError("step: the game is over, call reset()")
        chosen = self._chosen(actions)
        illegal = self._illegal(chosen)
        if illegal:
            return self._end_illegal(illegal)
        infos: dict[str, dict[str, Any]] = {name: {} for name in self.agents}
        self._take(chosen, infos)
        self._steps += 1
        names = list(self.agents)
        over = self.table.over
        truncated = not over and self.max_steps is not None and self._steps >= self.max_steps
        rewards = dict.fromkeys(names, 0.0)
        if over:
            outcome = self.table.state.outcome
            for name, value in zip(names, self.table.rewards(self.reward_kind), strict=True):
                rewards[name] = value
                if outcome is not None:
                    infos[name].update(scores=list(outcome.scores), winners=list(outcome.winners))
        observations = self._observations()
        if over or truncated:
            self.agents = []
        return (
            observations,
            rewards,
            dict.fromkeys(names, over),
            dict.fromkeys(names, truncated),
            infos,
        )

    def _chosen(self, actions: dict[str, int]) -> dict[int, int]:
        """The code of every seat asked, in the order they are taken; ``InvalidActionError``
        if one is missing or no integer (other seats' actions are ignored)."""
        asked = self.asked()
        order = [seat for seat in interrupt_order(self.table.state) if seat in asked]
        order += [seat for seat in asked if seat not in order]
        chosen = {}
        for seat in order:
            name = self.possible_agents[seat]
            if name not in actions:
                raise InvalidActionError(f"{name} is asked now and gave no action")
            chosen[seat] = action_code(actions[name])
        return chosen

    def _illegal(self, chosen: dict[int, int]) -> dict[int, str]:
        """Each seat whose code is outside its mask, with the reason; raises with
        ``illegal="raise"`` (and nothing changes)."""
        masks = self._masks()
        wrong = {}
        for seat, code in chosen.items():
            if not 0 <= code < self.table.num_actions:
                reason = (
                    f"action {code} is outside the action space (0-{self.table.num_actions - 1})"
                )
            elif masks[seat][code]:
                continue
            elif code == self.table.wait_code:
                reason = f"seat {seat} cannot wait now: the game waits on it"
            else:
                reason = (
                    f"action {code} ({self.action_name(code)}) is not legal for seat {seat} now"
                )
            if self.illegal == "raise":
                raise IllegalActionError(reason)
            wrong[seat] = reason
        return wrong

    def _take(self, chosen: dict[int, int], infos: dict[str, dict[str, Any]]) -> None:
        table = self.table
        actions = table.encoder.actions
        for seat, code in chosen.items():
            if code == table.wait_code:
                continue
            action = actions.action(code)
            name = self.possible_agents[seat]
            try:
                table.play(seat, action)
            except GameError as error:  # overtaken by an earlier action of this step
                infos[name]["void"] = f"{action}: {error}"

    def _end_illegal(self, illegal: dict[int, str]) -> Step:
        names = list(self.agents)
        rewards = {
            name: (self.penalty if seat in illegal else 0.0)
            for seat, name in enumerate(self.possible_agents)
        }
        infos: dict[str, dict[str, Any]] = {name: {} for name in names}
        for seat, reason in illegal.items():
            infos[self.possible_agents[seat]]["illegal"] = reason
        observations = self._observations()
        self.agents = []
        return observations, rewards, dict.fromkeys(names, True), dict.fromkeys(names, False), infos

    def render(self) -> str | None:
        if not self._reset_done:
            raise EnvError("render: call reset() first")
        text = str(self.table.state.view(None).render())
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release: the engine holds no resource."""


def parallel_env(game: str, players: int | None = None, **kwargs: Any) -> SleuthParallelEnv:
    """The PettingZoo parallel environment of ``game`` (any name or alias)."""
    return SleuthParallelEnv(game, players, **kwargs)
