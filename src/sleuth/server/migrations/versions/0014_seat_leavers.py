"""Who gave up which seat: a page offline when its person left the seat learns, at its
reconnection, that the seat is gone rather than that it is not theirs (``LeaverRow``).

Revision ID: 0014
Revises: 0013
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "seat_leavers",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("person_id", sa.String(32), primary_key=True),
    )


def downgrade() -> None:
    op.drop_table("seat_leavers")
