"""Issue #18 item 8: a game in progress is saved and resumed; leaving asks first (shown on
Black Vienna, whose ring and hands must not show in a save)."""

from __future__ import annotations

import base64
import hashlib
import json
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sleuth.agents import RandomAgent, make_agent
from sleuth.arena.saves import SaveError, read_save
from sleuth.arena.session import GameSession
from sleuth.cli.main import main
from sleuth.core import make_game
from sleuth.core.errors import RecordError
from support.json_access import as_list, as_str
from support.streams import deterministic_secrets

pytest.importorskip("textual")

from textual.widgets import Static

from sleuth.tui.play_app import PlayApp
from sleuth.tui.screens import LeaveScreen


def _session(seed: int = 2**100 + 12345) -> GameSession:
    return GameSession(make_game("bv", 3), seed, [None, RandomAgent(0.0), RandomAgent(0.0)])


async def _saved_game(tmp_path: Path) -> tuple[Path, GameSession, list[str]]:
    """Seat 0 asks once and marks a note, then saves with Ctrl+S."""
    session = _session()
    path = tmp_path / "game.json"
    app = PlayApp(
        session, sheet="off", bot_delay=0.0, save_path=path, bots=[None, "random", "random"]
    )
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # the highlighted question
        for _ in range(20):
            await pilot.pause()
            if session.waiting_for_human() == 0:
                break
        await pilot.press("f3", "space")  # a mark: A, seat 0
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "Saved: " in str(app.query_one("#status", Static).render())
        history = list(app.history.lines(0))
    return path, session, history


@pytest.mark.slow
async def test_8_a_saved_game_resumes_where_it_was_with_the_notes(tmp_path: Path) -> None:
    path, played, history = await _saved_game(tmp_path)
    saved = read_save(path)
    assert [s.action for s in saved.steps] == [s.action for s in played.steps]
    assert saved.bots == (None, "random", "random")
    assert saved.front["notes"] == {"0": {"A s0": "+"}}
    controllers = [None if b is None else make_agent(b, saved.game.name) for b in saved.bots]
    session = GameSession(saved.game, saved.seed, controllers)
    session.replay(saved.steps)
    assert session.view(0) == played.view(0)
    app = PlayApp(session, sheet="off", bot_delay=0.0, save_path=path, notes={0: {"A s0": "+"}})
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert app.history.lines(0)[: len(history)] == history
        assert app.sheet.notes is not None and app.sheet.notes.mark("A", 0) == "+"


async def test_8_the_save_shows_nothing_of_the_deal_at_a_glance(tmp_path: Path) -> None:
    path, played, _ = await _saved_game(tmp_path)
    text = path.read_text(encoding="utf-8")
    reveal = played.game.new(played.secrets_to_save()[0]).reveal()
    outer = json.loads(text)
    assert "holds the whole deal" in outer["warning"]
    # The payload is base64 of compressed bytes, where three letters of a ring can
    # appear by chance; what a glance reads is everything else, and the payload's
    # bytes are not the plain record.
    readable = json.dumps({key: value for key, value in outer.items() if key != "payload"})
    packed = base64.b64decode(outer["payload"])
    assert json.loads(zlib.decompress(packed))["seed"] == played.secrets_to_save()[0]
    assert b'"seed"' not in packed and b'"steps"' not in packed
    assert str(played.secrets_to_save()[0]) not in text and '"seed"' not in text
    for secret in [str(reveal["ring"]), *(str(hand) for hand in as_list(reveal["hands"]))]:
        assert secret not in readable


def _rewrite(path: Path, change: Callable[[dict[str, Any]], None]) -> None:
    outer = json.loads(path.read_text(encoding="utf-8"))
    inner = json.loads(zlib.decompress(base64.b64decode(outer["payload"])))
    change(inner)
    packed = zlib.compress(json.dumps(inner).encode())
    outer["payload"] = base64.b64encode(packed).decode()
    outer["sha256"] = hashlib.sha256(packed).hexdigest()
    path.write_text(json.dumps(outer), encoding="utf-8")


async def test_8_a_damaged_or_edited_save_is_refused_naming_what(tmp_path: Path) -> None:
    path, _, _ = await _saved_game(tmp_path)
    good = path.read_text(encoding="utf-8")
    # Four more characters keep it base64, so the damage shows in the checksum.
    path.write_text(good.replace('"payload": "', '"payload": "AAAA'), encoding="utf-8")
    with pytest.raises(SaveError, match="sha256: the payload does not match"):
        read_save(path)
    path.write_text(good, encoding="utf-8")

    def edit(inner: dict[str, list[list[object]]]) -> None:
        result = as_str(inner["steps"][0][2])
        inner["steps"][0][2] = result.replace("=0", "=9").replace("=1", "=9")

    _rewrite(path, edit)
    saved = read_save(path)
    session = GameSession(saved.game, saved.seed, [None, RandomAgent(0.0), RandomAgent(0.0)])
    with pytest.raises(RecordError, match=r"step 1: .* not the saved"):
        session.replay(saved.steps)
    assert session.steps == [] and session.view(0) == saved.game.new(saved.seed).view(0)
    _rewrite(path, lambda inner: inner.update(extra=1))
    with pytest.raises(SaveError, match="extra: unknown key"):
        read_save(path)


async def test_8_resume_refuses_setup_options_it_would_ignore(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, _, _ = await _saved_game(tmp_path)
    assert main(["play", "--resume", str(path), "--players", "4"]) == 2
    assert "--resume takes the setup from the file: leave out --players" in capsys.readouterr().err
    assert main(["play", "--resume", str(tmp_path / "none.json")]) == 2
    assert "cannot read it" in capsys.readouterr().err


@pytest.mark.slow
async def test_8_leaving_asks_first_and_can_save(tmp_path: Path) -> None:
    session = _session()
    path = tmp_path / "left.json"
    app = PlayApp(session, bot_delay=0.0, save_path=path)
    async with app.run_test() as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, LeaveScreen)
        await pilot.press("escape")  # keep playing
        await pilot.pause()
        assert not isinstance(app.screen, LeaveScreen) and app.is_running
        await pilot.press("ctrl+q")
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
    assert not app.is_running
    assert [s.action for s in read_save(path).steps] == [s.action for s in session.steps]


async def test_8_the_save_of_a_finished_game_is_removed(tmp_path: Path) -> None:
    session = _session()
    path = tmp_path / "done.json"
    app = PlayApp(session, bot_delay=0.0, save_path=path)
    async with app.run_test() as pilot:
        await pilot.pause()
        app.save_game()
        assert path.exists()
        ring = str(session.game.new(session.secrets_to_save()[0]).reveal()["ring"])
        assert app.play(f"accuse {ring}")
        for _ in range(20):
            await pilot.pause()
            if session.outcome is not None:
                break
        await pilot.pause()
        assert session.outcome is not None
    assert not path.exists()


async def test_8_a_finished_game_removes_the_save_it_resumed_from_and_its_new_one(
    tmp_path: Path,
) -> None:
    session = _session()
    resumed, new = tmp_path / "a.json", tmp_path / "b.json"
    resumed.write_text("{}", encoding="utf-8")  # stands for the file the game came from
    app = PlayApp(session, bot_delay=0.0, save_path=new)
    app.saved_game = app.resumed_from = resumed
    async with app.run_test() as pilot:
        await pilot.pause()
        app.save_game()
        assert new.exists() and resumed.exists()
        ring = str(session.game.new(session.secrets_to_save()[0]).reveal()["ring"])
        assert app.play(f"accuse {ring}")
        for _ in range(20):
            await pilot.pause()
            if session.outcome is not None:
                break
        await pilot.pause()
        assert session.outcome is not None
    assert not new.exists() and not resumed.exists()


@pytest.fixture(autouse=True)
def _fixed_bot_seeds(monkeypatch: pytest.MonkeyPatch) -> None:
    # These tests drive particular games by keys: their bots' generators must not vary.
    deterministic_secrets(monkeypatch)


async def test_8_a_save_that_names_a_program_or_a_bad_bot_or_seed_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, _, _ = await _saved_game(tmp_path)
    good = path.read_text(encoding="utf-8")
    marker = tmp_path / "ran"
    program = f"cmd:touch {marker}"
    _rewrite(path, lambda inner: inner["bots"].__setitem__(1, program))
    with pytest.raises(SaveError, match=r"bots: seat 1 is a bot program .*starts no program"):
        read_save(path)
    assert main(["play", "--resume", str(path)]) == 2
    assert "starts no program" in capsys.readouterr().err and not marker.exists()
    for bad, message in (
        (
            lambda inner: inner["bots"].__setitem__(2, "genius"),
            "bots: seat 2: unknown bot 'genius'",
        ),
        (lambda inner: inner.update(seed=10**39), r"seed: a record's seed is a whole number"),
        (lambda inner: inner.update(game="chess"), "game: "),
        (lambda inner: inner.update(config=[]), r"config: (?!config:)"),
    ):
        path.write_text(good, encoding="utf-8")
        _rewrite(path, bad)
        with pytest.raises(SaveError, match=message):
            read_save(path)


async def test_8_resume_refuses_a_seed_of_zero_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, _, _ = await _saved_game(tmp_path)
    assert main(["play", "--resume", str(path), "--seed", "0"]) == 2
    assert "leave out --seed" in capsys.readouterr().err


async def test_8_a_save_refused_is_said_in_the_players_language(tmp_path: Path) -> None:
    path = tmp_path / "gone" / "game.json"
    app = PlayApp(_session(), bot_delay=0.0, save_path=path, language="de")
    async with app.run_test() as pilot:
        await pilot.pause()
        app.action_save()
        await pilot.pause()
        shown = str(app.query_one("#status", Static).render())
    assert shown == (
        f"Nicht gespeichert: kann nicht in {path} speichern: den Ordner {path.parent} gibt es nicht"
    )
