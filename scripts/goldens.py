"""Rewrite every golden playthrough: python scripts/goldens.py"""

from __future__ import annotations

from pathlib import Path

from sleuth.testing.golden import every_golden, golden_text, load_scenario

TESTS = Path(__file__).resolve().parent.parent / "tests"


def main() -> None:
    for spec in every_golden(TESTS):
        game, seed, script = load_scenario(spec)
        spec.with_suffix(".txt").write_text(golden_text(game, seed, script), encoding="utf-8")
        print(f"wrote {spec.with_suffix('.txt').name}")


if __name__ == "__main__":
    main()
