"""Alibi's actions of a hand and a display, made once per game and shared by every state.

They are immutable: a playout lists the legal actions at every step, and the same few
thousand hands and displays come back all game long.
"""

from __future__ import annotations

import functools
from itertools import combinations
from typing import TypeVar

from . import components as ac
from .notation import AlibiAction, Exchange, GoodEye, Pass, PlayClue, Swap

K = TypeVar("K")
V = TypeVar("V")
# Entries per cache: a game's hands and displays come back within this, and 256 games kept
# (``Game.of``) stay within a few hundred MB at worst.
_CACHE_SIZE = 1 << 14


class HandActions:
    """The actions each hand and display allows, made on first use (C5, C6, §3.3)."""

    def __init__(self, config: ac.AlibiConfig, suspect_values: dict[str, frozenset[str]]) -> None:
        self.config = config
        self.suspect_values = suspect_values
        self.clue_play = {v: PlayClue(v) for v in ac.VALUES}
        self._fitting: dict[tuple[str, ...], frozenset[str]] = {}
        self._clue_plays: dict[tuple[tuple[str, ...], frozenset[str]], tuple[PlayClue, ...]] = {}
        self._closing: dict[tuple[tuple[str, ...], bool], tuple[AlibiAction, ...]] = {}
        self._swaps: dict[tuple[str, ...], tuple[Swap | Pass, ...]] = {}

    def fitting(self, display: tuple[str, ...]) -> frozenset[str]:
        """The clue values that may be played with ``display`` shown (C5, C6)."""
        made = self._fitting.get(display)
        if made is None:
            if self.config.clues_must_fit:
                made = frozenset(v for s in display for v in self.suspect_values[s])
            else:
                made = frozenset(ac.VALUES)
            made = _remember(self._fitting, display, made)
        return made

    def clue_plays(self, hand: tuple[str, ...], fitting: frozenset[str]) -> tuple[PlayClue, ...]:
        """A play of each distinct clue of ``hand`` among ``fitting``, in hand order."""
        made = self._clue_plays.get((hand, fitting))
        if made is None:
            plays = [self.clue_play[v] for v in dict.fromkeys(hand) if v in fitting]
            made = _remember(self._clue_plays, (hand, fitting), tuple(plays))
        return made

    def closing(self, hand: tuple[str, ...], main: bool) -> tuple[AlibiAction, ...]:
        """What follows a hand's plays: a Gutes Auge, then in the main action the exchanges
        (and a pass with an empty hand), among the extra plays a pass."""
        made = self._closing.get((hand, main))
        if made is None:
            actions: list[AlibiAction] = [GoodEye()] if ac.GOOD_EYE in hand else []
            if main:
                actions += _exchange_actions(hand)
                if not hand:
                    actions.append(Pass())  # only with an empty hand and empty piles
            else:
                actions.append(Pass())
            made = _remember(self._closing, (hand, main), tuple(actions))
        return made

    def swaps(self, hand: tuple[str, ...]) -> tuple[Swap | Pass, ...]:
        """The optional swap of each distinct hand card, then declining it."""
        made = self._swaps.get(hand)
        if made is None:
            actions: list[Swap | Pass] = [Swap(c) for c in dict.fromkeys(hand)]
            made = _remember(self._swaps, hand, (*actions, Pass()))
        return made


def _remember(cache: dict[K, V], key: K, value: V) -> V:
    """``value`` kept in ``cache`` under ``key``; a full cache starts again (some options
    let the hands and displays of a long game run into many more than ever come back)."""
    if len(cache) >= _CACHE_SIZE:
        cache.clear()
    cache[key] = value
    return value


@functools.lru_cache(maxsize=4096)
def _exchange_actions(hand: tuple[str, ...]) -> tuple[Exchange, ...]:
    """The exchanges of a hand, made once per hand (a few hundred hands come back all
    game long; the actions are immutable, so every state may share them)."""
    return tuple(Exchange(cards) for cards in _exchanges(hand))


def _exchanges(hand: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """Every distinct set of 1-4 hand cards (as sorted tuples), smallest first."""
    found: dict[tuple[str, ...], None] = {}
    for size in range(1, min(len(hand), ac.MAX_EXCHANGE) + 1):
        for combo in combinations(hand, size):
            found[combo] = None
    return tuple(found)
