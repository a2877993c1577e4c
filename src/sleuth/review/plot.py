"""A review drawn: each seat's probability of the truth over the steps (log scale) and its
uncertainty in bits, with marks where it could first have been certain and where it accused
or tried to solve. Needs the ``plot`` extra (matplotlib)."""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from sleuth.i18n import SOURCE, tr

from .model import GameReview, SeatReview
from .text import title_in

# The smallest probability drawn: a line must not fall off a log scale at a step with none.
FLOOR = 1e-6
# Fonts with Japanese glyphs (matplotlib's own has none): their families, and how their
# files begin, for a machine whose fonts matplotlib has not listed (collections, .ttc).
JAPANESE_FAMILIES = ("Noto Sans CJK JP", "IPAexGothic", "IPAGothic", "TakaoGothic")
JAPANESE_FILES = ("NotoSansCJK", "ipaexg", "ipag", "TakaoGothic")


def plot_review(
    review: GameReview, path: Path, seats: Sequence[int] | None = None, language: str = SOURCE
) -> None:
    """The review drawn into ``path``, its titles and legend in ``language``."""
    import matplotlib

    matplotlib.use("Agg")  # files only: no display on servers and in CI
    import matplotlib.pyplot as plt

    families = _japanese_fonts(language)
    with plt.rc_context({"font.family": ["DejaVu Sans", *families]} if families else None):
        _plot(plt, review, path, seats, language)


def _plot(
    plt: Any, review: GameReview, path: Path, seats: Sequence[int] | None, language: str
) -> None:
    chosen = [s for s in review.seats if seats is None or s.seat in seats]
    figure, (top, bottom) = plt.subplots(
        2, 1, figsize=(8, 6), sharex=True, gridspec_kw={"height_ratios": [3, 2]}
    )
    colours = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    for index, seat in enumerate(chosen):
        colour = colours[index % len(colours)]
        _draw_seat(top, bottom, seat, colour, tr("seat %(seat)s", language, seat=seat.seat))
    top.set_yscale("log")
    top.set_ylim(bottom=max(FLOOR, _lowest(chosen) / 2), top=1.5)
    top.set_ylabel(tr("p(truth)", language))
    bottom.set_ylabel(tr("uncertainty (bits)", language))
    bottom.set_xlabel(tr("step", language))
    truth = tr("truth: %(solution)s", language, solution=tr(review.solution, language))
    if not review.exact:
        truth = tr("%(truth)s (card counting, not exact)", language, truth=truth)
    top.set_title(f"{title_in(review, language)}\n{truth}", fontsize=10)
    top.grid(True, which="major", alpha=0.3)
    bottom.grid(True, alpha=0.3)
    # One legend for the marks, one entry per seat for the lines.
    top.plot([], [], "k*", markersize=9, label=tr("could know", language))
    top.plot([], [], "ko", markersize=6, label=tr("right attempt", language))
    top.plot([], [], "kX", markersize=7, label=tr("wrong attempt", language))
    top.legend(loc="lower right", fontsize=8, ncol=2)
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)


def _japanese_fonts(language: str) -> list[str]:
    """For Japanese, the first font the machine has with its glyphs, to draw them after the
    default font (none found: the default alone, its glyphs missing); none for the others."""
    if language != "ja":
        return []
    from matplotlib import font_manager

    manager = font_manager.fontManager
    if not any(font.name in JAPANESE_FAMILIES for font in manager.ttflist):
        for file in font_manager.findSystemFonts():
            if Path(file).name.startswith(JAPANESE_FILES):
                # A font file matplotlib cannot read is passed over: the plot is drawn anyway.
                with contextlib.suppress(OSError, RuntimeError, ValueError):
                    manager.addfont(file)
    known = {font.name for font in manager.ttflist}
    return [family for family in JAPANESE_FAMILIES if family in known][:1]


def _draw_seat(top: object, bottom: object, seat: SeatReview, colour: str, label: str) -> None:
    steps = [r.step for r in seat.readings if r.probability is not None]
    ps = [max(FLOOR, r.probability or 0.0) for r in seat.readings if r.probability is not None]
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
