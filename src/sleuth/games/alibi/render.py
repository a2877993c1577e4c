"""Alibi's sheet as text: card counting from one seat's view."""

from __future__ import annotations

from collections import Counter

from sleuth.core.kit import TextRender

from .components import CARDS
from .components import VALUES as ALIBI_VALUES
from .rules import Alibi
from .views import AlibiView
from .words import ending_text, history_lines, rules_text, table_text


def sheet_text(view: AlibiView, level: str) -> str:
    """Card counting: what each displayed suspect still lacks, and where those clues can be."""
    hand = list(view.hand or ())
    seen = Counter([*view.discard, *(card for front in view.fronts for card in front), *hand])
    unseen = {v: n - seen[v] for v, n in zip(ALIBI_VALUES, view.clue_counts, strict=True)}
    lines: list[str] = []
    threshold = view.config.threshold
    for suspect in view.display:
        missing = [v for v in suspect.values if v not in suspect.covered]
        status = (
            "alibi: safe this round"
            if suspect.alibi is not None
            else f"{len(suspect.covered)} of {threshold} covered"
        )
        more = max(0, min(threshold, len(suspect.values)) - len(suspect.covered))
        needs = f"{more} more of {' '.join(missing)}" if more else "nothing"
        lines.append(f"{suspect.suspect} ({status}): needs {needs}")
        for value in missing:
            mine = " (you hold it)" if value in hand else ""
            extra = f": {unseen[value]} unseen" if level == "full" else ""
            lines.append(f"    {value}{extra}{mine}")
    return "\n".join(lines)


def notes_grid(game: Alibi) -> tuple[list[str], list[str]]:
    """The hand-kept sheet: a row per kind of card, a column per seat's hand."""
    return list(CARDS), [f"s{seat}" for seat in range(game.players)]


RENDER = TextRender(
    sheet=sheet_text,
    notes_grid=notes_grid,
    table=table_text,
    history=history_lines,
    ending=ending_text,
    rules=rules_text,
    public_actions=True,
)
