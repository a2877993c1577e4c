"""13 Clues' position adapter: the exact analysis against brute force, its errors, its questions."""

from __future__ import annotations

import random

import pytest

from deduce.brute import worlds
from sleuth.deduce.api import analyze_position
from sleuth.deduce.model import PositionError
from sleuth.games.thirteen_clues.knowledge import (
    CATEGORIES,
    COLOURS,
    INFORMANTS,
    REMOVED,
    ThirteenCluesAnalysis,
    attribute_set,
    cards_for,
)
from support.json_access import as_list, as_number, as_obj


def random_13_clues(
    rng: random.Random, players: int, nq: int
) -> tuple[dict[str, object], dict[str, str]]:
    """A random 13 Clues deal and a position of seat 0 with ``nq`` true answers."""
    deck = cards_for(players)
    by_cat: dict[str, list[str]] = {"person": [], "location": [], "weapon": []}
    for name, _, cat in deck:
        by_cat[cat].append(name)
    for v in by_cat.values():
        rng.shuffle(v)
    mysteries = [
        [by_cat[c].pop() for c in ("person", "location", "weapon")] for _ in range(players)
    ]
    rest = [c for v in by_cat.values() for c in v]
    rng.shuffle(rest)
    hidden = [[rest.pop(), rest.pop()] for _ in range(players)]
    informants = rest
    assert len(informants) == INFORMANTS[players]
    truth = {c: "mystery" for c in mysteries[0]}
    for s in range(1, players):
        for c in hidden[s]:
            truth[c] = f"hidden:{s}"
    for i, c in enumerate(informants):
        truth[c] = f"informant:{chr(65 + i)}"
    questions = []
    abouts = [*COLOURS[: 10 - REMOVED[players]], *CATEGORIES]
    for _ in range(nq):
        w = rng.randrange(players)
        about = rng.choice(abouts)
        attr = attribute_set(about, players)
        seen = [c for s in range(players) if s != w for c in mysteries[s]] + hidden[w]
        questions.append({"witness": w, "about": about, "answer": sum(c in attr for c in seen)})
    pos: dict[str, object] = {
        "game": "13-clues",
        "players": players,
        "seat": 0,
        "hidden": hidden[0],
        "mysteries": {str(s): mysteries[s] for s in range(1, players)},
        "questions": questions,
    }
    return pos, truth


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_13_clues_true_deal_is_possible(players: int) -> None:
    rng = random.Random(players)
    for _ in range(5):
        pos, truth = random_13_clues(rng, players, rng.randint(0, 8))
        out = analyze_position(pos)
        assert out["consistent"] is True
        cards = as_obj(out["cards"])
        for c, loc in truth.items():
            assert as_number(as_obj(cards[c]).get(loc, 0)) > 0
        myst = {frozenset(as_list(as_obj(m)["cards"])) for m in as_list(out["solutions"])}
        assert frozenset(c for c, loc in truth.items() if loc == "mystery") in myst


def test_13_clues_matches_brute_force() -> None:
    rng = random.Random(11)
    for _ in range(4):
        pos, truth = random_13_clues(rng, 3, 6)
        # the seat consulted five of the six informants: 8 unknown cards remain
        pos["informants"] = {
            loc[-1]: c
            for c, loc in truth.items()
            if loc.startswith("informant:") and loc[-1] != "F"
        }
        an = ThirteenCluesAnalysis(pos)
        all_worlds = list(worlds(an.model))
        assert an.analysis.worlds == len(all_worlds) > 0
        for c in range(len(an.model.cards)):
            for loc in range(len(an.model.locations)):
                n = sum(1 for w in all_worlds if w[c] == loc)
                assert an.analysis.marginal_counts[c][loc] == n


def test_13_clues_errors_name_the_field() -> None:
    pos, _ = random_13_clues(random.Random(1), 4, 2)
    bad = dict(pos, hidden=["Officer", "Nobody"])
    with pytest.raises(PositionError, match=r"^hidden\[1\]"):
        analyze_position(bad)
    bad = dict(pos, questions=[{"witness": 9, "about": "red", "answer": 1}])
    with pytest.raises(PositionError, match=r"^questions\[0\]\.witness"):
        analyze_position(bad)


def test_13_clues_questions_rank() -> None:
    pos, _ = random_13_clues(random.Random(2), 4, 3)
    out = analyze_position(pos, questions=True)
    qs = out["questions"]
    assert isinstance(qs, list) and qs
    bits = [as_number(as_obj(q)["solution_bits"]) for q in qs]
    assert bits == sorted(bits, reverse=True)
