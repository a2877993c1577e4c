"""How much time a server lets a bot spend: a bound on every parameter that buys a bot time.

A bot spec may raise a bot's budget (``ismcts:iterations=...``, ``racing:samples=...``); a
web service takes specs from anyone, so each such parameter has a largest value, which the
game's kit gives with its bots (its ``budgets`` part). ``seconds`` (a time per decision) is
bounded by the operator's ``sleuth serve --max-think``; the counts are bounded by what takes
about that long on a modest machine at the defaults (a few seconds), and the server's
deadline on every decision catches the rest (counts multiply: iterations x deals x depth).
The ladder's levels are specs too, and are held to the same bounds.
"""

from __future__ import annotations

from sleuth.core import ConfigError
from sleuth.core.kit import BUDGETS
from sleuth.core.registry import find_kit
from sleuth.core.said import said
from sleuth.i18n import N_

from .levels import level_spec
from .registry import parse_bot_spec

DEFAULT_MAX_THINK = 5.0  # seconds a bot may think per decision, unless the operator says
SECONDS = "seconds"  # the parameter of a time per decision, bounded by --max-think
# A decision still unanswered this long after ``max_think`` is made by the table's fallback
# bot: a bot at its largest ``seconds`` overruns it by its last iteration and the view's
# rebuilding, and a loaded machine stretches both.
THINK_MARGIN = 2.0


def decision_deadline(max_think: float) -> float:
    """Seconds a server waits on a bot's decision (running, not queued)."""
    return max_think + THINK_MARGIN


def game_budgets(game: str) -> dict[str, dict[str, int | None]]:
    """Each bot's parameters that are whole numbers, with their largest value (None: a
    threshold, which costs no time), as the game's kit gives them (its ``budgets`` part)."""
    kit = find_kit(game)
    return kit.part(BUDGETS, dict) if kit.has(BUDGETS) else {}


def bounds_of(bot: str, game: str) -> dict[str, int]:
    """The largest value of each of ``bot``'s parameters that buys it time."""
    listed = game_budgets(game).get(bot, {})
    return {name: bound for name, bound in listed.items() if bound is not None}


def time_bounds(bot: str, game: str, max_think: float) -> dict[str, float]:
    """The bounds on a bot's parameters that cost time, ``seconds`` included."""
    bounds: dict[str, float] = dict(bounds_of(bot, game))
    bounds[SECONDS] = max_think
    return bounds


ABOVE_BOUND = N_(
    "bot %(spec)s: %(key)s=%(value)s is above this server's bound of %(bound)s for %(bot)s"
)
ABOVE_THINK_BOUND = N_(
    "bot %(spec)s: %(key)s=%(value)s is above this server's bound of %(bound)s for %(bot)s "
    "(the operator's sleuth serve --max-think)"
)


def check_budget(spec: str, game: str, max_think: float = DEFAULT_MAX_THINK) -> None:
    """A ``ConfigError`` naming the parameter and its bound if ``spec`` (a bot, maybe with
    parameters, or a level) asks for more time than a server gives. A bot program
    (``cmd:``) is its operator's: only the decision's deadline holds it."""
    if spec.strip().lower().startswith("cmd:"):
        return
    resolved = level_spec(spec, game) or spec
    name, params = parse_bot_spec(resolved)
    bounds = time_bounds(name, game, max_think)
    for key, text in params.items():
        bound = bounds.get(key)
        if bound is None:
            continue
        try:
            value = float(text)
        except ValueError:
            continue  # not a number: make_agent refuses it by name
        if not value <= bound:  # NaN too
            # The time a decision may take is the operator's own bound.
            template = ABOVE_THINK_BOUND if key == SECONDS else ABOVE_BOUND
            shown = f"{bound:g}"
            raise ConfigError(
                said(template, spec=repr(spec.strip()), key=key, value=text, bound=shown, bot=name)
            )
        if value < 0:
            raise ConfigError(
                said(
                    "bot %(spec)s: %(key)s=%(value)s is below 0",
                    spec=repr(spec.strip()),
                    key=key,
                    value=text,
                )
            )
