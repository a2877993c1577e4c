"""``sleuth deduce`` as a process imports what the command needs: the position's game, the
engine and the deduce command, not the other games, the other fronts or numpy.typing (a
whole-process call is mostly start-up)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from sleuth.deduce.api import analyze_position

SRC = Path(__file__).resolve().parents[2] / "src"
POSITION = {
    "game": "black-vienna",
    "players": 4,
    "seat": 1,
    "hand": "AFKPTX",
    "investigations": [
        {"target": 2, "letters": "AOR", "markers": 1},
        {"target": 0, "letters": "BHV", "markers": 0},
    ],
}
PROBE = """
import json, sys
from sleuth.cli.main import main
code = main(["deduce", sys.argv[1], "--json"])
loaded = sorted(m for m in sys.modules if m.startswith(("sleuth", "numpy.typing")))
print(json.dumps({"code": code, "modules": loaded}), file=sys.stderr)
"""


def test_deduce_loads_one_game_and_prints_the_in_process_analysis(tmp_path: Path) -> None:
    path = tmp_path / "position.json"
    path.write_text(json.dumps(POSITION), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(path)],
        capture_output=True,
        text=True,
        env=env,
        check=True,
        timeout=120,
    )
    probe = json.loads(done.stderr.strip().splitlines()[-1])
    assert probe["code"] == 0
    assert json.loads(done.stdout) == analyze_position(POSITION)
    modules: list[str] = probe["modules"]
    games = {m.split(".")[2] for m in modules if m.startswith("sleuth.games.") and m.count(".") > 1}
    assert games == {"black_vienna"}
    for unneeded in ("sleuth.arena", "sleuth.agents", "sleuth.assist", "sleuth.cli.game_cmds"):
        assert unneeded not in modules
    assert "numpy.typing" not in modules
