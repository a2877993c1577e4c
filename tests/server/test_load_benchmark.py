"""The load benchmark runs as written: tables of people play, and every action sent is
stored and seen once, in order (the benchmark is how the service's speed is shown); with
people signing in and mail whose server stops a while, no sign-in fails and every mail
queued arrives once after the outage. Correctness only: its times are the benchmark's."""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")

BENCHMARK = Path(__file__).resolve().parents[2] / "benchmarks" / "serve.py"


def load_benchmark() -> Any:
    spec = importlib.util.spec_from_file_location("serve_benchmark", BENCHMARK)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    sys.modules["serve_benchmark"] = bench  # its dataclasses look their module up
    spec.loader.exec_module(bench)
    return bench


def arguments(**changed: Any) -> argparse.Namespace:
    values = {
        "tables": 3,
        "seats": 4,
        "seconds": 3.0,
        "warmup": 1.0,
        "think": 0.05,
        "servers": 1,
        "profile": None,
        "workers": 1,
        "bot_seats": 0,
        "replays": 0,
        "mail_tables": 0,
        "trace": False,
    }
    return argparse.Namespace(**{**values, **changed})


@pytest.mark.slow
def test_the_load_benchmark_plays_and_loses_nothing() -> None:
    bench = load_benchmark()
    args = arguments()
    with tempfile.TemporaryDirectory() as folder:
        db = f"sqlite:///{Path(folder) / 'bench.db'}"
        result = asyncio.run(bench.run(db, args, Path(folder)))
    assert result["actions_per_s"] > 0 and result["updates"] > 0
    assert result["sent"] == result["stored_steps"]
    assert result["out_of_order"] == 0
    assert result["signers_cpu_s"] == 0.0  # no one signs in without --people


@pytest.mark.slow
def test_the_hostile_mode_runs_its_hostile_client_beside_tables_with_bots() -> None:
    bench = load_benchmark()
    # Two bot workers, as the service's default: with one, the hostile table's searches
    # (each up to its deadline) hold the only worker, and no quick lane is kept.
    args = arguments(bot_seats=1, replays=1, seconds=4.0, workers=2)
    with tempfile.TemporaryDirectory() as folder:
        db = f"sqlite:///{Path(folder) / 'bench.db'}"
        result = asyncio.run(bench.run(db, args, Path(folder), hostile=True))
    assert result["updates"] > 0 and result["out_of_order"] == 0
    assert result["bot_decisions"] > 0  # the tables' bots were timed
    hostile = result["hostile"]
    assert hostile.bot_tables == 1 and hostile.sheet_steps > 0


@pytest.mark.slow
def test_the_people_mode_signs_in_and_mails_each_notice_once_after_the_outage() -> None:
    pytest.importorskip("aiosmtpd")
    bench = load_benchmark()
    # Mail tables' people move 0.2 s apart: the 3 s outage holds back tens of mails, and no
    # one person gets near the 30 mails an hour the service sends them at most.
    args = arguments(
        tables=2, seconds=6.0, sign_ins=5.0, signers=4, smtp_outage=3.0, mail_tables=2,
        mail_think=0.2, mail_retry=0.5, drain=120.0,
    )  # fmt: skip
    with tempfile.TemporaryDirectory() as folder:
        db = f"sqlite:///{Path(folder) / 'bench.db'}"
        result = asyncio.run(bench.run(db, args, Path(folder), with_people=True))
    assert result["sent"] == result["stored_steps"] and result["out_of_order"] == 0
    mails = result["people"]
    assert mails["sign_ins_done"] > 0 and mails["sign_ins_failed"] == 0
    # The sign-in client's own CPU over the window, counted apart (it shares the cores).
    assert 0.0 < result["signers_cpu_s"] < 2 * result["window_s"]
    assert mails["mails_retried"] > 0  # sent after the outage had failed them
    assert (mails["mails_pending"], mails["mails_given_up"]) == (0, 0)
    queued = mails["mails_queued"]
    assert queued == mails["mails_sent"] == mails["mails_received"] == mails["received_once"]
    assert (mails["received_twice"], mails["received_during_outage"]) == (0, 0)
