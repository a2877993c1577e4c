"""Notifications to chat services and webhooks through Apprise: each person's hooks, an
Apprise URL each with the kinds it takes (issue #36, item 3). The queue's rows name a hook
as their target (channel ``hook``).

Revision ID: 0012
Revises: 0011
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "hooks",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column(
            "person_id",
            sa.String(32),
            sa.ForeignKey("people.id", ondelete="CASCADE"),
            nullable=False,
            index=True,
        ),
        sa.Column("url", sa.Text, nullable=False),
        sa.Column("shown", sa.Text, nullable=False),
        sa.Column("language", sa.String(8), nullable=False),
        sa.Column("your_move", sa.Boolean, nullable=False),
        sa.Column("game_over", sa.Boolean, nullable=False),
        sa.Column("invited", sa.Boolean, nullable=False),
        sa.Column("clock_low", sa.Boolean, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("failures", sa.Integer, nullable=False, server_default="0"),
        sa.Column("last_error", sa.Text, nullable=True),
    )


def downgrade() -> None:
    op.execute("DELETE FROM notifications WHERE channel = 'hook'")
    op.drop_table("hooks")
