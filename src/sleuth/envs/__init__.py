"""Research environments on the exact engine: PettingZoo, Gymnasium, OpenSpiel and text.

Every registered game whose kit has an encoder (``sleuth.core.kit.ENCODER``) gets them::

    from sleuth.envs import pettingzoo_env, gymnasium_env
    env = pettingzoo_env("black-vienna", players=4)
    gym = gymnasium_env("black-vienna", players=4, opponents="deductive")

``sleuth.envs.openspiel.register()`` adds every such game to OpenSpiel (the ``openspiel``
extra). The libraries are imported only when an environment is made (the ``envs`` extra).
``parallel_env`` asks every seat that may act at once (PettingZoo's ``ParallelEnv``).
``text_env`` plays one seat of any registered game in words, for language-model agents
(``sleuth.envs.text``), and ``sleuth.envs.textarena_adapter.register()`` adds every game
to TextArena (the ``text`` extra).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .aec import SleuthAECEnv
    from .gym import SleuthGymEnv
    from .parallel import SleuthParallelEnv
    from .text_gym import SleuthTextEnv


def pettingzoo_env(game: str, players: int | None = None, **kwargs: Any) -> SleuthAECEnv:
    """The PettingZoo AEC environment of ``game`` (see ``sleuth.envs.aec``)."""
    from .aec import SleuthAECEnv

    return SleuthAECEnv(game, players, **kwargs)


def gymnasium_env(game: str, players: int | None = None, **kwargs: Any) -> SleuthGymEnv:
    """One seat of ``game`` as a Gymnasium environment, bots at the other seats (see
    ``sleuth.envs.gym``)."""
    from .gym import SleuthGymEnv

    return SleuthGymEnv(game, players, **kwargs)


def parallel_env(game: str, players: int | None = None, **kwargs: Any) -> SleuthParallelEnv:
    """The PettingZoo parallel environment of ``game`` (see ``sleuth.envs.parallel``)."""
    from .parallel import SleuthParallelEnv

    return SleuthParallelEnv(game, players, **kwargs)


def text_env(game: str, players: int | None = None, **kwargs: Any) -> SleuthTextEnv:
    """One seat of ``game`` in words, a Gymnasium-style text environment for language-model
    agents, bots at the other seats (see ``sleuth.envs.text_gym``)."""
    from .text_gym import SleuthTextEnv

    return SleuthTextEnv(game, players, **kwargs)


__all__ = ["gymnasium_env", "parallel_env", "pettingzoo_env", "text_env"]
