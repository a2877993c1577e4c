"""Random games' observations with the knowledge features, and the features' parts: for the
tests that check a game's features hold the truth of its deal (in each game's test folder)."""

from __future__ import annotations

import numpy as np

from sleuth.core import State, make_game
from sleuth.envs.table import Table, random_code


def knowledge_observations(
    game_name: str, players: int, seed: int, every: int = 3, **options: object
) -> list[tuple[State, int, np.ndarray, Table]]:
    """(state, seat, observation, table) at every ``every``-th step of a random game."""
    table = Table(make_game(game_name, players, **options), knowledge=True)
    table.reset(seed)
    rng = np.random.default_rng(seed)
    found: list[tuple[State, int, np.ndarray, Table]] = []
    step = 0
    while (decision := table.decision) is not None:
        if step % every == 0:
            seat = decision.seat
            found.append((table.state, seat, table.observe(seat), table))
        table.step(random_code(table.mask(decision.seat), table.drastic, rng, rate=0.02))
        step += 1
    return found


def parts(table: Table, observation: np.ndarray) -> tuple[float, np.ndarray, np.ndarray]:
    layout, k = table.observer.layout, table.encoder.knowledge
    assert k is not None
    cards = observation[layout.slice("knowledge.cards")].reshape(len(k.cards), len(k.places))
    valid = float(observation[layout.slice("knowledge.valid")][0])
    return valid, cards, observation[layout.slice("knowledge.solutions")]
