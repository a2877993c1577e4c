"""13 Clues: the engine's deal sampler is consistent with the position and uniform over its
worlds (empirical frequencies against the exact marginals and mystery posterior)."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from games.thirteen_clues.test_thirteen_clues_adapter import random_13_clues
from sleuth.games.thirteen_clues.knowledge import (
    INFORMANTS,
    ThirteenCluesAnalysis,
    attribute_set,
    cards_for,
)
from support.json_access import as_list, as_obj

DRAWS = 3000
# Five standard errors: a correct sampler fails one check in about 3.5 million.
SIGMAS = 5.0


def _positions() -> list[dict[str, object]]:
    """Small positions of several shapes: answers, informants seen, another's accusation."""
    out = []
    for players, seed, answers in ((3, 1, 4), (4, 2, 3), (5, 3, 5), (6, 4, 2)):
        pos, truth = random_13_clues(random.Random(seed), players, answers)
        if INFORMANTS[players]:
            first = next(c for c, loc in truth.items() if loc == "informant:A")
            pos["informants"] = {"A": first}
        # Seat 1 names cards it cannot see: truly hidden by seat 2 or in slot B where one
        # of the type is, else one of its own mystery (which seat 0 sees).
        if players >= 3:
            kind = {name: category for name, _, category in cards_for(players)}
            mysteries = pos["mysteries"]
            assert isinstance(mysteries, dict)
            unseen = [c for c, loc in truth.items() if loc.startswith(("hidden:2", "informant:B"))]
            named = [
                next((c for c in unseen if kind[c] == k), mysteries["1"][i])
                for i, k in enumerate(("person", "location", "weapon"))
            ]
            pos["accusations"] = [{"player": 1, "cards": named}]
        out.append(pos)
    return out


def _check_consistent(pos: dict[str, object], deal: dict[str, object]) -> None:
    players = int(str(pos["players"]))
    seat = int(str(pos["seat"]))
    mysteries = deal["mysteries"]
    hidden = deal["hidden"]
    informants = deal["informants"]
    assert isinstance(mysteries, dict) and isinstance(hidden, dict)
    assert isinstance(informants, dict)
    assert hidden[str(seat)] == pos["hidden"]
    seen_mysteries = pos["mysteries"]
    assert isinstance(seen_mysteries, dict)
    for s, cards in seen_mysteries.items():
        assert mysteries[s] == cards
    assert sorted(informants) == [chr(65 + i) for i in range(INFORMANTS[players])]
    known = pos.get("informants", {})
    assert isinstance(known, dict)
    for slot, card in known.items():
        assert informants[slot] == card
    every = [c for s in range(players) for c in mysteries[str(s)] + hidden[str(s)]]
    every += list(informants.values())
    assert len(every) == len(set(every)) == 3 * (players + 4)
    questions = pos.get("questions", [])
    assert isinstance(questions, list)
    for q in questions:
        w = q["witness"]
        own = hidden[str(w)]
        if "side" in q:  # two players: [left, right]
            own = own[:1] if q["side"] == "left" else own[1:]
        sees = [c for s in range(players) if s != w for c in mysteries[str(s)]] + own
        assert sum(c in attribute_set(q["about"], players) for c in sees) == q["answer"]
    accusations = pos.get("accusations", [])
    assert isinstance(accusations, list)
    for a in accusations:
        p = a["player"]
        sees = {c for s in range(players) if s != p for c in mysteries[str(s)]} | set(
            hidden[str(p)]
        )
        assert not sees & set(a["cards"])


@pytest.mark.parametrize(
    "index", [0, *(pytest.param(i, marks=pytest.mark.slow) for i in range(1, 4))]
)
def test_sampled_deals_are_consistent_and_uniform(index: int) -> None:
    pos = _positions()[index]
    analysis = ThirteenCluesAnalysis(pos)
    assert analysis.consistent
    deals = analysis.sample(random.Random(17 + index), DRAWS)
    assert len(deals) == DRAWS
    seat = str(pos["seat"])
    placed: Counter[tuple[str, str]] = Counter()
    trios: Counter[frozenset[str]] = Counter()
    for deal in deals:
        _check_consistent(pos, deal)
        mysteries, hidden, informants = deal["mysteries"], deal["hidden"], deal["informants"]
        assert isinstance(mysteries, dict) and isinstance(hidden, dict)
        assert isinstance(informants, dict)
        trios[frozenset(mysteries[seat])] += 1
        for card in mysteries[seat]:
            placed[card, "mystery"] += 1
        for s, cards in hidden.items():
            if s != seat:
                for card in cards:
                    placed[card, f"hidden:{s}"] += 1
        for slot, card in informants.items():
            placed[card, f"informant:{slot}"] += 1
    exact = analysis.to_json()
    cards = exact["cards"]
    assert isinstance(cards, dict)
    checked = 0
    for card, row in cards.items():
        if card in analysis.known:
            continue
        for where, p in row.items():
            freq = placed[card, where] / DRAWS
            bound = SIGMAS * math.sqrt(p * (1 - p) / DRAWS) + 1e-9
            assert abs(freq - p) <= bound, (card, where, freq, p)
            checked += 1
    # Nothing is placed where the engine says it cannot be.
    for (card, where), count in placed.items():
        assert count == 0 or where in cards[card]
    mystery = exact["mystery"]
    assert isinstance(mystery, list)
    assert sum(trios.values()) == DRAWS
    for entry in mystery:
        p = entry["p"]
        freq = trios[frozenset(entry["cards"])] / DRAWS
        assert abs(freq - p) <= SIGMAS * math.sqrt(p * (1 - p) / DRAWS) + 1e-9
    assert set(trios) <= {frozenset(e["cards"]) for e in mystery}
    assert checked > 20


def test_two_player_sides_and_reproducibility() -> None:
    pos, truth = random_13_clues(random.Random(5), 2, 0)
    pos["questions"] = [{"witness": 1, "about": "male", "side": "left", "answer": 0}]
    analysis = ThirteenCluesAnalysis(pos)
    assert analysis.consistent
    deals = analysis.sample(random.Random(4), 200)
    assert deals == analysis.sample(random.Random(4), 200)
    for deal in deals:
        _check_consistent(pos, deal)
        hidden = deal["hidden"]
        assert isinstance(hidden, dict) and len(hidden["1"]) == 2
        mysteries = deal["mysteries"]
        assert isinstance(mysteries, dict)
        # Seat 1's left card and seat 0's mystery hold no man; its right card may.
        males = attribute_set("male", 2)
        assert not males & {hidden["1"][0], *mysteries["0"]}
    assert any(set(as_list(as_obj(d["hidden"])["1"])[1:]) & attribute_set("male", 2) for d in deals)
    assert len(truth) == 13


def test_an_inconsistent_position_cannot_be_sampled() -> None:
    pos, _ = random_13_clues(random.Random(6), 4, 0)
    pos["questions"] = [{"witness": 1, "about": "purple", "answer": 9}]
    with pytest.raises(ValueError, match="inconsistent"):
        ThirteenCluesAnalysis(pos).sample(random.Random(1), 1)
