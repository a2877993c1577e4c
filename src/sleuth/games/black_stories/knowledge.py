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
(played, in a hand, another player's case) is a different card, so it is not the case either,
nor is one that was in another pile than the one the case was drawn from (``excluded`` holds
both). The posterior is uniform over the consistent cases. Unknown keys are errors.

From a seat's view the deal model (``DEAL_MODEL``) is the rulebook's: each case is the first
four-evidence card drawn from a shuffled pile (REFERENCE.md §2.3, §2.4), every pile a uniform
shuffle (the deal's, then each reshuffle of the face-up discard pile), and which card a player
plays or guesses is no hint. Under it the opponents' cases are uniform over the assignments of
distinct cards in which each case is a card of the pile it was drawn from, and every other
hidden card lies anywhere its own pile allows: a hidden card is in the draw pile or a hand or
case drawn from the last pile it went into (``views.epoch_of``); an earlier pile was drawn to
its end before the next reshuffle, so its hidden cards are held by the seats that drew from
it. Which cards a case takes from its pile changes only which of that pile's cards fill the
hands and the draw pile, not how many ways they can, so every fitting assignment weighs alike.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from math import log2

from sleuth.core.said import said
from sleuth.deduce.knowledge import Knowledge, SeatAnalysis, Solution, reject_unknown_keys
from sleuth.deduce.model import PositionError

from .views import BlackStoriesView, epoch_of

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
JOINT_KEYS = ("game", "players", "seat", "targets")
GAME = "black-stories-investigation"
CARD_KEYS = ("evidence", "field")
DEAL_MODEL = "rulebook: a case is the first four-evidence card of its shuffled pile"
# Per opponent holding a case (in seat order), the cases its clues allow.
Candidates = tuple[tuple[int, tuple[tuple[str, ...], ...]], ...]


def case_name(case: Sequence[str]) -> str:
    return "/".join(case)


def _evidence(v: object, where: str, four: bool = False) -> tuple[str, ...]:
    if not isinstance(v, Sequence) or isinstance(v, str):
        raise PositionError(said("%(where)s: expected a list of evidence", where=where))
    out: list[str] = []
    for i, x in enumerate(v):
        if not isinstance(x, str) or x not in VALUES:
            raise PositionError(
                said(
                    "%(where)s[%(i)s]: unknown evidence %(value)s", where=where, i=i, value=repr(x)
                )
            )
        out.append(x)
    attrs = [VALUES[x] for x in out]
    if len(set(attrs)) != len(attrs):
        raise PositionError(said("%(where)s: two values of the same attribute", where=where))
    if (four and len(out) != 4) or (not four and not 2 <= len(out) <= 4):
        raise PositionError(
            said(
                "%(where)s: wrong number of pieces of evidence (%(count)s)",
                where=where,
                count=len(out),
            )
        )
    return tuple(sorted(out, key=lambda x: VALUES[x]))


def matches(evidence: Sequence[str], case: Sequence[str]) -> int:
    return sum(1 for x in evidence if x in case)


def posterior(data: object) -> list[tuple[str, ...]]:
    """The cases consistent with a position (each equally likely)."""
    if not isinstance(data, Mapping):
        raise PositionError(said("position: expected a JSON object"))
    reject_unknown_keys(data, POSITION_KEYS, "")
    raw = data.get("cards", [])
    if not isinstance(raw, Sequence) or isinstance(raw, str):
        raise PositionError(said("%(where)s: expected a list", where="cards"))
    cards: list[tuple[tuple[str, ...], tuple[int, ...]]] = []
    for i, item in enumerate(raw):
        if not isinstance(item, Mapping) or "evidence" not in item or "field" not in item:
            raise PositionError(
                said("cards[%(i)s]: expected an object with evidence and field", i=i)
            )
        reject_unknown_keys(item, CARD_KEYS, f"cards[{i}]")
        ev = _evidence(item["evidence"], f"cards[{i}].evidence")
        field = item["field"]
        if not isinstance(field, str) or field not in FIELDS:
            raise PositionError(
                said(
                    "cards[%(i)s].field: expected '0/1', '2' or '3', got %(field)s",
                    i=i,
                    field=repr(field),
                )
            )
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
        raise PositionError(said("%(where)s: expected a list", where=where))
    return v


@dataclass(frozen=True)
class BlackStoriesPosition:
    """What one seat knows of every opponent's case: per opponent holding a case, the clues
    about it (a one-target position each, as ``posterior`` reads), and the four-evidence cards
    it sees elsewhere. Two seats never hold one card, so the cases are weighed jointly."""

    players: int
    seat: int
    targets: Mapping[int, Mapping[str, object]]

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> BlackStoriesPosition:
        if "targets" not in data:  # one opponent's case alone (the older, single format)
            posterior(data)
            return cls(2, 0, {1: {k: v for k, v in data.items() if k != "game"}})
        reject_unknown_keys(data, JOINT_KEYS, "")
        players = _int(data.get("players"), "players", 2, 4)
        seat = _int(data.get("seat"), "seat", 0, players - 1)
        raw = data["targets"]
        if not isinstance(raw, Mapping):
            raise PositionError(said("targets: expected an object from seat to its clues"))
        targets: dict[int, Mapping[str, object]] = {}
        for key, clues in raw.items():
            target = _int(
                int(key) if str(key).isascii() and str(key).isdigit() else key,
                f"targets.{key}",
                0,
                players - 1,
            )
            if target == seat:
                raise PositionError(
                    said("targets.%(key)s: the seat's own case is no secret to it", key=key)
                )
            if not isinstance(clues, Mapping):
                where = "targets." + str(key)
                raise PositionError(said("%(where)s: expected an object", where=where))
            posterior(clues)
            targets[target] = clues
        return cls(players, seat, targets)

    def to_json(self) -> dict[str, object]:
        return {
            "game": GAME,
            "players": self.players,
            "seat": self.seat,
            "targets": {str(t): dict(clues) for t, clues in sorted(self.targets.items())},
        }


def candidates(position: BlackStoriesPosition) -> Candidates:
    """Per opponent holding a case, in seat order, the cases its own clues allow: all that
    ``joint_cases``, ``analyze`` and ``beliefs`` read of a position."""
    return tuple((t, tuple(posterior(position.targets[t]))) for t in sorted(position.targets))


def allowed(position: BlackStoriesPosition) -> Candidates:
    """``candidates`` of a position already checked whole (as ``from_json`` and
    ``position_of`` make them), from each clue's cases kept once read: the same cases."""
    return tuple((t, _allowed(position.targets[t])) for t in sorted(position.targets))


def _allowed(clues: Mapping[str, object]) -> tuple[tuple[str, ...], ...]:
    fits = (1 << len(CASES)) - 1
    for item in clues.get("cards", ()):  # type: ignore[attr-defined]
        fits &= _fitting(tuple(item["evidence"]), item["field"])
    for key in ("failed_guesses", "excluded"):
        for other in clues.get(key, ()):  # type: ignore[attr-defined]
            fits &= ~_case_bit(tuple(other))
    return tuple(case for i, case in enumerate(CASES) if fits >> i & 1)


@lru_cache(maxsize=4096)
def _fitting(evidence: tuple[str, ...], field: str) -> int:
    """The cases (bit i: ``CASES[i]``) a card with ``evidence`` played in ``field`` allows."""
    read, allowed = _evidence(evidence, "evidence"), FIELDS[field]
    return sum(1 << i for i, case in enumerate(CASES) if matches(read, case) in allowed)


@lru_cache(maxsize=256)
def _case_bit(evidence: tuple[str, ...]) -> int:
    """The bit of the case a four-evidence card is (a failed guess, a card seen elsewhere)."""
    return 1 << CASES.index(_evidence(evidence, "case", four=True))


def joint_cases(position: BlackStoriesPosition) -> list[tuple[tuple[str, ...], ...]]:
    """Every assignment of distinct cases to the opponents (in seat order) that fits."""
    return _joint(candidates(position))


def _joint(allowed: Candidates) -> list[tuple[tuple[str, ...], ...]]:
    return [
        combo
        for combo in product(*(cases for _, cases in allowed))
        if len(set(combo)) == len(combo)
    ]


def analyze(
    position: BlackStoriesPosition, explain_card: str | None = None, questions: bool = False
) -> SeatAnalysis:
    """Each opponent's case, exactly: every fitting assignment of distinct cases alike (the
    deal hands out the unseen four-evidence cards alike)."""
    order = sorted(position.targets)
    joint = joint_cases(position)
    if not joint:
        return SeatAnalysis(GAME, position.seat, False, 0, DEAL_MODEL)
    share = 1 / len(joint)
    cards: dict[str, dict[str, float]] = {}
    for combo in joint:
        for target, case in zip(order, combo, strict=True):
            places = cards.setdefault(case_name(case), {})
            places[str(target)] = places.get(str(target), 0.0) + share
    certain = {
        card: place for card, places in cards.items() for place, p in places.items() if p >= 1
    }
    return SeatAnalysis(
        GAME,
        position.seat,
        True,
        len(joint),
        DEAL_MODEL,
        cards=cards,
        solutions=tuple(Solution(tuple(case_name(c) for c in combo), share) for combo in joint),
        solution_bits=log2(len(joint)),
        certain=certain,
    )


def beliefs(position: BlackStoriesPosition) -> SeatAnalysis:
    """``analyze``'s cards and solutions for the research envs' features (the same numbers),
    without certain facts."""
    return _beliefs(position.seat, candidates(position))


def _beliefs(seat: int, allowed: Candidates) -> SeatAnalysis:
    """The beliefs of ``seat`` whose opponents' cases are ``allowed``, counted once per
    (case, seat) rather than added up per assignment (the same floats: the k-th entry of
    ``sums`` is ``share`` added k times, as ``analyze`` adds it)."""
    order = [target for target, _ in allowed]
    joint = _joint(allowed)
    if not joint:
        return SeatAnalysis(GAME, seat, False, 0, DEAL_MODEL)
    share = 1 / len(joint)
    names = {case: case_name(case) for _, cases in allowed for case in cases}
    held = Counter(
        (names[case], target) for combo in joint for target, case in zip(order, combo, strict=True)
    )
    sums = [0.0]
    for _ in range(max(held.values())):
        sums.append(sums[-1] + share)
    cards: dict[str, dict[str, float]] = {}
    for (name, target), times in held.items():
        cards.setdefault(name, {})[str(target)] = sums[times]
    return SeatAnalysis(
        GAME,
        seat,
        True,
        len(joint),
        DEAL_MODEL,
        cards=cards,
        solutions=tuple(Solution(tuple(names[c] for c in combo), share) for combo in joint),
    )


def _int(v: object, where: str, lo: int, hi: int) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise PositionError(
            said(
                "%(where)s: expected a whole number %(lo)s..%(hi)s, got %(value)s",
                where=where,
                lo=lo,
                hi=hi,
                value=repr(v),
            )
        )
    return v


def position_of(view: BlackStoriesView) -> BlackStoriesPosition:
    """What the view's seat knows of every opponent that holds a case."""
    if view.seat is None or view.hand is None:
        raise PositionError(said("seat: a spectator has no notes to deduce from"))
    targets = {
        t: black_stories_position(view, t)
        for t in range(view.players)
        if t != view.seat and view.has_case[t]
    }
    return BlackStoriesPosition(view.players, view.seat, targets)


def black_stories_position(view: BlackStoriesView, target: int) -> dict[str, object]:
    """The case posterior position of seat ``target`` as the view's seat knows it.

    Only the target's current case counts: a solve clears its grid and deals a new case, so
    failed guesses before its last successful solve were about an earlier card. Four-evidence
    cards the seat sees now (its own case and hand, the discard pile, every grid) are other
    cards, so not the case; nor is a hidden card that came from another pile than the case
    did: one that a reshuffle turned into the draw pile after the case was drawn, or that
    was in play before the reshuffle whose pile the case came from (that pile held only the
    discard pile's cards, all seen).
    """
    if view.seat is None or view.hand is None:
        raise PositionError(said("seat: a spectator has no notes to deduce from"))
    if not 0 <= target < view.players or target == view.seat:
        raise PositionError(said("target: %(target)s is not another seat", target=target))
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
    deck = view.config.deck
    missing = ["+".join(case) for case in CASES if "+".join(case) not in deck]
    other_pile: list[str] = []
    if view.case_epochs:  # which pile the case came from (a view made by hand may not say)
        epoch = view.case_epochs[target]
        seen = set(visible)
        other_pile = [c for c in deck if c not in seen and epoch_of(view.reshuffled, c) != epoch]
    excluded = [
        c.split("+") for c in dict.fromkeys([*visible, *missing, *other_pile]) if c.count("+") == 3
    ]
    return {"game": "black-stories", "cards": cards, "failed_guesses": failed, "excluded": excluded}


KNOWLEDGE: Knowledge[BlackStoriesPosition] = Knowledge(
    from_view=position_of,
    from_json=BlackStoriesPosition.from_json,
    to_json=BlackStoriesPosition.to_json,
    analyze=analyze,
    beliefs=beliefs,
    explains=False,
    ranks_questions=False,
)
