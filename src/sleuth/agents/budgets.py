"""How much time a server lets a bot spend: a bound on every parameter that buys a bot time.

A bot spec may raise a bot's budget (``ismcts:iterations=...``, ``racing:samples=...``); a
web service takes specs from anyone, so each such parameter has a largest value here, the
one place that knows which parameters cost time. ``seconds`` (a time per decision) is
bounded by the operator's ``sleuth serve --max-think``; the counts are bounded by what takes
about that long on a modest machine at the defaults (a few seconds), and the server's
deadline on every decision catches the rest (counts multiply: iterations x deals x depth).
The ladder's levels are specs too, and are held to the same bounds.
"""

from __future__ import annotations

from collections.abc import Mapping

from sleuth.core import ConfigError
from sleuth.core.registry import find_kit

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


# Game -> bot -> parameter -> the largest value a server accepts. Every whole-number
# parameter of a game's bots is either here or in COSTS_NO_TIME (a test keeps it so).
BOUNDS: Mapping[str, Mapping[str, Mapping[str, int]]] = {
    "13-clues": {
        "ismcts": {"iterations": 2000, "deals": 256, "questions": 13, "horizon": 4},
        "deductive": {"turns": 4},
    },
    "alibi": {
        "ismcts": {"iterations": 2000, "depth": 10, "width": 10},
        "lookahead": {"width": 8, "samples": 64, "turns": 3},
    },
    "black-stories-investigation": {
        "ismcts": {"iterations": 2000, "depth": 200},
    },
    "black-vienna": {
        "ismcts": {"iterations": 300, "deals": 32, "top": 10},
        "racing": {"samples": 200},
    },
}

# Whole-number parameters that are thresholds, not amounts of work.
COSTS_NO_TIME: Mapping[str, Mapping[str, frozenset[str]]] = {
    "13-clues": {"basic": frozenset({"gamble", "patience"})},
}


def time_bounds(bot: str, game: str, max_think: float) -> dict[str, float]:
    """The bounds on a bot's parameters that cost time, ``seconds`` included."""
    bounds: dict[str, float] = dict(BOUNDS.get(find_kit(game).name, {}).get(bot, {}))
    bounds[SECONDS] = max_think
    return bounds


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
            why = " (the operator's sleuth serve --max-think)" if key == SECONDS else ""
            raise ConfigError(
                f"bot {spec.strip()!r}: {key}={text} is above this server's bound of "
                f"{bound:g} for {name}{why}"
            )
