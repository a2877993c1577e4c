"""Whom a bot played a seat for during a game (left it, away, out of time): a rated table
ranks them last (``StandInRow``).

Revision ID: 0015
Revises: 0014
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "stand_ins",
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
    op.drop_table("stand_ins")
