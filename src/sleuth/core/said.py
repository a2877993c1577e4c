"""Words for people that another language can say: the English text, and what it was made of.

A ``Said`` is the English sentence (it *is* a ``str``: every caller that prints, compares or
formats a message keeps working), carrying its template, the English text with ``%(name)s``
placeholders that is the catalogues' key, and the values filling them. The page shows it in
its own language by looking the template up in its catalogue and filling in the values;
a value may be a ``Said`` itself (a refusal's reason inside "seat 1 cannot ...").

Templates are marked with ``said(...)`` where they are written, so ``pybabel extract`` finds
them (``scripts/catalogues.py``) and the completeness test holds them to a German and a
Japanese translation. A game that keeps its own catalogue (a game of another package, which
cannot add to Sleuth's) marks its words with the ``said`` that ``said_from`` makes for its
catalogue's folder: its words are then looked up there first, then in Sleuth's.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Protocol, Union

from sleuth.i18n import translate_at, translate_in

SaidValue = Union[str, int, "Said"]
# On the wire a value that is words itself is an object with its own template and values.
WireValue = str | int | dict[str, object]


class Said(str):
    """English words for a person, with the template and values they were made from."""

    template: str
    values: Mapping[str, SaidValue]
    code: str
    # The game's own catalogues the template is looked up in before Sleuth's (None: Sleuth's).
    locale: Path | None
    # The sense the template is used in, where one English word has two (gettext's msgctxt).
    context: str

    def __new__(
        cls,
        template: str,
        values: Mapping[str, SaidValue],
        code: str = "",
        locale: Path | None = None,
        context: str = "",
    ) -> Said:
        # A template without values is never %-formatted: a literal "%" stays as written.
        text = template % {k: str(v) for k, v in values.items()} if values else template
        made = super().__new__(cls, text)
        made.template = template
        made.values = dict(values)
        made.code = code
        made.locale = locale
        made.context = context
        return made

    def __reduce__(
        self,
    ) -> tuple[type[Said], tuple[str, dict[str, SaidValue], str, Path | None, str]]:
        # An error raised in a worker process crosses back pickled, its words with it.
        return (Said, (self.template, dict(self.values), self.code, self.locale, self.context))

    def wire(self) -> dict[str, object]:
        """The template and values as the page reads them (``types.d.ts``, ``Words``), and
        the template's context where it has one."""
        wired: dict[str, object] = {"template": self.template, "values": wire_values(self.values)}
        return wired | {"context": self.context} if self.context else wired


def wire_values(values: Mapping[str, SaidValue]) -> dict[str, WireValue]:
    return {k: v.wire() if isinstance(v, Said) else v for k, v in values.items()}


def said(template: str, **values: SaidValue) -> Said:
    """The English sentence ``template % values``, keeping both: mark with this every
    message a person at the page may read (a refusal of a move, a refused seat)."""
    return Said(template, values)


class Saying(Protocol):
    """A ``said``: English words with their template and values."""

    def __call__(self, template: str, /, **values: SaidValue) -> Said: ...


def said_from(locale: Path) -> Saying:
    """The ``said`` of a game that keeps its own catalogues in ``locale``
    (``<language>/LC_MESSAGES/messages.po`` under it): its words are looked up there first,
    then in Sleuth's. A game's module binds it to the name ``said``, so that
    ``scripts/catalogues.py`` extracts the game's words into the game's catalogue."""

    def said_there(template: str, /, **values: SaidValue) -> Said:
        return Said(template, values, locale=locale)

    return said_there


def psaid(context: str, template: str, **values: SaidValue) -> Said:
    """``said`` for a template used in the sense ``context`` names ("live" as a kind of
    clock): each sense has its own catalogue entry (msgctxt)."""
    return Said(template, values, context=context)


def words_of(error: BaseException) -> Said | None:
    """The ``Said`` an error was raised with, if it was raised with one."""
    first = error.args[0] if error.args else None
    return first if isinstance(first, Said) else None


def said_in(words: Said, language: str) -> str:
    """Words made with ``said`` (a refusal's reason among them) in ``language``."""
    values = {
        k: said_in(v, language) if isinstance(v, Said) else v for k, v in words.values.items()
    }
    # Not ``tr``: a value may be named ``language`` itself (a refused language's words).
    if words.context:
        text = translate_in(language, words.context, words.template)
    else:
        text = translate_at(words.locale, language, words.template)
    return text % values if values else text


def error_in(error: BaseException, language: str) -> str:
    """An error's words in ``language`` where it was raised with ``said``, else as it says."""
    words = words_of(error)
    return str(error) if words is None else said_in(words, language)
