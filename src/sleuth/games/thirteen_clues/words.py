"""13 Clues in words for the terminal: every card with its colour and category, the hidden
cards as they lie (left, right), each step's history line, the end, and a card legend.

Drawn from one seat's views only (and, at the end, from the reveal): a Top Secret question
shows its subject and answer only to its asker and witness, as the views do.

Every text takes the reader's ``language`` (``sleuth.i18n``; English by default, word for
word as before); the cards, colours and categories by the page's own catalogue words (the
Japanese edition's names).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from sleuth.core.events import Event
from sleuth.core.kit import Move
from sleuth.i18n import N_, SOURCE, columns, join_words, listed, tr

from .components import TYPES, Card, parse_deck
from .events import (
    Accused,
    Asked,
    AskedSecret,
    InformantSeen,
    Looked,
    MysteryChosen,
    MysteryPicked,
    SecretAnswer,
    Started,
    TookGlass,
)
from .rules import ThirteenClues
from .views import ThirteenCluesView

_SUMMARY = """13 Clues: the rules in short
  Each seat holds five cards and picks three of them (a person, a location, a weapon) as
  the mystery of the next seat; the other two are its hidden cards. You see every other
  seat's mystery but never your own: find it. With 3+ players each turn you spend all
  your magnifying glasses, one action each (with none, take one from the supply, or from
  a seat of your choice when it is empty); with 2 players each turn is one action.
  Ask a witness how many cards of a colour or a category (male/female, indoor/outdoor,
  melee/ranged) they see: the other seats' mysteries (yours too) and their own hidden
  cards. With 2 players you say whether they count their left or their right hidden card.
  Look at a Secret Informant card (only you learn it), or accuse: name a person, a
  location and a weapon you cannot see. Right wins at once; wrong ends your turn."""

# The moves as typed (the notation stays as typed in every language).
NOTATION = N_(
    """Notation
  choose P L W        setup: the next seat's mystery, from your five cards
  ask 2 purple        ask seat 2 about a colour (or male, indoor, ranged, ...)
  ask 1 purple left   two players: counting the witness's left (or right) hidden card
  ask 2 male secret   Top Secret: only you and the witness see question and answer
  look B              consult Secret Informant B
  take 2              your turn, no glasses, empty supply: take a glass from seat 2
  accuse Maid Harbor Rifle"""
)
RULES = _SUMMARY + "\n\n" + NOTATION


@functools.lru_cache(maxsize=16)
def _cards(deck: tuple[str, ...]) -> dict[str, Card]:
    return {card.name: card for card in parse_deck(deck)}


# Each name of a card, a colour, a category or a phase is the page's word for it (its
# catalogue entry); a deck's own card outside these keeps its name.
PHASE_WORDS = {
    "choose": N_("choosing the mysteries"),
    "take": N_("taking a glass"),
    "play": N_("play"),
    "final": N_("final round"),
    "over": N_("over"),
}


def word(name: str, language: str = SOURCE) -> str:
    """A card, colour or category by its name in English, the catalogue's word for it in
    another language."""
    return name if language == SOURCE else tr(name, language)


def card_words(view: ThirteenCluesView, name: str, language: str = SOURCE) -> str:
    card = _cards(view.config.deck).get(name)
    if card is None:
        return word(name, language)
    colour, category = word(card.colour, language), word(card.category, language)
    return f"{word(name, language)} ({colour}, {category})"


def _names(cards: Sequence[str], language: str, between: str = ", ") -> str:
    """The cards named, between commas (the language's own in a language of its own)."""
    names = [word(card, language) for card in cards]
    return (
        between.join(names)
        if language == SOURCE or between != ", "
        else join_words(names, language)
    )


def _seat(seat: int, me: int | None, language: str = SOURCE) -> str:
    return tr("you", language) if seat == me else tr("seat %(seat)s", language, seat=seat)


def _who(seat: int, me: int | None, language: str, mine: str, other: str, **values: object) -> str:
    """``mine`` when the reading seat did it, else ``other`` of ``seat``: each sentence is
    whole in the catalogue (a verb agrees with its subject)."""
    if seat == me:
        return tr(mine, language, **values)
    return tr(other, language, seat=seat, **values)


def table_text(view: ThirteenCluesView, language: str = SOURCE) -> str:
    me = view.seat
    two = view.players == 2
    phase = view.phase if language == SOURCE else tr(PHASE_WORDS[view.phase], language)
    if view.turn is None:
        lines = [tr("Phase: %(phase)s.", language, phase=phase)]
    else:
        turn = _who(view.turn, me, language, N_("You to play"), N_("Seat %(seat)s to play"))
        lines = [tr("Phase: %(phase)s. %(turn)s.", language, phase=phase, turn=turn)]
    if not two:
        glasses = ", ".join(f"{_seat(s.seat, me, language)} {s.glasses}" for s in view.seats)
        lines.append(
            tr(
                "Glasses: %(glasses)s; supply %(supply)s",
                language,
                glasses=glasses,
                supply=view.supply,
            )
        )
    if view.hand is not None:
        lines.append(tr("Your five cards (as dealt):", language))
        lines += [f"  {card_words(view, c, language)}" for c in view.hand]
    for s in view.seats:
        if s.seat == me and s.hidden:
            lines += _own_hidden(view, s.hidden, two, language)
    for s in view.seats:
        token = tr(" [Top Secret token]", language) if s.top_secret else ""
        if s.mystery:
            whose = _mystery_of(s.seat, me, language)
            lines.append(f"{whose}{token}:")
            lines += [f"  {card_words(view, c, language)}" for c in s.mystery]
        elif s.seat == me:
            lines.append(tr("Your mystery: ? ? ?%(token)s", language, token=token))
        elif s.hidden:
            lines.append(
                tr(
                    "Seat %(seat)s's hidden cards: %(cards)s",
                    language,
                    seat=s.seat,
                    cards=_names(s.hidden, language),
                )
            )
    lines += _informant_lines(view, language)
    if view.final_after:
        lines.append(
            tr(
                "Turns: %(done)s of %(final)s before the final round",
                language,
                done=view.turns_done,
                final=view.final_after,
            )
        )
    return "\n".join(lines)


def _own_hidden(
    view: ThirteenCluesView, hidden: Sequence[str], two: bool, language: str
) -> list[str]:
    if not two:
        lines = [tr("Your hidden cards:", language)]
        return lines + [f"  {card_words(view, c, language)}" for c in hidden]
    lines = [tr("Your hidden cards (as they lie):", language)]
    sides = (tr("left", language), tr("right", language))
    return lines + [
        f"  {side}: {card_words(view, c, language)}" for side, c in zip(sides, hidden, strict=False)
    ]


def _mystery_of(seat: int, me: int | None, language: str) -> str:
    if seat == me:
        return tr("Your mystery", language)
    return tr("Seat %(seat)s's mystery", language, seat=seat)


def _informant_lines(view: ThirteenCluesView, language: str) -> list[str]:
    if not view.informants:
        return []
    slots = " ".join(i.slot for i in view.informants)
    lines = [tr("Secret informants: %(slots)s", language, slots=slots)]
    for i in view.informants:
        seen = f" = {card_words(view, i.card, language)}" if i.card else ""
        looked = ", ".join(_seat(s, view.seat, language) for s in i.looked_by)
        if seen or looked:
            by = tr(" (looked at by %(seats)s)", language, seats=looked) if looked else ""
            lines.append(f"  {i.slot}{seen}{by}")
    return lines


def side_words(side: str, language: str) -> str:
    if not side:
        return ""
    if side == "left":
        return tr(", counting the left hidden card", language)
    return tr(", counting the right hidden card", language)


def event_words(event: Event, me: int | None, language: str = SOURCE) -> str:
    """One event of a step in words, for the reading seat ``me`` ("you"; ``None``: a
    spectator). A private event reaches only the seats that may see it (``Move.events``)."""
    if isinstance(event, Asked | AskedSecret | SecretAnswer):
        return _question_words(event, me, language)
    if isinstance(event, Accused):
        verdict = tr("right!", language) if event.correct else tr("wrong", language)
        return _who(
            event.seat,
            me,
            language,
            N_("you accused %(cards)s: %(verdict)s"),
            N_("seat %(seat)s accused %(cards)s: %(verdict)s"),
            cards=_names(event.cards, language, " "),
            verdict=verdict,
        )
    if isinstance(event, Looked):
        return _who(
            event.seat,
            me,
            language,
            N_("you looked at informant %(slot)s"),
            N_("seat %(seat)s looked at informant %(slot)s"),
            slot=event.slot,
        )
    if isinstance(event, InformantSeen):
        card = word(event.card, language)
        return tr("informant %(slot)s is %(card)s", language, slot=event.slot, card=card)
    if isinstance(event, TookGlass):
        if event.source == me:  # "from you": its own sentence (German's "von dir")
            return tr("seat %(seat)s took a glass from you", language, seat=event.seat)
        source = _seat(event.source, me, language)
        return _who(
            event.seat,
            me,
            language,
            N_("you took a glass from %(source)s"),
            N_("seat %(seat)s took a glass from %(source)s"),
            source=source,
        )
    if isinstance(event, MysteryChosen):
        whose = _whose(event.owner, me, language)
        return _who(
            event.seat,
            me,
            language,
            N_("you chose %(whose)s mystery"),
            N_("seat %(seat)s chose %(whose)s mystery"),
            whose=whose,
        )
    if isinstance(event, MysteryPicked):
        whose = _whose(event.owner, me, language)
        cards = _names(event.cards, language)
        return tr("%(whose)s mystery is %(cards)s", language, whose=whose, cards=cards)
    if isinstance(event, Started):
        return _who(event.seat, me, language, N_("you start"), N_("seat %(seat)s starts"))
    raise TypeError(f"not a 13 Clues event: {event!r}")


def _question_words(
    event: Asked | AskedSecret | SecretAnswer, me: int | None, language: str
) -> str:
    asker, witness = _seat(event.asker, me, language), _seat(event.witness, me, language)
    side = side_words(event.side, language)
    if isinstance(event, AskedSecret):
        return tr(
            "%(asker)s asked %(witness)s a Top Secret question%(side)s",
            language,
            asker=asker,
            witness=witness,
            side=side,
        )
    values = {
        "asker": asker,
        "witness": witness,
        "subject": word(event.subject, language),
        "side": side,
        "answer": event.answer,
    }
    if isinstance(event, SecretAnswer):
        return tr(
            "the Top Secret question, between %(asker)s and %(witness)s: "
            "about %(subject)s%(side)s: %(answer)s",
            language,
            **values,
        )
    return tr(
        "%(asker)s asked %(witness)s about %(subject)s%(side)s: %(answer)s", language, **values
    )


def _whose(seat: int, me: int | None, language: str = SOURCE) -> str:
    return tr("your", language) if seat == me else tr("seat %(seat)s's", language, seat=seat)


def history_lines(
    before: ThirteenCluesView, after: ThirteenCluesView, move: Move, language: str = SOURCE
) -> list[str]:
    """A step's lines: each event the reading seat may see, in words, in order."""
    me = after.seat
    lines = [event_words(event, me, language) for event in move.events]
    return lines or [f"{_seat(move.seat, me, language)}: {move.result}"]


def ending_text(
    view: ThirteenCluesView,
    reveal: Mapping[str, Any],
    actions: Sequence[tuple[int, str]],
    language: str = SOURCE,
) -> list[str]:
    me = view.seat
    lines = []
    for s in view.seats:
        if s.mystery:
            cards = ", ".join(card_words(view, c, language) for c in s.mystery)
            lines.append(f"{_mystery_of(s.seat, me, language)}: {cards}")
    for s in view.seats:
        if s.hidden:
            whose = (
                tr("Your hidden cards", language)
                if s.seat == me
                else tr("Seat %(seat)s's hidden cards", language, seat=s.seat)
            )
            lines.append(f"{whose}: {_names(s.hidden, language)}")
    informants = reveal.get("informants")
    if isinstance(informants, list) and informants:
        slots = [i.slot for i in view.informants]
        listed = ", ".join(
            f"{slot} {word(str(card), language)}"
            for slot, card in zip(slots, informants, strict=False)
        )
        lines.append(tr("Informants: %(informants)s", language, informants=listed))
    wrong = sum(1 for a in view.accusations if not a.correct)
    lines.append(
        tr(
            "Wrong accusations: %(wrong)s. 13 Clues keeps no score: the first right one wins.",
            language,
            wrong=wrong,
        )
    )
    return lines


def legend_text(game: ThirteenClues, language: str = SOURCE) -> str:
    cards = [c for c in game.cards if c.colour in game.colours]
    lines = [tr("Cards in play (colour: person, location, weapon; with their category)", language)]
    colours = {colour: word(colour, language) for colour in game.colours}
    pad = max(7, *map(columns, colours.values()))
    for colour in game.colours:
        of = sorted((c for c in cards if c.colour == colour), key=lambda c: c.type)
        named = [f"{word(c.name, language)} ({word(c.category, language)})" for c in of]
        name = colours[colour] + " " * (pad - columns(colours[colour]))
        lines.append(f"  {name} " + listed(named, language))
    kinds = {
        kind: [
            word(k, language) for k in sorted({c.category for c in cards if TYPES[c.type] == kind})
        ]
        for kind in TYPES
    }
    if language == SOURCE:
        lines.append(
            "Categories: "
            + "; ".join(f"{kind}s are " + " or ".join(of) for kind, of in kinds.items())
        )
    else:
        lines.append(
            tr(
                "Categories: persons are %(person)s; locations are %(location)s; weapons are "
                "%(weapon)s",
                language,
                **{kind: _either(of, language) for kind, of in kinds.items()},
            )
        )
    return "\n".join(lines)


def _either(words: list[str], language: str) -> str:
    """Words as alternatives: "a or b" (a deck of its own may give a kind one category, or
    more than two)."""
    if len(words) < 2:
        return "".join(words)
    first = listed(words[:-1], language)
    return tr("%(first)s or %(second)s", language, first=first, second=words[-1])
