"""Notifications by Web Push: each person's choices, their browsers' subscriptions, and the
queue's channel (a row is sent by mail, or pushed to one subscription) (issue #36, item 3).

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None

OLD_EVENT = ["person_id", "kind", "table_id", "step"]


def upgrade() -> None:
    op.create_table(
        "push_settings",
        sa.Column(
            "person_id",
            sa.String(32),
            sa.ForeignKey("people.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("your_move", sa.Boolean, nullable=False),
        sa.Column("game_over", sa.Boolean, nullable=False),
        sa.Column("invited", sa.Boolean, nullable=False),
        sa.Column("clock_low", sa.Boolean, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_table(
        "push_subscriptions",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column(
            "person_id",
            sa.String(32),
            sa.ForeignKey("people.id", ondelete="CASCADE"),
            nullable=False,
            index=True,
        ),
        sa.Column("endpoint", sa.String(1000), nullable=False, unique=True),
        sa.Column("p256dh", sa.String(128), nullable=False),
        sa.Column("auth", sa.String(64), nullable=False),
        sa.Column("language", sa.String(8), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("failures", sa.Integer, nullable=False, server_default="0"),
        sa.Column("last_error", sa.Text, nullable=True),
    )
    with op.batch_alter_table("notifications") as notifications:
        notifications.add_column(
            sa.Column("channel", sa.String(8), nullable=False, server_default="mail")
        )
        notifications.add_column(
            sa.Column("target", sa.Integer, nullable=False, server_default="0")
        )
        # One row an event and a channel (and a browser): the same event mailed and pushed.
        notifications.drop_constraint("uq_notifications_event", type_="unique")
        notifications.create_unique_constraint(
            "uq_notifications_event", [*OLD_EVENT, "channel", "target"]
        )


def downgrade() -> None:
    op.execute("DELETE FROM notifications WHERE channel <> 'mail'")
    with op.batch_alter_table("notifications") as notifications:
        notifications.drop_constraint("uq_notifications_event", type_="unique")
        notifications.create_unique_constraint("uq_notifications_event", OLD_EVENT)
        notifications.drop_column("target")
        notifications.drop_column("channel")
    op.drop_table("push_subscriptions")
    op.drop_table("push_settings")
