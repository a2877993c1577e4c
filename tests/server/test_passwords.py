"""Passwords are hashed and checked in processes of their own, never on the event loop
nor in its process, so that a burst of sign-ins leaves the tables' loop free (and never
holds the interpreter's lock it runs under); and a check against no account costs a hash
too (a decoy), so the answer's time does not tell which part was wrong."""

from __future__ import annotations

import multiprocessing
from typing import Literal

import pytest
from argon2 import PasswordHasher
from argon2.profiles import CHEAPEST

from sleuth.server.hashing import Passwords


def refuse_in_the_servers_process() -> None:
    if multiprocessing.parent_process() is None:
        raise RuntimeError("a password hashed in the server's own process")


class ElsewhereHasher(PasswordHasher):
    """argon2's hasher at its cheapest, refusing to work in the process that made it."""

    def __init__(self) -> None:
        super().__init__(
            **{
                k: getattr(CHEAPEST, k)
                for k in ("time_cost", "memory_cost", "parallelism", "hash_len", "salt_len")
            }
        )

    def hash(self, password: str | bytes, *, salt: bytes | None = None) -> str:
        refuse_in_the_servers_process()
        return super().hash(password, salt=salt)

    def verify(self, hash: str | bytes, password: str | bytes) -> Literal[True]:
        refuse_in_the_servers_process()
        return super().verify(hash, password)


def test_the_watching_hasher_refuses_the_servers_own_process() -> None:
    with pytest.raises(RuntimeError):
        ElsewhereHasher().hash("correct horse")


async def test_hashes_and_checks_run_in_another_process() -> None:
    passwords = Passwords(ElsewhereHasher())
    try:
        hashed = await passwords.hash("correct horse")
        assert hashed.startswith("$argon2id$")
        assert await passwords.verify(hashed, "correct horse") is True
        assert await passwords.verify(hashed, "wrong horse") is False
        assert await passwords.verify(None, "correct horse") is False  # no account: a decoy
        assert await passwords.verify("not a hash", "correct horse") is False
    finally:
        passwords.close()
