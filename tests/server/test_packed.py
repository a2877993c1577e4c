"""A bot's long legal list crosses to its worker as one string, and arrives whole."""

from __future__ import annotations

import pickle
import pickletools
from dataclasses import dataclass

import pytest

from sleuth.core import Action

pytest.importorskip("fastapi")

from sleuth.server.live import legal_parts
from sleuth.server.pools import JobPool


@dataclass(frozen=True)
class Say(Action):
    words: str

    def __str__(self) -> str:
        return self.words


def said(*texts: str) -> list[Action]:
    return [Say(text) for text in texts]


def test_a_long_legal_list_pickles_as_one_string_and_comes_back_the_same() -> None:
    texts = [f"accuse {number}" for number in range(500)]
    legal = said(*texts)
    (part,) = legal_parts(legal)
    data = pickle.dumps(part)
    strings = [arg for _, arg, _ in pickletools.genops(data) if isinstance(arg, str)]
    assert [s for s in strings if "accuse" in s] == ["\n".join(texts)]
    assert pickle.loads(data) == tuple(texts)
    assert legal_parts(legal)[0] is part  # the same list is joined once, not at every step


def test_a_short_part_stays_a_plain_tuple() -> None:
    (part,) = legal_parts(said("ask 1", "pass"))
    assert type(part) is tuple and part == ("ask 1", "pass")


async def test_a_worker_process_gets_every_notation() -> None:
    texts = [f"guess {number}" for number in range(300)]
    legal = said(*texts)
    pool = JobPool(1, deadline=30.0, spare=False)
    try:
        pool.start()
        assert await pool.run("t", list, legal_parts(legal)[0]) == texts
    finally:
        pool.close()
