"""The table assistant: a notebook that thinks, for people playing the physical games."""

from .black_vienna import BlackViennaNotebook, EntryError

__all__ = ["BlackViennaNotebook", "EntryError"]
