"""``basic``: Alibi as a casual player plays it, by rules of thumb.

In order: play a clue that completes the suspect closest to conviction (the bonus point);
lay an Alibi on a suspect the opponents' fronts fit much better than the own; with two or
more useful clues in hand, a Gutes Auge to lay them at once; a clue fitting the suspect
closest to conviction; a bribe of an opponent's clue fitting that suspect; exchange the
cards that fit no displayed suspect. The optional swap is taken only for a useless card.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar

from sleuth.agents.base import Agent, kinds_of, of_kind
from sleuth.core import Action, View
from sleuth.games.alibi import AlibiView, Bribe, Convict, Exchange, Pass, PlayAlibi, PlayClue, Swap

from .common import Table

# "Much better": the best opponent would score this many more points than the own front.
ALIBI_MARGIN = 2


class BasicAlibi(Agent):
    name: ClassVar[str] = "basic"

    def act(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        if not isinstance(view, AlibiView):
            raise TypeError("the basic Alibi bot plays Alibi only")
        table = Table.of(view)
        kinds = kinds_of(legal)
        if "convict" in kinds:
            # Several suspects completed at once: the one the own front fits best.
            options = [a for a in of_kind(legal, "convict") if isinstance(a, Convict)]
            return max(options, key=lambda a: (table.fit(table.seat, a.suspect), rng.random()))
        if "swap" in kinds:
            useless = [c for c in table.hand if not table.useful(c)]
            return Swap(useless[0]) if useless and "swap" in kinds else Pass()
        return self._main(table, legal, kinds, rng)

    def _main(
        self, table: Table, legal: Sequence[Action], kinds: tuple[str, ...], rng: random.Random
    ) -> Action:
        plays = [a for a in of_kind(legal, "play") if isinstance(a, PlayClue)]
        order = table.closest()
        # 1. A clue that convicts the closest suspect it can: the bonus point.
        for suspect in order:
            for play in plays:
                if play.value in table.missing(suspect):
                    trial = table.copy()
                    trial.play(play.value)
                    if suspect in trial.completed():
                        return play
        # 2. An Alibi where the opponents stand to gain much more than this seat.
        alibis = [a for a in of_kind(legal, "alibi") if isinstance(a, PlayAlibi)]
        for alibi in sorted(alibis, key=lambda a: order.index(a.suspect)):
            mine = table.fit(table.seat, alibi.suspect)
            theirs = max(
                (table.fit(s, alibi.suspect) for s in range(len(table.fronts)) if s != table.seat),
                default=0,
            )
            if theirs - mine >= ALIBI_MARGIN:
                return alibi
        # 3. Gutes Auge with two or more useful clues: lay them in one turn.
        useful = [p for p in plays if any(p.value in table.suspects[s] for s in order)]
        if "goodeye" in kinds and len(useful) >= 2:
            return next(a for a in of_kind(legal, "goodeye"))
        # 4. A clue fitting the suspect closest to conviction (a new value first).
        for suspect in order:
            fitting = [p for p in plays if p.value in table.suspects[suspect]]
            if fitting:
                missing = table.missing(suspect)
                return max(fitting, key=lambda p: (p.value in missing, rng.random()))
        # 5. Bribe an opponent's clue that fits the closest suspect.
        bribes = [a for a in of_kind(legal, "bribe") if isinstance(a, Bribe)]
        for suspect in order:
            fitting_bribes = [b for b in bribes if b.value in table.suspects[suspect]]
            if fitting_bribes:
                return fitting_bribes[rng.randrange(len(fitting_bribes))]
        if "pass" in kinds:
            return Pass()  # extra plays left unused, or an empty hand
        # 6. Exchange what fits no displayed suspect; else whatever is least useful.
        exchanges = [a for a in of_kind(legal, "exchange") if isinstance(a, Exchange)]
        useless = tuple(sorted(c for c in table.hand if not table.useful(c)))
        for exchange in exchanges:
            if useless and tuple(sorted(exchange.cards)) == useless:
                return exchange
        if plays:
            return plays[rng.randrange(len(plays))]
        if exchanges:
            # Nothing useful to do: trade the clues (keep specials), or one card at random.
            clues = tuple(sorted(c for c in table.hand if c not in ("alibi", "bribe", "goodeye")))
            for exchange in exchanges:
                if clues and tuple(sorted(exchange.cards)) == clues:
                    return exchange
        return legal[rng.randrange(len(legal))]
