"""Migrations upgrade a database that holds what the older schema allowed: 0002 makes one
person hold one seat of a table, and a person who held several (three sits at once could give
three) keeps the lowest while the others go to the table's bot, so no game stalls."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine, text

from sleuth.server.db import MIGRATIONS
from support.game_cases import kit_for

# The table dealt where any game would do (its cases: ``FrontCases.example``).
EXAMPLE = kit_for(lambda cases: cases.fronts.example).name


def upgrade(url: str, revision: str) -> None:
    engine = create_engine(url)
    with engine.begin() as connection:
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        config.attributes["connection"] = connection
        command.upgrade(config, revision)
    engine.dispose()


def test_a_person_with_several_seats_keeps_one_and_the_bot_plays_the_others(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    upgrade(url, "0001")
    engine = create_engine(url)
    with engine.begin() as db:
        for table, status in (("t1", "playing"), ("t2", "waiting")):
            db.execute(
                text(
                    "INSERT INTO tables (id, game, players, config, seed, salt, bot_seed, sheet,"
                    " clock, takeover_bot, spectators, listed, status, step, created_at)"
                    " VALUES (:id, :game, 3, '{}', '1', 's', '2', 'off', 'none',"
                    " 'basic', 1, 0, :status, 0, 0)"
                ),
                {"id": table, "game": EXAMPLE, "status": status},
            )
            for seat in range(3):
                db.execute(
                    text(
                        "INSERT INTO seats (table_id, seat, kind, takeover, person_id, since,"
                        " notes) VALUES (:t, :s, 'person', 0, 'eve', 0, '{}')"
                    ),
                    {"t": table, "s": seat},
                )
    engine.dispose()
    upgrade(url, "head")
    engine = create_engine(url)
    with engine.connect() as db:
        rows = db.execute(
            text(
                "SELECT table_id, seat, person_id, takeover, bot FROM seats ORDER BY table_id, seat"
            )
        ).all()
        assert [tuple(r) for r in rows] == [
            ("t1", 0, "eve", 0, None),
            ("t1", 1, None, 1, "basic"),
            ("t1", 2, None, 1, "basic"),
            ("t2", 0, "eve", 0, None),
            ("t2", 1, None, 0, None),  # not dealt yet: the seat waits for a person
            ("t2", 2, None, 0, None),
        ]
        with pytest.raises(Exception, match="UNIQUE"):
            db.execute(text("UPDATE seats SET person_id = 'eve' WHERE table_id = 't1'"))
    engine.dispose()


def test_a_waiting_table_dealt_before_expiry_is_alive_at_the_upgrade(tmp_path: Path) -> None:
    """0016: no record says when a seat was taken before it, so every table counts as alive
    when it runs (none expires at the first sweep after an upgrade)."""
    url = f"sqlite:///{tmp_path / 'old.db'}"
    upgrade(url, "0015")
    engine = create_engine(url)
    with engine.begin() as db:
        for table, created in (("quiet", 100.0), ("chatty", 200.0)):
            db.execute(
                text(
                    "INSERT INTO tables (id, game, players, config, seed, salt, bot_seed, sheet,"
                    " clock, takeover_bot, spectators, listed, status, step, created_at,"
                    " away_after) VALUES (:id, :game, 3, '{}', '1', 's', '2', 'off', 'none',"
                    " 'basic', 1, 1, 'waiting', 0, :created, 120)"
                ),
                {"id": table, "game": EXAMPLE, "created": created},
            )
        for at in (250.0, 900.0, 300.0):
            db.execute(
                text("INSERT INTO chat (table_id, seat, name, text, at) VALUES"
                     " ('chatty', 0, 'Ann', 'hi', :at)"),
                {"at": at},
            )  # fmt: skip
    engine.dispose()
    before = time.time()
    upgrade(url, "head")
    after = time.time()
    engine = create_engine(url)
    with engine.connect() as db:
        rows = [
            tuple(r)
            for r in db.execute(text("SELECT id, active_at, created_from FROM tables ORDER BY id"))
        ]
        assert [(table, source) for table, _, source in rows] == [("chatty", None), ("quiet", None)]
        assert rows[0][1] == rows[1][1] and before <= rows[0][1] <= after
    engine.dispose()
