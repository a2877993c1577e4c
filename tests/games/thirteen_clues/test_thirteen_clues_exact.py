"""13 Clues: positions of issue 22 with the numbers worked out by hand.

1. The seat's own wrong accusation rules its trio out as its mystery.
2. With two players a question put to the seat names one of its hidden cards, and the seat
   counts only that one (REFERENCE §4.5).
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from math import factorial, log2

import pytest

from games.thirteen_clues.test_thirteen_clues_deal_calibration import game_of
from sleuth.core import make_game
from sleuth.deduce.model import PositionError
from sleuth.games.thirteen_clues import ThirteenCluesState, ThirteenCluesView
from sleuth.games.thirteen_clues.knowledge import (
    MYSTERY,
    ThirteenCluesAnalysis,
    attribute_set,
    thirteen_clues_position,
)
from sleuth.games.thirteen_clues.render import sheet_text, thirteen_clues_sheet
from support.calibration import replay
from support.json_access import as_list, as_obj, as_str

# Four players, seat 0. The 24 cards of 8 colours; seat 0 sees 3 mysteries (9 cards) and its
# own two hidden cards: 13 unknown, 4 persons (Officer Butcher Dancer Sailor), 5 locations
# (Parlor Library Harbor Theater Plaza) and 4 weapons (Knife Poison Gun Candlestick).
FOUR = {
    "game": "13-clues",
    "players": 4,
    "seat": 0,
    "hidden": ["Maid", "Rifle"],
    "mysteries": {
        "1": ["Duke", "Market", "Crossbow"],
        "2": ["Countess", "Park", "Sword"],
        "3": ["Nurse", "Museum", "Blowgun"],
    },
}
# Seat 0's mystery is one of 4 x 5 x 4 = 80 trios; the other 10 unknown cards fill seats 1-3's
# hidden pairs and the 4 informant slots: 10! / (2! 2! 2!) = 453,600 ways.
FOUR_REST = factorial(10) // 2**3
ACCUSED = ["Butcher", "Library", "Knife"]


def _analysis(position: dict[str, object]) -> ThirteenCluesAnalysis:
    return ThirteenCluesAnalysis(position)


def test_four_players_without_accusation() -> None:
    out = _analysis(FOUR).to_json()
    assert FOUR_REST == 453_600
    assert out["worlds"] == str(80 * FOUR_REST) == "36288000"
    mystery = out["mystery"]
    assert isinstance(mystery, list) and len(mystery) == 80
    assert {m["p"] for m in mystery} == {1 / 80}


def test_own_wrong_accusation_rules_its_trio_out() -> None:
    position = dict(FOUR, accusations=[{"player": 0, "cards": ACCUSED}])
    an = _analysis(position)
    out = an.to_json()
    # 79 trios left, each with the same 453,600 fillings of the rest.
    assert out["worlds"] == str(79 * FOUR_REST) == "35834400"
    mystery = out["mystery"]
    assert isinstance(mystery, list) and len(mystery) == 79
    assert all(sorted(m["cards"]) != sorted(ACCUSED) for m in mystery)
    assert {m["p"] for m in mystery} == {1 / 79}
    cards = out["cards"]
    assert isinstance(cards, dict)
    # Butcher is in 5 x 4 = 20 trios, one of them ruled out; Officer in all 20 of its own.
    assert cards["Butcher"][MYSTERY] == pytest.approx(19 / 79)
    assert cards["Officer"][MYSTERY] == pytest.approx(20 / 79)
    assert cards["Library"][MYSTERY] == pytest.approx((4 * 4 - 1) / 79)
    assert cards["Parlor"][MYSTERY] == pytest.approx(16 / 79)
    # a uniform draw of deals never holds the accused trio
    draws = an.sample(random.Random(3), 400)
    own = [[as_str(c) for c in as_list(as_obj(d["mysteries"])["0"])] for d in draws]
    assert all(sorted(trio) != sorted(ACCUSED) for trio in own)


def test_question_value_counts_the_accusation() -> None:
    """Seat 1 asked about red: it sees seat 0's mystery (Butcher, Library and Poison are the
    red cards seat 0 does not know) and its hidden pair. Counted by hand: per trio, per pair
    of the 10 cards left for seat 1, every pair is equally likely."""
    position = dict(FOUR, accusations=[{"player": 0, "cards": ACCUSED}])
    persons = ["Officer", "Butcher", "Dancer", "Sailor"]
    locations = ["Parlor", "Library", "Harbor", "Theater", "Plaza"]
    weapons = ["Knife", "Poison", "Gun", "Candlestick"]
    red = attribute_set("red", 4)
    joint: Counter[tuple[int, tuple[str, ...]]] = Counter()
    for trio in ((p, lo, w) for p in persons for lo in locations for w in weapons):
        if sorted(trio) == sorted(ACCUSED):
            continue
        rest = [c for c in persons + locations + weapons if c not in trio]
        for pair in combinations(rest, 2):
            joint[sum(c in red for c in (*trio, *pair)), trio] += 1
    total = sum(joint.values())
    answers: Counter[int] = Counter()
    trios: Counter[tuple[str, ...]] = Counter()
    for (a, t), k in joint.items():
        answers[a] += k
        trios[t] += k
    bits = sum(k / total * log2(k * total / (answers[a] * trios[t])) for (a, t), k in joint.items())
    entropy = -sum(k / total * log2(k / total) for k in answers.values())
    ranked = _analysis(position).to_json(questions=True)["questions"]
    assert isinstance(ranked, list)
    asked = next(q for q in ranked if q["witness"] == 1 and q["about"] == "red")
    assert asked["mystery_bits"] == pytest.approx(bits, abs=1e-9)
    assert asked["answer_entropy"] == pytest.approx(entropy, abs=1e-9)


def test_accusations_are_checked() -> None:
    with pytest.raises(PositionError, match=r"accusations\[0\]\.cards: seat 0 sees Maid"):
        _analysis(dict(FOUR, accusations=[{"player": 0, "cards": ["Maid", "Parlor", "Knife"]}]))
    with pytest.raises(PositionError, match=r"accusations\[0\]\.cards: seat 2 sees Duke"):
        _analysis(dict(FOUR, accusations=[{"player": 2, "cards": ["Duke", "Parlor", "Knife"]}]))
    with pytest.raises(PositionError, match="one person, location and weapon"):
        _analysis(dict(FOUR, accusations=[{"player": 1, "cards": ["Butcher", "Knife"]}]))


def test_four_players_a_question_to_the_seat_counts_both_hidden_cards() -> None:
    # seat 0 sees blue Maid and Rifle (its hidden cards); no blue card in the mysteries
    ok = dict(FOUR, questions=[{"witness": 0, "about": "blue", "answer": 2}])
    assert _analysis(ok).to_json()["worlds"] == str(80 * FOUR_REST)
    wrong = _analysis(dict(FOUR, questions=[{"witness": 0, "about": "blue", "answer": 1}]))
    out = wrong.to_json()
    assert out["consistent"] is False
    assert out["conflict"] == {"questions": [0], "smallest": True}


# Two players, seat 0 (the deal of seed 6): 18 cards of 6 colours; seat 0 sees seat 1's
# mystery (Countess Museum Knife) and its own hidden cards, Nurse on the left and Poison on the
# right. 13 unknown: persons Officer Duke Butcher Maid (4), locations Parlor Market Library
# Park Harbor (5), weapons Crossbow Sword Blowgun Rifle (4).
TWO = {
    "game": "13-clues",
    "players": 2,
    "seat": 0,
    "hidden": ["Nurse", "Poison"],
    "mysteries": {"1": ["Countess", "Museum", "Knife"]},
}
# 4 x 5 x 4 = 80 trios; the other 10 cards go one each to seat 1's left and right and the 8
# informant slots: 10! ways.
TWO_REST = factorial(10)


def test_two_players_counts() -> None:
    assert _analysis(TWO).to_json()["worlds"] == str(80 * TWO_REST) == "290304000"
    position = dict(TWO, accusations=[{"player": 0, "cards": ["Officer", "Market", "Rifle"]}])
    out = _analysis(position).to_json()
    assert out["worlds"] == str(79 * TWO_REST) == "286675200"
    assert as_obj(as_obj(out["cards"])["Officer"])[MYSTERY] == pytest.approx(19 / 79)


@pytest.mark.parametrize(
    ("side", "about", "answer"),
    [
        # seat 0 counts Countess, Museum, Knife and only its card on that side
        ("left", "yellow", 2),  # Museum + Nurse (Poison, right, is red)
        ("right", "yellow", 1),  # Museum only: counting both cards would give 2
        ("left", "female", 2),  # Countess + Nurse
        ("right", "female", 1),
        ("right", "melee", 2),  # Knife + Poison
        ("left", "melee", 1),
    ],
)
def test_two_players_a_question_to_the_seat_counts_one_side(
    side: str, about: str, answer: int
) -> None:
    question = {"witness": 0, "about": about, "side": side, "answer": answer}
    out = _analysis(dict(TWO, questions=[question])).to_json()
    assert out["consistent"] is True
    assert out["worlds"] == str(80 * TWO_REST)  # it tells the seat nothing
    # any other answer contradicts the seat's own cards (for "right, yellow" the count of
    # both hidden cards, 2, among them)
    for other in (answer - 1, answer + 1):
        wrong = dict(question, answer=other)
        out = _analysis(dict(TWO, questions=[wrong])).to_json()
        assert out["consistent"] is False
        assert out["conflict"] == {"questions": [0], "smallest": True}


def test_two_players_a_question_to_the_other_seat_names_a_side() -> None:
    """Seat 1 answered 0 to purple, left: no purple card in seat 0's mystery nor on seat 1's
    left. Trios without Officer, Parlor: 3 x 4 x 4 = 48 (Knife is seat 1's mystery); the left
    card is one of the 10 - 2 = 8 non-purple cards left (Officer and Parlor are not in the
    trio); the other 9 cards fill the 9 other places: 48 x 8 x 9! worlds."""
    question = {"witness": 1, "about": "purple", "side": "left", "answer": 0}
    out = _analysis(dict(TWO, questions=[question])).to_json()
    assert out["worlds"] == str(48 * 8 * factorial(9)) == "139345920"
    cards = out["cards"]
    assert isinstance(cards, dict)
    assert "hidden:1:left" not in cards["Officer"]
    assert cards["Officer"]["hidden:1:right"] == pytest.approx(1 / 9)


def test_a_real_two_player_game_with_questions_to_the_seat() -> None:
    """From the game itself: the rules engine's answers to seat 0 (one side each) are
    consistent with the seat's own cards, and its wrong accusation is struck off."""
    game = game_of(2)
    history = (
        (0, "ask 1 outdoor right"),
        (1, "ask 0 yellow right"),
        (0, "accuse Officer Market Crossbow"),
        (1, "ask 0 female left"),
        (0, "look A"),
        (1, "ask 0 red right"),
    )
    state = replay(game, game.new(6), history)
    assert state is not None
    view = state.view(0)
    assert isinstance(view, ThirteenCluesView)
    position = thirteen_clues_position(view)
    assert position["hidden"] == ["Nurse", "Poison"]  # as they lie: left, right
    asked = [as_obj(q) for q in as_list(position["questions"]) if as_obj(q)["witness"] == 0]
    assert [(q["side"], q["about"], q["answer"]) for q in asked] == [
        ("right", "yellow", 1),
        ("left", "female", 2),
        ("right", "red", 1),
    ]
    out = ThirteenCluesAnalysis(position).to_json()
    assert out["consistent"] is True
    mystery = out["mystery"]
    assert isinstance(mystery, list)
    assert all(sorted(m["cards"]) != ["Crossbow", "Market", "Officer"] for m in mystery)
    truth = sorted(game.cards[c].name for c in state.mysteries[0] or ())
    assert any(sorted(m["cards"]) == truth for m in mystery)


def test_deal_model_is_named() -> None:
    out = _analysis(FOUR).to_json()
    assert (out["deal_model"], out["mystery_choice"], out["deal_model_assumed"]) == (
        "uniform choice",
        None,
        True,
    )
    out = _analysis(dict(FOUR, mystery_choice="random")).to_json()
    assert (out["mystery_choice"], out["deal_model_assumed"]) == ("random", False)
    with pytest.raises(PositionError, match="mystery_choice: expected players or random"):
        _analysis(dict(FOUR, mystery_choice="bga"))


def test_sheet_marks_probabilities_resting_on_the_assumption() -> None:
    chosen = thirteen_clues_sheet(dict(FOUR, mystery_choice="players"), "full")
    lines = chosen.splitlines()
    assert lines[0] == "36,288,000 deals fit what seat 0 knows (deal model: uniform choice)"
    assert "Officer 25%*" in lines[1]
    assert lines[-1].startswith("* the seats chose the mysteries (mystery_choice=players)")
    random_pick = thirteen_clues_sheet(dict(FOUR, mystery_choice="random"), "full")
    assert "*" not in random_pick
    assert "(deal model: uniform choice)" in random_pick
    # what is certain stays marked certain: seat 0 knows its person once three are seen
    certain = dict(
        FOUR,
        mystery_choice="players",
        informants={"A": "Butcher", "B": "Dancer", "C": "Sailor"},
    )
    text = thirteen_clues_sheet(certain, "full")
    assert "my person: Officer (certain)" in text
    assert "Officer 100%" not in text


# Two players, seat 0 has looked up all 8 informants: 5 cards unknown, Butcher (the only
# person), Library and Market, Knife and Crossbow. Its mystery is Butcher with one of the two
# locations and one of the two weapons (4 trios); the other two cards lie on seat 1's left
# and right, in either order: 4 x 2 = 8 worlds.
ALL_LOOKED = {
    "game": "13-clues",
    "players": 2,
    "seat": 0,
    "hidden": ["Countess", "Museum"],
    "mysteries": {"1": ["Duke", "Park", "Sword"]},
    "informants": dict(
        zip(
            "ABCDEFGH",
            ["Officer", "Nurse", "Maid", "Parlor", "Harbor", "Poison", "Blowgun", "Rifle"],
            strict=True,
        )
    ),
}
TRIOS = [
    ["Butcher", "Library", "Knife"],
    ["Butcher", "Library", "Crossbow"],
    ["Butcher", "Market", "Knife"],
    ["Butcher", "Market", "Crossbow"],
]


def test_certain_facts_and_explanations_from_own_accusations() -> None:
    assert _analysis(ALL_LOOKED).to_json()["worlds"] == "8"
    # three wrong accusations leave Butcher Market Crossbow: 1 trio x 2 orders
    accused = dict(ALL_LOOKED, accusations=[{"player": 0, "cards": t} for t in TRIOS[:3]])
    out = _analysis(accused).to_json(explain_card="Market")
    assert out["worlds"] == "2"
    assert out["mystery"] == [{"cards": ["Butcher", "Market", "Crossbow"], "p": 1.0}]
    certain = out["certain"]
    assert isinstance(certain, dict)
    assert (certain["Market"], certain["Crossbow"]) == (MYSTERY, MYSTERY)
    # Market: both trios with Library are ruled out, by accusations 0 and 1 (tags count
    # the questions first; there are none)
    assert out["explanation"] == {
        "card": "Market",
        "location": MYSTERY,
        "questions": [0, 1],
        "smallest": True,
    }
    crossbow = _analysis(accused).to_json(explain_card="Crossbow")["explanation"]
    assert crossbow == {
        "card": "Crossbow",
        "location": MYSTERY,
        "questions": [0, 2],
        "smallest": True,
    }
    # the sheet: certain, whatever the seats' strategy
    text = thirteen_clues_sheet(dict(accused, mystery_choice="players"), "full")
    assert "MY MYSTERY IS Butcher Market Crossbow (certain): accuse!" in text
    # the same without the seat's own accusations: nothing certain about the mystery
    assert _analysis(ALL_LOOKED).to_json(explain_card="Market")["explanation"] == {
        "card": "Market",
        "reason": "not certain",
    }


def test_accusing_every_trio_contradicts() -> None:
    every = dict(ALL_LOOKED, accusations=[{"player": 0, "cards": t} for t in TRIOS])
    out = _analysis(every).to_json()
    assert (out["consistent"], out["worlds"]) == (False, "0")
    assert out["conflict"] == {"questions": [0, 1, 2, 3], "smallest": True}


def test_sheet_from_a_view_knows_how_the_mysteries_were_picked() -> None:
    chosen = make_game("13-clues", 3)  # mystery_choice=players, the default
    state = chosen.new(4)
    assert isinstance(state, ThirteenCluesState)
    while state.phase == "choose":
        seat = state.to_move()
        assert seat is not None
        new = state.apply(seat, state.legal_actions(seat)[0])
        assert isinstance(new, ThirteenCluesState)
        state = new
    view = state.view(0)
    assert thirteen_clues_position(view)["mystery_choice"] == "players"
    text = sheet_text(view, "full")
    assert "%*" in text and "(mystery_choice=players)" in text
    dealt = game_of(3).new(4).view(0)
    assert isinstance(dealt, ThirteenCluesView)
    text = sheet_text(dealt, "full")
    assert "(deal model: uniform choice)" in text and "*" not in text
