"""13 Clues' rules (REFERENCE.md §4): deal, mystery choice, glasses, questions, accusations."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from sleuth.core import Game, IllegalActionError, Outcome, State, make_rng
from sleuth.core.actions import IndexedActions
from sleuth.core.events import Event, notations, public
from sleuth.core.protocol import Termination
from sleuth.core.rng import shuffle
from sleuth.core.serialize import JSONValue
from sleuth.i18n import N_

from . import components as tc
from .components import Phase
from .events import (
    CHOSE,
    LAST_ACCUSED,
    LAST_ASKED,
    LAST_LOOKED,
    LAST_NOTHING,
    TOOK,
    step_events,
)
from .given_deal import read_deal
from .legal import TurnActions, TurnHead, accusation_actions, question_actions, turn_actions
from .notation import ACTION_TYPES, SLOT_LETTERS, Accuse, Ask, Choose, Look, Notation, Take
from .refusals import why_illegal
from .views import (
    AccusationView,
    QuestionView,
    ThirteenCluesView,
    build_view,
    hidden_twin,
)

CHOOSE, TAKE, PLAY, FINAL, OVER = Phase.CHOOSE, Phase.TAKE, Phase.PLAY, Phase.FINAL, Phase.OVER
ThirteenCluesAction = Choose | Ask | Look | Take | Accuse
UNSEEN_KEPT = 4096  # sets of visible cards a game keeps the unseen cards of


class ThirteenCluesEnd(Termination):
    SOLVED = N_("correct accusation")


class Question(NamedTuple):
    """One answered question; the answer is what the witness saw (§4.4), secret or not."""

    asker: int
    witness: int
    subject: str
    side: str
    secret: bool
    answer: int


class Accusation(NamedTuple):
    seat: int
    cards: tuple[int, int, int]
    correct: bool


class ThirteenClues(Game[tc.ThirteenCluesConfig]):
    name = "13-clues"
    aliases = ("thirteen-clues", "13clues", "thirteenclues")
    title = "13 Clues"
    min_players = 2
    max_players = 6
    # 13c-2: a seat's two hidden cards lie left/right in random order, not in card order.
    rules_version = "13c-2"
    config_type = tc.ThirteenCluesConfig
    action_types = ACTION_TYPES
    view_type = ThirteenCluesView
    termination_type = ThirteenCluesEnd

    def __init__(self, config: tc.ThirteenCluesConfig) -> None:
        super().__init__(config)
        deck = tc.parse_deck(config.deck)
        self.colours = tc.colour_order(deck)[: tc.colours_in_play(config.players)]
        # Only the cards of the colours in play exist in this game; ids index ``cards``.
        self.cards = tuple(card for card in deck if card.colour in self.colours)
        self.notation = Notation(deck)
        self.ids = {card.name: i for i, card in enumerate(self.cards)}
        self.names = tuple(card.name for card in self.cards)
        self.by_type = tuple(
            tuple(i for i, c in enumerate(self.cards) if c.type == t) for t in range(3)
        )
        subjects = [*self.colours, *tc.ALL_CATEGORIES]
        if config.type_questions:
            subjects += tc.TYPES
        self.subjects = tuple(subjects)
        self.masks = {s: self._mask(s) for s in self.subjects}
        self.informants = tc.informant_count(config.players)
        # Every look (one per informant slot), legal at every turn of play: made once.
        self.looks = tuple(Look(SLOT_LETTERS[i]) for i in range(self.informants))
        self.two_player = config.players == 2
        self.repeat_accusations = config.repeat_accusations
        self.final_after = config.stall_rounds * config.players  # [D] stall end; 0: never
        self._unseen: dict[int, list[list[int]]] = {}
        self._lists: dict[tuple[object, ...], IndexedActions] = {}
        # A seat's whole list at its turn, by (in play, seat, token, cards seen): read on
        # every step of a playout, so looked up directly (``legal.turn_actions``).
        self.turn_lists: dict[tuple[bool, int, bool, int], TurnActions] = {}
        self.turn_heads: dict[tuple[bool, int, bool], TurnHead] = {}  # at most 4 per seat
        self._choices: dict[tuple[int, ...], tuple[Choose, ...]] = {}
        self._accusations: dict[tuple[int, int, int], Accuse] = {}

    def unseen(self, visible: int) -> list[list[int]]:
        """Per type, the cards not in the bit set ``visible``; kept by the set, since a
        seat sees the same cards turn after turn (callers must not change the lists)."""
        choices = self._unseen.get(visible)
        if choices is None:
            if len(self._unseen) >= UNSEEN_KEPT:
                self._unseen.clear()
            choices = [[c for c in ids if not visible >> c & 1] for ids in self.by_type]
            self._unseen[visible] = choices
        return choices

    def kept_list(
        self, key: tuple[object, ...], make: Callable[[], IndexedActions]
    ) -> IndexedActions:
        """The lazy legal list ``make()`` of ``key``, made once and shared by every state it
        fits (it holds no state, only the seat, token or cards seen its key names)."""
        kept = self._lists.get(key)
        if kept is None:
            if len(self._lists) >= UNSEEN_KEPT:
                self._lists.clear()
            kept = self._lists[key] = make()
        return kept

    def keep_turn_list(self, key: tuple[bool, int, bool, int], kept: TurnActions) -> TurnActions:
        if len(self.turn_lists) >= UNSEEN_KEPT:
            self.turn_lists.clear()
        self.turn_lists[key] = kept
        return kept

    def choices(self, hand: tuple[int, ...]) -> tuple[Choose, ...]:
        """The mysteries a seat holding ``hand`` may choose (§4.3), made once per hand."""
        made = self._choices.get(hand)
        if made is None:
            if len(self._choices) >= UNSEEN_KEPT:
                self._choices.clear()
            names = self.names
            made = tuple(Choose((names[p], names[q], names[r])) for p, q, r in _trios(self, hand))
            self._choices[hand] = made
        return made

    def accusation(self, person: int, place: int, weapon: int) -> Accuse:
        """The accusation of these card ids, made once per game (at most 1,000 trios)."""
        trio = (person, place, weapon)
        made = self._accusations.get(trio)
        if made is None:
            names = self.names
            made = self._accusations[trio] = Accuse((names[person], names[place], names[weapon]))
        return made

    def _mask(self, subject: str) -> int:
        mask = 0
        for i, card in enumerate(self.cards):
            if subject in (card.colour, card.category, tc.TYPES[card.type]):
                mask |= 1 << i
        return mask

    def card_id(self, name: str) -> int:
        if name not in self.ids:
            raise IllegalActionError(f"{name} is not in play with {self.players} players")
        return self.ids[name]

    def first_seat(self) -> int | None:
        return None  # drawn by the deal (``new``)

    def new(self, seed: int) -> ThirteenCluesState:
        rng = make_rng(seed, "deal")
        n = self.players
        piles = [list(ids) for ids in self.by_type]
        hands: list[list[int]] = [[] for _ in range(n)]
        for pile in piles:  # §4.3.1: one of each type to each player
            shuffle(rng, pile)
            for seat in range(n):
                hands[seat].append(pile.pop())
        rest = [card for pile in piles for card in pile]
        shuffle(rng, rest)
        for seat in range(n):  # §4.3.2: two more each from the rest
            hands[seat] += [rest.pop(), rest.pop()]
        start = rng.randrange(n)
        dealt = tuple(tuple(sorted(hand)) for hand in hands)
        # §4.5: with two players a question names a hidden card by side. Which card lies
        # left must not follow from the cards (say, the lower one), or the asker learns it.
        sides = make_rng(seed, "sides")
        swapped = tuple(sides.random() < 0.5 for _ in range(n))
        state = ThirteenCluesState._initial(self, dealt, tuple(rest), start, swapped)
        if self.config.mystery_choice == "random":
            chooser = make_rng(seed, "mystery")
            picks = [_default_choice(self, hand, chooser) for hand in dealt]
            state = state._with_mysteries(picks)
        return state

    def from_deal(
        self,
        hands: Sequence[Sequence[str]],
        informants: Sequence[str],
        start: int = 0,
        chosen: Sequence[Sequence[str]] | None = None,
        sides: Sequence[Sequence[str]] | None = None,
    ) -> ThirteenCluesState:
        """A game from a given deal (for scenarios and tests): ``given_deal.read_deal``
        says what each argument holds."""
        deal = read_deal(self, hands, informants, start, chosen, sides)
        state = ThirteenCluesState._initial(
            self, deal.hands, deal.informants, deal.start, deal.swapped
        )
        return state if deal.picks is None else state._with_mysteries(deal.picks)

    def _parse_action(self, text: str) -> Choose | Ask | Look | Take | Accuse:
        return self.notation.parse(text)


def _default_choice(
    game: ThirteenClues, hand: tuple[int, ...], rng: random.Random
) -> tuple[int, int, int]:
    """The engine's chooser: any trio of the hand alike. Not BGA's hint to avoid one colour:
    uniform picks make every deal consistent with a view equally likely (the deal favours a
    hand by its persons x locations x weapons, the pick divides by the same), so the
    deduction engine's probabilities are exact for games set up this way."""
    trios = _trios(game, hand)
    return trios[rng.randrange(len(trios))]


def _trios(game: ThirteenClues, hand: tuple[int, ...]) -> list[tuple[int, int, int]]:
    by_type = [[c for c in hand if game.cards[c].type == t] for t in range(3)]
    return [(p, loc, w) for p in by_type[0] for loc in by_type[1] for w in by_type[2]]


@dataclass(slots=True, eq=False, repr=False)
class ThirteenCluesState(State):
    """One position of 13 Clues. Never changed after construction, but for the caches of
    what its fields determine (``_seen``, the public log a view catches up)."""

    game: ThirteenClues
    hands: tuple[tuple[int, ...], ...]
    informants: tuple[int, ...]
    start: int
    swapped: tuple[bool, ...]  # by seat: whether its hidden cards lie high card left
    mysteries: tuple[tuple[int, int, int] | None, ...]  # by owner (chosen by owner - 1)
    hidden: tuple[tuple[int, ...] | None, ...]  # by holder: (left, right)
    phase: Phase
    turn: int
    glasses: tuple[int, ...]
    supply: int
    tokens: int  # bit per seat still holding its Top Secret token
    looked: tuple[int, ...]  # bit per informant slot, per seat
    looks: tuple[tuple[int, int], ...] = ()  # (seat, slot), public
    questions: tuple[Question, ...] = ()
    accusations: tuple[Accusation, ...] = ()
    # The questions, accusations and looks as every view shows them: a cache, caught up with
    # the log by the first view of a state (``views``) and copied on to the next state, so a
    # server building every seat's view at every step converts each entry once, and a
    # playout, which builds no views, never.
    public_questions: tuple[QuestionView, ...] = ()
    public_accusations: tuple[AccusationView, ...] = ()
    public_looks: tuple[tuple[int, str], ...] = ()  # ``looks`` as views show them
    turns_done: int = 0
    # What the last step did, as a kind code (``events``): its events are made only when
    # asked (``last_events``), which a playout never does.
    last: tuple[int, ...] = LAST_NOTHING
    _outcome: Outcome | None = None
    # Per seat, the cards it sees (``seen_by``): fixed once the mysteries are chosen, so
    # worked out once and copied on; ``None`` wherever mysteries or hidden cards change.
    _seen: tuple[int, ...] | None = field(default=None, init=False)

    @classmethod
    def _initial(
        cls,
        game: ThirteenClues,
        hands: tuple[tuple[int, ...], ...],
        informants: tuple[int, ...],
        start: int,
        swapped: tuple[bool, ...] | None = None,
    ) -> ThirteenCluesState:
        n = game.players
        # §4.3.6: one glass each, the rest is the supply (no glasses with two players)
        glasses, supply = ((), 0) if game.two_player else ((1,) * n, game.config.glasses - n)
        return cls(
            game,
            hands,
            informants,
            start,
            swapped=swapped or (False,) * n,
            mysteries=(None,) * n,
            hidden=(None,) * n,
            phase=CHOOSE,
            turn=start,
            glasses=glasses,
            supply=supply,
            tokens=(1 << n) - 1 if game.config.top_secret else 0,
            looked=(0,) * n,
        )

    def _with_mysteries(self, picks: Sequence[tuple[int, int, int]]) -> ThirteenCluesState:
        state = self
        for seat, pick in enumerate(picks):
            state = state._choose(seat, pick)
        state.last = LAST_NOTHING
        return state

    def __repr__(self) -> str:
        return (
            f"<ThirteenCluesState phase={self.phase} turn={self.turn} glasses={self.glasses} "
            f"supply={self.supply} questions={len(self.questions)}>"
        )

    # --- what each seat sees ------------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.game.players

    def mystery_mask(self, seat: int) -> int:
        trio = self.mysteries[seat]
        return 0 if trio is None else 1 << trio[0] | 1 << trio[1] | 1 << trio[2]

    def seen_by(self, witness: int, side: str = "") -> int:
        """Cards ``witness`` sees: others' mysteries and its hidden cards (one side with 2p)."""
        if not side:
            seen = self._seen
            if seen is None:
                seen = self._seen = tuple([self._sees(s) for s in range(self.players)])
            return seen[witness]
        return self._sees(witness, side)

    def _sees(self, witness: int, side: str = "") -> int:
        hidden = self.hidden[witness] or ()
        if side:
            hidden = hidden[tc.SIDES.index(side) : tc.SIDES.index(side) + 1]
        mask = 0
        for card in hidden:
            mask |= 1 << card
        for other, trio in enumerate(self.mysteries):
            if other != witness and trio is not None:
                mask |= 1 << trio[0] | 1 << trio[1] | 1 << trio[2]
        return mask

    def answer(self, witness: int, subject: str, side: str = "") -> int:
        return (self.seen_by(witness, side=side) & self.game.masks[subject]).bit_count()

    # --- the protocol -----------------------------------------------------------------------

    def actors(self) -> frozenset[int]:
        if self.phase == CHOOSE:
            return frozenset(s for s in range(self.players) if self.hidden[s] is None)
        if self.phase == OVER:
            return frozenset()
        return frozenset({self.turn})

    def to_move(self) -> int | None:
        phase = self.phase
        if phase == CHOOSE:
            return min(self.actors())
        return None if phase == OVER else self.turn

    def questions_for(self, seat: int) -> IndexedActions:
        """Every question of ``seat`` now: witness, then subject, side, secret."""
        if self.phase != PLAY or seat != self.turn:
            return IndexedActions(Ask, 0, _nothing, _never)
        return question_actions(self, seat)

    def accusation_choices(self, seat: int) -> list[list[int]]:
        """Per type, the cards ``seat`` may name: none it can see (§4.4)."""
        return self.game.unseen(self.seen_by(seat))

    def accusations_for(self, seat: int) -> IndexedActions:
        if self.phase not in (PLAY, FINAL) or seat != self.turn:
            return IndexedActions(Accuse, 0, _nothing, _never)
        return accusation_actions(self, seat)

    def _legal_actions(self, seat: int) -> Sequence[Choose | Ask | Look | Take | Accuse]:
        phase = self.phase
        if phase in (PLAY, FINAL):
            return turn_actions(self, seat) if seat == self.turn else ()  # type: ignore[return-value]
        if seat not in self.actors():
            return ()
        if phase == CHOOSE:
            return self.game.choices(self.hands[seat])
        return [Take(s) for s in range(self.players) if s != seat and self.glasses[s]]

    def _apply(self, seat: int, action: ThirteenCluesAction) -> ThirteenCluesState:
        # The commonest actions first: a playout mostly accuses and asks.
        if isinstance(action, Accuse):
            return self._accuse(seat, action)
        if isinstance(action, Ask):
            return self._ask(seat, action)
        if isinstance(action, Look):
            return self._look(seat, action.slot)
        if isinstance(action, Take):
            return self._take(seat, action.source)
        trio = tuple(self.game.ids[name] for name in action.cards)
        return self._choose(seat, (trio[0], trio[1], trio[2]))

    def _why_illegal(self, seat: int, action: ThirteenCluesAction) -> str | None:
        return why_illegal(self, seat, action)

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    def last_events(self) -> tuple[Event, ...]:
        return step_events(self)

    def last_result(self) -> str:
        # A Top Secret answer stays between the two: the record shows only the asking.
        return notations(public(step_events(self)))

    def private_result(self) -> str:
        # Every private event's notation is empty (events.py): records keep their format.
        return notations(e for e in step_events(self) if e.seen_by() is not None and e.notation())

    def public_action(self, seat: int, action: ThirteenCluesAction) -> str:
        # A chosen mystery is never shown to its owner nor to a spectator; a Top Secret
        # question's subject only to its asker and witness (views.py).
        if isinstance(action, Choose):
            return "choose ?"
        if isinstance(action, Ask) and action.secret:
            side = f" {action.side}" if action.side else ""
            return f"ask {action.witness} ?{side} secret"
        return str(action)

    def reveal(self) -> Mapping[str, JSONValue]:
        """The deal: hands, informants and start player (the mysteries are chosen in play),
        and each seat's hidden cards as they lie, left then right, once chosen."""
        names = [c.name for c in self.game.cards]
        deal: dict[str, JSONValue] = {
            "hands": [[names[c] for c in hand] for hand in self.hands],
            "informants": [names[c] for c in self.informants],
            "start": self.start,
            "hidden": [None if h is None else [names[c] for c in h] for h in self.hidden],
        }
        if self.game.config.mystery_choice == "random":
            deal["mysteries"] = [[names[c] for c in m or ()] for m in self.mysteries]
        return deal

    def view(self, seat: int | None) -> ThirteenCluesView:
        return build_view(self, seat)

    def hidden_twin(self, seat: int | None, rng: random.Random) -> ThirteenCluesState | None:
        return hidden_twin(self, seat, rng)

    # --- setup --------------------------------------------------------------------------------

    def _choose(self, seat: int, trio: tuple[int, int, int]) -> ThirteenCluesState:
        state = self._copy()
        owner = (seat + 1) % self.players
        mysteries, hidden = list(self.mysteries), list(self.hidden)
        mysteries[owner] = trio
        kept = [c for c in self.hands[seat] if c not in trio]
        hidden[seat] = tuple(reversed(kept) if self.swapped[seat] else kept)
        state.mysteries, state.hidden, state._seen = tuple(mysteries), tuple(hidden), None
        started = all(h is not None for h in hidden)
        state.last = (CHOSE, seat, int(started))
        if started:
            state._begin_turn(self.start)
        return state

    # --- turns and glasses --------------------------------------------------------------------

    def _begin_turn(self, seat: int) -> None:
        game = self.game
        self.turn = seat
        if game.final_after and self.turns_done >= game.final_after:
            self.phase = FINAL
        elif game.two_player or self.glasses[seat]:
            self.phase = PLAY
        elif self.supply:  # §4.4.1: a glass from the supply ...
            self.supply -= 1
            self.glasses = _plus(self.glasses, seat, 1)
            self.phase = PLAY
        else:  # ... or from a player of one's choice (D3: one holding a glass)
            self.phase = TAKE

    def _spent(self, seat: int) -> None:
        """After one action: the turn ends with the last glass (2 players: after each)."""
        if self.game.two_player or not self.glasses[seat]:
            self.turns_done += 1
            self._begin_turn((seat + 1) % self.game.players)

    def _pass_glass(self, glasses: list[int], seat: int) -> None:
        """Informant and accusation glass: to the nearest seat clockwise holding none, not
        the actor himself (D2), else to the supply."""
        glasses[seat] -= 1
        players = len(glasses)
        for step in range(1, players):
            other = (seat + step) % players
            if not glasses[other]:
                glasses[other] = 1
                return
        self.supply += 1

    def _take(self, seat: int, source: int) -> ThirteenCluesState:
        state = self._copy()
        state.glasses = _plus(_plus(self.glasses, source, -1), seat, 1)
        state.phase, state.last = PLAY, (TOOK, seat, source)
        return state

    # --- actions --------------------------------------------------------------------------------

    def _ask(self, seat: int, action: Ask) -> ThirteenCluesState:
        game = self.game
        witness = action.witness
        answer = self.answer(witness, action.subject, action.side)
        state = self._copy()
        asked = Question(seat, witness, action.subject, action.side, action.secret, answer)
        # A log grows by concatenation: (*log, entry) would copy it twice, and playouts are long.
        state.questions = self.questions + (asked,)  # noqa: RUF005
        state.last = LAST_ASKED
        if action.secret:
            state.tokens &= ~(1 << seat)
        if not game.two_player:
            glasses = list(self.glasses)
            glasses[seat] -= 1
            if action.secret and game.config.top_secret_glass == "discard":
                state.supply += 1
            else:
                glasses[witness] += 1
            state.glasses = tuple(glasses)
        state._spent(seat)
        return state

    def _look(self, seat: int, slot: str) -> ThirteenCluesState:
        index = SLOT_LETTERS.find(slot)
        state = self._copy()
        state.looked = tuple(m | 1 << index if s == seat else m for s, m in enumerate(self.looked))
        state.looks = self.looks + ((seat, index),)  # noqa: RUF005  # as in _ask
        state.last = LAST_LOOKED
        if not self.game.two_player:
            glasses = list(self.glasses)
            state._pass_glass(glasses, seat)
            state.glasses = tuple(glasses)
        state._spent(seat)
        return state

    def _accuse(self, seat: int, action: Accuse) -> ThirteenCluesState:
        ids, cards = self.game.ids, action.cards
        trio = (ids[cards[0]], ids[cards[1]], ids[cards[2]])
        correct = self.mysteries[seat] == trio
        state = self._copy()
        state.accusations = self.accusations + (Accusation(seat, trio, correct),)  # noqa: RUF005
        state.last = LAST_ACCUSED
        if not self.game.two_player and self.phase == PLAY:
            glasses = list(self.glasses)
            state._pass_glass(glasses, seat)  # D9: passed before the result counts
            if not correct:  # the turn ends; leftovers to the supply
                state.supply += glasses[seat]
                glasses[seat] = 0
            state.glasses = tuple(glasses)
        if correct:
            scores = tuple(1 if s == seat else 0 for s in range(self.players))
            state.phase, state._outcome = OVER, Outcome(scores, (seat,), ThirteenCluesEnd.SOLVED)
            return state
        state.turns_done += 1
        state._begin_turn((seat + 1) % self.game.players)
        return state


def _plus(values: tuple[int, ...], index: int, delta: int) -> tuple[int, ...]:
    return (*values[:index], values[index] + delta, *values[index + 1 :])


def _nothing(index: int) -> Ask:
    raise IndexError(index)


def _never(action: object) -> bool:
    return False
