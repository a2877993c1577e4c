"""A record's public steps may hold only what every seat's view shows.

The check compares steps the spectator cannot tell apart. Two actions of one seat from one
state that leave the spectator the same view (two wrong accusations, two Top Secret
questions to one witness), or one action applied to two states that differ only in what
the spectator cannot know (``hidden_twin``), must give the same public step: seat, public
action text and public result. Otherwise the public step tells more than the views do.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from sleuth.agents.base import kinds_of, of_kind
from sleuth.core import Action, State
from sleuth.core.records import play_step

# What a record shows of one step: (public action text, public result).
Describe = Callable[[State, int, Action, State], tuple[str, str]]


class PublicStepLeak(AssertionError):
    """A public step that tells more than the spectator's view."""


def public_texts(before: State, seat: int, action: Action, after: State) -> tuple[str, str]:
    """The record's own public texts of a step (what ``play_step`` writes)."""
    return before.public_action(seat, action), after.last_result()


def check_public_steps(
    state: State,
    rng: random.Random,
    per_kind: int = 4,
    describe: Describe = public_texts,
) -> int:
    """Raise ``PublicStepLeak`` if two steps from ``state`` that the spectator cannot tell
    apart have different public texts; return the number of steps compared."""
    compared = 0
    twin = state.hidden_twin(None, rng)
    for seat in sorted(state.actors()):
        legal = state.legal_actions(seat)
        sample = _sample_by_kind(legal, rng, per_kind)
        seen: dict[str, tuple[Action, tuple[str, str]]] = {}
        for action in sample:
            after, _ = play_step(state, seat, action)
            texts = describe(state, seat, action, after)
            key = _spectator(after)
            if key in seen and seen[key][1] != texts:
                other, other_texts = seen[key]
                raise PublicStepLeak(
                    f"seat {seat}: {other} and {action} leave the spectator the same view, "
                    f"but their public steps differ: {other_texts} vs {texts}"
                )
            seen.setdefault(key, (action, texts))
            compared += 1
            if twin is not None and action in twin.legal_actions(seat):
                twin_after, _ = play_step(twin, seat, action)
                twin_texts = describe(twin, seat, action, twin_after)
                if _spectator(twin_after) == key and twin_texts != texts:
                    raise PublicStepLeak(
                        f"seat {seat}: {action} gives the public step {texts}, but "
                        f"{twin_texts} in a deal the spectator cannot tell apart"
                    )
                compared += 1
    return compared


def _sample_by_kind(legal: Any, rng: random.Random, per_kind: int) -> list[Action]:
    """Up to ``per_kind`` actions of each kind (a lazy family is never listed whole)."""
    sample: list[Action] = []
    for kind in kinds_of(legal):
        family = of_kind(legal, kind)
        count = len(family)
        picks = range(count) if count <= per_kind else rng.sample(range(count), per_kind)
        sample.extend(family[index] for index in picks)
    return sample


def _spectator(state: State) -> str:
    return json.dumps(state.view(None).to_json(), sort_keys=True, ensure_ascii=False)
