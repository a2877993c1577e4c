"""README's paragraph on the play channel names every close code the service sends, as
``routers.play`` has them: a code left out is one a client's author cannot look up."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("fastapi")

from sleuth.server.routers import play

README = Path(__file__).resolve().parents[2] / "README.md"


def play_channel_paragraph() -> str:
    text = README.read_text(encoding="utf-8")
    start = text.index("**The play channel**")
    return text[start : text.index("\n\n", start)]


def test_the_readme_names_each_close_code_of_the_play_channel() -> None:
    codes = sorted(
        value
        for name, value in vars(play).items()
        if name.isupper() and isinstance(value, int) and 4000 <= value < 5000
    )
    assert codes == [4400, 4401, 4403, 4404, 4410, 4429]
    paragraph = play_channel_paragraph()
    assert [code for code in codes if str(code) not in paragraph] == []
