"""Alibi's sheet as text: card counting from one seat's view."""

from __future__ import annotations

from collections import Counter

from sleuth.core.kit import TextRender
from sleuth.core.serialize import JSONValue
from sleuth.core.sheets import sheet_line
from sleuth.i18n import SOURCE, speaking, tr

from .components import CARDS
from .components import VALUES as ALIBI_VALUES
from .rules import Alibi
from .views import AlibiView
from .words import (
    NOTATION,
    card_word,
    cards_words,
    ending_text,
    history_lines,
    rules_text,
    table_text,
)


def sheet_lines(view: AlibiView, level: str) -> list[dict[str, JSONValue]]:
    """Card counting as typed lines (``core.sheets.sheet_line``): what each displayed suspect
    still lacks, and where those clues can be."""
    hand = list(view.hand or ())
    seen = Counter([*view.discard, *(card for front in view.fronts for card in front), *hand])
    unseen = {v: n - seen[v] for v, n in zip(ALIBI_VALUES, view.clue_counts, strict=True)}
    lines: list[dict[str, JSONValue]] = []
    threshold = view.config.threshold
    for suspect in view.display:
        missing = [v for v in suspect.values if v not in suspect.covered]
        status = (
            sheet_line("alibi: safe this round")
            if suspect.alibi is not None
            else sheet_line(
                "%(covered)s of %(threshold)s covered",
                covered=len(suspect.covered),
                threshold=threshold,
            )
        )
        more = max(0, min(threshold, len(suspect.values)) - len(suspect.covered))
        needs = (
            sheet_line("%(more)s more of %(cards)s", more=more, cards={"cards": list(missing)})
            if more
            else sheet_line("nothing")
        )
        lines.append(
            sheet_line(
                "%(suspect)s (%(status)s): needs %(needs)s",
                suspect=suspect.suspect,
                status=status,
                needs=needs,
            )
        )
        for value in missing:
            mine = sheet_line(" (you hold it)") if value in hand else ""
            extra = sheet_line(": %(count)s unseen", count=unseen[value]) if level == "full" else ""
            lines.append(
                sheet_line(
                    "%(card)s%(unseen)s%(mine)s", 1, card={"card": value}, unseen=extra, mine=mine
                )
            )
    return lines


def _said(value: JSONValue, language: str) -> str:
    if isinstance(value, dict):
        if "card" in value:
            return card_word(str(value["card"]), language)
        cards = value.get("cards")
        if isinstance(cards, list):
            return cards_words([str(card) for card in cards], language)
        values = value.get("values")
        said = (
            {k: _said(v, language) for k, v in values.items()} if isinstance(values, dict) else {}
        )
        return tr(str(value.get("key", "")), language, **said)
    return str(value)


def sheet_text(view: AlibiView, level: str, language: str = SOURCE) -> str:
    """The sheet's typed lines said in ``language``, a line under another indented."""
    lines = sheet_lines(view, level)
    return "\n".join(
        "    " * int(str(line.get("indent", 0))) + _said(line, language) for line in lines
    )


def notes_grid(game: Alibi) -> tuple[list[str], list[str]]:
    """The hand-kept sheet: a row per kind of card, a column per seat's hand."""
    return list(CARDS), [f"s{seat}" for seat in range(game.players)]


def render_in(language: str) -> TextRender:
    """The text renderers with their words in ``language`` (English: the functions as they
    are)."""
    return TextRender(
        sheet=speaking(sheet_text, language),
        notes_grid=notes_grid,
        table=speaking(table_text, language),
        history=speaking(history_lines, language),
        ending=speaking(ending_text, language),
        rules=rules_text,
        notation=NOTATION,
        public_actions=True,
        sheet_lines=sheet_lines,
        speaking=render_in,
    )


RENDER = render_in(SOURCE)
