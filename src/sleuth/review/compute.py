"""From one seat's frames to its review: readings, judged moves, attempts and stretches.

Nothing here knows a game: the frames come from the game's review part (``sleuth.deduce.
review``), and every figure is read off the part's ``SeatAnalysis`` at the truth.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from typing import Any

from sleuth.deduce.knowledge import SeatAnalysis
from sleuth.deduce.review import ATTEMPT, PLAY, QUESTION, Frame, ReviewPart, Truth, matches

from .annotate import seat_notes
from .model import AttemptNote, QuestionNote, Reading, SeatReview, Stretch

JUDGED = (QUESTION, PLAY)


class AnalysisCache:
    """Analyses by position: a seat whose position did not change (a step that told it
    nothing) is not analysed again, and an analysis with the questions' values serves as
    the plain one too."""

    def __init__(self, part: ReviewPart[Any]) -> None:
        self.part = part
        self._plain: dict[Hashable, SeatAnalysis] = {}
        self._full: dict[Hashable, SeatAnalysis] = {}
        self.analyses = 0

    def get(self, position: Hashable, questions: bool = False) -> SeatAnalysis:
        if questions:
            found = self._full.get(position)
            if found is None:
                found = self.part.analyze(position, True)
                self.analyses += 1
                self._full[position] = self._plain[position] = found
            return found
        found = self._plain.get(position)
        if found is None:
            found = self.part.analyze(position, False)
            self.analyses += 1
            self._plain[position] = found
        return found


def probability_at(
    analysis: SeatAnalysis, truth: Sequence[str | None], indexes: Sequence[int]
) -> float | None:
    """The seat's probability that the solution agrees with ``truth`` at ``indexes``."""
    if any(truth[i] is None for i in indexes):
        return None
    if not analysis.consistent:
        return 0.0
    total = math.fsum(s.probability for s in analysis.solutions if matches(s.cards, truth, indexes))
    return min(1.0, total)


def certain_at(analysis: SeatAnalysis, truth: Sequence[str | None], indexes: Sequence[int]) -> bool:
    """Whether every solution the seat still holds possible agrees with ``truth`` there:
    certainty told exactly, not by a sum of floats reaching 1."""
    if not analysis.consistent or any(truth[i] is None for i in indexes):
        return False
    live = [s for s in analysis.solutions if s.probability > 0]
    return bool(live) and all(matches(s.cards, truth, indexes) for s in live)


def _reading(frame: Frame[Any], analysis: SeatAnalysis | None) -> Reading:
    truth = frame.truth
    if analysis is None or truth is None:
        return Reading(frame.step, frame.seat, frame.text, frame.result, None, False, None, {})
    whole = tuple(range(len(truth.solution)))
    targets = {
        label: p
        for label, indexes in truth.targets.items()
        if (p := probability_at(analysis, truth.solution, indexes)) is not None
    }
    top = analysis.solutions[0] if analysis.consistent and analysis.solutions else None
    return Reading(
        frame.step,
        frame.seat,
        frame.text,
        frame.result,
        probability_at(analysis, truth.solution, whole),
        certain_at(analysis, truth.solution, whole),
        analysis.solution_bits if analysis.consistent else None,
        targets,
        top.cards if top is not None else (),
        top.probability if top is not None else None,
    )


def review_frames(
    part: ReviewPart[Any],
    seat: int,
    frames: Sequence[Frame[Any]],
    cache: AnalysisCache,
    score: float | None = None,
) -> SeatReview:
    """The review of ``seat`` from its frames (frame i: after step i)."""
    for i, frame in enumerate(frames):
        if frame.step != i:
            raise ValueError(f"frame {i} is of step {frame.step}: frames go one per step")
    judged_next = [
        i + 1 < len(frames) and (m := frames[i + 1].move) is not None and m.kind in JUDGED
        for i in range(len(frames))
    ]
    analyses: list[SeatAnalysis | None] = [
        None if f.position is None else cache.get(f.position, judged_next[i])
        for i, f in enumerate(frames)
    ]
    readings = tuple(_reading(f, a) for f, a in zip(frames, analyses, strict=True))
    questions: list[QuestionNote] = []
    attempt_moves: list[tuple[int, Frame[Any]]] = []
    for i, frame in enumerate(frames):
        move = frame.move
        if move is None or i == 0:
            continue
        before = frames[i - 1]
        if move.kind in JUDGED and before.position is not None:
            choice = part.judge(before.position, cache.get(before.position, True), frame.text)
            if choice is not None:
                bits_before, bits_after = readings[i - 1].bits, readings[i].bits
                gained = (
                    bits_before - bits_after
                    if bits_before is not None and bits_after is not None
                    else None
                )
                questions.append(
                    QuestionNote(
                        frame.step,
                        frame.text,
                        choice.unit,
                        choice.made,
                        choice.best,
                        choice.best_action,
                        choice.given_away,
                        gained if choice.unit == "bits" else None,
                    )
                )
        elif move.kind == ATTEMPT:
            attempt_moves.append((i, frame))
    found = _stretches(frames, analyses)
    attempts = tuple(_attempt(i, frame, frames, analyses, found) for i, frame in attempt_moves)
    stretches = tuple(_settle(s, attempts) for s in found)
    could_know = next((r.step for r in readings if r.certain), None)
    review = SeatReview(
        seat, score, could_know, readings, tuple(questions), attempts, stretches, ()
    )
    return SeatReview(
        seat,
        score,
        could_know,
        readings,
        tuple(questions),
        attempts,
        stretches,
        tuple(seat_notes(review, part.exact)),
    )


def _target_key(truth: Truth | None, label: str) -> tuple[str | None, ...] | None:
    if truth is None or label not in truth.targets:
        return None
    key = tuple(truth.solution[i] for i in truth.targets[label])
    return None if None in key else key  # a part not known (a session's): nothing to judge


def _stretches(
    frames: Sequence[Frame[Any]], analyses: Sequence[SeatAnalysis | None]
) -> list[Stretch]:
    """Each target's runs of frames with one truth, and the first certain frame of each."""
    labels: list[str] = []
    for frame in frames:
        if frame.truth is not None:
            labels += [label for label in frame.truth.targets if label not in labels]
    out: list[Stretch] = []
    for label in labels:
        start: int | None = None
        for i in range(len(frames) + 1):
            key = _target_key(frames[i].truth, label) if i < len(frames) else None
            previous = _target_key(frames[start].truth, label) if start is not None else None
            if start is not None and key != previous:
                out.append(_stretch(label, frames, analyses, start, i - 1))
                start = None
            if start is None and key is not None and i < len(frames):
                start = i
    return sorted(out, key=lambda s: (s.first, s.target))


def _stretch(
    label: str,
    frames: Sequence[Frame[Any]],
    analyses: Sequence[SeatAnalysis | None],
    first: int,
    last: int,
) -> Stretch:
    truth = frames[first].truth
    if truth is None:  # a stretch starts only where the target has a truth
        raise ValueError("a stretch without a truth")
    indexes = truth.targets[label]
    could_know = None
    for i in range(first, last + 1):
        analysis = analyses[i]
        if analysis is not None and certain_at(analysis, truth.solution, indexes):
            could_know = frames[i].step
            break
    best_step = best_points = None
    if could_know is not None:
        for i in range(could_know, last + 1):
            if label in frames[i].stakes:
                best_step, best_points = frames[i].step, frames[i].stakes[label]
                break
    key = tuple(truth.solution[i] for i in indexes)
    return Stretch(
        label,
        key,
        frames[first].step,
        frames[last].step,
        could_know,
        best_step,
        best_points,
        0.0,
        None,
        "",
    )


def _attempt(
    i: int,
    frame: Frame[Any],
    frames: Sequence[Frame[Any]],
    analyses: Sequence[SeatAnalysis | None],
    stretches: Sequence[Stretch],
) -> AttemptNote:
    move = frame.move
    if move is None:
        raise ValueError("an attempt without a move")
    before, analysis = frames[i - 1], analyses[i - 1]
    probability = None
    truth = before.truth
    if analysis is not None and truth is not None and move.target in truth.targets:
        indexes = truth.targets[move.target]
        guessed: list[str | None] = list(truth.solution)
        for index, card in zip(indexes, move.guess, strict=True):
            guessed[index] = card
        probability = probability_at(analysis, guessed, indexes)
    stretch = next(
        (s for s in stretches if s.target == move.target and s.first <= before.step <= s.last),
        None,
    )
    could_know = stretch.could_know if stretch is not None else None
    waited = (
        before.step - could_know if could_know is not None and could_know <= before.step else None
    )
    return AttemptNote(
        frame.step,
        frame.text,
        move.target,
        probability,
        move.correct,
        move.points,
        could_know,
        waited,
    )


def _settle(stretch: Stretch, attempts: Sequence[AttemptNote]) -> Stretch:
    """What the seat's own attempts on the target scored in the stretch, the points its
    timing cost, and a word for it."""
    own = [
        a
        for a in attempts
        if a.target == stretch.target and stretch.first <= a.step - 1 <= stretch.last
    ]
    scored = math.fsum(a.points for a in own if a.correct)
    lost = None if stretch.best_points is None else stretch.best_points - scored
    right = next((a for a in own if a.correct), None)
    wrong = [a for a in own if not a.correct]
    if right is not None and right.waited is not None:
        verdict = "waited" if right.waited > 0 else "on time"
    elif right is not None:
        verdict = "guessed right"
    elif wrong:
        verdict = "guessed wrong"
    elif stretch.could_know is not None:
        verdict = "never attempted"
    else:
        verdict = "never certain"
    return Stretch(
        stretch.target,
        stretch.truth,
        stretch.first,
        stretch.last,
        stretch.could_know,
        stretch.best_step,
        stretch.best_points,
        scored,
        lost,
        verdict,
    )
