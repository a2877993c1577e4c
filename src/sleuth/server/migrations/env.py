"""Alembic's environment: the service runs it on the connection it hands over at start."""

from __future__ import annotations

from alembic import context

from sleuth.server.models import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
