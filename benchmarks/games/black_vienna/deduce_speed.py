"""Benchmark of the exact deduction engine on Black Vienna positions from random games.

    python benchmarks/games/black_vienna/deduce_speed.py [--quick] [--positions N] [--baseline N]

For 3-6 players after 0, 6, ..., 36 answers (seeded), it times in-process:
- the full analysis: world count, every card's location probabilities, the ring posterior;
- the question ranking: exact ring information of the three face-up cards x every target;
and, for comparison with earlier prototypes, the count with all card marginals alone and the
ranking by answer entropy alone. It prints the median and worst time (ms) per cell, and the
ratio of a straightforward baseline
(a plain pure-Python dict DP over cards: no propagation, no closed-form free cards, no card
order, the ring tracked in the state) on the first N positions of each cell, while it stays
within a time budget.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "src"))
# The random position generator lives with the tests.
sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "tests"))

from games.black_vienna.black_vienna_positions import random_position
from sleuth.deduce.model import Model
from sleuth.games.black_vienna.knowledge import (
    BlackViennaAnalysis,
    Position,
    build_model,
)

PLAYERS = (3, 4, 5, 6)
ANSWERS = (0, 6, 12, 18, 24, 30, 36)

State = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]


def baseline_full(model: Model) -> tuple[int, list[list[int]], dict[tuple[int, ...], int]]:
    """Worlds, marginals and ring posterior by plain dictionary DPs over the cards."""
    nl = len(model.locations)
    n = len(model.cards)
    sol = model.solution
    cons = [(next(iter(c.locations)), c.cards, c.count) for c in model.constraints]
    last = [max(cs) if cs else -1 for _, cs, _ in cons]

    def step(
        c: int, fills: tuple[int, ...], counts: tuple[int, ...]
    ) -> list[tuple[int, tuple[int, ...], tuple[int, ...]]]:
        out = []
        for loc in range(nl):
            if fills[loc] >= model.capacities[loc]:
                continue
            nf = list(fills)
            nf[loc] += 1
            nc = list(counts)
            good = True
            for i, (li, cs, k) in enumerate(cons):
                if c in cs and li == loc:
                    nc[i] += 1
                if nc[i] > k or (last[i] == c and nc[i] != k):
                    good = False
            if good:
                out.append((loc, tuple(nf), tuple(nc)))
        return out

    start = (tuple([0] * nl), tuple([0] * len(cons)))
    fwd: list[dict[tuple[tuple[int, ...], tuple[int, ...]], int]] = [{start: 1}]
    for c in range(n):
        nxt: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}
        for (fills, counts), w in fwd[-1].items():
            for _, nf, nc in step(c, fills, counts):
                nxt[(nf, nc)] = nxt.get((nf, nc), 0) + w
        fwd.append(nxt)
    total = sum(fwd[-1].values())
    bwd: list[dict[tuple[tuple[int, ...], tuple[int, ...]], int]] = [{s: 1 for s in fwd[-1]}]
    marg = [[0] * nl for _ in range(n)]
    for c in range(n - 1, -1, -1):
        after = bwd[0]
        here: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}
        for (fills, counts), w in fwd[c].items():
            acc = 0
            for loc, nf, nc in step(c, fills, counts):
                b = after.get((nf, nc), 0)
                marg[c][loc] += w * b
                acc += b
            here[(fills, counts)] = acc
        bwd.insert(0, here)
    ring: dict[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]], int] = {
        (start[0], start[1], ()): 1
    }
    for c in range(n):
        nr: dict[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]], int] = {}
        for (fills, counts, rc), w in ring.items():
            for loc, nf, nc in step(c, fills, counts):
                key = (nf, nc, (*rc, c) if loc == sol else rc)
                nr[key] = nr.get(key, 0) + w
        ring = nr
    post: dict[tuple[int, ...], int] = {}
    for (_, _, rc), w in ring.items():
        post[rc] = post.get(rc, 0) + w
    return total, marg, post


def ours_full(pos: Position) -> None:
    a = BlackViennaAnalysis(pos)
    _ = a.worlds
    a.card_probabilities()
    a.ring()


def ours_questions(pos: Position) -> None:
    BlackViennaAnalysis(pos).questions(pos.face_up)


def ours_count(pos: Position) -> None:
    a = BlackViennaAnalysis(pos)
    _ = a.worlds
    a.card_probabilities()


def ours_answers(pos: Position) -> None:
    BlackViennaAnalysis(pos).answer_ranking(pos.face_up)


CLOCK: Callable[[], float] = time.perf_counter


def timed(fn: Callable[[], object]) -> float:
    t = CLOCK()
    fn()
    return (CLOCK() - t) * 1000


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="3 positions per cell, no baseline")
    ap.add_argument("--positions", type=int, default=20, help="positions per cell")
    ap.add_argument("--baseline", type=int, default=2, help="baseline positions per cell")
    ap.add_argument(
        "--budget",
        type=float,
        default=20.0,
        help="skip the baseline in a cell after one run slower than this (s)",
    )
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument(
        "--clock",
        choices=("wall", "cpu"),
        default="wall",
        help="wall time (default) or this process's CPU time (for a busy machine)",
    )
    args = ap.parse_args(argv)
    global CLOCK
    CLOCK = time.perf_counter if args.clock == "wall" else time.process_time
    npos = 3 if args.quick else args.positions
    nbase = 0 if args.quick else args.baseline
    print(
        f"positions per cell: {npos}; baseline on the first {nbase} (ratio = baseline/ours "
        f"on those positions); {args.clock} times in ms, median / worst"
    )
    print(
        f"{'players':>7} {'answers':>7} | {'full analysis':>15} {'ratio':>8} | "
        f"{'ring-info ranking':>17} | {'count+marginals':>15} | {'answer ranking':>15}"
    )
    _, warm = random_position(random.Random(0), 4, 6)
    ours_full(warm)  # import-time work only; every timed run below starts from scratch
    all_full: list[float] = []
    all_q: list[float] = []
    for players in PLAYERS:
        skip_baseline = False
        for answers in ANSWERS:
            full: list[float] = []
            ques: list[float] = []
            cnt: list[float] = []
            answ: list[float] = []
            ratios: list[float] = []
            for k in range(npos):
                rng = random.Random(f"{args.seed}/{players}/{answers}/{k}")
                _, pos = random_position(rng, players, answers)
                t_full = timed(lambda pos=pos: ours_full(pos))  # type: ignore[misc]
                full.append(t_full)
                ques.append(timed(lambda pos=pos: ours_questions(pos)))  # type: ignore[misc]
                cnt.append(timed(lambda pos=pos: ours_count(pos)))  # type: ignore[misc]
                answ.append(timed(lambda pos=pos: ours_answers(pos)))  # type: ignore[misc]
                if k < nbase and not skip_baseline:
                    model = build_model(pos).model
                    t_base = timed(lambda model=model: baseline_full(model))  # type: ignore[misc]
                    ratios.append(t_base / t_full)
                    if t_base > args.budget * 1000:
                        skip_baseline = True
            all_full += full
            all_q += ques
            ratio = f"{statistics.median(ratios):8.0f}x" if ratios else "       -"
            print(
                f"{players:>7} {answers:>7} | {statistics.median(full):7.1f} / "
                f"{max(full):6.1f} {ratio} | {statistics.median(ques):8.1f} / "
                f"{max(ques):7.1f} | {statistics.median(cnt):6.1f} / {max(cnt):6.1f} | "
                f"{statistics.median(answ):6.1f} / {max(answ):6.1f}",
                flush=True,
            )
    print(
        f"overall: full analysis median {statistics.median(all_full):.1f} ms, worst "
        f"{max(all_full):.1f} ms; question ranking median {statistics.median(all_q):.1f} ms, "
        f"worst {max(all_q):.1f} ms"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
