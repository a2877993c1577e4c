"""A real box on the table: cards outside every named deck, learned as they turn up, and every
entry checked against the person's hand and the entries before it when it is made."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from sleuth.assist import EntryError, Notebook, load_notebook, session_positions
from sleuth.cli.main import main
from sleuth.deduce.api import analyze_position
from sleuth.games.black_vienna.components import DECKS
from sleuth.games.black_vienna.notebook import GRAMMAR

pytest.importorskip("textual")

from textual.widgets import Input

from sleuth.tui.assist_app import AssistApp

# The deal at this table (seat 1 is the person's): the ring is YZÖ.
HANDS = {0: "BCDEGH", 1: "AFKPTX", 2: "IJLMNO", 3: "QRSUVW"}
# A session at the table, in the order things happen; each answer as the truth gives it.
# The ten cards of this box that no named deck has: BCD EGH IJL MNO QRS UVW BIQ DJY GLZ HMÖ.
SCRIPT = [
    ("up BCD EGH IJL", None),
    (
        "0 BCD 3",
        "#2: seat 0 has 3 of BCD; BCD leaves the face-up cards: enter the card "
        "turned up in its place (new XYZ)",
    ),
    ("new MNO", None),
    ("2 IJL 3", None),
    ("new QRS", None),
    ("3 QRS 3", None),
    ("new UVW", None),
    ("0 EGH 3", None),
    ("new BIQ", None),
    ("3 BIQ 1", None),
    ("new DJY", None),
    ("2 DJY 1", None),
    ("new GLZ", None),
    ("3 GLZ 0", None),
    ("new HMÖ", None),
    ("0 GLZ 1", None),  # a special investigation asks the 0-marker card GLZ again
    ("2 MNO 3", None),
    ("new AKS", None),  # ... and the tenth card of the ten turns up: HMÖ stays face up
    ("3 UVW 3", None),
]
CARDS = ["BCD", "EGH", "IJL", "MNO", "QRS", "UVW", "BIQ", "DJY", "GLZ", "HMÖ"]
SETUP = ["--players", "4", "--seat", "1", "--hand", "AFKPTX"]


def _markers(target: int, card: str) -> int:
    return sum(letter in HANDS[target] for letter in card)


def test_the_script_is_true_to_its_deal_and_its_cards_are_in_no_named_deck() -> None:
    named = {"".join(sorted(c)) for deck in DECKS.values() for c in deck}
    assert not named & {"".join(sorted(c)) for c in CARDS}
    for line, _ in SCRIPT:
        words = line.split()
        if words[0].isdigit():
            assert int(words[2]) == _markers(int(words[0]), words[1]), line


async def _enter_the_session(app: AssistApp) -> list[str]:
    said = []
    async with app.run_test(size=(100, 40)) as pilot:
        box = app.query_one("#entry", Input)
        for line, _ in SCRIPT:
            box.value = line
            await pilot.press("enter")
            said.append(str(app.query_one("#message").render()))
        # A miscount is refused when made, naming the entries it contradicts, and stays in
        # the box; the deck so far is listed, and kept under a name for this box.
        box.value = "3 HMÖ 1"
        await pilot.press("enter")
        said.append(str(app.query_one("#message").render()))
        said.append(box.value)
        box.value = "deck save mybox"
        await pilot.press("enter")
        said.append(str(app.query_one("#message").render()))
        said.append(str(app.query_one("#sheet").render()))
    return said


def test_a_real_table_with_cards_of_no_named_deck_ends_with_the_ring_certain(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    said: list[list[str]] = []
    monkeypatch.setattr(
        AssistApp, "run", lambda app: said.append(asyncio.run(_enter_the_session(app)))
    )
    path = tmp_path / "table.json"
    assert main(["assist", "black-vienna", *SETUP, "--file", str(path)]) == 0
    messages = said[0]
    for (line, expected), message in zip(SCRIPT, messages, strict=False):
        assert not message.startswith("Not taken"), (line, message)
        if expected is not None:
            assert message == expected
    refusal, left_in_box, saved_deck, sheet = messages[len(SCRIPT) :]
    assert refusal.startswith("Not taken: #20 (3 HMÖ 1): it contradicts #")
    assert left_in_box == "3 HMÖ 1"
    assert "saved 11 new cards as deck 'mybox' (11 of 36 known)" in saved_deck
    assert "THE RING IS YZÖ: accuse!" in sheet
    assert "deck: unknown: 11 cards seen so far" in sheet

    # The same session reloaded from its file: the same position, the ring still certain.
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["setup"]["deck"] == "unknown" and len(data["entries"]) == len(SCRIPT)
    notebook = load_notebook(path)
    position: Any = session_positions(data)["position"]
    assert position["deck"] == "unknown" and set(CARDS) <= set(position["deck_seen"])
    analysis: Any = analyze_position(position)
    assert analysis["certain"]["Ö"] == "ring"
    assert "THE RING IS YZÖ: accuse!" in notebook.sheet()
    monkeypatch.setattr(AssistApp, "run", lambda app: said.append([app.notebook.sheet()]))
    assert main(["assist", "bv", "--file", str(path), "--resume"]) == 0
    assert said[-1] == [notebook.sheet()]

    # The next game with the same box starts knowing its cards.
    again = Notebook.start("black-vienna", GRAMMAR, {**_values(), "deck": "mybox"})
    assert "deck: unknown: 11 cards seen so far" in again.lines()
    assert again.enter("deck").startswith("deck: unknown: 11 cards seen so far: ")
    assert capsys.readouterr().err == ""


def _values() -> dict[str, object]:
    return {"players": 4, "seat": 1, "hand": "AFKPTX"}


def test_a_named_deck_is_still_an_option_and_refuses_other_cards_saying_what_to_do() -> None:
    notebook = Notebook.start("black-vienna", GRAMMAR, {**_values(), "deck": "generated"})
    with pytest.raises(EntryError) as refused:
        notebook.enter("new LMN")
    assert "--deck unknown" in str(refused.value) and "36 cards" in str(refused.value)
    learned = Notebook.start("black-vienna", GRAMMAR, _values())  # the default: unknown
    for line in ("new LMN", "new QRS", "3 AOX 1", "2 AFG 1"):  # the refused entries
        learned.enter(line)
    assert len(learned.entries) == 4


def test_the_deck_of_a_box_is_at_most_36_cards_and_a_saved_name_is_checked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    notebook = Notebook.start("black-vienna", GRAMMAR, _values())
    with pytest.raises(EntryError, match="no deck is saved as 'otherbox'"):
        Notebook.start("black-vienna", GRAMMAR, {**_values(), "deck": "otherbox"})
    with pytest.raises(EntryError, match="not a name for a deck"):
        notebook.enter("deck save generated")
    assert not (tmp_path / "sleuth").exists()
    letters = "BCDEGHIJLMNOQRSUVWYZÖ"  # the persons not in seat 1's hand
    cards = [
        a + b + c
        for i, a in enumerate(letters)
        for j, b in enumerate(letters[i + 1 :])
        for c in letters[i + j + 2 :]
    ]
    for k in range(12):
        notebook.enter("up " + " ".join(cards[3 * k : 3 * k + 3]))
    with pytest.raises(EntryError, match="this would be card 37 of a box of 36"):
        notebook.enter("up " + cards[36])
    assert "the whole box known" in notebook.enter("deck save mybox")
    # A whole box is a deck like a named one: a session of it is saved and read back.
    path = tmp_path / "s.json"
    whole = Notebook.start("black-vienna", GRAMMAR, {**_values(), "deck": "mybox"}, path)
    whole.save()
    assert load_notebook(path).setup.box.cards == tuple(cards[:36])
    with pytest.raises(EntryError, match="not a card of the investigation deck \\(custom\\)"):
        whole.enter("new " + cards[36])


def test_a_contradiction_is_refused_when_made_with_the_reason_and_the_entries() -> None:
    notebook = Notebook.start("black-vienna", GRAMMAR, _values())
    notebook.enter("2 CDE 3")
    for line, message in [
        ("0 FGI 3", "#2 (0 FGI 3): F is in your hand, so seat 0 has at most 2 of FGI"),
        ("3 UWX 3", "#2 (3 UWX 3): X is in your hand, so seat 3 has at most 2 of UWX"),
        ("1 BHV 1", "#2 (1 BHV 1): you hold 0 of BHV, not 1"),
        ("0 CDG 2", "#2 (0 CDG 2): it contradicts #1 (2 CDE 3)"),
        ("3 CDE 1", "#2: CDE was answered in #1 (2 CDE 3), so it lies in front of seat 2"),
    ]:
        with pytest.raises(EntryError) as refused:
            notebook.enter(line)
        assert str(refused.value).startswith(message)
        assert [e.text() for e in notebook.entries] == ["2 CDE 3"]
        assert notebook.warnings() == []
    # Confirmed on purpose (a closing !), it is taken and flagged as before.
    assert notebook.enter("0 CDG 2 !") == "#2: seat 0 has 2 of CDG"
    assert notebook.warnings() == [
        "these entries contradict each other (a miscount or a typo?): #1 (2 CDE 3), #2 (0 CDG 2)"
    ]
    # An entry unrelated to the flagged ones is taken as usual.
    assert notebook.enter("3 JLM 3") == "#3: seat 3 has 3 of JLM"
    assert _refusal(notebook, "0 JNO 3").startswith("#4 (0 JNO 3): it contradicts #3 (3 JLM 3).")


def test_an_edit_of_an_old_entry_is_checked_and_never_asks_for_a_face_up_card() -> None:
    notebook = Notebook.start("black-vienna", GRAMMAR, _values())
    for line in ("up AOR BHV CDE", "2 AOR 1", "new FGI", "3 BHV 0", "new JKL"):
        notebook.enter(line)
    assert notebook.enter("edit 4 0 BHV 1") == "edited #4 (was 3 BHV 0); #4: seat 0 has 1 of BHV"
    refusal = _refusal(notebook, "edit 2 2 AOR 3")
    assert refusal.startswith("#2 (2 AOR 3): A is in your hand, so seat 2 has at most 2 of AOR")
    assert refusal.endswith("(edit 2 2 AOR 3 !)")
    assert notebook.entries[1].text() == "2 AOR 1"
    assert notebook.enter("edit 2 2 AOR 3 !").startswith("edited #2")
    assert notebook.warnings() == [
        "this entry cannot be true (a miscount or a typo?): #2 (2 AOR 3)"
    ]


def _refusal(notebook: Notebook[Any, Any], line: str) -> str:
    with pytest.raises(EntryError) as refused:
        notebook.enter(line)
    return str(refused.value)
