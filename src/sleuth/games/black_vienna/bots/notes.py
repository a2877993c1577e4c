"""A casual player's investigation sheet for Black Vienna, kept from one seat's view.

The rules of thumb people use at the table, repeated until nothing changes: my own cards
are not in the ring; an answer of 0 clears the card's letters from that hand; an answer
that equals the letters still possible there puts them all in it; a full hand holds
nothing else; a letter that some hand holds is not in the ring; a letter no hand can hold
is in it. It is not exact: ``sleuth.deduce`` is.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sleuth.games.black_vienna import LETTERS, BlackViennaView

ALL = frozenset(LETTERS)


@dataclass
class CasualNotes:
    players: int
    seat: int
    hand_sizes: tuple[int, ...]
    has: list[set[str]] = field(default_factory=list)  # letters known in each hand
    lacks: list[set[str]] = field(default_factory=list)  # letters known not in each hand

    @classmethod
    def from_view(cls, view: BlackViennaView) -> CasualNotes:
        if view.seat is None or view.hand is None:
            raise ValueError("casual notes are kept for a seat, not a spectator")
        notes = cls(view.players, view.seat, view.hand_sizes)
        notes.has = [set() for _ in range(view.players)]
        notes.lacks = [set() for _ in range(view.players)]
        own = set(view.hand)
        notes.has[view.seat] = own
        notes.lacks[view.seat] = set(ALL - own)
        answers = [
            (inv.target, card, answer)
            for inv in view.investigations
            for card, answer in zip(inv.cards, inv.answers, strict=True)
        ]
        notes._propagate(answers)
        return notes

    def _propagate(self, answers: list[tuple[int, str, int]]) -> None:
        changed = True
        while changed:
            changed = False
            for target, card, answer in answers:
                letters = set(card)
                known_in = letters & self.has[target]
                open_letters = letters - self.has[target] - self.lacks[target]
                if len(known_in) == answer and open_letters:
                    self.lacks[target] |= open_letters
                    changed = True
                elif len(known_in) + len(open_letters) == answer and open_letters:
                    self.has[target] |= open_letters
                    changed = True
            for seat in range(self.players):
                if len(self.has[seat]) == self.hand_sizes[seat]:
                    rest = ALL - self.has[seat] - self.lacks[seat]
                    if rest:
                        self.lacks[seat] |= rest
                        changed = True
                for other in range(self.players):
                    if other != seat:
                        new = self.has[other] - self.lacks[seat]
                        if new:
                            self.lacks[seat] |= new
                            changed = True

    def not_ring(self) -> set[str]:
        return set().union(*self.has)

    def in_ring(self) -> set[str]:
        return {c for c in ALL if all(c in lacks for lacks in self.lacks)}

    def ring_candidates(self) -> list[str]:
        """Letters that may still be in the ring, in alphabet order."""
        return [c for c in LETTERS if c not in self.not_ring()]

    def unknown(self, seat: int) -> set[str]:
        return set(ALL - self.has[seat] - self.lacks[seat])
