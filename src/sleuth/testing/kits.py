"""The kit check: every part a kit declares loads, and is what the front asking for it expects.

A kit names its parts as ``"module:attribute"`` and a front imports one only when it needs
it, so a misspelt path or a part of the wrong type would otherwise show only when a person
opens that front. ``check_kit`` loads every part at once and names each that fails.
"""

from __future__ import annotations

from collections.abc import Callable

from sleuth.core.encoding import Encoder
from sleuth.core.kit import (
    BOTS,
    BUDGETS,
    ENCODER,
    KNOWLEDGE,
    NOTEBOOK,
    RENDER,
    REVIEW,
    RULES,
    SAMPLER,
    TUTORIAL,
    WEB,
    GameKit,
    PartError,
    RulesGuide,
    TextRender,
    Tutorial,
    WebPart,
)
from sleuth.core.notebook import Grammar
from sleuth.deduce.knowledge import Knowledge
from sleuth.deduce.review import ReviewPart


def _is_encoder(part: object) -> bool:
    return isinstance(part, type) and issubclass(part, Encoder)


def _is_bots(part: object) -> bool:
    # the agents' registry takes the part as a dict of bot name to factory
    return isinstance(part, dict) and all(
        isinstance(name, str) and callable(make) for name, make in part.items()
    )


def _is_budgets(part: object) -> bool:
    # bot name -> parameter -> the largest value a web service accepts, or None
    return isinstance(part, dict) and all(
        isinstance(limits, dict)
        and all(value is None or isinstance(value, int) for value in limits.values())
        for limits in part.values()
    )


# What each of Sleuth's own parts must be, in the words of the error, and the test of it:
# the same checks the fronts make when they load the part (``GameKit.part`` and the like).
EXPECTED: dict[str, tuple[str, Callable[[object], bool]]] = {
    KNOWLEDGE: ("a Knowledge", lambda part: isinstance(part, Knowledge)),
    SAMPLER: ("callable", callable),
    BOTS: ("a dict of bot name to factory", _is_bots),
    BUDGETS: ("a dict of bot name to parameter limits", _is_budgets),
    NOTEBOOK: ("a notebook Grammar", lambda part: isinstance(part, Grammar)),
    RENDER: ("a TextRender", lambda part: isinstance(part, TextRender)),
    WEB: ("a WebPart", lambda part: isinstance(part, WebPart)),
    REVIEW: ("a ReviewPart", lambda part: isinstance(part, ReviewPart)),
    ENCODER: ("an Encoder subclass", _is_encoder),
    RULES: ("a RulesGuide", lambda part: isinstance(part, RulesGuide)),
    TUTORIAL: ("a Tutorial", lambda part: isinstance(part, Tutorial)),
}


def check_kit(kit: GameKit) -> dict[str, object]:
    """Every part ``kit`` declares, loaded; a ``PartError`` naming each part that fails to
    load or is not what Sleuth's fronts expect of it (a part of another package's own name
    is only loaded: its front knows what it must be)."""
    loaded: dict[str, object] = {}
    problems: list[str] = []
    for name in sorted(kit.parts):
        try:
            part = kit.load(name)
        except PartError as error:
            problems.append(str(error))
            continue
        except Exception as error:  # whatever the part's module raises on import
            problems.append(
                f"{kit.game.title}: part {name} ({kit.parts[name]}) fails to load: {error!r}"
            )
            continue
        expected = EXPECTED.get(name)
        if expected is not None and not expected[1](part):
            problems.append(
                f"{kit.game.title}: part {name} ({kit.parts[name]}) is a "
                f"{type(part).__name__}, not {expected[0]}"
            )
            continue
        loaded[name] = part
    if problems:
        raise PartError("; ".join(problems))
    return loaded
