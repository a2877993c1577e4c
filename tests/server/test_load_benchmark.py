"""The load benchmark runs as written: tables of people play, and every action sent is
stored and seen once, in order (the benchmark is how the service's speed is shown)."""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import sys
import tempfile
from pathlib import Path

import pytest

pytest.importorskip("fastapi")

BENCHMARK = Path(__file__).resolve().parents[2] / "benchmarks" / "serve.py"


@pytest.mark.slow
def test_the_load_benchmark_plays_and_loses_nothing() -> None:
    spec = importlib.util.spec_from_file_location("serve_benchmark", BENCHMARK)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    sys.modules["serve_benchmark"] = bench  # its dataclasses look their module up
    spec.loader.exec_module(bench)
    args = argparse.Namespace(
        tables=3, seats=4, seconds=3.0, warmup=1.0, think=0.05, servers=1, profile=None
    )
    with tempfile.TemporaryDirectory() as folder:
        db = f"sqlite:///{Path(folder) / 'bench.db'}"
        result = asyncio.run(bench.run(db, args, Path(folder)))
    assert result["actions_per_s"] > 0 and result["updates"] > 0
    assert result["sent"] == result["stored_steps"]
    assert result["out_of_order"] == 0
