"""Alibi's sheet as text: card counting from one seat's view."""

from __future__ import annotations

from collections import Counter

from sleuth.core.kit import TextRender
from sleuth.i18n import SOURCE, speaking, tr

from .components import CARDS
from .components import VALUES as ALIBI_VALUES
from .rules import Alibi
from .views import AlibiView
from .words import card_word, cards_words, ending_text, history_lines, rules_text, table_text


def sheet_text(view: AlibiView, level: str, language: str = SOURCE) -> str:
    """Card counting: what each displayed suspect still lacks, and where those clues can be."""
    hand = list(view.hand or ())
    seen = Counter([*view.discard, *(card for front in view.fronts for card in front), *hand])
    unseen = {v: n - seen[v] for v, n in zip(ALIBI_VALUES, view.clue_counts, strict=True)}
    lines: list[str] = []
    threshold = view.config.threshold
    for suspect in view.display:
        missing = [v for v in suspect.values if v not in suspect.covered]
        status = (
            tr("alibi: safe this round", language)
            if suspect.alibi is not None
            else tr(
                "%(covered)s of %(threshold)s covered",
                language,
                covered=len(suspect.covered),
                threshold=threshold,
            )
        )
        more = max(0, min(threshold, len(suspect.values)) - len(suspect.covered))
        needs = (
            tr(
                "%(more)s more of %(cards)s",
                language,
                more=more,
                cards=cards_words(missing, language),
            )
            if more
            else tr("nothing", language)
        )
        lines.append(
            tr(
                "%(suspect)s (%(status)s): needs %(needs)s",
                language,
                suspect=suspect.suspect,
                status=status,
                needs=needs,
            )
        )
        for value in missing:
            mine = tr(" (you hold it)", language) if value in hand else ""
            extra = (
                tr(": %(count)s unseen", language, count=unseen[value]) if level == "full" else ""
            )
            lines.append(f"    {card_word(value, language)}{extra}{mine}")
    return "\n".join(lines)


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
        public_actions=True,
        speaking=render_in,
    )


RENDER = render_in(SOURCE)
