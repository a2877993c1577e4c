"""Black Stories Investigation's actions and their text notation, which round-trips via ``str``.

A turn is up to three actions by the seat on turn, in this order:

play woman+knife to 2                 step 1: a case card from hand in front of seat 2
solve 2 woman/day/inside/knife with 3 step 2 (optional): guess seat 2's case with the
                                      3-drop investigation card
draw                                  step 3: draw back to three cards; ends the turn

Evidence may be written in any order and with ``+`` or ``/``; ``str`` gives attribute order
(victim, time, scene, weapon), ``+`` for cards and ``/`` for guesses.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from sleuth.core import Action, InvalidActionError
from sleuth.core.said import said

from .components import FULL_EVIDENCE, guess_text, normalize_evidence, refused

EXAMPLES = "'play woman+knife to 2', 'solve 2 woman/day/inside/knife with 3', 'draw'"


@dataclass(frozen=True)
class Play(Action):
    kind: ClassVar[str] = "play"
    card: str
    target: int

    def __str__(self) -> str:
        return f"play {self.card} to {self.target}"


@dataclass(frozen=True)
class Solve(Action):
    """A solve attempt: an ordinary kind, so random play spends investigation cards."""

    kind: ClassVar[str] = "solve"
    target: int
    guess: str
    drops: int

    def __str__(self) -> str:
        return f"solve {self.target} {self.guess} with {self.drops}"


@dataclass(frozen=True)
class Draw(Action):
    kind: ClassVar[str] = "draw"

    def __str__(self) -> str:
        return "draw"


BlackStoriesAction = Play | Solve | Draw
ACTION_TYPES: tuple[type[Action], ...] = (Play, Solve, Draw)


def parse_action(text: str) -> BlackStoriesAction:
    words = text.split()
    if not words:
        raise InvalidActionError(said("empty action (try %(examples)s)", examples=EXAMPLES))
    verb, args = words[0].lower(), words[1:]
    try:
        if verb == "play" and len(args) == 3 and args[1].lower() == "to":
            return Play(normalize_evidence(args[0], "card"), _number(args[2], "target"))
        if verb == "solve" and len(args) == 4 and args[2].lower() == "with":
            guess = normalize_evidence(args[1], "guess", FULL_EVIDENCE)
            return Solve(_number(args[0], "target"), guess_text(guess), _number(args[3], "drops"))
        if verb == "draw" and not args:
            return Draw()
    except ValueError as error:
        raise InvalidActionError(
            said("%(text)s: %(reason)s", text=repr(text), reason=refused(error))
        ) from None
    raise InvalidActionError(
        said("%(text)s is not an action (try %(examples)s)", text=repr(text), examples=EXAMPLES)
    )


def _number(text: str, what: Literal["target", "drops"]) -> int:
    if not text.isdigit() or not text.isascii() or len(text) > 3:
        # The two numbers of the notation, each with its own words.
        if what == "target":
            raise ValueError(said("target %(typed)s is not a number", typed=repr(text)))
        raise ValueError(said("drops %(typed)s is not a number", typed=repr(text)))
    return int(text)
