"""What ``sleuth serve`` checks before it starts, each said in words in place of the
startup's traceback: the signing key (read, or made), the database (reached, or opened),
and the address it is to listen on (taken by another server, or not this machine's)."""

from __future__ import annotations

import asyncio
import errno
import socket
from pathlib import Path

from sleuth.core.said import error_in, said_in
from sleuth.i18n import tr
from sleuth.server.settings import Settings


def startup_refusal(settings: Settings, host: str, port: int, language: str) -> str | None:
    """Why the service cannot start as asked, in ``language``, or None."""
    from sleuth.server.db import database_unreached
    from sleuth.server.signing import SigningKey

    try:
        SigningKey.load_or_create(settings.key_file)  # made or read before anything starts
    except (ValueError, OSError) as error:
        return key_refusal(error, settings.key_file, language)
    unreached = asyncio.run(database_unreached(settings))
    if unreached is not None:
        return said_in(unreached, language)
    # Before anything is dealt or printed: a second server on a busy port would print a
    # table link that leads to the first server's "no such table".
    return listen_refusal(host, port, language)


def listen_refusal(host: str, port: int, language: str) -> str | None:
    """Why ``host:port`` cannot be listened on (as the server would bind it), or None."""
    address = f"{host}:{port}"
    try:
        family, kind, proto, _, bound = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )[0]
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind(bound)
    except OSError as error:
        reason = error.strerror or str(error)
        if error.errno == errno.EADDRINUSE:
            return tr(
                "%(address)s is taken (%(reason)s): another server may be running there; "
                "choose another with --port",
                language,
                address=address,
                reason=reason,
            )
        # An unknown host name, an address of another machine, a port kept for the system.
        return tr("cannot listen on %(address)s: %(reason)s", language, address=address,
                  reason=reason)  # fmt: skip
    return None


def key_refusal(error: Exception, path: Path, language: str) -> str:
    """Why the signing key can be neither read nor made, in ``language``."""
    if isinstance(error, ValueError):
        return error_in(error, language)
    reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
    return tr("--key %(file)s: cannot make it: %(reason)s", language, file=str(path), reason=reason)
