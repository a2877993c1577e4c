"""Black Vienna's rules (REFERENCE.md §1): the deal, the question chain, accusations, scoring."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from sleuth.core import ConfigError, Game, Outcome, State, make_rng
from sleuth.core.actions import ActionList, IndexedActions
from sleuth.core.events import Event, public
from sleuth.core.protocol import Termination, copier
from sleuth.core.rng import shuffle
from sleuth.core.said import said
from sleuth.core.serialize import JSONValue
from sleuth.i18n import N_

from . import components as bv
from .components import Phase
from .events import accusation_events, ending_events, envelope_events, investigation_events
from .legal import (
    ACCUSATIONS,
    GUESSES,
    NO_QUESTIONS,
    PASS,
    card_sets,
    new_tuple,
    trio_actions,
    without,
)
from .notation import (
    ACTION_TYPES,
    Accuse,
    BlackViennaAction,
    Guess,
    Investigate,
    Pass,
    parse_action,
)
from .questions import Questions
from .refusals import why_illegal
from .views import BlackViennaView, InvestigationView, build_view, hidden_twin

PERSON_BITS = tuple(1 << person for person in range(len(bv.LETTERS)))
ASK, FINAL_QUESTION, FINAL_ACCUSATION = Phase.ASK, Phase.FINAL_QUESTION, Phase.FINAL_ACCUSATION
GUESSING, OVER = Phase.GUESSING, Phase.OVER


class BlackViennaEnd(Termination):
    SOLVED = N_("correct accusation")
    MARKERS = N_("markers: 3 or fewer left in the supply")
    STACKS = N_("stacks: no investigation card left to play")
    LAST_PLAYER_RIGHT = N_("last player: correct final accusation")
    LAST_PLAYER_WRONG = N_("last player: wrong final accusation")


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


class Envelope(NamedTuple):
    """An envelope handed in after another's right accusation: a guess, or ``None``."""

    seat: int
    letters: str | None


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
    termination_type = BlackViennaEnd

    def __init__(self, config: bv.BlackViennaConfig) -> None:
        super().__init__(config)
        self.deck = config.deck
        self.card_masks = {card: bv.letters_mask(card) for card in self.deck}
        self.hand_sizes = bv.hand_sizes(config.players)
        self.per_card = config.special_count == "per-card"
        self.both = config.special == "both"
        self.special_only = config.empty_stacks == "special-only"
        self.everyone = (1 << config.players) - 1  # a bit per seat
        self.targets = tuple(
            tuple(t for t in range(config.players) if t != seat) for seat in range(config.players)
        )
        # Each question made once per game (a few thousand at most), by card, by the 0-marker
        # card asked with it ("" for none), by target seat: a playout lists a seat's
        # questions at every step and would otherwise build them afresh each time (keyed
        # by text: a tuple's hash is not kept). A card alone's are made at once, and kept
        # by card too (``singles``): they are most of a playout's picks.
        self.questions: dict[str, dict[str, tuple[Investigate, ...]]] = {}
        self.singles = {card: self.asking(card) for card in self.deck}

    def asking(self, card: str, reused: str = "") -> tuple[Investigate, ...]:
        """The investigations of one card set (a card, or a face-up card and a 0-marker
        card), one per target seat: the asker's own entry is never handed out."""
        by_card = self.questions.get(card)
        if by_card is None:
            by_card = self.questions[card] = {}
        made = by_card.get(reused)
        if made is None:
            cards = (card, reused) if reused else (card,)
            made = by_card[reused] = tuple(Investigate(t, cards) for t in range(self.players))
        return made

    def new(self, seed: int) -> BlackViennaState:
        rng = make_rng(seed, "deal")
        persons = list(range(len(bv.LETTERS)))
        shuffle(rng, persons)
        # Bit masks summed through a table: a generator per seat costs more than the deal.
        bit = PERSON_BITS.__getitem__
        ring = sum(map(bit, persons[: bv.RING_SIZE]))
        start, hands = bv.RING_SIZE, [0] * self.players
        for seat in (*range(1, self.players), 0):  # from the dealer's left: the dealer last
            end = start + self.hand_sizes[seat]
            hands[seat] = sum(map(bit, persons[start:end]))
            start = end
        cards = list(self.deck)
        shuffle(rng, cards)
        per_stack = len(cards) // bv.STACKS
        stacks = []
        for at in range(0, per_stack * bv.STACKS, per_stack):
            stacks.append(tuple(cards[at : at + per_stack]))
        return BlackViennaState._initial(self, tuple(hands), ring, tuple(stacks))

    def every_action(self, kind: str) -> IndexedActions | None:
        """Accusations and guesses: a seat that may make one may name any trio."""
        if kind == Accuse.kind:
            return trio_actions(Accuse)
        if kind == Guess.kind:
            return trio_actions(Guess)
        return None

    def from_deal(
        self, hands: Sequence[str], ring: str, stacks: Sequence[Sequence[str]]
    ) -> BlackViennaState:
        """A game starting from a given deal (for scenarios, tests and the table assistant)."""
        try:
            hand_sets = [bv.normalize_letters(h, f"hands[{i}]") for i, h in enumerate(hands)]
            ring_set = bv.normalize_letters(ring, "ring", bv.RING_SIZE)
        except ValueError as error:
            raise ConfigError(bv.letters_refused(error)) from None
        if len(hand_sets) != self.players:
            raise ConfigError(
                said(
                    "hands: %(players)s hands needed, got %(count)s",
                    players=self.players,
                    count=len(hand_sets),
                )
            )
        for seat, hand in enumerate(hand_sets):
            if len(hand) != self.hand_sizes[seat]:
                raise ConfigError(
                    said(
                        "hands[%(seat)s]: %(count)s cards, but seat %(seat)s holds %(size)s",
                        seat=seat,
                        count=len(hand),
                        size=self.hand_sizes[seat],
                    )
                )
        if sorted("".join(hand_sets) + ring_set) != sorted(bv.LETTERS):
            raise ConfigError(
                said(
                    "hands and ring must hold each of the %(persons)s persons exactly once",
                    persons=len(bv.LETTERS),
                )
            )
        cards = [c for stack in stacks for c in stack]
        if len(stacks) != bv.STACKS or sorted(cards) != sorted(self.deck):
            raise ConfigError(
                said("stacks: %(stacks)s stacks holding the whole deck once", stacks=bv.STACKS)
            )
        return BlackViennaState._initial(
            self,
            tuple(bv.letters_mask(h) for h in hand_sets),
            bv.letters_mask(ring_set),
            tuple(tuple(stack) for stack in stacks),
        )

    def _parse_action(self, text: str) -> Investigate | Accuse | Guess | Pass:
        return parse_action(text)


@dataclass(slots=True, eq=False, repr=False)
class BlackViennaState(State):
    """One position of Black Vienna. Never mutated after construction."""

    game: BlackVienna
    hands: tuple[int, ...]  # a bit per person, by seat
    ring: int
    stacks: tuple[tuple[str, ...], ...]
    tops: tuple[int, ...] = ()  # cards turned from each stack so far
    log: tuple[Investigation, ...] = ()
    # The log as every view shows it, caught up with ``log`` when a view is built: a view
    # then converts only the investigations since the state it was played from (a server
    # builds every seat's view at every step; a playout builds none).
    public_log: tuple[InvestigationView, ...] = ()
    accusations: tuple[Accusation, ...] = ()
    guesses: tuple[tuple[int, str | None], ...] = ()  # "-" for a pass
    supply: int = bv.MARKERS
    asker: int = 0
    questioned: int = 0  # a bit per seat questioned at least once
    cards_played: int = 0
    eliminated: int = 0  # a bit per seat that accused wrongly
    phase: Phase = Phase.ASK
    winner: int | None = None
    # The step that led here (``None`` at the start), made into its events only when asked
    # (``last_events``, ``last_result``), which a playout never does.
    last: Investigation | Accusation | Envelope | None = None
    # A field rather than State's property: read twice a step (check, the caller's loop).
    outcome: Outcome | None = None
    # The card on top of each stack (``None``: empty), kept up as cards are played.
    _face: tuple[str | None, ...] | None = field(default=None, init=False)
    # The table (``table``) as far as the first ``_table_log`` investigations laid it: a
    # playout never asks for it, and a copy carries on what was made of it.
    _table: tuple[tuple[str, int, int], ...] = field(default=(), init=False)
    _table_log: int = field(default=0, init=False)
    # The 0-marker cards on the table with their holders, in table order: what a special
    # investigation may take up again (A3), kept up as the table changes (every step asks).
    _zeros: tuple[tuple[str, int], ...] = field(default=(), init=False)

    @classmethod
    def _initial(
        cls,
        game: BlackVienna,
        hands: tuple[int, ...],
        ring: int,
        stacks: tuple[tuple[str, ...], ...],
    ) -> BlackViennaState:
        return cls(game, hands, ring, stacks, tops=(0,) * len(stacks))

    def __post_init__(self) -> None:
        # A state built from its fields (a deal, a bot's sample of what a view allows):
        # the 0-marker cards from the table its log laid. Copies carry them and keep them up.
        if self.log:  # a deal has none
            self._zeros = tuple([(c, holder) for c, holder, markers in self.table if not markers])

    def __repr__(self) -> str:
        return (
            f"<BlackViennaState phase={self.phase} asker={self.asker} supply={self.supply} "
            f"investigations={len(self.log)}>"
        )

    # --- what is on the table -------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.game.players

    @property
    def table(self) -> tuple[tuple[str, int, int], ...]:
        """The cards laid before the seats, (card, holder, markers), in the order laid: each
        investigation's cards after the others, a 0-marker card taken up again moved along."""
        table, done = self._table, self._table_log
        if done < len(self.log):
            for inv in self.log[done:]:
                for card in inv.cards:  # a face-up card is not on the table yet
                    table = without(table, card)
                for card, answer in zip(inv.cards, inv.answers, strict=True):
                    table += ((card, inv.target, answer),)
            self._table, self._table_log = table, len(self.log)
        return table

    def face_up(self) -> tuple[str | None, ...]:
        face = self._face
        if face is None:
            face = self._face = tuple(
                [
                    stack[top] if top < len(stack) else None
                    for stack, top in zip(self.stacks, self.tops, strict=True)
                ]
            )
        return face

    def special_unlocked(self) -> bool:
        return self.questioned == self.game.everyone and self.cards_played >= bv.SPECIAL_MIN_CARDS

    def reusable_cards(self, asker: int) -> tuple[str, ...]:
        """0-marker cards lying in front of a seat other than the asker (A3)."""
        # A plain loop: a comprehension is a function call of its own (this runs at every
        # step), and tuple() over a generator costs more again.
        cards = []
        for card, holder in self._zeros:
            if holder != asker:
                cards.append(card)
        return tuple(cards)

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
        reusable = self.reusable_cards(seat) if self.special_unlocked() else ()
        return card_sets(face_up, reusable, self.game.config)

    def investigations(self, seat: int) -> IndexedActions:
        """Every (card set, target) question of ``seat``, card set first, made on demand:
        the card sets are ``question_choices``' in its order."""
        if self.phase not in (ASK, FINAL_QUESTION) or seat != self.asker:
            return NO_QUESTIONS
        zeros = self._zeros if self.special_unlocked() else ()
        return Questions(self.game, seat, self._face or self.face_up(), zeros)

    def _legal_actions(self, seat: int) -> Sequence[Investigate | Accuse | Guess | Pass]:
        if self.phase == ASK and seat == self.asker:
            # The usual case, with investigations() and can_accuse() spelled out: every step.
            game = self.game
            unlocked = (
                self.cards_played >= bv.SPECIAL_MIN_CARDS and self.questioned == game.everyone
            )
            face, zeros = self._face or self.face_up(), self._zeros if unlocked else ()
            questions: IndexedActions = Questions(game, seat, face, zeros)
            if not self.eliminated >> seat & 1:
                return ActionList.split_in_advance(questions, ACCUSATIONS)  # type: ignore[return-value]
            return ActionList((questions,))  # type: ignore[return-value]
        questions = self.investigations(seat)
        if self.can_accuse(seat):
            legal = ActionList.split_in_advance(questions, ACCUSATIONS)
        elif self._must_guess(seat):
            legal = ActionList((questions, GUESSES, PASS))
        else:
            legal = ActionList((questions,))
        return legal  # type: ignore[return-value]

    def _apply(self, seat: int, action: BlackViennaAction) -> BlackViennaState:
        if isinstance(action, Investigate):
            return self._investigate(seat, action)
        if isinstance(action, Accuse):
            return self._accuse(seat, action.letters)
        if isinstance(action, Guess | Pass):
            return self._guess(seat, action.letters if isinstance(action, Guess) else None)
        raise TypeError(f"not a Black Vienna action: {action!r}")

    def _why_illegal(self, seat: int, action: BlackViennaAction) -> str | None:
        return why_illegal(self, seat, action)

    def last_events(self) -> tuple[Event, ...]:
        last = self.last
        if last is None:
            return ()
        if isinstance(last, Investigation):
            events = investigation_events(*last)
        elif isinstance(last, Accusation):
            events = accusation_events(*last, bv.mask_letters(self.ring))
        else:
            events = envelope_events(*last)
        if self.outcome is None:
            return events
        accused = tuple((a.seat, a.letters) for a in self.accusations)
        opened = tuple((s, None if g == "-" else g) for s, g in self.guesses if g is not None)
        return events + ending_events(accused, opened)

    def last_result(self) -> str:
        return " ".join([e.notation() for e in public(self.last_events()) if e.notation()])

    def public_action(self, seat: int, action: BlackViennaAction) -> str:
        # The table learns that a seat accused, or handed in an envelope, never the letters
        # (AccusationView.letters, own_guess) nor whether the envelope held a guess.
        if isinstance(action, Accuse):
            return "accuse ?"
        if isinstance(action, Guess | Pass):
            return "hand in ?"
        return str(action)

    def private_result(self) -> str:
        events = self.last_events()
        return " ".join([e.notation() for e in events if e.seen_by() and e.notation()])

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
        target, cards = action.target, action.cards
        face, tops, taken = self._face or self.face_up(), self.tops, cards
        # Of a legal card set only the first card can be face up (A2): the second, or a
        # special investigation's only card, is a 0-marker card taken up again (it leaves
        # its place). A face-up card is turned and its stack's next card comes up.
        if cards[0] in face:
            # Changed in lists: a slice-and-star tuple costs twice as much.
            stack, moved, turned = face.index(cards[0]), list(tops), list(face)
            top = moved[stack] = moved[stack] + 1
            pile = self.stacks[stack]
            turned[stack] = pile[top] if top < len(pile) else None
            tops, face, taken = tuple(moved), tuple(turned), cards[1:]
        zeros = self._zeros
        for card in taken:
            zeros = without(zeros, card)
        hand, masks, supply = self.hands[target], self.game.card_masks, self.supply
        answers: tuple[int, ...] = ()
        placed: tuple[int, ...] = ()
        for card in cards:
            answer = (masks[card] & hand).bit_count()
            # A6: the answer is always given in full; only the markers to hand may run short.
            put = answer if answer < supply else supply
            supply -= put
            answers += (answer,)
            placed += (put,)
            if not answer:
                zeros += ((card, target),)
        # tuple.__new__ straight: the named tuple's own constructor is a Python call.
        done = new_tuple(Investigation, (seat, target, cards, answers, placed))
        state = _advance(
            self,
            tops=tops,
            _face=face,
            _zeros=zeros,
            supply=supply,
            log=self.log + (done,),  # noqa: RUF005  # a concatenation costs less
            questioned=self.questioned | 1 << target,
            cards_played=self.cards_played + (len(cards) if self.game.per_card else 1),
            asker=target,
            last=done,
        )
        if self.phase == FINAL_QUESTION:
            state.asker, state.phase = seat, FINAL_ACCUSATION
        if supply <= bv.BREAK_OFF_MARKERS:
            state._end((0,) * self.players, (), BlackViennaEnd.MARKERS)
        elif state.phase == ASK and not any(face) and not state._can_continue():
            state._end((0,) * self.players, (), BlackViennaEnd.STACKS)
        return state

    def _can_continue(self) -> bool:
        """A face-up card is left, or a special investigation of a 0-marker card alone: one
        needs no face-up card with ``special=either`` (A2), nor with A8 ``special-only``."""
        if any(self.face_up()):
            return True
        config = self.game.config
        alone = config.special == "either" or config.empty_stacks == "special-only"
        return alone and bool(self.question_choices(self.asker))

    # --- accusations and guesses ------------------------------------------------------------------

    def _accuse(self, seat: int, letters: str) -> BlackViennaState:
        mask = bv.letters_mask(letters)
        correct = mask == self.ring
        state = self._copy()
        state.last = accusation = Accusation(seat, letters, correct)
        state.accusations = (*self.accusations, accusation)
        zeros = (0,) * self.players
        if self.phase in (FINAL_QUESTION, FINAL_ACCUSATION):
            if correct:
                scores = tuple(self.supply if s == seat else 0 for s in range(self.players))
                state._end(scores, (seat,), BlackViennaEnd.LAST_PLAYER_RIGHT)
            else:
                state.eliminated |= 1 << seat
                state._end(zeros, (), BlackViennaEnd.LAST_PLAYER_WRONG)
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
        state = self._copy()
        state.guesses = tuple((s, (letters or "-") if s == seat else g) for s, g in self.guesses)
        state.last = Envelope(seat, letters)
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
        self._end(tuple(scores), (winner,), BlackViennaEnd.SOLVED)

    def _end(
        self, scores: tuple[int, ...], winners: tuple[int, ...], reason: BlackViennaEnd
    ) -> None:
        self.phase = OVER
        self.outcome = Outcome(scores, winners, reason)


# The next state of an investigation: a copy given the fields every investigation changes.
_advance = copier(
    BlackViennaState,
    "tops",
    "_face",
    "_zeros",
    "supply",
    "log",
    "questioned",
    "cards_played",
    "asker",
    "last",
)
