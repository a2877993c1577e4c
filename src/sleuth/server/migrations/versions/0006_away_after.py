"""How long a person may be away from a clockless table before the others may hand the
seat to its bot: a setting of each table, two minutes for the tables dealt before it.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as tables:
        tables.add_column(
            sa.Column("away_after", sa.Float, nullable=False, server_default=sa.text("120"))
        )


def downgrade() -> None:
    with op.batch_alter_table("tables") as tables:
        tables.drop_column("away_after")
