"""Black Vienna positions: the true deal, SAT-checked certain facts, JSON format, errors."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pysat.solvers import Minicard

from games.black_vienna.black_vienna_positions import random_position
from sleuth.deduce.api import analyze_position as analyze
from sleuth.deduce.model import Model, PositionError
from sleuth.games.black_vienna.knowledge import (
    LETTERS,
    BlackViennaAnalysis,
    Investigation,
    Position,
)
from support.json_access import as_int, as_list, as_number, as_obj, as_str

seeds = st.integers(min_value=0, max_value=2**32 - 1)
players = st.integers(min_value=3, max_value=6)
answers = st.integers(min_value=0, max_value=36)


def sat_certain(model: Model) -> set[tuple[int, int]]:
    """Certain (card, location) facts by Minicard: one model, then refute each of its literals."""
    nc, nl = len(model.cards), len(model.locations)

    def var(c: int, loc: int) -> int:
        return c * nl + loc + 1

    s = Minicard()
    for c in range(nc):
        lits = [var(c, loc) for loc in range(nl)]
        s.add_clause(lits)
        s.add_atmost(lits, 1)
    for loc in range(nl):
        lits = [var(c, loc) for c in range(nc)]
        s.add_atmost(lits, model.capacities[loc])
        s.add_atmost([-x for x in lits], nc - model.capacities[loc])
    for con in model.constraints:
        lits = [var(c, loc) for c in con.cards for loc in con.locations]
        s.add_atmost(lits, con.count)
        s.add_atmost([-x for x in lits], len(lits) - con.count)
    assert s.solve()
    sat_model = set(x for x in s.get_model() if x > 0)
    out = set()
    for c in range(nc):
        for loc in range(nl):
            if var(c, loc) in sat_model and not s.solve(assumptions=[-var(c, loc)]):
                out.add((c, loc))
    s.delete()
    return out


@settings(max_examples=60, deadline=None)
@given(seeds, players, answers)
def test_true_deal_possible_and_certain_facts_match_sat(seed: int, n: int, k: int) -> None:
    deal, pos = random_position(random.Random(seed), n, k)
    an = BlackViennaAnalysis(pos)
    assert an.consistent
    assert an.worlds > 0
    ring = dict(an.ring())
    assert ring[deal.ring] > 0
    assert sum(ring.values()) == an.worlds
    probs = an.card_probabilities()
    for seat, hand in enumerate(deal.hands):
        for ch in hand:
            assert probs[ch].get(str(seat), 0) > 0
    for ch in deal.ring:
        assert probs[ch].get("ring", 0) > 0
    for ch in LETTERS:
        assert abs(sum(probs[ch].values()) - 1) < 1e-9
    # certain facts agree with a SAT solver
    model = an.seat_model.model
    assert set(an.analysis.certain()) == sat_certain(model)
    # ring marginals equal the sums over trios
    for ch in LETTERS:
        p = sum(cnt for trio, cnt in ring.items() if ch in trio) / an.worlds
        assert abs(probs[ch].get("ring", 0.0) - p) < 1e-9


def test_json_output_format() -> None:
    data = {
        "game": "black-vienna",
        "players": 4,
        "seat": 1,
        "hand": "AFKPTX",
        "investigations": [
            {"target": 2, "letters": "AOR", "markers": 1},
            {"target": 0, "letters": "BHV", "markers": 0},
        ],
    }
    out = analyze(data, explain="A", questions=True)
    assert out["consistent"] is True
    assert isinstance(out["worlds"], str) and int(out["worlds"]) > 0
    cards = out["cards"]
    assert isinstance(cards, dict) and set(cards) == set(LETTERS)
    assert cards["A"] == {"1": 1.0}
    assert "0" not in as_obj(cards["B"])
    ring = out["solutions"]
    assert isinstance(ring, list) and all(len(as_list(as_obj(r)["cards"])) == 3 for r in ring)
    ps = [as_number(as_obj(r)["probability"]) for r in ring]
    assert ps == sorted(ps, reverse=True)
    assert abs(sum(ps) - 1) < 1e-9
    explanation = as_obj(out["explanation"])
    assert explanation["card"] == "A" and explanation["place"] == "1"
    assert as_str(as_obj(as_list(out["questions"])[0])["action"]).startswith("ask ")
    json.dumps(out)
    assert Position.from_json(Position.from_json(data).to_json()) == Position.from_json(data)


def test_inconsistent_input_names_conflicting_answers() -> None:
    data = {
        "game": "black-vienna",
        "players": 4,
        "seat": 1,
        "hand": "AFKPTX",
        "investigations": [
            {"target": 2, "letters": "CDE", "markers": 1},
            {"target": 2, "letters": "BHV", "markers": 0},
            {"target": 2, "letters": "CMY", "markers": 0},
            {"target": 2, "letters": "DNZ", "markers": 0},
            {"target": 2, "letters": "EPÖ", "markers": 0},
        ],
    }
    out = analyze(data)
    assert out["consistent"] is False
    conflict = out["contradiction"]
    assert isinstance(conflict, dict)
    assert sorted(as_int(i) for i in as_list(conflict["answers"])) == [0, 2, 3, 4]
    # an own answer that does not match the hand
    data2 = dict(data, investigations=[{"target": 1, "letters": "AOR", "markers": 0}])
    out2 = analyze(data2)
    assert out2["consistent"] is False


def test_explanation_implies_the_fact() -> None:
    rng = random.Random(5)
    for _ in range(20):
        _, pos = random_position(rng, 4, 18)
        an = BlackViennaAnalysis(pos)
        own = set(pos.hand)
        facts = [ch for ch in an.certain() if ch not in own]
        if not facts:
            continue
        ex = an.explain(facts[0])
        idx = [as_int(as_obj(a)["index"]) for a in as_list(ex["answers"])]
        sub = Position(pos.players, pos.seat, pos.hand, tuple(pos.investigations[i] for i in idx))
        assert BlackViennaAnalysis(sub).certain().get(facts[0]) == ex["location"]
        return
    pytest.skip("no certain fact found")


@pytest.mark.parametrize(
    ("patch", "field"),
    [
        ({"hand": "AFKPT"}, "hand"),
        ({"hand": "AFKPT1"}, "hand"),
        ({"players": 7}, "players"),
        ({"seat": 4}, "seat"),
        (
            {"investigations": [{"target": 7, "letters": "AOR", "markers": 1}]},
            "investigations[0].target",
        ),
        (
            {"investigations": [{"target": 2, "letters": "AQR", "markers": 1}]},
            "investigations[0].letters",
        ),
        (
            {"investigations": [{"target": 2, "letters": "AOR", "markers": 4}]},
            "investigations[0].markers",
        ),
        ({"investigations": [{"target": 2, "letters": "AOR"}]}, "investigations[0].markers"),
        ({"game": "chess"}, "game"),
    ],
)
def test_invalid_input_names_the_field(patch: dict[str, object], field: str) -> None:
    data: dict[str, object] = {
        "game": "black-vienna",
        "players": 4,
        "seat": 1,
        "hand": "AFKPTX",
        "investigations": [],
    }
    data.update(patch)
    with pytest.raises(PositionError) as exc:
        analyze(data)
    assert str(exc.value).startswith(field)


def test_self_answers_are_checked_not_counted() -> None:
    base = Position(4, 1, "AFKPTX")
    with_self = Position(4, 1, "AFKPTX", (Investigation(1, "AOR", 1),))
    assert BlackViennaAnalysis(base).worlds == BlackViennaAnalysis(with_self).worlds


def test_cli_whole_process(tmp_path: Path) -> None:
    pos = tmp_path / "p.json"
    pos.write_text(
        json.dumps(
            {
                "game": "black-vienna",
                "players": 3,
                "seat": 0,
                "hand": "ABCDEFGH",
                "investigations": [],
            }
        )
    )
    src = Path(__file__).resolve().parents[3] / "src"
    env_cmd = [
        sys.executable,
        "-c",
        f"import sys; sys.path.insert(0, {str(src)!r}); "
        "from sleuth.cli.deduce_cmd import main; raise SystemExit(main())",
        "--json",
        str(pos),
    ]
    res = subprocess.run(env_cmd, capture_output=True, text=True, check=False)
    assert res.returncode == 0, res.stderr
    out = json.loads(res.stdout)
    assert out["worlds"] == str(19 * 18 * 17 // 6 * 12870)  # ring, then 8 of the other 16
    bad = tmp_path / "b.json"
    bad.write_text(json.dumps({"game": "black-vienna", "players": 3, "seat": 0, "hand": "ABCDEFG"}))
    res = subprocess.run([*env_cmd[:-1], str(bad)], capture_output=True, text=True, check=False)
    assert res.returncode == 2
    assert "hand" in res.stderr


def test_sampled_deals_are_consistent() -> None:
    rng = random.Random(9)
    deal, pos = random_position(rng, 5, 12)
    an = BlackViennaAnalysis(pos)
    for d in an.sample(random.Random(1), 20):
        hands = d["hands"]
        assert isinstance(hands, list)
        assert hands[pos.seat] == pos.hand
        assert sorted("".join(hands) + str(d["ring"])) == sorted(LETTERS)
        for inv in pos.investigations:
            assert sum(ch in hands[inv.target] for ch in inv.letters) == inv.markers
    assert deal.ring in dict(an.ring())
