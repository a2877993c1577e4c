"""The few lines that open a seat's review, as a chess annotator would write them: when it
could have been certain against when it accused, what its questions were worth, and the
step that told it most."""

from __future__ import annotations

import itertools

from .model import QuestionNote, Reading, SeatReview, Stretch

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


def points_text(points: float) -> str:
    return f"{points:g} point{'' if points == 1 else 's'}"


def seat_notes(review: SeatReview, exact: bool = True) -> list[str]:
    lines: list[str] = []
    worth = [s for s in review.stretches if s.verdict != "never certain"]
    for stretch in worth[:MAX_STRETCH_LINES]:
        lines.append(_stretch_line(review, stretch))
    if len(worth) > MAX_STRETCH_LINES:
        lines.append(f"(and {len(worth) - MAX_STRETCH_LINES} more stretches, in the JSON)")
    if not worth:
        line = _never_line(review.readings)
        if line:
            lines.append(line)
    lines += _question_lines(review.questions, exact)
    key = _key_moment(review.readings)
    if key is not None:
        lines.append(key)
    return lines


def _never_line(readings: tuple[Reading, ...]) -> str:
    """For a seat never certain: how often its likeliest solution was the truth."""
    judged = [r for r in readings if r.probability is not None]
    if not judged:
        return ""
    hits = sum(1 for r in judged if r.likeliest_probability == max_probability(r))
    last = judged[-1]
    bits = f", {last.bits:.1f} bits left" if last.bits is not None else ""
    return (
        f"Never certain: the truth was among its likeliest at {hits} of {len(judged)} steps; "
        f"p of the truth {fmt_p(last.probability)} at the end{bits}."
    )


def max_probability(reading: Reading) -> float | None:
    """The reading's probability of the truth where the truth was a likeliest solution."""
    if reading.probability is None or reading.likeliest_probability is None:
        return None
    close = reading.likeliest_probability - reading.probability <= CLOSE
    return reading.likeliest_probability if close else None


def _stretch_line(review: SeatReview, stretch: Stretch) -> str:
    target = stretch.target
    own = [
        a
        for a in review.attempts
        if a.target == target and stretch.first <= a.step - 1 <= stretch.last
    ]
    right = next((a for a in own if a.correct), None)
    wrong = [a for a in own if not a.correct]
    known = stretch.could_know
    chance = ""
    if known is not None and stretch.best_step is not None and stretch.best_step > known:
        chance = f" (its first chance to name it: step {stretch.best_step + 1})"
    before = ""
    if wrong and right is not None:
        before = f" after {len(wrong)} wrong attempt{'s' if len(wrong) > 1 else ''}"
    if right is not None and known is not None and right.waited is not None:
        if right.waited == 0:
            return (
                f"Certain of {target} after step {known}; named it at once, at step "
                f"{right.step}{before}: {points_text(right.points)}."
            )
        later = f"{right.waited} step{'' if right.waited == 1 else 's'} later"
        line = (
            f"Could have been certain of {target} after step {known}{chance}; named it at "
            f"step {right.step}{before}, {later}"
        )
        if stretch.lost is not None and stretch.lost > 0 and stretch.best_points is not None:
            line += (
                f": waiting cost {points_text(stretch.lost)} "
                f"({fmt_points(stretch.best_points)} then, {fmt_points(right.points)} when it did)"
            )
        return line + "."
    if right is not None:
        return (
            f"Guessed {target} right at step {right.step}{before} with p = "
            f"{fmt_p(right.probability)}, before it could be certain: {points_text(right.points)}."
        )
    if wrong:
        first = wrong[0]
        line = f"Guessed {target} wrong at step {first.step} (p = {fmt_p(first.probability)})"
        if len(wrong) > 1:
            line += f" and {len(wrong) - 1} more time{'s' if len(wrong) > 2 else ''}"
        if known is not None and known >= first.step:
            line += f"; it could have been certain after step {known}"
            if stretch.best_points is not None:
                line += (
                    f", when a right attempt would have scored {fmt_points(stretch.best_points)}"
                )
        elif known is None:
            line += "; the answers never made it certain in this game"
        return line + "."
    line = f"Could have been certain of {target} after step {known}{chance}, but never named it"
    if stretch.lost is not None and stretch.lost > 0:
        line += f": {points_text(stretch.lost)} left on the table"
    return line + "."


def _question_lines(questions: tuple[QuestionNote, ...], exact: bool) -> list[str]:
    if not questions:
        return []
    unit = questions[0].unit
    n = len(questions)
    made = sum(q.made for q in questions) / n
    best = sum(q.best for q in questions) / n
    given = sum(q.given_away for q in questions) / n
    if unit == "bits":
        what = f"{n} question{'s' if n > 1 else ''}"
        lines = [
            f"{what}: {made:.2f} bits each on average, against {best:.2f} for the best one "
            f"then: {given:.2f} bits given away per question."
        ]
    else:
        how = "by card counting" if not exact else "exactly"
        lines = [
            f"{n} move{'s' if n > 1 else ''} judged {how}: {made:+.2f} expected {unit} each "
            f"on average, against {best:+.2f} for the best then: {given:.2f} {unit} given "
            "away per move."
        ]
    top = max(questions, key=lambda q: (q.made, -q.step))
    worst = max(questions, key=lambda q: (q.given_away, -q.step))
    if unit == "bits":
        tie = ", the best there was" if top.given_away <= CLOSE else ""
        lines.append(f"Best: step {top.step} {top.action} ({top.made:.2f} bits{tie}).")
    if worst.given_away > CLOSE:
        lines.append(
            f"Weakest: step {worst.step} {worst.action} gave {worst.made:.2f} {unit} where "
            f"{worst.best_action} would have given {worst.best:.2f}."
        )
    return lines


def _key_moment(readings: tuple[Reading, ...]) -> str | None:
    """The step that took most off the seat's uncertainty."""
    best: tuple[float, Reading, Reading] | None = None
    for before, after in itertools.pairwise(readings):
        if before.bits is None or after.bits is None:
            continue
        drop = before.bits - after.bits
        if drop > CLOSE and (best is None or drop > best[0]):
            best = (drop, before, after)
    if best is None:
        return None
    drop, before, after = best
    who = f"seat {after.seat} " if after.seat is not None else ""
    result = f" -> {after.result}" if after.result else ""
    return (
        f"Key moment: step {after.step} ({who}{after.text}{result}) took {drop:.2f} bits off "
        f"its uncertainty ({before.bits:.2f} -> {after.bits:.2f}; p of the truth "
        f"{fmt_p(before.probability)} -> {fmt_p(after.probability)})."
    )
