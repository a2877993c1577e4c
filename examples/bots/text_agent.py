"""A minimal text agent for ``sleuth ladder --text-entrant`` (the standard library only).

    PYTHONPATH=examples/bots sleuth ladder GAME --text-entrant 'words=text_agent:make'

``make(seed)`` returns the agent: a function from the seat's situation in words (what a
language model would be sent) to a free-text answer. This one reads the last block of
legal moves and answers one of them, drawn from its own generator: it always waits when
offered to act out of turn, and picks a move shown by example (an accusation, say) only
one time in ten. A model's harness has the same shape: send the situation to the model
server and return its reply; an answer that names no legal move is sent back with the
error, and after the retries the game is lost.
"""

import random
import re

BLOCK = re.compile(r"^Your legal moves \(\d+\):\n((?:  .*\n?)*)", re.MULTILINE)


def moves(situation):
    """(the moves listed whole, the moves shown by example) of the last legal-moves block."""
    blocks = BLOCK.findall(situation)
    listed, examples = [], []
    for line in (blocks[-1] if blocks else "").splitlines():
        line = line.strip()
        if ", e.g. " in line:
            examples += line.split(", e.g. ", 1)[1].split(", ")
        elif line:
            listed.append(line.split("   ")[0])
    return listed, examples


def make(seed):
    rng = random.Random(seed)

    def answer(situation):
        listed, examples = moves(situation)
        if "wait" in listed:
            return "Action: wait"
        if examples and (not listed or rng.random() < 0.1):
            return f"Action: {rng.choice(examples)}"
        return f"Action: {rng.choice(listed)}" if listed else "Action: wait"

    return answer
