"""Typed access to JSON output in tests: each helper checks the value's kind and returns it
narrowed, so a test reads ``as_obj(out["cards"])["A"]`` and a wrong kind fails the test with
the value shown, not later with an unrelated TypeError."""

from __future__ import annotations

from sleuth.core.serialize import JSONValue


def as_obj(value: object) -> dict[str, JSONValue]:
    """``value`` as a JSON object."""
    assert isinstance(value, dict), f"expected a JSON object, got {value!r}"
    return value


def as_list(value: object) -> list[JSONValue]:
    """``value`` as a JSON array."""
    assert isinstance(value, list), f"expected a JSON array, got {value!r}"
    return value


def as_str(value: object) -> str:
    """``value`` as a JSON string."""
    assert isinstance(value, str), f"expected a JSON string, got {value!r}"
    return value


def as_int(value: object) -> int:
    """``value`` as a JSON integer (a bool is not one)."""
    assert isinstance(value, int) and not isinstance(value, bool), (
        f"expected an integer, got {value!r}"
    )
    return value


def as_number(value: object) -> float:
    """``value`` as a JSON number, integer or not (a bool is not one)."""
    assert isinstance(value, int | float) and not isinstance(value, bool), (
        f"expected a number, got {value!r}"
    )
    return value
