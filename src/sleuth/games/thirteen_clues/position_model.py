"""13 Clues: a position file read and checked, and the seat's unknown cards as a model.

The format is described in ``knowledge``. Here every field is checked (each error names the
field and leaves nothing made) and turned into the deduction engine's terms: the seat's own
mystery, the other seats' hidden cards and the informant slots it did not consult are the
locations; each answer the seat did not give itself is a count constraint; an accusation
rules cards out of the places the accuser sees (or, the seat's own, rules its trio out).
"""

from __future__ import annotations

from collections.abc import Container, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from sleuth.core import ConfigError
from sleuth.core.said import said, words_of
from sleuth.deduce.knowledge import reject_unknown_keys
from sleuth.deduce.model import Constraint, Exclusion, Model, PositionError

from . import components as tc

MYSTERY = "mystery"
SIDES = tc.SIDES  # with two players, a seat's hidden cards as they lie: left, right
POSITION_KEYS = (
    "game",
    "players",
    "seat",
    "hidden",
    "mysteries",
    "informants",
    "questions",
    "accusations",
    "mystery_choice",
    "deck",
)
QUESTION_KEYS = ("witness", "about", "answer", "side")
ACCUSATION_KEYS = ("player", "cards")
MYSTERY_CHOICES = ("players", "random")
_TRIO = ["location", "person", "weapon"]  # one of each type, sorted


@lru_cache(maxsize=64)
def deck_cards(deck: tuple[str, ...] = tc.DEFAULT_DECK) -> tuple[tc.Card, ...]:
    """The cards of a deck as the game's config gives it (``colour/type/name/category``)."""
    try:
        return tc.parse_deck(deck)
    except ConfigError as error:
        raise PositionError(words_of(error) or str(error)) from None


@lru_cache(maxsize=64)
def colours_for(players: int, deck: tuple[str, ...] = tc.DEFAULT_DECK) -> tuple[str, ...]:
    """The colours in play: the first N + 4 of the deck."""
    return tc.colour_order(deck_cards(deck))[: tc.colours_in_play(players)]


def cards_for(players: int, deck: tuple[str, ...] = tc.DEFAULT_DECK) -> list[tuple[str, str, str]]:
    """(name, colour, category) of the cards in play."""
    in_play = colours_for(players, deck)
    return [
        (card.name, card.colour, tc.TYPES[card.type])
        for card in deck_cards(deck)
        if card.colour in in_play
    ]


@lru_cache(maxsize=1024)  # read for every answer of every position: a pure function
def attribute_set(
    about: str, players: int, deck: tuple[str, ...] = tc.DEFAULT_DECK
) -> frozenset[str]:
    """The card names a question about a colour or a category counts."""
    in_play = colours_for(players, deck)
    return frozenset(
        card.name
        for card in deck_cards(deck)
        if card.colour in in_play and about in (card.colour, card.category)
    )


def _int(v: object, where: str, lo: int, hi: int) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise PositionError(
            said("%(where)s: expected an integer, got %(value)s", where=where, value=repr(v))
        )
    if not lo <= v <= hi:
        raise PositionError(
            said(
                "%(where)s: %(value)s is out of range %(lo)s..%(hi)s",
                where=where,
                value=v,
                lo=lo,
                hi=hi,
            )
        )
    return v


def _list(v: object, where: str) -> Sequence[object]:
    if not isinstance(v, Sequence) or isinstance(v, str):
        raise PositionError(said("%(where)s: expected a list", where=where))
    return v


@dataclass
class ReadPosition:
    """A checked position: its fields as the analysis keeps them, and the model."""

    players: int
    seat: int
    mystery_choice: str | None
    deck: tuple[str, ...]
    names: list[str]  # the cards in play, in deck order
    category: dict[str, str]  # card -> person, location or weapon
    hidden: list[str]  # the seat's own hidden cards (with two players: left, right)
    mysteries: dict[int, list[str]]  # every other seat's
    slots: list[str]  # the informant slots' letters
    known: dict[str, str]  # card -> where the seat sees it
    questions: list[dict[str, object]]
    self_conflicts: list[int]  # questions put to the seat whose answer its cards deny
    model: Model


class _Cards:
    """Reads card names, each placed once: a second place for a card is an error."""

    def __init__(self, category: Mapping[str, str]) -> None:
        self.category = category
        self.seen: dict[str, str] = {}

    def __call__(self, v: object, where: str) -> str:
        if not isinstance(v, str) or v not in self.category:
            raise PositionError(said("%(where)s: unknown card %(card)s", where=where, card=repr(v)))
        if v in self.seen:
            raise PositionError(
                said(
                    "%(where)s: %(card)s is already placed at %(place)s",
                    where=where,
                    card=v,
                    place=self.seen[v],
                )
            )
        self.seen[v] = where
        return v


@dataclass
class _Places:
    """The locations of the seat's unknown cards: its own mystery, each other seat's hidden
    cards (a side each with two players), the informant slots it did not consult."""

    hidden: list[tuple[int, str]]  # (seat, side) of each hidden location, side "" for 3+
    names: list[str]
    caps: list[int]


def read_position(data: object) -> ReadPosition:
    """The position ``data`` checked whole and read into a model; a ``PositionError`` names
    the first field that is wrong."""
    if not isinstance(data, Mapping):
        raise PositionError(said("position: expected a JSON object"))
    n, seat, choice, deck = _read_header(data)
    in_play = cards_for(n, deck)
    names = [c[0] for c in in_play]
    category = {c[0]: c[2] for c in in_play}
    card = _Cards(category)
    hidden = [card(v, f"hidden[{i}]") for i, v in enumerate(_list(data["hidden"], "hidden"))]
    if len(hidden) != 2:
        raise PositionError(said("hidden: expected 2 cards, got %(count)s", count=len(hidden)))
    mysteries = _read_mysteries(data.get("mysteries", {}), n, seat, card)
    slots = [chr(ord("A") + i) for i in range(tc.informant_count(n))]
    informants = _read_informants(data.get("informants", {}), slots, card)
    places = _places(n, seat, slots, informants)
    unknown = tuple(c for c in names if c not in card.seen)
    known = {c: ("hidden:" + str(seat)) for c in hidden}
    for s, cs in mysteries.items():
        for c in cs:
            known[c] = f"mystery:{s}"
    for x, c in informants.items():
        known[c] = f"informant:{x}"
    index = {c: i for i, c in enumerate(unknown)}
    one_each = [
        Constraint(frozenset([0]), frozenset(index[c] for c in unknown if category[c] == t), 1)
        for t in ("person", "location", "weapon")
    ]
    questions, self_conflicts, answered = _read_questions(
        data.get("questions", []), n, seat, deck, hidden, mysteries, places, index
    )
    accused, excluded = _read_accusations(
        data.get("accusations", []), len(questions), n, seat, category, known, places, index
    )
    model = Model(
        unknown,
        tuple(places.names),
        tuple(places.caps),
        (*one_each, *answered, *accused),
        None,
        0,
        tuple(excluded),
    )
    return ReadPosition(
        n,
        seat,
        choice,
        deck,
        names,
        category,
        hidden,
        mysteries,
        slots,
        known,
        questions,
        self_conflicts,
        model,
    )


def _read_header(data: Mapping[str, object]) -> tuple[int, int, str | None, tuple[str, ...]]:
    """The position's game, players, seat, how the mysteries were chosen, and deck."""
    reject_unknown_keys(data, POSITION_KEYS, "")
    if data.get("game") != "13-clues":
        raise PositionError(
            said("game: expected '13-clues', got %(game)s", game=repr(data.get("game")))
        )
    for name in ("players", "seat", "hidden"):
        if name not in data:
            raise PositionError(said("%(name)s: missing", name=name))
    n = _int(data["players"], "players", 2, 6)
    seat = _int(data["seat"], "seat", 0, n - 1)
    choice = data.get("mystery_choice")
    if choice is not None and choice not in MYSTERY_CHOICES:
        raise PositionError(
            said(
                "mystery_choice: expected %(choices)s, got %(choice)s",
                choices=" or ".join(MYSTERY_CHOICES),
                choice=repr(choice),
            )
        )
    raw_deck = data.get("deck", list(tc.DEFAULT_DECK))
    if not isinstance(raw_deck, list) or not all(isinstance(c, str) for c in raw_deck):
        raise PositionError(said("deck: expected a list of cards as colour/type/name/category"))
    return n, seat, choice, tuple(raw_deck)


@dataclass
class Reading:
    """What a seat's later positions of one game read again, kept from the first reads:
    each question checked (keyed by its fields and their types, so only an equal entry is
    taken as checked) and what each question tells (random bots ask the same questions
    again and again; accusations are seldom made twice). The checks depend on the
    players and the deck, what a question tells on the seat's cards and places: all alike
    along a game.

    What a question tells is kept in parts, each made once: the places a witness counts
    by (witness, side), the unknown cards a subject
    counts by subject, and how many counted cards the seat sees by (witness, subject,
    side). A game's hundreds of answers then hold a few dozen sets between them, and no
    object per answer that the garbage collector must follow (a research env keeps every
    seat's reading for a whole game)."""

    questions: dict[tuple[object, ...], tuple[int, str, int, object]] = field(default_factory=dict)
    places: dict[tuple[int, object], frozenset[int]] = field(default_factory=dict)
    cards: dict[str, frozenset[int]] = field(default_factory=dict)
    seen: dict[tuple[int, str, object], int] = field(default_factory=dict)
    singles: dict[int, frozenset[int]] = field(default_factory=dict)  # a card's own set
    # Each set of places or cards a kept constraint names, by its bits (``Believer`` keeps
    # its constraints as integers, and makes them again from these).
    sets: dict[int, frozenset[int]] = field(default_factory=dict)
    bits: dict[frozenset[int], int] = field(default_factory=dict)  # the other way round


def _entry_key(entry: object) -> tuple[object, ...] | None:
    """A question's fields as a key, each value with its type (True is not 1), or None for
    an entry that is not a dict of integers and strings."""
    if type(entry) is not dict:
        return None
    key: list[object] = []
    for name, value in entry.items():
        if type(value) not in (int, str):
            return None
        key += (name, type(value), value)
    return tuple(key)


def _read_questions(
    raw: object,
    n: int,
    seat: int,
    deck: tuple[str, ...],
    hidden: list[str],
    mysteries: Mapping[int, list[str]],
    places: _Places,
    index: Mapping[str, int],
    reading: Reading | None = None,
    checked: bool = False,
    first: int = 0,
) -> tuple[list[dict[str, object]], list[int], list[Constraint]]:
    """The questions as kept, those put to the seat that its own cards deny, and a count
    constraint per answer the seat did not give. ``reading``: what the seat's earlier
    positions of this game read (added to); ``checked``: questions known good (made by
    this game's own code), read without checking them again; ``first``: the position's
    index of ``raw``'s first question (they are the ones added to an earlier position's),
    for the errors and the constraints' tags."""
    questions: list[dict[str, object]] = []
    self_conflicts: list[int] = []
    cons: list[Constraint] = []
    reading = Reading() if reading is None else reading
    checks = reading.questions
    for i, q in enumerate(_list(raw, "questions")):
        if checked:
            fields = _checked_question(q)
        else:
            key = _entry_key(q)
            known = None if key is None else checks.get(key)
            where = f"questions[{first + i}]"
            fields = _read_question(q, where, n, deck) if known is None else known
            if key is not None:
                checks[key] = fields
        w, about, answer, side = fields
        questions.append({"witness": w, "about": about, "answer": answer})
        counted = reading.seen.get((w, about, side))
        if counted is None:
            counted = reading.seen[w, about, side] = _tells(
                w, about, side, n, seat, deck, hidden, mysteries
            )
        if w == seat:
            if counted != answer:
                self_conflicts.append(i)
            continue
        locs = reading.places.get((w, side))
        if locs is None:
            locs = reading.places[w, side] = _counted_places(w, side, n, places)
        cards = reading.cards.get(about)
        if cards is None:
            cards = reading.cards[about] = frozenset(
                index[c] for c in attribute_set(about, n, deck) if c in index
            )
        cons.append(Constraint(locs, cards, answer - counted, first + i))
    return questions, self_conflicts, cons


def _checked_question(q: object) -> tuple[int, str, int, object]:
    entry: Mapping[str, Any] = q  # type: ignore[assignment]
    return entry["witness"], entry["about"], entry["answer"], entry.get("side")


def _tells(
    w: int,
    about: str,
    side: object,
    n: int,
    seat: int,
    deck: tuple[str, ...],
    hidden: list[str],
    mysteries: Mapping[int, list[str]],
) -> int:
    """How many of the cards a witness counts the seat sees: every mystery but his own (a
    witness counts the others'), and when the witness is the seat, its own hidden cards too
    (§4.5: with two players only the card on the side asked; ``hidden`` lies left, right)."""
    attr = attribute_set(about, n, deck)
    seen = sum(1 for s, cs in mysteries.items() if s != w for c in cs if c in attr)
    if w != seat:
        return seen
    counted = [hidden[SIDES.index(str(side))]] if n == 2 else hidden
    return seen + sum(1 for c in counted if c in attr)


def _counted_places(w: int, side: object, n: int, places: _Places) -> frozenset[int]:
    """The places whose cards a witness counts: the seat's mystery and his hidden cards
    (with two players, the one on the side asked)."""
    locs = {0}
    for k, (s, sd) in enumerate(places.hidden):
        if s == w and (n != 2 or sd == side):
            locs.add(1 + k)
    return frozenset(locs)


def _read_accusations(
    raw: object,
    first_fact: int,
    n: int,
    seat: int,
    category: Mapping[str, str],
    known: Mapping[str, str],
    places: _Places,
    index: Mapping[str, int],
    unseen: dict[int, frozenset[int]] | None = None,
    held: Container[tuple[int, int]] | None = None,
    checked: bool = False,
    singles: dict[int, frozenset[int]] | None = None,
) -> tuple[list[Constraint], list[Exclusion]]:
    """What the wrong accusations tell: another seat's names no card in a place it sees,
    the seat's own trio is not its mystery. Accusation i is fact ``first_fact + i``.
    ``unseen``: each accuser's unseen places, kept by a caller that reads on (filled in);
    ``held``: the ``accused_key`` of the
    constraints the caller holds already, not made again (a card named again rules out no
    more); ``checked``: accusations known good, read without checking them again;
    ``singles``: each card's set, kept by a caller that reads on (filled in)."""
    cons: list[Constraint] = []
    excluded: list[Exclusion] = []
    if unseen is None:
        unseen = {}  # by accuser
    if singles is None:
        singles = {}
    for i, acc in enumerate(_list(raw, "accusations")):
        fact = first_fact + i
        if checked:
            p, named = acc["player"], acc["cards"]  # type: ignore[index]
        else:
            p, named = _read_accusation(acc, f"accusations[{i}]", n, category, known)
        if p == seat:
            # Told it is wrong: the trio is not the seat's mystery (a trio with a card
            # known elsewhere, an informant the seat looked up, is impossible anyway).
            if all(nm in index for nm in named):
                excluded.append(Exclusion(frozenset(index[nm] for nm in named), fact))
            continue
        if p not in unseen:
            unseen[p] = _unseen_by(p, places)
        bad = unseen[p]
        bits = 0 if held is None else accused_key(bad, 0)[0]
        for nm in named:
            c = index.get(nm)
            if c is None or (held is not None and (bits, c) in held):
                continue
            single = singles.get(c)
            if single is None:
                single = singles[c] = frozenset([c])
            cons.append(Constraint(bad, single, 0, fact))
    return cons, excluded


def accused_key(places: frozenset[int], card: int) -> tuple[int, int]:
    """An accusation's constraint (``card`` in none of ``places``) as a key of two integers
    (a key the garbage collector need not follow, kept for a whole game)."""
    return sum(1 << place for place in places), card


def _unseen_by(accuser: int, places: _Places) -> frozenset[int]:
    """The places none of whose cards an accuser may name: he sees the seat's mystery, and
    the other seats' hidden cards are not his."""
    allowed = {1 + k for k, (s, _) in enumerate(places.hidden) if s != accuser}
    allowed |= set(range(1 + len(places.hidden), len(places.names)))
    return frozenset(set(range(len(places.names))) - allowed)


def _read_mysteries(raw: object, n: int, seat: int, card: _Cards) -> dict[int, list[str]]:
    """Every other seat's mystery, one person, location and weapon each."""
    if not isinstance(raw, Mapping):
        raise PositionError(said("mysteries: expected an object from seat to three cards"))
    mysteries: dict[int, list[str]] = {}
    for key, v in raw.items():
        s = _int(
            int(key) if isinstance(key, str) and key.isascii() and key.isdigit() else key,
            f"mysteries.{key}",
            0,
            n - 1,
        )
        if s == seat:
            raise PositionError(
                said("mysteries.%(key)s: a seat cannot see its own mystery", key=key)
            )
        cs = [card(x, f"mysteries.{key}[{i}]") for i, x in enumerate(_list(v, f"mysteries.{key}"))]
        if sorted(card.category[c] for c in cs) != _TRIO:
            raise PositionError(
                said("mysteries.%(key)s: expected one person, location and weapon", key=key)
            )
        mysteries[s] = cs
    for s in range(n):
        if s != seat and s not in mysteries:
            raise PositionError(said("mysteries.%(seat)s: missing", seat=s))
    return mysteries


def _read_informants(raw: object, slots: list[str], card: _Cards) -> dict[str, str]:
    """The informant slots the seat consulted, by letter."""
    if not isinstance(raw, Mapping):
        raise PositionError(said("informants: expected an object from slot letter to card"))
    informants: dict[str, str] = {}
    for key, v in raw.items():
        if key not in slots:
            raise PositionError(
                said(
                    "informants.%(key)s: no such slot (slots %(slots)s)",
                    key=key,
                    slots="".join(slots),
                )
            )
        informants[key] = card(v, f"informants.{key}")
    return informants


def _places(n: int, seat: int, slots: list[str], informants: Mapping[str, str]) -> _Places:
    others = [s for s in range(n) if s != seat]
    sides = SIDES if n == 2 else ("",)
    hidden = [(s, side) for s in others for side in sides]
    names = [MYSTERY] + [f"hidden:{s}" + (f":{side}" if side else "") for s, side in hidden]
    caps = [3] + [1 if n == 2 else 2 for _ in hidden]
    open_slots = [x for x in slots if x not in informants]
    names += [f"informant:{x}" for x in open_slots]
    caps += [1] * len(open_slots)
    return _Places(hidden, names, caps)


def _read_question(
    q: object, where: str, n: int, deck: tuple[str, ...]
) -> tuple[int, str, int, object]:
    """A question checked: its witness, subject, answer and side (``None`` unless asked)."""
    if not isinstance(q, Mapping):
        raise PositionError(said("%(where)s: expected an object", where=where))
    reject_unknown_keys(q, QUESTION_KEYS, where)
    for name in ("witness", "about", "answer"):
        if name not in q:
            raise PositionError(said("%(where)s.%(name)s: missing", where=where, name=name))
    w = _int(q["witness"], f"{where}.witness", 0, n - 1)
    about = q["about"]
    if not isinstance(about, str) or about not in (*colours_for(n, deck), *tc.ALL_CATEGORIES):
        raise PositionError(
            said(
                "%(where)s.about: unknown colour or category %(about)s",
                where=where,
                about=repr(about),
            )
        )
    answer = _int(q["answer"], f"{where}.answer", 0, 30)
    side = q.get("side")
    if n == 2 and side not in SIDES:
        raise PositionError(said("%(where)s.side: expected 'left' or 'right'", where=where))
    if n != 2 and side is not None:
        raise PositionError(
            said("%(where)s.side: only two-player questions name a side", where=where)
        )
    return w, about, answer, side


def _read_accusation(
    acc: object, where: str, n: int, category: Mapping[str, str], known: Mapping[str, str]
) -> tuple[int, list[str]]:
    """An accusation checked: its accuser and the trio named."""
    if not isinstance(acc, Mapping) or "player" not in acc or "cards" not in acc:
        raise PositionError(
            said("%(where)s: expected an object with player and cards", where=where)
        )
    reject_unknown_keys(acc, ACCUSATION_KEYS, where)
    p = _int(acc["player"], f"{where}.player", 0, n - 1)
    named: list[str] = []
    for nm in _list(acc["cards"], f"{where}.cards"):
        if not isinstance(nm, str) or nm not in category:
            raise PositionError(
                said("%(where)s.cards: unknown card %(card)s", where=where, card=repr(nm))
            )
        named.append(nm)
    if sorted(category[c] for c in named) != _TRIO:
        raise PositionError(
            said("%(where)s.cards: expected one person, location and weapon", where=where)
        )
    # §4.4: the accuser names no card he sees (his hidden cards, others' mysteries)
    for nm in named:
        place = known.get(nm, "")
        if place == f"hidden:{p}" or (place.startswith("mystery:") and place != f"mystery:{p}"):
            raise PositionError(
                said(
                    "%(where)s.cards: seat %(seat)s sees %(card)s (%(place)s) and cannot name it",
                    where=where,
                    seat=p,
                    card=nm,
                    place=place,
                )
            )
    return p, named
