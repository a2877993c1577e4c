"""An action list's kinds and parts by kind, when a plain part mixes kinds (Alibi's lists)."""

from __future__ import annotations

from sleuth.agents.base import kinds_of, of_kind
from sleuth.core.actions import ActionList
from sleuth.games.alibi.legal import PASS, SWAP, listed
from sleuth.games.alibi.notation import GoodEye, PlayClue


def test_a_plain_part_of_mixed_kinds_shows_every_kind_in_order() -> None:
    made = (PlayClue("male"), PlayClue("thin"), GoodEye(), PASS)
    legal = listed(made)
    assert kinds_of(legal) == ("play", "goodeye", "pass")
    assert list(of_kind(legal, "play")) == [PlayClue("male"), PlayClue("thin")]
    assert list(of_kind(legal, "pass")) == [PASS]
    assert list(of_kind(legal, "exchange")) == []


def test_parts_of_one_kind_are_handed_back_whole() -> None:
    swaps = (SWAP["male"], SWAP["thin"])
    legal = ActionList([swaps, (PASS,)])
    assert legal.kinds() == ("swap", "pass")
    assert legal.of_kind("swap") is swaps


def test_a_real_alibi_turn_lists_its_exchanges_and_its_pass() -> None:
    from sleuth.core import make_game

    state = make_game("alibi", 3).new(1)
    seat = state.to_move()
    assert seat is not None
    legal = state.legal_actions(seat)
    kinds = kinds_of(legal)
    exchanges = of_kind(legal, "exchange")
    assert set(kinds) == {a.kind for a in legal}
    assert len(exchanges) == sum(a.kind == "exchange" for a in legal) > 0
