"""13 Clues: a seat's position as a model, and its analysis as JSON-ready data.

Position format (JSON)::

    {"game": "13-clues", "players": 4, "seat": 0,
     "hidden": ["Officer", "Park"],                       # the seat's own two hidden cards
     "mysteries": {"1": ["Duke", "Market", "Sword"], ...}, # every other seat's mystery
     "informants": {"A": "Nurse"},                        # informant slots the seat consulted
     "questions": [{"witness": 2, "about": "purple", "answer": 3}, ...],
     "accusations": [{"player": 3, "cards": ["Maid", "Harbor", "Rifle"]}],
     "mystery_choice": "players"}                         # optional: "players" or "random"

``about`` is a colour or one of male/female/indoor/outdoor/melee/ranged. A witness counts the
mysteries of every other seat plus his own two hidden cards (with 2 players, only the hidden
card on ``"side"``: "left" or "right"; the seat's own ``hidden`` then lies left, right). An
accuser may not name a card he sees, so each named card lies in his own mystery, another seat's
hidden cards or an informant slot. An accusation is one that was judged wrong (a right one
ends the game); the seat's own tells it that trio is not its mystery. The solution is the
seat's own mystery: one person, one location, one weapon. Unknown keys are errors.

``mystery_choice`` says how the mysteries were picked: by the seats (the game's default) or
uniformly at random by the game. The probabilities weigh every consistent deal alike, which is
exact for a uniform choice and an assumption when seats choose by their own strategy (without
the key, the assumption is said too); certain facts hold either way.

Explanations and conflicts name facts by number: question i is i, accusation j is the number
of questions plus j.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from sleuth.core import ConfigError
from sleuth.deduce.knowledge import (
    Contradiction,
    Explanation,
    Knowledge,
    Question,
    SeatAnalysis,
    Solution,
    reject_unknown_keys,
)
from sleuth.deduce.model import Constraint, Exclusion, Model, PositionError
from sleuth.deduce.queries import Analysis, conflicts, explain

from . import components as tc
from .views import ThirteenCluesView

# The default deck, from the game's own data; a position may name another (``deck``).
_DECK = tc.parse_deck(tc.DEFAULT_DECK)
COLOURS = tc.colour_order(_DECK)
PERSONS, LOCATIONS, WEAPONS = (
    tuple(card.name for card in _DECK if card.type == kind) for kind in range(len(tc.TYPES))
)
CATEGORIES = tc.ALL_CATEGORIES
PLAYER_COUNTS = range(2, tc.MAX_PLAYERS + 1)
REMOVED = {n: len(COLOURS) - tc.colours_in_play(n) for n in PLAYER_COUNTS}  # from the end
INFORMANTS = {n: tc.informant_count(n) for n in PLAYER_COUNTS}
MYSTERY = "mystery"
GAME = "13-clues"
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
# What the probabilities assume: every mystery picked uniformly from its chooser's hand, so
# every deal that fits is equally likely.
DEAL_MODEL = "uniform choice"


@lru_cache(maxsize=64)
def deck_cards(deck: tuple[str, ...] = tc.DEFAULT_DECK) -> tuple[tc.Card, ...]:
    """The cards of a deck as the game's config gives it (``colour/type/name/category``)."""
    try:
        return tc.parse_deck(deck)
    except ConfigError as error:
        raise PositionError(str(error)) from None


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
        raise PositionError(f"{where}: expected an integer, got {v!r}")
    if not lo <= v <= hi:
        raise PositionError(f"{where}: {v} is out of range {lo}..{hi}")
    return v


def _list(v: object, where: str) -> Sequence[object]:
    if not isinstance(v, Sequence) or isinstance(v, str):
        raise PositionError(f"{where}: expected a list")
    return v


class ThirteenCluesAnalysis:
    """The exact knowledge of one seat in 13 Clues.

    Worlds are weighed alike: exact when the mysteries are picked uniformly from the hands
    (``mystery_choice=random``), an assumption when seats choose (``DEAL_MODEL``); what holds
    in every world (certain facts, impossible trios) holds however the seats chose.
    """

    def __init__(self, data: object) -> None:
        if not isinstance(data, Mapping):
            raise PositionError("position: expected a JSON object")
        reject_unknown_keys(data, POSITION_KEYS, "")
        if data.get("game") != "13-clues":
            raise PositionError(f"game: expected '13-clues', got {data.get('game')!r}")
        for name in ("players", "seat", "hidden"):
            if name not in data:
                raise PositionError(f"{name}: missing")
        n = _int(data["players"], "players", 2, 6)
        seat = _int(data["seat"], "seat", 0, n - 1)
        self.players, self.seat = n, seat
        choice = data.get("mystery_choice")
        if choice is not None and choice not in MYSTERY_CHOICES:
            raise PositionError(
                f"mystery_choice: expected {' or '.join(MYSTERY_CHOICES)}, got {choice!r}"
            )
        self.mystery_choice: str | None = choice
        raw_deck = data.get("deck", list(tc.DEFAULT_DECK))
        if not isinstance(raw_deck, list) or not all(isinstance(c, str) for c in raw_deck):
            raise PositionError("deck: expected a list of cards as colour/type/name/category")
        self.deck: tuple[str, ...] = tuple(raw_deck)
        deck = cards_for(n, self.deck)
        names = [c[0] for c in deck]
        category = {c[0]: c[2] for c in deck}
        seen: dict[str, str] = {}

        def card(v: object, where: str) -> str:
            if not isinstance(v, str) or v not in category:
                raise PositionError(f"{where}: unknown card {v!r}")
            if v in seen:
                raise PositionError(f"{where}: {v} is already placed at {seen[v]}")
            seen[v] = where
            return v

        hidden = [card(v, f"hidden[{i}]") for i, v in enumerate(_list(data["hidden"], "hidden"))]
        if len(hidden) != 2:
            raise PositionError(f"hidden: expected 2 cards, got {len(hidden)}")
        raw_myst = data.get("mysteries", {})
        if not isinstance(raw_myst, Mapping):
            raise PositionError("mysteries: expected an object from seat to three cards")
        mysteries: dict[int, list[str]] = {}
        for key, v in raw_myst.items():
            s = _int(
                int(key) if isinstance(key, str) and key.isascii() and key.isdigit() else key,
                f"mysteries.{key}",
                0,
                n - 1,
            )
            if s == seat:
                raise PositionError(f"mysteries.{key}: a seat cannot see its own mystery")
            cs = [
                card(x, f"mysteries.{key}[{i}]") for i, x in enumerate(_list(v, f"mysteries.{key}"))
            ]
            if sorted(category[c] for c in cs) != ["location", "person", "weapon"]:
                raise PositionError(f"mysteries.{key}: expected one person, location and weapon")
            mysteries[s] = cs
        for s in range(n):
            if s != seat and s not in mysteries:
                raise PositionError(f"mysteries.{s}: missing")
        slots = [chr(ord("A") + i) for i in range(INFORMANTS[n])]
        raw_inf = data.get("informants", {})
        if not isinstance(raw_inf, Mapping):
            raise PositionError("informants: expected an object from slot letter to card")
        informants: dict[str, str] = {}
        for key, v in raw_inf.items():
            if key not in slots:
                raise PositionError(f"informants.{key}: no such slot (slots {''.join(slots)})")
            informants[key] = card(v, f"informants.{key}")
        # locations: own mystery, other seats' hidden cards, unconsulted informant slots
        others = [s for s in range(n) if s != seat]
        if n == 2:
            hid_locs = [(s, side) for s in others for side in SIDES]
        else:
            hid_locs = [(s, "") for s in others]
        loc_names = [MYSTERY] + [
            f"hidden:{s}" + (f":{side}" if side else "") for s, side in hid_locs
        ]
        caps = [3] + [1 if n == 2 else 2 for _ in hid_locs]
        open_slots = [x for x in slots if x not in informants]
        loc_names += [f"informant:{x}" for x in open_slots]
        caps += [1] * len(open_slots)
        unknown = tuple(c for c in names if c not in seen)
        self.known = {c: ("hidden:" + str(seat)) for c in hidden}
        for s, cs in mysteries.items():
            for c in cs:
                self.known[c] = f"mystery:{s}"
        for x, c in informants.items():
            self.known[c] = f"informant:{x}"
        index = {c: i for i, c in enumerate(unknown)}
        cons: list[Constraint] = []
        for cat in ("person", "location", "weapon"):
            cons.append(
                Constraint(
                    frozenset([0]), frozenset(index[c] for c in unknown if category[c] == cat), 1
                )
            )
        self.questions: list[dict[str, object]] = []
        self.self_conflicts: list[int] = []
        for i, q in enumerate(_list(data.get("questions", []), "questions")):
            where = f"questions[{i}]"
            if not isinstance(q, Mapping):
                raise PositionError(f"{where}: expected an object")
            reject_unknown_keys(q, QUESTION_KEYS, where)
            for name in ("witness", "about", "answer"):
                if name not in q:
                    raise PositionError(f"{where}.{name}: missing")
            w = _int(q["witness"], f"{where}.witness", 0, n - 1)
            about = q["about"]
            if not isinstance(about, str) or about not in (
                *colours_for(n, self.deck),
                *CATEGORIES,
            ):
                raise PositionError(f"{where}.about: unknown colour or category {about!r}")
            answer = _int(q["answer"], f"{where}.answer", 0, 30)
            side = q.get("side")
            if n == 2 and side not in SIDES:
                raise PositionError(f"{where}.side: expected 'left' or 'right'")
            if n != 2 and side is not None:
                raise PositionError(f"{where}.side: only two-player questions name a side")
            attr = attribute_set(about, n, self.deck)
            self.questions.append({"witness": w, "about": about, "answer": answer})
            visible = sum(1 for s, cs in mysteries.items() if s != w for c in cs if c in attr)
            if w == seat:
                # §4.5: with two players the witness counts only the hidden card on that side
                # (``hidden`` lies left, right); all of it is known to the seat itself.
                counted = [hidden[SIDES.index(str(side))]] if n == 2 else hidden
                visible += sum(1 for c in counted if c in attr)
                if visible != answer:
                    self.self_conflicts.append(i)
                continue
            locs = {0}
            for k, (s, sd) in enumerate(hid_locs):
                if s == w and (n != 2 or sd == side):
                    locs.add(1 + k)
            cards = frozenset(index[c] for c in attr if c in index)
            cons.append(Constraint(frozenset(locs), cards, answer - visible, i))
        n_q = len(self.questions)
        excluded: list[Exclusion] = []
        for i, acc in enumerate(_list(data.get("accusations", []), "accusations")):
            where = f"accusations[{i}]"
            if not isinstance(acc, Mapping) or "player" not in acc or "cards" not in acc:
                raise PositionError(f"{where}: expected an object with player and cards")
            reject_unknown_keys(acc, ACCUSATION_KEYS, where)
            p = _int(acc["player"], f"{where}.player", 0, n - 1)
            named: list[str] = []
            for nm in _list(acc["cards"], f"{where}.cards"):
                if not isinstance(nm, str) or nm not in category:
                    raise PositionError(f"{where}.cards: unknown card {nm!r}")
                named.append(nm)
            if sorted(category[c] for c in named) != ["location", "person", "weapon"]:
                raise PositionError(f"{where}.cards: expected one person, location and weapon")
            # §4.4: the accuser names no card he sees (his hidden cards, others' mysteries)
            for nm in named:
                place = self.known.get(nm, "")
                if place == f"hidden:{p}" or (
                    place.startswith("mystery:") and place != f"mystery:{p}"
                ):
                    raise PositionError(
                        f"{where}.cards: seat {p} sees {nm} ({place}) and cannot name it"
                    )
            if p == seat:
                # Told it is wrong: the trio is not the seat's mystery (a trio with a card
                # known elsewhere, an informant the seat looked up, is impossible anyway).
                if all(nm in index for nm in named):
                    excluded.append(Exclusion(frozenset(index[nm] for nm in named), n_q + i))
                continue
            # the accuser sees the seat's mystery and the other seats' hidden cards are not his
            allowed = {1 + k for k, (s, _) in enumerate(hid_locs) if s != p}
            allowed |= set(range(1 + len(hid_locs), len(loc_names)))
            for nm in named:
                if nm in index:
                    bad = frozenset(set(range(len(loc_names))) - allowed)
                    cons.append(Constraint(bad, frozenset([index[nm]]), 0, n_q + i))
        self.model = Model(
            unknown, tuple(loc_names), tuple(caps), tuple(cons), None, 0, tuple(excluded)
        )
        self.analysis = Analysis(self.model)
        self._hidden, self._mysteries, self._slots = hidden, mysteries, slots
        self._order = {c: i for i, c in enumerate(names)}
        self._category = category

    def category_of(self, card: str) -> str:
        """``person``, ``location`` or ``weapon``: the type of a card in play."""
        return self._category[card]

    def sample(self, rng: random.Random, k: int = 1) -> list[dict[str, object]]:
        """``k`` deals drawn uniformly from those consistent with the position (for bots that
        determinize), each the full assignment the engine models::

            {"mysteries": {"0": [person, location, weapon], ...},   # every seat's
             "hidden": {"0": [card, card], ...},                     # every seat's
             "informants": {"A": card, ...}}                         # every slot

        The seat's own cards and those it sees are copied; the rest come from one world of
        the engine, each consistent world equally likely. Hidden pairs are in deck order,
        except with two players, where they are [left, right] as the engine placed them.
        """
        if not self.consistent:
            raise ValueError("the position is inconsistent: no deal to sample")
        n, seat, model = self.players, self.seat, self.model
        out: list[dict[str, object]] = []
        for world in self.analysis.sample(rng, k):
            own: list[str] = []
            hidden: dict[int, list[str]] = {s: [] for s in range(n) if s != seat}
            informants = {
                loc[len("informant:") :]: c
                for c, loc in self.known.items()
                if loc.startswith("informant:")
            }
            for c, loc in enumerate(world):
                card, where = model.cards[c], model.locations[loc]
                if where == MYSTERY:
                    own.append(card)
                elif where.startswith("hidden:"):
                    # "hidden:S" or, with two players, "hidden:S:left" / "hidden:S:right"
                    parts = where.split(":")
                    owner = int(parts[1])
                    if len(parts) == 3 and parts[2] == "left":
                        hidden[owner].insert(0, card)
                    else:
                        hidden[owner].append(card)
                else:
                    informants[where[len("informant:") :]] = card
            if n != 2:
                for cards in hidden.values():
                    cards.sort(key=self._order.__getitem__)
            hidden[seat] = list(self._hidden)
            mysteries = {s: list(cs) for s, cs in self._mysteries.items()}
            mysteries[seat] = self._in_type_order(own)
            out.append(
                {
                    "mysteries": {str(s): mysteries[s] for s in range(n)},
                    "hidden": {str(s): hidden[s] for s in range(n)},
                    "informants": {x: informants[x] for x in self._slots},
                }
            )
        return out

    @property
    def consistent(self) -> bool:
        return not self.self_conflicts and self.analysis.consistent

    def _in_type_order(self, names: Iterable[str]) -> list[str]:
        """A trio as an accusation names it: person, location, weapon."""
        kinds = ("person", "location", "weapon")
        return sorted(names, key=lambda c: kinds.index(self._category[c]))

    @property
    def deal_model_assumed(self) -> bool:
        """Whether the probabilities rest on the assumption of a uniform choice: unless the
        position says the game picked the mysteries at random."""
        return self.mystery_choice != "random"

    def to_json(
        self, explain_card: str | None = None, questions: bool = False
    ) -> dict[str, object]:
        out: dict[str, object] = {
            "game": "13-clues",
            "players": self.players,
            "seat": self.seat,
            "deal_model": DEAL_MODEL,
            "mystery_choice": self.mystery_choice,
            "deal_model_assumed": self.deal_model_assumed,
            "consistent": self.consistent,
        }
        if not self.consistent:
            out["worlds"] = "0"
            if self.self_conflicts:
                out["conflict"] = {"questions": [self.self_conflicts[0]], "smallest": True}
            else:
                tags, smallest = conflicts(self.model)
                out["conflict"] = {"questions": tags, "smallest": smallest}
            return out
        an = self.analysis
        total = an.worlds
        out["worlds"] = str(total)
        cards: dict[str, dict[str, float]] = {c: {loc: 1.0} for c, loc in self.known.items()}
        for c, row in zip(self.model.cards, an.probabilities(), strict=True):
            cards[c] = {self.model.locations[loc]: p for loc, p in sorted(row.items())}
        out["cards"] = cards
        out["mystery"] = [
            {"cards": self._in_type_order(self.model.cards[c] for c in trio), "p": cnt / total}
            for trio, cnt in an.solution_posterior()
        ]
        out["certain"] = {self.model.cards[c]: self.model.locations[loc] for c, loc in an.certain()}
        if explain_card is not None:
            if explain_card in self.model.cards:
                ci = self.model.cards.index(explain_card)
                where = next((li for cc, li in an.certain() if cc == ci), None)
                if where is None:
                    out["explanation"] = {"card": explain_card, "reason": "not certain"}
                    mystery = self.model.locations.index(MYSTERY)
                    if an.probabilities()[ci].get(mystery, 0.0) <= 0.0:
                        tags, smallest = explain(self.model, ci, mystery, present=False)
                        out["explanation"] = {
                            "card": explain_card,
                            "reason": "not certain",
                            "ruled_out": MYSTERY,
                            "questions": tags,
                            "smallest": smallest,
                        }
                else:
                    tags, smallest = explain(self.model, ci, where)
                    out["explanation"] = {
                        "card": explain_card,
                        "location": self.model.locations[where],
                        "questions": tags,
                        "smallest": smallest,
                    }
            elif explain_card in self._category:
                out["explanation"] = {"card": explain_card, "reason": "seen by the seat"}
            else:
                raise PositionError(f"explain: {explain_card!r} is not a card in play")
        if questions:
            ranked = []
            # with two players a question names one hidden card of the witness (§4.5)
            sides = SIDES if self.players == 2 else ("",)
            for w, side in ((w, sd) for w in range(self.players) for sd in sides):
                if w == self.seat:
                    continue
                hid = f"hidden:{w}" + (f":{side}" if side else "")
                locs = frozenset(
                    i for i, name in enumerate(self.model.locations) if name in (MYSTERY, hid)
                )
                for about in (*colours_for(self.players, self.deck), *CATEGORIES):
                    attr = attribute_set(about, self.players, self.deck)
                    idx = frozenset(i for i, c in enumerate(self.model.cards) if c in attr)
                    qv = an.question_value(locs, idx)
                    entry: dict[str, object] = {"witness": w, "about": about}
                    if side:
                        entry["side"] = side
                    entry["mystery_bits"] = qv.solution_bits
                    entry["answer_entropy"] = qv.answer_entropy
                    ranked.append(entry)
            ranked.sort(key=lambda q: -float(q["mystery_bits"]))  # type: ignore[arg-type]
            out["questions"] = ranked
        return out

    def seat_analysis(
        self, explain_card: str | None = None, questions: bool = False
    ) -> SeatAnalysis:
        """The typed analysis every front reads (``sleuth deduce``, the sheet, the review)."""
        out = self.to_json(explain_card, questions)
        conflict = out.get("conflict")
        if not self.consistent and isinstance(conflict, dict):
            return SeatAnalysis(
                GAME,
                self.seat,
                False,
                0,
                DEAL_MODEL,
                self.deal_model_assumed,
                contradiction=Contradiction(tuple(conflict["questions"]), conflict["smallest"]),
            )
        total = self.analysis.worlds
        mysteries = sorted(
            (Solution(tuple(m["cards"]), float(m["p"])) for m in _items(out["mystery"])),
            key=lambda s: (-s.probability, s.cards),
        )
        explanation = None
        data = out.get("explanation")
        if isinstance(data, dict):
            where = data.get("location")
            explanation = Explanation(
                str(data["card"]),
                None if where is None else str(where),
                str(data.get("reason", "implied by the answers and accusations named")),
                tuple(data.get("questions", ())),
                bool(data.get("smallest", True)),
            )
        ranked = tuple(
            Question(
                f"ask {q['witness']} {q['about']}" + (f" {q['side']}" if q.get("side") else ""),
                float(q["mystery_bits"]),
                float(q["answer_entropy"]),
            )
            for q in _items(out.get("questions", []))
        )
        cards = out["cards"]
        certain = out["certain"]
        return SeatAnalysis(
            GAME,
            self.seat,
            True,
            total,
            DEAL_MODEL,
            self.deal_model_assumed,
            cards=cards if isinstance(cards, dict) else {},
            solutions=tuple(mysteries),
            solution_bits=self.analysis.solution_entropy(),
            certain=certain if isinstance(certain, dict) else {},
            explanation=explanation,
            questions=ranked,
        )


def _items(value: object) -> list[dict[str, Any]]:
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []


@dataclass(frozen=True)
class ThirteenCluesPosition:
    """A 13 Clues position: what one seat knows, in the position file's own fields (see the
    module docstring); checked whole when made (``from_json``)."""

    data: Mapping[str, object]

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> ThirteenCluesPosition:
        ThirteenCluesAnalysis(data)  # every field checked, every error named
        return cls(data)

    def to_json(self) -> dict[str, object]:
        return dict(self.data)


def analyze(
    position: ThirteenCluesPosition, explain_card: str | None = None, questions: bool = False
) -> SeatAnalysis:
    """The analysis of a position, as ``sleuth deduce`` gives it."""
    return ThirteenCluesAnalysis(position.data).seat_analysis(explain_card, questions)


def thirteen_clues_position(view: ThirteenCluesView) -> dict[str, object]:
    """The 13 Clues position of the view's seat: its hidden cards (as they lie: left, right),
    the mysteries it sees, the informants it looked up, every answer it saw, the accusations
    made and how the game picked the mysteries.

    Top Secret questions the seat neither asked nor answered show no subject and are left out;
    questions about a type (an option) are left out too, as the engine takes colours and
    categories only; leaving out a fact never excludes the truth. Questions put to the seat
    tell it nothing (it sees all it counts) and are kept as a check. The seat's own right
    accusation (the game is over) is left out: accusations in a position were judged wrong.
    """
    if view.seat is None:
        raise PositionError("seat: a spectator has no hidden cards to deduce from")
    own = view.seats[view.seat]
    if own.hidden is None or view.phase == "choose":
        raise PositionError("hidden: the mysteries are not chosen yet")
    mysteries = {
        str(s.seat): list(s.mystery)
        for s in view.seats
        if s.seat != view.seat and s.mystery is not None
    }
    informants = {i.slot: i.card for i in view.informants if i.card is not None}
    questions: list[dict[str, object]] = []
    for q in view.questions:
        if q.subject is None or q.answer is None or q.subject in ("person", "location", "weapon"):
            continue
        entry: dict[str, object] = {"witness": q.witness, "about": q.subject, "answer": q.answer}
        if q.side:
            entry["side"] = q.side
        questions.append(entry)
    accusations = [
        {"player": a.seat, "cards": list(a.cards)}
        for a in view.accusations
        if not (a.correct and a.seat == view.seat)
    ]
    return {
        "game": "13-clues",
        "players": view.players,
        "seat": view.seat,
        "hidden": list(own.hidden),
        "mysteries": mysteries,
        "informants": informants,
        "questions": questions,
        "accusations": accusations,
        "mystery_choice": view.config.mystery_choice,
        **({} if view.config.deck == tc.DEFAULT_DECK else {"deck": list(view.config.deck)}),
    }


KNOWLEDGE: Knowledge[ThirteenCluesPosition] = Knowledge(
    from_view=lambda view: ThirteenCluesPosition(thirteen_clues_position(view)),
    from_json=ThirteenCluesPosition.from_json,
    to_json=ThirteenCluesPosition.to_json,
    analyze=analyze,
)
