"""A long list of notations that crosses to a worker process as one string.

Black Vienna offers its 2,925 accusations to every bot seat at every step; the bot's job
carries them to a worker, pickled in a thread of the server while that thread holds the
interpreter's lock, which the event loop then waits for. Pickled item by item that took
about ten times as long as one joined string does, and the join is made once per list:
the same list object is sent again at every step (``live._notation`` keeps it).
"""

from __future__ import annotations

from collections.abc import Callable

SEPARATOR = "\n"  # no notation holds a line break


class PackedNotations(tuple[str, ...]):
    """A tuple of notations (none empty or holding a line break) that pickles as one string."""

    joined: str

    def __reduce__(self) -> tuple[Callable[[str], tuple[str, ...]], tuple[str]]:
        joined = self.__dict__.get("joined")
        if joined is None:
            joined = self.joined = SEPARATOR.join(self)
        return unpack, (joined,)


def unpack(joined: str) -> tuple[str, ...]:
    """The notations of a packed list, in a worker (a plain tuple: it is not sent on)."""
    return tuple(joined.split(SEPARATOR)) if joined else ()
