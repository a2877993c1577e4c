"""Every registered game under each of its options' non-default values, for tests that run
every game the ways a table may set it up (conformance, bots)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

from sleuth.core import all_kits
from sleuth.games.black_stories.components import DEFAULT_DECK as STORIES_DECK
from sleuth.games.thirteen_clues.components import DEFAULT_DECK as CLUES_DECK

# A Black Vienna deck given as a list: REFERENCE.md Appendix A2 (also named "transcribed").
TRANSCRIBED = (
    "ACL AGM AOS APQ BCY BHV BLM BQT CFI CSX DHR DJZ DLS DVY EGW ENQ EÖR EUV "
    "FÖY FRX FSZ GKO GPX HNÖ HUZ IÖW IPR ITZ JMO JQX JTY KMU KNT KPW LNV OUW"
).replace(" ", ",")
# 13 Clues with a renamed person card (the Officer is an Inspector here).
RENAMED = ",".join(c.replace("/Officer/", "/Inspector/") for c in CLUES_DECK)
# Black Stories Investigation without two of its three-evidence cards.
SHORTER = ",".join(c for c in STORIES_DECK if c not in ("man+night+knife", "woman+day+gun"))
ALIBI_SUSPECTS = (
    "S01=female+thin+long+newspaper+glasses,S02=male+fat+short+revolver+umbrella,"
    "S03=female+fat+short+striped+knife,S04=male+thin+long+dotted+bag,"
    "S05=female+thin+short+revolver+bag,S06=male+fat+long+plain+glasses,"
    "S07=female+fat+long+knife+umbrella"
)
# Options that are not a yes/no or a choice: the value to try. A game of another package
# gets its options' defaults only.
VALUES: dict[str, dict[str, object]] = {
    "black-vienna": {"deck": TRANSCRIBED},
    "13-clues": {"glasses": 6, "stall_rounds": 6, "deck": RENAMED},
    "black-stories-investigation": {"point_chips": 20, "deck": SHORTER},
    "alibi": {
        "suspects": ALIBI_SUSPECTS,
        "clues": "male=6,female=4,fat=4,thin=4,long=4,short=4,plain=2,striped=2,dotted=2,"
        "revolver=3,knife=3,umbrella=2,glasses=2,newspaper=2,bag=2",
        "alibis": 2,
        "bribes": 4,
        "good_eyes": 1,
        "threshold": 4,
        "round_limit": 6,
    },
}
# Seven suspects keep Alibi's games short enough for every variant.
BASE: dict[str, dict[str, object]] = {"alibi": {"suspects": ALIBI_SUSPECTS}}
PLAYERS = {"black-vienna": 4, "13-clues": 4, "black-stories-investigation": 4, "alibi": 4}


def variants() -> Iterator[tuple[str, str, object]]:
    """(game, option, value) for every non-default value of every option of every game."""
    for kit in all_kits():
        game = kit.game
        for option in game.options():
            field = next(f for f in dataclasses.fields(game.config_type) if f.name == option.name)
            if option.choices:
                values: list[object] = [c for c in option.choices if c != option.default]
            elif isinstance(field.default, bool):
                values = [not field.default]
            elif option.name in VALUES.get(game.name, {}):
                values = [VALUES[game.name][option.name]]
            else:
                values = []
            for value in values:
                yield game.name, option.name, value
