"""Two-player 13 Clues as a race: the seat's exact belief and a short lookahead.

With two players every turn is one action, the opponent's questions tell the seat nothing
(it sees all the witness counts) and the seat's own answers tell the opponent nothing, so
the game is a race between two searches that touch only through accusations. A wrong
accusation costs what a question costs: one turn. So the choice each turn is between
accusing the likeliest trio now and asking the question that brings a sure accusation
closer, and which is better depends on how soon the opponent may win.

The belief: every way the seat's unknown cards can lie in its mystery and the opponent's two
hidden cards (left, right), each equally likely (the engine's deal model: the informants
fill the rest in as many ways for each), kept if it agrees with every answer the seat got,
its own wrong accusations and the cards the opponent named (he sees the seat's mystery and
his own hidden cards, so he named neither). At most a few thousand, enumerated whole.

The decision (``Duel.decide``) maximises the chance to win before the opponent does, the
opponent ending the race after each of his turns with chance ``1 - survival``: two own turns
deep (accuse the likeliest trio, or ask any question and weigh every answer), then the value
of accusing the remaining trios one by one, likeliest first. While the mystery is far from
known (entropy above ``explore_bits``) that value says little, and the question with the
most information about the mystery is asked instead.

``survival`` is a bound; the opponent's own chance to win at his next turn (``threat``)
lowers it. His belief is exact in each of the seat's configurations: his hand is the seat's
mystery and his own hidden cards, the answers he got and the accusations are public, and
the seat sees his mystery, so it knows whether his likeliest trio would be right. A wrong
accusation tells him something (the cards it names that he does not see are informants, not
his mystery) and makes a careful opponent bolder: the accusation is weighed with his chance
after it, and of the likeliest trios the one that tells him least is named (``least_told``).

Alone (the opponent idle, 150 deals) the lookahead wins in 7.5 own turns on average,
``deductive`` in 8.6: a race between those would give about +0.34 wins a game, but at the
table the first version gave +0.04 [-0.05, +0.14] (400 games, seed 4242): its wrong
accusations told the opponent too much (and made ``deductive`` bolder). So every wrong
accusation the lookahead weighs, its own and those of the guesses at its leaves, counts one
more turn of the opponent's (``told``: the value after it times ``survival`` once more): it
then asks where it used to gamble on a trio of one chance in three or four.

Measured against ``deductive`` (2 players, seats rotated, score difference a game), pilots
of 100 games: without the opponent's chance +0.08 [-0.12, +0.28] (seed 201); with it +0.14
[-0.06, +0.34] (seed 202) and +0.16 [-0.03, +0.35] (seed 203; three turns deep +0.08
[-0.12, +0.28], seed 204); with ``told`` +0.16 [-0.03, +0.35] (seed 303). With ``told``, 400
games, seed 5151: +0.19 [+0.09, +0.29].
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import product

import numpy as np
from numpy.typing import NDArray

from sleuth.games.thirteen_clues import Ask, ThirteenCluesView
from sleuth.games.thirteen_clues.components import SIDES, TYPES
from sleuth.games.thirteen_clues.knowledge import deck_cards
from sleuth.games.thirteen_clues.views import AccusationView

# The opponent is taken to accuse his likeliest trio from this probability on (``threat``).
READY = 0.6
# ... and from this one once the seat has accused (the race is on).
PRESSED_READY = 0.4
# Deeper than two turns, the questions searched: at the root and below it.
ROOT_BRANCH = 8
BRANCH = 3
# A question of the duel: (subject, side).
DuelQuestion = tuple[str, str]


@dataclass(frozen=True)
class Belief:
    """The seat's consistent configurations: ``trio[i]`` indexes ``trios``, ``left[i]`` and
    ``right[i]`` index ``cards`` (the opponent's hidden cards as they lie)."""

    cards: tuple[str, ...]
    trios: tuple[tuple[str, str, str], ...]
    trio: NDArray[np.int64]
    left: NDArray[np.int64]
    right: NDArray[np.int64]
    questions: tuple[DuelQuestion, ...]
    answers: NDArray[np.int64]  # configurations x questions

    def posterior(self, rows: NDArray[np.int64] | None = None) -> NDArray[np.float64]:
        """Each trio's probability among ``rows`` (default: every configuration)."""
        picked = self.trio if rows is None else self.trio[rows]
        counts = np.bincount(picked, minlength=len(self.trios)).astype(np.float64)
        total = counts.sum()
        return counts / total if total else counts


def belief(view: ThirteenCluesView) -> Belief:
    """Every configuration of the seat's unknown cards that agrees with its view."""
    seat = view.seat
    if seat is None or view.players != 2:
        raise ValueError("the duel belief is a two-player seat's")
    opponent = 1 - seat
    own = view.seats[seat]
    theirs = view.seats[opponent]
    if own.hidden is None or theirs.mystery is None:
        raise ValueError("the mysteries are not chosen yet")
    deck = [c for c in deck_cards(view.config.deck) if c.colour in view.colours]
    known = set(own.hidden) | set(theirs.mystery)
    known |= {i.card for i in view.informants if i.card is not None}
    cards = tuple(c.name for c in deck if c.name not in known)
    index = {name: i for i, name in enumerate(cards)}
    kind = {c.name: c.type for c in deck}
    by_type = [[index[n] for n in cards if kind[n] == t] for t in range(len(TYPES))]
    trio_list = list(product(*by_type))
    questions = tuple((subject, side) for subject in view.subjects for side in SIDES)
    member = np.zeros((len(cards), len(view.subjects)), dtype=np.int64)
    for c in deck:
        if c.name in index:
            for k, subject in enumerate(view.subjects):
                member[index[c.name], k] = subject in (c.colour, c.category, TYPES[c.type])
    trios = np.array(trio_list, dtype=np.int64).reshape(len(trio_list), 3)
    n = len(cards)
    pairs = np.array([(a, b) for a in range(n) for b in range(n) if a != b], dtype=np.int64)
    t_idx = np.repeat(np.arange(len(trios)), len(pairs))
    lr = np.tile(pairs, (len(trios), 1))
    in_trio = (trios[t_idx] == lr[:, :1]).any(axis=1) | (trios[t_idx] == lr[:, 1:]).any(axis=1)
    keep = ~in_trio
    # Cards the opponent named lie in neither the seat's mystery nor his hidden cards.
    named = {
        index[c] for a in view.accusations if a.seat == opponent for c in a.cards if c in index
    }
    wrong = {
        tuple(index.get(c, -1) for c in a.cards)
        for a in view.accusations
        if a.seat == seat and not a.correct
    }
    trio_ok = np.array(
        [not (set(t) & named) and t not in wrong for t in trio_list], dtype=bool
    ).reshape(len(trio_list))
    keep &= trio_ok[t_idx]
    for card in named:
        keep &= (lr[:, 0] != card) & (lr[:, 1] != card)
    t_idx, lr = t_idx[keep], lr[keep]
    trio_counts = member[trios].sum(axis=1)  # trios x subjects
    columns = []
    for subject, side in questions:
        k = view.subjects.index(subject)
        columns.append(trio_counts[t_idx, k] + member[lr[:, SIDES.index(side)], k])
    answers = np.stack(columns, axis=1) if columns else np.zeros((len(t_idx), 0), np.int64)
    fits = np.ones(len(t_idx), dtype=bool)
    for q in view.questions:
        if q.asker != seat or q.subject is None or q.answer is None:
            continue
        fits &= answers[:, questions.index((q.subject, q.side))] == q.answer
    return Belief(
        cards,
        tuple((cards[a], cards[b], cards[c]) for a, b, c in trio_list),
        t_idx[fits],
        lr[fits, 0],
        lr[fits, 1],
        questions,
        answers[fits],
    )


def guess_value(masses: NDArray[np.float64], survival: float) -> NDArray[np.float64]:
    """Per row of trio probabilities: the chance to win by accusing the trios one a turn,
    likeliest first, the opponent surviving each turn between with chance ``survival``."""
    ordered = -np.sort(-masses, axis=-1)
    weights = survival ** np.arange(ordered.shape[-1], dtype=np.float64)
    return np.asarray(ordered @ weights, dtype=np.float64)


class Duel:
    """The two-turn lookahead over one belief (see the module docstring)."""

    def __init__(
        self,
        belief: Belief,
        survival: float,
        after_accusing: float | None = None,
        told: float = 1.0,
    ) -> None:
        self.belief = belief
        self.survival = survival
        # The opponent's chance not to win at his next turn after the seat's accusation now.
        self.after_accusing = survival if after_accusing is None else after_accusing
        # What follows a wrong accusation is worth this much less: what it told the
        # opponent (the named cards he does not see are not his mystery) speeds him up.
        self.told = told
        self.width = int(belief.answers.max(initial=0)) + 1
        self.size = len(belief.trios)

    def _split(self, rows: NDArray[np.int64]) -> NDArray[np.float64]:
        """Worlds by question x answer x trio among ``rows``."""
        b = self.belief
        nq = len(b.questions)
        key = (np.arange(nq)[None, :] * self.width + b.answers[rows]) * self.size
        key = key + b.trio[rows][:, None]
        flat = np.bincount(key.ravel(), minlength=nq * self.width * self.size)
        return flat.reshape(nq, self.width, self.size).astype(np.float64)

    def ask_values(self, rows: NDArray[np.int64]) -> NDArray[np.float64]:
        """Per question: the value of asking it and then accusing trio after trio."""
        split = self._split(rows)
        total = float(len(rows))
        per_answer = split.sum(axis=2)  # questions x answers
        with np.errstate(invalid="ignore", divide="ignore"):
            masses = np.where(per_answer[..., None] > 0, split / per_answer[..., None], 0.0)
        values = guess_value(masses, self.survival * self.told)  # questions x answers
        return np.asarray(self.survival * (per_answer * values).sum(axis=1) / total)

    def one_turn(self, rows: NDArray[np.int64]) -> float:
        """The best of accusing on and asking once more, then accusing on."""
        masses = self.belief.posterior(rows)
        asks = self.ask_values(rows)
        guess = float(guess_value(masses, self.survival * self.told))
        return max(guess, float(asks.max(initial=0.0)))

    def value(self, rows: NDArray[np.int64], turns: int) -> float:
        """The best value of ``turns`` own turns more (then accusing on), the questions
        after the first limited to the ``BRANCH`` best by a one-turn lookahead."""
        if turns <= 1:
            return self.one_turn(rows)
        accuse, asks = self._options(rows, turns, BRANCH)
        return max([accuse, *asks.values()])

    def _options(
        self, rows: NDArray[np.int64], turns: int, branch: int | None, root: bool = False
    ) -> tuple[float, dict[int, float]]:
        b = self.belief
        masses = b.posterior(rows)
        best = int(np.argmax(masses))
        p = float(masses[best])
        rest = rows[b.trio[rows] != best]
        later = self.value(rest, turns - 1) if len(rest) else 0.0
        next_turn = self.after_accusing if root else self.survival
        accuse = p + (1 - p) * next_turn * self.told * later
        ranked = range(len(b.questions))
        if branch is not None:
            ranked = np.argsort(-self.ask_values(rows), kind="stable")[:branch].tolist()
        asks: dict[int, float] = {}
        for q in ranked:
            column = b.answers[rows, q]
            value = 0.0
            for answer in np.unique(column).tolist():
                part = rows[column == answer]
                value += len(part) / len(rows) * self.value(part, turns - 1)
            asks[q] = self.survival * value
        return accuse, asks

    def decide(self, turns: int = 2) -> tuple[float, list[float]]:
        """(value of accusing the likeliest trio now, value of each question now; a
        question left out of the search has value -1)."""
        rows = np.arange(len(self.belief.trio))
        branch = None if turns <= 2 else ROOT_BRANCH
        accuse, asks = self._options(rows, turns, branch, root=True)
        return accuse, [asks.get(q, -1.0) for q in range(len(self.belief.questions))]


def question_bits(belief: Belief) -> list[float]:
    """The information (bits) each question's answer gives about the seat's mystery."""
    rows = np.arange(len(belief.trio))
    duel = Duel(belief, 1.0)
    split = duel._split(rows)
    total = float(len(rows))
    if not total:
        return [0.0] * len(belief.questions)
    prior = belief.posterior(rows)
    h0 = -float(sum(p * math.log2(p) for p in prior.tolist() if p > 0))
    out = []
    for q in range(len(belief.questions)):
        h = 0.0
        for row in split[q]:
            n = row.sum()
            if n:
                p = row[row > 0] / n
                h += n / total * -float((p * np.log2(p)).sum())
        out.append(h0 - h)
    return out


def entropy(masses: NDArray[np.float64]) -> float:
    nonzero = masses[masses > 0]
    return -float((nonzero * np.log2(nonzero)).sum())


def duel_choice(
    view: ThirteenCluesView,
    asks: Sequence[Ask],
    survival: float,
    explore_bits: float,
    rng: random.Random,
    turns: int = 2,
    leak: bool = False,
) -> Ask | tuple[str, str, str]:
    """The question to ask, or the trio to accuse (type order). The opponent's chance to
    win at his next turn (``threat``) lowers ``survival`` when it is higher; ``leak``
    counts each wrong accusation weighed as one more turn of his."""
    b = belief(view)
    if not len(b.trio):
        raise RuntimeError("no configuration agrees with this seat's view")
    masses = b.posterior()
    best = least_told(b, masses)
    if float(masses.max()) >= 1.0 or not asks:
        return best
    by_key = {(a.subject, a.side): a for a in asks if not a.secret}
    bits = question_bits(b)
    usable = [q for q, key in enumerate(b.questions) if key in by_key]
    if entropy(masses) > explore_bits:
        chosen = max(usable, key=lambda q: (round(bits[q], 9), rng.random()))
        return by_key[b.questions[chosen]]
    seat = view.seat
    pressed = any(a.seat == seat for a in view.accusations)
    now = threat(view, b, PRESSED_READY if pressed else READY)
    # The cards an accusation names are not the opponent's mystery: he learns where those
    # he does not see lie, and (a careful player) grows bolder.
    named = AccusationView(seat if seat is not None else 0, best, False)
    warned = replace(view, accusations=(*view.accusations, named))
    then = threat(warned, b, PRESSED_READY)
    # ``leak``: what a wrong accusation tells him is taken to be worth one turn of his.
    told = survival if leak else 1.0
    survival, after_accusing = min(survival, 1.0 - now), min(survival, 1.0 - then)
    accuse_value, values = Duel(b, survival, after_accusing, told).decide(turns)
    chosen = max(usable, key=lambda q: (round(values[q], 9), round(bits[q], 9), rng.random()))
    if accuse_value >= values[chosen]:
        return best
    return by_key[b.questions[chosen]]


def least_told(b: Belief, masses: NDArray[np.float64]) -> tuple[str, str, str]:
    """Of the likeliest trios, the one whose cards are least likely informants: a wrong
    accusation tells the opponent that the named cards he does not see are not his mystery
    (they are informants), and he sees the others."""
    top = np.flatnonzero(np.isclose(masses, masses.max(), rtol=0, atol=1e-12))
    if len(top) == 1:
        return b.trios[int(top[0])]
    n = len(b.trio)
    index = {name: i for i, name in enumerate(b.cards)}
    # Per card: the chance it lies in the seat's mystery or the opponent's hidden cards.
    shares = np.bincount(b.trio, minlength=len(b.trios)) / n
    held = [0.0] * len(b.cards)
    for k, trio in enumerate(b.trios):
        for name in trio:
            held[index[name]] += float(shares[k])
    for side in (b.left, b.right):
        for card, count in enumerate(np.bincount(side, minlength=len(b.cards)).tolist()):
            held[card] += count / n

    def told(k: int) -> float:
        return sum(1.0 - held[index[name]] for name in b.trios[k])

    return b.trios[min(top.tolist(), key=lambda k: (round(told(k), 9), k))]


def threat(view: ThirteenCluesView, mine: Belief, ready: float, limit: int = 4_000_000) -> float:
    """The chance the opponent wins at his next turn, if he accuses his likeliest trio once
    it is at least ``ready`` likely: his belief is exact in each of the seat's
    configurations (his hand is the seat's mystery and his hidden cards; the answers he got
    and the accusations are public), and the seat sees his mystery. Informants he looked up
    are not known to the seat and are left out (he may know a little more). Zero when the
    product of both beliefs' sizes exceeds ``limit`` (early on, when he is far anyway)."""
    seat = view.seat
    if seat is None:
        raise ValueError("a spectator has no opponent")
    opponent = 1 - seat
    own, theirs = view.seats[seat], view.seats[opponent]
    if own.hidden is None or theirs.mystery is None or not len(mine.trio):
        return 0.0
    deck = [c for c in deck_cards(view.config.deck) if c.colour in view.colours]
    names = [c.name for c in deck]
    index = {n: i for i, n in enumerate(names)}
    by_type = [[i for i, c in enumerate(deck) if c.type == t] for t in range(len(TYPES))]
    trios = np.array(list(product(*by_type)), dtype=np.int64)
    n = len(names)
    pairs = np.array([(a, b) for a in range(n) for b in range(n) if a != b], dtype=np.int64)
    bit = np.int64(1) << np.arange(n, dtype=np.int64)
    trio_bits = bit[trios].sum(axis=1)
    pair_bits = bit[pairs[:, 0]] | bit[pairs[:, 1]]
    t_idx = np.repeat(np.arange(len(trios)), len(pairs))
    p_idx = np.tile(np.arange(len(pairs)), len(trios))
    keep = (trio_bits[t_idx] & pair_bits[p_idx]) == 0
    named = 0
    for a in view.accusations:
        if a.seat == seat:
            for c in a.cards:
                named |= 1 << index[c]
    wrong = {
        tuple(index[c] for c in a.cards)
        for a in view.accusations
        if a.seat == opponent and not a.correct
    }
    ok_trio = np.array([(int(b) & named) == 0 for b in trio_bits.tolist()], dtype=bool)
    ok_trio &= np.array([tuple(t) not in wrong for t in trios.tolist()], dtype=bool)
    keep &= ok_trio[t_idx] & ((pair_bits[p_idx] & named) == 0)
    t_idx, p_idx = t_idx[keep], p_idx[keep]
    member = {
        s: np.array([s in (c.colour, c.category, TYPES[c.type]) for c in deck], dtype=np.int64)
        for s in view.subjects
    }
    for q in view.questions:
        if q.asker != opponent or q.subject is None or q.answer is None:
            continue
        m = member[q.subject]
        side_card = pairs[p_idx, SIDES.index(q.side)]
        count = m[trios[t_idx]].sum(axis=1) + m[side_card]
        fits = count == q.answer
        t_idx, p_idx = t_idx[fits], p_idx[fits]
    if not len(t_idx) or len(t_idx) * len(mine.trio) > limit:
        return 0.0
    row_bits = trio_bits[t_idx] | pair_bits[p_idx]
    to_all = np.array([index[c] for c in mine.cards], dtype=np.int64)
    my_trios = np.array([[index[c] for c in t] for t in mine.trios], dtype=np.int64).reshape(
        len(mine.trios), 3
    )
    hands = bit[my_trios].sum(axis=1)[mine.trio] | bit[to_all[mine.left]] | bit[to_all[mine.right]]
    labels, column = np.unique(t_idx, return_inverse=True)
    onehot = np.zeros((len(t_idx), len(labels)), dtype=np.float32)
    onehot[np.arange(len(t_idx)), column] = 1.0
    valid = ((row_bits[None, :] & hands[:, None]) == 0).astype(np.float32)
    counts = valid @ onehot  # the seat's configurations x his candidate trios
    totals = counts.sum(axis=1)
    truth = tuple(sorted(index[c] for c in theirs.mystery))
    true_label = [k for k, t in enumerate(labels.tolist()) if tuple(sorted(trios[t])) == truth]
    if not true_label:
        return 0.0
    top = counts.max(axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        ready_rows = (totals > 0) & (top >= ready * totals)
        ties = (counts == top[:, None]).sum(axis=1)
        wins = ready_rows & (counts[:, true_label[0]] == top)
    return float((wins / np.maximum(ties, 1)).sum() / len(mine.trio))
