"""The seeded generators' helpers against the standard library they stand for."""

from __future__ import annotations

import random

from sleuth.core.rng import shuffle


def test_shuffle_draws_as_random_shuffle_does() -> None:
    """The same order and the generator left in the same state, for every length a game
    deals (and the empty and one-item lists), over many seeds."""
    for seed in range(300):
        for size in (0, 1, 2, 3, 5, 27, 36, 64, 130):
            ours, theirs = random.Random(seed), random.Random(seed)
            mine, standard = list(range(size)), list(range(size))
            shuffle(ours, mine)
            theirs.shuffle(standard)
            assert mine == standard, (seed, size)
            assert ours.getstate() == theirs.getstate(), (seed, size)


def test_shuffle_of_a_subclass_is_its_own() -> None:
    """A generator of another kind shuffles its own way."""

    class Reversing(random.Random):
        def shuffle(self, x: list[object]) -> None:  # type: ignore[override]
            x.reverse()

    items = [1, 2, 3]
    shuffle(Reversing(0), items)
    assert items == [3, 2, 1]
