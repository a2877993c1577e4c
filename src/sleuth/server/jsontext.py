"""JSON text for the wire, by orjson: a server encodes every seat's frame at every step.

orjson encodes the views' frozen dataclasses field by field, enums by value and tuples as
lists, which is exactly what ``View.to_json`` gives (the play tests compare every frame
with it), at a fraction of the cost; a ``Fragment`` embeds text encoded once (a seat's
view, the table's log) in every frame that carries it.
"""

from __future__ import annotations

from typing import Any

import orjson

from sleuth.core import View

Fragment = orjson.Fragment
_OPTIONS = orjson.OPT_NON_STR_KEYS


def json_text(value: Any) -> str:
    return orjson.dumps(value, option=_OPTIONS).decode()


def json_bytes(value: Any) -> bytes:
    return orjson.dumps(value, option=_OPTIONS)


def view_bytes(view: View) -> bytes:
    """The view's JSON; a view with its own ``to_json`` is encoded through it."""
    if type(view).to_json is View.to_json:
        return orjson.dumps(view, option=_OPTIONS)
    return orjson.dumps(view.to_json(), option=_OPTIONS)
