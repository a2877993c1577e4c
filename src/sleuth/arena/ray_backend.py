"""The tournament on a Ray cluster (``ray.init(address=...)``) or a local Ray instance."""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Sequence
from typing import Any

from .tournament import GameResult, GameSpec, play_spec


def run_on_ray(
    specs: Sequence[GameSpec],
    progress: Callable[[int, int], None] | None,
    address: str | None,
    workers: int,
) -> list[GameResult]:
    try:
        import ray
    except ImportError as error:
        raise RuntimeError("the ray backend needs Ray: pip install 'sleuth[ray]'") from error
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    os.environ.setdefault("RAY_AUTH_MODE", "disabled")
    started_here = not ray.is_initialized()
    # An int level: Ray 2.60's stubs type logging_level as int (it also takes names).
    if started_here:
        if address:
            ray.init(address=address, logging_level=logging.ERROR)
        else:
            ray.init(
                num_cpus=max(1, workers),
                include_dashboard=False,
                logging_level=logging.ERROR,
                object_store_memory=80 * 1024 * 1024,
            )
    try:
        remote_play: Any = ray.remote(play_spec)
        pending = [remote_play.remote(spec) for spec in specs]
        results: list[GameResult] = []
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            results.extend(ray.get(ready))
            if progress:
                progress(len(results), len(specs))
        return results
    finally:
        if started_here:
            ray.shutdown()
