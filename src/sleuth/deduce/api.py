"""The deduction engine's entry point for positions given as JSON data, for every game."""

from __future__ import annotations

from collections.abc import Mapping

from sleuth.core import GameError, find_kit
from sleuth.core.kit import KNOWLEDGE
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
        raise PositionError("position: expected a JSON object")
    name = data.get("game")
    if not isinstance(name, str):
        raise PositionError("game: expected a game name")
    try:
        kit = find_kit(name)
    except GameError as error:
        raise PositionError(f"game: {error}") from None
    if not kit.has(KNOWLEDGE):
        raise PositionError(f"game: {kit.game.title} has no deduction engine")
    knowledge = kit.part(KNOWLEDGE, Knowledge)
    if explain is not None and not knowledge.explains:
        raise PositionError(f"--explain: {kit.game.title} gives no explanations")
    if questions and not knowledge.ranks_questions:
        raise PositionError(f"--questions: {kit.game.title} ranks no questions")
    # Any name or alias of the game will do: the game's reader sees its registered name.
    position = knowledge.from_json({**data, "game": kit.name})
    return knowledge.analyze(position, explain, questions)
