"""A bot program for the protocol tests that misbehaves on request (standard library only).

    fake_bot.py [--log FILE] [AT:DEED ...]

plays the first legal action (declining interrupts), except at the decisions numbered AT
(1, 2, ... counting every ``decide`` message), where it does DEED:

    crash             writes "boom" to stderr and exits with code 3
    sleep=S           answers after S seconds
    silent            never answers this decision or any later one
    say=TEXT          answers the action TEXT
    raw=TEXT          writes TEXT as the whole line
    wrong-id          answers with the id of a later decision
    huge              writes a 100 kB line, then answers properly
    bytes             writes a line that is not UTF-8
    nested            writes JSON nested 30,000 deep (within the line limit)
    deaf              stops reading its input (and never answers)

Deeds for the hello use AT 0: ``0:silent``, ``0:crash``, ``0:raw=...``. Every line it reads
is appended to the log file as it came.
"""

import json
import sys
import time


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def first_legal(legal):
    for group in legal:
        if group.get("actions"):
            return group["actions"][0]
    return legal[0]["example"]


def main(argv):
    log = None
    if argv[:1] == ["--log"]:
        log, argv = argv[1], argv[2:]
    deeds = {}
    for word in argv:
        at, _, deed = word.partition(":")
        deeds[int(at)] = deed
    decision = 0
    silent = False
    for line in sys.stdin:
        if log:
            with open(log, "a", encoding="utf-8") as out:
                out.write(line)
        message = json.loads(line)
        if message["type"] == "end":
            return 0
        if message["type"] == "decide":
            decision += 1
        deed = deeds.get(decision if message["type"] == "decide" else 0, "")
        name, _, arg = deed.partition("=")
        if name == "silent":
            silent = True
        if silent:
            continue
        if name == "deaf":
            time.sleep(60)
            return 0
        if name == "crash":
            print("boom", file=sys.stderr, flush=True)
            return 3
        if name == "sleep":
            time.sleep(float(arg))
        if name == "raw":
            sys.stdout.write(arg + "\n")
            sys.stdout.flush()
            continue
        if name == "bytes":
            sys.stdout.buffer.write(b'{"type": "action", "action": "\xff\xfe"}\n')
            sys.stdout.flush()
            continue
        if name == "nested":
            sys.stdout.write("[" * 30_000 + "]" * 30_000 + "\n")
            sys.stdout.flush()
            continue
        if message["type"] == "hello":
            send({"type": "ready"})
            continue
        ident = message["id"]
        if name == "huge":
            sys.stdout.write(json.dumps({"type": "action", "pad": "x" * 100_000}) + "\n")
        if name == "wrong-id":
            ident += 1
        if name == "say":
            action = arg
        elif message["decision"] == "interrupt":
            action = "none"
        else:
            action = first_legal(message["legal"])
        send({"type": "action", "id": ident, "action": action})
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
