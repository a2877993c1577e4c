"""The scaffolding of the leak tests of every notification channel (issue #36, item 3):
whole games of a game played by patient people, every notification of each as its channel
writes it, checked for the hidden deal's parts its seat cannot know at that step (another
seat's cards, the solution, the piles: the parts where the game's own hidden twin for that
seat differs from the deal), the seed and the salt; and none for the step its own person
made."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from typing import Any

from sleuth.core import all_kits
from sleuth.i18n import LANGUAGES
from sleuth.server.live import SeatState
from sleuth.server.notify import Event, step_events
from support.variants import base_options

SEED = 91_827_364_550_192_837_465
SALT = "5a17c0ffee5a17c0ffee5a17c0ffee5a"
TABLE = "0f1e2d3c4b5a6978"

# A channel's writing of a notification (the event, its language, its number): everything
# it sends, and the words a person reads of it.
Render = Callable[[Event, str, int], tuple[str, str]]


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


def check_every_notice_of_a_whole_game(name: str, render: Render) -> None:
    """Play a whole game of ``name``; check every notification ``render`` writes of it, in
    every language in turn."""
    kit = next(k for k in all_kits() if k.name == name)
    game = kit.game.configure(kit.game.min_players, **base_options(name))
    rng = random.Random(7)
    state = game.new(SEED)
    people = [f"p{seat}" for seat in range(game.players)]
    seats = [
        SeatState(s, "person", None, False, people[s], 0.0, {}, None) for s in range(len(people))
    ]
    notices = checked = 0
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
            raw, text = render(event, LANGUAGES[notices % len(LANGUAGES)], notices + 1)
            assert str(SEED) not in raw and SALT not in raw
            assert event.person_id != people[mover] or finished  # never one's own move
            unseen = sorted(unknown_to(state, seat, rng))
            told = [part for part in unseen if whole_word(text, part)]
            assert told == [], f"step {step}, seat {seat}: {told} in\n{text}"
            notices += 1
            checked += len(unseen)
        if finished:
            break
    assert state.outcome is not None, "the game did not end"
    assert notices > game.players  # "your move" notifications, and the end to each
    assert checked > 0  # some of the deal was hidden from some notification's seat
