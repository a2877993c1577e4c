"""README's first lines set up in a virtual environment (a system Python may refuse pip:
PEP 668), and CI runs exactly those lines (issue #34, item 5)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from sleuth.core import find_kit

ROOT = Path(__file__).resolve().parent.parent
VENV = "python3 -m venv .venv && . .venv/bin/activate && pip install -e "


def _first_block() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"```bash\n(.*?)```", text, flags=re.S)
    assert block is not None
    return [re.sub(r"\s+# .*$", "", line) for line in block.group(1).splitlines()]


def _ci_lines() -> tuple[str, str]:
    """The lines .ci/run finds in README, by its own function, run by bash."""
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    function = re.search(r"^readme_line\(\) \{\n.*?^\}\n", script, flags=re.S | re.M)
    assert function is not None, ".ci/run reads its set-up lines from README.md"
    probe = function.group(0) + (
        'readme_line "&& sleuth serve "; readme_line "&& bash scripts/test.sh"'
    )
    done = subprocess.run(
        ["bash", "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True, timeout=30
    )
    serve, test = done.stdout.splitlines()
    return serve, test


def test_the_readme_sets_up_in_a_virtual_environment_first() -> None:
    lines = _first_block()
    assert len(lines) == 2
    for line in lines:
        assert line.startswith(VENV), line
    served = re.search(r" sleuth serve --open-table (\S+)", lines[0])
    assert served is not None, lines[0]
    assert find_kit(served.group(1)).name == served.group(1)  # a registered game, by its id
    assert lines[1].endswith("&& bash scripts/test.sh")


def test_ci_runs_exactly_the_readme_lines() -> None:
    serve, test = _ci_lines()
    assert [serve, test] == _first_block()
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert 'setup=${serve_line%%" && sleuth serve "*}' in script
    assert 'bash -c "$setup"' in script and 'bash -c "$test_line"' in script
    # ... and nothing else installs the project: CI proves the lines people copy.
    assert "pip install" not in script
    # the test line installs every example game, as CI did before
    for project in (ROOT / "examples").glob("*/pyproject.toml"):
        assert f"-e examples/{project.parent.name}" in test
