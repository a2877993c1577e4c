"""A full 13 Clues state consistent with one seat's view: the hidden facts filled in.

Search bots (``ismcts``) sample such states to look ahead without reading the true state.
Everything public is copied from the view field by field: phase, turn, glasses, supply,
Top Secret tokens, who looked up which informant, every question with the answer the seat
saw, every accusation. The hidden facts are the seat's own mystery, the other seats' hidden
cards and the informant cards the seat did not look up; after setup they come from a deal
the caller draws, e.g. uniformly from the deduction engine
(``ThirteenCluesAnalysis.sample``). The hands dealt follow from them: a seat's hand is its
hidden cards plus the mystery it chose for the next seat.

What the engine does not model is drawn here, uniformly:
- during setup (no mystery chosen yet, nothing to deduce) the other hands and informants
  are a random split of the unseen cards, each hand holding every type; a seat that has
  chosen gets a random trio of its hand as its pick;
- the subject of a Top Secret question the seat neither asked nor answered (its answer is
  then computed from the filled-in deal);

The game is the view's own (its config: options and deck). The engine leaves out questions
about a type (an option): a drawn deal may disagree with their answers, which are copied as seen.
The engine weighs every consistent deal alike. That is exact when the engine picks the
mysteries (``mystery_choice=random``): a hand's chance under the deal (one card of each
type, then two from the rest) grows with the number of its persons x locations x weapons,
and the random pick divides by that same number. When players choose, uniform is the
assumption, since nothing says how people choose.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from .notation import SLOT_LETTERS
from .rules import Accusation, Question, ThirteenClues, ThirteenCluesState
from .views import QuestionView, ThirteenCluesView

Deal = Mapping[str, object]


def determinize(
    view: ThirteenCluesView, deal: Deal | None, rng: random.Random
) -> ThirteenCluesState:
    """A state whose ``view(view.seat)`` equals ``view``.

    ``deal`` gives the hidden facts after setup, as ``ThirteenCluesAnalysis.sample`` draws
    them; it is ignored during setup (drawn here) and once the game is over (all is shown).
    """
    if view.seat is None:
        raise ValueError("a spectator's view has no seat to determinize for")
    game = ThirteenClues.of(view.config)
    n, ids = view.players, game.ids

    def card_ids(names: Sequence[str]) -> tuple[int, ...]:
        return tuple(ids[name] for name in names)

    if view.phase == "choose":
        # Which hidden card will lie left is not drawn yet for seats still to choose.
        swapped = tuple(rng.random() < 0.5 for _ in range(n))
        hands, informants, mysteries, hidden = _fill_setup(game, view, swapped, rng)
    else:
        if view.outcome is not None:  # everything is shown at the end
            shown_mysteries = [card_ids(s.mystery or ()) for s in view.seats]
            shown_hidden = [card_ids(s.hidden or ()) for s in view.seats]
            slots = [ids[i.card or ""] for i in view.informants]
        else:
            if deal is None:
                raise ValueError("a deal is needed to fill in a game after setup")
            shown_mysteries, shown_hidden, slots = _from_deal(game, view, deal)
        mysteries = tuple((m[0], m[1], m[2]) for m in shown_mysteries)
        hidden = tuple(shown_hidden)
        swapped = (False,) * n  # used only while choosing
        informants = tuple(slots)
        # Seat s chose the mystery of seat s + 1 from its five cards.
        hands = tuple(
            tuple(sorted(shown_hidden[s] + shown_mysteries[(s + 1) % n])) for s in range(n)
        )
    if view.turn is not None:
        turn = view.turn
    elif view.phase == "choose":
        turn = rng.randrange(n)  # the start player is not shown before play
    else:  # over: the winner's turn
        turn = next(a.seat for a in view.accusations if a.correct)
    looked = [0] * n
    looks: list[tuple[int, int]] = []
    for s, letter in view.looks:
        index = SLOT_LETTERS.index(letter)
        looked[s] |= 1 << index
        looks.append((s, index))
    state = ThirteenCluesState(
        game,
        hands,
        informants,
        start=turn if view.phase == "choose" else (turn - view.turns_done) % n,
        swapped=swapped,
        mysteries=mysteries,
        hidden=hidden,
        phase=view.phase,
        turn=turn,
        glasses=() if n == 2 else tuple(s.glasses for s in view.seats),
        supply=view.supply,
        tokens=sum(1 << s.seat for s in view.seats if s.top_secret),
        looked=tuple(looked),
        looks=tuple(looks),
        public_looks=view.looks,
        accusations=tuple(
            Accusation(a.seat, (ids[a.cards[0]], ids[a.cards[1]], ids[a.cards[2]]), a.correct)
            for a in view.accusations
        ),
        public_accusations=view.accusations,
        turns_done=view.turns_done,
        _outcome=view.outcome,
    )
    # The answers another seat's Top Secret question got follow from the drawn deal.
    state.questions, state.public_questions = _questions(state, view, rng)
    return state


def _questions(
    state: ThirteenCluesState, view: ThirteenCluesView, rng: random.Random
) -> tuple[tuple[Question, ...], tuple[QuestionView, ...]]:
    game = state.game
    questions: list[Question] = []
    public: list[QuestionView] = []
    for q in view.questions:
        subject = q.subject
        if subject is None:  # Top Secret between two other seats
            subject = game.subjects[rng.randrange(len(game.subjects))]
        answer = q.answer
        if answer is None:
            answer = state.answer(q.witness, subject, q.side) if view.phase != "choose" else 0
        questions.append(Question(q.asker, q.witness, subject, q.side, q.secret, answer))
        public.append(
            QuestionView(
                q.asker,
                q.witness,
                q.secret,
                None if q.secret else subject,
                q.side,
                None if q.secret else answer,
            )
        )
    return tuple(questions), tuple(public)


def sample_state(view: ThirteenCluesView, rng: random.Random) -> ThirteenCluesState:
    """A state consistent with ``view``, its hidden deal drawn uniformly by the engine (in
    setup, before any mystery is chosen, by the deal itself)."""
    if view.phase == "choose" or view.outcome is not None:
        return determinize(view, None, rng)
    from .knowledge import ThirteenCluesAnalysis, thirteen_clues_position

    (deal,) = ThirteenCluesAnalysis(thirteen_clues_position(view)).sample(rng, 1)
    return determinize(view, deal, rng)


def _from_deal(
    game: ThirteenClues, view: ThirteenCluesView, deal: Deal
) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]], list[int]]:
    """Mysteries and hidden cards by seat, and informants by slot, as ids; what the seat
    sees is taken from the view, so a deal cannot contradict it."""
    ids = game.ids
    raw_mysteries, raw_hidden, raw_slots = deal["mysteries"], deal["hidden"], deal["informants"]
    if not (
        isinstance(raw_mysteries, Mapping)
        and isinstance(raw_hidden, Mapping)
        and isinstance(raw_slots, Mapping)
    ):
        raise ValueError("a deal maps mysteries, hidden cards and informants by seat or slot")
    mysteries: list[tuple[int, ...]] = []
    hidden: list[tuple[int, ...]] = []
    for s, shown in enumerate(view.seats):
        trio = shown.mystery if shown.mystery is not None else raw_mysteries[str(s)]
        cards = shown.hidden if shown.hidden is not None else raw_hidden[str(s)]
        mysteries.append(tuple(ids[c] for c in trio))
        hidden.append(tuple(ids[c] for c in cards))  # (left, right): the engine's sides
    slots = [ids[i.card if i.card is not None else str(raw_slots[i.slot])] for i in view.informants]
    every = sorted(c for group in (*mysteries, *hidden, slots) for c in group)
    if every != list(range(len(game.cards))):
        raise ValueError("the deal does not place every card exactly once")
    return mysteries, hidden, slots


Setup = tuple[
    tuple[tuple[int, ...], ...],
    tuple[int, ...],
    tuple[tuple[int, int, int] | None, ...],
    tuple[tuple[int, ...] | None, ...],
]


def _fill_setup(
    game: ThirteenClues, view: ThirteenCluesView, swapped: tuple[bool, ...], rng: random.Random
) -> Setup:
    """Hands, informants and the picks made so far, during setup (before any mystery)."""
    n, seat = view.players, view.seat
    if seat is None or view.hand is None:
        raise ValueError("a spectator's view has no hand to determinize for")
    own = tuple(sorted(game.ids[c] for c in view.hand))
    unseen = [c for c in range(len(game.cards)) if c not in own]
    while True:  # a uniform split in which every hand holds all three types
        rng.shuffle(unseen)
        hands: list[tuple[int, ...]] = []
        for s in range(n):
            if s == seat:
                hands.append(own)
            else:
                k = len(hands) - (1 if len(hands) > seat else 0)
                hands.append(tuple(sorted(unseen[5 * k : 5 * k + 5])))
        if all({game.cards[c].type for c in hand} == {0, 1, 2} for hand in hands):
            break
    mysteries: list[tuple[int, int, int] | None] = [None] * n
    hidden: list[tuple[int, ...] | None] = [None] * n
    for s in view.chosen:
        if s == seat:
            kept = tuple(game.ids[c] for c in view.seats[seat].hidden or ())
            trio = sorted((c for c in own if c not in kept), key=lambda c: game.cards[c].type)
        else:
            trio = [rng.choice([c for c in hands[s] if game.cards[c].type == t]) for t in range(3)]
            kept = tuple(c for c in hands[s] if c not in trio)
            if swapped[s]:  # as the game lays them: left/right at random
                kept = kept[::-1]
        mysteries[(s + 1) % n] = (trio[0], trio[1], trio[2])
        hidden[s] = kept
    return tuple(hands), tuple(unseen[5 * (n - 1) :]), tuple(mysteries), tuple(hidden)
