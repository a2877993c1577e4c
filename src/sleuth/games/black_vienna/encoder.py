"""Black Vienna for the research environments: a seat's view as numbers, actions as codes.

The observation (``P`` players, ``D`` deck cards, the 27 persons; every value in [0, 1]):

- who and when: ``seat``, ``phase``, ``asker`` (one-hot), ``actors``, ``questioned``,
  ``eliminated``, ``guessed`` (a flag per seat);
- the seat's own cards: ``hand`` and, once seen, ``ring`` (a flag per person);
- counters: ``hand_sizes`` (/27), ``supply`` (/40), ``cards_played`` (/2D),
  ``special_unlocked``, ``stack_sizes`` (/(D/3) per stack);
- the cards: ``face_up`` (a flag per deck card), ``table`` (per card: its holder one-hot, then
  its markers 0-3 one-hot), ``answers`` (per card and seat asked with it: the answer 0-3
  one-hot; every answer of the game is public and a seat's answer to a card never changes);
- accusations: ``accusations`` (per seat: wrong, correct), the seat's own accused trio and
  own guess (a flag per person; ``own_guess`` ends with a flag for a pass).

The action codes, in blocks: ``ask`` with one card (card x target), ``ask`` with a face-up
card and a 0-marker card (face-up card x another card, reused, x target), ``accuse`` and
``guess`` (the 2,925 trios, in the engine's order), ``pass``.
"""

from __future__ import annotations

from typing import Any

from sleuth.core.encoding import Codes, Encoder, Features, KnowledgeLayout
from sleuth.core.protocol import State, View

from . import components as bv
from .notation import Investigate, Pass
from .rules import BlackVienna, BlackViennaState
from .views import BlackViennaView

PHASES = tuple(bv.Phase)
MAX_ANSWER = bv.RING_SIZE  # a card names three persons


class BlackViennaEncoder(Encoder):
    longest_seen = 228  # decisions; 40 games a policy, seeds 1-40 (see Encoder)

    def __init__(self, game: Any) -> None:
        if not isinstance(game, BlackVienna):
            raise TypeError(f"{game!r} is not a Black Vienna game")
        super().__init__(game)
        self.bv = game
        players, deck = game.players, game.deck
        self.players, self.deck_size = players, len(deck)
        self.card_index = {card: i for i, card in enumerate(deck)}
        add = self.layout.add
        n, d, letters = players, len(deck), len(bv.LETTERS)
        self.at = {
            "seat": add("seat", n, "the observing seat, one-hot"),
            "phase": add("phase", len(PHASES), "phase one-hot: " + ", ".join(PHASES)),
            "asker": add("asker", n, "the seat to ask, one-hot"),
            "actors": add("actors", n, "seats that may act now (accuse at any moment)"),
            "questioned": add("questioned", n, "seats questioned at least once"),
            "eliminated": add("eliminated", n, "seats out after a wrong accusation"),
            "guessed": add("guessed", n, "seats that handed in a sealed guess or passed"),
            "hand": add("hand", letters, "the seat's own persons, A-Z then Ö"),
            "ring": add("ring", letters, "the ring, once the seat has seen it"),
            "hand_sizes": add("hand_sizes", n, "cards held per seat / 27"),
            "supply": add("supply", 1, f"markers left in the supply / {bv.MARKERS}"),
            "cards_played": add("cards_played", 1, f"cards played toward the 6 / {2 * d}"),
            "special_unlocked": add("special_unlocked", 1, "special investigations open"),
            "stack_sizes": add("stack_sizes", bv.STACKS, f"cards left per stack / {d // 3}"),
            "face_up": add("face_up", d, "deck cards face up now, in deck order"),
            "table": add(
                "table",
                d * (n + MAX_ANSWER + 1),
                f"per deck card on the table: its holder one-hot ({n}), its markers 0-3 "
                "one-hot (4)",
            ),
            "answers": add(
                "answers",
                d * n * (MAX_ANSWER + 1),
                "per deck card and seat asked with it: the answer 0-3 one-hot",
            ),
            "accusations": add("accusations", 2 * n, "per seat: accused wrongly, correctly"),
            "own_accusation": add("own_accusation", letters, "the trio the seat accused"),
            "own_guess": add("own_guess", letters + 1, "the seat's sealed guess, then a pass"),
        }
        self.pairs_start = d * n
        targets = range(n)
        self.actions.add(
            "ask",
            (Investigate(t, (card,)) for card in deck for t in targets),
            "one card: deck card x target seat",
        )
        self.actions.add(
            "ask",
            (
                Investigate(t, (up, old))
                for up in deck
                for old in deck
                if old != up
                for t in targets
            ),
            "special: face-up card x another card, reused (0 markers) x target seat",
        )
        for kind, help in (("accuse", "accusation"), ("guess", "sealed guess")):
            every = game.every_action(kind)
            if every is None:
                raise RuntimeError(f"Black Vienna lists no {kind} family")
            self.actions.add(kind, every, f"{help}: the 2,925 trios in alphabet order")
        self.actions.add("pass", [Pass()], "no guess")
        # For the environments' factored actions: a trio is chosen a letter at a time.
        self.combinations = {"accuse": tuple(bv.LETTERS), "guess": tuple(bv.LETTERS)}
        trios = game.every_action("accuse") or ()
        self.trio_slot = {getattr(a, "letters", ""): i for i, a in enumerate(trios)}
        self.knowledge = KnowledgeLayout(
            cards=tuple(bv.LETTERS),
            places=(*(str(s) for s in range(n)), "ring"),
            solutions=len(self.trio_slot),
            solution_slot=self._solution_slot,
            seat_features=self._seat_writes,
            help="per person: its place (a seat, the ring); the ring's posterior over trios",
        )
        if game.config.special == "both" and game.config.empty_stacks == "break":
            # Each investigation then turns a face-up card; besides, at most an accusation
            # and a guess per seat, and the last player's question.
            self.max_moves = d + 2 * n + 1

    def _seat_writes(self) -> Any:
        # The deduction engine is loaded only by an env that asks for knowledge features.
        from .writes import SeatWrites

        return SeatWrites(self.players, self.trio_slot)

    def combination_parts(self, action: Any) -> tuple[str, ...]:
        """An accusation's or guess's letters, in alphabet order."""
        return tuple(action.letters)

    def _solution_slot(self, view: Any, cards: tuple[str, ...]) -> int | None:
        # The engine lists a trio's letters in alphabet order: sorting is the rare fallback.
        slot = self.trio_slot.get("".join(cards))
        if slot is None:
            slot = self.trio_slot.get("".join(sorted(cards, key=bv.LETTER_INDEX.__getitem__)))
        return slot

    def score_bounds(self) -> tuple[float, float]:
        return 0.0, float(3 * bv.MARKERS)

    def encode(self, view: View, out: Features) -> None:
        if not isinstance(view, BlackViennaView) or view.seat is None:
            raise TypeError("a seat's Black Vienna view is needed")
        at, flag, put = self.at, out.flag, out.put
        n, d = self.players, self.deck_size
        flag(at["seat"] + view.seat)
        flag(at["phase"] + PHASES.index(view.phase))
        flag(at["asker"] + view.asker)
        for key, seats in (
            ("actors", view.actors),
            ("questioned", view.questioned),
            ("eliminated", view.eliminated),
            ("guessed", view.guessed),
        ):
            out.flags(at[key], seats)
        letter = bv.LETTER_INDEX
        for key, letters in (("hand", view.hand), ("ring", view.ring)):
            if letters:
                out.flags(at[key], (letter[c] for c in letters))
        for seat, size in enumerate(view.hand_sizes):
            put(at["hand_sizes"] + seat, size / len(bv.LETTERS))
        put(at["supply"], view.supply / bv.MARKERS)
        put(at["cards_played"], min(1.0, view.cards_played / (2 * d)))
        if view.special_unlocked:
            flag(at["special_unlocked"])
        per_stack = max(1, d // bv.STACKS)
        for stack, size in enumerate(view.stack_sizes):
            put(at["stack_sizes"] + stack, size / per_stack)
        index = self.card_index
        out.flags(at["face_up"], (index[c] for c in view.face_up if c is not None))
        width = n + MAX_ANSWER + 1
        for lying in view.table:
            base = at["table"] + index[lying.letters] * width
            flag(base + lying.holder)
            flag(base + n + min(lying.markers, MAX_ANSWER))
        answered: set[int] = set()
        for inv in view.investigations:
            for card, answer in zip(inv.cards, inv.answers, strict=True):
                slot = at["answers"] + (index[card] * n + inv.target) * (MAX_ANSWER + 1) + answer
                if slot not in answered:
                    answered.add(slot)
                    flag(slot)
        for acc in view.accusations:
            flag(at["accusations"] + 2 * acc.seat + int(acc.correct))
            if acc.letters is not None and acc.seat == view.seat:
                out.flags(at["own_accusation"], (letter[c] for c in acc.letters))
        if view.own_guess == "pass":
            flag(at["own_guess"] + len(bv.LETTERS))
        elif view.own_guess:
            out.flags(at["own_guess"], (letter[c] for c in view.own_guess))

    def family_codes(self, state: State, seat: int, kind: str, out: Codes) -> bool:
        if kind != "ask" or not isinstance(state, BlackViennaState):
            return False
        n, index, d = self.players, self.card_index, self.deck_size
        for cards in state.question_choices(seat):
            if len(cards) == 1:
                base = index[cards[0]] * n
            else:
                up, old = index[cards[0]], index[cards[1]]
                pair = up * (d - 1) + (old if old < up else old - 1)  # no card with itself
                base = self.pairs_start + pair * n
            out.span(base, base + seat)  # every target but the asker
            out.span(base + seat + 1, base + n)
        return True
