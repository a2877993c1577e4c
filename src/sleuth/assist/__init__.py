"""The table assistant: a notebook that thinks, for people playing the physical games."""

from typing import Protocol

from sleuth.core.errors import EntryError


class Notebook(Protocol):
    """What the assistant app needs of a game's notebook."""

    @property
    def title(self) -> str: ...

    def enter(self, line: str) -> str: ...

    def lines(self) -> list[str]: ...

    def warnings(self) -> list[str]: ...

    def sheet(self, level: str = "full") -> str: ...

    def save(self) -> None: ...


__all__ = ["EntryError", "Notebook"]
