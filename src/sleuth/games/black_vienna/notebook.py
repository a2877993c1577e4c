"""Black Vienna at a real table: the grammar of the assistant's entries.

Entries, one per line::

    3 AOR 1          seat 3 answered card AOR with 1 marker (any seat, also your own)
    up AOR BHV CDE   the cards face up now (for the best-question hint)
    new FGI          the card turned face up in place of one just answered
    solution BLM     the ring, once it is revealed: for the review of the session

An answered card leaves the face-up cards (it now lies in front of the seat that answered),
so the sheet stops suggesting it; ``new`` names the card turned up from its stack. The
entries fold into a ``sleuth deduce`` position (``knowledge.Position``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property

from sleuth.core.errors import EntryError
from sleuth.core.notebook import Entry, Grammar, Numbered, SetupField, checked_int
from sleuth.core.said import SaidValue, said, words_of
from sleuth.deduce.model import PositionError
from sleuth.i18n import N_, tr

from .boxes import BOX_SIZE, UNKNOWN, Box, box, card_letters, save
from .components import LETTERS, RING_SIZE, hand_sizes, letters_refused, normalize_letters
from .knowledge import BlackViennaAnalysis, Investigation, Position
from .render import black_vienna_sheet, deck_label

FACE_UP = 3  # one face-up card on top of each of the three stacks

ENTRIES = (
    ("3 AOR 1", N_("seat 3 put one marker on AOR (any seat, also yours)")),
    ("up AOR BHV CDE", N_("the cards face up now (for the best question)")),
    ("new FGI", N_("the card turned up in place of one answered")),
    ("solution BLM", N_("the ring, once revealed (then 'sleuth review' this session)")),
    ("deck", N_("the cards of your box named so far")),
    ("deck save mybox", N_("keep them for the next game with this box (--deck mybox)")),
    ("why B", N_("why B's place is certain")),
)


@dataclass(frozen=True)
class Setup:
    players: int
    seat: int
    hand: str  # in the order of LETTERS
    box: Box  # the investigation cards of the box on the table, as far as they are known


@dataclass(frozen=True)
class Answer(Entry):
    """Seat ``target`` answered ``card`` with ``markers`` markers."""

    target: int
    card: str
    markers: int

    def text(self) -> str:
        return f"{self.target} {self.card} {self.markers}"


@dataclass(frozen=True)
class FaceUp(Entry):
    """The cards face up now (none when the stacks are empty)."""

    background = True
    cards: tuple[str, ...]

    def text(self) -> str:
        return " ".join(("up", *self.cards))


@dataclass(frozen=True)
class TurnedUp(Entry):
    """A card turned face up, in place of one that was answered."""

    background = True
    card: str

    def text(self) -> str:
        return f"new {self.card}"


@dataclass(frozen=True)
class Solved(Entry):
    """The ring, as revealed at the end: what the review of the session judges against."""

    background = True
    letters: str

    def text(self) -> str:
        return f"solution {self.letters}"


class Folded:
    """The position the entries amount to, and the entry behind each of its answers."""

    def __init__(
        self,
        position: Position,
        sources: tuple[int, ...],
        left_face_up: Mapping[int, str],
        entries: Mapping[int, Entry],
        solution: str | None = None,
    ) -> None:
        self.position = position
        self.sources = sources  # investigation index -> entry number
        self.left_face_up = left_face_up  # entry number of an answer -> the card it took
        self.entries = entries
        self.solution = solution  # the ring entered with ``solution``

    @cached_property
    def analysis(self) -> BlackViennaAnalysis:
        return BlackViennaAnalysis(self.position)


def _card(text: str, setup: Setup) -> str:
    letters = card_letters(text)
    if not setup.box.whole:
        return letters  # the box is learned at the table: any three persons are a card
    for card in setup.box.cards:
        if sorted(card, key=LETTERS.index) == list(letters):
            return card
    raise EntryError(
        said(
            "%(card)s is not a card of the investigation deck (%(deck)s); if your box has it, "
            "play with --deck %(unknown)s (the cards are learned as they turn up) or give your "
            "box's %(size)s cards with --deck",
            card=letters,
            deck=setup.box.name,
            unknown=UNKNOWN,
            size=BOX_SIZE,
        )
    )


def _value(values: Mapping[str, object], name: str) -> object:
    if name not in values:
        raise EntryError(said("%(name)s: missing (--%(name)s)", name=name))
    return values[name]


class BlackViennaGrammar(Grammar[Setup, Folded]):
    entries_help = ENTRIES
    setup_fields = (
        SetupField("players", "how many play (3-6)", "int", metavar="N"),
        SetupField("seat", "your seat (0 is the dealer)", "int", metavar="SEAT"),
        SetupField("hand", "your hand (e.g. AFKPTX)", "text", metavar="LETTERS"),
        SetupField(
            "deck",
            "the investigation cards of your box: unknown (the default: learned as cards "
            "turn up; 'deck save NAME' keeps them), a saved NAME, your box's 36 cards "
            "(e.g. ACL,AGM,...), or a stand-in: generated (REFERENCE Appendix A), "
            "transcribed (Appendix A2)",
            "text",
            metavar="DECK",
            default=UNKNOWN,
        ),
    )

    def setup(self, values: Mapping[str, object]) -> Setup:
        players = checked_int(_value(values, "players"), "players", 3, 6)
        seat = checked_int(_value(values, "seat"), "seat", 0, players - 1)
        raw = _value(values, "hand")
        if not isinstance(raw, str):
            raise EntryError(said("hand: expected letters, e.g. AFKPTX"))
        letters = raw.strip().upper()
        unknown = sorted({c for c in letters if c not in LETTERS})
        if unknown:
            raise EntryError(
                said(
                    "hand: %(typed)s are not letters of A-Z and Ö",
                    typed=repr("".join(unknown)[:10]),
                )
            )
        if len(set(letters)) != len(letters):
            raise EntryError(said("hand: a letter is repeated in %(letters)s", letters=letters))
        size = hand_sizes(players)[seat]
        if len(letters) != size:
            raise EntryError(
                said(
                    "hand: seat %(seat)s of %(players)s holds %(size)s cards, not %(count)s",
                    seat=seat,
                    players=players,
                    size=size,
                    count=len(letters),
                )
            )
        deck = box(values.get("deck", UNKNOWN))
        return Setup(players, seat, "".join(sorted(letters, key=LETTERS.index)), deck)

    def setup_json(self, setup: Setup) -> dict[str, object]:
        deck = setup.box.text()
        return {"players": setup.players, "seat": setup.seat, "hand": setup.hand, "deck": deck}

    def title(self, setup: Setup) -> str:
        return tr(
            "Black Vienna, %(players)s players, you are seat %(seat)s",
            self.language,
            players=setup.players,
            seat=setup.seat,
        )

    def summary(self, setup: Setup, folded: Folded) -> list[str]:
        language, face_up = self.language, folded.position.face_up
        if face_up is None:
            shown = tr("not entered", language)
        else:
            shown = " ".join(face_up) or tr("none", language)
        deck = deck_label(folded.position, language)
        return [
            tr("hand: %(letters)s", language, letters=setup.hand),
            tr("face up: %(cards)s", language, cards=shown),
            tr("deck: %(deck)s", language, deck=deck),
        ]

    def parse(self, setup: Setup, line: str) -> Entry:
        words = line.split()
        if not words:
            raise EntryError(said("empty entry (try '3 AOR 1', 'up AOR BHV CDE')"))
        verb = words[0].lower()
        if verb == "up":
            cards = tuple(_card(word, setup) for word in words[1:])
            if len(cards) > FACE_UP:
                raise EntryError(said("at most %(count)s cards are face up", count=FACE_UP))
            if len(set(cards)) != len(cards):
                raise EntryError(said("a card is named twice"))
            return FaceUp(cards)
        if verb == "new" and len(words) == 2:
            return TurnedUp(_card(words[1], setup))
        if verb == "solution" and len(words) == 2:
            return Solved(_ring(words[1], setup.hand))
        if len(words) == 3:
            card = _card(words[1], setup)
            return Answer(_seat(words[0], setup.players), card, _markers(words[2]))
        raise EntryError(
            said(
                "%(typed)s: expected 'SEAT CARD MARKERS' (e.g. '3 AOR 1'), "
                "'up AOR BHV CDE', 'new FGI' or 'solution BLM'",
                typed=repr(line[:40]),
            )
        )

    def fold(self, setup: Setup, entries: Sequence[Numbered], strict: bool = True) -> Folded:
        table = _Table(strict)
        for number, entry in entries:
            table.take(number, entry)
        deck = setup.box.cards
        if not setup.box.whole:
            deck = (*deck, *(card for card in table.seen if card not in set(deck)))
            if len(deck) > BOX_SIZE:
                raise EntryError(
                    said(
                        "#%(number)s: this would be card %(count)s of a box of %(size)s "
                        "(a typo? 'deck' lists the cards named so far)",
                        number=entries[-1][0],
                        count=len(deck),
                        size=BOX_SIZE,
                    )
                )
        try:
            position = Position(
                setup.players,
                setup.seat,
                setup.hand,
                tuple(table.investigations),
                deck,
                None if table.face_up is None else tuple(table.face_up),
                deck_known=setup.box.whole,
            )
        except PositionError as error:
            raise EntryError(words_of(error) or str(error)) from None
        ring = None if table.solution is None else table.solution[0]
        sources = tuple(table.sources)
        return Folded(position, sources, table.left_face_up, dict(entries), ring)

    def consistent(self, setup: Setup, folded: Folded) -> bool:
        return folded.analysis.consistent

    def sheet(self, setup: Setup, folded: Folded, level: str) -> str:
        position = folded.position
        return black_vienna_sheet(
            position, level, asking=bool(position.face_up), language=self.language
        )

    def why(self, setup: Setup, folded: Folded, subject: str) -> str:
        letter = subject.strip().upper()
        if len(letter) != 1 or letter not in LETTERS:
            raise EntryError(
                said(
                    "%(typed)s is not a person (one letter of A-Z and Ö)", typed=repr(subject[:20])
                )
            )
        language = self.language
        data = folded.analysis.explain(letter)
        where = data["location"]
        if where is None:
            ruled = data.get("ruled_out")
            if not isinstance(ruled, list) or not ruled:
                return tr("%(letter)s: not certain yet", language, letter=letter)
            reasons = []
            for entry in ruled:
                used = entry["answers"]
                because = (
                    ", ".join(_named(folded, folded.sources[int(a["index"])]) for a in used)
                    if used
                    else tr("your hand and the hand sizes alone", language)
                )
                place = _place(entry["location"], language)
                reasons.append(
                    tr(
                        "not %(place)s because of %(entries)s",
                        language,
                        place=place,
                        entries=because,
                    )
                )
            return tr(
                "%(letter)s: not certain yet; %(reasons)s",
                language,
                letter=letter,
                reasons="; ".join(reasons),
            )
        place = _place(where, language)
        answers = data["answers"]
        if not isinstance(answers, list) or not answers:
            reason = tr(str(data["reason"]), language)  # marked where the engine says it
            return tr(
                "%(letter)s is %(place)s: %(reason)s",
                language,
                letter=letter,
                place=place,
                reason=reason,
            )
        used = ", ".join(_named(folded, folded.sources[int(a["index"])]) for a in answers)
        return tr(
            "%(letter)s is %(place)s, because of %(entries)s with your hand and the hand sizes",
            language,
            letter=letter,
            place=place,
            entries=used,
        )

    def impossible(self, setup: Setup, entry: Entry) -> str:
        if not isinstance(entry, Answer):
            return super().impossible(setup, entry)
        mine = "".join(letter for letter in entry.card if letter in setup.hand)
        if entry.target == setup.seat:
            return said(
                "you hold %(count)s of %(card)s, not %(markers)s",
                count=len(mine),
                card=entry.card,
                markers=entry.markers,
            )
        if len(mine) == 1:
            return said(
                "%(letter)s is in your hand, so seat %(seat)s has at most %(most)s of %(card)s",
                letter=mine,
                seat=entry.target,
                most=3 - len(mine),
                card=entry.card,
            )
        if mine:
            letters: SaidValue = mine[0]
            for letter in mine[1:]:
                letters = said("%(first)s and %(second)s", first=letters, second=letter)
            return said(
                "%(letters)s are in your hand, so seat %(seat)s has at most %(most)s of %(card)s",
                letters=letters,
                seat=entry.target,
                most=3 - len(mine),
                card=entry.card,
            )
        return super().impossible(setup, entry)

    def command(self, setup: Setup, folded: Folded, line: str) -> str | None:
        words = line.split()
        if words[0].lower() != "deck":
            return None
        cards = folded.position.deck
        if len(words) == 1:
            language = self.language
            listed = " ".join(cards) or tr("none yet", language)
            label = deck_label(folded.position, language)
            if setup.box.whole:
                return tr("deck: %(deck)s: %(cards)s", language, deck=label, cards=listed)
            return tr(
                "deck: %(deck)s: %(cards)s; 'deck save NAME' keeps them for this box",
                language,
                deck=label,
                cards=listed,
            )
        if len(words) == 3 and words[1].lower() == "save":
            return save(words[2], cards, self.language)
        raise EntryError(said("expected 'deck' (the cards of your box known) or 'deck save NAME'"))

    def positions(self, setup: Setup, folded: Folded) -> dict[str, dict[str, object]]:
        return {"position": folded.position.to_json()}

    def taken(self, setup: Setup, folded: Folded, number: int, entry: Entry) -> str:
        if isinstance(entry, Answer):
            values = {"number": number, "seat": entry.target, "card": entry.card}
            if number in folded.left_face_up and number == max(folded.entries):
                # Only the newest answer asks: an old one's card was replaced long ago.
                return tr(
                    "#%(number)s: seat %(seat)s has %(markers)s of %(card)s; %(card)s leaves "
                    "the face-up cards: enter the card turned up in its place (new XYZ)",
                    self.language,
                    markers=entry.markers,
                    **values,
                )
            return tr(
                "#%(number)s: seat %(seat)s has %(markers)s of %(card)s",
                self.language,
                markers=entry.markers,
                **values,
            )
        return super().taken(setup, folded, number, entry)


class _Table:
    """The table as the entries so far leave it: what was asked, what lies face up."""

    def __init__(self, strict: bool) -> None:
        self.strict = strict
        self.investigations: list[Investigation] = []
        self.sources: list[int] = []  # investigation index -> entry number
        self.face_up: list[str] | None = None
        self.answered: dict[str, tuple[int, Answer]] = {}  # card -> its latest answer
        self.left_face_up: dict[int, str] = {}
        self.solution: tuple[str, int] | None = None
        self.seen: dict[str, None] = {}  # every card named, in order: what the box holds

    def take(self, number: int, entry: Entry) -> None:
        if isinstance(entry, Solved):
            if self.solution is not None and self.solution[0] != entry.letters:
                raise EntryError(
                    said(
                        "#%(number)s: the ring was entered as %(ring)s in #%(first)s",
                        number=number,
                        ring=self.solution[0],
                        first=self.solution[1],
                    )
                )
            self.solution = self.solution or (entry.letters, number)
        elif isinstance(entry, Answer):
            self._answer(number, entry)
        elif isinstance(entry, FaceUp):
            for card in entry.cards:
                _not_answered(card, self.answered, number)
                self.seen[card] = None
            self.face_up = list(entry.cards)
        elif isinstance(entry, TurnedUp):
            self._turned_up(number, entry.card)
        else:
            raise EntryError(
                said(
                    "#%(number)s: %(entry)s is not a Black Vienna entry",
                    number=number,
                    entry=repr(entry.text()),
                )
            )

    def _answer(self, number: int, entry: Answer) -> None:
        card = entry.card
        if card in self.answered:
            before, earlier = self.answered[card]
            if earlier.markers:
                # A3: only a 0-marker card is asked again, in a special investigation.
                raise EntryError(
                    said(
                        "#%(number)s: %(card)s was answered in #%(first)s (%(entry)s), so it "
                        "lies in front of seat %(seat)s with markers on it: only a card with 0 "
                        "markers is asked again (in a special investigation)",
                        number=number,
                        card=card,
                        first=before,
                        entry=earlier.text(),
                        seat=earlier.target,
                    )
                )
        self.investigations.append(Investigation(entry.target, card, entry.markers))
        self.sources.append(number)
        self.answered[card] = (number, entry)
        self.seen[card] = None
        if self.face_up is not None and card in self.face_up:
            self.face_up.remove(card)
            self.left_face_up[number] = card

    def _turned_up(self, number: int, card: str) -> None:
        _not_answered(card, self.answered, number)
        self.seen[card] = None
        face_up = self.face_up = [] if self.face_up is None else self.face_up
        if card in face_up:
            raise EntryError(
                said("#%(number)s: %(card)s is face up already", number=number, card=card)
            )
        if len(face_up) >= FACE_UP and not self.strict:
            face_up.pop(0)  # the answer that took a card was left out of this subset
        if len(face_up) >= FACE_UP:
            raise EntryError(
                said(
                    "#%(number)s: %(count)s cards are face up already (%(cards)s)",
                    number=number,
                    count=FACE_UP,
                    cards=" ".join(face_up),
                )
            )
        face_up.append(card)


def _ring(text: str, hand: str) -> str:
    try:
        ring = normalize_letters(text, "solution", RING_SIZE)
    except ValueError as error:
        raise EntryError(letters_refused(error)) from None
    mine = [letter for letter in ring if letter in hand]
    if mine:
        raise EntryError(
            said(
                "solution: %(letters)s is in your hand, so not in the ring",
                letters="".join(mine),
            )
        )
    return ring


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


def _markers(text: str) -> int:
    if not text.isascii() or not text.isdigit() or len(text) > 1 or int(text) > 3:
        raise EntryError(
            said("%(typed)s markers: a card has three letters, so 0-3", typed=text[:20])
        )
    return int(text)


def _not_answered(card: str, answered: Mapping[str, tuple[int, Answer]], number: int) -> None:
    if card in answered:
        raise EntryError(
            said(
                "#%(number)s: %(card)s was answered in #%(first)s, so it lies in front of a "
                "seat, not face up",
                number=number,
                card=card,
                first=answered[card][0],
            )
        )


def _place(where: object, language: str) -> str:
    """In the ring or at a seat, as the engine names it ("ring", a seat's number)."""
    if where == "ring":
        return tr("in the ring", language)
    return tr("in seat %(seat)s", language, seat=where)


def _named(folded: Folded, number: int) -> str:
    return f"#{number} ({folded.entries[number].text()})"


GRAMMAR = BlackViennaGrammar()
