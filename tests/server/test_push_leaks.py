"""No push tells more than the seat it goes to may see (issue #36, item 3): every push of
whole games of every game, in every language, as the sender writes it (before encryption),
holds none of the hidden deal's parts its seat cannot know at that step (another seat's
cards, the solution, the piles: where the game's own hidden twin for that seat differs from
the deal), nor the seed or the salt; and none is for the step its own person made."""

from __future__ import annotations

import json
import random

import pytest

from sleuth.core import all_kits
from sleuth.i18n import LANGUAGES
from sleuth.server.live import SeatState
from sleuth.server.notify import step_events
from sleuth.server.push import payload
from support.variants import base_options

from .test_mail_leaks import unknown_to, whole_word

SEED = 91_827_364_550_192_837_465
SALT = "5a17c0ffee5a17c0ffee5a17c0ffee5a"
TABLE = "0f1e2d3c4b5a6978"


@pytest.mark.parametrize("name", [kit.name for kit in all_kits()])
def test_no_push_of_a_whole_game_holds_what_its_seat_does_not_see(name: str) -> None:
    kit = next(k for k in all_kits() if k.name == name)
    game = kit.game.configure(kit.game.min_players, **base_options(name))
    rng = random.Random(7)
    state = game.new(SEED)
    people = [f"p{seat}" for seat in range(game.players)]
    seats = [
        SeatState(s, "person", None, False, people[s], 0.0, {}, None) for s in range(len(people))
    ]
    pushes = checked = 0
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
            language = LANGUAGES[pushes % len(LANGUAGES)]
            raw = payload(event.kind, TABLE, name, language)
            assert str(SEED).encode() not in raw and SALT.encode() not in raw
            assert event.person_id != people[mover] or finished  # never one's own move
            # Every word the browser shows: the title, the text, the link and the tag.
            text = "\n".join(str(value) for value in json.loads(raw).values())
            unseen = sorted(unknown_to(state, seat, rng))
            told = [part for part in unseen if whole_word(text, part)]
            assert told == [], f"step {step}, seat {seat}: {told} in\n{text}"
            pushes += 1
            checked += len(unseen)
        if finished:
            break
    assert state.outcome is not None, "the game did not end"
    assert pushes > game.players  # "your move" pushes, and the end to each
    assert checked > 0  # some of the deal was hidden from some push's seat
