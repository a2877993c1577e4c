"""A review as text: a few annotated lines per seat, then its step table, in the person's
language (English as it always was; the moves in the game's notation).

The marks after a step follow the chess annotator's: ``!`` the best question there was (or
an accusation made as soon as the seat could be certain), ``?`` a question that gave away a
good part of what the best one would have told, ``??`` a wrong accusation or solve attempt,
``!?`` a right one made before the seat could be certain.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from sleuth.core import find_kit
from sleuth.i18n import N_, SOURCE, columns, tr

from .annotate import CASE, CLOSE, fmt_p, notes_in, points_text, signed, target_words, two
from .model import AttemptNote, GameReview, QuestionNote, Reading, SeatReview

MOVE_WIDTH = 30
RESULT_WIDTH = 24
# A question that gave away more than this share of the best one's value earns a "?".
DUBIOUS = 0.5
# The title and the summary a review of a record holds (record.py writes them in English).
TITLE = re.compile(r"(?P<game>.+), (?P<players>\d+) players, (?P<steps>\d+) steps")
SESSION_TITLE = re.compile(r"(?P<title>.+): an assistant's session of (?P<count>\d+) entries")
SUMMARY = re.compile(r"over \((?P<reason>.*)\): scores (?P<scores>.*); winners (?P<winners>.*)")


def render(review: GameReview, seats: Sequence[int] | None = None, language: str = SOURCE) -> str:
    lines = [
        tr("Review of %(title)s", language, title=title_in(review, language)),
        _summary(review.summary, review.game, language),
    ]
    method = tr(review.method, language)
    if review.exact:
        lines.append(tr("Figures: %(method)s.", language, method=method))
    else:
        lines.append(tr("NOTE: these figures are %(method)s.", language, method=method))
    lines.append(
        tr(
            "The truth is %(solution)s; p(truth) is each seat's probability of it.",
            language,
            solution=tr(review.solution, language),
        )
    )
    for seat_review in review.seats:
        if seats is not None and seat_review.seat not in seats:
            continue
        lines.append("")
        lines += seat_text(seat_review, review.exact, language)
    return "\n".join(lines) + "\n"


def title_in(review: GameReview, language: str) -> str:
    """The review's title in ``language`` (a record's review holds it in English)."""
    if language == SOURCE:
        return review.title
    found = TITLE.fullmatch(review.title)
    if found is not None:
        return tr(
            "%(game)s, %(players)s players, %(steps)s steps",
            language,
            game=find_kit(review.game).game.title,
            players=found["players"],
            steps=found["steps"],
        )
    found = SESSION_TITLE.fullmatch(review.title)
    if found is not None:
        return tr(
            "%(title)s: an assistant's session of %(count)s entries",
            language,
            title=found["title"],
            count=found["count"],
        )
    return review.title


def _summary(summary: str, game: str, language: str) -> str:
    found = SUMMARY.fullmatch(summary)
    if found is None:
        return tr(summary, language)  # an assistant's session's, a message of its own
    winners = found["winners"]
    return tr(
        "over (%(reason)s): scores %(scores)s; winners %(winners)s",
        language,
        reason=find_kit(game).translate(found["reason"], language),
        scores=found["scores"],
        winners=tr("none", language) if winners == "none" else winners,
    )


def seat_text(review: SeatReview, exact: bool = True, language: str = SOURCE) -> list[str]:
    if review.score is None:
        lines = [tr("Seat %(seat)s", language, seat=review.seat)]
    else:
        score = points_text(review.score, language)
        lines = [tr("Seat %(seat)s: %(score)s", language, seat=review.seat, score=score)]
    lines += [f"  {note}" for note in notes_in(review, exact, language)]
    lines.append("")
    lines += ["  " + line for line in table(review, language)]
    return lines


def table(review: SeatReview, language: str = SOURCE) -> list[str]:
    labels = _target_labels(review.readings)
    targets = [_short(label, language) for label in labels]
    heads = [tr(word, language) for word in HEADINGS]
    # Each column as wide as its English width or its heading in the language, if wider.
    widths = [max(width, columns(head)) for width, head in zip(WIDTHS, heads, strict=True)]
    target_widths = [max(12, columns(target)) for target in targets]
    right, left = _right, _left
    cells = [right(heads[0], widths[0]), right(heads[1], widths[1]), left(heads[2], widths[2])]
    cells += [left(heads[3], widths[3]), right(heads[4], widths[4]), right(heads[5], widths[5])]
    extra = "".join("  " + right(t, w) for t, w in zip(targets, target_widths, strict=True))
    out = ["  ".join(cells) + extra + "  " + tr("note", language)]
    questions = {q.step: q for q in review.questions}
    attempts = {a.step: a for a in review.attempts}
    could = {s.could_know for s in review.stretches if s.could_know is not None}
    for reading in review.readings:
        by = "" if reading.seat is None else str(reading.seat)
        bits = "-" if reading.bits is None else f"{reading.bits:.2f}"
        extra = "".join(
            "  " + right(fmt_p(reading.targets.get(label)), width)
            for label, width in zip(labels, target_widths, strict=True)
        )
        note = _note(questions.get(reading.step), attempts.get(reading.step), language)
        if reading.step in could:
            note = (note + "  " if note else "") + tr("<- could know", language)
        text = reading.text if reading.step else tr(reading.text, language)  # "(the deal)"
        row = [right(str(reading.step), widths[0]), right(by, widths[1])]
        row += [
            left(_cut(text, MOVE_WIDTH), widths[2]),
            left(_cut(reading.result, RESULT_WIDTH), widths[3]),
        ]
        row += [right(fmt_p(reading.probability), widths[4]), right(bits, widths[5])]
        out.append(("  ".join(row) + extra + "  " + note).rstrip())
    return out


# The step table's columns and their English widths.
HEADINGS = (N_("step"), N_("by"), N_("move"), N_("result"), N_("p(truth)"), N_("bits"))
WIDTHS = (4, 2, MOVE_WIDTH, RESULT_WIDTH, 8, 5)


def _right(text: str, width: int) -> str:
    return " " * (width - columns(text)) + text


def _left(text: str, width: int) -> str:
    return text + " " * (width - columns(text))


def _note(question: QuestionNote | None, attempt: AttemptNote | None, language: str) -> str:
    if question is not None:
        return _question_note(question, language)
    if attempt is not None:
        if not attempt.correct:
            mark = "??"
        elif attempt.waited == 0:
            mark = "!"
        elif attempt.waited is None:
            mark = "!?"
        else:
            mark = ""
        p = fmt_p(attempt.probability)
        if attempt.correct:
            verdict = tr("right, p = %(p)s", language, p=p)
        else:
            verdict = tr("wrong, p = %(p)s", language, p=p)
        return f"{mark} {verdict}".strip()
    return ""


def _question_note(question: QuestionNote, language: str) -> str:
    mark = _question_mark(question)
    if question.unit == "bits":
        text = tr("%(bits)s bits", language, bits=two(question.made))
        best = f"{question.best:.2f}"
    else:
        text = tr("%(points)s pts", language, points=signed(question.made))
        best = f"{question.best:+.2f}"
    if question.given_away > CLOSE:
        text += tr(", best %(best)s (%(action)s)", language, best=best, action=question.best_action)
    return f"{mark} {text}".strip()


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


def _short(label: str, language: str) -> str:
    """A target's column heading: an opponent's case by the seat alone."""
    case = CASE.fullmatch(label)
    return (
        tr("seat %(seat)s", language, seat=case["seat"]) if case else target_words(label, language)
    )


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"
