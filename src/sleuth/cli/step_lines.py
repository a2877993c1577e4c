"""The steps of a played game as ``sleuth simulate --verbose`` and ``--referee`` (and
``sleuth replay --verbose``) print them, in the person's language: each step's action and
result in the game's notation, framed in the language's words, and the table at the end as
the terminal app draws it where the game speaks the language."""

from __future__ import annotations

import json
from typing import Any

from sleuth.core import find_kit
from sleuth.core.kit import RENDER, TextRender
from sleuth.core.protocol import View
from sleuth.core.records import Step
from sleuth.i18n import SOURCE, tr


def public_line(number: int, step: Step, language: str = SOURCE) -> str:
    """A step as every seat saw it."""
    effect = f"  -> {step.result}" if step.result else ""
    return f"{number:4d}. {_seat(step.seat, step.public_action + effect, language)}"


def referee_line(number: int, step: Step, language: str = SOURCE) -> str:
    """A step whole; where the table saw less, what it saw, labelled."""
    result = step.private_result or step.result
    effect = f"  -> {result}" if result else ""
    line = f"{number:4d}. {_seat(step.seat, step.action + effect, language)}"
    if step.is_private:
        seen = step.public_action + (f"  -> {step.result}" if step.result else "")
        line += "    " + tr("[private; the table saw: %(seen)s]", language, seen=seen)
    return line


def _seat(seat: int, move: str, language: str) -> str:
    return tr("seat %(seat)s: %(move)s", language, seat=seat, move=move)


def print_spectator(number: int, result: Any, language: str = SOURCE) -> None:
    print(tr("--- game %(number)s, as a spectator sees it ---", language, number=number))
    for index, step in enumerate(result.steps, start=1):
        print(public_line(index, step, language))
    print(final_table(result.final, language))
    print()


def print_referee(number: int, seed: int, salt: str, result: Any, language: str = SOURCE) -> None:
    heading = tr(
        "--- game %(number)s, the referee's view: seed %(seed)s, salt %(salt)s ---",
        language,
        number=number,
        seed=seed,
        salt=salt,
    )
    print(heading)
    for index, step in enumerate(result.steps, start=1):
        print(referee_line(index, step, language))
    reveal = json.dumps(result.record["reveal"], ensure_ascii=False)
    print(tr("reveal: %(reveal)s", language, reveal=reveal))
    print(final_table(result.final, language))
    print()


def final_table(final: Any, language: str) -> str:
    """The table at the end: the view's own text in English (as it always was); in another
    language the game's table as the terminal app draws it in that language, where the
    game speaks it."""
    view: View = final.view(None)
    if language == SOURCE:
        return view.render()
    kit = find_kit(final.game.name)
    render = kit.part(RENDER, TextRender) if kit.has(RENDER) else None
    speaking = render.speaking(language) if render and render.speaking else None
    if speaking is None or speaking.table is None:
        return view.render()
    return speaking.table(view)
