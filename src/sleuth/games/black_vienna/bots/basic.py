"""``basic``: Black Vienna as a casual player plays it, from hand-kept notes."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar

from sleuth.agents.base import Agent, kinds_of, of_kind
from sleuth.core import Action, View
from sleuth.games.black_vienna import LETTERS, Accuse, BlackViennaView, Guess, Investigate, Pass

from .notes import CasualNotes


def _trio(letters: list[str] | set[str]) -> str:
    return "".join(sorted(letters, key=LETTERS.index))


class BasicBlackVienna(Agent):
    """Asks where its notes have the most open letters; accuses once only three remain."""

    name: ClassVar[str] = "basic"

    def act(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        if not isinstance(view, BlackViennaView):
            raise TypeError("the basic Black Vienna bot plays Black Vienna only")
        notes = CasualNotes.from_view(view)
        candidates = notes.ring_candidates()
        kinds = kinds_of(legal)
        if view.phase == "guessing":
            return Guess(_trio(candidates[:3])) if len(candidates) <= 4 else Pass()
        certain = self._certain_trio(notes)
        if certain is not None and "accuse" in kinds:
            return Accuse(certain)
        questions = [a for a in of_kind(legal, "ask") if isinstance(a, Investigate)]
        if not questions:
            # Forced to accuse (the last player's final accusation): the likeliest guess.
            return Accuse(_trio(_best_three(notes, candidates, rng)))
        return max(questions, key=lambda q: (self._value(notes, q, candidates), rng.random()))

    def interrupt(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action | None:
        if not isinstance(view, BlackViennaView) or "accuse" not in kinds_of(legal):
            return None
        trio = self._certain_trio(CasualNotes.from_view(view))
        return Accuse(trio) if trio is not None else None

    @staticmethod
    def _certain_trio(notes: CasualNotes) -> str | None:
        candidates = notes.ring_candidates()
        if len(candidates) == 3:
            return _trio(candidates)
        ring = notes.in_ring()
        return _trio(ring) if len(ring) == 3 else None

    @staticmethod
    def _value(notes: CasualNotes, question: Investigate, candidates: list[str]) -> int:
        open_letters = 0
        for card in question.cards:
            for letter in card:
                if letter in notes.unknown(question.target):
                    open_letters += 2 if letter in candidates else 1
        return open_letters


def _best_three(notes: CasualNotes, candidates: list[str], rng: random.Random) -> list[str]:
    """Letters known in the ring first, then other candidates at random."""
    known = sorted(notes.in_ring())
    rest = [c for c in candidates if c not in known]
    rng.shuffle(rest)
    return (known + rest)[:3]
