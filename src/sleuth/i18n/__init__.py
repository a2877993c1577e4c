"""The people's languages: English (the source strings), German and Japanese.

The catalogues are gettext ``.po`` files under ``sleuth/locale/<lang>/LC_MESSAGES``, kept by
``scripts/catalogues.py`` (pybabel's extract and update). Both the server's Python and the
page read these same files: the server builds its translations and the page's JSON catalogue
from the ``.po`` when first asked, so a fresh clone needs no compile step and no generated
file can fall behind its source. A fuzzy or empty entry is never used (it would show a
guess, or English); the completeness test makes sure there is none. A game's own catalogues
(``*_at``: its rules', and all the words of a game of another package) are read the same
way, and a word is looked up there first, then in Sleuth's.
"""

from __future__ import annotations

import gettext as gettext_module
import io
from collections.abc import Callable
from functools import cache, partial
from importlib.resources import files
from pathlib import Path
from typing import Any, TypeVar, cast
from unicodedata import east_asian_width

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

SOURCE = "en"
LANGUAGES = ("en", "de", "ja")
DOMAIN = "messages"

JsonValue = str | int | list[str] | dict[str, str | int]


def locale_folder() -> Path:
    return Path(str(files("sleuth").joinpath("locale")))


def po_path(language: str) -> Path:
    return locale_folder() / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def check_language(language: str) -> str:
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}: one of {', '.join(LANGUAGES)}")
    return language


@cache
def catalogue(language: str) -> Catalog:
    """The language's catalogue as its ``.po`` file holds it (English: none, an empty one)."""
    if check_language(language) == SOURCE:
        return Catalog(locale=SOURCE)
    with po_path(language).open("rb") as po:
        return read_po(po, locale=language)


def usable(catalog: Catalog) -> Catalog:
    """The entries a person may see: translated and not fuzzy."""
    kept = Catalog(locale=catalog.locale, fuzzy=False)
    for message in catalog:
        if message.id and not message.fuzzy and message_translated(message.string):
            kept[message.id] = message
    return kept


def message_translated(string: str | tuple[str, ...] | list[str] | None) -> bool:
    if isinstance(string, tuple | list):
        return bool(string) and all(string)
    return bool(string)


@cache
def translations(language: str) -> gettext_module.NullTranslations:
    """Python's gettext for the language, compiled in memory from its ``.po``."""
    if check_language(language) == SOURCE:
        return gettext_module.NullTranslations()
    compiled = io.BytesIO()
    write_mo(compiled, usable(catalogue(language)))
    compiled.seek(0)
    return gettext_module.GNUTranslations(compiled)


def translate(language: str, message: str) -> str:
    # gettext answers the empty message with the catalogue's header: nothing says nothing.
    return translations(language).gettext(message) if message else message


def translate_in(language: str, context: str, message: str) -> str:
    """``message`` in the sense ``context`` names (gettext's msgctxt): one English word
    used in two senses ("turn": a clock kind, a move) has an entry for each."""
    return translations(language).pgettext(context, message) if message else message


# How a message with a context is keyed in the page's catalogue (gettext's own separator).
CONTEXT_SEPARATOR = "\x04"


def trp(context: str, message: str, language: str, **values: object) -> str:
    """``tr`` for ``message`` in the sense ``context`` names."""
    text = translate_in(language, context, message)
    return text % values if values else text


def tr(message: str, language: str, **values: object) -> str:
    """``message`` in ``language`` from the catalogue, its ``%(name)s`` filled (English: the
    message itself, so an English text stays exactly as written; a message without values
    is never %-formatted)."""
    text = translate(language, message)
    return text % values if values else text


def trn(singular: str, plural: str, count: int, language: str, **values: object) -> str:
    """The form of ``singular``/``plural`` for ``count`` in ``language``, filled with
    ``count`` and ``values``."""
    text = translations(language).ngettext(singular, plural, count)
    return text % {"count": count, **values}


Speaker = TypeVar("Speaker", bound=Callable[..., Any])


def speaking(function: Speaker, language: str) -> Speaker:
    """``function`` with its keyword ``language`` set (itself for English, the default of
    every such function: what reads it, as the history test, sees the function itself)."""
    if check_language(language) == SOURCE:
        return function
    return cast(Speaker, partial(function, language=language))


# Between the names in a list of things (cards): English lists a notation's names with spaces;
# the other languages' names are words, some of them two.
LIST_SEPARATORS = {"en": " ", "de": ", ", "ja": "、"}


def join_words(words: list[str], language: str) -> str:
    return LIST_SEPARATORS[check_language(language)].join(words)


def listed(items: list[str], language: str) -> str:
    """Things listed in a sentence: English between commas, as it always wrote them, the
    other languages by their own custom (``join_words``)."""
    return ", ".join(items) if language == SOURCE else join_words(items, language)


def columns(text: str) -> int:
    """The terminal columns ``text`` takes: a wide (East Asian) character takes two."""
    return sum(2 if east_asian_width(ch) in "WF" else 1 for ch in text)


def figure(value: float, digits: int, language: str) -> str:
    """A number with ``digits`` decimals, by the language's custom (English: as Python
    writes it, thousands apart by commas)."""
    if language == SOURCE:
        return f"{value:,.{digits}f}"
    pattern = "#,##0" + ("." + "0" * digits if digits else "")
    return format_decimal(value, format=pattern, locale=language)


@cache
def page_catalogue(language: str, folder: Path | None = None) -> dict[str, JsonValue]:
    """The page's catalogue: msgid to translation (a list of forms for a plural), with the
    plural rule under the empty key; a message with a context under the context, gettext's
    separator, then the msgid (i18n.js's ``trp``). With ``folder`` (a game's own catalogues,
    for a page at that game's table) the game's entries come first, over Sleuth's of the
    same msgid."""
    catalog = catalogue(language)
    out: dict[str, JsonValue] = {
        "": {
            "language": language,
            "nplurals": catalog.num_plurals,
            "plural_expr": catalog.plural_expr,
        }
    }
    if language == SOURCE:
        return out
    own = () if folder is None else usable(catalogue_at(folder, language))
    for message in (*usable(catalog), *own):
        msgid, string = message.id, message.string
        if not msgid:
            continue  # the header, which Catalog yields first
        key = msgid if isinstance(msgid, str) else msgid[0]
        if message.context:
            key = f"{message.context}{CONTEXT_SEPARATOR}{key}"
        if isinstance(msgid, str):
            out[key] = str(string)
        else:
            out[key] = [str(form) for form in string or ()]
    return out


def choose_language(accept_language: str | None) -> str:
    """The first of our languages in the browser's ``Accept-Language``, by its weights
    (``de-AT`` counts as ``de``); English when none matches."""
    weighted: list[tuple[float, int, str]] = []
    for order, part in enumerate((accept_language or "").split(",")):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        base = tag.strip().lower().split("-")[0]
        if base in LANGUAGES and weight > 0:
            weighted.append((-weight, order, base))
    return min(weighted)[2] if weighted else SOURCE


def N_(message: str) -> str:  # gettext's name for a mark: pybabel extracts it
    """``message`` unchanged: marks a string that is translated later, where it is shown
    (a table of descriptions built before any person's language is known)."""
    return message


@cache
def catalogue_at(folder: Path, language: str) -> Catalog:
    """The language's catalogue in another folder of catalogues (a game's own, beside it);
    empty for English, and for a language the folder has no catalogue of."""
    path = folder / check_language(language) / "LC_MESSAGES" / f"{DOMAIN}.po"
    if language == SOURCE or not path.is_file():
        return Catalog(locale=language)
    with path.open("rb") as po:
        return read_po(po, locale=language)


@cache
def translations_at(folder: Path, language: str) -> gettext_module.NullTranslations:
    """The catalogues in ``folder`` (a game's own) with Sleuth's behind them: what the game's
    catalogue lacks, Sleuth's says."""
    if check_language(language) == SOURCE:
        return gettext_module.NullTranslations()
    compiled = io.BytesIO()
    write_mo(compiled, usable(catalogue_at(folder, language)))
    compiled.seek(0)
    own = gettext_module.GNUTranslations(compiled)
    own.add_fallback(translations(language))
    return own


def translate_at(folder: Path | None, language: str, message: str) -> str:
    """``message`` in ``language``: from the game's own catalogues in ``folder`` first, then
    from Sleuth's (only Sleuth's without a folder)."""
    if folder is None or not message:
        return translate(language, message)
    return translations_at(folder, language).gettext(message)
