"""Position files (``sleuth deduce``) with a key that is not theirs: an error must name it."""

from __future__ import annotations

import copy

import pytest

from sleuth.deduce.api import analyze_position
from sleuth.deduce.model import PositionError

from .json_access import as_list, as_obj


def with_key(
    position: dict[str, object], path: tuple[str | int, ...], key: str
) -> dict[str, object]:
    """A copy of ``position`` with ``key`` added to the object at ``path``."""
    out = copy.deepcopy(position)
    where: object = out
    for step in path:
        where = as_list(where)[step] if isinstance(step, int) else as_obj(where)[step]
    assert isinstance(where, dict)
    where[key] = False
    return out


def check_unknown_key_named(
    position: dict[str, object], path: tuple[str | int, ...], key: str, named: str
) -> None:
    """``position`` is fine, and with ``key`` added at ``path`` an error names it as ``named``."""
    analyze_position(position)
    with pytest.raises(PositionError) as error:
        analyze_position(with_key(position, path, key))
    assert str(error.value).startswith(f"{named}: unknown key (expected ")
