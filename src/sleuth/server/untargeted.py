"""People known to have no way to be told anything: no mail address, browser or hook kept.

Most people at most tables never ask to be told; without this, every step that hands the move
to a person asked the database for their mail, push and hook choices, in a write transaction:
a quarter of the server's CPU at 250 tables (benchmarks/serve.py, measured with py-spy), and
on SQLite a wait in the one writer's queue for every other table's steps. A person is noted
here once a query found nothing for them; any change to their choices forgets them (in this
process at once, in others over the bus), and a note is kept a minute at most, so a missed
word from the bus costs no more than that.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

KEEP_SECONDS = 60.0  # a note's life: the bound on a missed word from another process
MOST_NOTED = 100_000  # people noted at once; past it the notes start again (a flood of guests)


class Untargeted:
    def __init__(self, clock: Callable[[], float], keep_seconds: float = KEEP_SECONDS) -> None:
        self._clock = clock
        self._keep = keep_seconds
        self._noted: dict[str, float] = {}
        self._changes = 0

    @property
    def changes(self) -> int:
        """Taken before a query: its finding is noted only if nothing changed meanwhile."""
        return self._changes

    def known(self, person_id: str) -> bool:
        at = self._noted.get(person_id)
        if at is None:
            return False
        if self._clock() - at > self._keep:
            del self._noted[person_id]
            return False
        return True

    def note(self, people: Iterable[str], changes_before: int) -> None:
        """``people`` had no choice at all when queried; unless a choice changed since the
        query began (``changes_before``), which the query may not have seen."""
        if self._changes != changes_before:
            return
        if len(self._noted) > MOST_NOTED:
            self._noted.clear()
        at = self._clock()
        for person_id in people:
            self._noted[person_id] = at

    def forget(self, person_id: str) -> None:
        self._noted.pop(person_id, None)
        self._changes += 1

    def clear(self) -> None:
        self._noted.clear()
        self._changes += 1
