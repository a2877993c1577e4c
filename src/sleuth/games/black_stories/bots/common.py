"""What both Black Stories Investigation bots read off a view: targets and the solve step."""

from __future__ import annotations

from sleuth.games.black_stories import BlackStoriesView


def seat_of(view: BlackStoriesView) -> int:
    if view.seat is None or view.hand is None:
        raise ValueError("a bot plays a seat, not a spectator")
    return view.seat


def targets(view: BlackStoriesView) -> list[int]:
    """Other seats holding a case: only they can be solved."""
    seat = seat_of(view)
    return [t for t in range(view.players) if t != seat and view.has_case[t]]


def points(view: BlackStoriesView, target: int, drops: int) -> int:
    """What a right solve of ``target`` earns now (REFERENCE §2: drops + max(0, 6 - k))."""
    return drops + max(0, 6 - len(view.grids[target]))


def last_chance(view: BlackStoriesView) -> bool:
    """In the final round every seat has one turn left: unused cards are worth nothing."""
    return view.final_round


def leading(view: BlackStoriesView) -> bool:
    seat = seat_of(view)
    return view.scores[seat] >= max(view.scores)
