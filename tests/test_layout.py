"""The package layout of shared/DESIGN.md: generic modules never name a game.

The import contracts (``lint-imports``, in scripts/test.sh) keep the layers apart; this
test checks the other half: outside ``sleuth/games`` no code names a game, so every front
reaches games through the registry. Comments and docstrings may name one, as examples.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import sleuth

GENERIC = (
    "core",
    "deduce",
    "agents",
    "arena",
    "assist",
    "review",
    "tui",
    "cli",
    "testing",
    "envs",
)
GAME_NAMES = re.compile(r"black.vienna|thirteen|13.clues|alibi|black.stories|\bbsi\b", re.I)


def code_without_comments(source: str) -> str:
    """The source's tokens, minus comments and docstrings."""
    docstrings: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docstrings.add(body[0].lineno)
    kept = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            continue
        if token.type == tokenize.STRING and token.start[0] in docstrings:
            continue
        kept.append(token.string)
    return " ".join(kept)


def test_no_generic_module_names_a_game() -> None:
    root = Path(sleuth.__file__).parent
    files = [path for folder in GENERIC for path in sorted((root / folder).rglob("*.py"))]
    assert len(files) > 30
    named = {
        str(path.relative_to(root)): sorted(set(GAME_NAMES.findall(code)))
        for path in files
        if GAME_NAMES.search(code := code_without_comments(path.read_text(encoding="utf-8")))
    }
    assert named == {}


def test_the_check_sees_code_but_not_comments() -> None:
    source = '"""Black Vienna in a docstring."""\n# alibi in a comment\nx = "black-vienna"\n'
    assert GAME_NAMES.findall(code_without_comments(source)) == ["black-vienna"]
