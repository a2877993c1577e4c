"""The deduction engine's entry point for positions given as JSON data, for every game."""

from __future__ import annotations

from collections.abc import Mapping

from sleuth.core import GameError, find_kit
from sleuth.core.kit import KNOWLEDGE
from sleuth.core.said import said, words_of
from sleuth.core.serialize import JSONValue

from .knowledge import Knowledge, SeatAnalysis
from .model import PositionError


def analyze_position(
    data: object, explain: str | None = None, questions: bool = False
) -> dict[str, JSONValue]:
    """``seat_analysis`` as JSON, as ``sleuth deduce`` prints it."""
    return seat_analysis(data, explain, questions).to_json()


def seat_analysis(
    data: object, explain: str | None = None, questions: bool = False
) -> SeatAnalysis:
    """Analyse a position (parsed JSON) of any game with knowledge; raises PositionError."""
    if not isinstance(data, Mapping):
        raise PositionError(said("position: expected a JSON object"))
    name = data.get("game")
    if not isinstance(name, str):
        raise PositionError(said("game: expected a game name"))
    try:
        kit = find_kit(name)
    except GameError as error:
        raise PositionError(
            said("game: %(reason)s", reason=words_of(error) or str(error))
        ) from None
    title = kit.game.title
    if not kit.has(KNOWLEDGE):
        raise PositionError(said("game: %(game)s has no deduction engine", game=title))
    knowledge = kit.part(KNOWLEDGE, Knowledge)
    if explain is not None and not knowledge.explains:
        raise PositionError(said("--explain: %(game)s gives no explanations", game=title))
    if questions and not knowledge.ranks_questions:
        raise PositionError(said("--questions: %(game)s ranks no questions", game=title))
    # Any name or alias of the game will do: the game's reader sees its registered name.
    position = knowledge.from_json({**data, "game": kit.name})
    return knowledge.analyze(position, explain, questions)
