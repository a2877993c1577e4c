"""The people's catalogues: every string the page hands to tr()/trn() has a German and a
Japanese translation that is neither fuzzy nor empty and keeps its placeholders; the page's
JSON and the server's gettext are read from those same .po files; the language comes from
Accept-Language unless the page names one."""

from __future__ import annotations

import importlib.util
import shutil
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from types import ModuleType

import httpx
import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from sleuth.i18n import (
    catalogue,
    choose_language,
    page_catalogue,
    translate,
    translate_at,
    translate_in,
)
from sleuth.server.app import create_app
from sleuth.server.settings import Settings

ROOT = Path(__file__).resolve().parents[1]


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("catalogues", ROOT / "scripts" / "catalogues.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["catalogues"] = module
    spec.loader.exec_module(module)
    return module


catalogues = load_script()


def test_every_string_shown_is_translated_in_german_and_japanese() -> None:
    # Extracted afresh from the sources (pybabel extract), compared with each .po.
    assert catalogues.check() == []


def test_the_check_names_each_fuzzy_empty_missing_stale_or_broken_entry() -> None:
    template = Catalog()
    for msgid in ("Fine", "Guessed", "Empty", "Missing", "Seat %(seat)s"):
        template.add(msgid)
    template.add(("%(count)s move", "%(count)s moves"))
    catalog = Catalog(locale="de")  # fuzzy as a whole, as a .po copied from the .pot is
    catalog.add("Fine", "Gut")
    catalog.add("Guessed", "Geraten", flags=["fuzzy"])
    catalog.add("Empty", "")
    catalog.add("Seat %(seat)s", "Platz")
    catalog.add(("%(count)s move", "%(count)s moves"), ("%(count)s Zug", ""))
    catalog.add("Gone", "Weg")
    assert catalogues.faults(template, catalog) == [
        "de: the catalogue is marked fuzzy",
        "de: 'Guessed': fuzzy",
        "de: 'Empty': not translated",
        "de: 'Missing': missing",
        "de: 'Seat %(seat)s': placeholders ['%(seat)s'] not kept",
        "de: '%(count)s move': not translated",
        "de: 'Gone' is in no source (run update)",
    ]


@pytest.mark.parametrize("language", ["de", "ja"])
def test_the_page_catalogue_is_the_po_file_entry_for_entry(language: str) -> None:
    catalog = catalogue(language)
    expected: dict[str, object] = {}
    for message in catalog:
        msgid, string = message.id, message.string
        # A message in one sense of its words is keyed under its context first (msgctxt).
        context = f"{message.context}\x04" if message.context else ""
        if isinstance(msgid, str) and msgid:
            expected[context + msgid] = string
        elif msgid and not isinstance(msgid, str):
            expected[context + msgid[0]] = list(string or ())
    served = dict(page_catalogue(language))  # a copy: the function keeps what it made
    rule = served.pop("")
    assert served == expected
    assert rule == {
        "language": language,
        "nplurals": {"de": 2, "ja": 1}[language],
        "plural_expr": {"de": "(n != 1)", "ja": "0"}[language],
    }
    english = {"language": "en", "nplurals": 2, "plural_expr": "(n != 1)"}
    assert page_catalogue("en") == {"": english}


def test_python_reads_the_same_translations() -> None:
    assert translate("de", "Your move.") == "Du bist am Zug."
    assert translate("ja", "Your move.") == "あなたの番です。"
    assert translate("en", "Your move.") == "Your move."
    with pytest.raises(ValueError, match="unknown language 'fr': one of en, de, ja"):
        translate("fr", "Your move.")


@pytest.mark.parametrize(
    ("header", "language"),
    [
        ("de-AT,de;q=0.9,en;q=0.8", "de"),
        ("fr-CH, fr;q=0.9, ja;q=0.8, de;q=0.7, *;q=0.5", "ja"),
        ("en;q=0.5, de;q=0.6", "de"),
        ("de;q=0, ja;q=0.1", "ja"),
        ("ja;q=x, de;q=0.2", "de"),
        ("fr", "en"),
        ("", "en"),
        (None, "en"),
    ],
)
def test_the_language_is_the_browsers_first_we_speak(header: str | None, language: str) -> None:
    assert choose_language(header) == language


@pytest.fixture
async def client() -> AsyncIterator[httpx.AsyncClient]:
    # The language route needs no database: the app's lifespan is never entered here.
    transport = httpx.ASGITransport(app=create_app(Settings()))
    async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as client:
        yield client


async def test_the_service_serves_the_browsers_language_or_the_one_asked(
    client: httpx.AsyncClient,
) -> None:
    answer = await client.get("/api/language", headers={"Accept-Language": "ja,en;q=0.5"})
    assert answer.status_code == 200
    body = answer.json()
    assert (body["language"], body["languages"]) == ("ja", ["en", "de", "ja"])
    assert body["catalogue"]["Your move."] == "あなたの番です。"
    assert body["catalogue"]["%(count)s player"] == ["%(count)s人"]
    chosen = await client.get("/api/language?lang=de", headers={"Accept-Language": "ja"})
    assert chosen.json()["language"] == "de"
    assert chosen.json()["catalogue"]["Your move."] == "Du bist am Zug."
    refused = await client.get("/api/language?lang=fr")
    assert refused.status_code == 400
    assert refused.json() == {"detail": "unknown language 'fr': one of en, de, ja"}


def test_the_check_names_an_entry_missing_from_a_games_own_catalogue(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A copy of the first game's catalogues, one paragraph of its rules dropped from the
    # German and made fuzzy in the Japanese: the check names both, by the game's package.
    locale, template = catalogues.game_catalogues()[0]
    copy = tmp_path / locale.parent.name / "locale"
    shutil.copytree(locale, copy)
    paragraph = next(m.id for m in list(template)[1:] if " " in m.id and m.id.endswith("."))
    for language, change in (("de", "drop"), ("ja", "fuzzy")):
        path = catalogues.game_po(copy, language)
        with path.open("rb") as po:
            catalog = read_po(po, locale=language)
        if change == "drop":
            del catalog[paragraph]
        else:
            catalog[paragraph].flags.add("fuzzy")
        with path.open("wb") as po:
            write_po(po, catalog, width=100)
    monkeypatch.setattr(catalogues, "game_catalogues", lambda: [(copy, template)])
    package = locale.parent.name
    assert catalogues.game_faults() == [
        f"{package}: de: {paragraph!r}: missing",
        f"{package}: ja: {paragraph!r}: fuzzy",
    ]
    assert catalogues.game_faults() == catalogues.check()[-2:]


def test_every_built_in_game_keeps_its_own_catalogues_beside_it_and_the_check_reads_them() -> None:
    from sleuth.core import all_kits
    from sleuth.core.kit import RULES, RulesGuide

    kept = {locale for locale, _ in catalogues.game_catalogues()}
    built_in = [kit for kit in all_kits() if kit.game.__module__.startswith("sleuth.games.")]
    assert len(built_in) >= 4
    for kit in built_in:
        locale = kit.part(RULES, RulesGuide).locale
        assert locale is not None and locale in kept, kit.name
        assert all(catalogues.game_po(locale, language).is_file() for language in ("de", "ja"))


@pytest.mark.parametrize("language", ["en", "de", "ja"])
def test_nothing_is_said_as_nothing_not_as_the_catalogues_header(language: str) -> None:
    """gettext answers the empty message with the catalogue's header ("Project-Id-Version:
    ..."): an empty option help or reason would have shown it."""
    assert translate(language, "") == ""
    assert translate_at(None, language, "") == ""
    assert translate_in(language, "clock kind", "") == ""
