"""Black Stories Investigation's position adapter: the case posterior, failed guesses, errors."""

from __future__ import annotations

import random
from itertools import product

import pytest

from sleuth.deduce.api import analyze_position
from sleuth.deduce.model import PositionError
from sleuth.games.black_stories.knowledge import CASES, matches
from support.json_access import as_list, as_obj


def test_black_stories_posterior_is_uniform_over_consistent_cases() -> None:
    rng = random.Random(3)
    values = [("man", "woman"), ("day", "night"), ("inside", "outside"), ("knife", "gun")]
    for _ in range(50):
        secret = rng.choice(CASES)
        cards = []
        for _ in range(rng.randint(0, 4)):
            k = rng.choice([2, 3, 4])
            attrs = rng.sample(range(4), k)
            ev = [rng.choice(values[a]) for a in attrs]
            if k == 4 and tuple(sorted(ev)) == tuple(sorted(secret)):
                continue
            m = matches(ev, secret)
            cards.append({"evidence": ev, "field": "0/1" if m <= 1 else str(m)})
        out = analyze_position({"game": "black-stories", "cards": cards})
        cases = [as_list(as_obj(s)["cards"])[0] for s in as_list(out["solutions"])]
        assert "/".join(secret) in cases
        expect = [
            c
            for c in product(*values)
            if all(
                (lambda m: ("0/1" if m <= 1 else str(m)) == card["field"])(
                    matches(card["evidence"], c)
                )
                for card in cards
            )
        ]
        assert len(cases) == len(expect)


def test_black_stories_failed_guess_and_errors() -> None:
    out = analyze_position(
        {"game": "black-stories", "failed_guesses": [["man", "day", "inside", "knife"]]}
    )
    assert out["worlds"] == "15"
    with pytest.raises(PositionError, match=r"^cards\[0\]\.field"):
        analyze_position(
            {"game": "black-stories", "cards": [{"evidence": ["man", "gun"], "field": "4"}]}
        )
