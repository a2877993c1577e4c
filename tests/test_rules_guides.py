"""Every game's rules for players (its kit's ``rules`` part) and the lobby's option help: in
players' words, never the rules reference's section codes; the full rules name each option
as the lobby labels it; the service hands the page the kit's text as it is."""

from __future__ import annotations

import asyncio
import re

import pytest
from fastapi import HTTPException

from sleuth.core import GameKit, all_kits
from sleuth.core.kit import RULES, RulesGuide, RulesSection
from sleuth.i18n import translate_at
from sleuth.server.routers import rules as rules_route
from sleuth.testing.kits import check_kit

# The reference's codes: section signs, and the labels of its resolutions (D1:, C10:, A2).
REFERENCE_CODES = re.compile(r"§|\bD\d+:|\bC\d+:|\bA\d+\b")
# "One screen": what a person reads before the first move.
SHORT_WORDS = 260

BUILT_IN = [kit for kit in all_kits() if kit.game.__module__.startswith("sleuth.games.")]
IDS = [kit.name for kit in BUILT_IN]


def guide_of(kit: GameKit) -> RulesGuide:
    check_kit(kit)
    return kit.part(RULES, RulesGuide)


def texts(sections: tuple[RulesSection, ...]) -> list[str]:
    return [t for s in sections for t in (s.heading, *s.paragraphs, *s.cards)]


def label(option_name: str) -> str:
    """An option as the lobby labels it (lobby.js)."""
    return option_name.replace("_", " ")


@pytest.mark.parametrize("kit", BUILT_IN, ids=IDS)
def test_every_game_has_rules_in_short_and_in_full(kit: GameKit) -> None:
    guide = guide_of(kit)
    assert guide.short and guide.full
    for section in (*guide.short, *guide.full):
        assert section.heading.strip() and section.paragraphs, (kit.name, section.heading)
        assert all(p.strip() == p and p.endswith((".", ")")) for p in section.paragraphs), (
            kit.name,
            section.heading,
        )
    words = sum(len(p.split()) for s in guide.short for p in s.paragraphs)
    assert words <= SHORT_WORDS, f"{kit.name}: the short rules take {words} words"
    assert guide.reference.startswith(("http://", "https://"))
    # Each game shows at least one card drawn as its table draws it.
    assert any(s.cards for s in guide.short) and any(s.cards for s in guide.full)


@pytest.mark.parametrize("kit", BUILT_IN, ids=IDS)
def test_the_rules_hold_no_reference_code(kit: GameKit) -> None:
    guide = guide_of(kit)
    coded = [t for t in texts(guide.short) + texts(guide.full) if REFERENCE_CODES.search(t)]
    assert coded == []


@pytest.mark.parametrize("kit", BUILT_IN, ids=IDS)
def test_the_full_rules_name_every_option_as_the_lobby_does(kit: GameKit) -> None:
    full = " ".join(texts(kit.part(RULES, RulesGuide).full)).lower()
    missing = [
        o.name
        for o in kit.game.options()
        if not re.search(rf"\b{re.escape(label(o.name))}\b", full)
    ]
    assert missing == []


@pytest.mark.parametrize("kit", all_kits(), ids=[k.name for k in all_kits()])
def test_the_lobby_option_help_holds_no_reference_code(kit: GameKit) -> None:
    coded = [(o.name, o.help) for o in kit.game.options() if REFERENCE_CODES.search(o.help)]
    assert coded == []


@pytest.mark.parametrize("kit", BUILT_IN, ids=IDS)
def test_the_service_gives_the_kits_rules(kit: GameKit) -> None:
    guide = kit.part(RULES, RulesGuide)
    answer = asyncio.run(rules_route.rules(kit.game.aliases[0] if kit.game.aliases else kit.name))
    assert (answer.game, answer.title, answer.reference) == (
        kit.name,
        kit.game.title,
        guide.reference,
    )
    for sent, kept in ((answer.short, guide.short), (answer.full, guide.full)):
        assert [(s.heading, tuple(s.paragraphs), tuple(s.cards)) for s in sent] == [
            (s.heading, s.paragraphs, s.cards) for s in kept
        ]


def test_the_service_refuses_an_unknown_game_by_name() -> None:
    with pytest.raises(HTTPException) as refused:
        asyncio.run(rules_route.rules("no-such-game"))
    assert refused.value.status_code == 404
    assert "no-such-game" in str(refused.value.detail)


@pytest.mark.parametrize("language", ["de", "ja"])
@pytest.mark.parametrize("kit", BUILT_IN, ids=IDS)
def test_the_translated_full_rules_name_every_option_as_the_translated_lobby_does(
    kit: GameKit, language: str
) -> None:
    guide = kit.part(RULES, RulesGuide)
    answer = asyncio.run(rules_route.rules(kit.name, language))
    full = " ".join(t for s in answer.full for t in (s.heading, *s.paragraphs)).lower()
    labels = {o.name: translate_at(guide.locale, language, o.label) for o in kit.game.options()}
    assert [name for name, label in labels.items() if label.lower() not in full] == []
    # and each label is the language's own, not the English one left in place
    assert [n for n, label in labels.items() if label == n.replace("_", " ")] == []
