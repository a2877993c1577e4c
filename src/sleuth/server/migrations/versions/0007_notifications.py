"""Notifications by e-mail: each person's address and choices, and the queue of events to
send (issue #36, item 3).

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "mail_settings",
        sa.Column(
            "person_id",
            sa.String(32),
            sa.ForeignKey("people.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("address", sa.String(254), nullable=False),
        sa.Column("language", sa.String(8), nullable=False),
        sa.Column("your_move", sa.Boolean, nullable=False),
        sa.Column("game_over", sa.Boolean, nullable=False),
        sa.Column("invited", sa.Boolean, nullable=False),
        sa.Column("clock_low", sa.Boolean, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_table(
        "notifications",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column(
            "person_id",
            sa.String(32),
            sa.ForeignKey("people.id", ondelete="CASCADE"),
            nullable=False,
            index=True,
        ),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("step", sa.Integer, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("sent_at", sa.Float, nullable=True),
        sa.Column("attempts", sa.Integer, nullable=False),
        sa.Column("next_try_at", sa.Float, nullable=True),
        sa.Column("last_error", sa.Text, nullable=True),
        sa.Column("claimed_by", sa.String(32), nullable=True),
        sa.Column("claimed_until", sa.Float, nullable=True),
        sa.UniqueConstraint("person_id", "kind", "table_id", "step", name="uq_notifications_event"),
    )
    op.create_index("ix_notifications_due", "notifications", ["sent_at", "next_try_at"])


def downgrade() -> None:
    op.drop_index("ix_notifications_due", "notifications")
    op.drop_table("notifications")
    op.drop_table("mail_settings")
