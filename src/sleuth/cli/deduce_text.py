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
from sleuth.core.wording import count
from sleuth.deduce.knowledge import Explanation, SeatAnalysis

TOP_SOLUTIONS = 5
TOP_QUESTIONS = 5
PLACE_WORDS = {"hidden": "hidden cards"}
# Where each game's position lists the answers that an analysis names by index.
ANSWER_LISTS = ("investigations", "questions", "plays")


def summary(analysis: SeatAnalysis, position: Mapping[str, Any], questions: bool) -> str:
    """The analysis of one seat's position, in lines a person reads."""
    seat = analysis.seat
    lines = [f"{_title(analysis.game, position)}, seat {seat}"]
    if not analysis.consistent:
        lines.append("No deal fits: the answers contradict each other (someone miscounted).")
        if analysis.contradiction is not None:
            named = [_answer(position, i) for i in analysis.contradiction.answers]
            many = len(named) > 1
            what = "These answers cannot all be true" if many else "This answer cannot be true"
            lines.append(f"{what}: " + "; ".join(named))
        return "\n".join(lines)
    lines.append(f"{count(analysis.worlds, 'deal fits', 'deals fit')} what seat {seat} knows.")
    lines += _certain(analysis)
    lines += _solutions(analysis)
    if analysis.explanation is not None:
        lines.append(_explanation(analysis, analysis.explanation, position))
    if questions:
        lines += _questions(analysis, position)
    if analysis.assumed:
        lines.append(
            f"(odds assume the deal model '{analysis.deal_model}'; certain facts hold anyway)"
        )
    return "\n".join(lines)


def no_questions_reason(analysis: SeatAnalysis, position: Mapping[str, Any]) -> str:
    """Why no question is ranked (an empty ``questions``)."""
    if not analysis.consistent:
        return "the answers contradict each other, so no question is ranked"
    face_up = position.get("face_up")
    if face_up == []:
        return 'no card is face up ("face_up" is empty): there is nothing to ask with'
    if position.get("deck") == "unknown" and face_up is None:
        return (
            'the deck is unknown and no face-up card is given: give "face_up", or the cards '
            'of the box known so far in "deck_seen"'
        )
    return "no question can be asked: every card has been asked"


def _title(game: str, position: Mapping[str, Any]) -> str:
    players = position.get("players")
    name = find_kit(game).game.title
    return f"{name}, {players} players" if isinstance(players, int) else name


def _place(place: str, seat: int) -> str:
    if place.isdigit():
        return f"seat {place}" + (" (you)" if int(place) == seat else "")
    kind, _, who = place.partition(":")
    kind = PLACE_WORDS.get(kind, kind)
    if who.isdigit():
        return ("your" if int(who) == seat else f"seat {who}'s") + f" {kind}"
    return f"{kind} {who}" if who else ("your " + kind if kind == "mystery" else kind)


def certain_places(analysis: SeatAnalysis) -> dict[str, str]:
    """Every card whose place is certain: seen or deduced (``certain`` holds the deduced)."""
    seen = {
        card: place for card, row in analysis.cards.items() for place, p in row.items() if p >= 1
    }
    return {**seen, **analysis.certain}


def _certain(analysis: SeatAnalysis) -> list[str]:
    by_place: dict[str, list[str]] = {}
    certain = certain_places(analysis)
    for card, place in certain.items():
        by_place.setdefault(place, []).append(card)
    if not by_place:
        return ["Certain: nothing yet."]
    joiner = "" if all(len(card) == 1 for card in certain) else ", "
    lines = ["Certain:"]
    for place, cards in by_place.items():
        lines.append(f"  {_place(place, analysis.seat)}: {joiner.join(cards)}")
    return lines


def _solutions(analysis: SeatAnalysis) -> list[str]:
    one, many = "solution", "solutions"  # the ring, a mystery, the opponents' cases
    solutions = analysis.solutions
    if not solutions:
        return []
    if len(solutions) == 1:
        return [f"The {one} is certain: {_cards(solutions[0].cards)}."]
    head = count(len(solutions), "possible " + one, "possible " + many)
    top = [(_cards(s.cards), f"{100 * s.probability:.1f}%") for s in solutions[:TOP_SOLUTIONS]]
    if all(len(cards) <= 4 for cards, _ in top):
        return [f"{head}; likeliest: " + ", ".join(f"{c} {p}" for c, p in top)]
    width = max(len(cards) for cards, _ in top)
    return [f"{head}; likeliest:", *(f"  {c:<{width}}  {p:>6}" for c, p in top)]


def _cards(cards: tuple[str, ...]) -> str:
    return "".join(cards) if all(len(c) == 1 for c in cards) else " / ".join(cards)


def _explanation(
    analysis: SeatAnalysis, explanation: Explanation, position: Mapping[str, Any]
) -> str:
    card = explanation.card
    if explanation.place is None:
        seen = certain_places(analysis).get(card)
        if seen is not None:
            return f"{card} is in {_place(seen, analysis.seat)}: you see it there."
        return f"{card}: its place is not certain yet."
    place = _place(explanation.place, analysis.seat)
    if not explanation.answers:
        return f"{card} is in {place}: {explanation.reason}."
    named = "; ".join(_answer(position, i) for i in explanation.answers)
    return f"{card} is in {place}, because of {named} (with your own cards)."


def _questions(analysis: SeatAnalysis, position: Mapping[str, Any]) -> list[str]:
    if not analysis.questions:
        return [f"Best questions: none; {no_questions_reason(analysis, position)}."]
    among = ""
    if position.get("deck") == "unknown":
        among = " (among the cards of the box known so far)"
    elif position.get("face_up") is not None:
        among = " (among the face-up cards)"
    lines = [f"Best questions{among}, by what the answer tells about the solution:"]
    for question in analysis.questions[:TOP_QUESTIONS]:
        lines.append(f"  {question.action:<16} {question.solution_bits:.2f} bits")
    return lines


def _answer(position: Mapping[str, Any], index: int) -> str:
    """Answer ``index`` of the position, as it is written there."""
    for key in ANSWER_LISTS:
        answers = position.get(key)
        if isinstance(answers, list) and 0 <= index < len(answers):
            item = json.dumps(answers[index], ensure_ascii=False, separators=(", ", ": "))
            return f"{key}[{index}] {item}"
    return f"answer {index}"
