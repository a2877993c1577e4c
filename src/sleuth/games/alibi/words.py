"""Alibi in words for the terminal: the table, each step's history (told from the step's
typed events, ``event_words``), and the end.

Everything an Alibi seat does lies face up (clues and special cards in front of it, what
it exchanges or swaps on the discard pile), but for cards discarded and shuffled away in the
same step: those, and the cards a seat draws, only that seat's events tell it.

Every text takes the reader's ``language`` (``sleuth.i18n``; English by default, word for
word as before). In English a card is named by its notation (``long``, ``goodeye``); in the
other languages by the page's own words for it, the same catalogue entries (the printed
cards' German names in German).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sleuth.core.events import Event
from sleuth.core.kit import Move
from sleuth.i18n import N_, SOURCE, join_words, tr, trn

from .events import (
    AlibiGiven,
    Bribed,
    Completed,
    Convicted,
    DiscardedUnseen,
    DiscardReshuffled,
    Drew,
    DrewCards,
    DrewCount,
    Exchanged,
    GoodEyePlayed,
    KeptHand,
    NewRound,
    Passed,
    Played,
    ReshuffleCount,
    Revealed,
    Stopped,
    Swapped,
)
from .views import AlibiView, ConvictionView

_SUMMARY = """Alibi: the rules in short
  Four suspects lie face up, each with five attributes (build, gender, hair, clothing, a
  weapon, an item). On your turn play a clue card in front of you (it must fit a suspect
  on display), or a special card (alibi: that suspect cannot be the culprit this round;
  bribe, "Bestechung": discard a clue in front of another seat; good eye, "Gutes Auge":
  two more plays), or exchange 1-4 hand cards; then you may swap one more card with the
  pile.
  A suspect with {covered} covered by the clues out (everyone's together),
  or the last one without an alibi, is convicted: each seat scores a point per fitting
  clue in front of it, the convicting seat one more. The table is shuffled back into the
  pile and a new suspect comes out. The most points after the last conviction win."""

# The moves as typed (the notation stays as typed in every language).
NOTATION = N_(
    """Notation
  play long, alibi S03, bribe 2 male, goodeye, exchange long+bag, swap knife,
  convict S03 (choose or claim a completed suspect), pass"""
)
_RULES = _SUMMARY + "\n\n" + NOTATION
_NUMBERS = ("one", "two", "three", "four", "five")

# The page's words for the cards (web/table.js's WORDS): the catalogue's entries for them.
CARD_WORDS = {
    "male": N_("male"),
    "female": N_("female"),
    "fat": N_("fat"),
    "thin": N_("thin"),
    "long": N_("long hair"),
    "short": N_("short hair"),
    "plain": N_("plain clothes"),
    "striped": N_("striped clothes"),
    "dotted": N_("dotted clothes"),
    "revolver": N_("revolver"),
    "knife": N_("knife"),
    "umbrella": N_("umbrella"),
    "glasses": N_("glasses"),
    "newspaper": N_("newspaper"),
    "bag": N_("shopping bag"),
    "alibi": N_("alibi"),
    "bribe": N_("bribe"),
    "goodeye": N_("good eye"),
}
HOW_WORDS = {"clues": N_("clues"), "alibis": N_("alibis"), "stall": N_("stall")}
PHASE_WORDS = {
    "main": N_("main action"),
    "extra": N_("good eye's extra cards"),
    "convict": N_("choosing whom to convict"),
    "swap": N_("one more swap"),
    "over": N_("over"),
}


def rules_text(game: Any) -> str:
    """The rules in short, with the table's conviction threshold (``threshold``)."""
    threshold = game.config.threshold
    covered = (
        "all five attributes"
        if threshold == len(_NUMBERS)
        else f"any {_NUMBERS[threshold - 1]} of its five attributes"
    )
    return _RULES.format(covered=covered)


def card_word(card: str, language: str = SOURCE) -> str:
    """A card by its notation in English, by the page's word for it in another language."""
    if language == SOURCE or card not in CARD_WORDS:
        return card
    return tr(CARD_WORDS[card], language)


def _word(words: Mapping[str, str], key: str, language: str) -> str:
    return key if language == SOURCE or key not in words else tr(words[key], language)


def _seat(seat: int, me: int | None, language: str = SOURCE) -> str:
    return tr("you", language) if seat == me else tr("seat %(seat)s", language, seat=seat)


def _who(seat: int, me: int | None, language: str, mine: str, other: str, **values: object) -> str:
    """``mine`` when the reading seat did it, else ``other`` of ``seat``: each sentence is
    whole in the catalogue (a verb agrees with its subject)."""
    if seat == me:
        return tr(mine, language, **values)
    return tr(other, language, seat=seat, **values)


def _whose(seat: int, me: int | None, language: str) -> str:
    return tr("your", language) if seat == me else tr("seat %(seat)s's", language, seat=seat)


def table_text(view: AlibiView, language: str = SOURCE) -> str:
    me = view.seat
    if view.active is None:
        turn = tr("Over.", language)
    else:
        turn = _who(view.active, me, language, N_("You to act"), N_("Seat %(seat)s to act"))
    lines = [
        tr(
            "%(turn)s (%(phase)s). Convictions %(count)s of %(end)s.",
            language,
            turn=turn,
            phase=_word(PHASE_WORDS, view.phase, language),
            count=len(view.convictions),
            end=view.convictions_to_end,
        )
    ]
    if view.hand is not None:
        hand = cards_words(view.hand, language) or tr("(empty)", language)
        lines.append(tr("Your hand: %(cards)s", language, cards=hand))
    lines.append(tr("Hand sizes: %(sizes)s", language, sizes=" ".join(map(str, view.hand_sizes))))
    lines.append(tr("Suspects (covered attributes in capitals):", language))
    for s in view.display:
        values = join_words(
            [
                _covered(card_word(v, language)) if v in s.covered else card_word(v, language)
                for v in s.values
            ],
            language,
        )
        alibi = ""
        if s.alibi is not None:
            alibi = "  " + tr("ALIBI (%(seat)s)", language, seat=_seat(s.alibi, me, language))
        lines.append(f"  {s.suspect}: {values}{alibi}")
    if view.candidates:
        lines.append(
            tr(
                "Completed at once, to choose: %(suspects)s",
                language,
                suspects=" ".join(view.candidates),
            )
        )
    lines.append(tr("In front of the seats:", language))
    for seat, front in enumerate(view.fronts):
        lines.append(f"  {_seat(seat, me, language)}: {cards_words(front, language) or '-'}")
    if view.extra_plays:
        lines.append(tr("Good eye: %(count)s more plays", language, count=view.extra_plays))
    discard = cards_words(view.discard[-6:], language) or "-"
    lines.append(
        tr(
            "Draw pile %(draw)s, suspects left %(suspects)s, discard: %(discard)s",
            language,
            draw=view.draw_pile_size,
            suspects=view.suspect_pile_size,
            discard=discard,
        )
        + (" ..." if len(view.discard) > 6 else "")
    )
    lines.append(_scores(view.scores, me, language))
    return "\n".join(lines)


def _covered(word: str) -> str:
    """A covered attribute in capitals, or in brackets in a script without them."""
    return word.upper() if word.upper() != word else f"［{word}］"


def _scores(scores: Sequence[int], me: int | None, language: str) -> str:
    listed = ", ".join(f"{_seat(s, me, language)} {p}" for s, p in enumerate(scores))
    return tr("Scores: %(scores)s", language, scores=listed)


def cards_words(cards: Sequence[str], language: str = SOURCE) -> str:
    return join_words([card_word(card, language) for card in cards], language)


def _cards_count(count: int, language: str = SOURCE) -> str:
    return trn("%(count)s card", "%(count)s cards", count, language)


def _action_words(event: Event, me: int | None, language: str) -> str | None:
    """An event of the acting seat's own action in words; ``None``: not such an event."""
    seat = getattr(event, "seat", -1)

    def who(mine: str, other: str, **values: object) -> str:
        return _who(seat, me, language, mine, other, **values)

    if isinstance(event, Played):
        card = card_word(event.card, language)
        return who(N_("you played %(card)s"), N_("seat %(seat)s played %(card)s"), card=card)
    if isinstance(event, AlibiGiven):
        return who(
            N_("you gave %(suspect)s an alibi"),
            N_("seat %(seat)s gave %(suspect)s an alibi"),
            suspect=event.suspect,
        )
    if isinstance(event, Bribed):
        return who(
            N_("you bribed: %(whose)s %(card)s clue is discarded"),
            N_("seat %(seat)s bribed: %(whose)s %(card)s clue is discarded"),
            whose=_whose(event.target, me, language),
            card=card_word(event.card, language),
        )
    if isinstance(event, GoodEyePlayed):
        return who(
            N_("you played a good eye: %(plays)s more plays"),
            N_("seat %(seat)s played a good eye: %(plays)s more plays"),
            plays=event.plays,
        )
    if isinstance(event, Exchanged):
        if event.cards is None:
            return who(
                N_("you exchanged unseen cards, shuffled into the pile at once"),
                N_("seat %(seat)s exchanged unseen cards, shuffled into the pile at once"),
            )
        cards = cards_words(event.cards, language)
        return who(
            N_("you exchanged %(cards)s"), N_("seat %(seat)s exchanged %(cards)s"), cards=cards
        )
    if isinstance(event, Swapped):
        if event.card is None:
            return who(
                N_("you swapped an unseen card, shuffled into the pile at once"),
                N_("seat %(seat)s swapped an unseen card, shuffled into the pile at once"),
            )
        return who(
            N_("you swapped %(card)s for a card from the pile"),
            N_("seat %(seat)s swapped %(card)s for a card from the pile"),
            card=card_word(event.card, language),
        )
    if isinstance(event, DiscardedUnseen):
        return tr(
            "the table did not see %(whose)s discards: %(cards)s",
            language,
            whose=_whose(event.seat, me, language),
            cards=cards_words(event.cards, language),
        )
    if isinstance(event, KeptHand):
        return who(N_("you kept the hand"), N_("seat %(seat)s kept the hand"))
    if isinstance(event, Stopped):
        return who(N_("you laid no more cards"), N_("seat %(seat)s laid no more cards"))
    if isinstance(event, Passed):
        return who(
            N_("you passed: no card to play nor to draw"),
            N_("seat %(seat)s passed: no card to play nor to draw"),
        )
    return None


def _told(seat: int, me: int | None, language: str, what: str) -> str:
    return _who(
        seat,
        me,
        language,
        N_("(told you only: %(what)s)"),
        N_("(told seat %(seat)s only: %(what)s)"),
        what=what,
    )


_UNTOLD_RESHUFFLE = N_(
    "the discard pile is shuffled into a new draw pile (the table is not told how many)"
)


def event_words(event: Event, me: int | None, language: str = SOURCE) -> str:
    """One event in words for the reading seat ``me`` (``None``: a spectator)."""
    said = _action_words(event, me, language)
    if said is not None:
        return said
    if isinstance(event, Completed):
        return tr(
            "completed at once: %(suspects)s; the seat to act chooses",
            language,
            suspects=" ".join(event.suspects),
        )
    if isinstance(event, Convicted):
        return _convicted(event.suspect, event.how, event.convicter, event.points, me, language)
    if isinstance(event, Revealed):
        return tr("new suspect: %(suspect)s", language, suspect=event.suspect)
    if isinstance(event, NewRound):
        return tr(
            "new round: the table and the piles (%(count)s cards) are shuffled",
            language,
            count=event.count,
        )
    if isinstance(event, DiscardReshuffled):
        if event.count is None:
            return tr(_UNTOLD_RESHUFFLE, language)
        return tr(
            "the discard pile (%(cards)s) is shuffled into a new draw pile",
            language,
            cards=_cards_count(event.count, language),
        )
    if isinstance(event, ReshuffleCount):
        what = tr(
            "the discard pile held %(cards)s", language, cards=_cards_count(event.count, language)
        )
        return _told(event.seat, me, language, what)
    if isinstance(event, Drew):
        if event.count is None:
            return _who(
                event.seat,
                me,
                language,
                N_("you drew cards (the table is not told how many)"),
                N_("seat %(seat)s drew cards (the table is not told how many)"),
            )
        return _who(
            event.seat,
            me,
            language,
            N_("you drew %(cards)s"),
            N_("seat %(seat)s drew %(cards)s"),
            cards=_cards_count(event.count, language),
        )
    if isinstance(event, DrewCount):
        what = tr("%(cards)s drawn", language, cards=_cards_count(event.count, language))
        return _told(event.seat, me, language, what)
    if isinstance(event, DrewCards):
        whose = _whose(event.seat, me, language)
        cards = cards_words(event.cards, language)
        if len(event.cards) == 1:
            return tr("%(whose)s new card: %(cards)s", language, whose=whose, cards=cards)
        return tr("%(whose)s new cards: %(cards)s", language, whose=whose, cards=cards)
    raise ValueError(f"Alibi has no event {event.kind!r}")


def _convicted(
    suspect: str,
    how: str,
    convicter: int | None,
    points: Sequence[int],
    me: int | None,
    language: str,
) -> str:
    listed = ", ".join(f"{_seat(s, me, language)} +{p}" for s, p in enumerate(points) if p)
    values = {
        "suspect": suspect,
        "how": _word(HOW_WORDS, how, language),
        "points": listed or tr("no points", language),
    }
    if convicter is None:
        return tr("%(suspect)s convicted (%(how)s): %(points)s", language, **values)
    return _who(
        convicter,
        me,
        language,
        N_("%(suspect)s convicted (%(how)s) by you: %(points)s"),
        N_("%(suspect)s convicted (%(how)s) by seat %(seat)s: %(points)s"),
        **values,
    )


def _conviction(c: ConvictionView, me: int | None, language: str = SOURCE) -> str:
    return _convicted(c.suspect, c.how, c.convicter, c.points, me, language)


# Events that begin a line of their own in a history: the rest of a step (the action, its
# draws) reads as one line.
_OWN_LINE = (Completed, Convicted, Revealed, NewRound)


def history_lines(
    before: AlibiView, after: AlibiView, move: Move, language: str = SOURCE
) -> list[str]:
    """The lines a step adds to the reading seat's history: each event it may see in words,
    the action and its draws on one line, each conviction and new round on its own."""
    lines: list[str] = []
    for event in move.events:
        said = event_words(event, after.seat, language)
        if lines and not isinstance(event, _OWN_LINE):
            lines[-1] += f"; {said}"
        else:
            lines.append(said)
    if lines:
        return lines
    # a step told without events
    return [_who(move.seat, after.seat, language, N_("you moved"), N_("seat %(seat)s moved"))]


def ending_text(
    view: AlibiView,
    reveal: Mapping[str, Any],
    actions: Sequence[tuple[int, str]],
    language: str = SOURCE,
) -> list[str]:
    me = view.seat
    lines = [_conviction(c, me, language) for c in view.convictions]
    # No hands: Alibi's views keep every other hand hidden after the end too.
    lines.append(_scores(view.scores, me, language))
    return lines
