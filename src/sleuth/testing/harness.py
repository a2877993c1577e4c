"""Conformance checks that every game of Sleuth passes, whatever its rules.

Random playouts from many seeds must end without an error on legal actions; illegal and
malformed actions must raise the right error and change nothing; records must replay
exactly; views and actions must survive JSON; no seat's view, nor the step events it may
see, may change when only facts that seat cannot know are changed (``State.hidden_twin``);
every step must give typed events (fronts tell steps from them) that survive JSON; and no
public step of a record may tell more than the spectator's view (``public_steps``).
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from sleuth.agents.random_agent import split_drastic
from sleuth.core import (
    Action,
    Game,
    GameError,
    IllegalActionError,
    InvalidActionError,
    State,
    derive_seed,
    make_rng,
)
from sleuth.core.events import visible
from sleuth.core.records import Step, make_record, play_step, replay_record

from .public_steps import PublicStepLeak, check_public_steps


class ConformanceError(AssertionError):
    """A game broke one of the protocol's promises; the message says which and where."""


@dataclass
class ConformanceReport:
    """What the harness exercised, so a test can check that it was not vacuous."""

    games: int = 0
    steps: int = 0
    illegal_checked: int = 0
    malformed_checked: int = 0
    json_checked: int = 0
    twins_checked: int = 0
    events_checked: int = 0
    replays_checked: int = 0
    public_checked: int = 0
    outcomes: dict[str, int] = field(default_factory=dict)


MALFORMED = ("", "   ", "xyzzy", "ask", "ask -1 ???", "accuse", "🙂 1 2", "play 99 99 99 99")


def check_game(
    game: Game[Any],
    seeds: Iterable[int] = range(40),
    drastic_rate: float = 0.02,
    max_steps: int = 20_000,
    deep_every: int = 3,
) -> ConformanceReport:
    """Run every conformance check on ``game``; raise ``ConformanceError`` on the first failure.

    Each step of each playout is checked cheaply; every ``deep_every``-th step also gets the
    costly checks (illegal actions, JSON round trips, hidden twins for every seat).
    """
    report = ConformanceReport()
    for seed in seeds:
        rng = make_rng(seed, "harness")
        # Its own stream, so that the playouts are the ones the other checks always saw.
        public_rng = make_rng(seed, "harness", "public")
        state = game.new(seed)
        steps: list[Step] = []
        while state.outcome is None:
            if len(steps) >= max_steps:
                raise ConformanceError(f"seed {seed}: no end after {max_steps} steps")
            if len(steps) % deep_every == 0:
                where = f"seed {seed} step {len(steps)}"
                _check_deep(game, state, rng, report, where)
                try:
                    report.public_checked += check_public_steps(state, public_rng)
                except PublicStepLeak as leak:
                    raise ConformanceError(f"{where}: LEAK in a public step: {leak}") from None
            seat, action = _random_move(state, rng, drastic_rate, seed)
            before, old = _snapshot(state), state
            try:
                state, step = play_step(state, seat, action)
            except Exception as error:
                raise ConformanceError(
                    f"seed {seed} step {len(steps)}: legal action {action} of seat {seat} "
                    f"raised {error!r}"
                ) from error
            if _snapshot(old) != before:
                raise ConformanceError(f"seed {seed}: applying {action} changed the old state")
            report.events_checked += _check_step_events(state, f"seed {seed} step {len(steps)}")
            steps.append(step)
        _check_deep(game, state, rng, report, f"seed {seed} end")
        _check_replay(game, seed, steps, state, report)
        report.games += 1
        report.steps += len(steps)
        if state.outcome is not None:
            reason = state.outcome.reason.split(":")[0]
            report.outcomes[reason] = report.outcomes.get(reason, 0) + 1
    return report


def _random_move(
    state: State, rng: random.Random, drastic_rate: float, seed: int
) -> tuple[int, Action]:
    mover = state.to_move()
    actors = sorted(state.actors())
    if mover is None or mover not in actors:
        raise ConformanceError(f"seed {seed}: to_move {mover} is not among the actors {actors}")
    seat = mover
    if len(actors) > 1 and rng.random() < drastic_rate:
        seat = rng.choice(actors)
    ordinary, drastic = split_drastic(state.legal_actions(seat))
    pool = (
        drastic if (rng.random() < drastic_rate and len(drastic)) or not len(ordinary) else ordinary
    )
    if not len(pool):
        raise ConformanceError(f"seed {seed}: seat {seat} may act but has no legal action")
    return seat, pool[rng.randrange(len(pool))]


def _snapshot(state: State) -> str:
    views = [state.view(None), *(state.view(s) for s in range(state.game.players))]
    return json.dumps(
        [dict(state.reveal()), [v.to_json() for v in views], state.last_result()],
        sort_keys=True,
        ensure_ascii=False,
    )


def _check_deep(
    game: Game[Any], state: State, rng: random.Random, report: ConformanceReport, where: str
) -> None:
    seats: list[int | None] = [None, *range(game.players)]
    before = _snapshot(state)
    for seat in seats:
        view = state.view(seat)
        text = json.dumps(view.to_json(), ensure_ascii=False)
        if game.view_from_json(json.loads(text)) != view:
            raise ConformanceError(f"{where}: the view of seat {seat} does not survive JSON")
        report.json_checked += 1
        _check_twin(state, seat, view, rng, report, where)
    actors = state.actors()
    for seat in range(game.players):
        legal = state.legal_actions(seat)
        if seat not in actors and len(legal):
            raise ConformanceError(f"{where}: seat {seat} may not act, yet has legal actions")
        _check_action_json(game, legal, rng, report, where)
        _check_illegal(state, seat, legal, rng, report, where)
    for text in MALFORMED:
        try:
            game.parse_action(text)
        except InvalidActionError:
            report.malformed_checked += 1
        else:
            raise ConformanceError(f"{where}: malformed action {text!r} was accepted")
    if _snapshot(state) != before:
        raise ConformanceError(f"{where}: rejected actions changed the state")


def _check_twin(
    state: State,
    seat: int | None,
    view: Any,
    rng: random.Random,
    report: ConformanceReport,
    where: str,
) -> None:
    twin = state.hidden_twin(seat, rng)
    if twin is None:
        return
    if dict(twin.reveal()) == dict(state.reveal()):
        raise ConformanceError(f"{where}: hidden_twin for seat {seat} changed nothing hidden")
    if twin.view(seat) != view:
        raise ConformanceError(
            f"{where}: LEAK: seat {seat} sees a difference between two states that differ "
            "only in facts it cannot know"
        )
    seen, twin_seen = visible(state.last_events(), seat), visible(twin.last_events(), seat)
    if twin_seen != seen:
        raise ConformanceError(
            f"{where}: LEAK: the last step's events seat {seat} may see differ between two "
            f"states that differ only in facts it cannot know: {seen!r} and {twin_seen!r}"
        )
    report.twins_checked += 1


def _check_step_events(state: State, where: str) -> int:
    """The events of the step that led to ``state``: at least one (every front tells a step
    from its events alone), each with a kind, a notation and JSON that ``json.dumps``
    takes as it is (a page gets it in a frame). Returns how many were checked."""
    events = state.last_events()
    if not events:
        raise ConformanceError(
            f"{where}: the step gave no event: a front tells each step from its events"
        )
    for event in events:
        if not isinstance(event.kind, str) or not event.kind:
            raise ConformanceError(f"{where}: the event {event!r} has no kind")
        if not isinstance(event.notation(), str):
            raise ConformanceError(f"{where}: the notation of {event!r} is not text")
        try:
            json.dumps(event.to_json(), ensure_ascii=False, allow_nan=False)
        except (TypeError, ValueError) as error:
            raise ConformanceError(f"{where}: the event {event!r} is no JSON: {error}") from None
    return len(events)


def _check_action_json(
    game: Game[Any],
    legal: Sequence[Action],
    rng: random.Random,
    report: ConformanceReport,
    where: str,
) -> None:
    if not len(legal):
        return
    for index in {0, len(legal) - 1, rng.randrange(len(legal))}:
        action = legal[index]
        if game.parse_action(str(action)) != action:
            raise ConformanceError(f"{where}: notation of {action!r} does not round-trip")
        data = json.loads(json.dumps(action.to_json(), ensure_ascii=False))
        if game.action_from_json(data) != action:
            raise ConformanceError(f"{where}: JSON of {action!r} does not round-trip")
        report.json_checked += 1


def _check_illegal(
    state: State,
    seat: int,
    legal: Sequence[Action],
    rng: random.Random,
    report: ConformanceReport,
    where: str,
) -> None:
    players = state.game.players
    candidates: list[tuple[int, Action]] = []
    others = [s for s in range(players) if s != seat]
    for other in others:
        theirs = state.legal_actions(other)
        if len(theirs):
            action = theirs[rng.randrange(len(theirs))]
            if action not in legal:
                candidates.append((seat, action))
    if len(legal):
        candidates.append((players, legal[0]))
        candidates.append((-1, legal[0]))
        candidates.append((True, legal[0]))  # a bool is no seat
    for bad_seat, action in candidates:
        try:
            state.apply(bad_seat, action)
        except IllegalActionError:
            report.illegal_checked += 1
        except Exception as error:
            raise ConformanceError(
                f"{where}: illegal {action} by seat {bad_seat} raised {error!r}, "
                "not IllegalActionError"
            ) from error
        else:
            raise ConformanceError(f"{where}: illegal {action} by seat {bad_seat} was accepted")
    if len(legal):
        action = legal[rng.randrange(len(legal))]
        for broken in [_Foreign(), *_broken_twins(action)]:
            try:
                state.apply(seat, broken)
            except GameError:
                report.malformed_checked += 1
            except Exception as error:
                raise ConformanceError(
                    f"{where}: malformed {broken!r} raised {error!r}, not a GameError"
                ) from error
            else:
                raise ConformanceError(f"{where}: malformed {broken!r} was accepted")


@dataclasses.dataclass(frozen=True)
class _Foreign(Action):
    """An action of no game."""

    kind: ClassVar[str] = "foreign"

    def __str__(self) -> str:
        return "foreign"


def _broken_twins(action: Action) -> list[Action]:
    """Copies of ``action`` built in code with one field of the wrong type or form (a bool
    for a number, a list for a tuple, text in another case or order): never legal."""
    if not dataclasses.is_dataclass(action):
        return []
    twins: list[Action] = []
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        bad: list[object] = []
        if isinstance(value, bool):
            bad = [int(value), str(value)]
        elif isinstance(value, int):
            bad = [float(value), str(value)] + ([value == 1] if value in (0, 1) else [])
        elif isinstance(value, str):
            bad = [v for v in (value.lower(), value[::-1], value + "?", None) if v != value]
        elif isinstance(value, tuple):
            bad = [list(value), value[::-1] if len(set(value)) > 1 else None]
        for item in bad:
            twins.append(dataclasses.replace(action, **{f.name: item}))
    return twins


def _check_replay(
    game: Game[Any], seed: int, steps: list[Step], final: State, report: ConformanceReport
) -> None:
    salt = format(derive_seed(seed, "harness", "salt"), "032x")
    record = json.loads(json.dumps(make_record(game, seed, salt, steps, final), ensure_ascii=False))
    replay = replay_record(record)
    if replay.final is None:
        raise ConformanceError(f"seed {seed}: the record of a finished game is not finished")
    for seat in [None, *range(game.players)]:
        if replay.final.view(seat) != final.view(seat):
            raise ConformanceError(f"seed {seed}: replay differs from the game for seat {seat}")
    report.replays_checked += 1
