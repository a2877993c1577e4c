"""Tournaments: many games between named bots, seats rotated, run on processes or Ray.

Every game is a pure function of (game config, bot names, seating, seed, bot seeds, salt),
so the results do not depend on the backend, the number of workers or the order in which
games finish. The deals come from the tournament's ``seed``: ``sleuth arena`` draws a
secret one unless ``--seed`` names it, since a known seed lets a bot find the deal from its
own hand, and under a secret one no game's derived seed tells another's. The bots'
generators and the records' salts come from its secret ``key`` (``keyed_seed``), so that no
bot can search back from its own generator to the deal. The seed and key are recorded with
the results once the games are over: the same seed and key play the same tournament again.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from sleuth.agents import Agent, Forfeit, make_agent
from sleuth.core import Action, Game, Outcome, View, derive_seed, find_game
from sleuth.core.records import Step
from sleuth.core.rng import keyed_salt, keyed_seed, secret_key
from sleuth.core.serialize import JSONValue

from .match import play_match


@dataclass(frozen=True)
class GameSpec:
    """One game of a tournament: everything needed to play it anywhere."""

    index: int
    game: str
    config: dict[str, JSONValue]
    seating: tuple[str, ...]
    seed: int
    bot_seeds: tuple[int, ...]
    salt: str


@dataclass(frozen=True)
class GameResult:
    index: int
    seating: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str
    steps: int
    decisions: tuple[int, ...]
    think_seconds: tuple[float, ...]
    record: dict[str, JSONValue]
    # Questions asked before the winner's accusation, in games won by accusing: by the whole
    # table, and by the winner itself.
    questions_to_win: int | None = None
    own_questions_to_win: int | None = None
    # Decisions a bot lost, with what happened (``sleuth.agents.base.Forfeit``).
    forfeits: tuple[Forfeit, ...] = ()


def questions_before_win(steps: Sequence[Step], winners: tuple[int, ...]) -> tuple[int, int] | None:
    """(questions the table asked, questions the accuser asked) before the winning
    accusation, if there was one."""
    asked: list[int] = []
    for step in steps:
        kind = step.action.split(" ", 1)[0]
        if kind == "accuse" and step.seat in winners:
            return len(asked), asked.count(step.seat)
        if kind == "ask":
            asked.append(step.seat)
    return None


def schedule(
    game: str,
    config: dict[str, JSONValue],
    bots: Sequence[str],
    games: int,
    seed: int,
    key: bytes | None = None,
) -> list[GameSpec]:
    """Game i seats the bots rotated by i places, so each bot plays each seat equally often.

    ``key`` (default: a fresh secret) keys the bots' generators and the salts; a caller that
    wants to play the tournament again passes the same key (and keeps it with the results).
    """
    key = secret_key() if key is None else key
    n = len(bots)
    return [
        GameSpec(
            index=i,
            game=game,
            config=config,
            seating=tuple(bots[(seat - i) % n] for seat in range(n)),
            seed=derive_seed(seed, "arena", i),
            bot_seeds=tuple(keyed_seed(key, "bot", i, seat) for seat in range(n)),
            salt=keyed_salt(key, i),
        )
        for i in range(games)
    ]


class _Timed(Agent):
    """Wraps an agent to count its decisions and the time it takes over them."""

    name = "timed"

    def __init__(self, inner: Agent) -> None:
        self.inner = inner
        self.decisions = 0
        self.seconds = 0.0

    def act(self, view: View, legal: Sequence[Action], rng: Any) -> Action:
        started = time.perf_counter()
        action = self.inner.act(view, legal, rng)
        self.seconds += time.perf_counter() - started
        self.decisions += 1
        return action

    def interrupt(self, view: View, legal: Sequence[Action], rng: Any) -> Action | None:
        started = time.perf_counter()
        action = self.inner.interrupt(view, legal, rng)
        self.seconds += time.perf_counter() - started
        if action is not None:
            self.decisions += 1
        return action

    def start(
        self, game: Game[Any], seat: int, rng: random.Random, steps_played: Callable[[], int]
    ) -> None:
        self.inner.start(game, seat, rng, steps_played)

    def finish(self, outcome: Outcome | None) -> None:
        self.inner.finish(outcome)

    @property
    def forfeits(self) -> Sequence[Forfeit]:
        return self.inner.forfeits


def play_spec(spec: GameSpec) -> GameResult:
    game = find_game(spec.game).from_config_json(spec.config)
    agents = [_Timed(make_agent(name, game.name)) for name in spec.seating]
    result = play_match(game, agents, spec.seed, bot_seeds=spec.bot_seeds, salt=spec.salt)
    to_win = questions_before_win(result.steps, result.outcome.winners)
    return GameResult(
        index=spec.index,
        seating=spec.seating,
        scores=result.outcome.scores,
        winners=result.outcome.winners,
        reason=result.outcome.reason,
        steps=len(result.steps),
        decisions=tuple(a.decisions for a in agents),
        think_seconds=tuple(a.seconds for a in agents),
        record=result.record,
        questions_to_win=to_win[0] if to_win else None,
        own_questions_to_win=to_win[1] if to_win else None,
        forfeits=result.forfeits,
    )


def run_specs(
    specs: Sequence[GameSpec],
    workers: int = 1,
    backend: str = "process",
    progress: Callable[[int, int], None] | None = None,
    ray_address: str | None = None,
) -> list[GameResult]:
    """Play every game; results come back sorted by game index whatever the backend."""
    if backend == "ray":
        from .ray_backend import run_on_ray

        results = run_on_ray(specs, progress, ray_address, workers)
    elif backend == "process":
        results = list(_run_processes(specs, workers, progress))
    else:
        raise ValueError(f"backend {backend!r}: choose process or ray")
    return sorted(results, key=lambda r: r.index)


def _run_processes(
    specs: Sequence[GameSpec], workers: int, progress: Callable[[int, int], None] | None
) -> Iterable[GameResult]:
    if workers <= 1:
        for done, spec in enumerate(specs, start=1):
            yield play_spec(spec)
            if progress:
                progress(done, len(specs))
        return
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=workers) as pool:
        chunk = max(1, len(specs) // (workers * 8))
        for done, result in enumerate(pool.map(play_spec, specs, chunksize=chunk), start=1):
            yield result
            if progress:
                progress(done, len(specs))
