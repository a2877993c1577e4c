"""A tutorial played out: its game dealt from its seed, the scripted moves and the learner's
applied in order through the engine, each checked as any move is (``State.apply``).

A front shows the learner the state before each of their moves and the one at the end; a
script whose move is not legal where it stands fails here, with the move named, not in the
learner's page.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .errors import GameError
from .kit import Tutorial
from .protocol import Action, Game, State


class TutorialError(GameError):
    """A tutorial whose script does not play: a move that is not legal where it stands, the
    learner not to act at their step, or a game that does not end with the last step (where
    the tutorial says it is played to the end)."""


@dataclass(frozen=True)
class Played:
    """One move as the walk applied it: who, the move, the state before and the one after."""

    seat: int
    action: Action
    before: State
    after: State


@dataclass(frozen=True)
class Walked:
    """The tutorial's game: before each learner step, the moves so far and the state; at the
    end, every move and the final state."""

    game: Game[Any]
    at_steps: tuple[tuple[tuple[Played, ...], State], ...]
    moves: tuple[Played, ...]
    final: State


def tutorial_game(game_class: type[Game[Any]], tutorial: Tutorial) -> Game[Any]:
    return game_class.configure(tutorial.players, **tutorial.options)


def _play(game: Game[Any], state: State, seat: int, action: str) -> Played:
    try:
        parsed = game.parse_action(action)
        after = state.apply(seat, parsed)
    except GameError as error:
        raise TutorialError(f"the tutorial's move {action!r} by seat {seat}: {error}") from None
    return Played(seat, parsed, state, after)


def _play_all(
    game: Game[Any], state: State, moves: Sequence[tuple[int, str]], played: list[Played]
) -> State:
    for seat, action in moves:
        move = _play(game, state, seat, action)
        played.append(move)
        state = move.after
    return state


def walk(game_class: type[Game[Any]], tutorial: Tutorial) -> Walked:
    """The tutorial played through; ``TutorialError`` naming the first move that fails."""
    game = tutorial_game(game_class, tutorial)
    state = game.new(tutorial.seed)
    played: list[Played] = []
    state = _play_all(game, state, tutorial.opening, played)
    at_steps: list[tuple[tuple[Played, ...], State]] = []
    for step in tutorial.steps:
        if state.is_over or tutorial.seat not in state.actors():
            raise TutorialError(f"the learner is not to act at the step {step.action!r}")
        at_steps.append((tuple(played), state))
        move = _play(game, state, tutorial.seat, step.action)
        played.append(move)
        state = _play_all(game, move.after, step.replies, played)
    if tutorial.to_the_end and not state.is_over:
        raise TutorialError("the tutorial's game does not end with its last step")
    return Walked(game, tuple(at_steps), tuple(played), state)
