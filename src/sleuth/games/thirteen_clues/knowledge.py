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
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sleuth.core.said import said
from sleuth.deduce.explain import conflicts, explain
from sleuth.deduce.knowledge import (
    Contradiction,
    Explanation,
    Knowledge,
    Question,
    SeatAnalysis,
    Solution,
)
from sleuth.deduce.model import PositionError
from sleuth.deduce.queries import Analysis
from sleuth.i18n import N_

from . import components as tc
from .position_model import MYSTERY as MYSTERY
from .position_model import SIDES, ReadPosition, colours_for, read_position
from .position_model import attribute_set as attribute_set
from .position_model import cards_for as cards_for
from .position_model import deck_cards as deck_cards
from .views import AccusationView, QuestionView, ThirteenCluesView

# The default deck, from the game's own data; a position may name another (``deck``).
_DECK = tc.parse_deck(tc.DEFAULT_DECK)
COLOURS = tc.colour_order(_DECK)
CATEGORIES = tc.ALL_CATEGORIES
PLAYER_COUNTS = range(2, tc.MAX_PLAYERS + 1)
REMOVED = {n: len(COLOURS) - tc.colours_in_play(n) for n in PLAYER_COUNTS}  # from the end
INFORMANTS = {n: tc.informant_count(n) for n in PLAYER_COUNTS}
GAME = "13-clues"
# What the probabilities assume: every mystery picked uniformly from its chooser's hand, so
# every deal that fits is equally likely.
DEAL_MODEL = N_("uniform choice")  # the sheet says it in the reader's language


class ThirteenCluesAnalysis:
    """The exact knowledge of one seat in 13 Clues.

    Worlds are weighed alike: exact when the mysteries are picked uniformly from the hands
    (``mystery_choice=random``), an assumption when seats choose (``DEAL_MODEL``); what holds
    in every world (certain facts, impossible trios) holds however the seats chose.
    """

    def __init__(self, data: object, read: ReadPosition | None = None) -> None:
        """``read``: ``data`` already read (by ``read_position`` or a seat's ``Believer``)."""
        read = read_position(data) if read is None else read
        self.players, self.seat = read.players, read.seat
        self.mystery_choice: str | None = read.mystery_choice
        self.deck: tuple[str, ...] = read.deck
        self.known = read.known
        self.questions = read.questions
        self.self_conflicts = read.self_conflicts
        self.model = read.model
        self.analysis = Analysis(self.model)
        self._hidden, self._mysteries, self._slots = read.hidden, read.mysteries, read.slots
        self._order = {c: i for i, c in enumerate(read.names)}
        self._category = read.category

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
        return in_type_order(names, self._category)

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
        out["cards"] = self._card_places()
        out["mystery"] = [
            {"cards": self._in_type_order(self.model.cards[c] for c in trio), "p": cnt / total}
            for trio, cnt in an.solution_posterior()
        ]
        out["certain"] = {self.model.cards[c]: self.model.locations[loc] for c, loc in an.certain()}
        if explain_card is not None:
            out["explanation"] = self._explanation(explain_card)
        if questions:
            out["questions"] = self._ranked_questions()
        return out

    def _card_places(self) -> dict[str, dict[str, float]]:
        """Each card's place probabilities: known ones certain, the rest from the engine."""
        cards: dict[str, dict[str, float]] = {c: {loc: 1.0} for c, loc in self.known.items()}
        for c, row in zip(self.model.cards, self.analysis.probabilities(), strict=True):
            cards[c] = {self.model.locations[loc]: p for loc, p in sorted(row.items())}
        return cards

    def beliefs(self) -> SeatAnalysis:
        """What the research envs' features read: the cards and mysteries of
        ``seat_analysis`` (the same numbers), without certain facts, entropy or order."""
        if not self.consistent:
            return SeatAnalysis(GAME, self.seat, False, 0, DEAL_MODEL, self.deal_model_assumed)
        an = self.analysis
        total = an.worlds
        cards = self._card_places()
        name = trio_namer(self.model.cards, self._category)
        solutions = tuple(
            Solution(name(trio), cnt / total) for trio, cnt in an.solution_posterior()
        )
        return SeatAnalysis(
            GAME,
            self.seat,
            True,
            total,
            DEAL_MODEL,
            self.deal_model_assumed,
            cards=cards,
            solutions=solutions,
        )

    def _explanation(self, explain_card: str) -> dict[str, object]:
        """Why a card is where it is certainly, or (not certain) why it cannot be the mystery."""
        an = self.analysis
        if explain_card in self.model.cards:
            ci = self.model.cards.index(explain_card)
            where = next((li for cc, li in an.certain() if cc == ci), None)
            if where is None:
                mystery = self.model.locations.index(MYSTERY)
                if an.probabilities()[ci].get(mystery, 0.0) <= 0.0:
                    tags, smallest = explain(self.model, ci, mystery, present=False)
                    return {
                        "card": explain_card,
                        "reason": "not certain",
                        "ruled_out": MYSTERY,
                        "questions": tags,
                        "smallest": smallest,
                    }
                return {"card": explain_card, "reason": "not certain"}
            tags, smallest = explain(self.model, ci, where)
            return {
                "card": explain_card,
                "location": self.model.locations[where],
                "questions": tags,
                "smallest": smallest,
            }
        if explain_card in self._category:
            return {"card": explain_card, "reason": "seen by the seat"}
        raise PositionError(
            said("explain: %(explain_card)s is not a card in play", explain_card=repr(explain_card))
        )

    def _ranked_questions(self) -> list[dict[str, object]]:
        """Every question the seat may ask, those telling most about its mystery first."""
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
                qv = self.analysis.question_value(locs, idx)
                entry: dict[str, object] = {"witness": w, "about": about}
                if side:
                    entry["side"] = side
                entry["mystery_bits"] = qv.solution_bits
                entry["answer_entropy"] = qv.answer_entropy
                ranked.append(entry)
        ranked.sort(key=lambda q: -float(q["mystery_bits"]))  # type: ignore[arg-type]
        return ranked

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


def in_type_order(names: Iterable[str], category: Mapping[str, str]) -> list[str]:
    """A trio as an accusation names it: person, location, weapon."""
    return sorted(names, key=lambda c: _KINDS.index(category[c]))


_KINDS = ("person", "location", "weapon")


def trio_namer(
    cards: Sequence[str], category: Mapping[str, str]
) -> Callable[[Iterable[int]], tuple[str, ...]]:
    """The names of a trio of ``cards``' indices as ``in_type_order`` orders them, each
    card's type read once (thousands of trios a count)."""
    rank = [_KINDS.index(category[c]) for c in cards]
    return lambda trio: tuple([cards[c] for c in sorted(trio, key=rank.__getitem__)])


def _copied(value: object) -> object:
    """JSON read in: its lists and objects copied, each level (a caller keeps its own)."""
    if isinstance(value, Mapping):
        return {key: _copied(item) for key, item in value.items()}
    if isinstance(value, Sequence) and not isinstance(value, (str, bytes)):
        return [_copied(item) for item in value]  # a tuple too: the reader takes any sequence
    return value


def _items(value: object) -> list[dict[str, Any]]:
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []


@dataclass(frozen=True)
class ThirteenCluesPosition:
    """A 13 Clues position: what one seat knows, in the position file's own fields (see the
    module docstring); checked whole when made (``from_json``). ``checked``: made by this
    module (checked whole, or from a view), so that a reader of its answers need not check
    each again. It is no argument: a caller's position is checked entry by entry as it is
    read (``ThirteenCluesPosition(data)``) or whole when made (``from_json``); only this
    game's own code marks one checked (``_made``)."""

    data: Mapping[str, object]
    checked: bool = field(default=False, init=False, compare=False, repr=False)

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> ThirteenCluesPosition:
        # Its own copy: the caller's lists changed after the check would be read unchecked.
        own = (
            {key: _copied(item) for key, item in data.items()}
            if isinstance(data, Mapping)
            else data
        )
        ThirteenCluesAnalysis(own)  # every field checked, every error named
        return cls._made(own)

    @classmethod
    def _made(cls, data: Mapping[str, object]) -> ThirteenCluesPosition:
        """A position this game made itself, from a view or checked whole: marked checked."""
        position = cls(data)
        object.__setattr__(position, "checked", True)
        return position

    def to_json(self) -> dict[str, object]:
        # A copy each level: the reader's changes reach no position marked checked.
        return {key: _copied(item) for key, item in self.data.items()}


def analyze(
    position: ThirteenCluesPosition, explain_card: str | None = None, questions: bool = False
) -> SeatAnalysis:
    """The analysis of a position, as ``sleuth deduce`` gives it."""
    return ThirteenCluesAnalysis(position.data).seat_analysis(explain_card, questions)


def thirteen_clues_position(
    view: ThirteenCluesView, carried: CarriedLog | None = None
) -> dict[str, object]:
    """The 13 Clues position of the view's seat: its hidden cards (as they lie: left, right),
    the mysteries it sees, the informants it looked up, every answer it saw, the accusations
    made and how the game picked the mysteries.

    Top Secret questions the seat neither asked nor answered show no subject and are left out;
    questions about a type (an option) are left out too, as the engine takes colours and
    categories only; leaving out a fact never excludes the truth. Questions put to the seat
    tell it nothing (it sees all it counts) and are kept as a check. The seat's own right
    accusation (the game is over) is left out: accusations in a position were judged wrong.

    ``carried``: the lists of the last view it read, carried on (see ``CarriedLog``).
    """
    if view.seat is None:
        raise PositionError(said("seat: a spectator has no hidden cards to deduce from"))
    own = view.seats[view.seat]
    if own.hidden is None or view.phase == "choose":
        raise PositionError(said("hidden: the mysteries are not chosen yet"))
    mysteries = {
        str(s.seat): list(s.mystery)
        for s in view.seats
        if s.seat != view.seat and s.mystery is not None
    }
    informants = {i.slot: i.card for i in view.informants if i.card is not None}
    if carried is None:
        questions = _question_entries(view.questions)
        accusations = _accusation_entries(view.accusations, view.seat)
    else:
        questions, accusations = carried.entries(view)
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


def _question_entries(log: Sequence[QuestionView]) -> list[dict[str, object]]:
    entries: list[dict[str, object]] = []
    for q in log:
        if q.subject is None or q.answer is None or q.subject in ("person", "location", "weapon"):
            continue
        entry: dict[str, object] = {"witness": q.witness, "about": q.subject, "answer": q.answer}
        if q.side:
            entry["side"] = q.side
        entries.append(entry)
    return entries


def _accusation_entries(log: Sequence[AccusationView], seat: int) -> list[dict[str, object]]:
    return [{"player": a.seat, "cards": list(a.cards)} for a in log if _kept(a, seat)]


def _kept(accusation: AccusationView, seat: int) -> bool:
    """Whether a seat's position lists an accusation: all but its own right one."""
    return not (accusation.correct and accusation.seat == seat)


# The accusation entries of ``CarriedLog``'s positions, one per accuser and trio a process:
# every seat of a table lists the same ones, and a research env's readers keep each seat's
# for a whole game (two objects an entry for the garbage collector to follow, where the
# rest of a position's entries are plain values). Entries are read, never written (as
# ``CarriedLog`` says); at most ``_SHARED_KEPT`` are kept (a deck's accusers and trios
# seldom come near).
_SHARED: dict[tuple[int, tuple[str, ...]], dict[str, object]] = {}
_SHARED_KEPT = 8192


def _shared_entry(accuser: int, cards: tuple[str, ...]) -> dict[str, object]:
    entry = _SHARED.get((accuser, cards))
    if entry is None:
        if len(_SHARED) >= _SHARED_KEPT:
            _SHARED.clear()
        entry = _SHARED[accuser, cards] = {"player": accuser, "cards": list(cards)}
    return entry


_Log = tuple[
    tuple[QuestionView, ...],
    list[dict[str, object]],
    tuple[AccusationView, ...],
    list[dict[str, object]],
]


class CarriedLog:
    """The questions and accusations of the last view read, as a position lists them, for a
    reader that reads a seat's position at every observation (the research envs): a later
    view of the same seat whose logs start with the same entries (the game's logs only
    grow) has only its new entries made, where a long game's hundreds were made again each
    time. The entries are then shared by the positions so made (each list is its own), and
    an accusation's entry by every seat's (``_shared_entry``): a position is read, never
    written."""

    def __init__(self) -> None:
        self._seat: int | None = None
        self._last: _Log = ((), [], (), [])
        self.carried = self.made = 0  # entries carried and made (for tests and benchmarks)

    def entries(
        self, view: ThirteenCluesView
    ) -> tuple[list[dict[str, object]], list[dict[str, object]]]:
        seat = -1 if view.seat is None else view.seat
        asked, questions, accused, accusations = self._last
        # Another seat's logs list other entries (its own Top Secret questions, all but its
        # own right accusation): made afresh.
        same = seat == self._seat
        q = _carried(asked, view.questions) if same else 0
        a = _carried(accused, view.accusations) if same else 0
        questions = [*questions[:q], *_question_entries(view.questions[q:])]
        accusations = [
            *accusations[:a],
            *(_shared_entry(x.seat, x.cards) for x in view.accusations[a:] if _kept(x, seat)),
        ]
        self._seat, self._last = seat, (view.questions, questions, view.accusations, accusations)
        self.carried += q + a
        self.made += len(view.questions) + len(view.accusations) - q - a
        return list(questions), list(accusations)


def _carried(last: tuple[Any, ...], log: tuple[Any, ...]) -> int:
    """How many entries of ``log`` were made for ``last``: all of them where ``log`` starts
    with ``last`` (the same entries or equal ones), else none."""
    done = len(last)
    return done if len(log) >= done and log[:done] == last else 0


def _reader() -> Callable[[ThirteenCluesView], ThirteenCluesPosition]:
    carried = CarriedLog()
    return lambda view: ThirteenCluesPosition._made(thirteen_clues_position(view, carried))


def _believer() -> Callable[[ThirteenCluesPosition], SeatAnalysis]:
    from .beliefs import Believer  # it builds on this module

    return Believer()


KNOWLEDGE: Knowledge[ThirteenCluesPosition] = Knowledge(
    from_view=lambda view: ThirteenCluesPosition._made(thirteen_clues_position(view)),
    from_json=ThirteenCluesPosition.from_json,
    to_json=ThirteenCluesPosition.to_json,
    analyze=analyze,
    beliefs=lambda position: ThirteenCluesAnalysis(position.data).beliefs(),
    believer=_believer,
    reader=_reader,
)
