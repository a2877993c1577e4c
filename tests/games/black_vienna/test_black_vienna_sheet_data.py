"""Black Vienna's sheet as data for the page's drawn grid (issue #35): the seat's odds at the
deal, only what is certain at ``facts``, and once the game is over the revealed ring, not
the odds from before the reveal."""

from __future__ import annotations

from math import comb
from typing import Any

from sleuth.core import make_game
from sleuth.core.records import Recorder
from sleuth.games.black_vienna.components import LETTERS
from sleuth.games.black_vienna.render import sheet_data

SEED = 6
HAND = "GLRSTUZÖ"  # seat 0's hand in the deal of SEED at three players
RING = "EJN"
UNSEEN = len(LETTERS) - len(HAND)  # 19 cards seat 0 has not seen


def _deal_view() -> Any:
    view: Any = make_game("bv", 3).new(SEED).view(0)
    assert (view.hand, view.face_up) == (HAND, ("YZÖ", "MSV", "UWX"))
    return view


def test_at_the_deal_full_gives_every_chance_the_likeliest_and_the_best_question() -> None:
    data = sheet_data(_deal_view(), "full")
    assert data is not None
    assert (data.rows, data.columns, data.solution_column) == (
        tuple(LETTERS),
        ("s0", "s1", "s2", "ring"),
        "ring",
    )
    by_card = dict(zip(data.rows, data.cells, strict=True))
    assert by_card["G"] == (1.0, 0.0, 0.0, 0.0)
    other, ring = round(8 / UNSEEN, 4), round(3 / UNSEEN, 4)
    assert by_card["A"] == (0.0, other, other, ring) == (0.0, 0.4211, 0.4211, 0.1579)
    assert data.certain == () and data.truth is None and data.consistent
    assert data.possible == comb(UNSEEN, 3) == 969
    assert [c.cards for c in data.likeliest] == [
        ("A", "B", "C"),
        ("A", "B", "D"),
        ("A", "B", "E"),
        ("A", "B", "F"),
        ("A", "B", "H"),
    ]
    assert {c.probability for c in data.likeliest} == {1 / 969}
    assert data.question is not None
    assert (data.question.seat, data.question.about) == (1, "YZÖ")


def test_at_facts_only_what_is_certain_and_no_odds() -> None:
    data = sheet_data(_deal_view(), "facts")
    assert data is not None
    by_card = dict(zip(data.rows, data.cells, strict=True))
    assert by_card["G"] == (1.0, 0.0, 0.0, 0.0)
    assert by_card["A"] == (0.0, None, None, None)
    assert (data.possible, data.likeliest, data.question) == (None, (), None)


def test_after_the_end_the_sheet_is_the_revealed_ring_not_the_odds() -> None:
    game = make_game("bv", 3)
    assert str(game.new(SEED).reveal()["ring"]) == RING
    recorder = Recorder(game, SEED)
    recorder.play(1, "accuse ABC")
    recorder.play(0, f"accuse {RING}")
    state = recorder.play(2, "pass")
    assert state.outcome is not None
    final: Any = state.view(0)
    data = sheet_data(final, "full")
    assert data is not None
    assert data.truth == tuple(RING)
    ring = [row[-1] for row in data.cells]
    assert [c for c, p in zip(data.rows, ring, strict=True) if p == 1.0] == list(RING)
    assert all(p in (0.0, 1.0, None) for row in data.cells for p in row)
    assert (data.possible, data.likeliest, data.question) == (None, (), None)


def test_a_spectator_has_no_sheet() -> None:
    spectator: Any = make_game("bv", 3).new(SEED).view(None)
    assert sheet_data(spectator, "full") is None
