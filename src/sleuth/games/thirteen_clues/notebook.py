"""13 Clues at a real table: the grammar of the assistant's entries.

Entries, one per line::

    mystery 1 Duke Market Sword   the mystery you see in front of seat 1
    2 purple 3                    seat 2 answered 3 to "purple" (or male, indoor, ranged, ...)
    1 purple left 2               two players: the question named seat 1's left hidden card
    look A Nurse                  informant A, which you looked up, is the Nurse
    accuse 3 Maid Harbor Rifle    seat 3 accused these three, wrongly
    solution Duke Park Knife      your own mystery, once revealed: for the review of the session

Only the cards in play at the table's player count are accepted (4 players leave out gray and
brown, so no Bow). The entries fold into a ``sleuth deduce`` position once every other
seat's mystery is entered: the engine needs them all.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cached_property

from sleuth.core.errors import EntryError
from sleuth.core.notebook import Entry, Grammar, Numbered, SetupField, checked_int
from sleuth.core.said import Said, SaidValue, said, said_in, words_of
from sleuth.deduce.model import PositionError
from sleuth.i18n import N_, tr

from . import components as tc
from .entries import Accusation, Answer, Look, Mystery, Setup, Solved
from .knowledge import (
    CATEGORIES,
    COLOURS,
    INFORMANTS,
    ThirteenCluesAnalysis,
    attribute_set,
    cards_for,
)
from .render import thirteen_clues_sheet
from .words import word

KINDS = ("person", "location", "weapon")
_ALL_CARDS = {name.lower(): (name, colour, kind) for name, colour, kind in cards_for(6)}

ENTRIES = (
    ("mystery 1 Duke Market Sword", N_("the mystery you see at seat 1")),
    ("2 purple 3", N_("seat 2 answered 3 to purple (or male, indoor, ranged...)")),
    ("1 purple left 2", N_("two players: the question named seat 1's left card")),
    ("look A Nurse", N_("informant A is the Nurse")),
    ("accuse 3 Maid Harbor Rifle", N_("a wrong accusation by seat 3")),
    (
        "solution Duke Park Knife",
        N_("your mystery, once revealed (then 'sleuth review' this session)"),
    ),
    ("why Nurse", N_("why the Nurse's place is certain")),
)


class Folded:
    """What the entries amount to: the position once every mystery is in, where each known
    card was entered, and the entries behind the engine's questions and accusations."""

    def __init__(
        self,
        position: dict[str, object] | None,
        missing: tuple[int, ...],
        placed: Mapping[str, tuple[Said, int]],
        tags: tuple[int, ...],
        entries: Mapping[int, Entry],
        solution: tuple[str, str, str] | None = None,
    ) -> None:
        self.solution = solution  # the seat's own mystery, entered with ``solution``
        self.position = position
        self.missing = missing  # seats whose mystery is still to be entered
        self.placed = placed  # card -> (where, entry number; 0 for the setup)
        self.tags = tags  # the engine's tag (question i, then accusation j) -> entry number
        self.entries = entries

    @cached_property
    def analysis(self) -> ThirteenCluesAnalysis | None:
        if self.position is None:
            return None
        try:
            return ThirteenCluesAnalysis(self.position)
        except PositionError as error:
            reason = words_of(error) or str(error)
            raise EntryError(
                said("the engine does not take these entries: %(reason)s", reason=reason)
            ) from None


def _card(text: str, players: int) -> str:
    found = _ALL_CARDS.get(text.strip().lower())
    if found is None:
        raise EntryError(said("%(typed)s is not a card of 13 Clues", typed=repr(text[:20])))
    name, colour, _ = found
    if colour not in COLOURS[: tc.colours_in_play(players)]:
        raise EntryError(
            said(
                "%(card)s is not in play at %(players)s players (no %(colour)s cards)",
                card=name,
                players=players,
                colour=colour,
            )
        )
    return name


def _trio(words: Sequence[str], players: int) -> tuple[str, str, str]:
    """One person, one location and one weapon, in any order; returned in that order."""
    cards = [_card(word, players) for word in words]
    by_kind = {_ALL_CARDS[c.lower()][2]: c for c in cards}
    if len(by_kind) != 3:
        raise EntryError(
            said(
                "%(cards)s: expected one person, one location, one weapon",
                cards=" ".join(cards),
            )
        )
    return by_kind["person"], by_kind["location"], by_kind["weapon"]


def _seat(text: str, players: int) -> int:
    if not text.isascii() or not text.isdigit() or len(text) > 2 or int(text) >= players:
        raise EntryError(
            said(
                "seat %(seat)s is not at this table (seats 0-%(last)s)",
                seat=text[:20],
                last=players - 1,
            )
        )
    return int(text)


def _value(values: Mapping[str, object], name: str) -> object:
    if name not in values:
        raise EntryError(said("%(name)s: missing (--%(name)s)", name=name))
    return values[name]


class ThirteenCluesGrammar(Grammar[Setup, Folded]):
    entries_help = ENTRIES
    setup_fields = (
        SetupField("players", "how many play (2-6)", "int", metavar="N"),
        SetupField("seat", "your seat (0 is the dealer)", "int", metavar="SEAT"),
        SetupField(
            "hidden",
            "your two hidden cards (two players: left, right)",
            "list",
            count=2,
            metavar="CARD",
        ),
    )

    def setup(self, values: Mapping[str, object]) -> Setup:
        players = checked_int(_value(values, "players"), "players", 2, tc.MAX_PLAYERS)
        seat = checked_int(_value(values, "seat"), "seat", 0, players - 1)
        raw = _value(values, "hidden")
        if not isinstance(raw, list | tuple) or len(raw) != 2:
            raise EntryError(said("hidden: expected your two hidden cards (e.g. Officer Park)"))
        hidden = []
        for item in raw:
            if not isinstance(item, str):
                raise EntryError(said("hidden: expected card names"))
            try:
                hidden.append(_card(item, players))
            except EntryError as error:
                reason = words_of(error) or str(error)
                raise EntryError(said("hidden: %(reason)s", reason=reason)) from None
        if hidden[0] == hidden[1]:
            raise EntryError(said("hidden: %(card)s is named twice", card=hidden[0]))
        if players != 2:  # sides matter only to two players
            order = [name for name, _, _ in cards_for(players)]
            hidden.sort(key=order.index)
        return Setup(players, seat, tuple(hidden))

    def setup_json(self, setup: Setup) -> dict[str, object]:
        return {"players": setup.players, "seat": setup.seat, "hidden": list(setup.hidden)}

    def title(self, setup: Setup) -> str:
        return tr(
            "13 Clues, %(players)s players, you are seat %(seat)s",
            self.language,
            players=setup.players,
            seat=setup.seat,
        )

    def summary(self, setup: Setup, folded: Folded) -> list[str]:
        language = self.language
        hidden = " ".join(word(card, language) for card in setup.hidden)
        lines = [tr("your hidden cards: %(cards)s", language, cards=hidden)]
        if folded.missing:
            seats = ", ".join(map(str, folded.missing))
            lines.append(tr("mysteries to enter: seats %(seats)s", language, seats=seats))
        return lines

    def parse(self, setup: Setup, line: str) -> Entry:
        words = line.split()
        if not words:
            raise EntryError(said("empty entry (try '2 purple 3', 'mystery 1 Duke Market Sword')"))
        n = setup.players
        verb = words[0].lower()
        if verb == "mystery" and len(words) == 5:
            seat = _seat(words[1], n)
            if seat == setup.seat:
                raise EntryError(said("you cannot see your own mystery: that is what you deduce"))
            return Mystery(seat, _trio(words[2:], n))
        if verb == "look" and len(words) == 3:
            slots = "".join(chr(ord("A") + i) for i in range(INFORMANTS[n]))
            slot = words[1].upper()
            if len(slot) != 1 or slot not in slots:
                raise EntryError(
                    said(
                        "%(typed)s is not an informant at %(players)s players (slots %(slots)s)",
                        typed=repr(words[1][:20]),
                        players=n,
                        slots=slots,
                    )
                    if slots
                    else said(
                        "%(typed)s is not an informant at %(players)s players (none)",
                        typed=repr(words[1][:20]),
                        players=n,
                    )
                )
            return Look(slot, _card(words[2], n))
        if verb == "accuse" and len(words) == 5:
            return Accusation(_seat(words[1], n), _trio(words[2:], n))
        if verb == "solution" and len(words) == 4:
            return Solved(_trio(words[1:], n))
        if len(words) in (3, 4) and words[0].isascii() and words[0].isdigit():
            return self._answer(setup, words)
        raise EntryError(
            said(
                "%(typed)s: expected e.g. '2 purple 3', 'mystery 1 Duke Market Sword', "
                "'look A Nurse', 'accuse 3 Maid Harbor Rifle' or 'solution Duke Park Knife'",
                typed=repr(line[:40]),
            )
        )

    def _answer(self, setup: Setup, words: Sequence[str]) -> Answer:
        n = setup.players
        witness = _seat(words[0], n)
        about = words[1].lower()
        colours = COLOURS[: tc.colours_in_play(n)]
        if about not in (*colours, *CATEGORIES):
            if about in COLOURS:
                raise EntryError(
                    said("%(about)s is not in play at %(players)s players", about=about, players=n)
                )
            raise EntryError(
                said(
                    "%(typed)s is not a colour or category (%(names)s)",
                    typed=repr(words[1][:20]),
                    names=", ".join((*colours, *CATEGORIES)),
                )
            )
        side = words[2].lower() if len(words) == 4 else None
        if n == 2 and side not in tc.SIDES:
            raise EntryError(
                said("two players: name the hidden card's side (e.g. '1 purple left 2')")
            )
        if n != 2 and side is not None:
            raise EntryError(
                said("%(typed)s: a side is named only with two players", typed=repr(words[2][:20]))
            )
        most = len(attribute_set(about, n))
        text = words[-1]
        if not text.isascii() or not text.isdigit() or len(text) > 2 or int(text) > most:
            raise EntryError(
                said(
                    "%(count)s %(about)s: there are only %(most)s %(about)s cards in play",
                    count=text[:20],
                    about=about,
                    most=most,
                )
            )
        return Answer(witness, about, side, int(text))

    def fold(self, setup: Setup, entries: Sequence[Numbered], strict: bool = True) -> Folded:
        ledger = _Ledger(setup)
        for number, entry in entries:
            ledger.add(number, entry)
        folded = ledger.folded(dict(entries))
        _ = folded.analysis  # the engine's own checks, once the position is complete
        return folded

    def consistent(self, setup: Setup, folded: Folded) -> bool:
        return folded.analysis is None or folded.analysis.consistent

    def sheet(self, setup: Setup, folded: Folded, level: str) -> str:
        if folded.position is None:
            seats = ", ".join(map(str, folded.missing))
            return tr(
                "Enter the mysteries you see first (seats %(seats)s): "
                "mystery SEAT PERSON LOCATION WEAPON",
                self.language,
                seats=seats,
            )
        return thirteen_clues_sheet(folded.position, level, language=self.language)

    def why(self, setup: Setup, folded: Folded, subject: str) -> str:
        card = _card(subject, setup.players)
        language = self.language
        name = word(card, language)
        if card in folded.placed:
            where, number = folded.placed[card]
            place = said_in(where, language)
            if number:
                return tr(
                    "%(card)s is %(place)s (#%(number)s)",
                    language,
                    card=name,
                    place=place,
                    number=number,
                )
            return tr("%(card)s is %(place)s", language, card=name, place=place)
        if folded.analysis is None:
            seats = ", ".join(map(str, folded.missing))
            raise EntryError(said("enter the mysteries of seats %(seats)s first", seats=seats))
        result = folded.analysis.to_json(explain_card=card)
        explanation = result.get("explanation")
        if not isinstance(explanation, dict) or (
            "location" not in explanation and explanation.get("ruled_out") != "mystery"
        ):
            return tr("%(card)s: not certain yet", language, card=name)
        used = ", ".join(
            f"#{folded.tags[t]} ({folded.entries[folded.tags[t]].text()})"
            for t in explanation.get("questions", [])
        )
        because = used or tr("what you see", language)
        if explanation.get("ruled_out") == "mystery":
            return tr(
                "%(card)s: its place is not certain yet, but it is not in your mystery, "
                "because of %(entries)s",
                language,
                card=name,
                entries=because,
            )
        place = said_in(_place_name(str(explanation["location"])), language)
        return tr(
            "%(card)s is %(place)s, because of %(entries)s",
            language,
            card=name,
            place=place,
            entries=because,
        )

    def positions(self, setup: Setup, folded: Folded) -> dict[str, dict[str, object]]:
        if folded.position is None:
            seats = ", ".join(map(str, folded.missing))
            raise EntryError(
                said("no position yet: enter the mysteries of seats %(seats)s first", seats=seats)
            )
        return {"position": folded.position}

    def taken(self, setup: Setup, folded: Folded, number: int, entry: Entry) -> str:
        said = super().taken(setup, folded, number, entry)
        if isinstance(entry, Mystery) and folded.missing:
            seats = ", ".join(map(str, folded.missing))
            said += tr("; mysteries still to enter: seats %(seats)s", self.language, seats=seats)
        return said


class _Ledger:
    """The entries of a session taken in turn: where each card is known to lie (an entry
    naming a card twice is refused, naming the entry that placed it first), and what the
    engine's position needs."""

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.placed: dict[str, tuple[Said, int]] = {
            card: (said("one of your hidden cards"), 0) for card in setup.hidden
        }
        self.mysteries: dict[int, tuple[tuple[str, str, str], int]] = {}
        self.informants: dict[str, tuple[str, int]] = {}
        self.answers: list[tuple[Answer, int]] = []
        self.accusations: list[tuple[Accusation, int]] = []
        self.solution: tuple[tuple[str, str, str], int] | None = None

    def place(self, card: str, where: Said, number: int) -> None:
        if card in self.placed:
            before, source = self.placed[card]
            raise EntryError(
                said(
                    "#%(number)s: %(card)s is already %(where)s (%(entered)s)",
                    number=number,
                    card=card,
                    where=before,
                    entered=_entered(source),
                )
            )
        self.placed[card] = (where, number)

    def add(self, number: int, entry: Entry) -> None:
        if isinstance(entry, Mystery):
            self._mystery(number, entry)
        elif isinstance(entry, Look):
            self._look(number, entry)
        elif isinstance(entry, Answer):
            self.answers.append((entry, number))
        elif isinstance(entry, Accusation):
            self.accusations.append((entry, number))
        elif isinstance(entry, Solved):
            self._solved(number, entry)
        else:
            raise EntryError(
                said(
                    "#%(number)s: %(entry)s is not a 13 Clues entry",
                    number=number,
                    entry=repr(entry.text()),
                )
            )

    def _mystery(self, number: int, entry: Mystery) -> None:
        if entry.seat in self.mysteries:
            first = self.mysteries[entry.seat][1]
            raise EntryError(
                said(
                    "#%(number)s: seat %(seat)s's mystery is #%(first)s already "
                    "(edit #%(first)s to change it)",
                    number=number,
                    seat=entry.seat,
                    first=first,
                )
            )
        self.mysteries[entry.seat] = (entry.cards, number)
        for card in entry.cards:
            self.place(card, said("in seat %(seat)s's mystery", seat=entry.seat), number)

    def _look(self, number: int, entry: Look) -> None:
        if entry.slot in self.informants:
            first = self.informants[entry.slot][1]
            raise EntryError(
                said(
                    "#%(number)s: informant %(slot)s is #%(first)s already",
                    number=number,
                    slot=entry.slot,
                    first=first,
                )
            )
        self.informants[entry.slot] = (entry.card, number)
        self.place(entry.card, said("informant %(slot)s", slot=entry.slot), number)

    def _solved(self, number: int, entry: Solved) -> None:
        if self.solution is not None and self.solution[0] != entry.cards:
            raise EntryError(
                said(
                    "#%(number)s: your mystery was entered as %(cards)s in #%(first)s",
                    number=number,
                    cards=" ".join(self.solution[0]),
                    first=self.solution[1],
                )
            )
        self.solution = self.solution or (entry.cards, number)

    def _check_solution(self) -> None:
        if self.solution is None:
            return
        for card in self.solution[0]:
            if card in self.placed:
                where, source = self.placed[card]
                raise EntryError(
                    said(
                        "#%(number)s: %(card)s is %(where)s (%(entered)s), so not in your mystery",
                        number=self.solution[1],
                        card=card,
                        where=where,
                        entered=_entered(source),
                    )
                )

    def folded(self, entries: dict[int, Entry]) -> Folded:
        """The entries checked together, and the position once every other seat's mystery
        is entered."""
        for accusation, number in self.accusations:
            _check_unseen(accusation, number, self.mysteries)
        self._check_solution()
        setup = self.setup
        missing = tuple(
            s for s in range(setup.players) if s != setup.seat and s not in self.mysteries
        )
        tags = tuple(number for _, number in self.answers) + tuple(n for _, n in self.accusations)
        position = None if missing else self._position()
        own = None if self.solution is None else self.solution[0]
        return Folded(position, missing, self.placed, tags, entries, own)

    def _position(self) -> dict[str, object]:
        setup, mysteries = self.setup, self.mysteries
        return {
            "game": "13-clues",
            "players": setup.players,
            "seat": setup.seat,
            "hidden": list(setup.hidden),
            "mysteries": {str(s): list(mysteries[s][0]) for s in sorted(mysteries)},
            "informants": {slot: card for slot, (card, _) in sorted(self.informants.items())},
            "questions": [_question(answer) for answer, _ in self.answers],
            "accusations": [
                {"player": a.player, "cards": list(a.cards)} for a, _ in self.accusations
            ],
        }


def _question(answer: Answer) -> dict[str, object]:
    out: dict[str, object] = {
        "witness": answer.witness,
        "about": answer.about,
        "answer": answer.count,
    }
    if answer.side is not None:
        out["side"] = answer.side
    return out


def _check_unseen(
    accusation: Accusation, number: int, mysteries: Mapping[int, tuple[tuple[str, ...], int]]
) -> None:
    """An accuser cannot name a card he sees: one in another seat's mystery."""
    for seat, (cards, source) in mysteries.items():
        if seat == accusation.player:
            continue
        for card in accusation.cards:
            if card in cards:
                raise EntryError(
                    said(
                        "#%(number)s: seat %(player)s sees %(card)s in seat %(seat)s's "
                        "mystery (#%(source)s), so could not accuse with it",
                        number=number,
                        player=accusation.player,
                        card=card,
                        seat=seat,
                        source=source,
                    )
                )


def _place_name(location: str) -> Said:
    """The engine's location name in words ("mystery", "hidden:2", "informant:A")."""
    if location == "mystery":
        return said("in your mystery")
    kind, _, rest = location.partition(":")
    if kind == "hidden":
        seat, _, side = rest.partition(":")
        if side:
            return said(
                "one of seat %(seat)s's hidden cards (%(side)s)", seat=seat, side=said(side)
            )
        return said("one of seat %(seat)s's hidden cards", seat=seat)
    if kind == "informant":
        return said("informant %(slot)s", slot=rest)
    return Said(location, {})


def _entered(source: int) -> SaidValue:
    """Where a placed card was entered: its entry, or the setup (number 0)."""
    return f"#{source}" if source else said("your setup")


GRAMMAR = ThirteenCluesGrammar()
