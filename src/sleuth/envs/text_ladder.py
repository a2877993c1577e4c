"""Text agents on the leaderboard (``sleuth ladder --text-entrant``): an agent that answers
in words plays one seat of ``text_env`` against another competitor at every other seat, its
seat rotated game by game, and each game comes back as the arena's ``GameResult``.

An agent is a factory ``make(seed) -> answer`` where ``answer(situation: str) -> str``
(a scripted agent, or a call to a model server). Bounded as the text env bounds it: an
answer that names no legal move gets the error and a retry (``RETRIES`` in a row), then the
game stops and is scored as lost for the agent, as is an answer that raises or takes longer
than its think time; the note says why. Deals and the bots' generators come from the seed
and a fixed key.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any

from sleuth.agents import Forfeit
from sleuth.arena.tournament import GameResult
from sleuth.core import Game, GameError, derive_seed

from .text_gym import SleuthTextEnv

Answer = Callable[[str], str]
KEY = b"sleuth leaderboard text agents"
STOPPED = "nobody: the game stopped"
THINK_TIME = 60.0  # seconds an answer is waited for (a model server can be slow)


class AnswerTimeout(Exception):
    """A text agent that did not answer in time."""


def _bounded(answer: Answer, seconds: float) -> Answer:
    """``answer`` waited for at most ``seconds``: a thread that runs over is left behind
    (Python cannot stop it) and the game goes on without it."""

    def waited(situation: str) -> str:
        pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="text-agent")
        try:
            return pool.submit(answer, situation).result(timeout=seconds)
        except FutureTimeout:
            raise AnswerTimeout(f"no answer within {seconds:g} s") from None
        finally:
            pool.shutdown(wait=False)

    return waited


def load_factory(target: str) -> Callable[[int], Answer]:
    """``module:callable`` (``mypackage.agent:make``), imported; a clear error otherwise."""
    module_name, sep, attribute = target.partition(":")
    if not sep or not module_name or not attribute:
        raise GameError(f"text agent {target!r}: give MODULE:CALLABLE, e.g. mypkg.agent:make")
    try:
        found = getattr(importlib.import_module(module_name), attribute)
    except (ImportError, AttributeError) as error:
        raise GameError(f"text agent {target!r}: {error}") from None
    if not callable(found):
        raise GameError(f"text agent {target!r}: {attribute} is not callable")
    return found  # type: ignore[no-any-return]


def text_games(
    game: Game[Any],
    options: Mapping[str, Any],
    spec: str,
    make: Callable[[int], Answer],
    opponent: str,
    games: int,
    seed: int,
    first_index: int = 0,
    time_limit: float = THINK_TIME,
) -> list[GameResult]:
    """``games`` games of the text agent (seated as ``spec``) against ``opponent``, at
    ``game``'s table dealt with its rule ``options``; an answer is waited for
    ``time_limit`` seconds."""
    results = []
    for i in range(games):
        seat = i % game.players
        env = SleuthTextEnv(
            game.name,
            game.players,
            seat=seat,
            opponents=opponent,
            illegal="penalty",
            bot_key=KEY,
            **options,
        )
        game_seed = derive_seed(seed, "text", spec, opponent, i)
        seating = tuple(spec if s == seat else opponent for s in range(game.players))
        try:
            answer = _bounded(make(game_seed), time_limit)
            results.append(_play(env, answer, game_seed, seating, first_index + i))
        finally:
            env.close()
    return results


def _play(
    env: SleuthTextEnv, answer: Answer, game_seed: int, seating: tuple[str, ...], index: int
) -> GameResult:
    seat, players = env.seat, len(seating)
    text, info = env.reset(seed=game_seed)
    done, decisions, problem = bool(info), 0, None
    while not done:
        try:
            reply = answer(text)
        except AnswerTimeout as error:
            problem = ("timeout", str(error))
            break
        except Exception as error:  # the agent's own failure loses its game, not the ladder
            problem = ("crash", f"{type(error).__name__}: {error}")
            break
        decisions += 1
        text, _, done, truncated, info = env.step(reply)
        if "illegal" in info:
            problem = (
                "illegal",
                f"no legal move after {env.retries + 1} answers: {info['illegal']}",
            )
        done = done or truncated
    record: dict[str, Any] = {"seed": game_seed}
    if problem is None and "scores" in info:
        scores, winners = tuple(info["scores"]), tuple(info["winners"])
        forfeits: tuple[Forfeit, ...] = ()
    else:
        problem = problem or ("stopped", "the game ended without an outcome")
        forfeit = Forfeit(seat, decisions + 1, "turn", problem[0], problem[1], STOPPED)
        scores = tuple(-1 if s == seat else 0 for s in range(players))
        winners = tuple(s for s in range(players) if s != seat)
        forfeits = (forfeit,)
    return GameResult(
        index,
        seating,
        scores,
        winners,
        "text",
        decisions,
        tuple(decisions if s == seat else 0 for s in range(players)),
        (0.0,) * players,
        record,
        None,
        None,
        forfeits,
    )
