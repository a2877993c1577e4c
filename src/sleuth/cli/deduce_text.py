"""``sleuth deduce``'s summary for people: what is certain, the likeliest solutions with their
odds, the best questions, a contradiction named; and why a list is empty when it is.

It reads the typed analysis every front reads (``SeatAnalysis``) and the position it came
from (to name answers and say why no question is ranked); ``--json`` prints the analysis
itself instead.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from sleuth.core import find_kit
from sleuth.deduce.knowledge import Explanation, SeatAnalysis
from sleuth.i18n import SOURCE, figure, tr, trn

TOP_SOLUTIONS = 5
TOP_QUESTIONS = 5
# Where each game's position lists the answers that an analysis names by index.
ANSWER_LISTS = ("investigations", "questions", "plays")


def summary(
    analysis: SeatAnalysis, position: Mapping[str, Any], questions: bool, language: str = SOURCE
) -> str:
    """The analysis of one seat's position, in lines a person reads (in ``language``)."""
    seat = analysis.seat
    lines = [
        tr(
            "%(title)s, seat %(seat)s",
            language,
            title=_title(analysis.game, position, language),
            seat=seat,
        )
    ]
    if not analysis.consistent:
        lines.append(
            tr("No deal fits: the answers contradict each other (someone miscounted).", language)
        )
        if analysis.contradiction is not None:
            named = "; ".join(_answer(position, i) for i in analysis.contradiction.answers)
            many = len(analysis.contradiction.answers) > 1
            if many:
                lines.append(
                    tr("These answers cannot all be true: %(answers)s", language, answers=named)
                )
            else:
                lines.append(tr("This answer cannot be true: %(answers)s", language, answers=named))
        return "\n".join(lines)
    lines.append(
        trn(
            "%(worlds)s deal fits what seat %(seat)s knows.",
            "%(worlds)s deals fit what seat %(seat)s knows.",
            analysis.worlds,
            language,
            worlds=figure(analysis.worlds, 0, language),
            seat=seat,
        )
    )
    lines += _certain(analysis, language)
    lines += _solutions(analysis, language)
    if analysis.explanation is not None:
        lines.append(_explanation(analysis, analysis.explanation, position, language))
    if questions:
        lines += _questions(analysis, position, language)
    if analysis.assumed:
        lines.append(
            tr(
                "(odds assume the deal model '%(model)s'; certain facts hold anyway)",
                language,
                model=analysis.deal_model,
            )
        )
    return "\n".join(lines)


def no_questions_reason(
    analysis: SeatAnalysis, position: Mapping[str, Any], language: str = SOURCE
) -> str:
    """Why no question is ranked (an empty ``questions``), in ``language``."""
    if not analysis.consistent:
        return tr("the answers contradict each other, so no question is ranked", language)
    face_up = position.get("face_up")
    if face_up == []:
        return tr('no card is face up ("face_up" is empty): there is nothing to ask with', language)
    if position.get("deck") == "unknown" and face_up is None:
        return tr(
            'the deck is unknown and no face-up card is given: give "face_up", or the cards '
            'of the box known so far in "deck_seen"',
            language,
        )
    return tr("no question can be asked: every card has been asked", language)


def _title(game: str, position: Mapping[str, Any], language: str) -> str:
    players = position.get("players")
    name = find_kit(game).game.title
    if not isinstance(players, int):
        return name
    return tr("%(game)s, %(players)s players", language, game=name, players=players)


def _place(place: str, seat: int, language: str) -> str:
    """A place of the analysis (``2``, ``hand:1``, ``hidden``, ``mystery``) in words; a
    kind the words do not know is named as the analysis names it."""
    if place.isdigit():
        if int(place) == seat:
            return tr("seat %(seat)s (you)", language, seat=place)
        return tr("seat %(seat)s", language, seat=place)
    kind, _, who = place.partition(":")
    if who.isdigit():
        if int(who) == seat:
            return tr("your %(kind)s", language, kind=_kind(kind, language))
        return tr("seat %(seat)s's %(kind)s", language, seat=who, kind=_kind(kind, language))
    if who:
        return f"{_kind(kind, language)} {who}"
    if kind == "mystery":
        return tr("your mystery", language)
    return _kind(kind, language)


def _kind(kind: str, language: str) -> str:
    words = {"hidden": tr("hidden cards", language), "hand": tr("hand", language)}
    return words.get(kind, kind)


def certain_places(analysis: SeatAnalysis) -> dict[str, str]:
    """Every card whose place is certain: seen or deduced (``certain`` holds the deduced)."""
    seen = {
        card: place for card, row in analysis.cards.items() for place, p in row.items() if p >= 1
    }
    return {**seen, **analysis.certain}


def _certain(analysis: SeatAnalysis, language: str) -> list[str]:
    by_place: dict[str, list[str]] = {}
    certain = certain_places(analysis)
    for card, place in certain.items():
        by_place.setdefault(place, []).append(card)
    if not by_place:
        return [tr("Certain: nothing yet.", language)]
    joiner = "" if all(len(card) == 1 for card in certain) else ", "
    lines = [tr("Certain:", language)]
    for place, cards in by_place.items():
        where = _place(place, analysis.seat, language)
        lines.append(
            "  " + tr("%(place)s: %(cards)s", language, place=where, cards=joiner.join(cards))
        )
    return lines


def _solutions(analysis: SeatAnalysis, language: str) -> list[str]:
    # A solution: the ring, a mystery, the opponents' cases.
    solutions = analysis.solutions
    if not solutions:
        return []
    if len(solutions) == 1:
        return [
            tr("The solution is certain: %(cards)s.", language, cards=_cards(solutions[0].cards))
        ]
    top = [
        (_cards(s.cards), figure(100 * s.probability, 1, language) + "%")
        for s in solutions[:TOP_SOLUTIONS]
    ]
    amount = figure(len(solutions), 0, language)
    if all(len(cards) <= 4 for cards, _ in top):
        listed = ", ".join(f"{c} {p}" for c, p in top)
        return [
            trn(
                "%(amount)s possible solution; likeliest: %(listed)s",
                "%(amount)s possible solutions; likeliest: %(listed)s",
                len(solutions),
                language,
                amount=amount,
                listed=listed,
            )
        ]
    width = max(len(cards) for cards, _ in top)
    head = trn(
        "%(amount)s possible solution; likeliest:",
        "%(amount)s possible solutions; likeliest:",
        len(solutions),
        language,
        amount=amount,
    )
    return [head, *(f"  {c:<{width}}  {p:>6}" for c, p in top)]


def _cards(cards: tuple[str, ...]) -> str:
    return "".join(cards) if all(len(c) == 1 for c in cards) else " / ".join(cards)


def _explanation(
    analysis: SeatAnalysis, explanation: Explanation, position: Mapping[str, Any], language: str
) -> str:
    card = explanation.card
    if explanation.place is None:
        seen = certain_places(analysis).get(card)
        if seen is not None:
            place = _place(seen, analysis.seat, language)
            return tr(
                "%(card)s is in %(place)s: you see it there.", language, card=card, place=place
            )
        return tr("%(card)s: its place is not certain yet.", language, card=card)
    place = _place(explanation.place, analysis.seat, language)
    if not explanation.answers:
        return tr(
            "%(card)s is in %(place)s: %(reason)s.",
            language,
            card=card,
            place=place,
            reason=tr(explanation.reason, language),
        )
    named = "; ".join(_answer(position, i) for i in explanation.answers)
    return tr(
        "%(card)s is in %(place)s, because of %(answers)s (with your own cards).",
        language,
        card=card,
        place=place,
        answers=named,
    )


def _questions(analysis: SeatAnalysis, position: Mapping[str, Any], language: str) -> list[str]:
    if not analysis.questions:
        reason = no_questions_reason(analysis, position, language)
        return [tr("Best questions: none; %(reason)s.", language, reason=reason)]
    if position.get("deck") == "unknown":
        head = tr(
            "Best questions (among the cards of the box known so far), by what the answer "
            "tells about the solution:",
            language,
        )
    elif position.get("face_up") is not None:
        head = tr(
            "Best questions (among the face-up cards), by what the answer tells about the "
            "solution:",
            language,
        )
    else:
        head = tr("Best questions, by what the answer tells about the solution:", language)
    lines = [head]
    for question in analysis.questions[:TOP_QUESTIONS]:
        bits = figure(question.solution_bits, 2, language)
        lines.append(f"  {question.action:<16} " + tr("%(bits)s bits", language, bits=bits))
    return lines


def _answer(position: Mapping[str, Any], index: int) -> str:
    """Answer ``index`` of the position, as it is written there."""
    for key in ANSWER_LISTS:
        answers = position.get(key)
        if isinstance(answers, list) and 0 <= index < len(answers):
            item = json.dumps(answers[index], ensure_ascii=False, separators=(", ", ": "))
            return f"{key}[{index}] {item}"
    return f"answer {index}"
