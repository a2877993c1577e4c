"""A review as text: a few annotated lines per seat, then its step table.

The marks after a step follow the chess annotator's: ``!`` the best question there was (or
an accusation made as soon as the seat could be certain), ``?`` a question that gave away a
good part of what the best one would have told, ``??`` a wrong accusation or solve attempt,
``!?`` a right one made before the seat could be certain.
"""

from __future__ import annotations

from collections.abc import Sequence

from .annotate import CLOSE, fmt_p, points_text
from .model import AttemptNote, GameReview, QuestionNote, Reading, SeatReview

MOVE_WIDTH = 30
RESULT_WIDTH = 24
# A question that gave away more than this share of the best one's value earns a "?".
DUBIOUS = 0.5


def render(review: GameReview, seats: Sequence[int] | None = None) -> str:
    lines = [f"Review of {review.title}", review.summary]
    if review.exact:
        lines.append(f"Figures: {review.method}.")
    else:
        lines.append(f"NOTE: these figures are {review.method}.")
    lines.append(f"The truth is {review.solution}; p(truth) is each seat's probability of it.")
    for seat_review in review.seats:
        if seats is not None and seat_review.seat not in seats:
            continue
        lines.append("")
        lines += seat_text(seat_review)
    return "\n".join(lines) + "\n"


def seat_text(review: SeatReview) -> list[str]:
    score = "" if review.score is None else f": {points_text(review.score)}"
    lines = [f"Seat {review.seat}{score}"]
    lines += [f"  {note}" for note in review.notes]
    lines.append("")
    lines += ["  " + line for line in table(review)]
    return lines


def table(review: SeatReview) -> list[str]:
    labels = _target_labels(review.readings)
    target_heads = "".join(f"  {_short(label):>12}" for label in labels)
    head = (
        f"{'step':>4}  {'by':>2}  {'move':<{MOVE_WIDTH}}  {'result':<{RESULT_WIDTH}}"
        f"  {'p(truth)':>8}  {'bits':>5}{target_heads}  note"
    )
    out = [head]
    questions = {q.step: q for q in review.questions}
    attempts = {a.step: a for a in review.attempts}
    could = {s.could_know for s in review.stretches if s.could_know is not None}
    for reading in review.readings:
        by = "" if reading.seat is None else str(reading.seat)
        bits = "-" if reading.bits is None else f"{reading.bits:.2f}"
        extra = "".join(f"  {fmt_p(reading.targets.get(label)):>12}" for label in labels)
        note = _note(questions.get(reading.step), attempts.get(reading.step))
        if reading.step in could:
            note = (note + "  " if note else "") + "<- could know"
        out.append(
            f"{reading.step:>4}  {by:>2}  {_cut(reading.text, MOVE_WIDTH):<{MOVE_WIDTH}}  "
            f"{_cut(reading.result, RESULT_WIDTH):<{RESULT_WIDTH}}  "
            f"{fmt_p(reading.probability):>8}  {bits:>5}{extra}  {note}".rstrip()
        )
    return out


def _note(question: QuestionNote | None, attempt: AttemptNote | None) -> str:
    if question is not None:
        mark = _question_mark(question)
        if question.unit == "bits":
            text = f"{question.made:.2f} bits"
            if question.given_away > CLOSE:
                text += f", best {question.best:.2f} ({question.best_action})"
        else:
            text = f"{question.made:+.2f} pts"
            if question.given_away > CLOSE:
                text += f", best {question.best:+.2f} ({question.best_action})"
        return f"{mark} {text}".strip()
    if attempt is not None:
        if not attempt.correct:
            mark = "??"
        elif attempt.waited == 0:
            mark = "!"
        elif attempt.waited is None:
            mark = "!?"
        else:
            mark = ""
        verdict = "right" if attempt.correct else "wrong"
        return f"{mark} {verdict}, p = {fmt_p(attempt.probability)}".strip()
    return ""


def _question_mark(question: QuestionNote) -> str:
    if question.given_away <= CLOSE:
        return "!" if question.unit == "bits" and question.best > CLOSE else ""
    if question.best > 0 and question.given_away > DUBIOUS * question.best:
        return "?"
    return ""


def _target_labels(readings: Sequence[Reading]) -> list[str]:
    """Per-target columns, only where the solution has several parts."""
    labels: list[str] = []
    for reading in readings:
        labels += [label for label in reading.targets if label not in labels]
    return labels if len(labels) > 1 else []


def _short(label: str) -> str:
    return label.removesuffix("'s case")


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"
