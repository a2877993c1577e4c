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
        from sleuth.deduce.black_vienna import analyze as analyze_bv

        return analyze_bv(data, explain, questions)
    if game == "13-clues":
        from sleuth.deduce.thirteen_clues import analyze as analyze_13

        return analyze_13(data, explain, questions)
    if game == "black-stories":
        from sleuth.deduce.black_stories import analyze as analyze_bs

        return analyze_bs(data)
    raise PositionError(
        f"game: expected 'black-vienna', '13-clues' or 'black-stories', got {game!r}"
    )
