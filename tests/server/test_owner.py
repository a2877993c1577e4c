"""Each open table has one owner (``sleuth.server.owner.TableOwner``), the only writer of its
rows: a router, the hub or the driver that wrote a seat or a step itself would skip the
owner's lock, its broadcast and its notice to the other processes (the seats here and there
would not hear of the change until the next sweep, or never, for the chat).

Read from the source: every call of one of the store's writers, on the store (an attribute
or a name ``store``), stands in the module allowed to make it, and no router reaches the
store at all. ``lint-imports`` keeps the routers from importing it.
"""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

pytest.importorskip("sqlalchemy")

from sleuth.server import store

SERVER = Path(store.__file__).parent

# What each writer of the store writes, and the one module that may call it.
TABLE_ROWS = {
    "insert_step",
    "update_table",
    "update_seat",
    "take_seat",
    "start_if_full",
    "add_chat",
    "leave_seat",
    "stand_in",
}
WRITERS = {
    **dict.fromkeys(TABLE_ROWS, "owner.py"),
    # A new table's rows, before it has an owner (a rematch: called by the old one's owner).
    "create_table": "lobby.py",
    "create_person": "people.py",
    "rename_person": "people.py",
    # Who a person is (an account, its sessions and passkeys) changes only through accounts.
    "change_person": "accounts.py",
}
READERS = {
    "person_by_secret",
    "people",
    "table",
    "progress",
    "seats",
    "steps",
    "unfinished_tables",
    "unfinished_progress",
    "tables_of",
    "listed_tables",
    "seat_by_token",
    "chat",
    "leavers",
    # The waiting-tables cap, read before a deal's network bots are asked (a check only).
    "waiting_cap_met",
}


def _on_the_store(node: ast.expr) -> bool:
    """Whether a call's receiver is the store: ``store``, ``x.store``, ``self._store``, or
    what a getter of it returns (``self._store()``)."""
    if isinstance(node, ast.Call):
        node = node.func
    if isinstance(node, ast.Name):
        return node.id in ("store", "_store")
    return isinstance(node, ast.Attribute) and node.attr in ("store", "_store")


def store_calls(path: Path) -> list[tuple[str, int]]:
    """(method, line) of every call of a store's method in a module."""
    calls = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        called = node.func if isinstance(node, ast.Call) else None
        if isinstance(called, ast.Attribute) and _on_the_store(called.value):
            calls.append((called.attr, called.lineno))
    return calls


def test_every_method_of_the_store_is_a_writer_or_a_reader() -> None:
    methods = {
        name
        for name, member in inspect.getmembers(store.Store, inspect.isfunction)
        if not name.startswith("_")
    }
    # A new method is classified here: a writer names the one module allowed to call it.
    assert methods == set(WRITERS) | READERS


def test_only_a_tables_owner_writes_its_rows() -> None:
    misplaced = [
        f"{path.relative_to(SERVER)}:{line} calls Store.{method}"
        for path in sorted(SERVER.rglob("*.py"))
        if path.name != "store.py"
        for method, line in store_calls(path)
        if method in WRITERS and path.name != WRITERS[method]
    ]
    assert misplaced == []


def test_no_router_reaches_the_store() -> None:
    reached = [
        f"{path.name}:{node.lineno}"
        for path in sorted((SERVER / "routers").glob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Attribute) and node.attr in ("store", "_store", "desk")
    ]
    assert reached == []


def test_the_check_sees_a_write_around_the_owner(tmp_path: Path) -> None:
    module = tmp_path / "seats.py"
    module.write_text(
        "async def leave(app, live, seat):\n"
        "    await app.hub.store.update_seat(live.id, seat, person_id=None)\n"
    )
    assert store_calls(module) == [("update_seat", 2)]


def test_the_check_sees_a_write_through_a_getter_of_the_store(tmp_path: Path) -> None:
    module = tmp_path / "tablechat.py"
    module.write_text("async def say(self):\n    await self._store().add_chat('t', 0, 'A', 'hi')\n")
    assert store_calls(module) == [("add_chat", 2)]
