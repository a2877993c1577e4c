"""The attack of issue 13: a bot that looks for the game's State around itself.

``states_in_reach()`` walks every object the garbage collector tracks and the locals of
every frame up the call stack, and returns the States it finds. In the game's process
(``SpyAgent``) it finds the true state and can read the deal; run as a program over the bot
protocol (``cmd:python tests/support/spy_bot.py REPORT``) it writes, at every decision, a
JSON line to REPORT with what it found, and plays the first legal action.
"""

from __future__ import annotations

import gc
import json
import sys
from types import FrameType
from typing import Any


def states_in_reach() -> tuple[list[Any], list[Any], int]:
    """(States among the tracked objects, States in the callers' frames, objects looked at)."""
    from sleuth.core import State

    def is_state(value: object) -> bool:
        try:
            return isinstance(value, State)
        except ReferenceError:  # a weak proxy (of some library loaded before) whose object died
            return False

    objects = gc.get_objects()
    in_gc = [o for o in objects if is_state(o)]
    in_frames = []
    frame: FrameType | None = sys._getframe(1)
    while frame is not None:
        in_frames += [v for v in frame.f_locals.values() if is_state(v)]
        frame = frame.f_back
    return in_gc, in_frames, len(objects)


def main(report: str) -> int:
    import sleuth  # everything a bot could import: the games, their kits, the bots

    first = None
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "hello":
            sleuth.find_game(message["game"])
            print(json.dumps({"type": "ready"}), flush=True)
        elif message["type"] == "decide":
            in_gc, in_frames, looked_at = states_in_reach()
            with open(report, "a", encoding="utf-8") as out:
                found = {"gc": len(in_gc), "frames": len(in_frames), "objects": looked_at}
                out.write(json.dumps(found) + "\n")
            if message["decision"] == "interrupt":
                first = "none"
            else:
                listed = [t for g in message["legal"] for t in g.get("actions", [])]
                first = listed[0] if listed else message["legal"][0]["example"]
            answer = {"type": "action", "id": message["id"], "action": first}
            print(json.dumps(answer), flush=True)
        elif message["type"] == "end":
            return 0
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
