"""The multiplayer service: tables of people and bots over HTTP and WebSockets.

``create_app(settings)`` builds the ASGI app; ``sleuth serve`` runs it on uvicorn. The
database record of each table is the truth: every accepted action is committed before anyone
is told of it, and a process rebuilds its tables by replaying their records.
"""

from .settings import Settings

__all__ = ["Settings", "create_app"]


def __getattr__(name: str) -> object:
    # The app pulls in FastAPI and SQLAlchemy: only when asked for.
    if name == "create_app":
        from .app import create_app

        return create_app
    raise AttributeError(name)
