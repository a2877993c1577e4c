"""Research environments on the exact engine: PettingZoo, Gymnasium and OpenSpiel.

Every registered game whose kit has an encoder (``sleuth.core.kit.ENCODER``) gets them::

    from sleuth.envs import pettingzoo_env, gymnasium_env
    env = pettingzoo_env("black-vienna", players=4)
    gym = gymnasium_env("black-vienna", players=4, opponents="deductive")

``sleuth.envs.openspiel.register()`` adds every such game to OpenSpiel (the ``openspiel``
extra). The libraries are imported only when an environment is made (the ``envs`` extra).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .aec import SleuthAECEnv
    from .gym import SleuthGymEnv


def pettingzoo_env(game: str, players: int | None = None, **kwargs: Any) -> SleuthAECEnv:
    """The PettingZoo AEC environment of ``game`` (see ``sleuth.envs.aec``)."""
    from .aec import SleuthAECEnv

    return SleuthAECEnv(game, players, **kwargs)


def gymnasium_env(game: str, players: int | None = None, **kwargs: Any) -> SleuthGymEnv:
    """One seat of ``game`` as a Gymnasium environment, bots at the other seats (see
    ``sleuth.envs.gym``)."""
    from .gym import SleuthGymEnv

    return SleuthGymEnv(game, players, **kwargs)


__all__ = ["gymnasium_env", "pettingzoo_env"]
