"""No push or hook message tells more than the seat it goes to may see (issue #36, item 3):
every push and every chat or webhook message of whole games of every game, in every
language, as the sender writes it (a push before encryption), holds none of the hidden
deal's parts its seat cannot know at that step, nor the seed or the salt; and none is for
the step its own person made (``notice_leaks``)."""

from __future__ import annotations

import json

import pytest

from sleuth.core import all_kits
from sleuth.server.hooks import message
from sleuth.server.push import payload

from .notice_leaks import TABLE, check_every_notice_of_a_whole_game


@pytest.mark.parametrize("name", [kit.name for kit in all_kits()])
def test_no_push_of_a_whole_game_holds_what_its_seat_does_not_see(name: str) -> None:
    def words(kind: str, language: str) -> tuple[str, str]:
        raw = payload(kind, TABLE, name, language).decode()
        # Every word the browser shows: the title, the text, the link and the tag.
        return raw, "\n".join(str(value) for value in json.loads(raw).values())

    check_every_notice_of_a_whole_game(name, lambda event, lang, _n: words(event.kind, lang))


@pytest.mark.parametrize("name", [kit.name for kit in all_kits()])
def test_no_hook_message_of_a_whole_game_holds_what_its_seat_does_not_see(name: str) -> None:
    def words(kind: str, language: str) -> tuple[str, str]:
        title, text = message(kind, TABLE, name, language, "https://sleuth.example.org")
        return f"{title}\n{text}", f"{title}\n{text}"

    check_every_notice_of_a_whole_game(name, lambda event, lang, _n: words(event.kind, lang))
