"""Alibi for the research environments: a seat's view as numbers, actions as codes.

The observation (``P`` players, ``S`` suspects, the 15 clue values and 18 card names: the
values, then alibi, bribe, goodeye; every value in [0, 1]):

- who and when: ``seat``, ``phase``, ``active`` (one-hot; none once over), ``extra_plays``
  (Gutes Auge plays left / 4), ``round_turns`` (turns of this round without a conviction /
  the round limit, or / 4P without one, at most 1);
- the seat's own cards: ``hand`` (per card name, how many / 4);
- the table: ``hand_sizes`` (/4), ``draw_pile`` (cards / the deck), ``suspect_pile``
  (suspects left / S), ``fronts`` (per seat and clue value, cards in front / that value's
  cards in the deck), ``discard`` (per card name, cards / that name's cards in the deck);
- the suspects: ``displayed``, ``candidates`` (completed at once, to choose), ``convicted``
  (a flag per suspect), ``alibis`` (per suspect, the seat whose Alibi covers it, one-hot),
  ``coverage`` (per suspect, the distinct fitting clue values on the table / the threshold);
- ``scores`` (per seat / the most points a game can hand out) and ``convictions`` (/ the
  convictions that end the game).

The action codes, in blocks: ``play`` (clue value), ``alibi`` (suspect), ``bribe`` (target
seat x clue value), ``goodeye``, ``exchange`` (every multiset of 1-4 card names, smallest
first), ``convict`` (suspect), ``swap`` (card name), ``pass``.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any

from sleuth.core.encoding import Encoder, Features
from sleuth.core.protocol import View

from . import components as ac
from .notation import Bribe, Convict, Exchange, GoodEye, Pass, PlayAlibi, PlayClue, Swap
from .rules import Alibi
from .views import AlibiView

PHASES = tuple(ac.Phase)
CARD_INDEX = {card: i for i, card in enumerate(ac.CARDS)}
VALUE_INDEX = {value: i for i, value in enumerate(ac.VALUES)}
MAX_EXTRA = 4


class AlibiEncoder(Encoder):
    longest_seen = 2_820  # decisions; 40 games a policy, seeds 1-40 (see Encoder)

    def __init__(self, game: Any) -> None:
        if not isinstance(game, Alibi):
            raise TypeError(f"{game!r} is not an Alibi game")
        super().__init__(game)
        self.alibi = game
        n, suspects = game.players, game.suspect_ids
        s, values, cards = len(suspects), len(ac.VALUES), len(ac.CARDS)
        self.players = n
        self.suspect_index = {suspect: i for i, suspect in enumerate(suspects)}
        self.card_counts = [max(1, game.deck.count(card)) for card in ac.CARDS]
        clue_cards = len(game.clue_deck)
        # A conviction pays each seat its fitting clues in front (at most the clue cards)
        # and one bonus point.
        self.most = game.total_convictions * (clue_cards + 1)
        add = self.layout.add
        self.at = {
            "seat": add("seat", n, "the observing seat, one-hot"),
            "phase": add("phase", len(PHASES), "phase one-hot: " + ", ".join(PHASES)),
            "active": add("active", n, "the seat to act, one-hot (none once over)"),
            "extra_plays": add("extra_plays", 1, f"Gutes Auge plays left / {MAX_EXTRA}"),
            "round_turns": add("round_turns", 1, "turns without a conviction / the limit"),
            "hand": add("hand", cards, f"cards held per card name / {ac.HAND_SIZE}"),
            "hand_sizes": add("hand_sizes", n, f"hand size per seat / {ac.HAND_SIZE}"),
            "draw_pile": add("draw_pile", 1, f"cards in the draw pile / {len(game.deck)}"),
            "suspect_pile": add("suspect_pile", 1, f"suspects in the pile / {s}"),
            "fronts": add("fronts", n * values, "per seat and value: clues in front / deck's"),
            "discard": add("discard", cards, "per card name: cards discarded / deck's"),
            "displayed": add("displayed", s, "suspects on display"),
            "candidates": add("candidates", s, "suspects completed at once, to choose from"),
            "convicted": add("convicted", s, "suspects convicted"),
            "alibis": add("alibis", s * n, "per suspect: the seat whose Alibi covers it"),
            "coverage": add("coverage", s, "per suspect: fitting values on the table / threshold"),
            "scores": add("scores", n, f"score per seat / {self.most}"),
            "convictions": add("convictions", 1, "convictions / the convictions that end it"),
        }
        self.actions.add("play", (PlayClue(v) for v in ac.VALUES), "clue value")
        self.actions.add("alibi", (PlayAlibi(x) for x in suspects), "suspect")
        self.actions.add(
            "bribe",
            (Bribe(t, v) for t in range(n) for v in ac.VALUES),
            "target seat x clue value",
        )
        self.actions.add("goodeye", [GoodEye()], "play up to two more cards")
        self.actions.add(
            "exchange",
            (
                Exchange(combo)
                for size in range(1, ac.MAX_EXCHANGE + 1)
                for combo in combinations_with_replacement(ac.CARDS, size)
            ),
            "every multiset of 1-4 card names, in card order, smallest first",
        )
        self.actions.add("convict", (Convict(x) for x in suspects), "suspect")
        self.actions.add("swap", (Swap(c) for c in ac.CARDS), "card name")
        self.actions.add("pass", [Pass()], "decline (the swap, more plays, an empty turn)")

    def score_bounds(self) -> tuple[float, float]:
        return 0.0, float(self.most)

    def encode(self, view: View, out: Features) -> None:
        if not isinstance(view, AlibiView) or view.seat is None:
            raise TypeError("a seat's Alibi view is needed")
        at, flag, put = self.at, out.flag, out.put
        n, counts = self.players, self.card_counts
        flag(at["seat"] + view.seat)
        flag(at["phase"] + PHASES.index(view.phase))
        if view.active is not None:
            flag(at["active"] + view.active)
        put(at["extra_plays"], min(1.0, view.extra_plays / MAX_EXTRA))
        limit = view.config.round_limit or 4 * n
        put(at["round_turns"], min(1.0, view.round_turns / limit))
        held: dict[str, int] = {}
        for card in view.hand or ():
            held[card] = held.get(card, 0) + 1
        for card, count in held.items():
            put(at["hand"] + CARD_INDEX[card], count / ac.HAND_SIZE)
        for seat, size in enumerate(view.hand_sizes):
            put(at["hand_sizes"] + seat, size / ac.HAND_SIZE)
        put(at["draw_pile"], view.draw_pile_size / len(self.alibi.deck))
        put(at["suspect_pile"], view.suspect_pile_size / len(self.suspect_index))
        values = len(ac.VALUES)
        for seat, front in enumerate(view.fronts):
            laid: dict[str, int] = {}
            for value in front:
                laid[value] = laid.get(value, 0) + 1
            for value, count in laid.items():
                i = VALUE_INDEX[value]
                put(at["fronts"] + seat * values + i, count / counts[i])
        thrown: dict[str, int] = {}
        for card in view.discard:
            thrown[card] = thrown.get(card, 0) + 1
        for card, count in thrown.items():
            i = CARD_INDEX[card]
            put(at["discard"] + i, count / counts[i])
        index, threshold = self.suspect_index, view.config.threshold
        for shown in view.display:
            i = index[shown.suspect]
            flag(at["displayed"] + i)
            if shown.alibi is not None:
                flag(at["alibis"] + i * n + shown.alibi)
            put(at["coverage"] + i, min(1.0, len(shown.covered) / threshold))
        out.flags(at["candidates"], (index[x] for x in view.candidates))
        out.flags(at["convicted"], (index[c.suspect] for c in view.convictions))
        for seat, score in enumerate(view.scores):
            put(at["scores"] + seat, min(1.0, score / self.most))
        put(at["convictions"], len(view.convictions) / view.convictions_to_end)
