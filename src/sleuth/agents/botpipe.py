"""A bot program in its own process: lines written and read against a deadline.

Reads and writes never block past the deadline, whatever the program does: it may never
answer, never read its input (a 70 kB view fills a pipe), print without end, or die. Its
standard error is drained all along (a chatty bot would otherwise stall on a full pipe)
and the last lines are kept, for the message when it crashes.
"""

from __future__ import annotations

import collections
import contextlib
import os
import selectors
import signal
import subprocess
import threading
import time
import weakref
from collections.abc import Sequence
from typing import IO

STDERR_LINES = 20
STDERR_LINE_CHARS = 300
STOP_GRACE_SECONDS = 1.0


class BotTimeout(Exception):
    """The deadline passed before the line was read or written."""


class BotGone(Exception):
    """The program closed its end of a pipe: it exited or crashed."""


class OversizedLine(Exception):
    """A line longer than the limit; the rest of it is skipped on the next read."""


class BotProcess:
    """``argv`` started in a session of its own (stopping it reaches any children)."""

    def __init__(self, argv: Sequence[str], max_line_bytes: int) -> None:
        self.argv = list(argv)
        self.max_line_bytes = max_line_bytes
        self._proc = subprocess.Popen(
            self.argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            bufsize=0,
            start_new_session=True,
        )
        assert self._proc.stdin and self._proc.stdout and self._proc.stderr  # PIPE given
        self._stdin: IO[bytes] = self._proc.stdin
        self._stdout: IO[bytes] = self._proc.stdout
        os.set_blocking(self._stdin.fileno(), False)
        os.set_blocking(self._stdout.fileno(), False)
        self._readable = selectors.DefaultSelector()
        self._readable.register(self._stdout, selectors.EVENT_READ)
        self._writable = selectors.DefaultSelector()
        self._writable.register(self._stdin, selectors.EVENT_WRITE)
        self._buffer = bytearray()
        self._skipping = False
        self.stderr_tail: collections.deque[str] = collections.deque(maxlen=STDERR_LINES)
        self._drain = threading.Thread(
            target=_drain, args=(self._proc.stderr, self.stderr_tail), daemon=True
        )
        self._drain.start()
        self._stopped = False
        # If the table never calls stop (an exception, an abandoned object), the program
        # still goes when this object does, or when the interpreter exits.
        self._finalizer = weakref.finalize(self, _kill, self._proc)

    @property
    def pid(self) -> int:
        return self._proc.pid

    def running(self) -> bool:
        return self._proc.poll() is None

    def send(self, data: bytes, deadline: float) -> None:
        """Write all of ``data`` before ``deadline`` (``time.monotonic``)."""
        view = memoryview(data)
        while view:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not self._writable.select(remaining):
                raise BotTimeout(f"{len(data) - len(view)} of {len(data)} bytes written")
            try:
                written = os.write(self._stdin.fileno(), view)
            except BlockingIOError:
                continue
            except OSError as error:  # EPIPE: the program is gone
                raise BotGone(str(error)) from None
            view = view[written:]

    def read_line(self, deadline: float) -> bytes:
        """The next line (without its end) before ``deadline``."""
        while True:
            if self._skipping:
                end = self._buffer.find(b"\n")
                if end < 0:
                    self._buffer.clear()
                else:
                    del self._buffer[: end + 1]
                    self._skipping = False
                    continue
            else:
                end = self._buffer.find(b"\n")
                if end >= 0:
                    line = bytes(self._buffer[:end])
                    del self._buffer[: end + 1]
                    if len(line) > self.max_line_bytes:
                        raise OversizedLine(f"a line longer than {self.max_line_bytes} bytes")
                    return line
                if len(self._buffer) > self.max_line_bytes:
                    self._buffer.clear()
                    self._skipping = True
                    raise OversizedLine(f"a line longer than {self.max_line_bytes} bytes")
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not self._readable.select(remaining):
                raise BotTimeout("no line")
            try:
                chunk = os.read(self._stdout.fileno(), 65536)
            except BlockingIOError:
                continue
            if not chunk:
                raise BotGone("end of output")
            self._buffer += chunk

    def exit_note(self) -> str:
        """How the program ended (waiting a moment for it to finish), with its last error line."""
        try:
            code = self._proc.wait(STOP_GRACE_SECONDS)
        except subprocess.TimeoutExpired:
            note = "closed its output but is still running"
        else:
            note = f"killed by signal {-code}" if code < 0 else f"exited with code {code}"
        self._drain.join(STOP_GRACE_SECONDS)
        if self.stderr_tail:
            note += f"; its last error output: {self.stderr_tail[-1]!r}"
        return note

    def stop(self) -> None:
        """End the program: close its input, give it a moment, then terminate, then kill."""
        if self._stopped:
            return
        self._stopped = True
        with contextlib.suppress(OSError):  # a full pipe to a dead program
            self._stdin.close()
        for sig in (None, signal.SIGTERM, signal.SIGKILL):
            if sig is not None and self._proc.poll() is None:
                _signal_group(self._proc, sig)
            try:
                self._proc.wait(STOP_GRACE_SECONDS)
                break
            except subprocess.TimeoutExpired:
                continue
        self._readable.close()
        self._writable.close()
        self._stdout.close()
        self._drain.join(STOP_GRACE_SECONDS)
        self._finalizer.detach()


def _drain(stream: IO[bytes], tail: collections.deque[str]) -> None:
    with stream:
        for raw in stream:
            text = raw.decode("utf-8", "replace").rstrip()
            if text:
                tail.append(text[:STDERR_LINE_CHARS])


def _signal_group(proc: subprocess.Popen[bytes], sig: int) -> None:
    # The program leads its own session (start_new_session), and it has not been reaped
    # (poll() was None just now), so its group id is still its own.
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, sig)


def _kill(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        _signal_group(proc, signal.SIGKILL)
        proc.wait()
