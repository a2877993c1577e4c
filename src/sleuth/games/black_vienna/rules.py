"""Black Vienna's rules (REFERENCE.md §1): the deal, the question chain, accusations, scoring."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any, NamedTuple

from sleuth.core import ConfigError, Game, IllegalActionError, Outcome, State, make_rng
from sleuth.core.actions import ActionList, IndexedActions
from sleuth.core.serialize import JSONValue

from . import components as bv
from .notation import ACTION_TYPES, Accuse, Guess, Investigate, Pass, parse_action
from .views import BlackViennaView, build_view, hidden_twin

ASK = "ask"
FINAL_QUESTION = "final-question"
FINAL_ACCUSATION = "final-accusation"
GUESSING = "guessing"
OVER = "over"

# Every accusation or guess: the C(27, 3) = 2925 trios, each in alphabet order.
_TRIOS = tuple("".join(trio) for trio in combinations(bv.LETTERS, bv.RING_SIZE))


class Investigation(NamedTuple):
    """One resolved investigation, all of it public: the answers are given in full (A6)."""

    asker: int
    target: int
    cards: tuple[str, ...]
    answers: tuple[int, ...]
    placed: tuple[int, ...]


class Accusation(NamedTuple):
    seat: int
    letters: str
    correct: bool


class BlackVienna(Game[bv.BlackViennaConfig]):
    name = "black-vienna"
    aliases = ("bv", "blackvienna")
    title = "Black Vienna"
    min_players = 3
    max_players = 6
    rules_version = "bv-1"
    config_type = bv.BlackViennaConfig
    action_types = ACTION_TYPES
    view_type = BlackViennaView

    def __init__(self, config: bv.BlackViennaConfig) -> None:
        super().__init__(config)
        self.deck = config.deck
        self.card_masks = {card: bv.letters_mask(card) for card in self.deck}
        self.hand_sizes = bv.hand_sizes(config.players)

    def new(self, seed: int) -> BlackViennaState:
        rng = make_rng(seed, "deal")
        persons = list(range(len(bv.LETTERS)))
        rng.shuffle(persons)
        ring = sum(1 << p for p in persons[: bv.RING_SIZE])
        start = bv.RING_SIZE
        # Dealt from the dealer's left: seat 1 first, the dealer (seat 0) last.
        order = [*range(1, self.players), 0]
        dealt: dict[int, int] = {}
        for seat in order:
            size = self.hand_sizes[seat]
            dealt[seat] = sum(1 << p for p in persons[start : start + size])
            start += size
        hands = [dealt[seat] for seat in range(self.players)]
        cards = list(self.deck)
        rng.shuffle(cards)
        per_stack = len(cards) // bv.STACKS
        stacks = tuple(tuple(cards[i * per_stack : (i + 1) * per_stack]) for i in range(bv.STACKS))
        return BlackViennaState._initial(self, tuple(hands), ring, stacks)

    def from_deal(
        self, hands: Sequence[str], ring: str, stacks: Sequence[Sequence[str]]
    ) -> BlackViennaState:
        """A game starting from a given deal (for scenarios, tests and the table assistant)."""
        try:
            hand_sets = [bv.normalize_letters(h, f"hands[{i}]") for i, h in enumerate(hands)]
            ring_set = bv.normalize_letters(ring, "ring", bv.RING_SIZE)
        except ValueError as error:
            raise ConfigError(str(error)) from None
        if len(hand_sets) != self.players:
            raise ConfigError(f"hands: {self.players} hands needed, got {len(hand_sets)}")
        for seat, hand in enumerate(hand_sets):
            if len(hand) != self.hand_sizes[seat]:
                raise ConfigError(
                    f"hands[{seat}]: {len(hand)} cards, "
                    f"but seat {seat} holds {self.hand_sizes[seat]}"
                )
        if sorted("".join(hand_sets) + ring_set) != sorted(bv.LETTERS):
            raise ConfigError("hands and ring must hold each of the 27 persons exactly once")
        cards = [c for stack in stacks for c in stack]
        if len(stacks) != bv.STACKS or sorted(cards) != sorted(self.deck):
            raise ConfigError(f"stacks: {bv.STACKS} stacks holding the whole deck once")
        return BlackViennaState._initial(
            self,
            tuple(bv.letters_mask(h) for h in hand_sets),
            bv.letters_mask(ring_set),
            tuple(tuple(stack) for stack in stacks),
        )

    def parse_action(self, text: str) -> Investigate | Accuse | Guess | Pass:
        return parse_action(text)


class BlackViennaState(State):
    """One position of Black Vienna. Never mutated after construction."""

    __slots__ = (
        "_outcome",
        "accusations",
        "asker",
        "cards_played",
        "eliminated",
        "game",
        "guesses",
        "hands",
        "last",
        "log",
        "phase",
        "questioned",
        "ring",
        "stacks",
        "supply",
        "table",
        "tops",
        "winner",
    )

    game: BlackVienna
    hands: tuple[int, ...]
    ring: int
    stacks: tuple[tuple[str, ...], ...]
    tops: tuple[int, ...]
    table: tuple[tuple[str, int, int], ...]
    log: tuple[Investigation, ...]
    accusations: tuple[Accusation, ...]
    guesses: tuple[tuple[int, str | None], ...]
    supply: int
    asker: int
    questioned: int
    cards_played: int
    eliminated: int
    phase: str
    winner: int | None
    last: str
    _outcome: Outcome | None

    @classmethod
    def _initial(
        cls,
        game: BlackVienna,
        hands: tuple[int, ...],
        ring: int,
        stacks: tuple[tuple[str, ...], ...],
    ) -> BlackViennaState:
        state = object.__new__(cls)
        state.game, state.hands, state.ring, state.stacks = game, hands, ring, stacks
        state.tops = (0,) * len(stacks)
        state.table, state.log, state.accusations, state.guesses = (), (), (), ()
        state.supply, state.asker, state.questioned = bv.MARKERS, 0, 0
        state.cards_played, state.eliminated = 0, 0
        state.phase, state.winner, state.last, state._outcome = ASK, None, "", None
        return state

    def _copy(self) -> BlackViennaState:
        # Spelled out: a loop over __slots__ with getattr/setattr costs a fifth of a playout.
        state = object.__new__(BlackViennaState)
        state.game, state.hands, state.ring, state.stacks = (
            self.game,
            self.hands,
            self.ring,
            self.stacks,
        )
        state.tops, state.table, state.log = self.tops, self.table, self.log
        state.accusations, state.guesses = self.accusations, self.guesses
        state.supply, state.asker, state.questioned = self.supply, self.asker, self.questioned
        state.cards_played, state.eliminated = self.cards_played, self.eliminated
        state.phase, state.winner, state.last = self.phase, self.winner, self.last
        state._outcome = self._outcome
        return state

    def __repr__(self) -> str:
        return (
            f"<BlackViennaState phase={self.phase} asker={self.asker} supply={self.supply} "
            f"investigations={len(self.log)}>"
        )

    # --- what is on the table -------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.game.players

    def face_up(self) -> tuple[str | None, ...]:
        return tuple(
            stack[top] if top < len(stack) else None
            for stack, top in zip(self.stacks, self.tops, strict=True)
        )

    def special_unlocked(self) -> bool:
        everyone = (1 << self.players) - 1
        return self.questioned == everyone and self.cards_played >= bv.SPECIAL_MIN_CARDS

    def reusable_cards(self, asker: int) -> tuple[str, ...]:
        """0-marker cards lying in front of a seat other than the asker (A3)."""
        return tuple(
            card for card, holder, markers in self.table if markers == 0 and holder != asker
        )

    def can_accuse(self, seat: int) -> bool:
        if self.phase == ASK:
            return not self.eliminated >> seat & 1
        return self.phase in (FINAL_QUESTION, FINAL_ACCUSATION) and seat == self.asker

    def _must_guess(self, seat: int) -> bool:
        return self.phase == GUESSING and any(s == seat and g is None for s, g in self.guesses)

    # --- the protocol -----------------------------------------------------------------------

    def actors(self) -> frozenset[int]:
        if self.phase == ASK:
            accusers = {s for s in range(self.players) if not self.eliminated >> s & 1}
            return frozenset({self.asker} | accusers)
        if self.phase in (FINAL_QUESTION, FINAL_ACCUSATION):
            return frozenset({self.asker})
        if self.phase == GUESSING:
            return frozenset(s for s, g in self.guesses if g is None)
        return frozenset()

    def to_move(self) -> int | None:
        """The seat the game waits for; other actors may only interrupt (accuse)."""
        if self.phase in (ASK, FINAL_QUESTION, FINAL_ACCUSATION):
            return self.asker
        if self.phase == GUESSING:
            return min(self.actors())
        return None

    def question_choices(self, seat: int) -> list[tuple[str, ...]]:
        """The card sets ``seat`` may put in front of a target now (none if not its question)."""
        if self.phase not in (ASK, FINAL_QUESTION) or seat != self.asker:
            return []
        face_up = [card for card in self.face_up() if card is not None]
        choices: list[tuple[str, ...]] = [(card,) for card in face_up]
        if self.special_unlocked():
            reusable = self.reusable_cards(seat)
            if self.game.config.special == "both":
                choices += [(up, old) for up in face_up for old in reusable]
                if not face_up and self.game.config.empty_stacks == "special-only":
                    choices += [(old,) for old in reusable]
            else:
                choices += [(old,) for old in reusable]
        return choices

    def investigations(self, seat: int) -> IndexedActions:
        """Every (card set, target) question of ``seat``, card set first, made on demand."""
        choices = self.question_choices(seat)
        targets = [t for t in range(self.players) if t != seat]
        count = len(targets)

        def make(index: int) -> Investigate:
            return Investigate(targets[index % count], choices[index // count])

        def contains(action: object) -> bool:
            return (
                isinstance(action, Investigate)
                and action.target in targets
                and action.cards in choices
            )

        return IndexedActions(Investigate, len(choices) * count, make, contains)

    def legal_actions(self, seat: int) -> Sequence[Investigate | Accuse | Guess | Pass]:
        parts: list[Sequence[Any]] = [self.investigations(seat)]
        if self.can_accuse(seat):
            parts.append(_trio_actions(Accuse))
        elif self._must_guess(seat):
            parts.append(_trio_actions(Guess))
            parts.append([Pass()])
        return ActionList(parts)  # type: ignore[return-value]

    def apply(self, seat: int, action: Any) -> BlackViennaState:
        if self.phase == OVER:
            raise IllegalActionError("the game is over")
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise IllegalActionError(
                f"seat {seat!r} is not a seat of this {self.players}-player game"
            )
        if isinstance(action, Investigate):
            return self._investigate(seat, action)
        if isinstance(action, Accuse):
            return self._accuse(seat, action.letters)
        if isinstance(action, Guess | Pass):
            return self._guess(seat, action.letters if isinstance(action, Guess) else None)
        raise IllegalActionError(f"{action!r} is not a Black Vienna action")

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    def last_result(self) -> str:
        return self.last

    def reveal(self) -> Mapping[str, JSONValue]:
        return {
            "ring": bv.mask_letters(self.ring),
            "hands": [bv.mask_letters(h) for h in self.hands],
            "stacks": [list(stack) for stack in self.stacks],
        }

    def view(self, seat: int | None) -> BlackViennaView:
        return build_view(self, seat)

    def hidden_twin(self, seat: int | None, rng: random.Random) -> BlackViennaState | None:
        return hidden_twin(self, seat, rng)

    # --- investigations ------------------------------------------------------------------------

    def _investigate(self, seat: int, action: Investigate) -> BlackViennaState:
        if self.phase not in (ASK, FINAL_QUESTION):
            raise IllegalActionError(f"no investigation now: the game is in phase {self.phase}")
        if seat != self.asker:
            raise IllegalActionError(f"seat {seat} cannot ask: it is seat {self.asker}'s question")
        target = action.target
        if not 0 <= target < self.players:
            raise IllegalActionError(f"target {target} is not a seat (0-{self.players - 1})")
        if target == seat:
            raise IllegalActionError("a player cannot question himself")
        face_up_used, reused = self._check_cards(seat, action.cards)
        return self._resolve(seat, target, action.cards, face_up_used, reused)

    def _check_cards(self, seat: int, cards: tuple[str, ...]) -> tuple[list[int], list[str]]:
        face_up = self.face_up()
        if len(cards) == 1 and cards[0] in face_up:
            return [face_up.index(cards[0])], []  # the common case: one face-up card
        reusable = self.reusable_cards(seat)
        stacks_used: list[int] = []
        reused: list[str] = []
        for card in cards:
            if card in face_up:
                stacks_used.append(face_up.index(card))
            elif card in reusable:
                reused.append(card)
            elif any(card == c for c, _, _ in self.table):
                raise IllegalActionError(
                    f"card {card} is on the table but cannot be reused: only 0-marker cards "
                    "not in front of the asker can"
                )
            else:
                raise IllegalActionError(
                    f"card {card} is not face up (face up: {_face_text(face_up)})"
                )
        config = self.game.config
        if reused and not self.special_unlocked():
            raise IllegalActionError(
                "special investigations are locked until every player has been questioned "
                f"and {bv.SPECIAL_MIN_CARDS} cards have been played"
            )
        if config.special == "both":
            alone_allowed = not any(face_up) and config.empty_stacks == "special-only"
            shape_ok = (len(stacks_used), len(reused)) in ((1, 0), (1, 1)) or (
                alone_allowed and (len(stacks_used), len(reused)) == (0, 1)
            )
            if not shape_ok:
                raise IllegalActionError(
                    "an investigation is one face-up card, or (special) one face-up card plus "
                    "one 0-marker card"
                )
        elif len(cards) != 1:
            raise IllegalActionError(
                "with special=either an investigation is one card: face up or a 0-marker card"
            )
        return stacks_used, reused

    def _resolve(
        self,
        seat: int,
        target: int,
        cards: tuple[str, ...],
        stacks_used: list[int],
        reused: list[str],
    ) -> BlackViennaState:
        hand = self.hands[target]
        answers = tuple((self.game.card_masks[card] & hand).bit_count() for card in cards)
        supply = self.supply
        placed = []
        for answer in answers:
            # A6: the answer is always given in full; only the markers to hand may run short.
            put = min(answer, supply)
            placed.append(put)
            supply -= put
        table = [entry for entry in self.table if entry[0] not in cards]
        table += [(card, target, answer) for card, answer in zip(cards, answers, strict=True)]
        tops = list(self.tops)
        for stack in stacks_used:
            tops[stack] += 1
        state = self._copy()
        state.tops, state.table, state.supply = tuple(tops), tuple(table), supply
        state.log = (*self.log, Investigation(seat, target, cards, answers, tuple(placed)))
        state.questioned = self.questioned | 1 << target
        per_card = self.game.config.special_count == "per-card"
        state.cards_played = self.cards_played + (len(cards) if per_card else 1)
        state.asker = target
        state.last = " ".join(
            f"{card}@{target}={a}" for card, a in zip(cards, answers, strict=True)
        )
        if self.phase == FINAL_QUESTION:
            state.asker, state.phase = seat, FINAL_ACCUSATION
        if supply <= bv.BREAK_OFF_MARKERS:
            state._end((0,) * self.players, (), "markers: 3 or fewer left in the supply")
        elif state.phase == ASK and not state._can_continue():
            state._end((0,) * self.players, (), "stacks: no investigation card left to play")
        return state

    def _can_continue(self) -> bool:
        if any(top < len(stack) for stack, top in zip(self.stacks, self.tops, strict=True)):
            return True
        return bool(self.question_choices(self.asker))

    # --- accusations and guesses ------------------------------------------------------------------

    def _accuse(self, seat: int, letters: str) -> BlackViennaState:
        if not self.can_accuse(seat):
            if self.eliminated >> seat & 1:
                raise IllegalActionError(f"seat {seat} has accused already and may not again")
            raise IllegalActionError(f"seat {seat} cannot accuse in phase {self.phase}")
        mask = _trio_mask(letters)
        correct = mask == self.ring
        state = self._copy()
        state.accusations = (*self.accusations, Accusation(seat, letters, correct))
        state.last = "correct" if correct else "wrong"
        zeros = (0,) * self.players
        if self.phase in (FINAL_QUESTION, FINAL_ACCUSATION):
            if correct:
                scores = tuple(self.supply if s == seat else 0 for s in range(self.players))
                state._end(scores, (seat,), "last player: correct final accusation")
            else:
                state.eliminated |= 1 << seat
                state._end(zeros, (), "last player: wrong final accusation")
            return state
        if correct:
            state.winner = seat
            others = [s for s in range(self.players) if s != seat and not self.eliminated >> s & 1]
            if self.game.config.post_win_guesses and others:
                state.phase, state.guesses = GUESSING, tuple((s, None) for s in others)
            else:
                state._score()
            return state
        state.eliminated = self.eliminated | 1 << seat
        standing = [s for s in range(self.players) if not state.eliminated >> s & 1]
        if len(standing) == 1:
            # Broken off: the last player asks one final question at once (A9), then accuses.
            state.phase, state.asker = FINAL_QUESTION, standing[0]
            if not state.question_choices(standing[0]):
                state.phase = FINAL_ACCUSATION
        return state

    def _guess(self, seat: int, letters: str | None) -> BlackViennaState:
        if not self._must_guess(seat):
            raise IllegalActionError(f"seat {seat} has no guess to hand in now")
        mask = None if letters is None else _trio_mask(letters)
        state = self._copy()
        state.guesses = tuple((s, (letters or "-") if s == seat else g) for s, g in self.guesses)
        state.last = "guessed" if mask is not None else "passed"
        if all(g is not None for _, g in state.guesses):
            state._score()
        return state

    def _score(self) -> None:
        """Scores after a correct accusation: 3 × markers for the accuser, 1 × for good guesses."""
        winner = self.winner
        if winner is None:
            raise RuntimeError("scoring without a winner")
        ring = bv.mask_letters(self.ring)
        scores = [0] * self.players
        scores[winner] = 3 * self.supply
        for seat, guess in self.guesses:
            if guess == ring:
                scores[seat] = self.supply
        self._end(tuple(scores), (winner,), "correct accusation")

    def _end(self, scores: tuple[int, ...], winners: tuple[int, ...], reason: str) -> None:
        self.phase = OVER
        self._outcome = Outcome(scores, winners, reason)


def _trio_actions(make: type[Accuse] | type[Guess]) -> IndexedActions:
    return IndexedActions(
        make,
        len(_TRIOS),
        lambda index: make(_TRIOS[index]),
        lambda action: type(action) is make,
    )


def _trio_mask(letters: str) -> int:
    try:
        return bv.letters_mask(bv.normalize_letters(letters, "accusation", bv.RING_SIZE))
    except ValueError as error:
        raise IllegalActionError(str(error)) from None


def _face_text(face_up: tuple[str | None, ...]) -> str:
    return " ".join(card or "--" for card in face_up)
