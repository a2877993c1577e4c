"""A scripted text agent standing in for a language model: it reads only the text it is
given (the legal moves listed, or their examples) and answers in free text."""

from __future__ import annotations

import random
import re

MOVES = re.compile(r"^Your legal moves \(\d+\):\n((?:  .*\n?)*)", re.MULTILINE)
EXAMPLED = re.compile(r"^(\w+): \d+ moves, e\.g\. (.*)$")
STYLES = ("Action: {}", "I will play this.\n```\n{}\n```", "[{}]", "My move: **{}**")


def moves_in(text: str) -> tuple[list[str], list[str]]:
    """The moves the last legal-moves block of ``text`` lists whole, and its examples."""
    blocks = MOVES.findall(text)
    listed: list[str] = []
    examples: list[str] = []
    if not blocks:
        return listed, examples
    for line in blocks[-1].splitlines():
        line = line.strip()
        exampled = EXAMPLED.match(line)
        if exampled:
            examples += exampled.group(2).split(", ")
        elif line:
            listed.append(line.split("   ")[0])
    return listed, examples


class ScriptedTextAgent:
    """Waits when offered; else a move the text lists, an accusation (any move only shown
    by example) with probability ``risk`` and never the same one twice. Its first answer
    is malformed when ``fumble`` (to exercise the retry)."""

    def __init__(self, seed: int, risk: float = 0.3, fumble: bool = False) -> None:
        self.rng = random.Random(seed)
        self.risk = risk
        self.fumble = fumble
        self.said: set[str] = set()
        self.answers = 0

    def __call__(self, observation: str) -> str:
        self.answers += 1
        if self.fumble and self.answers == 1:
            return "Let me think about it first."
        listed, examples = moves_in(observation)
        if "wait" in listed:
            return "I let it pass.\nAction: wait"
        calm = [move for move in listed if not move.startswith("accuse")]
        fresh = [move for move in listed + examples if move not in self.said]
        if calm and self.rng.random() > self.risk:
            move = self.rng.choice(calm)
        else:
            move = self.rng.choice(fresh or listed + examples)
            self.said.add(move)
        return self.rng.choice(STYLES).format(move)
