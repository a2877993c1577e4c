"""A network bot's name, once its account is revoked or deleted with its owner's, is never
issued again (``RetiredBotNameRow``): a table seats ``net:NAME``, so a name issued anew
would play the old bot's seats, see their hands and take its ratings.

Revision ID: 0017
Revises: 0016
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "retired_bot_names",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("retired_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("retired_bot_names")
