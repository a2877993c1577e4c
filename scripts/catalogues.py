"""Keep the people's catalogues: pybabel's extract, update and compile, and the page's JSON.

    python scripts/catalogues.py extract       # the sources' strings -> locale/messages.pot
    python scripts/catalogues.py update [SRC]  # extract, bring de and ja up to it (new: empty)
    python scripts/catalogues.py check [SRC]   # fails naming each entry fuzzy, empty or missing
    python scripts/catalogues.py compile       # .mo files for gettext tools (the service: none)
    python scripts/catalogues.py json DIR      # the page's catalogues (per language, game)

Each game keeps its own catalogues beside it (its rules for players' ``locale`` folder): its
rules, its options' names and help, its tutorial and its assistant's setup options' help,
taken from the game's kit itself. A game that keeps all its words in a catalogue of its own
(its kit's ``locale``: a game of another package, such as the examples') has there too every
string its package marks for people, extracted as Sleuth's are; Sleuth's catalogue holds
none of them. Update and check cover them too; update keeps those in the template's order.
A game package kept outside this checkout is covered by naming the folder that holds it
(``SRC``, such as its project's ``src``).

Update never fuzzy-matches (-N): a changed English string gets an empty translation, which
`check` (and tests/test_catalogues.py) then names, instead of a guess that pybabel's compile
would drop without a word.
"""

from __future__ import annotations

import importlib
import json
import re
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import CommandLineInterface, parse_keywords
from babel.messages.pofile import read_po, write_po

if TYPE_CHECKING:
    from sleuth.core.kit import GameKit

ROOT = Path(__file__).resolve().parents[1]
# The folders holding game packages, each package a folder with a ``kit.py`` and a ``KIT``:
# the built-in games, and each example package's source folder.
GAME_SOURCES = (ROOT / "src", *sorted((ROOT / "examples").glob("*/src")))
GAME_PACKAGES = ("sleuth/games/*/kit.py", "*/kit.py")
LOCALE = ROOT / "src" / "sleuth" / "locale"
TEMPLATE = LOCALE / "messages.pot"
TRANSLATED = ("de", "ja")
# `tr(message, values)`, `trn(singular, plural, count, values)` and `trNodes` of the page's i18n.js.
MARKERS = ["tr", "trn:1,2", "trNodes"]
# A message in one sense of its words (gettext's msgctxt, the context first): the page's
# `trp(context, message, values)`, Python's `trp(context, message, language)` and
# `psaid(context, template, ...)`.
MARKERS += ["trp:1c,2", "psaid:1c,2"]
# Python's: `said(template, ...)` (sleuth.core.said) and `problem(code, template)`.
MARKERS += ["said", "problem:2"]
# A text sheet's typed line (sleuth.core.sheets.sheet_line), said by the page.
MARKERS += ["sheet_line"]
KEYWORDS = [argument for marker in MARKERS for argument in ("-k", marker)]
# A game's package's sources of strings, as babel.cfg's are Sleuth's.
GAME_METHODS = [("**.py", "python"), ("**.js", "javascript")]
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]")


def pybabel(*arguments: str) -> None:
    CommandLineInterface().run(["pybabel", "-q", *arguments])


def extract(output: Path = TEMPLATE) -> Catalog:
    """Every string the sources hand to t()/tn(), as a template catalogue."""
    pybabel(
        "extract", "-F", str(ROOT / "babel.cfg"), *KEYWORDS, "--no-location", "--sort-output",
        "--project", "sleuth", "-o", str(output), str(ROOT),
    )  # fmt: skip
    with output.open("rb") as pot:
        return read_po(pot)


def update() -> None:
    extract()
    for language in TRANSLATED:
        if not (LOCALE / language / "LC_MESSAGES" / "messages.po").exists():
            pybabel("init", "-i", str(TEMPLATE), "-d", str(LOCALE), "-l", language)
        pybabel(
            "update", "-i", str(TEMPLATE), "-d", str(LOCALE), "-l", language,
            "--no-fuzzy-matching", "--ignore-obsolete",
        )  # fmt: skip


def placeholders(text: str | tuple[str, ...]) -> set[str]:
    parts = text if isinstance(text, tuple) else (text,)
    return {found for part in parts for found in PLACEHOLDER.findall(part)}


def message_faults(message: Message | None, msgid: str) -> list[str]:
    if message is None:
        return [f"{msgid!r}: missing"]
    if message.fuzzy:
        return [f"{msgid!r}: fuzzy"]
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    if not all(strings):
        return [f"{msgid!r}: not translated"]
    if any(placeholders(s) != placeholders(message.id) for s in strings):
        return [f"{msgid!r}: placeholders {sorted(placeholders(message.id))} not kept"]
    return []


def read_language(language: str) -> Catalog:
    with (LOCALE / language / "LC_MESSAGES" / "messages.po").open("rb") as po:
        return read_po(po, locale=language)


def faults(template: Catalog, catalog: Catalog) -> list[str]:
    """What keeps the catalogue from being complete, one line each."""
    language = str(catalog.locale)
    found = [f"{language}: the catalogue is marked fuzzy"] if catalog.fuzzy else []
    for wanted in template:
        if wanted.id:
            msgid = wanted.id[0] if isinstance(wanted.id, tuple) else wanted.id
            problems = message_faults(catalog.get(wanted.id, wanted.context), msgid)
            found += [f"{language}: {problem}" for problem in problems]
    extra = sorted(str(m.id) for m in catalog if m.id and template.get(m.id, m.context) is None)
    found += [f"{language}: {msgid!r} is in no source (run update)" for msgid in extra]
    return found


def game_catalogues() -> list[tuple[Path, Catalog]]:
    """Each game's catalogue folder and its template: the headings and paragraphs of its
    rules for players, then each option's name and help, as the kit itself has them; and for
    a game with a catalogue of its own (its kit's ``locale``), every string its package marks."""
    for source in reversed(GAME_SOURCES):
        if str(source) not in sys.path:
            sys.path.insert(0, str(source))
    from sleuth.core.kit import GameKit

    found: dict[Path, Catalog] = {}
    for source in GAME_SOURCES:
        for pattern in GAME_PACKAGES:
            for kit_file in sorted(source.glob(pattern)):
                module = ".".join(kit_file.relative_to(source).with_suffix("").parts)
                kit = getattr(importlib.import_module(module), "KIT", None)
                if not isinstance(kit, GameKit):
                    continue
                for locale, texts in kit_texts(kit, kit_file.parent):
                    template = found.setdefault(locale, Catalog(project="sleuth"))
                    for text in texts:
                        template.add(text)
    return list(found.items())


Text = str | tuple[str, ...]  # a message, or a plural's forms


def kit_texts(kit: GameKit, package: Path) -> list[tuple[Path, list[Text]]]:
    """The texts of one kit, each list with the catalogue folder that holds it."""
    from sleuth.assist import grammar_of
    from sleuth.core.kit import NOTEBOOK, RULES, TUTORIAL, RulesGuide, Tutorial

    found: list[tuple[Path, list[Text]]] = []
    guide = kit.part(RULES, RulesGuide) if kit.has(RULES) else None
    if guide is not None and guide.locale is not None:
        texts: list[Text] = [*guide.texts()]
        texts += [text for o in kit.game.options() for text in (o.label, o.help)]
        # the tutorial's texts share the rules' catalogues (the same locale folder)
        if kit.has(TUTORIAL):
            texts += kit.part(TUTORIAL, Tutorial).texts()
        # and so do the assistant's setup options' help ('sleuth assist GAME --help')
        if kit.has(NOTEBOOK):
            texts += [field.help for field in grammar_of(kit).setup_fields]
        found.append((guide.locale, texts))
    if kit.locale is not None:
        found.append((kit.locale, marked_texts(package)))
    return found


def marked_texts(package: Path) -> list[Text]:
    """Every string a game's package marks for people (its Python's and its page part's),
    extracted with Sleuth's markers, sorted as Sleuth's template is."""
    keywords = {**DEFAULT_KEYWORDS, **parse_keywords(MARKERS)}
    found = extract_from_dir(str(package), GAME_METHODS, keywords=keywords)
    texts = {message: None for _file, _line, message, _comments, _context in found}
    return sorted(texts, key=lambda text: text if isinstance(text, str) else text[0])


def game_po(locale: Path, language: str) -> Path:
    return locale / language / "LC_MESSAGES" / "messages.po"


def update_games() -> None:
    """Each game's catalogues brought up to its template: new entries empty, gone ones
    dropped, the rest kept as translated."""
    for locale, template in game_catalogues():
        for language in TRANSLATED:
            path = game_po(locale, language)
            catalog = Catalog(locale=language, project="sleuth", fuzzy=False)
            if path.exists():
                with path.open("rb") as po:
                    catalog = read_po(po, locale=language)
            created = catalog.creation_date  # an unchanged catalogue stays byte for byte
            catalog.update(template, no_fuzzy_matching=True)
            catalog.creation_date = created
            catalog.obsolete.clear()
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("wb") as po:
                write_po(po, catalog, width=100, omit_header=False, ignore_obsolete=True)


def game_faults() -> list[str]:
    found = []
    for locale, template in game_catalogues():
        where = locale.parent.name  # the game's package
        for language in TRANSLATED:
            path = game_po(locale, language)
            if not path.exists():
                found.append(f"{where}: {language}: no catalogue (run update)")
                continue
            with path.open("rb") as po:
                catalog = read_po(po, locale=language)
            found += [f"{where}: {fault}" for fault in faults(template, catalog)]
    return found


def check() -> list[str]:
    with tempfile.TemporaryDirectory() as folder:
        template = extract(Path(folder) / "messages.pot")
    page = [fault for language in TRANSLATED for fault in faults(template, read_language(language))]
    return page + game_faults()


def write_json(folder: Path) -> None:
    """The page's catalogue per language, and for each game with a catalogue of its own the
    one a page at its table loads (``<game>.<language>.json``: the game's words first)."""
    sys.path.insert(0, str(ROOT / "src"))
    from sleuth.core import all_kits
    from sleuth.i18n import LANGUAGES, page_catalogue

    folder.mkdir(parents=True, exist_ok=True)
    served = [("", None), *((f"{kit.name}.", kit.locale) for kit in all_kits() if kit.locale)]
    for prefix, locale in served:
        for language in LANGUAGES:
            words = page_catalogue(language, locale)
            text = json.dumps(words, ensure_ascii=False, indent=1, sort_keys=True)
            (folder / f"{prefix}{language}.json").write_text(text + "\n", encoding="utf-8")


def add_game_sources(folders: list[str]) -> None:
    """Folders of game packages besides Sleuth's (a game of another package, kept outside
    this checkout), for ``update`` and ``check`` to cover too."""
    global GAME_SOURCES
    added = [Path(folder).resolve() for folder in folders]
    GAME_SOURCES = (*GAME_SOURCES, *(f for f in added if f not in GAME_SOURCES))


def main(arguments: list[str]) -> int:
    command, *rest = arguments or [""]
    if command in ("update", "check"):
        add_game_sources(rest)
    if command == "extract":
        extract()
    elif command == "update":
        update()
        update_games()
    elif command == "compile":
        pybabel("compile", "-d", str(LOCALE), "--statistics")
    elif command == "json" and len(rest) == 1:
        write_json(Path(rest[0]))
    elif command == "check":
        problems = check()
        print("\n".join(problems) or "complete")
        return 1 if problems else 0
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
