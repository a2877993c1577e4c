"""No mail tells more than the seat it goes to may see (issue #36, item 3): every mail of
whole games of every game, in every language, as the sender writes it, holds none of the
hidden deal's parts its seat cannot know at that step, nor the seed or the salt
(``notice_leaks``)."""

from __future__ import annotations

import json
import random

import pytest

from sleuth.core import all_kits
from sleuth.i18n import LANGUAGES
from sleuth.server.mail_compose import Mail, compose, compose_digest
from sleuth.server.notify import INVITED, YOUR_MOVE, Event
from sleuth.server.push import payload
from support.variants import base_options

from .notice_leaks import (
    SALT,
    SEED,
    TABLE,
    check_every_notice_of_a_whole_game,
    unknown_to,
    whole_word,
)


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


@pytest.mark.parametrize("name", [kit.name for kit in all_kits()])
def test_no_invitation_mail_push_or_digest_holds_any_of_the_deal(name: str) -> None:
    # The invitee holds no seat yet: nothing any seat cannot see may be in what they get,
    # not even the hand of the seat they are invited to.
    kit = next(k for k in all_kits() if k.name == name)
    game = kit.game.configure(kit.game.min_players, **base_options(name))
    rng = random.Random(7)
    state = game.new(SEED)
    hidden = sorted(set().union(*(unknown_to(state, s, rng) for s in range(game.players))))
    assert hidden, "the deal hides nothing from any seat"
    for language in LANGUAGES:
        invited = Mail(INVITED, TABLE, name, 1)
        mails = [
            compose(invited, "bob@example.org", language, "s@example.org",
                    "https://sleuth.example.org", f"p.{INVITED}.{'0' * 64}"),
            compose_digest([Mail(YOUR_MOVE, TABLE, name, 2), invited], "bob@example.org",
                           language, "s@example.org", "https://sleuth.example.org",
                           {YOUR_MOVE: "a", INVITED: "b"}),
        ]  # fmt: skip
        texts = [f"{m['Subject']}\n{m.get_content()}" for m in mails]
        texts.append(
            "\n".join(str(v) for v in json.loads(payload(INVITED, TABLE, name, language)).values())
        )
        for text in texts:
            assert str(SEED) not in text and SALT not in text
            assert [part for part in hidden if whole_word(text, part)] == [], text
