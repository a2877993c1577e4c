"""No mail tells more than the seat it goes to may see (issue #36, item 3): every mail of
whole games of every game, in every language, as the sender writes it, holds none of the
hidden deal's parts its seat cannot know at that step (another seat's cards, the solution,
the piles: the parts where the game's own hidden twin for that seat differs from the deal),
nor the seed or the salt."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from sleuth.core import all_kits
from sleuth.i18n import LANGUAGES
from sleuth.server.live import SeatState
from sleuth.server.mail import Mail, compose, compose_digest
from sleuth.server.notify import INVITED, YOUR_MOVE, step_events
from sleuth.server.push import payload
from support.variants import base_options

SEED = 91_827_364_550_192_837_465
SALT = "5a17c0ffee5a17c0ffee5a17c0ffee5a"
TABLE = "0f1e2d3c4b5a6978"


def leaves(value: Any, path: str = "") -> Iterator[tuple[str, str]]:
    """(path, text) of every value in a JSON tree."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from leaves(item, f"{path}/{key}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from leaves(item, f"{path}/{index}")
    elif value is not None and not isinstance(value, bool):
        yield path, str(value)


def unknown_to(state: Any, seat: int, rng: random.Random) -> set[str]:
    """The deal's parts ``seat`` cannot know: where a state its view cannot tell from this
    one deals otherwise (numbers and single letters left out: a mail's own words have them)."""
    twin = state.hidden_twin(seat, rng)
    if twin is None:
        return set()
    other = dict(leaves(twin.reveal()))
    return {
        text
        for path, text in leaves(state.reveal())
        if other.get(path) != text and len(text) >= 2 and not text.isdigit()
    }


def whole_word(text: str, word: str) -> bool:
    return re.search(rf"(?<![\w+]){re.escape(word)}(?![\w+])", text) is not None


@pytest.mark.parametrize("name", [kit.name for kit in all_kits()])
def test_no_mail_of_a_whole_game_holds_what_its_seat_does_not_see(name: str) -> None:
    kit = next(k for k in all_kits() if k.name == name)
    game = kit.game.configure(kit.game.min_players, **base_options(name))
    rng = random.Random(7)
    state = game.new(SEED)
    people = [f"p{seat}" for seat in range(game.players)]
    seats = [
        SeatState(s, "person", None, False, people[s], 0.0, {}, None) for s in range(len(people))
    ]
    mails = checked = 0
    for step in range(1, 3000):
        # The seat waited for moves, as a table of patient people would.
        waited = state.to_move()
        mover = waited if waited is not None and waited in state.actors() else min(state.actors())
        legal = state.legal_actions(mover)
        state = state.apply(mover, legal[rng.randrange(len(legal))])
        finished = state.outcome is not None
        events = step_events(TABLE, step, seats, mover, waited, state.to_move(), finished)
        for event in events:
            seat = people.index(event.person_id)
            language = LANGUAGES[mails % len(LANGUAGES)]
            message = compose(
                Mail(event.kind, TABLE, name, mails + 1),
                f"{event.person_id}@example.org",
                language,
                "sleuth@example.org",
                "https://sleuth.example.org",
                f"{event.person_id}.{event.kind}.{'0' * 64}",
            )
            raw = message.as_string()
            assert str(SEED) not in raw and SALT not in raw
            # What a person reads (the words of the headers are not the game's).
            text = f"{message['Subject']}\n{message.get_content()}"
            unseen = sorted(unknown_to(state, seat, rng))
            told = [part for part in unseen if whole_word(text, part)]
            assert told == [], f"step {step}, seat {seat}: {told} in\n{text}"
            mails += 1
            checked += len(unseen)
        if finished:
            break
    assert state.outcome is not None, "the game did not end"
    assert mails > game.players  # "your move" mails, and the end to each
    assert checked > 0  # some of the deal was hidden from some mail's seat


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
