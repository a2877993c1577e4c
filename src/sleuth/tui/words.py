"""The play app's texts that are not drawn from a view: the help page and the end."""

from __future__ import annotations

from typing import Any

from sleuth.arena.session import GameSession
from sleuth.core import Game, find_kit
from sleuth.core.kit import RULES, RulesGuide, TextRender
from sleuth.i18n import N_, SOURCE, listed, translate_at

from .language import tr

KEYS = N_("""Keys
  typing         goes to the notation box at the bottom; Enter plays what was typed,
                 wherever the focus is (a move that cannot be played stays there,
                 with the reason above it)
  up/down Enter  in the action list, the box empty: play the highlighted action
  :              go to the notation box     Escape  leave it (what was typed is dropped)
  Tab            move between the action list, the box and the notes
  ? or F1        this help                  F2      the sheet's level (see below)
  F3             the hand-kept notes (sheet level "kept by hand")
  Ctrl+S         save the game              Ctrl+Q  leave (asks first, offers to save)
  q              leave, once the game is over""")

SHEET = N_("""The sheet (beside the table)
  kept by hand   a grid you mark yourself: F3 reaches it, Space or a click cycles a mark
                 (+ here, - not here, ? maybe); the marks are yours alone
  certain facts  what the deduction engine finds certain from what you have seen
                 (the default: it spoils nothing you would rather deduce yourself)
  odds           probabilities, the likeliest solutions and the best question
  F2 cycles the levels in the game; sleuth play --sheet off|facts|full picks one to start.

Saving: Ctrl+S (or leaving with s) writes the game to a file that holds the whole deal:
do not open it before the end. Resume it with sleuth play --resume FILE.""")


def help_text(game: Game[Any], render: TextRender | None, language: str = SOURCE) -> str:
    keys = tr(KEYS, language)
    if render is not None and render.accuse is not None:
        keys += "\n" + tr(
            "  !              start an accusation (%(accuse)s ...), also when it is not your turn",
            language,
            accuse=render.accuse.strip(),
        )
    parts = [tr("%(game)s, %(players)s players", language, game=game.title, players=game.players)]
    parts.append(keys)
    kit = find_kit(game.name)
    guide = kit.part(RULES, RulesGuide) if language != SOURCE and kit.has(RULES) else None
    if guide is not None:
        # The game's rules for players, from its own catalogues as the page shows them; the
        # terminal's own summary is English, but its notation (what is typed) and the cards'
        # legend follow in the person's language.
        for section in guide.full:
            parts.append(
                "\n".join(
                    translate_at(guide.locale, language, line)
                    for line in (section.heading, *section.paragraphs)
                )
            )
        if render is not None and render.notation is not None:
            parts.append(tr(render.notation, language))
        if render is not None and render.legend is not None:
            parts.append(render.legend(game))
    else:
        if render is not None and render.rules:
            parts.append(render.rules(game) if callable(render.rules) else render.rules)
        if render is not None and render.legend is not None:
            parts.append(render.legend(game))
    parts.append(tr(SHEET, language))
    return "\n\n".join(parts)


def ending_lines(
    session: GameSession, render: TextRender | None, seat: int | None, language: str = SOURCE
) -> list[str]:
    """The end in words: why it ended and who won, then the game's own account (scores, the
    reveal), or the scores where the game gives none."""
    outcome = session.outcome
    if outcome is None:
        return []

    def name(s: int) -> str:
        if s == seat:
            return tr("seat %(seat)s (you)", language, seat=s)
        return tr("seat %(seat)s", language, seat=s)

    winners = outcome.winners
    if not winners:
        verdict = tr("No winner.", language)
    elif len(winners) == 1:
        verdict = tr("Winner: %(seat)s.", language, seat=name(winners[0]))
    else:
        verdict = tr(
            "Winners: %(seats)s and %(last)s.",
            language,
            seats=listed([name(s) for s in winners[:-1]], language),
            last=name(winners[-1]),
        )
    lines = [
        tr(
            "Game over: %(reason)s. %(verdict)s",
            language,
            reason=find_kit(session.game.name).translate(outcome.reason, language),
            verdict=verdict,
        )
    ]
    if render is not None and render.ending is not None:
        view = session.view(seat)
        actions = [(step.seat, step.action) for step in session.steps]
        lines += render.ending(view, session.reveal() or {}, actions)
    else:
        scores = listed([f"{name(s)} {p}" for s, p in enumerate(outcome.scores)], language)
        lines.append(tr("Scores: %(scores)s", language, scores=scores))
    return lines
