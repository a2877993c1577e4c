"""Black Stories Investigation: the posterior of one player's secret case.

Position format (JSON)::

    {"game": "black-stories",
     "cards": [{"evidence": ["woman", "knife"], "field": "2"}, ...],   # played at the target
     "failed_guesses": [["man", "day", "inside", "knife"], ...],
     "excluded": [["woman", "night", "outside", "gun"], ...]}          # optional: four-evidence
                                                                       # cards seen elsewhere

A case is one of the 16 combinations {man, woman} x {day, night} x {inside, outside} x
{knife, gun}. A played card lies in field "0/1" (0 or 1 of its evidence matches the case), "2" or
"3". A failed solve attempt rules out exactly its guess; a four-evidence card seen elsewhere
(played, in a hand, another player's case) is a different card, so it is not the case either.
The posterior is uniform over the consistent cases. Unknown keys are errors.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import product

from sleuth.deduce.knowledge import Knowledge, reject_unknown_keys
from sleuth.deduce.model import PositionError

from .views import BlackStoriesView

ATTRIBUTES: tuple[tuple[str, str], ...] = (
    ("man", "woman"),
    ("day", "night"),
    ("inside", "outside"),
    ("knife", "gun"),
)
VALUES = {v: i for i, pair in enumerate(ATTRIBUTES) for v in pair}
CASES: tuple[tuple[str, str, str, str], ...] = tuple(product(*ATTRIBUTES))  # type: ignore[arg-type]
FIELDS = {"0/1": (0, 1), "2": (2,), "3": (3,)}
POSITION_KEYS = ("game", "cards", "failed_guesses", "excluded")
CARD_KEYS = ("evidence", "field")


def case_name(case: Sequence[str]) -> str:
    return "/".join(case)


def _evidence(v: object, where: str, four: bool = False) -> tuple[str, ...]:
    if not isinstance(v, Sequence) or isinstance(v, str):
        raise PositionError(f"{where}: expected a list of evidence")
    out: list[str] = []
    for i, x in enumerate(v):
        if not isinstance(x, str) or x not in VALUES:
            raise PositionError(f"{where}[{i}]: unknown evidence {x!r}")
        out.append(x)
    attrs = [VALUES[x] for x in out]
    if len(set(attrs)) != len(attrs):
        raise PositionError(f"{where}: two values of the same attribute")
    if (four and len(out) != 4) or (not four and not 2 <= len(out) <= 4):
        raise PositionError(f"{where}: wrong number of pieces of evidence ({len(out)})")
    return tuple(sorted(out, key=lambda x: VALUES[x]))


def matches(evidence: Sequence[str], case: Sequence[str]) -> int:
    return sum(1 for x in evidence if x in case)


def posterior(data: object) -> list[tuple[str, ...]]:
    """The cases consistent with a position (each equally likely)."""
    if not isinstance(data, Mapping):
        raise PositionError("position: expected a JSON object")
    reject_unknown_keys(data, POSITION_KEYS, "")
    raw = data.get("cards", [])
    if not isinstance(raw, Sequence) or isinstance(raw, str):
        raise PositionError("cards: expected a list")
    cards: list[tuple[tuple[str, ...], tuple[int, ...]]] = []
    for i, item in enumerate(raw):
        if not isinstance(item, Mapping) or "evidence" not in item or "field" not in item:
            raise PositionError(f"cards[{i}]: expected an object with evidence and field")
        reject_unknown_keys(item, CARD_KEYS, f"cards[{i}]")
        ev = _evidence(item["evidence"], f"cards[{i}].evidence")
        field = item["field"]
        if field not in FIELDS:
            raise PositionError(f"cards[{i}].field: expected '0/1', '2' or '3', got {field!r}")
        cards.append((ev, FIELDS[str(field)]))
    guesses = [
        _evidence(g, f"failed_guesses[{i}]", four=True)
        for i, g in enumerate(_seq(data.get("failed_guesses", []), "failed_guesses"))
    ]
    excluded = [
        _evidence(g, f"excluded[{i}]", four=True)
        for i, g in enumerate(_seq(data.get("excluded", []), "excluded"))
    ]
    out = []
    for case in CASES:
        if tuple(case) in guesses or tuple(case) in excluded:
            continue
        # a played four-evidence card is another card: it can match at most 3 (field rule)
        if all(matches(ev, case) in allowed for ev, allowed in cards):
            out.append(tuple(case))
    return out


def _seq(v: object, where: str) -> Sequence[object]:
    if not isinstance(v, Sequence) or isinstance(v, str):
        raise PositionError(f"{where}: expected a list")
    return v


def analyze(data: object) -> dict[str, object]:
    """The case posterior and the marginal of every evidence value, as JSON-ready data."""
    cases = posterior(data)
    out: dict[str, object] = {
        "game": "black-stories",
        "consistent": bool(cases),
        "worlds": str(len(cases)),
    }
    if not cases:
        return out
    p = 1 / len(cases)
    out["cases"] = [{"case": case_name(c), "p": p} for c in cases]
    out["evidence"] = {
        v: sum(1 for c in cases if v in c) / len(cases) for pair in ATTRIBUTES for v in pair
    }
    out["certain"] = [v for pair in ATTRIBUTES for v in pair if all(v in c for c in cases)]
    return out


def black_stories_position(view: BlackStoriesView, target: int) -> dict[str, object]:
    """The case posterior position of seat ``target`` as the view's seat knows it.

    Only the target's current case counts: a solve clears its grid and deals a new case, so
    failed guesses before its last successful solve were about an earlier card. Four-evidence
    cards the seat sees now (its own case and hand, the discard pile, every grid) are other
    cards, so not the case; cards seen earlier may have been reshuffled, so they do not count.
    """
    if view.seat is None or view.hand is None:
        raise PositionError("seat: a spectator has no notes to deduce from")
    if not 0 <= target < view.players or target == view.seat:
        raise PositionError(f"target: {target} is not another seat")
    cards = [
        {"evidence": placed.card.split("+"), "field": placed.field} for placed in view.grids[target]
    ]
    start = 0
    for i, attempt in enumerate(view.attempts):
        if attempt.target == target and attempt.success:
            start = i + 1
    failed = [
        a.guess.split("/")
        for a in view.attempts[start:]
        if a.target == target and not a.success and a.guess is not None
    ]
    visible = [*view.hand, *view.discard, *(p.card for grid in view.grids for p in grid)]
    if view.case is not None:
        visible.append(view.case)
    # A case is a four-evidence card of the deck in play: a deck without some cases
    # rules them out as surely as seeing them does.
    deck = set(view.config.deck)
    missing = ["+".join(case) for case in CASES if "+".join(case) not in deck]
    excluded = [c.split("+") for c in dict.fromkeys([*visible, *missing]) if c.count("+") == 3]
    return {"game": "black-stories", "cards": cards, "failed_guesses": failed, "excluded": excluded}


KNOWLEDGE = Knowledge(
    analyze=lambda position, _explain, _questions: analyze(position),
    explains=False,
    ranks_questions=False,
)
