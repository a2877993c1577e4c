"""A review drawn: each seat's probability of the truth over the steps (log scale) and its
uncertainty in bits, with marks where it could first have been certain and where it accused
or tried to solve. Needs the ``plot`` extra (matplotlib)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from .model import GameReview, SeatReview

# The smallest probability drawn: a line must not fall off a log scale at a step with none.
FLOOR = 1e-6


def plot_review(review: GameReview, path: Path, seats: Sequence[int] | None = None) -> None:
    import matplotlib

    matplotlib.use("Agg")  # files only: no display on servers and in CI
    import matplotlib.pyplot as plt

    chosen = [s for s in review.seats if seats is None or s.seat in seats]
    figure, (top, bottom) = plt.subplots(
        2, 1, figsize=(8, 6), sharex=True, gridspec_kw={"height_ratios": [3, 2]}
    )
    colours = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    for index, seat in enumerate(chosen):
        colour = colours[index % len(colours)]
        _draw_seat(top, bottom, seat, colour)
    top.set_yscale("log")
    top.set_ylim(bottom=max(FLOOR, _lowest(chosen) / 2), top=1.5)
    top.set_ylabel("p(truth)")
    bottom.set_ylabel("uncertainty (bits)")
    bottom.set_xlabel("step")
    title = f"{review.title}\ntruth: {review.solution}"
    if not review.exact:
        title += " (card counting, not exact)"
    top.set_title(title, fontsize=10)
    top.grid(True, which="major", alpha=0.3)
    bottom.grid(True, alpha=0.3)
    # One legend for the marks, one entry per seat for the lines.
    top.plot([], [], "k*", markersize=9, label="could know")
    top.plot([], [], "ko", markersize=6, label="right attempt")
    top.plot([], [], "kX", markersize=7, label="wrong attempt")
    top.legend(loc="lower right", fontsize=8, ncol=2)
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)


def _draw_seat(top: object, bottom: object, seat: SeatReview, colour: str) -> None:
    steps = [r.step for r in seat.readings if r.probability is not None]
    ps = [max(FLOOR, r.probability or 0.0) for r in seat.readings if r.probability is not None]
    label = f"seat {seat.seat}"
    top.plot(steps, ps, "-", color=colour, label=label, linewidth=1.5)  # type: ignore[attr-defined]
    bit_steps = [r.step for r in seat.readings if r.bits is not None]
    bits = [r.bits for r in seat.readings if r.bits is not None]
    bottom.plot(bit_steps, bits, "-", color=colour, linewidth=1.2)  # type: ignore[attr-defined]
    by_step = {r.step: r for r in seat.readings}
    for stretch in seat.stretches:
        if stretch.could_know is None:
            continue
        known = by_step[stretch.could_know]
        p = known.targets.get(stretch.target, known.probability or 1.0)
        top.plot([stretch.could_know], [max(FLOOR, p)], "*", color=colour, markersize=11)  # type: ignore[attr-defined]
    for attempt in seat.attempts:
        reading = by_step.get(attempt.step - 1)
        if reading is None or reading.probability is None:
            continue
        # Drawn at the probability the seat gave its own guess when it made it.
        p = max(FLOOR, attempt.probability if attempt.probability is not None else FLOOR)
        mark = "o" if attempt.correct else "X"
        top.plot([attempt.step], [p], mark, color=colour, markersize=7, markeredgecolor="k")  # type: ignore[attr-defined]


def _lowest(seats: Sequence[SeatReview]) -> float:
    values = [
        r.probability
        for s in seats
        for r in s.readings
        if r.probability is not None and r.probability > 0
    ]
    return min(values, default=FLOOR)
