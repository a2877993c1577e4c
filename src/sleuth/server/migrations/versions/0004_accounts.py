"""Accounts (a name and a password's hash) and their signed-in browsers (sessions).

A guest's row in ``people`` stays as it is: signing up adds an ``accounts`` row to it, so
every seat and record the guest had is the account's.

Revision ID: 0004_accounts
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_accounts"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column(
            "person_id",
            sa.String(32),
            sa.ForeignKey("people.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("name_key", sa.String(160), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(200), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "account_sessions",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column(
            "person_id",
            sa.String(32),
            sa.ForeignKey("people.id", ondelete="CASCADE"),
            nullable=False,
            index=True,
        ),
        sa.Column("secret_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("device", sa.String(100), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("account_sessions")
    op.drop_table("accounts")
