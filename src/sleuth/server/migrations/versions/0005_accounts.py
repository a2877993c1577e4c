"""Accounts (a name and a password's hash), their signed-in browsers (sessions), their
passkeys and the passkey challenges not yet answered.

A guest's row in ``people`` stays as it is: signing up adds an ``accounts`` row to it, so
every seat and record the guest had is the account's.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
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
    op.create_table(
        "passkeys",
        sa.Column("id", sa.String(400), primary_key=True),
        sa.Column(
            "person_id",
            sa.String(32),
            sa.ForeignKey("people.id", ondelete="CASCADE"),
            nullable=False,
            index=True,
        ),
        sa.Column("public_key", sa.Text, nullable=False),
        sa.Column("sign_count", sa.Integer, nullable=False),
        sa.Column("device", sa.String(100), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "passkey_challenges",
        sa.Column("challenge", sa.String(100), primary_key=True),
        sa.Column("person_id", sa.String(32), nullable=True),
        sa.Column("expires_at", sa.Float, nullable=False, index=True),
    )


def downgrade() -> None:
    op.drop_table("passkey_challenges")
    op.drop_table("passkeys")
    op.drop_table("account_sessions")
    op.drop_table("accounts")
