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
from support.game_names import built_in_kits, names_of

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


def spellings(name: str) -> str:
    """A game's name as code may spell it: its words joined by anything or nothing, within
    longer names too (``<Game>State``), but a short one only as a word of its own."""
    words = re.split(r"[-_ ]+", name)
    joined = r".?".join(re.escape(word) for word in words)
    return rf"\b{joined}\b" if len(name) < 4 else joined


# Each built-in game's id, aliases, package and title (as the registry has them).
GAME_NAMES = re.compile(
    "|".join(
        sorted(
            {
                spellings(name)
                for kit in built_in_kits()
                for name in {*names_of(kit), kit.game.title}
            },
            key=len,
            reverse=True,
        )
    ),
    re.I,
)


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
    for kit in built_in_kits():
        title, name = kit.game.title, kit.name
        source = f'"""{title} in a docstring."""\n# {name} in a comment\nx = "{name}"\n'
        assert GAME_NAMES.findall(code_without_comments(source)) == [name]
        for spelt in names_of(kit) | {title, title.replace(" ", "_").upper()}:
            assert GAME_NAMES.findall(f"x = {spelt!r}") == [spelt]
        assert GAME_NAMES.findall(f"{title.replace(' ', '')}State") == [title.replace(" ", "")]
