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

from sleuth.core.errors import ConfigError, EntryError
from sleuth.core.notebook import Entry, Grammar, Numbered, SetupField, checked_int
from sleuth.deduce.model import PositionError
from sleuth.deduce.review import SessionFrames

from .components import (
    DECKS,
    LETTERS,
    RING_SIZE,
    deck_name,
    hand_sizes,
    normalize_letters,
    validate_deck,
)
from .knowledge import BlackViennaAnalysis, Investigation, Position
from .render import black_vienna_sheet
from .review import make_frame

FACE_UP = 3  # one face-up card on top of each of the three stacks

ENTRIES = """\
  3 AOR 1                 seat 3 put one marker on AOR (any seat, also yours)
  up AOR BHV CDE          the cards face up now (for the best question)
  new FGI                 the card turned up in place of one answered
  solution BLM            the ring, once revealed (then 'sleuth review' this session)
  why B                   why B's place is certain"""


@dataclass(frozen=True)
class Setup:
    players: int
    seat: int
    hand: str  # in the order of LETTERS
    deck: tuple[str, ...]  # the investigation cards of the box on the table


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


def _card(text: str, deck: tuple[str, ...]) -> str:
    letters = text.strip().upper()
    if len(letters) != 3 or any(c not in LETTERS for c in letters) or len(set(letters)) != 3:
        raise EntryError(f"{text[:20]!r} is not a card: three different letters of A-Z and Ö")
    key = sorted(letters, key=LETTERS.index)
    for card in deck:
        if sorted(card, key=LETTERS.index) == key:
            return card
    raise EntryError(f"{letters} is not a card of the investigation deck ({deck_name(deck)})")


def _deck(raw: object) -> tuple[str, ...]:
    """A named deck or the cards of one, comma or space separated."""
    if not isinstance(raw, str):
        raise EntryError("deck: expected a deck name or a list of cards")
    name = raw.strip().lower()
    if name in DECKS:
        return DECKS[name]
    try:
        return validate_deck(tuple(raw.replace(",", " ").split()))
    except ConfigError as error:
        names = ", ".join(DECKS)
        raise EntryError(f"deck: {names}, or the cards of your box ({error})") from None


def _value(values: Mapping[str, object], name: str) -> object:
    if name not in values:
        raise EntryError(f"{name}: missing (--{name})")
    return values[name]


class BlackViennaGrammar(Grammar[Setup, Folded]):
    entries_help = ENTRIES
    setup_fields = (
        SetupField("players", "how many play (3-6)", "int", metavar="N"),
        SetupField("seat", "your seat (0 is the dealer)", "int", metavar="SEAT"),
        SetupField("hand", "your hand (e.g. AFKPTX)", "text", metavar="LETTERS"),
        SetupField(
            "deck",
            "the investigation cards of your box: generated (REFERENCE Appendix A), "
            "transcribed (Appendix A2), or the 36 cards, e.g. ACL,AGM,...",
            "text",
            metavar="DECK",
            default="generated",
        ),
    )

    def setup(self, values: Mapping[str, object]) -> Setup:
        players = checked_int(_value(values, "players"), "players", 3, 6)
        seat = checked_int(_value(values, "seat"), "seat", 0, players - 1)
        raw = _value(values, "hand")
        if not isinstance(raw, str):
            raise EntryError("hand: expected letters, e.g. AFKPTX")
        letters = raw.strip().upper()
        unknown = sorted({c for c in letters if c not in LETTERS})
        if unknown:
            raise EntryError(f"hand: {''.join(unknown)[:10]!r} are not letters of A-Z and Ö")
        if len(set(letters)) != len(letters):
            raise EntryError(f"hand: a letter is repeated in {letters}")
        size = hand_sizes(players)[seat]
        if len(letters) != size:
            raise EntryError(
                f"hand: seat {seat} of {players} holds {size} cards, not {len(letters)}"
            )
        deck = _deck(values.get("deck", "generated"))
        return Setup(players, seat, "".join(sorted(letters, key=LETTERS.index)), deck)

    def setup_json(self, setup: Setup) -> dict[str, object]:
        name = deck_name(setup.deck)
        deck = name if name != "custom" else ",".join(setup.deck)
        return {"players": setup.players, "seat": setup.seat, "hand": setup.hand, "deck": deck}

    def title(self, setup: Setup) -> str:
        return f"Black Vienna, {setup.players} players, you are seat {setup.seat}"

    def summary(self, setup: Setup, folded: Folded) -> list[str]:
        face_up = folded.position.face_up
        shown = "not entered" if face_up is None else " ".join(face_up) or "none"
        return [f"hand: {setup.hand}", f"face up: {shown}", f"deck: {deck_name(setup.deck)}"]

    def parse(self, setup: Setup, line: str) -> Entry:
        words = line.split()
        if not words:
            raise EntryError("empty entry (try '3 AOR 1', 'up AOR BHV CDE')")
        verb = words[0].lower()
        if verb == "up":
            cards = tuple(_card(word, setup.deck) for word in words[1:])
            if len(cards) > FACE_UP:
                raise EntryError(f"at most {FACE_UP} cards are face up")
            if len(set(cards)) != len(cards):
                raise EntryError("a card is named twice")
            return FaceUp(cards)
        if verb == "new" and len(words) == 2:
            return TurnedUp(_card(words[1], setup.deck))
        if verb == "solution" and len(words) == 2:
            return Solved(_ring(words[1], setup.hand))
        if len(words) == 3:
            card = _card(words[1], setup.deck)
            return Answer(_seat(words[0], setup.players), card, _markers(words[2]))
        raise EntryError(
            f"{line[:40]!r}: expected 'SEAT CARD MARKERS' (e.g. '3 AOR 1'), "
            "'up AOR BHV CDE', 'new FGI' or 'solution BLM'"
        )

    def fold(self, setup: Setup, entries: Sequence[Numbered], strict: bool = True) -> Folded:
        investigations: list[Investigation] = []
        sources: list[int] = []
        face_up: list[str] | None = None
        answered: dict[str, int] = {}  # card -> the entry that first answered it
        left_face_up: dict[int, str] = {}
        solution: tuple[str, int] | None = None
        for number, entry in entries:
            if isinstance(entry, Solved):
                if solution is not None and solution[0] != entry.letters:
                    raise EntryError(
                        f"#{number}: the ring was entered as {solution[0]} in #{solution[1]}"
                    )
                solution = solution or (entry.letters, number)
            elif isinstance(entry, Answer):
                investigations.append(Investigation(entry.target, entry.card, entry.markers))
                sources.append(number)
                answered.setdefault(entry.card, number)
                if face_up is not None and entry.card in face_up:
                    face_up.remove(entry.card)
                    left_face_up[number] = entry.card
            elif isinstance(entry, FaceUp):
                for card in entry.cards:
                    _not_answered(card, answered, number)
                face_up = list(entry.cards)
            elif isinstance(entry, TurnedUp):
                _not_answered(entry.card, answered, number)
                face_up = [] if face_up is None else face_up
                if entry.card in face_up:
                    raise EntryError(f"#{number}: {entry.card} is face up already")
                if len(face_up) >= FACE_UP and not strict:
                    face_up.pop(0)  # the answer that took a card was left out of this subset
                if len(face_up) >= FACE_UP:
                    raise EntryError(
                        f"#{number}: {FACE_UP} cards are face up already ({' '.join(face_up)})"
                    )
                face_up.append(entry.card)
            else:
                raise EntryError(f"#{number}: {entry.text()!r} is not a Black Vienna entry")
        try:
            position = Position(
                setup.players,
                setup.seat,
                setup.hand,
                tuple(investigations),
                setup.deck,
                None if face_up is None else tuple(face_up),
            )
        except PositionError as error:
            raise EntryError(str(error)) from None
        ring = None if solution is None else solution[0]
        return Folded(position, tuple(sources), left_face_up, dict(entries), ring)

    def consistent(self, setup: Setup, folded: Folded) -> bool:
        return folded.analysis.consistent

    def sheet(self, setup: Setup, folded: Folded, level: str) -> str:
        position = folded.position
        return black_vienna_sheet(position, level, asking=bool(position.face_up))

    def why(self, setup: Setup, folded: Folded, subject: str) -> str:
        letter = subject.strip().upper()
        if len(letter) != 1 or letter not in LETTERS:
            raise EntryError(f"{subject[:20]!r} is not a person (one letter of A-Z and Ö)")
        data = folded.analysis.explain(letter)
        where = data["location"]
        if where is None:
            ruled = data.get("ruled_out")
            if not isinstance(ruled, list) or not ruled:
                return f"{letter}: not certain yet"
            said = []
            for entry in ruled:
                place = "the ring" if entry["location"] == "ring" else f"seat {entry['location']}"
                used = entry["answers"]
                because = (
                    ", ".join(_named(folded, folded.sources[int(a["index"])]) for a in used)
                    if used
                    else "your hand and the hand sizes alone"
                )
                said.append(f"not in {place} because of {because}")
            return f"{letter}: not certain yet; " + "; ".join(said)
        place = "the ring" if where == "ring" else f"seat {where}"
        answers = data["answers"]
        if not isinstance(answers, list) or not answers:
            return f"{letter} is in {place}: {data['reason']}"
        used = ", ".join(_named(folded, folded.sources[int(a["index"])]) for a in answers)
        return f"{letter} is in {place}, because of {used} with your hand and the hand sizes"

    def positions(self, setup: Setup, folded: Folded) -> dict[str, dict[str, object]]:
        return {"position": folded.position.to_json()}

    def taken(self, setup: Setup, folded: Folded, number: int, entry: Entry) -> str:
        if isinstance(entry, Answer):
            said = f"#{number}: seat {entry.target} has {entry.markers} of {entry.card}"
            if number in folded.left_face_up:
                said += (
                    f"; {entry.card} leaves the face-up cards: enter the card turned up "
                    "in its place (new XYZ)"
                )
            return said
        return super().taken(setup, folded, number, entry)


def _ring(text: str, hand: str) -> str:
    try:
        ring = normalize_letters(text, "solution", RING_SIZE)
    except ValueError as error:
        raise EntryError(str(error)) from None
    mine = [letter for letter in ring if letter in hand]
    if mine:
        raise EntryError(f"solution: {''.join(mine)} is in your hand, so not in the ring")
    return ring


def _seat(text: str, players: int) -> int:
    if not text.isascii() or not text.isdigit() or len(text) > 2 or int(text) >= players:
        raise EntryError(f"seat {text[:20]} is not at this table (seats 0-{players - 1})")
    return int(text)


def _markers(text: str) -> int:
    if not text.isascii() or not text.isdigit() or len(text) > 1 or int(text) > 3:
        raise EntryError(f"{text[:20]} markers: a card has three letters, so 0-3")
    return int(text)


def _not_answered(card: str, answered: Mapping[str, int], number: int) -> None:
    if card in answered:
        raise EntryError(
            f"#{number}: {card} was answered in #{answered[card]}, so it lies in front of "
            "a seat, not face up"
        )


def _named(folded: Folded, number: int) -> str:
    return f"#{number} ({folded.entries[number].text()})"


GRAMMAR = BlackViennaGrammar()


def session_frames(setup: object, entries: Sequence[object]) -> SessionFrames[Position]:
    """The review's frames of a session: the position after each entry, and the ring its
    ``solution`` entry names. A session names no asker, so no question is judged."""
    if not isinstance(setup, Setup) or not all(isinstance(e, Entry) for e in entries):
        raise EntryError("not a Black Vienna session")
    numbered: list[Numbered] = [
        (n, e) for n, e in enumerate(entries, start=1) if isinstance(e, Entry)
    ]
    ring = GRAMMAR.fold(setup, numbered).solution
    if ring is None:
        raise EntryError("enter the ring first, once it is revealed: solution BLM")
    frames = []
    for k in range(len(numbered) + 1):
        text = "(your hand)" if k == 0 else numbered[k - 1][1].text()
        frames.append(make_frame(k, text, GRAMMAR.fold(setup, numbered[:k]).position, ring))
    return SessionFrames(setup.seat, tuple(frames))
