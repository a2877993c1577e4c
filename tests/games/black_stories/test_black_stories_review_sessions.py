"""The review of a table assistant's session of Black Stories Investigation: a physical
game entered line by line, with its solution entered at the end, reviewed for the
assistant's seat."""

from __future__ import annotations

import pytest

from sleuth.assist import EntryError, Notebook
from sleuth.games.black_stories.notebook import GRAMMAR
from sleuth.review import review_notebook
from support.review_oracle import check_last_line_refused


def test_black_stories_session_with_revealed_cases() -> None:
    notebook = Notebook.start("black-stories", GRAMMAR, {"players": 3, "seat": 0})
    for line in (
        "seen man+night+inside+gun",
        "1 woman+day+inside+knife 2",
        "solution 1 man/night/inside/knife",
        "solved 1",
        "solution 2 woman/night/inside/knife",
    ):
        notebook.enter(line)
    review = review_notebook(notebook).seat(0)
    # Seen one case: 15 left for each opponent, distinct; then seat 1's case shares two
    # values with woman/day/inside/knife: 6 cases (the seen one shares one).
    start, seen, played = review.readings[:3]
    assert start.targets["seat 1's case"] == pytest.approx(1 / 16)
    assert seen.probability == pytest.approx(1 / (15 * 14))
    assert played.targets["seat 1's case"] == pytest.approx(1 / 6)
    # After "solved 1" seat 1 holds a new case, not entered: only seat 2's is judged.
    after = review.readings[4]
    assert after.probability is None and "seat 1's case" not in after.targets
    assert [s.target for s in review.stretches] == ["seat 1's case", "seat 2's case"]


@pytest.mark.parametrize(
    ("setup", "lines", "message"),
    [
        (
            {"players": 3, "seat": 0},
            ["solution 1 man/day/inside/gun", "solution 1 man/day/inside/knife"],
            "entered as man/day/inside/gun in #1",
        ),
    ],
)
def test_session_solutions_are_checked(
    setup: dict[str, object], lines: list[str], message: str
) -> None:
    check_last_line_refused(Notebook.start("black-stories", GRAMMAR, setup), lines, message)


def test_a_session_without_its_solution_has_no_review() -> None:
    notebook = Notebook.start("black-stories", GRAMMAR, {"players": 3, "seat": 0})
    with pytest.raises(EntryError, match="enter a revealed case"):
        review_notebook(notebook)
