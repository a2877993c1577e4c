"""13 Clues: one seat's beliefs along a game, each position read from what it adds.

The research envs read a seat's ``beliefs`` at every observation, and every answer given at
the table is a new position for every seat. A long game's position holds a hundred
questions and more accusations, and reading and checking all of them again cost more than
counting the worlds. ``Believer`` keeps, for its seat, the last position as read; a
position that is the last one with more questions or accusations at their ends (the rest
alike) has only those read, and its model is the last one's with their constraints added.
A card an accusation names is kept out of the accuser's unseen places once, however often it
is named (a second such constraint rules out no world): the same worlds, so the same exact
numbers as ``ThirteenCluesAnalysis.beliefs`` counts from the position read whole. Any other
position (a new game, an informant consulted, a question's subject shown later) is read
whole.

What the additions tell is then used as narrowly as it can be. Additions that every world of
the last position already meets (each card they name lies in the places named in every
world or in none, as the last card counts tell; an own wrong accusation of a trio no world
holds) leave the worlds as they were: the last beliefs are kept. A seat knows its whole deal
for most of a long game, where this is every addition. Once few worlds are left they are
listed (``sleuth.deduce.frontier``) and later additions keep the listed worlds that fit
them; more worlds are counted afresh, but a position whose last one had not many more is
listed straight away (an answer only narrows: the count before the listing is saved).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from sleuth.deduce.frontier import Frontier, list_worlds
from sleuth.deduce.knowledge import SeatAnalysis, Solution
from sleuth.deduce.model import Constraint, Exclusion, Model, every_world_meets, propagate

from .knowledge import (
    DEAL_MODEL,
    GAME,
    ThirteenCluesAnalysis,
    ThirteenCluesPosition,
    trio_namer,
)
from .position_model import (
    Reading,
    ReadPosition,
    _Places,
    _places,
    _read_accusations,
    _read_questions,
    accused_key,
    read_position,
)

GROWING = ("questions", "accusations")  # the fields a later position may only add to
# Worlds at or below which a seat's worlds are listed and later refined rather than counted.
LISTED = 3_000
# A position whose last one had at most this many times ``LISTED`` worlds (an answer only
# narrows them) is listed straight away, without the count before it, where the listing
# keeps at most ``LISTING_ROWS`` times ``LISTED`` rows at once (else it is counted).
REACH = 10
LISTING_ROWS = 4
log = logging.getLogger(__name__)

# A research env keeps every seat's reading for a whole game, so what is kept per answer
# is integers only, which the garbage collector need not follow (it followed about 14,000
# objects of a game, four times the env's own): constraints are made from them when a
# position is counted or listed. A set is kept as the bits of its members
# (``Reading.sets`` gives it back).
_Key = tuple[int, int]  # an accusation's constraint, as ``accused_key`` makes it
_Fact = tuple[int, int, int]  # an answer's constraint: (places, cards, count)
_Answer = tuple[int, int, int, int]  # the same and its tag
_Excluded = tuple[int, int]  # the seat's own wrong accusation: (cards, tag)


@dataclass(frozen=True)
class _First:
    """A seat's first position of a game as read, without its questions, answers and
    accusations (the cards, places and known cards, which growing leaves alike), its
    places, its cards' indices and each accuser's unseen places (filled in as accusers
    come)."""

    read: ReadPosition
    places: _Places
    index: dict[str, int]
    unseen: dict[int, frozenset[int]]
    # Every answer's constraint read so far, as (places, cards, count): a question asked
    # again (by any seat: a witness counts alike for every asker) tells nothing new. Only
    # added to once a position is read whole, so a position refused leaves it as it was.
    answers: set[_Fact]
    # The questions checked so far and what each tells.
    reading: Reading = field(default_factory=Reading)


@dataclass
class _Read:
    """A seat's last position as read: its data, its game's first read, its questions and
    the questions put to it that its cards deny, its answers' constraints (one per answer
    not given by the seat), its accusations' constraints' tags, one per (places, card), and
    its own wrong accusations' trios (all as ``_Answer`` and the like say)."""

    data: Mapping[str, object]
    game: _First
    questions: list[dict[str, object]]
    self_conflicts: list[int]
    answered: list[_Answer]
    accused: dict[_Key, int]
    excluded: tuple[_Excluded, ...]

    def read(self) -> ReadPosition:
        """The position as ``read_position`` reads it whole, made when asked and not kept
        (its constraints are objects the garbage collector follows)."""
        model = self.game.read.model
        sets = self.game.reading.sets
        grown = Model(
            model.cards,
            model.locations,
            model.capacities,
            (
                *model.constraints[:3],
                *(Constraint(sets[p], sets[c], k, t) for p, c, k, t in self.answered),
                *(Constraint(sets[p], sets[1 << c], 0, t) for (p, c), t in self.accused.items()),
            ),
            None,
            model.solution,
            tuple(Exclusion(_members(c), t) for c, t in self.excluded),
        )
        return replace(
            self.game.read,
            questions=self.questions,
            self_conflicts=self.self_conflicts,
            model=grown,
        )


@dataclass
class _Known:
    """What a position's worlds say: its beliefs, each model card's world count per place
    (``counts[card][place]``; empty when no world fits: tuples of integers, which the
    garbage collector need not follow) and its worlds where listed."""

    beliefs: SeatAnalysis
    counts: tuple[tuple[int, ...], ...]
    frontier: Frontier | None


@dataclass
class _Growth:
    """What a position adds to the last: its read, the constraints and exclusions it adds
    that the last did not hold already, and whether a question put to the seat is denied by
    its cards; ``facts``, the answers it adds, for the game's record once it is read whole
    (a reading cut short leaves the record as it was, to be read again alike)."""

    read: _Read
    constraints: list[Constraint]
    excluded: list[Exclusion]
    denied: bool
    facts: frozenset[_Fact] = frozenset()


class Believer:
    """``beliefs`` for one seat, reading only what each position adds to the last."""

    def __init__(self, limit: int = LISTED) -> None:
        self.limit = limit
        self.grown = 0  # positions read from what they add (for tests and benchmarks)
        self.kept = 0  # positions whose additions every world of the last already met
        self.refined = 0  # positions whose listed worlds were refined
        self.listed = 0  # positions listed without a count first
        self._last: tuple[_Read, _Known] | None = None

    def __call__(self, position: ThirteenCluesPosition) -> SeatAnalysis:
        data = position.data
        last = self._last
        growth = None if last is None else _grow(last[0], data, position.checked)
        if last is None or growth is None:
            read = _fresh(data)
            known = self._count(read)
        else:
            self.grown += 1
            read = growth.read
            known = self._refine(last[1], growth)
            read.game.answers.update(growth.facts)
        self._last = (read, known)
        return known.beliefs

    def _refine(self, last: _Known, growth: _Growth) -> _Known:
        if not last.beliefs.consistent:
            return last  # more facts: still no world
        if not growth.denied and _met(growth, last.counts, last.beliefs.worlds):
            self.kept += 1
            return last
        if growth.denied or last.frontier is None:
            # (a question put to the seat that its cards deny leaves no world: counted)
            if not growth.denied and last.beliefs.worlds <= REACH * self.limit:
                known = self._list(growth.read)
                if known is not None:
                    return known
            return self._count(growth.read)
        self.refined += 1
        frontier = last.frontier.refine(growth.constraints)
        frontier = frontier.exclude(growth.excluded, growth.read.game.read.model.solution or 0)
        if frontier.worlds == last.frontier.worlds:
            return last  # refining only removes worlds: none went, so the same ones
        return _listed_beliefs(growth.read.game.read, frontier)

    def _list(self, read: _Read) -> _Known | None:
        """The beliefs of a position whose worlds are few, from its worlds listed (about as
        dear as a count: the count before the listing is saved), or None where the listing
        gives up (more rows than ``LISTING_ROWS`` times the threshold)."""
        listed = list_worlds(propagate(read.read().model), LISTING_ROWS * self.limit)
        if listed is None:
            return None
        self.listed += 1
        return _listed_beliefs(read.game.read, listed)

    def _count(self, read: _Read) -> _Known:
        """The beliefs counted afresh, and the worlds listed when few."""
        analysis = ThirteenCluesAnalysis(read.data, read.read())
        beliefs = analysis.beliefs()
        if not beliefs.consistent:
            return _Known(beliefs, (), None)
        engine = analysis.analysis
        listed = None
        if beliefs.worlds <= self.limit:
            listed = list_worlds(engine.reduced)
            if listed is not None and listed.worlds != beliefs.worlds:
                # A fault of the listing: the fresh count stands, and no refining follows
                # (a learner's episode goes on; the log says it for the one who looks).
                log.error("listed %s worlds where %s were counted", listed.worlds, beliefs.worlds)
                listed = None
        return _Known(beliefs, _untracked(engine.marginal_counts), listed)


def _untracked(counts: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], ...]:
    return tuple(map(tuple, counts))


def _met(growth: _Growth, counts: Sequence[Sequence[int]], total: int) -> bool:
    """Whether every world of a consistent position (``total`` worlds, ``counts`` its card
    counts per place) meets what ``growth`` adds: each card of a constraint lies in its
    places in every world or in none, as many there as it counts; each excluded trio has a
    card that no world puts in the mystery."""
    solution = growth.read.game.read.model.solution or 0
    for ex in growth.excluded:
        if all(counts[card][solution] for card in ex.cards):
            return False
    return every_world_meets(growth.constraints, counts, total)


def _listed_beliefs(first: ReadPosition, frontier: Frontier) -> _Known:
    """``ThirteenCluesAnalysis.beliefs`` of the position whose worlds ``frontier`` lists:
    the same exact counts, divided and ordered alike."""
    assumed = first.mystery_choice != "random"
    total = frontier.worlds
    if total == 0:
        return _Known(SeatAnalysis(GAME, first.seat, False, 0, DEAL_MODEL, assumed), (), None)
    model = first.model
    counts = frontier.marginal_counts()
    cards: dict[str, dict[str, float]] = {c: {loc: 1.0} for c, loc in first.known.items()}
    for card, row in zip(model.cards, counts, strict=True):
        cards[card] = {model.locations[loc]: cnt / total for loc, cnt in enumerate(row) if cnt}
    trios, weights = frontier.solution_counts(model.solution or 0)
    # The analysis's order: likeliest first, then by the cards' indices.
    ranked = sorted(zip(weights, trios.tolist(), strict=True), key=lambda t: (-t[0], t[1]))
    name = trio_namer(model.cards, first.category)
    solutions = tuple(Solution(name(trio), w / total) for w, trio in ranked)
    beliefs = SeatAnalysis(
        GAME, first.seat, True, total, DEAL_MODEL, assumed, cards=cards, solutions=solutions
    )
    return _Known(beliefs, _untracked(counts), frontier)


def _fresh(data: Mapping[str, object]) -> _Read:
    read = read_position(data)
    one_each = 3 + sum(1 for q in read.questions if q["witness"] != read.seat)
    constraints = read.model.constraints
    reading = Reading()
    accused: dict[_Key, int] = {}
    for con in constraints[one_each:]:
        (card,) = con.cards  # an accusation's constraint names one card
        accused.setdefault(_keep_accused(reading, con, card), con.tag)
    answered = [_keep_answer(reading, con) for con in constraints[3:one_each]]
    places = _places(read.players, read.seat, read.slots, _informants(read))
    index = {c: i for i, c in enumerate(read.model.cards)}
    answers = {a[:3] for a in answered}
    # What growing leaves alike, without the answers and accusations kept above.
    first = replace(
        read,
        questions=[],
        self_conflicts=[],
        model=replace(read.model, constraints=constraints[:3], excluded=()),
    )
    return _Read(
        data,
        _First(first, places, index, {}, answers, reading),
        read.questions,
        read.self_conflicts,
        answered,
        accused,
        tuple((_bits(ex.cards), ex.tag) for ex in read.model.excluded),
    )


def _grow(last: _Read, data: Mapping[str, object], checked: bool = False) -> _Growth | None:
    """``last`` with the questions and accusations ``data`` adds, or None when ``data`` is
    not ``last.data`` with more of them; ``checked``: its entries need no checking."""
    old = last.data
    if data.keys() != old.keys() or any(
        data[key] != old[key] for key in data if key not in GROWING
    ):
        return None
    new_questions = _added(old.get("questions", []), data.get("questions", []))
    new_accusations = _added(old.get("accusations", []), data.get("accusations", []))
    if new_questions is None or new_accusations is None:
        return None
    if not new_questions and not new_accusations:
        return _Growth(last, [], [], False)
    game = last.game
    first, places, index = game.read, game.places, game.index
    n, seat = first.players, first.seat
    done = len(last.questions)
    reading = game.reading
    asked, conflicts, cons = _read_questions(
        new_questions,
        n,
        seat,
        first.deck,
        first.hidden,
        first.mysteries,
        places,
        index,
        reading,
        checked,
        done,
    )
    # (tagged from ``done`` on, as the position read whole tags them)
    answered = [_keep_answer(reading, con) for con in cons]
    questions = [*last.questions, *asked]
    at = len(questions) + len(old.get("accusations", []))  # type: ignore[arg-type]
    accused_cons, excluded = _read_accusations(
        new_accusations,
        at,
        n,
        seat,
        first.category,
        first.known,
        places,
        index,
        game.unseen,
        last.accused,
        checked,
        reading.singles,
    )
    new = [(con, a[:3]) for con, a in zip(cons, answered, strict=True)]
    added = [con for con, fact in new if fact not in game.answers]
    facts = frozenset(fact for _, fact in new if fact not in game.answers)
    accused = last.accused  # (a _Read's lists and dicts are never written: shared if alike)
    if accused_cons:
        accused = dict(accused)
        for con in accused_cons:
            (card,) = con.cards
            key = _keep_accused(reading, con, card)
            if key not in accused:
                accused[key] = con.tag
                added.append(con)
    kept = last.excluded
    new_trios: list[Exclusion] = []
    if excluded:
        ruled_out = {cards for cards, _ in kept}
        trios = [(_bits(ex.cards), ex.tag) for ex in excluded]
        new_trios = [ex for ex, (c, _) in zip(excluded, trios, strict=True) if c not in ruled_out]
        kept = (*kept, *trios)
    read = _Read(
        data,
        game,
        questions,
        [*last.self_conflicts, *(done + i for i in conflicts)]
        if conflicts
        else last.self_conflicts,
        [*last.answered, *answered] if answered else last.answered,
        accused,
        kept,
    )
    return _Growth(read, added, new_trios, bool(conflicts), facts)


def _keep(reading: Reading, members: frozenset[int]) -> int:
    """The bits of ``members``, which ``reading.sets`` then gives back (the sets of places
    and cards answers and accusations name: a few dozen a game, each made once)."""
    bits = reading.bits.get(members)
    if bits is None:
        bits = reading.bits[members] = _bits(members)
        reading.sets.setdefault(bits, members)
    return bits


def _bits(members: frozenset[int]) -> int:
    return sum(1 << member for member in members)


def _members(bits: int) -> frozenset[int]:
    """The set ``_bits`` made ``bits`` of (an own accusation's trio: seldom the same twice,
    so made again rather than kept)."""
    return frozenset(i for i in range(bits.bit_length()) if bits >> i & 1)


def _keep_answer(reading: Reading, con: Constraint) -> _Answer:
    return _keep(reading, con.locations), _keep(reading, con.cards), con.count, con.tag


def _keep_accused(reading: Reading, con: Constraint, card: int) -> _Key:
    """An accusation's constraint as ``accused_key`` keys it, its sets kept."""
    _keep(reading, con.cards)
    _keep(reading, con.locations)
    return accused_key(con.locations, card)


def _added(old: object, new: object) -> Sequence[object] | None:
    """What ``new`` adds at the end of ``old``, or None when it does not start with it."""
    if not isinstance(old, list) or not isinstance(new, list) or len(new) < len(old):
        return None
    return new[len(old) :] if new[: len(old)] == old else None


def _informants(read: ReadPosition) -> dict[str, str]:
    return {
        place[len("informant:") :]: card
        for card, place in read.known.items()
        if place.startswith("informant:")
    }
