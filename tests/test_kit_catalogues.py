"""A game kit's own catalogue (``GameKit.locale``): a game of another package cannot add to
Sleuth's catalogue, so it keeps its words in its own, and Sleuth looks them up there first,
then in its own. A kit in a temporary folder: ``scripts/catalogues.py`` finds its catalogue
and extracts the words its package marks into it, and ``check`` fails on one it lacks; its
words come out in German and Japanese in Python and in the page's catalogue served at its
table, its own translation over Sleuth's of the same English."""

from __future__ import annotations

import importlib
import pickle
import re
from collections.abc import AsyncIterator
from pathlib import Path
from types import ModuleType

import httpx
import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from sleuth.core import GameKit, all_kits, find_kit
from sleuth.core.said import Said, said_in
from sleuth.i18n import page_catalogue, translate, translate_at
from sleuth.server.app import create_app
from sleuth.server.routers import language as language_route
from sleuth.server.settings import Settings
from test_catalogues import catalogues

# A kit's package: its own `said`, bound to its catalogue, and two words marked with N_, one
# of them Sleuth's too. Its game is any registered game's: only its words are tried here.
KIT_MODULE = """
from sleuth.core import all_kits
from sleuth.core.kit import GameKit, catalogues_beside
from sleuth.core.said import said_from
from sleuth.i18n import N_

LOCALE = catalogues_beside(__file__)
said = said_from(LOCALE)
KIT = GameKit(game=all_kits()[0].game, locale=LOCALE)
PLACE = N_("the box")
SHARED = N_("Your move.")


def refusal(count: int):
    return said("a box holds at most %(count)s cards", count=count)
"""
BOX = "a box holds at most %(count)s cards"
WORDS = {
    "de": {BOX: "eine Kiste fasst höchstens %(count)s Karten", "the box": "die Kiste"},
    "ja": {BOX: "箱に入るのは%(count)s枚まで", "the box": "箱"},
}
# The kit's own words for a string Sleuth's catalogue has too: read first.
SHARED = {"de": "Die Kiste ist am Zug.", "ja": "箱の番です。"}


def make_kit(folder: Path, words: dict[str, dict[str, str]]) -> tuple[str, Path]:
    """A kit package under ``folder`` (named after it: each test imports its own) with a
    catalogue per language holding ``words``; its name and its catalogue's folder."""
    name = "boxed_" + re.sub(r"\W", "_", folder.name)
    package = folder / name
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "kit.py").write_text(KIT_MODULE, encoding="utf-8")
    for language, entries in words.items():
        catalog = Catalog(locale=language, project="sleuth", fuzzy=False)
        for msgid, string in entries.items():
            catalog.add(msgid, string)
        path = package / "locale" / language / "LC_MESSAGES" / "messages.po"
        path.parent.mkdir(parents=True)
        with path.open("wb") as po:
            write_po(po, catalog)
    return name, package / "locale"


def kit_module(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, words: dict[str, dict[str, str]]
) -> ModuleType:
    """The kit's module, importable, and the catalogues script reading only its folder."""
    name, _ = make_kit(tmp_path, words)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(catalogues, "GAME_SOURCES", (tmp_path,))
    return importlib.import_module(f"{name}.kit")


def complete() -> dict[str, dict[str, str]]:
    return {language: {**WORDS[language], "Your move.": SHARED[language]} for language in WORDS}


def test_a_kits_catalogue_is_found_and_its_words_read_there_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    module = kit_module(tmp_path, monkeypatch, complete())
    assert isinstance(module.KIT, GameKit)
    # Found, with every word the package marks (and only those), and complete.
    [(locale, template)] = catalogues.game_catalogues()
    assert locale == module.LOCALE == tmp_path / str(module.__package__) / "locale"
    assert [m.id for m in template if m.id] == ["Your move.", BOX, "the box"]
    assert catalogues.game_faults() == []
    words = module.refusal(3)
    assert isinstance(words, Said) and words == "a box holds at most 3 cards"
    assert said_in(words, "en") == "a box holds at most 3 cards"
    assert said_in(words, "de") == "eine Kiste fasst höchstens 3 Karten"
    assert said_in(words, "ja") == "箱に入るのは3枚まで"
    # An error carrying them crosses from a worker process pickled: its catalogue with it.
    assert said_in(pickle.loads(pickle.dumps(words)), "ja") == "箱に入るのは3枚まで"
    for language in ("de", "ja"):
        # The kit's own first; what it lacks, Sleuth's says; Sleuth's own words unchanged.
        assert translate_at(locale, language, "Your move.") == SHARED[language]
        assert translate_at(locale, language, "Leaderboards") == translate(language, "Leaderboards")
        assert translate(language, "Your move.") != SHARED[language]
        served = page_catalogue(language, locale)
        assert served[BOX] == WORDS[language][BOX]
        assert served["Your move."] == SHARED[language]
        assert served["Leaderboards"] == translate(language, "Leaderboards")
        assert BOX not in page_catalogue(language)
        assert page_catalogue(language)["Your move."] == translate(language, "Your move.")


def test_the_check_fails_when_a_kits_catalogue_lacks_a_translation(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    words = complete()
    words["de"][BOX] = ""
    del words["ja"]["the box"]
    module = kit_module(tmp_path, monkeypatch, words)
    package = module.__package__
    expected = [
        f"{package}: de: {BOX!r}: not translated",
        f"{package}: ja: 'the box': missing",
    ]
    assert catalogues.game_faults() == expected
    # As its author runs it, naming the folder that holds the package.
    monkeypatch.setattr(catalogues, "GAME_SOURCES", ())
    capsys.readouterr()
    assert catalogues.main(["check", str(tmp_path)]) == 1
    assert capsys.readouterr().out.splitlines() == expected
    # Never shown: the English stands where the translation is missing.
    assert said_in(module.refusal(2), "de") == "a box holds at most 2 cards"


def test_update_brings_a_kits_catalogue_up_to_the_words_its_package_marks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A word marked since the catalogue was made, and one no longer marked.
    words = {language: {**entries, "gone": "weg"} for language, entries in complete().items()}
    for entries in words.values():
        del entries["the box"]
    module = kit_module(tmp_path, monkeypatch, words)
    catalogues.update_games()
    package = module.__package__
    assert catalogues.game_faults() == [
        f"{package}: de: 'the box': not translated",
        f"{package}: ja: 'the box': not translated",
    ]
    for language in ("de", "ja"):
        kept = catalogue_at_file(module.LOCALE, language)
        assert kept == {"Your move.": SHARED[language], BOX: WORDS[language][BOX], "the box": ""}


def catalogue_at_file(locale: Path, language: str) -> dict[str, str]:
    with catalogues.game_po(locale, language).open("rb") as po:
        return {str(m.id): str(m.string) for m in read_po(po) if m.id}


@pytest.fixture
async def client() -> AsyncIterator[httpx.AsyncClient]:
    transport = httpx.ASGITransport(app=create_app(Settings()))
    async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as client:
        yield client


async def test_the_page_at_a_kits_table_loads_its_words_over_sleuths(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, client: httpx.AsyncClient
) -> None:
    module = kit_module(tmp_path, monkeypatch, complete())
    boxed = "boxed-game"

    def kit_named(name: str) -> GameKit:
        return module.KIT if name == boxed else find_kit(name)

    monkeypatch.setattr(language_route, "find_kit", kit_named)
    answer = await client.get(f"/api/language?lang=de&game={boxed}")
    assert answer.status_code == 200
    assert answer.json()["catalogue"] == page_catalogue("de", module.LOCALE)
    assert answer.json()["catalogue"]["Your move."] == SHARED["de"]
    # A game whose words are Sleuth's gets Sleuth's catalogue; no such game is refused.
    plain = await client.get("/api/language?lang=ja")
    built_in = next(kit for kit in all_kits() if kit.locale is None)
    same = await client.get(f"/api/language?lang=ja&game={built_in.name}")
    assert same.json() == plain.json()
    unknown = await client.get("/api/language?lang=ja&game=no-such-game")
    assert unknown.status_code == 404
    assert unknown.json()["detail"].startswith("unknown game 'no-such-game' (games: ")
    # In words the page says in its language, as every other refusal.
    assert unknown.json()["template"] == "unknown game %(name)s (games: %(games)s)"
