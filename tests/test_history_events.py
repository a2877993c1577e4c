"""The terminal tells every step from its typed events, never from the step's text.

Each kit's ``event_words`` (in the module of its ``history`` renderer: a game's words.py)
is replaced by a marker that names the event and the reading seat; the terminal's history of
a seeded game between bots must then show, for every step and every reader (each seat and a
spectator), the marker of each event of that step the reader may see, and no other.
"""

from __future__ import annotations

import json
import re
import sys
from typing import Any

import pytest

from sleuth.agents import RandomAgent
from sleuth.arena.session import GameSession
from sleuth.core import all_kits, find_kit, make_game
from sleuth.core.events import Event, visible
from sleuth.core.kit import RENDER, TextRender
from sleuth.tui.history import HistoryBook
from support.streams import bot_streams

SEED = 20261204
MARK = re.compile(r"⟦[^⟦⟧]*⟧")


def marker(event: Event, me: int | None, language: str = "en") -> str:
    """An event and its reader, in text no game's own words contain."""
    return "⟦" + json.dumps([event.to_json(), me], ensure_ascii=True, sort_keys=True) + "⟧"


def steps_of(lines: list[str], count: int) -> list[str]:
    """The history's lines grouped by step ("12. ..." and its indented lines after it)."""
    told: list[str] = []
    for line in lines:
        if line.startswith(f"{len(told) + 1}. "):
            told.append(line)
        else:
            assert told and line.startswith("   "), line
            told[-1] += "\n" + line
    assert len(told) == count
    return told


@pytest.mark.parametrize("name", sorted(kit.name for kit in all_kits()))
def test_the_terminal_history_tells_every_visible_event_of_every_step(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    render = find_kit(name).part(RENDER, TextRender)
    assert render.history is not None, f"{name} has no history renderer"
    words = sys.modules[render.history.__module__]
    assert hasattr(words, "event_words"), f"{name}: {words.__name__} has no event_words"
    monkeypatch.setattr(words, "event_words", marker)
    kind = find_kit(name).game
    players = max(kind.min_players, min(3, kind.max_players))
    game = make_game(name, players)
    bots: list[Any] = [RandomAgent(0.02) for _ in range(players)]
    session = GameSession(game, SEED, bots, bot_seeds=bot_streams(SEED, players))
    while session.outcome is None:
        assert session.bot_step() is not None, "a game of bots only waits on nobody"
    book = HistoryBook(session, render)
    shown = 0
    for reader in (None, *range(players)):
        told = steps_of(book.lines(reader), len(session.steps))
        state = game.new(SEED)
        for number, step in enumerate(session.steps):
            state = state.apply(step.seat, game.parse_action(step.action))
            expected = [marker(event, reader) for event in visible(state.last_events(), reader)]
            found = MARK.findall(told[number])
            assert sorted(found) == sorted(expected), (reader, told[number])
            shown += len(found)
    assert shown >= len(session.steps) > 0  # every step has an event someone may see
