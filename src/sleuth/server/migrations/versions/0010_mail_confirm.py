"""A mail address is confirmed before any notification goes to it: when its confirmation
mail went, and when its link was opened.

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("mail_settings", sa.Column("confirmed_at", sa.Float, nullable=True))
    op.add_column("mail_settings", sa.Column("confirm_sent_at", sa.Float, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("mail_settings") as batch:
        batch.drop_column("confirm_sent_at")
        batch.drop_column("confirmed_at")
