"""A game's tutorial for newcomers (its kit's ``tutorial`` part), played out by the engine
on its known deal: before each of the learner's steps, the learner's view, legal actions and
the history so far, with the step's texts in the person's language; and the end.

The page walks these frames itself, drawing each with the game's own web part as a table
does: nothing is stored and no table is made. Every view is the learner's seat's own.
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, HTTPException
from pydantic import BaseModel

from sleuth.core import find_kit
from sleuth.core.errors import GameError
from sleuth.core.kit import TUTORIAL, Tutorial
from sleuth.core.protocol import State
from sleuth.core.serialize import JSONValue, to_json
from sleuth.core.tutorial import Played, walk
from sleuth.i18n import SOURCE, translate_at

from ..jsontext import view_bytes
from ..live import encode_legal, log_entry
from .rules import chosen_language

router = APIRouter(prefix="/api/games", tags=["games"])


class TutorialStepOut(BaseModel):
    title: str
    text: str
    action: str
    keys: list[str]
    frame: dict[str, Any]


class TutorialOut(BaseModel):
    game: str
    title: str
    language: str
    seat: int
    names: list[str]
    welcome: str
    finish: str
    steps: list[TutorialStepOut]
    end: dict[str, Any]


def _log(moves: tuple[Played, ...]) -> list[JSONValue]:
    """The history as a table's log has it: each move's public action and result."""
    return [
        log_entry(m.seat, m.before.public_action(m.seat, m.action), m.after.last_result(), m.after)
        for m in moves
    ]


def _frame(state: State, seat: int, moves: tuple[Played, ...]) -> dict[str, Any]:
    """What the learner's seat sees at ``state``: as a table's state frame has it."""
    over = state.is_over
    actors = [] if over else sorted(state.actors())
    frame: dict[str, Any] = {
        "step": len(moves),
        "status": "finished" if over else "playing",
        "actors": actors,
        "to_move": None if over else state.to_move(),
        "log": _log(moves),
        "view": json.loads(view_bytes(state.view(seat))),
        "legal": encode_legal(state.legal_actions(seat))
        if seat in actors
        else {"actions": [], "families": []},
    }
    if over:
        frame["outcome"] = to_json(state.outcome)
        frame["reveal"] = dict(state.reveal())
    return frame


@router.get(
    "/{game}/tutorial",
    responses={
        404: {"description": "no such game, or no tutorial"},
        422: {"description": "a language we do not have"},
    },
)
async def tutorial(game: str, lang: str = SOURCE) -> TutorialOut:
    language = chosen_language(lang)
    try:
        kit = find_kit(game)
    except GameError as error:
        raise HTTPException(404, str(error)) from None
    if not kit.has(TUTORIAL):
        raise HTTPException(404, f"{kit.game.title} has no tutorial")
    script = kit.part(TUTORIAL, Tutorial)
    walked = walk(kit.game, script)

    def say(text: str) -> str:
        return translate_at(script.locale, language, text)

    steps = [
        TutorialStepOut(
            title=say(step.title),
            text=say(step.text),
            action=step.action,
            keys=list(step.keys),
            frame=_frame(state, script.seat, moves),
        )
        for step, (moves, state) in zip(script.steps, walked.at_steps, strict=True)
    ]
    return TutorialOut(
        game=kit.name,
        title=kit.game.title,
        language=language,
        seat=script.seat,
        names=[say(name) for name in script.names],
        welcome=say(script.welcome),
        finish=say(script.finish),
        steps=steps,
        end=_frame(walked.final, script.seat, walked.moves),
    )
