#!/usr/bin/env python3
"""A minimal Sleuth bot program: the standard library only, any game.

    sleuth arena bv --players 3 --bots 'cmd:python examples/bots/first_legal.py',basic,random
    sleuth arena bv --players 3 --bots 'cmd:python examples/bots/first_legal.py --random',basic

It answers every turn with the first legal action (or, with --random, one drawn from its
own generator, seeded from the hello's seed) and declines every interrupt. The protocol is
in README, "Bots in their own process": one JSON object a line each way; anything the bot
wants to say for people goes to stderr, never to stdout.
"""

import json
import random
import sys


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def choose(legal, rng):
    """A legal action in notation: listed ones, or the example of an 'every' family (any
    action of that kind in the game's notation is legal, so its example is too)."""
    listed = [text for group in legal for text in group.get("actions", [])]
    if listed:
        return rng.choice(listed) if rng else listed[0]
    return legal[0]["example"]


def main():
    draw_at_random = "--random" in sys.argv[1:]
    rng = None
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "hello":
            if message["version"] != 1:
                sys.exit(f"first_legal: protocol version {message['version']} is not 1")
            if draw_at_random:
                rng = random.Random(message["seed"])
            send({"type": "ready", "name": "first-legal"})
        elif message["type"] == "decide":
            action = "none" if message["decision"] == "interrupt" else choose(message["legal"], rng)
            send({"type": "action", "id": message["id"], "action": action})
        elif message["type"] == "end":
            print(f"first_legal: game over, {message['outcome']}", file=sys.stderr)
            return


if __name__ == "__main__":
    main()
