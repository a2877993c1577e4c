"""Passwords are hashed and checked in threads of their own, never on the event loop, so
that a burst of sign-ins leaves the tables' loop free; and a check against no account
costs a hash too (a decoy), so the answer's time does not tell which part was wrong."""

from __future__ import annotations

import threading
from typing import Literal

from argon2 import PasswordHasher
from argon2.profiles import CHEAPEST

from sleuth.server.accounts import Passwords


class WatchedHasher(PasswordHasher):
    """argon2's hasher, noting the thread of each hash and check."""

    def __init__(self) -> None:
        super().__init__(
            **{
                k: getattr(CHEAPEST, k)
                for k in ("time_cost", "memory_cost", "parallelism", "hash_len", "salt_len")
            }
        )
        self.threads: list[tuple[str, str]] = []

    def hash(self, password: str | bytes, *, salt: bytes | None = None) -> str:
        self.threads.append(("hash", threading.current_thread().name))
        return super().hash(password, salt=salt)

    def verify(self, hash: str | bytes, password: str | bytes) -> Literal[True]:
        self.threads.append(("verify", threading.current_thread().name))
        return super().verify(hash, password)


async def test_hashes_and_checks_run_off_the_event_loop() -> None:
    hasher = WatchedHasher()
    passwords = Passwords(hasher)
    try:
        hashed = await passwords.hash("correct horse")
        assert hashed.startswith("$argon2id$")
        assert await passwords.verify(hashed, "correct horse") is True
        assert await passwords.verify(hashed, "wrong horse") is False
        assert await passwords.verify(None, "correct horse") is False  # no account: a decoy
        assert await passwords.verify("not a hash", "correct horse") is False
    finally:
        passwords.close()
    loop_thread = threading.current_thread().name
    kinds = [kind for kind, _ in hasher.threads]
    assert kinds == ["hash", "verify", "verify", "hash", "verify", "verify"]
    assert all(name.startswith("sleuth-argon2") for _, name in hasher.threads)
    assert loop_thread not in {name for _, name in hasher.threads}
