"""Every example game under ``examples/``, installed as a package of its own, gets all of
Sleuth through its ``sleuth.games`` entry point alone: ``sleuth games``, ``simulate``,
``replay``, ``arena`` with random bots, ``play`` by keyboard, and the conformance harness.

Nothing here names a game: each example's name comes from its package's entry point, so the
test holds for any game put in that folder. CI installs the examples (``.ci/run``); one
that is not installed fails here, saying how to install it.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import re
import subprocess
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from importlib.metadata import Distribution, PackageNotFoundError, distribution
from pathlib import Path
from typing import Any

import pytest

from sleuth.cli.main import main
from sleuth.core import GameKit, all_kits, find_kit
from sleuth.core.kit import BOTS, KNOWLEDGE, NOTEBOOK, RENDER, TextRender
from sleuth.core.record_files import load_record
from sleuth.core.records import replay_record
from sleuth.core.registry import ENTRY_POINT_GROUP
from sleuth.testing import check_game

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted(path.parent for path in (ROOT / "examples").glob("*/pyproject.toml"))


def test_there_is_an_example_game() -> None:
    assert EXAMPLES, "no examples/*/pyproject.toml: README's 'Adding a game' points at one"


def example_kit(folder: Path) -> GameKit:
    """The kit the installed package of ``folder`` registers, or a failure saying why not."""
    project = tomllib.loads((folder / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    declared = project["entry-points"][ENTRY_POINT_GROUP]
    assert len(declared) == 1, f"{folder.name}: one game per package"
    try:
        installed: Distribution | None = distribution(project["name"])
    except PackageNotFoundError:
        installed = None
    if installed is None:
        pytest.fail(
            f"the example package {project['name']} is not installed: run "
            f"'pip install -e {folder.relative_to(ROOT)}' (CI does, in .ci/run)",
            pytrace=False,
        )
    points = [p for p in installed.entry_points if p.group == ENTRY_POINT_GROUP]
    assert [(p.name, p.value) for p in points] == list(declared.items())
    kit = points[0].load()
    assert isinstance(kit, GameKit)
    source = Path(inspect.getfile(kit.game)).resolve()
    assert source.is_relative_to(folder), f"{project['name']} is installed from {source}"
    return kit


@pytest.fixture(params=EXAMPLES, ids=[path.name for path in EXAMPLES])
def kit(request: pytest.FixtureRequest) -> GameKit:
    folder: Path = request.param
    return example_kit(folder)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_registry_finds_it_by_its_entry_point_alone(kit: GameKit) -> None:
    game = kit.game
    assert not game.__module__.startswith("sleuth.")  # not a built-in: a package of its own
    assert find_kit(game.name) is kit
    for alias in game.aliases:
        assert find_kit(alias.upper()) is kit
    assert kit in all_kits()


def test_sleuth_games_lists_it_with_its_options(
    kit: GameKit, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "games")
    game = kit.game
    assert code == 0
    lines = out.splitlines()
    aliases = f" (also: {', '.join(game.aliases)})" if game.aliases else ""
    head = f"{game.name}{aliases}: {game.title}, {game.min_players}-{game.max_players} players"
    start = lines.index(head)
    for number, option in enumerate(game.options()):
        values = "|".join(option.choices) if option.choices else "VALUE"
        bounds = f", {option.bounds}" if option.bounds else ""
        assert lines[start + 1 + 2 * number] == (
            f"  --option {option.name}={values}  (default {option.default}{bounds})"
        )
        assert lines[start + 2 + 2 * number] == f"      {option.help}"


def non_default_choices(kit: GameKit) -> Iterator[tuple[str, str]]:
    for option in kit.game.options():
        for choice in option.choices:
            if choice != option.default:
                yield option.name, choice


def test_simulate_writes_records_that_replay_checks(
    kit: GameKit, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    game = kit.game
    name, value = next(non_default_choices(kit))
    players = str(game.max_players)
    code, out, err = run(
        capsys, "simulate", game.name, "--players", players, "--games", "12", "--seed", "5",
        "--option", f"{name}={value}", "--record-dir", str(tmp_path),
    )  # fmt: skip
    assert code == 0
    assert err.startswith("sleuth simulate: warning: --seed 5 deals games anyone can compute")
    assert err.count("\n") == 1
    assert out.startswith(f"12 games of {game.title}, {players} players, seed 5\n")
    counts = [int(m) for m in re.findall(r"^ +(\d+)  \S", out, re.MULTILINE)]
    assert sum(counts) == 12
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 12
    records = [load_record(path) for path in files]
    config = game.configure(int(players), **{name: value}).config_json()
    assert all(r["game"] == game.name and r["config"] == config for r in records)
    assert all("outcome" in r and "reveal" in r for r in records)

    code, out, err = run(capsys, "replay", *map(str, files))
    assert (code, err) == (0, "")
    for path, record, line in zip(files, records, out.splitlines(), strict=True):
        reason = record["outcome"]["reason"]
        assert line.startswith(f"{path}: ok, {len(record['steps'])} steps, over ({reason})")

    # A record whose public result was changed is caught at that step.
    record = records[0]
    record["steps"][0][2] += " (tampered)"
    files[0].write_text(json.dumps(record), encoding="utf-8")
    code, _, err = run(capsys, "replay", str(files[0]))
    assert code == 2
    assert f"{files[0]}: REJECTED: step 1: seat {record['steps'][0][0]} " in err


def test_arena_with_random_bots_on_two_workers(
    kit: GameKit, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    game = kit.game
    players = game.min_players
    bots = ",".join(["random"] * players)
    out_file, records = tmp_path / "arena.json", tmp_path / "records"
    code, out, err = run(
        capsys, "arena", game.name, "--players", str(players), "--bots", bots, "--games", "10",
        "--seed", "2", "--workers", "2", "--out", str(out_file), "--record-dir", str(records),
    )  # fmt: skip
    assert code == 0, err
    assert out.startswith(f"{game.title}, {players} players, 10 games, seed 2, process x2")
    results = json.loads(out_file.read_text(encoding="utf-8"))
    assert results["game"] == game.name
    assert len(results["games"]) == 10
    assert [row["games"] for row in results["summary"]] == [10 * players]  # one bot, every seat
    saved = sorted(records.glob("*.json"))
    assert len(saved) == 10
    for path in saved:
        final = replay_record(load_record(path)).final
        assert final is not None and final.outcome is not None

    code, out, _ = run(capsys, "bots", game.name)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == f"{game.name}:"
    if not kit.has(BOTS):  # every game gets the random bot, whatever its kit holds
        assert lines[1] == "  random     interrupt_rate=0.01"
        assert "    easy     random" in lines  # the ladder has the one level it can
        cmd = lines.index("any game:") + 1
        assert lines[cmd].startswith("  cmd:COMMAND")
    assert "random" in [line.split()[0] for line in lines[1:]]


def test_the_conformance_harness_passes_and_exercises_the_whole_game(kit: GameKit) -> None:
    game = kit.game
    configs: list[tuple[int, dict[str, str]]] = [
        (players, {}) for players in range(game.min_players, game.max_players + 1)
    ]
    configs += [(game.min_players, {name: value}) for name, value in non_default_choices(kit)]
    reasons: set[str] = set()
    for players, options in configs:
        report = check_game(game.configure(players, **options), seeds=range(25))
        where = f"{players} players {options}"
        assert report.games == report.replays_checked == 25, where
        assert report.steps >= 25 * 2, where
        assert report.twins_checked >= report.steps // 4, where  # the leak check really ran
        assert report.illegal_checked > report.steps, where
        assert report.malformed_checked > report.steps, where
        assert report.json_checked > report.steps, where
        assert sum(report.outcomes.values()) == 25, where
        reasons |= set(report.outcomes)
    # Every way the game can end was reached by some playout.
    assert reasons == {reason.split(":")[0] for reason in game.termination_type}


@dataclass(frozen=True)
class Decision:
    """What the screen showed when the game waited for seat 0."""

    view: Any
    table: str
    sheet: str
    notes_grid: bool


def drive_by_keyboard(app: Any) -> tuple[list[Decision], str]:
    """Play seat 0 to the end: the first move typed after ':', then Enter on the list.
    Returns what the screen showed at each of seat 0's decisions, and the typed move."""
    from textual.widgets import Static

    session = app.session
    shown: list[Decision] = []
    typed: list[str] = []

    async def play() -> None:
        async with app.run_test() as pilot:
            for _ in range(500):
                await pilot.pause()
                if session.outcome is not None:
                    break
                if session.waiting_for_human() != 0:
                    continue
                shown.append(
                    Decision(
                        session.view(0),
                        str(app.query_one("#view", Static).render()),
                        str(app.query_one("#analysis", Static).render()),
                        bool(app.query("#notes")),
                    )
                )
                if len(shown) == 1:
                    await pilot.press("colon")
                    typed.append(str(session.legal_actions(0)[1]))
                    await pilot.press(*("space" if c == " " else c for c in typed[0]))
                else:
                    app.query_one("#actions").focus()
                await pilot.press("enter")
            await pilot.pause()
            assert session.outcome is not None
            assert "Game over" in str(app.query_one("#status", Static).render())

    asyncio.run(play())
    return shown, typed[0]


def test_play_by_keyboard_through_the_command(
    kit: GameKit, capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: Any
) -> None:
    pytest.importorskip("textual")
    from sleuth.tui.play_app import PlayApp

    played: list[tuple[PlayApp, list[Decision], str]] = []

    def run_with_pilot(app: PlayApp) -> None:  # the command's app.run(), keys from the test
        played.append((app, *drive_by_keyboard(app)))

    monkeypatch.setattr(PlayApp, "run", run_with_pilot)
    game = kit.game
    code, out, err = run(
        capsys, "play", game.name, "--seed", "3", "--bot-delay", "0",
        "--record-dir", str(tmp_path), "--sheet", "full",
    )  # fmt: skip
    assert (code, err) == (0, "")
    app, decisions, typed = played[0]
    session = app.session
    assert session.outcome is not None
    assert typed in [step.action for step in session.steps if step.seat == 0][:1]
    assert decisions
    for decision in decisions:
        assert decision.table == decision.view.render()  # only seat 0's own view is shown
        if kit.has(RENDER):  # and the kit's sheet, filled from that view alone
            render = kit.part(RENDER, TextRender)
            assert decision.sheet == render.sheet(decision.view, "full")
    lines = out.splitlines()
    assert lines[0] == f"Game over ({session.outcome.reason}); scores {session.outcome.scores}"
    saved = Path(lines[1].split()[1])
    assert saved.parent == tmp_path
    code, out, err = run(capsys, "replay", str(saved))
    assert (code, err) == (0, "")
    assert f"ok, {len(session.steps)} steps, over ({session.outcome.reason})" in out


def test_a_kit_with_a_minimal_render_part_plays_with_the_plain_fallbacks(
    kit: GameKit, monkeypatch: Any
) -> None:
    """A render part with a sheet alone: the table is the view's own text, the history and
    the end are the public results and the scores, the help has the keys and no accusation."""
    pytest.importorskip("textual")
    from textual.widgets import Static

    from sleuth.agents import RandomAgent
    from sleuth.arena.session import GameSession
    from sleuth.tui import sheets
    from sleuth.tui.play_app import PlayApp

    if kit.has(RENDER):  # the example's own render part, cut down to its sheet and grid
        render = kit.part(RENDER, TextRender)
        minimal = TextRender(sheet=render.sheet, notes_grid=render.notes_grid)
        monkeypatch.setattr(sheets, "render_of", lambda game: minimal)

    game = kit.game.configure(kit.game.min_players)
    session = GameSession(game, 2, [None, *(RandomAgent(0.0) for _ in range(game.players - 1))])
    app = PlayApp(session, bot_delay=0.0)

    async def play() -> None:
        async with app.run_test(size=(100, 40)) as pilot:
            for _ in range(300):
                await pilot.pause()
                if session.outcome is not None:
                    break
                if session.waiting_for_human() == 0:
                    app.query_one("#actions").focus()
                    await pilot.press("enter")
            await pilot.pause()
            assert session.outcome is not None
            end = str(app.screen.query_one("#page-text", Static).render())
            assert end.startswith("Game over: ") and "Scores: seat 0 (you) " in end
            await pilot.press("escape", "f1")
            await pilot.pause()
            text = str(app.screen.query_one("#page-text", Static).render())
            assert "Keys" in text and "start an accusation" not in text

    asyncio.run(play())
    history = app.history.lines(0)
    assert any(line.split(". ", 1)[1].startswith("you (seat 0): ") for line in history)
    assert any(line.split(". ", 1)[1].startswith("seat 1") for line in history)


def test_a_kit_without_a_render_part_plays_without_a_sheet(
    kit: GameKit, monkeypatch: Any, tmp_path: Path
) -> None:
    """The sheet is optional: with no ``render`` part the panel says so and play goes on."""
    pytest.importorskip("textual")
    from sleuth.agents import RandomAgent
    from sleuth.arena.session import GameSession
    from sleuth.tui import sheets
    from sleuth.tui.play_app import PlayApp

    bare = GameKit(game=kit.game)
    monkeypatch.setattr(sheets, "find_kit", lambda name: bare)
    game = kit.game.configure(kit.game.min_players)
    bots = [RandomAgent() for _ in range(game.players - 1)]
    session = GameSession(game, 1, [None, *bots])
    app = PlayApp(session, sheet="off", bot_delay=0.0, record_dir=tmp_path)
    decisions, _ = drive_by_keyboard(app)
    assert decisions
    for decision in decisions:
        assert decision.sheet == f"({game.title} has no investigation sheet)"
        assert not decision.notes_grid
    assert app.saved is not None
    final = replay_record(load_record(app.saved)).final
    assert final is not None and final.outcome == session.outcome


def test_fronts_whose_part_the_kit_lacks_refuse_in_one_line(
    kit: GameKit, capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: Any
) -> None:
    game = kit.game
    monkeypatch.chdir(tmp_path)  # where a session file would land
    if not kit.has(KNOWLEDGE):
        position = tmp_path / "position.json"
        position.write_text(json.dumps({"game": game.name, "seat": 0}), encoding="utf-8")
        code, out, err = run(capsys, "deduce", str(position))
        assert (code, out) == (2, "")
        assert (
            err == f"sleuth deduce: invalid position: game: {game.title} has no deduction engine\n"
        )
    if not kit.has(NOTEBOOK):
        code, out, err = run(capsys, "assist", game.name)
        assert (code, out, err) == (2, "", f"sleuth assist: {game.title} has no assistant\n")
        assert list(tmp_path.iterdir()) == ([position] if not kit.has(KNOWLEDGE) else [])


def test_nothing_outside_examples_names_an_example(kit: GameKit) -> None:
    """Adding the game took no edit to Sleuth: no code outside ``examples/`` names it."""
    game = kit.game
    module = game.__module__.split(".")[0]
    names = {game.name, game.title, module, *game.aliases}
    pattern = re.compile("|".join(rf"\b{re.escape(n)}\b" for n in names), re.IGNORECASE)
    hits = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for folder in ("src", "tests", "benchmarks", "scripts")
        for path in sorted((ROOT / folder).rglob("*.py"))
        if path != Path(__file__).resolve()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if pattern.search(line)
    ]
    assert hits == []


def test_its_words_are_in_a_catalogue_of_its_own_that_its_package_ships(kit: GameKit) -> None:
    """A game of its own package cannot add to Sleuth's catalogue: it keeps its words in its
    own, inside its package, so that a wheel carries it as package data (hatchling takes
    every file of the package that git does not ignore) and an editable install reads it in
    place. ``tests/test_kit_catalogues.py`` checks that Sleuth finds and reads it."""
    assert kit.locale is not None, "an example game keeps its words in a catalogue of its own"
    folder = next(
        f for f in EXAMPLES if Path(inspect.getfile(kit.game)).resolve().is_relative_to(f)
    )
    project = tomllib.loads((folder / "pyproject.toml").read_text(encoding="utf-8"))
    packages = project["tool"]["hatch"]["build"]["targets"]["wheel"]["packages"]
    assert any(kit.locale.is_relative_to(folder / package) for package in packages)
    files = [kit.locale / language / "LC_MESSAGES" / "messages.po" for language in ("de", "ja")]
    assert all(path.is_file() for path in files)
    ignored = subprocess.run(
        ["git", "check-ignore", *map(str, files)], cwd=ROOT, capture_output=True, text=True
    )
    assert (ignored.returncode, ignored.stdout) == (1, "")  # 1: none of them is ignored
