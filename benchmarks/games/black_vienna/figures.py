"""Black Vienna's figures for the benchmark guard (``benchmarks/check.py``): ``deduce/full``,
full exact analyses (worlds, card probabilities, the ring) of 4-player positions per second,
as ``deduce_speed.py`` beside this file times them."""

from __future__ import annotations

import random
from collections.abc import Callable

Wanted = Callable[[str], bool]
RateOf = Callable[[Callable[[], int], float], float]


def figures(seconds: float, wanted: Wanted, rate_of: RateOf) -> dict[str, float]:
    if not wanted("deduce/full"):
        return {}
    from games.black_vienna.black_vienna_positions import random_position
    from sleuth.games.black_vienna.knowledge import BlackViennaAnalysis

    positions = [random_position(random.Random(f"check/{k}"), 4, 6 * k)[1] for k in range(7)]

    def analyses() -> int:
        for position in positions:
            analysis = BlackViennaAnalysis(position)
            analysis.card_probabilities()
            analysis.ring()
        return len(positions)

    analyses()  # the first pays for imports
    return {"deduce/full": rate_of(analyses, seconds)}
