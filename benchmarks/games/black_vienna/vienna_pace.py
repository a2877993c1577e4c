"""Black Vienna: how many questions a table needs before some seat can be sure of the ring.

    python benchmarks/games/black_vienna/vienna_pace.py [--games N] [--players N]
        [--oracle-games N] [--seed S]
    python benchmarks/games/black_vienna/vienna_pace.py --frontier 0.3,0.5,0.7,0.9,1
        [--oracle-games N]

Every seat asks; nobody accuses, so the questions run until the first seat whose own view
(its hand and every public answer) leaves one ring, or the game breaks off. Three ways of
choosing the question, on the same deals:

- ``deductive``: the question that tells the asker most about the ring (exact expected
  information), as the ``deductive`` bot asks;
- ``thrift``: the same, less 0.1 bit for each marker the answer is expected to take (the
  ``thrift`` parameter of the bots): a supply down to 3 markers breaks the game off;
- ``oracle``: a cheat that knows the deal and plays, of the asker's questions (up to 40
  drawn when there are more), the one whose true answer leaves the best-informed seat the
  fewest bits about the ring. No seat can choose better one step ahead, so its pace is an
  optimistic bound on what a table of honest greedy askers can reach.

Printed per way: games in which a seat became certain, the median number of questions
before that (a game that never got there counts as never), and the median over games of
the best-informed seat's probability of its likeliest ring after 15, 18 and 21 questions.

``--frontier`` plays whole games with accusations: the oracle chooses every question (of
the seats still standing it informs the best-informed most), and after every answer each
seat still standing, offered the chance in the table's order (the seats after the one to
move, then it), accuses its likeliest ring when its own exact probability of it reaches the
threshold. Per threshold it prints the games that end with a correct accusation, those that
go to the last player standing (not played out), those broken off, and over the games won
by an accusation the median number of questions the table asked before it, with its 95%
interval: the pace and the accuracy a table could have if its questions were the best a
cheat could pick and its accusations honest. It plays ``--oracle-games`` games.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections.abc import Callable
from math import comb
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "src"))

from sleuth.core import make_game
from sleuth.games.black_vienna import Accuse, BlackViennaState, BlackViennaView, Investigate
from sleuth.games.black_vienna.bots import DeductiveBlackVienna
from sleuth.games.black_vienna.bots.ring import RingKnowledge, knowledge_of
from sleuth.games.black_vienna.knowledge import BlackViennaAnalysis, black_vienna_position

NEVER = 99
MARKS = (15, 18, 21)
ORACLE_CHOICES = 40

Chooser = Callable[[BlackViennaState, int, random.Random], BlackViennaState]


def knowledge(state: BlackViennaState, seat: int, name_best: bool = False) -> RingKnowledge:
    view = state.view(seat)
    if not isinstance(view, BlackViennaView):
        raise TypeError("not a Black Vienna view")
    return knowledge_of(BlackViennaAnalysis(black_vienna_position(view)), name_best=name_best)


def standing(state: BlackViennaState) -> list[int]:
    return [s for s in range(state.players) if not state.eliminated >> s & 1]


def asking(thrift: float) -> Chooser:
    bot = DeductiveBlackVienna(early=1.0, late=1.0, thrift=thrift)

    def choose(state: BlackViennaState, seat: int, rng: random.Random) -> BlackViennaState:
        view = state.view(seat)
        if not isinstance(view, BlackViennaView):
            raise TypeError("not a Black Vienna view")
        questions = [a for a in state.legal_actions(seat) if isinstance(a, Investigate)]
        return state.apply(seat, bot.act(view, questions, rng))

    return choose


def oracle(state: BlackViennaState, seat: int, rng: random.Random) -> BlackViennaState:
    questions = [a for a in state.legal_actions(seat) if isinstance(a, Investigate)]
    if len(questions) > ORACLE_CHOICES:
        questions = rng.sample(questions, ORACLE_CHOICES)
    best: tuple[float, BlackViennaState] | None = None
    for question in questions:
        after = state.apply(seat, question)
        if after.outcome is not None:
            continue
        # A wrong accuser has seen the ring (§1.7): only the seats still standing count.
        bits = min(knowledge(after, s).entropy for s in standing(after))
        if best is None or bits < best[0]:
            best = (bits, after)
    if best is None:  # every question ends the game: take any, the game is over
        return state.apply(seat, questions[0])
    return best[1]


def pace(players: int, seed: int, choose: Chooser) -> tuple[int, list[float]]:
    """(questions before a seat is certain, or NEVER; the best seat's p after each)."""
    game = make_game("bv", players)
    state = game.new(seed)
    if not isinstance(state, BlackViennaState):
        raise TypeError("not a Black Vienna state")
    rng = random.Random(seed)
    best: list[float] = []
    while state.outcome is None:
        known = [knowledge(state, s) for s in range(players)]
        best.append(max(k.p_best for k in known))
        if any(k.certain for k in known):
            return len(best) - 1, best
        seat = state.to_move()
        if seat is None:
            break
        state = choose(state, seat, rng)
    return NEVER, best


def frontier_game(players: int, seed: int, threshold: float) -> tuple[str, int | None]:
    """How a game of threshold accusers and oracle questions ends, and after how many
    questions of the table the winning accusation came (None: no seat won by accusing)."""
    game = make_game("bv", players)
    state = game.new(seed)
    if not isinstance(state, BlackViennaState):
        raise TypeError("not a Black Vienna state")
    rng = random.Random(seed)
    asked = 0
    while True:
        mover = state.to_move()
        if state.outcome is not None or mover is None:
            return "broken off", None
        if len(standing(state)) == 1:
            return "last player", None
        for offset in range(1, players + 1):
            seat = (mover + offset) % players
            if seat not in standing(state):
                continue
            known = knowledge(state, seat, name_best=True)
            if known.p_best < threshold:
                continue
            state = state.apply(seat, Accuse(known.best))
            if state.winner is not None:
                return "correct", asked
            if len(standing(state)) == 1:
                return "last player", None
        state = oracle(state, mover, rng)
        asked += 1


def median_interval(values: list[int]) -> tuple[int, int] | None:
    """A 95% interval for the median of sorted ``values`` from order statistics (exact, with
    no assumption on their spread): the k-th smallest and the k-th largest, for the largest
    k with P(Bin(n, 1/2) <= k - 1) <= 2.5%, the chance that fewer than k values fall below
    the median. Under 6 values no k is small enough: None."""
    n = len(values)
    rank, below = 0, 0.0
    while below + comb(n, rank) / 2**n <= 0.025:
        below += comb(n, rank) / 2**n
        rank += 1
    if rank == 0:
        return None
    return values[rank - 1], values[n - rank]


def frontier(players: int, seeds: range, thresholds: list[float]) -> None:
    print(f"{'accuse at':<10} {'games':>5} {'correct':>8} {'last player':>12} {'broken off':>11}")
    for threshold in thresholds:
        ends = [frontier_game(players, seed, threshold) for seed in seeds]
        counts = {kind: sum(end == kind for end, _ in ends) for kind in ("correct", "last player")}
        paces = sorted(asked for _, asked in ends if asked is not None)
        pace_text = f"{statistics.median(paces):g}" if paces else "-"
        interval = median_interval(paces)
        if interval is not None:
            pace_text += f" [{interval[0]}, {interval[1]}]"
        print(
            f"p >= {threshold:<5g} {len(ends):>5} {counts['correct']:>8} "
            f"{counts['last player']:>12} {len(ends) - sum(counts.values()):>11}   "
            f"median questions before a win [95%]: {pace_text}"
        )


def report(name: str, players: int, seeds: range, choose: Chooser) -> None:
    if not seeds:
        return
    runs = [pace(players, seed, choose) for seed in seeds]
    firsts = [first for first, _ in runs]
    certain = sum(first != NEVER for first in firsts)
    marks = []
    for mark in MARKS:
        shares = [p[mark] if mark < len(p) else (1.0 if f <= mark else 0.0) for f, p in runs]
        marks.append(f"{statistics.median(shares):.2f}")
    print(
        f"{name:<10} {len(runs):>5} {certain:>8} {statistics.median(firsts):>14} "
        + " ".join(f"{m:>6}" for m in marks)
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--oracle-games", type=int, default=10)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--frontier",
        help="thresholds, comma-separated: play --oracle-games games of oracle tables of accusers",
    )
    args = parser.parse_args(argv)
    print(f"Black Vienna, {args.players} players, seeds from {args.seed}")
    if args.frontier:
        thresholds = [float(t) for t in args.frontier.split(",")]
        frontier(args.players, range(args.seed, args.seed + args.oracle_games), thresholds)
        return 0
    print(
        f"{'asking':<10} {'games':>5} {'certain':>8} {'median first':>14} "
        + " ".join(f"p@{m:<4}" for m in MARKS)
    )
    seeds = range(args.seed, args.seed + args.games)
    report("deductive", args.players, seeds, asking(0.0))
    report("thrift", args.players, seeds, asking(0.1))
    if args.oracle_games > 0:
        report("oracle", args.players, range(args.seed, args.seed + args.oracle_games), oracle)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
