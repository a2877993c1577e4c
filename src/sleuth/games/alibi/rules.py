"""Alibi's rules (REFERENCE.md §3): the game, its deal and its states; what each move does
(special cards, convictions, scoring) is ``effects``'s."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from sleuth.core import Action, ConfigError, Game, Outcome, State, make_rng
from sleuth.core.events import Event
from sleuth.core.protocol import copier
from sleuth.core.rng import shuffle
from sleuth.core.said import said
from sleuth.core.serialize import JSONValue

from . import bounds as ab
from . import components as ac
from .components import Phase
from .effects import AlibiEnd, Conviction, do, draw, end_turn, finish_main
from .events import Exchanged, Swapped
from .legal import HAND_ACTIONS, HandActions, Shown, TableActions, actions_of
from .notation import ACTION_TYPES, AlibiAction, Convict, Exchange, Swap, parse_action
from .raw_events import RawEvent, make_events, private_notations, public_notations
from .refusals import why_illegal
from .views import AlibiView, build_view, hidden_twin

__all__ = ["Alibi", "AlibiEnd", "AlibiState", "Conviction"]

MAIN, EXTRA, CONVICT, SWAP, OVER = Phase.MAIN, Phase.EXTRA, Phase.CONVICT, Phase.SWAP, Phase.OVER


class Alibi(Game[ac.AlibiConfig]):
    name = "alibi"
    aliases = ("alibi-adlung",)
    title = "Alibi"
    min_players = 2
    max_players = 5
    rules_version = "alibi-1"
    config_type = ac.AlibiConfig
    action_types = ACTION_TYPES
    view_type = AlibiView
    termination_type = AlibiEnd

    def __init__(self, config: ac.AlibiConfig) -> None:
        super().__init__(config)
        parsed = ac.parse_suspects(config.suspects, config.threshold)
        self.suspect_ids = tuple(s for s, _ in parsed)
        self.suspect_values: dict[str, frozenset[str]] = dict(parsed)
        self.suspect_set = frozenset(self.suspect_ids)
        self.clue_deck = ac.parse_clues(config.clues)
        self.deck = ac.sort_cards(
            [
                *self.clue_deck,
                *[ac.ALIBI] * config.alibis,
                *[ac.BRIBE] * config.bribes,
                *[ac.GOOD_EYE] * config.good_eyes,
            ]
        )
        # 12 suspects, 4 on display: after the 9th conviction none can be added (§3.4 End).
        self.total_convictions = len(self.suspect_ids) - ac.DISPLAY + 1
        # Each suspect's values in clue order, and the deck's count of each clue value:
        # every view and every coverage test reads them.
        self.ordered_values = {
            s: tuple(v for v in ac.VALUES if v in values) for s, values in parsed
        }
        self.clue_counts = tuple(self.clue_deck.count(v) for v in ac.VALUES)
        self.made = TableActions(config, self.suspect_values)
        self.claiming = config.conviction == "claim"
        self.round_limit = config.round_limit

    def first_seat(self) -> int | None:
        return None  # drawn by the deal (``new``)

    def new(self, seed: int) -> AlibiState:
        rng = make_rng(seed, "deal")
        suspects = list(self.suspect_ids)
        shuffle(rng, suspects)
        cards = list(self.deck)
        shuffle(rng, cards)
        hands = []
        for _ in range(self.players):
            hands.append(ac.sort_cards(cards[-ac.HAND_SIZE :]))
            del cards[-ac.HAND_SIZE :]
        start = rng.randrange(self.players)  # §3.3: the start player is random [D]
        return AlibiState._initial(self, seed, suspects, tuple(hands), tuple(cards), start)

    def from_deal(
        self,
        display: Sequence[str],
        suspect_pile: Sequence[str],
        hands: Sequence[Sequence[str]],
        pile: Sequence[str],
        start: int = 0,
        seed: int = 0,
    ) -> AlibiState:
        """A game from a given deal; ``pile[-1]`` is drawn first, ``suspect_pile[0]`` shown first.

        The deck need not be whole (scenarios may leave cards out); ``seed`` drives reshuffles.
        """
        suspects = [*display, *suspect_pile]
        if len(display) != ac.DISPLAY or sorted(suspects) != sorted(self.suspect_ids):
            raise ConfigError(
                said(
                    "display: %(display)s suspects, and with the pile all of them once",
                    display=ac.DISPLAY,
                )
            )
        if len(hands) != self.players:
            raise ConfigError(
                said(
                    "hands: %(players)s hands needed, got %(count)s",
                    players=self.players,
                    count=len(hands),
                )
            )
        for i, hand in enumerate(hands):
            if len(hand) > ac.HAND_SIZE or any(c not in ac.CARD_ORDER for c in hand):
                raise ConfigError(
                    said(
                        "hands[%(index)s]: at most %(most)s known cards",
                        index=i,
                        most=ac.HAND_SIZE,
                    )
                )
        if any(c not in ac.CARD_ORDER for c in pile):
            raise ConfigError(said("pile: unknown card"))
        if not 0 <= start < self.players:
            raise ConfigError(said("start: %(start)s is not a seat", start=start))
        return AlibiState._initial(
            self, seed, suspects, tuple(ac.sort_cards(list(h)) for h in hands), tuple(pile), start
        )

    def _parse_action(self, text: str) -> AlibiAction:
        return parse_action(text, self.suspect_set)


@dataclass(slots=True, eq=False, repr=False)
class AlibiState(State):
    """One position of Alibi. Never mutated after construction but for ``known`` and
    ``unfolded``, filled in once by whichever caller first asks for the bounds: every fold
    writes the same values, ``known`` before ``unfolded`` is cleared (``bounds.fold_waiting``)."""

    game: Alibi
    seed: int
    display: tuple[str, ...]
    suspect_pile: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    pile: tuple[str, ...]
    active: int
    # The deal as dealt, for reveal(): records compare it with a fresh deal of the seed.
    deal: tuple[tuple[str, ...], tuple[tuple[str, ...], ...], tuple[str, ...], int]
    fronts: tuple[tuple[str, ...], ...]
    scores: tuple[int, ...]
    discard: tuple[str, ...] = ()
    alibis: tuple[tuple[str, int], ...] = ()
    convictions: tuple[Conviction, ...] = ()
    phase: Phase = Phase.MAIN
    extra: int = 0
    candidates: tuple[str, ...] = ()
    round_turns: int = 0
    refills: int = 0
    # The events of the step that led here (None at the start) in their raw form
    # (``raw_events``), never changed once made (the list the step wrote, kept as it is: a
    # tuple of it would cost a copy per step): made into events only when asked for, which a
    # playout never does.
    notes: Sequence[RawEvent] | None = None
    counts_hidden: bool = False  # the public events must leave the exchange's counts out
    # What each seat can prove about the hidden places (``bounds``): a fixed-size table.
    # A sampled state (``sampler``) shows its seat's but follows none: searches sample
    # only from the real position, and following them would cost every step of a search.
    # Folded only when asked (a view, a pickle): a playout that builds no view never folds
    # (folding cost about as much as the rest of its step). Until then ``known`` is None and
    # ``unfolded`` the state before, whose bounds this step's notes fold into.
    known: ab.Bounds | None = ()
    unfolded: AlibiState | None = None
    tracked: bool = True
    # A field, not State's property: a playout asks at every step, and a slot is no call.
    outcome: Outcome | None = None

    @classmethod
    def _initial(
        cls,
        game: Alibi,
        seed: int,
        suspects: list[str],
        hands: tuple[tuple[str, ...], ...],
        pile: tuple[str, ...],
        start: int,
    ) -> AlibiState:
        return cls(
            game,
            seed,
            display=tuple(suspects[: ac.DISPLAY]),
            suspect_pile=tuple(suspects[ac.DISPLAY :]),
            hands=hands,
            pile=pile,
            active=start,
            deal=(tuple(suspects), hands, pile, start),
            fronts=((),) * game.players,
            scores=(0,) * game.players,
            known=ab.initial(game, hands),
        )

    def __repr__(self) -> str:
        return (
            f"<AlibiState phase={self.phase} active={self.active} "
            f"convictions={len(self.convictions)} scores={self.scores}>"
        )

    # --- what is on the table ---------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.game.players

    def alibied(self) -> frozenset[str]:
        return frozenset(s for s, _ in self.alibis)

    def table_values(self) -> frozenset[str]:
        """The distinct clue values lying in front of all players together (C2)."""
        return frozenset(self._table())

    def _table(self) -> set[str]:
        return set().union(*self.fronts)

    def coverage(self, suspect: str) -> tuple[str, ...]:
        table = self.table_values()
        return tuple(v for v in self.game.ordered_values[suspect] if v in table)

    def completed(self) -> tuple[tuple[str, str], ...]:
        """Displayed suspects convicted now, with how: three alibis (C9) or the clues (C1)."""
        free: Sequence[str] = self.display
        if self.alibis:
            alibied = [s for s, _ in self.alibis]
            free = [s for s in free if s not in alibied]
            if len(free) == 1:
                return ((free[0], "alibis"),)
        # Checked after every card laid: a loop, and the values as sets, not coverage().
        table = self._table()
        threshold = self.game.config.threshold
        values = self.game.suspect_values
        done: list[tuple[str, str]] = []
        for s in free:
            if len(table.intersection(values[s])) >= threshold:
                done.append((s, "clues"))
        return tuple(done)

    def fits(self, value: str) -> bool:
        """Whether a clue fits at least one displayed suspect, alibied or not (C6)."""
        values = self.game.suspect_values
        return any(value in values[s] for s in self.display)

    def playable(self, value: str) -> bool:
        """A clue may be played if it fits (C5), or always with ``clues_must_fit=no``."""
        return not self.game.config.clues_must_fit or self.fits(value)

    def claims(self) -> list[Convict]:
        """With ``conviction=claim``: the completed suspects the player to act may claim."""
        if self.game.config.conviction != "claim" or self.phase not in (MAIN, EXTRA, SWAP):
            return []
        return [Convict(suspect) for suspect, _ in self.completed()]

    # --- the protocol -------------------------------------------------------------------------

    def actors(self) -> frozenset[int]:
        return frozenset() if self.phase is OVER else frozenset({self.active})

    def to_move(self) -> int | None:
        return None if self.phase is OVER else self.active

    def _legal_actions(self, seat: int) -> Sequence[Action]:
        phase = self.phase
        if phase is OVER or seat != self.active:
            return []
        if phase is CONVICT:
            return [Convict(s) for s in self.candidates]
        game = self.game
        cards = self.hands[seat]
        # The made lists asked straight (``actions_of`` makes them): this runs every step.
        hand = HAND_ACTIONS.get(cards) or actions_of(cards)
        claims = self.claims() if game.claiming else ()
        if phase is SWAP:
            return [*claims, *hand.swaps] if claims else hand.swaps
        made = game.made
        shown = made.displays.get(self.display) or made.shown(self.display)
        fit = hand.clue_bits & shown.fit_bits  # the hand's clues that may be played (C5, C6)
        fitted = hand.fitted.get(fit) or hand.fit(fit)
        if claims or hand.targeted:
            actions: list[AlibiAction] = [*claims, *fitted.plays]
            self._add_targeted_plays(seat, hand, shown, actions)
            actions += hand.closing(phase is MAIN)
            return actions
        return fitted.main if phase is MAIN else fitted.extra

    def _add_targeted_plays(
        self, seat: int, hand: HandActions, shown: Shown, actions: list[AlibiAction]
    ) -> None:
        """The Alibi and Bestechung plays of ``seat``'s hand: a suspect's, a seat's clue."""
        made = self.game.made
        if hand.alibi:
            if self.alibis:
                alibied = [s for s, _ in self.alibis]
                actions += [made.alibi_play[s] for s in self.display if s not in alibied]
            else:
                actions += shown.alibi_plays
        if hand.bribe:
            for target, front in enumerate(self.fronts):
                if front and target != seat:
                    actions += made.bribes(target, front)

    @property
    def bounds(self) -> ab.Bounds:
        known = self.known
        return ab.fold_waiting(self) if known is None else known

    @bounds.setter
    def bounds(self, bounds: ab.Bounds) -> None:
        self.known, self.unfolded = bounds, None

    def settle(self) -> None:
        # The bounds folded: the states they wait on are let go.
        if self.known is None:
            ab.fold_waiting(self)

    def __getstate__(self) -> object:
        # Folded first: the states a step's bounds wait on are not part of this one.
        self.settle()
        return State.__getstate__(self)

    def _apply(self, seat: int, action: AlibiAction) -> AlibiState:
        state = self._advance(seat, action)
        if self.tracked:
            state.known, state.unfolded = None, self
        return state

    def _advance(self, seat: int, action: AlibiAction) -> AlibiState:
        """The next state, its ``bounds`` left empty (``_apply`` has them folded when asked):
        ``public_action`` asks only whether the step reshuffled."""
        state = _copy_state(self)
        state.known, state.unfolded = (), None
        notes: list[RawEvent] = []
        # The commonest first, here rather than in ``effects.do``: most of a random game is swaps
        # and exchanges. Whether their discards were shuffled away unseen is known only
        # after the draw: their own event goes first then.
        if type(action) is Swap:
            draw(state, seat, 1, notes, (action.card,))
            end_turn(state, notes)
            notes.insert(0, (Swapped, seat, action.card, state._reshuffled_since(self)))
            state.counts_hidden = False
        elif type(action) is Exchange:
            draw(state, seat, len(action.cards), notes, action.cards)
            if len(state.hands[seat]) == ac.HAND_SIZE:
                # ``finish_main`` with nothing to draw: the main phase has no extra plays
                # nor candidates to clear.
                state.phase = SWAP
            else:
                finish_main(state, notes)
            # The exchanged cards went back into the pile unseen: so does their number.
            state.counts_hidden = unseen = state._reshuffled_since(self)
            notes.insert(0, (Exchanged, seat, action.cards, unseen))
        else:
            do(state, seat, action, notes)
            state.counts_hidden = False
        state.notes = notes
        return state

    def _reshuffled_since(self, before: AlibiState) -> bool:
        return self.refills != before.refills or len(self.convictions) != len(before.convictions)

    def last_events(self) -> tuple[Event, ...]:
        return () if self.notes is None else make_events(self.notes, self.counts_hidden)

    def last_result(self) -> str:
        return "" if self.notes is None else public_notations(self.last_events())

    def public_action(self, seat: int, action: AlibiAction) -> str:
        # Discarded cards lie face up, but when the same step shuffles the discard pile into
        # the draw pile (C11, or a new round after a stall) no view ever shows them.
        if isinstance(action, Swap | Exchange) and self._advance(seat, action)._reshuffled_since(
            self
        ):
            return f"{action.kind} ?"
        return str(action)

    def private_result(self) -> str:
        return private_notations(self.last_events()) if self.counts_hidden else ""

    def reveal(self) -> Mapping[str, JSONValue]:
        suspects, hands, pile, start = self.deal
        return {
            "suspects": list(suspects),
            "hands": [list(h) for h in hands],
            "pile": list(pile),
            "start": start,
        }

    def view(self, seat: int | None) -> AlibiView:
        return build_view(self, seat)

    def hidden_twin(self, seat: int | None, rng: random.Random) -> AlibiState | None:
        return hidden_twin(self, seat, rng)

    # --- validation -------------------------------------------------------------------------------

    def _why_illegal(self, seat: int, action: AlibiAction) -> str | None:
        return why_illegal(self, seat, action)


_copy_state = copier(AlibiState)  # a step's copy without _copy's own call
