"""What Alibi's moves do (REFERENCE.md §3): a card played, drawn or given, a turn's end, a
conviction and the new round it deals. Each works on a fresh copy of a state
(``AlibiState._advance`` makes it) and writes the step's raw events into ``notes``."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from sleuth.core import Outcome, make_rng
from sleuth.core.protocol import Termination
from sleuth.core.rng import shuffle
from sleuth.i18n import N_

from . import components as ac
from .components import Phase
from .events import (
    AlibiGiven,
    Bribed,
    Completed,
    Convicted,
    DiscardReshuffled,
    Drew,
    GoodEyePlayed,
    KeptHand,
    NewRound,
    Passed,
    Played,
    Revealed,
    Stopped,
)
from .legal import HANDS, hand_of
from .notation import AlibiAction, Bribe, Convict, GoodEye, Pass, PlayAlibi, PlayClue
from .raw_events import RawEvent

if TYPE_CHECKING:
    from .rules import AlibiState

MAIN, EXTRA, CONVICT, SWAP, OVER = Phase.MAIN, Phase.EXTRA, Phase.CONVICT, Phase.SWAP, Phase.OVER


class AlibiEnd(Termination):
    CONVICTIONS = N_("convictions: every suspect but three convicted")


class Conviction(NamedTuple):
    """One conviction, all of it public: ``how`` is clues, alibis (C9) or stall."""

    number: int
    suspect: str
    how: str
    convicter: int | None
    points: tuple[int, ...]
    evidence: tuple[str, ...]


def do(state: AlibiState, seat: int, action: AlibiAction, notes: list[RawEvent]) -> None:
    """The effect of an action other than a swap or an exchange (``_apply``)."""
    if type(action) is Pass:
        # Declining the swap ends the turn; otherwise the main action ends here.
        if state.phase is SWAP:
            notes.append((KeptHand, seat))
            end_turn(state, notes)
        else:
            notes.append((Stopped if state.phase is EXTRA else Passed, seat))
            finish_main(state, notes)
    elif isinstance(action, Convict) and state.phase != CONVICT:
        # C3 claim: the player to act claims a completed suspect, and the bonus.
        how = dict(state.completed())[action.suspect]
        phase = state.phase
        convict(state, action.suspect, how, seat, notes)
        if phase == EXTRA:
            after_conviction(state, notes)  # as a conviction the plays made ends them
    elif isinstance(action, Convict):
        # Only clues can complete two suspects at once: three alibis leave just one.
        convict(state, action.suspect, "clues", seat, notes)
        after_conviction(state, notes)
    else:
        play(state, seat, action, notes)


def play(state: AlibiState, seat: int, action: AlibiAction, notes: list[RawEvent]) -> None:
    extra_before = state.extra if state.phase is EXTRA else 0
    if isinstance(action, GoodEye):
        discard_from_hand(state, seat, ac.GOOD_EYE)
        grant = 2 if state.phase == MAIN or state.game.config.good_eye_chain else 0
        # C7: the Gutes Auge replaces one extra play and grants two more.
        state.extra = max(extra_before - 1, 0) + grant
        state.phase = EXTRA
        notes.append((GoodEyePlayed, seat, state.extra))
    else:
        if isinstance(action, PlayClue):
            take(state, seat, action.value)
            fronts = list(state.fronts)
            fronts[seat] = (*fronts[seat], action.value)
            state.fronts = tuple(fronts)
            notes.append((Played, seat, action.value))
        elif isinstance(action, PlayAlibi):
            take(state, seat, ac.ALIBI)
            state.alibis = (*state.alibis, (action.suspect, seat))
            notes.append((AlibiGiven, seat, action.suspect))
        elif isinstance(action, Bribe):
            discard_from_hand(state, seat, ac.BRIBE)
            fronts = list(state.fronts)
            front = list(fronts[action.target])
            # The latest such clue goes: identical cards are indistinguishable anyway.
            del front[len(front) - 1 - front[::-1].index(action.value)]
            fronts[action.target] = tuple(front)
            state.fronts = tuple(fronts)
            state.discard = (*state.discard, action.value)
            notes.append((Bribed, seat, action.target, action.value))
        state.extra = extra_before - 1 if extra_before > 0 else 0
        # C3: conviction is detected at once after each card laid (§3.5), unless claimed.
        done = state.completed() if state.game.config.conviction == "auto" else ()
        if len(done) == 1:
            convict(state, done[0][0], done[0][1], seat, notes)
            after_conviction(state, notes)
            return
        if len(done) > 1:
            # C4: the active player chooses which completed suspect is convicted.
            state.phase, state.candidates, state.extra = CONVICT, tuple(s for s, _ in done), 0
            notes.append((Completed, state.candidates))
            return
    # Not whether the hand still holds a playable card: that is hidden, so the extra
    # plays stay open (``pass`` ends them) while the hand holds any card.
    if state.extra > 0 and state.hands[seat]:
        state.phase = EXTRA
    else:
        finish_main(state, notes)


def take(state: AlibiState, seat: int, card: str) -> None:
    set_hand(state, seat, hand_of(state.hands[seat]).without((card,)).cards)


def set_hand(state: AlibiState, seat: int, hand: tuple[str, ...]) -> None:
    hands = list(state.hands)
    hands[seat] = hand
    state.hands = tuple(hands)


def discard_from_hand(state: AlibiState, seat: int, card: str) -> None:
    take(state, seat, card)
    state.discard = (*state.discard, card)


def draw(
    state: AlibiState, seat: int, count: int, notes: list[RawEvent], gone: tuple[str, ...] = ()
) -> None:
    """``seat`` discards ``gone`` (an exchange, a swap), then draws ``count`` cards, or
    what the piles hold."""
    if gone:
        state.discard += gone
    # Cards come off the top, the pile's end; the order they are drawn in is lost in
    # the sorted hand.
    pile = state.pile
    cut = len(pile) - count
    if cut >= 0:
        drawn, state.pile = pile[cut:], pile[:cut]
    else:
        drawn = draw_all(state, seat, count, notes)
    held = state.hands[seat]
    hand = (HANDS.get(held) or hand_of(held)).replaced(gone, drawn)
    hands = list(state.hands)
    hands[seat] = hand.cards
    state.hands = tuple(hands)
    notes.append((Drew, seat, drawn))


def draw_all(state: AlibiState, seat: int, count: int, notes: list[RawEvent]) -> tuple[str, ...]:
    """The draw pile, and what is missing of ``count`` from the discard pile shuffled."""
    drawn = state.pile
    state.pile = ()
    if state.discard:
        # C11: the discard pile is shuffled into a new draw pile.
        state.refills += 1
        shuffled = list(ac.sort_cards(state.discard))
        shuffle(make_rng(state.seed, "refill", state.refills), shuffled)
        pile = tuple(shuffled)
        state.discard = ()
        notes.append((DiscardReshuffled, len(pile), seat))
        cut = max(len(pile) - (count - len(drawn)), 0)
        drawn += pile[cut:]
        state.pile = pile[:cut]
    return drawn


def finish_main(state: AlibiState, notes: list[RawEvent]) -> None:
    """End of the main action: refill to a full hand, then the optional swap."""
    seat = state.active
    state.extra, state.candidates = 0, ()
    hand = state.hands[seat]
    if len(hand) < ac.HAND_SIZE:
        draw(state, seat, ac.HAND_SIZE - len(hand), notes)
    if state.hands[seat]:
        state.phase = SWAP
    else:
        end_turn(state, notes)


def after_conviction(state: AlibiState, notes: list[RawEvent]) -> None:
    if state.phase != OVER:
        finish_main(state, notes)


def end_turn(state: AlibiState, notes: list[RawEvent]) -> None:
    state.round_turns += 1
    limit = state.game.round_limit
    if limit and state.round_turns >= limit:
        stall(state, notes)
        if state.phase == OVER:
            return
    state.active = (state.active + 1) % state.game.players  # C12: turn order continues
    state.phase, state.extra, state.candidates = MAIN, 0, ()


def stall(state: AlibiState, notes: list[RawEvent]) -> None:
    """The stall resolution [D]: the most covered unalibied suspect, no bonus."""
    alibied = state.alibied()
    free = [s for s in state.display if s not in alibied]
    suspect = max(free, key=lambda s: (len(state.coverage(s)), -state.display.index(s)))
    convict(state, suspect, "stall", None, notes)


def convict(
    state: AlibiState, suspect: str, how: str, convicter: int | None, notes: list[RawEvent]
) -> None:
    values = state.game.suspect_values[suspect]
    points = [sum(1 for v in front if v in values) for front in state.fronts]
    if convicter is not None:
        points[convicter] += 1  # the bonus point of the convicting player
    number = len(state.convictions) + 1
    state.convictions = (
        *state.convictions,
        Conviction(number, suspect, how, convicter, tuple(points), state.coverage(suspect)),
    )
    state.scores = tuple(s + p for s, p in zip(state.scores, points, strict=True))
    notes.append((Convicted, number, suspect, how, convicter, tuple(points)))
    display = list(state.display)
    if state.suspect_pile:
        new = state.suspect_pile[0]
        display[display.index(suspect)] = new
        state.suspect_pile = state.suspect_pile[1:]
        notes.append((Revealed, new))
    else:
        display.remove(suspect)
    state.display = tuple(display)
    state.candidates, state.extra, state.round_turns = (), 0, 0
    if number >= state.game.total_convictions:
        top = max(state.scores)
        winners = tuple(s for s, score in enumerate(state.scores) if score == top)
        state.phase = OVER
        state.outcome = Outcome(state.scores, winners, AlibiEnd.CONVICTIONS)
        return
    # §3.4 New round: every card on the table, the discard and the draw pile are shuffled.
    cards = [*state.pile, *state.discard, *(v for f in state.fronts for v in f)]
    cards += [ac.ALIBI] * len(state.alibis)
    pile = list(ac.sort_cards(cards))
    make_rng(state.seed, "reshuffle", number).shuffle(pile)
    state.pile, state.discard = tuple(pile), ()
    state.fronts, state.alibis = ((),) * state.players, ()
    notes.append((NewRound, len(pile)))
