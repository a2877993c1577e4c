"""One English word in two senses (issue #35): "live", "turn" and "bot" each have an entry per
sense (gettext's msgctxt), said in that sense by Python (``trp``, ``psaid``), sent to the page
under its context, and held to a translation by the catalogue check like any entry."""

from __future__ import annotations

import pickle

from babel.messages.catalog import Catalog

from sleuth.core.said import psaid, said, said_in
from sleuth.i18n import page_catalogue, tr, trp
from sleuth.server.lobby import CLOCK_NAME
from test_catalogues import catalogues


def test_a_word_is_said_in_the_sense_its_context_names() -> None:
    said_as = {
        language: [
            trp("clock kind", "turn", language),
            trp("clock kind", "live", language),
            trp("table heading: the bot's name", "bot", language),
            trp("table heading: the bot an entrant is, as its spec", "bot", language),
        ]
        for language in ("en", "de", "ja")
    }
    assert said_as == {
        "en": ["turn", "live", "bot", "bot"],
        "de": ["Rundenbasiert", "Live", "Bot", "Bot"],
        "ja": ["ターン制", "ライブ", "ボット", "ボット"],
    }
    # Without a context the word has no entry of its own: it stays English.
    assert tr("turn", "de") == "turn"


def test_words_with_a_context_keep_it_to_the_page_and_across_processes() -> None:
    turn = CLOCK_NAME["turn"]
    assert (str(turn), turn.wire()) == (
        "turn",
        {"template": "turn", "values": {}, "context": "clock kind"},
    )
    assert said("turn").wire() == {"template": "turn", "values": {}}
    assert [said_in(turn, language) for language in ("en", "de", "ja")] == [
        "turn",
        "Rundenbasiert",
        "ターン制",
    ]
    again = pickle.loads(pickle.dumps(psaid("clock kind", "live")))
    assert (again.context, said_in(again, "ja")) == ("clock kind", "ライブ")


def test_the_pages_catalogue_keys_a_sense_under_its_context() -> None:
    served = page_catalogue("de")
    assert (served["clock kind\x04turn"], served["clock kind\x04live"]) == ("Rundenbasiert", "Live")
    assert "turn" not in served


def test_the_catalogue_check_names_a_sense_left_untranslated() -> None:
    template = Catalog(locale="en")
    template.add("turn", context="clock kind")
    template.add("turn", context="a move")
    catalog = Catalog(locale="de", fuzzy=False)
    catalog.add("turn", "Rundenbasiert", context="clock kind")
    catalog.add("live", "Live", context="clock kind")
    assert catalogues.faults(template, catalog) == [
        "de: 'turn': missing",
        "de: 'live' is in no source (run update)",
    ]
