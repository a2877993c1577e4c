"""A bot program for the network bots' tests: it runs the bot command after ``--`` and
writes every line each way to LOG (``<`` from the server, ``>`` from the bot); with
``--garbage`` it first answers the first decision with a line that is not JSON.

``python netbot_tee.py LOG [--garbage] -- COMMAND ARGS``
"""

from __future__ import annotations

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
    garbage = "--garbage" in options
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
            with lock:
                log.write("> " + line)
                log.flush()
            sys.stdout.write(line)
            sys.stdout.flush()
        return bot.wait()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
