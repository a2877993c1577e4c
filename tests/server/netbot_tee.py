"""A bot program for the network bots' tests: it runs the bot command after ``--`` and
writes every line each way to LOG (``<`` from the server, ``>`` from the bot); with
``--garbage`` it first answers the first decision with a line that is not JSON, with
``--silent`` it keeps the bot's first three answers to itself (each only in the first game
LOG holds: the client starts the bot afresh for each hello).

``python netbot_tee.py LOG [--garbage] [--silent] -- COMMAND ARGS``
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from typing import IO


def forward_input(inner: IO[str], log: IO[str], lock: threading.Lock) -> None:
    for line in sys.stdin:
        with lock:
            log.write("< " + line)
            log.flush()
        inner.write(line)
        inner.flush()
    inner.close()


def main(argv: list[str]) -> int:
    split = argv.index("--")
    options, command = argv[:split], argv[split + 1 :]
    first = not os.path.exists(options[0]) or os.path.getsize(options[0]) == 0
    garbage = first and "--garbage" in options
    silent = 3 if first and "--silent" in options else 0
    lock = threading.Lock()
    with open(options[0], "a", encoding="utf-8") as log:
        bot = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert bot.stdin is not None and bot.stdout is not None
        reader = threading.Thread(target=forward_input, args=(bot.stdin, log, lock), daemon=True)
        reader.start()
        for line in bot.stdout:
            if garbage and '"action"' in line:
                garbage = False
                sys.stdout.write("this is not JSON\n")
            if silent and '"action"' in line:
                silent -= 1
                continue
            with lock:
                log.write("> " + line)
                log.flush()
            sys.stdout.write(line)
            sys.stdout.flush()
        return bot.wait()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
