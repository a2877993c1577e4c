"""A waiting table expires once left unstarted long enough (``expiry``): its last sign of
life (``active_at``: made, a seat taken, a chat line), and the client address that dealt it
(``created_from``), which the cap on one address's waiting tables counts. A table dealt
before it counts as alive at the upgrade.

Revision ID: 0016
Revises: 0015
"""

from __future__ import annotations

import time

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as tables:
        tables.add_column(
            sa.Column("active_at", sa.Float, nullable=False, server_default=sa.text("0"))
        )
        tables.add_column(sa.Column("created_from", sa.String(64), nullable=True))
    # No record says when a seat was taken before: every table counts as alive at the
    # upgrade, so none expires at the first sweep after it (a table whose seats filled
    # yesterday would have), each getting the operator's whole while from then on.
    op.execute(sa.text("UPDATE tables SET active_at = :now").bindparams(now=time.time()))


def downgrade() -> None:
    with op.batch_alter_table("tables") as tables:
        tables.drop_column("created_from")
        tables.drop_column("active_at")
