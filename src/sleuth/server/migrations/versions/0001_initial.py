"""People, tables, seats, steps and chat.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "people",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("secret_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("config", sa.Text, nullable=False),
        sa.Column("seed", sa.Text, nullable=False),
        sa.Column("salt", sa.String(64), nullable=False),
        sa.Column("bot_seed", sa.Text, nullable=False),
        sa.Column("sheet", sa.String(8), nullable=False),
        sa.Column("clock", sa.String(8), nullable=False),
        sa.Column("per_move", sa.Float, nullable=True),
        sa.Column("takeover_bot", sa.String(200), nullable=False),
        sa.Column("spectators", sa.Boolean, nullable=False),
        sa.Column("listed", sa.Boolean, nullable=False),
        sa.Column("status", sa.String(10), nullable=False, index=True),
        sa.Column("step", sa.Integer, nullable=False),
        sa.Column("to_move", sa.Integer, nullable=True),
        sa.Column("created_by", sa.String(32), nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("started_at", sa.Float, nullable=True),
        sa.Column("finished_at", sa.Float, nullable=True),
        sa.Column("rematch_of", sa.String(32), nullable=True),
        sa.Column("rematch", sa.String(32), nullable=True),
    )
    op.create_table(
        "seats",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("bot", sa.String(200), nullable=True),
        sa.Column("takeover", sa.Boolean, nullable=False),
        sa.Column("person_id", sa.String(32), nullable=True, index=True),
        sa.Column("token_hash", sa.String(64), nullable=True, unique=True),
        sa.Column("since", sa.Float, nullable=False),
        sa.Column("notes", sa.Text, nullable=False),
    )
    op.create_table(
        "steps",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.Text, nullable=False),
        sa.Column("result", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.UniqueConstraint("table_id", "number", name="uq_steps_table_number"),
    )
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            nullable=False,
            index=True,
        ),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    for name in ("chat", "steps", "seats", "tables", "people"):
        op.drop_table(name)
