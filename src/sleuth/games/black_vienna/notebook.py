"""Black Vienna at a real table: the answers as they are given, and what follows from them.

Entries, one per line:

    3 AOR 1          seat 3 answered card AOR with 1 marker (any seat, also your own)
    up AOR BHV CDE   the cards now face up (for the best-question hint)
    why B            why B's place is certain
    undo             take back the last answer or face-up entry

The notebook is saved as a ``sleuth deduce`` position after every entry, so a session can
be reopened, and the same file can be analysed from the command line.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from pathlib import Path

from sleuth.core.errors import EntryError
from sleuth.deduce.model import PositionError
from sleuth.games.black_vienna import DEFAULT_DECK, LETTERS, hand_sizes
from sleuth.games.black_vienna.knowledge import BlackViennaAnalysis, Investigation, Position

from .render import black_vienna_sheet


def _card(text: str, deck: tuple[str, ...]) -> str:
    letters = text.strip().upper()
    if len(letters) != 3 or any(c not in LETTERS for c in letters) or len(set(letters)) != 3:
        raise EntryError(f"{text!r} is not a card: three different letters of A-Z and Ö")
    key = "".join(sorted(letters, key=LETTERS.index))
    for card in deck:
        if "".join(sorted(card, key=LETTERS.index)) == key:
            return card
    raise EntryError(f"{letters} is not a card of the investigation deck")


@dataclass
class BlackViennaNotebook:
    position: Position
    path: Path | None = None
    undo_stack: list[Position] = field(default_factory=list)

    @classmethod
    def start(
        cls, players: int, seat: int, hand: str, path: Path | None = None
    ) -> BlackViennaNotebook:
        try:
            if players not in (3, 4, 5, 6):
                raise PositionError(f"players: {players} is out of range 3..6")
            sizes = hand_sizes(players)
            if not 0 <= seat < players:
                raise PositionError(f"seat: {seat} is out of range 0..{players - 1}")
            letters = hand.strip().upper()
            if len(letters) != sizes[seat]:
                raise PositionError(
                    f"hand: seat {seat} of {players} holds {sizes[seat]} cards, not {len(letters)}"
                )
            position = Position(players, seat, letters, (), DEFAULT_DECK, ())
        except PositionError as error:
            raise EntryError(str(error)) from None
        return cls(position, path)

    @classmethod
    def load(cls, path: Path) -> BlackViennaNotebook:
        try:
            position = Position.from_json(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, json.JSONDecodeError, PositionError) as error:
            raise EntryError(
                f"{path}: cannot be read as a Black Vienna position: {error}"
            ) from None
        return cls(position, path)

    @property
    def answers(self) -> tuple[Investigation, ...]:
        return self.position.investigations

    def enter(self, line: str) -> str:
        """Take one entry; returns what to show. ``EntryError`` leaves the notebook as it was."""
        words = line.split()
        if not words:
            raise EntryError("empty entry (try '3 AOR 1', 'up AOR BHV CDE', 'why B', 'undo')")
        verb = words[0].lower()
        if verb == "undo" and len(words) == 1:
            if not self.undo_stack:
                raise EntryError("nothing to undo")
            self.position = self.undo_stack.pop()
            self.save()
            return "undone"
        if verb == "why" and len(words) == 2:
            return self.explain(words[1])
        if verb == "up":
            cards = tuple(_card(w, self.position.deck) for w in words[1:])
            if len(cards) > 3:
                raise EntryError("at most three cards are face up")
            self._change(replace(self.position, face_up=cards))
            return f"face up: {' '.join(cards) or 'none'}"
        if len(words) == 3 and words[0].isdigit() and words[2].isdigit():
            return self._answer(int(words[0]), words[1], int(words[2]))
        raise EntryError(
            f"{line!r}: expected 'SEAT CARD MARKERS' (e.g. '3 AOR 1'), 'up ...', 'why X' or 'undo'"
        )

    def _answer(self, target: int, card_text: str, markers: int) -> str:
        players = self.position.players
        if not 0 <= target < players:
            raise EntryError(f"seat {target} is not at this table (seats 0-{players - 1})")
        if not 0 <= markers <= 3:
            raise EntryError(f"{markers} markers: a card has three letters, so 0-3")
        card = _card(card_text, self.position.deck)
        answers = (*self.position.investigations, Investigation(target, card, markers))
        self._change(replace(self.position, investigations=answers))
        return f"#{len(answers)}: seat {target} has {markers} of {card}"

    def _change(self, position: Position) -> None:
        self.undo_stack.append(self.position)
        self.position = position
        self.save()

    def save(self) -> None:
        if self.path is not None:
            data = self.position.to_json()
            self.path.write_text(
                json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
            )

    # --- what follows -----------------------------------------------------------------------

    @property
    def title(self) -> str:
        return f"Black Vienna, {self.position.players} players, you are seat {self.position.seat}"

    def lines(self) -> list[str]:
        position = self.position
        out = [f"hand: {position.hand}", f"face up: {' '.join(position.face_up or ()) or '-'}"]
        out += [
            f"#{n}: seat {a.target} {a.letters} {a.markers}"
            for n, a in enumerate(position.investigations, start=1)
        ]
        return out

    def analysis(self) -> BlackViennaAnalysis:
        return BlackViennaAnalysis(self.position)

    def sheet(self, level: str = "full") -> str:
        return black_vienna_sheet(self.position, level, asking=bool(self.position.face_up))

    def warnings(self) -> list[str]:
        """Contradictions, naming the entries (numbered from 1) that cannot all be true."""
        analysis = self.analysis()
        if analysis.consistent:
            return []
        indices, _ = analysis.conflict()
        named = ", ".join(
            f"#{i + 1} (seat {self.answers[i].target} {self.answers[i].letters} "
            f"{self.answers[i].markers})"
            for i in indices
        )
        return [f"these answers contradict each other, someone miscounted: {named}"]

    def explain(self, letter_text: str) -> str:
        letter = letter_text.strip().upper()
        if len(letter) != 1 or letter not in LETTERS:
            raise EntryError(f"{letter_text!r} is not a person (one letter of A-Z and Ö)")
        if not self.analysis().consistent:
            raise EntryError("the answers contradict each other: fix them first")
        data = self.analysis().explain(letter)
        where = data["location"]
        if where is None:
            return f"{letter}: not certain yet"
        place = "the ring" if where == "ring" else f"seat {where}"
        answers = data["answers"]
        if not isinstance(answers, list) or not answers:
            return f"{letter} is in {place}: {data['reason']}"
        used = ", ".join(
            f"#{a['index'] + 1} (seat {a['target']} {a['letters']} {a['markers']})" for a in answers
        )
        return f"{letter} is in {place}, because of {used} with your hand and the hand sizes"


ENTRIES = """\
  3 AOR 1                 seat 3 put one marker on AOR
  up AOR BHV CDE          the cards face up now
  why B                   why B's place is certain
  undo"""
NOTEBOOK = BlackViennaNotebook
