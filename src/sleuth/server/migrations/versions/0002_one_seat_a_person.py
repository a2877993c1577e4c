"""One person, one seat of a table: a unique index over (table, person).

Two requests of one person that took two seats of a table at once could both pass a check
made before the write; the index makes the database refuse the second, on SQLite and
PostgreSQL alike (NULLs, the seats nobody holds, are distinct in a unique index on both).

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import time

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A person who took several seats of a table before this index keeps the lowest of
    # them; the others are freed (the table's bot plays them, as when a person leaves).
    seats = sa.table(
        "seats",
        sa.column("table_id", sa.String),
        sa.column("seat", sa.Integer),
        sa.column("person_id", sa.String),
        sa.column("takeover", sa.Boolean),
        sa.column("bot", sa.String),
        sa.column("since", sa.Float),
    )
    tables = sa.table(
        "tables",
        sa.column("id", sa.String),
        sa.column("status", sa.String),
        sa.column("takeover_bot", sa.String),
    )
    connection = op.get_bind()
    rows = connection.execute(
        sa.select(
            seats.c.table_id,
            seats.c.seat,
            seats.c.person_id,
            seats.c.takeover,
            tables.c.status,
            tables.c.takeover_bot,
        )
        .join(tables, tables.c.id == seats.c.table_id)
        .where(seats.c.person_id.is_not(None))
        .order_by(seats.c.table_id, seats.c.person_id, seats.c.seat)
    ).all()
    kept: set[tuple[str, str]] = set()
    for table_id, seat, person_id, takeover, status, takeover_bot in rows:
        if (table_id, person_id) in kept:
            freed: dict[str, object] = {"person_id": None}
            if status == "playing" and not takeover:
                freed.update(takeover=True, bot=takeover_bot, since=time.time())
            connection.execute(
                seats.update()
                .where(seats.c.table_id == table_id, seats.c.seat == seat)
                .values(**freed)
            )
        kept.add((table_id, person_id))
    op.create_index("uq_seats_table_person", "seats", ["table_id", "person_id"], unique=True)


def downgrade() -> None:
    op.drop_index("uq_seats_table_person", table_name="seats")
