"""pybabel's extraction finds every message Python marks for people: each literal handed to
``said``, ``tr``, ``N_``, ``sheet_line`` or ``problem(code, ...)`` in the package is in the
extracted template. pybabel skips a message silently when a name among its keywords
(``problem``, ``said``...) stands bare in the call's arguments, as an exception named
``problem`` did, and a skipped message is then shown in English in every language."""

from __future__ import annotations

import ast
import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MARKERS = {"said": 0, "tr": 0, "N_": 0, "sheet_line": 0, "problem": 1}


def marked(source: str) -> Iterator[tuple[int, str]]:
    """Each literal message of ``source`` handed to a marker: its line and text."""
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        function = node.func
        name = function.id if isinstance(function, ast.Name) else getattr(function, "attr", None)
        position = MARKERS.get(name or "")
        if position is None or len(node.args) <= position:
            continue
        argument = node.args[position]
        if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
            yield node.lineno, argument.value


def extracted(tmp: Path) -> set[str]:
    spec = importlib.util.spec_from_file_location("catalogues", ROOT / "scripts" / "catalogues.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["catalogues_extraction"] = module
    spec.loader.exec_module(module)
    template = module.extract(tmp / "messages.pot")
    return {m.id[0] if isinstance(m.id, tuple) else m.id for m in template}


def test_every_message_python_marks_for_people_is_extracted(tmp_path: Path) -> None:
    found = extracted(tmp_path)
    missed = [
        f"{path.relative_to(ROOT)}:{line}: {text!r}"
        for path in sorted((ROOT / "src" / "sleuth").rglob("*.py"))
        for line, text in marked(path.read_text(encoding="utf-8"))
        if text not in found
    ]
    assert len(found) > 1000
    assert missed == []


def test_the_check_sees_a_marked_message_in_a_call() -> None:
    source = 'raise error(said("cannot read it: %(reason)s", reason=problem))\n'
    assert list(marked(source)) == [(1, "cannot read it: %(reason)s")]
    assert list(marked('problem("code", "words %(x)s", x=1)')) == [(1, "words %(x)s")]
