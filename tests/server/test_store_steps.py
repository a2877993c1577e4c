"""The store's step commits on both databases: a batch commits its steps with each table's
summary, and a number taken already is refused for that step alone (another process's)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from sleuth.server.db import open_database
from sleuth.server.lobby import SeatPlan, TablePlan, create_table
from sleuth.server.models import StepRow
from sleuth.server.settings import Settings
from sleuth.server.store import StepConflict, Store
from support.game_cases import kit_for

# The table dealt where any game would do (its cases: ``FrontCases.example``).
EXAMPLE = kit_for(lambda cases: cases.fronts.example).name


def _plan() -> TablePlan:
    return TablePlan(
        game=EXAMPLE,
        players=3,
        options={},
        seats=[SeatPlan("bot", "random")] * 3,
        sheet="off",
        clock="none",
        per_move=None,
        takeover_bot="basic",
        spectators=True,
        listed=False,
    )


def _step(table_id: str, number: int, action: str = "ask 1 JKL") -> StepRow:
    return StepRow(
        table_id=table_id, number=number, seat=0, action=action, result="r", at=1.5 + number
    )


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
async def test_steps_commit_with_the_summary_and_a_taken_number_is_refused_alone(
    kind: str, tmp_path: Path, postgres: Any
) -> None:
    url = postgres() if kind == "postgresql" else f"sqlite:///{tmp_path / 'store.db'}"
    database = open_database(Settings(db_url=url, key_file=tmp_path / "key"))
    await database.migrate()
    store = Store(database)
    try:
        first = await create_table(store, _plan(), None)
        second = await create_table(store, _plan(), None)
        assert first.row.status == "playing"  # every seat a bot: started as stored

        # Arriving together, the three go in one or two batches; each caller is answered.
        await asyncio.gather(
            store.insert_step(_step(first.table_id, 1), 1, False),
            store.insert_step(_step(second.table_id, 1), 2, False),
            store.insert_step(_step(first.table_id, 2, "ask 2 KLM"), None, True),
        )
        # The first table's step 2 again (as another process would have it), beside a
        # new step of the second table: only the taken number fails.
        results = await asyncio.gather(
            store.insert_step(_step(first.table_id, 2, "ask 2 XYZ"), 0, False),
            store.insert_step(_step(second.table_id, 2), 0, False),
            return_exceptions=True,
        )
        assert isinstance(results[0], StepConflict) and results[1] is None

        stored = [(s.number, s.action, s.at) for s in await store.steps(first.table_id)]
        assert stored == [(1, "ask 1 JKL", 2.5), (2, "ask 2 KLM", 3.5)]
        assert [s.number for s in await store.steps(second.table_id)] == [1, 2]
        row = await store.table(first.table_id)
        assert row is not None
        assert (row.step, row.to_move, row.status, row.finished_at) == (2, None, "finished", 3.5)
        other = await store.table(second.table_id)
        assert other is not None
        assert (other.step, other.to_move, other.status, other.finished_at) == (
            2,
            0,
            "playing",
            None,
        )
    finally:
        await database.close()


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
async def test_who_is_calling_follows_a_rename(kind: str, tmp_path: Path, postgres: Any) -> None:
    """With one process the identity is kept in memory (SQLite): a rename is seen at once,
    also when it lands while a lookup is reading."""
    url = postgres() if kind == "postgresql" else f"sqlite:///{tmp_path / 'store.db'}"
    database = open_database(Settings(db_url=url, key_file=tmp_path / "key"))
    await database.migrate()
    store = Store(database)
    try:
        person, secret = await store.create_person("Ann")
        found = await store.person_by_secret(secret)
        assert found is not None and (found.id, found.name) == (person.id, "Ann")
        await store.rename_person(person.id, "Anna")
        again = await store.person_by_secret(secret)
        assert again is not None and (again.id, again.name) == (person.id, "Anna")
        # A lookup under way when a rename commits keeps nothing stale.
        looking = asyncio.ensure_future(store.person_by_secret(secret))
        await store.rename_person(person.id, "Annie")
        await looking
        latest = await store.person_by_secret(secret)
        assert latest is not None and latest.name == "Annie"
        assert await store.person_by_secret("no such secret") is None
    finally:
        await database.close()


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
async def test_what_follows_a_commit_runs_before_its_caller_resumes(
    kind: str, tmp_path: Path, postgres: Any
) -> None:
    """A step's ``then`` (its frames) runs once the step is committed and before any caller
    of the batch resumes; what it raises is its own caller's, the others' steps stand."""
    url = postgres() if kind == "postgresql" else f"sqlite:///{tmp_path / 'store.db'}"
    database = open_database(Settings(db_url=url, key_file=tmp_path / "key"))
    await database.migrate()
    store = Store(database)
    seen: list[str] = []
    try:
        first = await create_table(store, _plan(), None)
        second = await create_table(store, _plan(), None)

        async def insert(table_id: str, name: str) -> None:
            def then() -> None:
                seen.append(f"{name} told")
                if name == "second":
                    raise RuntimeError(f"{name}: its frames failed")

            await store.insert_step(_step(table_id, 1), 1, False, then)
            seen.append(f"{name} resumed")

        results = await asyncio.gather(
            insert(first.table_id, "first"),
            insert(second.table_id, "second"),
            return_exceptions=True,
        )
        assert results[0] is None
        assert isinstance(results[1], RuntimeError)
        assert str(results[1]) == "second: its frames failed"
        assert seen == ["first told", "second told", "first resumed"]
        assert [s.number for s in await store.steps(first.table_id)] == [1]
        assert [s.number for s in await store.steps(second.table_id)] == [1]
    finally:
        await database.close()
