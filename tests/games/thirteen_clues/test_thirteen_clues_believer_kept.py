"""What the research envs keep of a 13 Clues game for every seat holds no object per answer
or accusation that the garbage collector must follow (a long game's hundreds of them, for
every seat, made the collector's full passes the largest single item of a step): a seat's
believer keeps its answers and accusations as integers, and every seat's reader shares one
entry per accusation."""

from __future__ import annotations

import gc
from collections import Counter

import numpy as np

from sleuth.core import GameError, make_game
from sleuth.deduce.model import Constraint, Exclusion
from sleuth.envs.table import Table, random_code
from sleuth.games.thirteen_clues.beliefs import Believer
from sleuth.games.thirteen_clues.knowledge import (
    KNOWLEDGE,
    ThirteenCluesAnalysis,
    ThirteenCluesPosition,
)
from sleuth.games.thirteen_clues.views import ThirteenCluesView


def reachable(root: object, skip: set[int]) -> Counter[str]:
    """The objects the collector follows that ``root`` reaches, by type, not through the
    objects ``skip`` names nor through classes (into the modules)."""
    seen: set[int] = set(skip)
    types: Counter[str] = Counter()
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen or not gc.is_tracked(obj) or isinstance(obj, type):
            continue
        seen.add(id(obj))
        types[type(obj).__name__] += 1
        stack.extend(gc.get_referents(obj))
    return types


def test_believers_keep_answers_and_accusations_as_integers() -> None:
    players = 6
    table = Table(make_game("13-clues", players))
    table.reset(5)
    rng = np.random.default_rng(5)
    assert KNOWLEDGE.reader is not None
    readers = [KNOWLEDGE.reader() for _ in range(players)]
    believers = [Believer() for _ in range(players)]
    positions: dict[int, ThirteenCluesPosition] = {}
    while (decision := table.decision) is not None:
        for seat in range(players):
            view = table.state.view(seat)
            assert isinstance(view, ThirteenCluesView)
            try:
                positions[seat] = position = readers[seat](view)
            except GameError:  # the mysteries are not chosen yet
                continue
            believers[seat](position)
        table.step(random_code(table.mask(decision.seat), table.drastic, rng, rate=0.02))
    gc.collect()  # (tuples of integers only are left untracked by a pass)
    for seat, believer in enumerate(believers):
        assert believer._last is not None
        read = believer._last[0]
        data = read.data
        questions, accusations = data["questions"], data["accusations"]
        assert isinstance(questions, list) and isinstance(accusations, list)
        assert len(questions) > 50 and len(accusations) > 10, seat
        # Exact all along: the last beliefs are the fresh analysis's.
        fresh = ThirteenCluesAnalysis(data).beliefs()
        assert believer(positions[seat]).worlds == fresh.worlds
        kept = reachable(believer, {id(data), id(read.game.read)})
        # No constraint or exclusion kept per answer or accusation: they are made when a
        # position is counted or listed (before: one per answer and per accused card).
        assert kept[Constraint.__name__] == 0 and kept[Exclusion.__name__] == 0, kept
        assert not any(gc.is_tracked(a) for a in read.answered), seat
        assert not any(gc.is_tracked(key) for key in read.accused), seat
    # Every seat's position lists the same entry object for an accusation.
    entries = [positions[seat].data["accusations"] for seat in range(players)]
    for others in entries[1:]:
        assert isinstance(others, list) and isinstance(entries[0], list)
        shared = [a for a, b in zip(entries[0], others, strict=False) if a == b]
        assert shared and all(a is b for a, b in zip(entries[0], others, strict=False) if a == b)
