"""The deduction engine's entry point for positions given as JSON data."""

from __future__ import annotations

from collections.abc import Mapping

from sleuth.deduce.model import PositionError


def analyze_position(
    data: object, explain: str | None = None, questions: bool = False
) -> dict[str, object]:
    """Analyse a position (parsed JSON) of any supported game; raises PositionError."""
    if not isinstance(data, Mapping):
        raise PositionError("position: expected a JSON object")
    game = data.get("game")
    if game == "black-vienna":
        from sleuth.deduce import black_vienna

        return black_vienna.analyze(data, explain, questions)
    if game == "13-clues":
        from sleuth.deduce import thirteen_clues

        return thirteen_clues.analyze(data, explain, questions)
    if game == "black-stories":
        from sleuth.deduce import black_stories

        return black_stories.analyze(data)
    raise PositionError(
        f"game: expected 'black-vienna', '13-clues' or 'black-stories', got {game!r}"
    )
