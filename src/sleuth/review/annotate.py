"""The few lines that open a seat's review, as a chess annotator would write them: when it
could have been certain against when it accused, what its questions were worth, and the
step that told it most."""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

from sleuth.i18n import N_, SOURCE, tr, trn

from .model import AttemptNote, QuestionNote, Reading, SeatReview, Stretch

# A judged move within this of the best counts as the best (float noise, ties).
CLOSE = 1e-6
# At most this many lines about targets (Black Stories has one stretch per case).
MAX_STRETCH_LINES = 4


def fmt_p(p: float | None) -> str:
    if p is None:
        return "-"
    if p == 0 or p >= 0.001:
        return f"{p:.3f}"
    return f"{p:.1e}"


def fmt_points(points: float) -> str:
    return f"{points:g}"


# Figures said in a sentence, computed before it (gettext's extractor takes no f-string).
def one(value: float) -> str:
    return f"{value:.1f}"


def two(value: float) -> str:
    return f"{value:.2f}"


def signed(value: float) -> str:
    return f"{value:+.2f}"


def points_text(points: float, language: str = SOURCE) -> str:
    return trn(
        "%(points)s point", "%(points)s points", _count(points), language, points=fmt_points(points)
    )


def _count(value: float) -> int:
    """The count a plural form is chosen by: 1 for exactly one, else any other (1.5 points
    are plural, as English says)."""
    return 1 if value == 1 else 2


# The units a judged move is measured in (a unit of another name is written as it is).
UNITS = {"bits": N_("bits"), "points": N_("points")}


def unit_words(unit: str, language: str = SOURCE) -> str:
    return tr(UNITS[unit], language) if unit in UNITS else unit


def target_words(target: str, language: str = SOURCE) -> str:
    """A target as the game names it (the ring, an opponent's case), in the language."""
    case = CASE.fullmatch(target)
    if case is not None:
        return tr("seat %(seat)s's case", language, seat=case["seat"])
    return tr(target, language) if target else target


CASE = re.compile(r"seat (?P<seat>\d+)'s case")


def seat_notes(review: SeatReview, exact: bool = True, language: str = SOURCE) -> list[str]:
    lines: list[str] = []
    worth = [s for s in review.stretches if s.verdict != "never certain"]
    for stretch in worth[:MAX_STRETCH_LINES]:
        lines.append(_stretch_line(review, stretch, language))
    if len(worth) > MAX_STRETCH_LINES:
        more = len(worth) - MAX_STRETCH_LINES
        lines.append(tr("(and %(count)s more stretches, in the JSON)", language, count=more))
    if not worth:
        line = _never_line(review.readings, language)
        if line:
            lines.append(line)
    lines += _question_lines(review.questions, exact, language)
    key = _key_moment(review.readings, language)
    if key is not None:
        lines.append(key)
    return lines


def notes_in(review: SeatReview, exact: bool, language: str) -> list[str]:
    """The seat's notes in ``language``: as written with the review in English, worded anew
    in another. A note may open with a target's name ("die nächste Überführung: ..."): a
    sentence's first letter is a capital."""
    notes = review.notes if language == SOURCE else seat_notes(review, exact, language)
    return [f"{note[:1].upper()}{note[1:]}" for note in notes]


def _never_line(readings: tuple[Reading, ...], language: str) -> str:
    """For a seat never certain: how often its likeliest solution was the truth."""
    judged = [r for r in readings if r.probability is not None]
    if not judged:
        return ""
    hits = sum(1 for r in judged if r.likeliest_probability == max_probability(r))
    last = judged[-1]
    values = {"hits": hits, "steps": len(judged), "p": fmt_p(last.probability)}
    if last.bits is None:
        return tr(
            "Never certain: the truth was among its likeliest at %(hits)s of %(steps)s steps; "
            "p of the truth %(p)s at the end.",
            language,
            **values,
        )
    return tr(
        "Never certain: the truth was among its likeliest at %(hits)s of %(steps)s steps; "
        "p of the truth %(p)s at the end, %(bits)s bits left.",
        language,
        bits=one(last.bits),
        **values,
    )


def max_probability(reading: Reading) -> float | None:
    """The reading's probability of the truth where the truth was a likeliest solution."""
    if reading.probability is None or reading.likeliest_probability is None:
        return None
    close = reading.likeliest_probability - reading.probability <= CLOSE
    return reading.likeliest_probability if close else None


def _stretch_line(review: SeatReview, stretch: Stretch, language: str = SOURCE) -> str:
    own = [
        a
        for a in review.attempts
        if a.target == stretch.target and stretch.first <= a.step - 1 <= stretch.last
    ]
    right = next((a for a in own if a.correct), None)
    wrong = [a for a in own if not a.correct]
    words = _StretchWords(stretch, language, right is not None and bool(wrong), len(wrong))
    if right is not None and stretch.could_know is not None and right.waited is not None:
        return words.named(right)
    if right is not None:
        return tr(
            "Guessed %(target)s right at step %(step)s%(before)s with p = %(p)s, before it "
            "could be certain: %(points)s.",
            language,
            **words.values,
            step=right.step,
            p=fmt_p(right.probability),
            points=points_text(right.points, language),
        )
    if wrong:
        return words.wrong(wrong)
    line = tr(
        "Could have been certain of %(target)s after step %(known)s%(chance)s, but never named it",
        language,
        **words.values,
    )
    if stretch.lost is not None and stretch.lost > 0:
        lost = points_text(stretch.lost, language)
        line += tr(": %(points)s left on the table", language, points=lost)
    return line + tr(".", language)


class _StretchWords:
    """The parts of a stretch's line, in the language: its target, the step it could be
    certain after, its first chance to name it, the wrong attempts before a right one."""

    def __init__(self, stretch: Stretch, language: str, after_wrong: bool, wrong: int) -> None:
        self.stretch, self.language = stretch, language
        known = stretch.could_know
        chance = ""
        if known is not None and stretch.best_step is not None and stretch.best_step > known:
            chance = tr(
                " (its first chance to name it: step %(step)s)",
                language,
                step=stretch.best_step + 1,
            )
        before = ""
        if after_wrong:
            before = trn(
                " after %(count)s wrong attempt", " after %(count)s wrong attempts", wrong, language
            )
        self.values = {
            "target": target_words(stretch.target, language),
            "known": known,
            "chance": chance,
            "before": before,
        }

    def named(self, right: AttemptNote) -> str:
        """A right attempt made once the seat could be certain."""
        language, stretch = self.language, self.stretch
        points = points_text(right.points, language)
        if right.waited == 0:
            return tr(
                "Certain of %(target)s after step %(known)s; named it at once, at step "
                "%(step)s%(before)s: %(points)s.",
                language,
                **self.values,
                step=right.step,
                points=points,
            )
        line = tr(
            "Could have been certain of %(target)s after step %(known)s%(chance)s; named it at "
            "step %(step)s%(before)s, %(later)s",
            language,
            **self.values,
            step=right.step,
            later=trn("%(count)s step later", "%(count)s steps later", right.waited or 0, language),
        )
        if stretch.lost is not None and stretch.lost > 0 and stretch.best_points is not None:
            line += tr(
                ": waiting cost %(lost)s (%(best)s then, %(made)s when it did)",
                language,
                lost=points_text(stretch.lost, language),
                best=fmt_points(stretch.best_points),
                made=fmt_points(right.points),
            )
        return line + tr(".", language)

    def wrong(self, wrong: Sequence[AttemptNote]) -> str:
        """Only wrong attempts at the target."""
        language, stretch, known = self.language, self.stretch, self.stretch.could_know
        first = wrong[0]
        line = tr(
            "Guessed %(target)s wrong at step %(step)s (p = %(p)s)",
            language,
            target=self.values["target"],
            step=first.step,
            p=fmt_p(first.probability),
        )
        if len(wrong) > 1:
            line += trn(
                " and %(count)s more time", " and %(count)s more times", len(wrong) - 1, language
            )
        if known is not None and known >= first.step:
            line += tr("; it could have been certain after step %(known)s", language, known=known)
            if stretch.best_points is not None:
                line += tr(
                    ", when a right attempt would have scored %(best)s",
                    language,
                    best=fmt_points(stretch.best_points),
                )
        elif known is None:
            line += tr("; the answers never made it certain in this game", language)
        return line + tr(".", language)


def _question_lines(
    questions: tuple[QuestionNote, ...], exact: bool, language: str = SOURCE
) -> list[str]:
    if not questions:
        return []
    unit = questions[0].unit
    n = len(questions)
    made = sum(q.made for q in questions) / n
    best = sum(q.best for q in questions) / n
    given = sum(q.given_away for q in questions) / n
    if unit == "bits":
        lines = [
            trn(
                "%(count)s question: %(made)s bits each on average, against %(best)s for the "
                "best one then: %(given)s bits given away per question.",
                "%(count)s questions: %(made)s bits each on average, against %(best)s for the "
                "best one then: %(given)s bits given away per question.",
                n,
                language,
                made=two(made),
                best=two(best),
                given=two(given),
            )
        ]
    else:
        how = tr("by card counting", language) if not exact else tr("exactly", language)
        lines = [
            trn(
                "%(count)s move judged %(how)s: %(made)s expected %(unit)s each on average, "
                "against %(best)s for the best then: %(given)s %(unit)s given away per move.",
                "%(count)s moves judged %(how)s: %(made)s expected %(unit)s each on average, "
                "against %(best)s for the best then: %(given)s %(unit)s given away per move.",
                n,
                language,
                how=how,
                made=signed(made),
                unit=unit_words(unit, language),
                best=signed(best),
                given=two(given),
            )
        ]
    top = max(questions, key=lambda q: (q.made, -q.step))
    worst = max(questions, key=lambda q: (q.given_away, -q.step))
    if unit == "bits":
        values = {"step": top.step, "action": top.action, "made": f"{top.made:.2f}"}
        if top.given_away <= CLOSE:
            best_line = N_("Best: step %(step)s %(action)s (%(made)s bits, the best there was).")
        else:
            best_line = N_("Best: step %(step)s %(action)s (%(made)s bits).")
        lines.append(tr(best_line, language, **values))
    if worst.given_away > CLOSE:
        lines.append(
            tr(
                "Weakest: step %(step)s %(action)s gave %(made)s %(unit)s where %(best_action)s "
                "would have given %(best)s.",
                language,
                step=worst.step,
                action=worst.action,
                made=two(worst.made),
                unit=unit_words(unit, language),
                best_action=worst.best_action,
                best=two(worst.best),
            )
        )
    return lines


def _key_moment(readings: tuple[Reading, ...], language: str = SOURCE) -> str | None:
    """The step that took most off the seat's uncertainty."""
    best: tuple[float, Reading, Reading, float, float] | None = None
    for before, after in itertools.pairwise(readings):
        if before.bits is None or after.bits is None:
            continue
        drop = before.bits - after.bits
        if drop > CLOSE and (best is None or drop > best[0]):
            best = (drop, before, after, before.bits, after.bits)
    if best is None:
        return None
    drop, before, after, bits_before, bits_after = best
    move = after.text + (f" -> {after.result}" if after.result else "")
    if after.seat is not None:
        move = tr("seat %(seat)s %(move)s", language, seat=after.seat, move=move)
    return tr(
        "Key moment: step %(step)s (%(move)s) took %(drop)s bits off its uncertainty "
        "(%(before)s -> %(after)s; p of the truth %(p_before)s -> %(p_after)s).",
        language,
        step=after.step,
        move=move,
        drop=two(drop),
        before=two(bits_before),
        after=two(bits_after),
        p_before=fmt_p(before.probability),
        p_after=fmt_p(after.probability),
    )
