"""A bot's own random generator must not give the deal away (issue 13, "secret seeds").

The hunter below is the cheating bot of the issue: at its first decision it reads its own
generator's state (``random.Random.getstate``) and looks for a game seed that would have made
it, trying every way this project turns one seed into another (``make_rng``/``derive_seed``
with every label the tools and games use, a plain ``random.Random(seed)``, HMAC keyed by the
seed) over the seeds the tools use: ``simulate``'s and the arena's derived game seeds for
small ``--seed`` values, small seeds themselves, and, to be generous to the cheat, the true
game seed and its neighbours. In ``play``, ``simulate`` and ``arena`` games it finds nothing;
run against the old scheme (the bot's generator derived from the game seed) it finds the
seed every time, which shows the test can see the leak it guards against.
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, ClassVar

import pytest

from sleuth.agents import RandomAgent
from sleuth.agents.registry import _AGENTS, register_agent
from sleuth.arena.session import GameSession
from sleuth.arena.tournament import schedule
from sleuth.cli.main import main
from sleuth.core import Action, View, derive_seed, make_game, make_rng
from sleuth.core.record_files import load_record
from sleuth.core.rng import keyed_seed
from support.example_game import EXAMPLE
from support.game_names import built_in_kits

MAX_SEATS = 6
TOOL_SEEDS = range(64)  # small --seed values people type
GAMES = range(8)  # the first games of a simulate run or a tournament
SMALL = range(1 << 16)  # seeds small enough to try them all
NEAR = 20  # neighbours of the true seed tried on either side
# Every label under which the project derives a stream from a seed (grep make_rng and
# derive_seed): the deal and its parts, reshuffles, the old bot streams, the harness's and
# the tests' streams; and the tools' derivations of game seeds from their --seed.
SEED_LABELS: tuple[tuple[str | int, ...], ...] = (
    ("deal",),
    ("sides",),
    ("mystery",),
    ("start",),
    ("harness",),
    ("harness", "public"),
    ("test",),
    *((kind, n) for kind in ("refill", "reshuffle") for n in range(4)),
    *(("agent", seat) for seat in range(MAX_SEATS)),
    *(("bot", seat) for seat in range(MAX_SEATS)),
    *((tool, n) for tool in ("game", "arena") for n in GAMES),
)


def _first_draw(material: int) -> int:
    return random.Random(material).getrandbits(64)


@functools.cache
def _tool_table() -> dict[int, int]:
    """First draw of a generator -> the game seed behind it, for the seeds the tools use."""
    table: dict[int, int] = {}
    candidates = [
        derive_seed(s, tool, n) for s in TOOL_SEEDS for tool in ("game", "arena") for n in GAMES
    ]
    for seed in candidates:
        for material in (seed, *(derive_seed(seed, "agent", st) for st in range(MAX_SEATS))):
            table[_first_draw(material)] = seed
    for small in SMALL:
        table.setdefault(_first_draw(small), small)
    return table


def _near_materials(seed: int) -> Iterable[tuple[int, int]]:
    """(material, candidate game seed) for every scheme, over the seeds next to ``seed``."""
    for candidate in range(max(0, seed - NEAR), seed + NEAR + 1):
        yield candidate, candidate
        for labels in SEED_LABELS:
            yield derive_seed(candidate, *labels), candidate
        key = str(candidate).encode()
        for game in GAMES:
            for seat in range(MAX_SEATS):
                yield keyed_seed(key, "bot", game, seat), candidate
                yield keyed_seed(key, game, seat), candidate


def hunt(state: Any, true_seed: int | None = None) -> int | None:
    """The game seed whose generator has exactly ``state``, if any scheme gives one."""
    probe = random.Random()
    probe.setstate(state)
    first = probe.getrandbits(64)
    found = _tool_table().get(first)
    if found is not None:
        for material in (found, *(derive_seed(found, "agent", st) for st in range(MAX_SEATS))):
            if random.Random(material).getstate() == state:
                return found
    if true_seed is not None:
        for material, candidate in _near_materials(true_seed):
            if _first_draw(material) == first and random.Random(material).getstate() == state:
                return candidate
    return None


class SeedHunter(RandomAgent):
    """Plays at random; keeps its generator's state as it was at each game's first decision."""

    name: ClassVar[str] = "seed-hunter"
    made: ClassVar[list[SeedHunter]] = []

    def __init__(self, interrupt_rate: float = 0.01) -> None:
        super().__init__(interrupt_rate)
        self.captured: list[tuple[int | None, Any]] = []  # (seat, state), one per game
        self._rng: random.Random | None = None
        SeedHunter.made.append(self)

    def _look(self, view: View, rng: random.Random) -> None:
        if rng is not self._rng:  # a new game (simulate reuses its bots)
            self._rng = rng
            self.captured.append((view.seat, rng.getstate()))

    def act(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        self._look(view, rng)
        return super().act(view, legal, rng)

    def interrupt(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action | None:
        self._look(view, rng)
        return super().interrupt(view, legal, rng)


@pytest.fixture(autouse=True)
def _fresh_hunters() -> None:
    SeedHunter.made.clear()


def _old_scheme_state(seed: int, seat: int) -> Any:
    return make_rng(seed, "agent", seat).getstate()


def test_the_hunt_finds_the_seed_under_the_old_scheme() -> None:
    """The control: bots seeded as they were (from the game seed) give it away, with and
    without a hint, for simulate's, the arena's and a small seed."""
    for seed in (derive_seed(42, "game", 3), derive_seed(3, "arena", 1)):
        for seat in range(3):
            assert hunt(_old_scheme_state(seed, seat)) == seed
            assert hunt(_old_scheme_state(seed, seat), true_seed=seed) == seed
    assert hunt(random.Random(1234).getstate()) == 1234  # a small seed, used as it is
    assert hunt(_old_scheme_state(1234, 1), true_seed=1240) == 1234
    big = 2**100 + 12345  # not among the tools' seeds: found from the hint alone
    assert hunt(_old_scheme_state(big, 2)) is None
    assert hunt(_old_scheme_state(big, 2), true_seed=big + 7) == big
    assert hunt(random.Random(derive_seed(big, "deal")).getstate(), true_seed=big) == big
    assert hunt(random.Random(big).getstate(), true_seed=big - 3) == big


def test_play_bots_draw_nothing_from_the_deal() -> None:
    for kit in built_in_kits():
        players = kit.game.min_players
        game = make_game(kit.name, players)
        session = GameSession.start(game, [SeedHunter(0.02) for _ in range(players)])
        for _ in range(20_000):
            if session.bot_step() is None:
                break
        record = session.record()
        assert "outcome" in record  # the game ran to its end, so the seed is revealed
        seed = record["seed"]
        assert isinstance(seed, int) and seed.bit_length() > 64  # 128 bits from the OS
        for hunter in SeedHunter.made:
            assert len(hunter.captured) == 1
            seat, state = hunter.captured[0]
            assert hunt(state, true_seed=seed) is None
            assert isinstance(seat, int)
            assert hunt(_old_scheme_state(seed, seat), true_seed=seed) == seed  # control
        SeedHunter.made.clear()


def test_simulate_bots_draw_nothing_from_the_deal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sleuth.cli.game_cmds.RandomAgent", SeedHunter)
    args = ["simulate", EXAMPLE, "--players", "3", "--games", "4", "--seed", "42"]
    assert main([*args, "--record-dir", str(tmp_path)]) == 0
    seeds = [load_record(path)["seed"] for path in sorted(tmp_path.glob("*.json"))]
    assert seeds == [derive_seed(42, "game", n) for n in range(4)]
    assert len(SeedHunter.made) == 3
    for hunter in SeedHunter.made:
        assert len(hunter.captured) == 4
        for seed, (seat, state) in zip(seeds, hunter.captured, strict=True):
            assert hunt(state, true_seed=seed) is None
            assert isinstance(seat, int)
            assert hunt(_old_scheme_state(seed, seat)) == seed  # control: no hint needed
    capsys.readouterr()


def test_arena_bots_draw_nothing_from_the_deal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Registered for this test only: a bot left in the registry shows in every later list
    # of the process's bots (the lobby's among them).
    monkeypatch.setitem(_AGENTS, "seed-hunter", {})
    register_agent("seed-hunter", SeedHunter)
    out = tmp_path / "results.json"
    args = ["arena", EXAMPLE, "--players", "3", "--bots", "seed-hunter,random,seed-hunter"]
    args += ["--games", "3", "--seed", "3", "--record-dir", str(tmp_path), "--out", str(out)]
    assert main(args) == 0
    seeds = [load_record(path)["seed"] for path in sorted(tmp_path.glob(f"{EXAMPLE}-*.json"))]
    assert seeds == [derive_seed(3, "arena", i) for i in range(3)]
    playing = [hunter for hunter in SeedHunter.made if hunter.captured]  # not the checks'
    assert len(playing) == 6  # two per game, made game by game
    for number, hunter in enumerate(playing):
        (seat, state), seed = hunter.captured[0], seeds[number // 2]
        assert hunt(state, true_seed=seed) is None
        assert isinstance(seat, int)
        assert hunt(_old_scheme_state(seed, seat)) == seed  # control
    assert len(bytes.fromhex(json.loads(out.read_text())["bot_key"])) == 32
    assert "bot key: " in capsys.readouterr().out


def test_arena_bot_seeds_depend_on_the_key_alone() -> None:
    """Nothing of the deal goes into a bot's generator: other deals (another --seed) under
    the same key give the same bot seeds; another key gives others over the same deals."""
    config = make_game(EXAMPLE, 3).config_json()
    bots = ["random"] * 3
    one = schedule(EXAMPLE, config, bots, 5, seed=1, key=b"k" * 32)
    other_deals = schedule(EXAMPLE, config, bots, 5, seed=2, key=b"k" * 32)
    other_key = schedule(EXAMPLE, config, bots, 5, seed=1, key=b"j" * 32)
    assert [s.bot_seeds for s in one] == [s.bot_seeds for s in other_deals]
    assert [s.seed for s in one] != [s.seed for s in other_deals]
    assert [s.seed for s in one] == [s.seed for s in other_key]
    pairs = zip(one, other_key, strict=True)
    assert all(a.bot_seeds[i] != b.bot_seeds[i] for a, b in pairs for i in range(3))
    assert len({seed for s in one for seed in s.bot_seeds}) == 15
    assert schedule(EXAMPLE, config, bots, 1, 1)[0].bot_seeds != one[0].bot_seeds


def test_play_session_seeds_are_fresh_and_unprinted(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``sleuth play`` deals from ``GameSession.start`` and, when the game is left before its
    end, prints no seed; a session's record before the end has none either."""
    pytest.importorskip("textual")
    started: list[GameSession] = []
    real_start = GameSession.start

    def start(game: Any, controllers: Any) -> GameSession:
        started.append(real_start(game, controllers))
        return started[-1]

    monkeypatch.setattr(GameSession, "start", staticmethod(start))
    monkeypatch.setattr("sleuth.tui.play_app.PlayApp.run", lambda self: None)
    assert main(["play", EXAMPLE, "--players", "3", "--sheet", "off"]) == 0
    out = capsys.readouterr().out
    assert out == "Game left unfinished after 0 steps.\n"
    assert len(started) == 1
    record = started[0].record()
    assert not {"seed", "salt", "private", "reveal", "outcome"} & set(record)
    again = GameSession.start(make_game(EXAMPLE, 3), [None, None, None])
    assert again.commitment != started[0].commitment
