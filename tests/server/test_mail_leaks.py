"""No mail tells more than the seat it goes to may see (issue #36, item 3): every mail of
whole games of every game, in every language, as the sender writes it, holds none of the
hidden deal's parts its seat cannot know at that step, nor the seed or the salt
(``notice_leaks``)."""

from __future__ import annotations

import pytest

from sleuth.core import all_kits
from sleuth.server.mail import Mail, compose
from sleuth.server.notify import Event

from .notice_leaks import TABLE, check_every_notice_of_a_whole_game


def mail_words(event: Event, language: str, number: int, game: str) -> tuple[str, str]:
    message = compose(
        Mail(event.kind, TABLE, game, number),
        f"{event.person_id}@example.org",
        language,
        "sleuth@example.org",
        "https://sleuth.example.org",
        f"{event.person_id}.{event.kind}.{'0' * 64}",
    )
    # What a person reads (the words of the headers are not the game's).
    return message.as_string(), f"{message['Subject']}\n{message.get_content()}"


@pytest.mark.parametrize("name", [kit.name for kit in all_kits()])
def test_no_mail_of_a_whole_game_holds_what_its_seat_does_not_see(name: str) -> None:
    check_every_notice_of_a_whole_game(
        name, lambda event, language, number: mail_words(event, language, number, name)
    )
