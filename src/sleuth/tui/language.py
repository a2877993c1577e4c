"""The terminal app's language: English, German or Japanese, from ``--lang`` or from the
environment as gettext reads it, and its words from the server's catalogues (``sleuth.i18n``:
the same ``.po`` files, no second source)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING

from sleuth.core.said import error_in as error_in
from sleuth.core.said import said_in as said_in
from sleuth.i18n import LANGUAGES, SOURCE, translate

if TYPE_CHECKING:  # the language is chosen before the terminal extra is known to be there
    from textual.dom import DOMNode

# Python's gettext reads the first of these that is set, as a colon-separated list.
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def language_from_environment(environ: Mapping[str, str]) -> str:
    """As Python's ``gettext.find``: the first of ``LOCALE_VARIABLES`` that is set, read as
    a list of locales in order of preference, up to ``C`` (which means English); the first of
    our languages among them (``de_AT.UTF-8`` counts as ``de``), else English."""
    value = next((environ[name] for name in LOCALE_VARIABLES if environ.get(name)), "")
    for entry in value.split(":"):
        if entry.split(".")[0] in ("C", "POSIX"):
            return SOURCE
        base = entry.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
        if base in LANGUAGES:
            return base
    return SOURCE


def speak_bindings(node: DOMNode, language: str) -> None:
    """The node's key bindings described in ``language`` (the footer shows the
    descriptions; the class's bindings stay the source, in English)."""
    bindings = node._bindings.key_to_bindings
    for key, listed in bindings.items():
        bindings[key] = [
            replace(b, description=translate(language, b.description)) if b.description else b
            for b in listed
        ]


def tr(message: str, language: str, **values: object) -> str:
    """``message`` in ``language`` from the server's catalogue, its ``%(name)s`` filled."""
    text = translate(language, message)
    return text % values if values else text


def language_of(node: DOMNode) -> str:
    """The language of the app ``node`` belongs to (English for an app that has none)."""
    language = getattr(node.app, "language", SOURCE)
    return language if isinstance(language, str) else SOURCE


def speak_bindings_of_screen(screen: DOMNode) -> None:
    """A screen's bindings in its app's language (called as it mounts)."""
    speak_bindings(screen, language_of(screen))
    screen.app.refresh_bindings()
