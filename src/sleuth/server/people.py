"""People's rows: a browser identity and its display name (no table's rows: those are each
table's owner's, ``owner.TableOwner``)."""

from __future__ import annotations

from .models import PersonRow
from .store import Store


class People:
    def __init__(self, store: Store) -> None:
        self._store = store

    async def create(self, name: str) -> tuple[PersonRow, str]:
        """A new identity: its row and the secret its cookie holds (stored only hashed)."""
        return await self._store.create_person(name)

    async def rename(self, person_id: str, name: str) -> None:
        await self._store.rename_person(person_id, name)

    async def by_secret(self, secret: str) -> PersonRow | None:
        return await self._store.person_by_secret(secret)
