"""A move a day that survives life: each table's time bank and vacation days, and people's
vacations (``clocks``).

Revision ID: 0013
Revises: 0012
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("bank", sa.Float, nullable=False, server_default="0"))
    op.add_column(
        "tables", sa.Column("vacation_days", sa.Integer, nullable=False, server_default="0")
    )
    op.create_table(
        "vacations",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column(
            "person_id",
            sa.String(32),
            sa.ForeignKey("people.id", ondelete="CASCADE"),
            nullable=False,
            index=True,
        ),
        sa.Column("starts_at", sa.Float, nullable=False),
        sa.Column("ends_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("vacations")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("vacation_days")
        batch.drop_column("bank")
