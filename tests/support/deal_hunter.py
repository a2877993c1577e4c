"""The attack of issue 31, item 5: a bot program that finds the deal from its own hand.

    cmd:python tests/support/deal_hunter.py REPORT

It sees only the protocol's JSON. At its first decision it deals Black Vienna for every seed
people type (0 to SEEDS - 1) as ``sleuth arena`` and ``sleuth simulate`` derive a game's seed
from them, for the first GAMES games (it is not told which game it plays), and for those
seeds used as they are; a deal that gives its own hand is the game's. Then it accuses that
deal's ring at once. It appends one line per game to REPORT: ``found SEED`` or ``none``, and
plays the first legal action (declining interrupts) when it has found nothing.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from typing import Any

SEEDS = 64
GAMES = 16


def candidate_seeds() -> Iterator[int]:
    from sleuth.core import derive_seed

    for seed in range(SEEDS):
        yield seed
        for number in range(GAMES):
            yield derive_seed(seed, "arena", number)
            yield derive_seed(seed, "game", number)


def find_deal(hello: dict[str, Any], hand: str) -> tuple[int, str] | None:
    """(the game's seed, its ring) if a candidate deal gives ``hand`` to this seat."""
    from sleuth.core import find_game
    from sleuth.core.serialize import to_json

    game = find_game(hello["game"]).from_config_json(hello["config"])
    seat = hello["seat"]
    for seed in candidate_seeds():
        state = game.new(seed)
        view = to_json(state.view(seat))
        if isinstance(view, dict) and view["hand"] == hand:
            return seed, str(state.reveal()["ring"])
    return None


def first_legal(legal: list[dict[str, Any]]) -> str:
    listed = [text for group in legal for text in group.get("actions", [])]
    return listed[0] if listed else str(legal[0]["example"])


def answer(message: dict[str, Any], ring: str | None) -> str:
    may_accuse = any(group["kind"] == "accuse" for group in message["legal"])
    if ring is not None and may_accuse:
        return f"accuse {ring}"
    return "none" if message["decision"] == "interrupt" else first_legal(message["legal"])


def main(report: str) -> int:
    hello: dict[str, Any] = {}
    ring: str | None = None
    looked = False
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "hello":
            hello = message
            print(json.dumps({"type": "ready", "name": "deal-hunter"}), flush=True)
        elif message["type"] == "decide":
            if not looked:
                looked = True
                found = find_deal(hello, message["view"]["hand"])
                ring = found[1] if found else None
                with open(report, "a", encoding="utf-8") as out:
                    out.write(f"found {found[0]}\n" if found else "none\n")
            action = answer(message, ring)
            print(json.dumps({"type": "action", "id": message["id"], "action": action}), flush=True)
        elif message["type"] == "end":
            return 0
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
