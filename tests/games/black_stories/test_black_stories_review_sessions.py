"""The review of a table assistant's session of Black Stories Investigation: a physical
game entered line by line, with its solution entered at the end, reviewed for the
assistant's seat."""

from __future__ import annotations

from pathlib import Path

import pytest

from sleuth.assist import EntryError, Notebook
from sleuth.cli.main import main
from sleuth.games.black_stories.notebook import GRAMMAR
from sleuth.review import review_notebook
from support.review_oracle import check_last_line_refused

# A session of seat 0 with revealed cases: seat 1's, and after "solved 1" seat 2's.
SESSION = (
    "seen man+night+inside+gun",
    "1 woman+day+inside+knife 2",
    "solution 1 man/night/inside/knife",
    "solved 1",
    "solution 2 woman/night/inside/knife",
)


def test_black_stories_session_with_revealed_cases() -> None:
    notebook = Notebook.start("black-stories", GRAMMAR, {"players": 3, "seat": 0})
    for line in SESSION:
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


@pytest.mark.parametrize(
    ("language", "first"),
    [
        (
            "en",
            "Review of Black Stories Investigation, 3 players, you are seat 0: "
            "an assistant's session of 5 entries",
        ),
        (
            "de",
            "Auswertung: Black Stories Investigation, 3 Personen, du bist Platz 0: "
            "eine Sitzung des Assistenten mit 5 Einträgen",
        ),
        (
            "ja",
            "振り返り：Black Stories Investigation、3人、あなたは席0："
            "アシスタントのセッション（記入5件）",
        ),
    ],
)
def test_a_sessions_review_is_titled_in_the_language(
    language: str, first: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "session.json"
    notebook = Notebook.start("black-stories", GRAMMAR, {"players": 3, "seat": 0}, path)
    for line in SESSION:
        notebook.enter(line)
    notebook.save()
    assert main(["review", str(path), "--lang", language]) == 0
    assert capsys.readouterr().out.splitlines()[0] == first
    # Its one seat is the only one it reviews: another is refused in the language too.
    assert main(["review", str(path), "--seat", "1", "--lang", language]) == 2
    assert capsys.readouterr().err == f"sleuth review: {path}: {OTHER_SEAT[language]}\n"


OTHER_SEAT = {
    "en": "the session is seat 0's: it has no other seat to review",
    "de": "die Sitzung gehört zu Platz 0: sie hat keinen anderen Platz zum Auswerten",
    "ja": "このセッションは席0のものです：ほかに振り返る席はありません",
}
