"""Black Stories Investigation's assistant sessions: a session file's setup read strictly,
and ``sleuth deduce`` reading one position per opponent."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sleuth.assist import EntryError, Notebook, notebook_from_json
from sleuth.cli.main import main
from sleuth.games.black_stories.notebook import GRAMMAR as BLACK_STORIES


def _session(**setup: object) -> dict[str, object]:
    return {
        "format": "sleuth-assist-session",
        "version": 1,
        "game": "bsi",
        "setup": setup,
        "entries": [],
    }


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (_session(seat=0), "setup: 'players' is missing"),
        (_session(players=3, seat=[]), "setup.seat: expected a whole number"),
    ],
)
def test_a_bad_session_is_refused_naming_the_field(data: object, message: str) -> None:
    with pytest.raises(EntryError, match=message):
        notebook_from_json(data)


def test_deduce_reads_a_black_stories_session_as_one_position_per_opponent(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "s.json"
    notebook = Notebook.start(
        "black-stories-investigation", BLACK_STORIES, {"players": 3, "seat": 0}, path
    )
    notebook.enter("1 woman+knife 2")
    assert main(["deduce", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out["positions"]) == {"seat 1", "seat 2"}
    assert out["positions"]["seat 1"]["worlds"] == "4"  # woman, knife: 2 x 2 cases left
    assert out["positions"]["seat 2"]["worlds"] == "16"
