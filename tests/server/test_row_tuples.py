"""Rows of two columns read as pairs: SQLAlchemy 2.1 deprecates ``Result.tuples()`` (its
rows unpack typed by themselves) and its ``Row`` is a sequence, not a tuple. What the
service reads that way comes back as real tuples and dicts, with no warning at all."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session

from sleuth.server.accounts import DELETED_NAME, Accounts
from sleuth.server.db import open_database
from sleuth.server.hashing import Passwords, hasher_for
from sleuth.server.models import ChatRow
from sleuth.server.ratings import Ratings
from sleuth.server.settings import Settings
from sleuth.server.store import Store

from .test_ratings import store_finished

pytestmark = pytest.mark.filterwarnings("error")


async def test_pairs_read_from_the_database_are_tuples_without_a_warning(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'sleuth.db'}"
    table, players, _ = await store_finished(db, tmp_path / "signing.key", rated=True)
    ann, bob = (player.removeprefix("person:") for player in players[:2])
    database = open_database(Settings(db_url=db))
    store = Store(database)
    accounts = Accounts(database, store, Passwords(hasher_for("owasp")))
    try:
        ratings = Ratings(database)
        names = await ratings.names([ann, bob, "nobody"])
        assert names == {ann: "Ann", bob: "Bob"} and type(names) is dict
        finished = await ratings.finished_of(ann)
        assert [(row.id, seat) for row, seat in finished] == [(table, 0)]
        assert [type(pair) for pair in finished] == [tuple]
        held = await store.tables_of(bob)
        assert [(row.id, seat) for row, seat in held] == [(table, 1)]
        assert [type(pair) for pair in held] == [tuple]

        # Deleting Ann's account renames her lines of chat at each of her seats.
        def chat(session: Session) -> None:
            session.add(ChatRow(table_id=table, seat=0, name="Ann", text="hi", at=1.0))
            session.add(ChatRow(table_id=table, seat=1, name="Bob", text="hey", at=2.0))

        await database.write(chat)
        await accounts.delete(ann)
        seats_and_names = select(ChatRow.seat, ChatRow.name)
        lines = await database.read(
            lambda session: [(seat, name) for seat, name in session.execute(seats_and_names)]
        )
        assert sorted(lines) == [(0, DELETED_NAME), (1, "Bob")]
    finally:
        accounts.passwords.close()
        await database.close()
