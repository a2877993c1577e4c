"""The review of a finished record: every seat's frames from the replay, then its review.

The record is replayed (every step, the deal and the commitment checked); the states it
deals again are the truth, and each seat's position comes from its own view alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sleuth.core import GameError, find_kit
from sleuth.core.errors import RecordError
from sleuth.core.kit import REVIEW, GameKit
from sleuth.core.protocol import State
from sleuth.core.records import Replay, replay_record
from sleuth.core.said import said
from sleuth.deduce.review import Frame, ReviewPart
from sleuth.i18n import N_

from .compute import AnalysisCache, review_frames
from .model import GameReview, SeatReview


def review_part(kit: GameKit) -> ReviewPart[Any]:
    if not kit.has(REVIEW):
        raise GameError(said("%(game)s has no review", game=kit.game.title))
    return kit.part(REVIEW, ReviewPart)


def review_record(
    record: object, seats: Sequence[int] | None = None, key: bytes | None = None
) -> GameReview:
    """The review of a finished record, of ``seats`` (default: every seat)."""
    replay = replay_record(record, key)
    return review_replay(replay, seats)


def review_replay(replay: Replay, seats: Sequence[int] | None = None) -> GameReview:
    final = replay.final
    if final is None or final.outcome is None:
        raise RecordError(
            said(
                "the review is of a finished game: this record is not over yet (its seed and "
                "deal come at the end)"
            )
        )
    game = replay.game
    wanted = list(range(game.players)) if seats is None else list(seats)
    for seat in wanted:
        if type(seat) is not int or not 0 <= seat < game.players:
            raise GameError(
                said(
                    "seat %(seat)s is not a seat of this %(players)s-player game",
                    seat=seat,
                    players=game.players,
                )
            )
    part = review_part(find_kit(game.name))
    states = list(replay.states())
    cache = AnalysisCache(part)
    reviews: list[SeatReview] = []
    for seat in wanted:
        frames = seat_frames(part, replay, states, seat)
        score = float(final.outcome.scores[seat])
        reviews.append(review_frames(part, seat, frames, cache, score))
    outcome = final.outcome
    scores = " ".join(map(str, outcome.scores))
    winners = " ".join(map(str, outcome.winners)) or "none"
    return GameReview(
        game=game.name,
        title=f"{game.title}, {game.players} players, {len(replay.steps)} steps",
        players=game.players,
        exact=part.exact,
        method=part.method,
        solution=part.solution,
        unit=_unit(reviews),
        summary=f"over ({outcome.reason}): scores {scores}; winners {winners}",
        seats=tuple(reviews),
    )


def seat_frames(
    part: ReviewPart[Any], replay: Replay, states: Sequence[State], seat: int
) -> list[Frame[Any]]:
    """One frame per state: the seat's position then, the truth, and its own moves."""
    final = states[-1]
    frames: list[Frame[Any]] = []
    known: Any = None
    for index, state in enumerate(states):
        step = replay.steps[index - 1] if index else None
        move = None
        if step is not None and step.seat == seat:
            move = part.move(states[index - 1], state, seat, step.action)
        result = ""
        if step is not None:
            result = step.result
            if step.private_result:
                result = f"{result} ({step.private_result})".strip()
        # Once the game is over every view shows the reveal; that is not knowledge the seat
        # had, so the last frame keeps what it knew before the end.
        if state.outcome is None or index == 0:
            known = part.position(state, seat)
        frames.append(
            Frame(
                index,
                None if step is None else step.seat,
                N_("(the deal)") if step is None else step.action,
                result,
                known,
                part.truth(state, final, seat),
                move,
                part.stakes(state, seat),
            )
        )
    return frames


def _unit(reviews: Sequence[SeatReview]) -> str:
    for review in reviews:
        for question in review.questions:
            return question.unit
    return "bits"
