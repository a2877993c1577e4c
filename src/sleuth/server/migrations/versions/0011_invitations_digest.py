"""Invitations of an account by its name to a table's seat, and the daily digest of mail:
the hour (and time zone) a person's one mail a day goes at.

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("mail_settings", sa.Column("digest_hour", sa.Integer, nullable=True))
    op.add_column(
        "mail_settings",
        sa.Column("digest_zone", sa.String(64), nullable=False, server_default="UTC"),
    )
    op.create_table(
        "invitations",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            nullable=False,
            index=True,
        ),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column(
            "inviter_id",
            sa.String(32),
            sa.ForeignKey("people.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column(
            "invitee_id",
            sa.String(32),
            sa.ForeignKey("people.id", ondelete="CASCADE"),
            nullable=False,
            index=True,
        ),
        sa.Column("state", sa.String(12), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
        sa.Column("answered_at", sa.Float, nullable=True),
    )
    op.create_index(
        "uq_invitations_open",
        "invitations",
        ["table_id", "invitee_id"],
        unique=True,
        sqlite_where=sa.text("state = 'open'"),
        postgresql_where=sa.text("state = 'open'"),
    )


def downgrade() -> None:
    op.drop_table("invitations")
    with op.batch_alter_table("mail_settings") as batch:
        batch.drop_column("digest_zone")
        batch.drop_column("digest_hour")
