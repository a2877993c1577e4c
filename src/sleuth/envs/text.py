"""A seat's situation in words, and a free-text answer read back as a legal action.

For language-model agents: ``TextTable`` runs one game as decisions (the seat the game waits
on, and before its move every other seat that may act out of turn, offered with ``wait``,
as ``sleuth.envs.table`` asks them) and tells the seat asked where it stands
(``situation``): the rules in short, the table as the seat sees it (its own cards), the
history so far as that seat saw it, and its legal moves in the game's notation with
examples. Everything is drawn from the seat's own views (``State.view``) and the steps'
typed events it may see (``core.events.visible``), told in the game's own words (its kit's
``render`` part: ``table``, ``history``, ``rules``); another seat's action text is never
shown unless the game says every action is public. ``read_answer`` finds one legal move in
a free answer (after "Action:", in a code block or brackets, or anywhere, case-insensitive)
or raises ``AnswerError`` with what was wrong and a few legal examples, to retry.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sleuth.core import Action, Game, GameError, InvalidActionError, State, find_kit
from sleuth.core.events import notations, visible
from sleuth.core.kit import RENDER, Move, TextRender
from sleuth.core.turns import interrupt_order

WAIT = "wait"
EXAMPLES = 4  # legal examples a kind of move is shown with (and an error lists)
LIST_ALL = 24  # a seat with at most this many legal moves sees them all
LIST_KIND = 8  # else a kind of move with at most this many is listed whole


class AnswerError(InvalidActionError):
    """A text answer that names no legal move, or several: the message says which and
    lists legal examples, for the agent to answer again."""


def text_render(game: Game[Any]) -> TextRender | None:
    """The kit's text renderers, or ``None`` where the kit has none."""
    kit = find_kit(game.name)
    return kit.part(RENDER, TextRender) if kit.has(RENDER) else None


def rules_text(game: Game[Any]) -> str:
    """The rules in short, with the notation: the one place a text agent reads them (the
    terminal app's help text today; a kit's own rules part can take over here alone)."""
    render = text_render(game)
    rules = render.rules if render is not None else None
    if rules is None:
        return f"{game.title}: answer with one move in the game's notation."
    return rules(game) if callable(rules) else rules


@dataclass(frozen=True)
class Played:
    """One step: who acted, the action's text, what every seat sees of it, and the state
    after it (its views and events are what each seat reads of the step)."""

    seat: int
    action: str
    public_action: str
    after: State


def _seat_name(seat: int, me: int) -> str:
    return "you" if seat == me else f"seat {seat}"


def history_lines(seat: int, deal: State, played: Sequence[Played], since: int = 0) -> list[str]:
    """The history as ``seat`` saw it from step ``since + 1`` on, a numbered line (or
    more) per step."""
    render = text_render(deal.game)
    describe = render.history if render is not None else None
    public = render is not None and render.public_actions
    lines: list[str] = []
    before = played[since - 1].after if since else deal
    for number, step in enumerate(played[since:], start=since + 1):
        events = visible(step.after.last_events(), seat)
        own = step.action if step.seat == seat else step.public_action if public else None
        if not events:
            said = [f"{_seat_name(step.seat, seat)} moved" + (f": {own}" if own else "")]
        elif describe is not None:
            move = Move(step.seat, notations(events), own, events)
            said = describe(before.view(seat), step.after.view(seat), move)
        else:
            said = [f"{_seat_name(step.seat, seat)}: {notations(events)}"]
        lines += [f"{number}. {said[0]}", *(f"   {more}" for more in said[1:])]
        before = step.after
    return lines


def table_text(state: State, seat: int) -> str:
    """The table as ``seat`` sees it: its cards, the cards in view, the counters."""
    render = text_render(state.game)
    view = state.view(seat)
    if render is not None and render.table is not None:
        return render.table(view)
    return str(view.render())


def _kind(action: object) -> str:
    return str(action).split(" ", 1)[0]


def _spread(items: Sequence[str], count: int, turn: int = 0) -> list[str]:
    """``count`` items spread evenly over ``items`` (all of them if there are few), moved
    on by ``turn`` so that decision after decision every item is shown in time."""
    if len(items) <= count:
        return list(items)
    step = len(items) / count
    return [items[(round(i * step) + turn) % len(items)] for i in range(count)]


def legal_examples(legal: Sequence[Action], may_wait: bool, count: int = EXAMPLES) -> list[str]:
    """A few legal moves, some of each kind, for an error message to show."""
    kinds: dict[str, list[str]] = {}
    for action in legal:
        kinds.setdefault(_kind(action), []).append(str(action))
    per_kind = max(1, count // max(1, len(kinds)))
    examples = [text for texts in kinds.values() for text in _spread(texts, per_kind)]
    return examples + [WAIT] * may_wait


def moves_text(legal: Sequence[Action], may_wait: bool, turn: int = 0) -> str:
    """The legal moves in notation: all of them when few, else each kind with examples
    (others at each ``turn``, the number of steps so far)."""
    texts = [str(action) for action in legal]
    lines = [f"Your legal moves ({len(texts) + may_wait}):"]
    if len(texts) <= LIST_ALL:
        lines += [f"  {text}" for text in texts]
    else:
        kinds: dict[str, list[str]] = {}
        for text in texts:
            kinds.setdefault(text.split(" ", 1)[0], []).append(text)
        for kind, group in kinds.items():
            if len(group) <= LIST_KIND:
                lines += [f"  {text}" for text in group]
            else:
                shown = ", ".join(_spread(group, EXAMPLES, turn))
                lines.append(f"  {kind}: {len(group)} moves, e.g. {shown}")
    if may_wait:
        lines.append(f"  {WAIT}   (let this moment pass: you are offered a move out of turn)")
    return "\n".join(lines)


# --- reading an answer --------------------------------------------------------------------

_MARKED = re.compile(r"action\s*:\s*(.+)", re.IGNORECASE)
_FENCED = re.compile(r"```[a-zA-Z]*\s*(.*?)```", re.DOTALL)
_QUOTED = re.compile(r"`([^`\n]+)`|\[([^\[\]\n]+)\]|\"([^\"\n]+)\"|\*\*([^*\n]+)\*\*")
_EDGES = " \t\r\n`'\"*[]().,;:!?>"


def _candidates(answer: str) -> list[list[str]]:
    """Pieces of the answer that may be the move, by how clearly they are marked: after
    "Action:", then fenced or quoted, then the whole answer, then each line."""
    marked = [m.group(1) for m in _MARKED.finditer(answer)]
    fenced = [m.group(1) for m in _FENCED.finditer(answer)]
    quoted = [next(g for g in m.groups() if g) for m in _QUOTED.finditer(answer)]
    lines = [line for line in answer.splitlines() if line.strip()]
    return [marked[::-1], (fenced + quoted)[::-1], [answer], lines[::-1]]


class AnswerReader:
    """The legal moves of one decision, and free text read into one of them."""

    def __init__(self, state: State, seat: int, may_wait: bool) -> None:
        self.state, self.seat, self.may_wait = state, seat, may_wait
        self.legal = state.legal_actions(seat)
        self.kinds = {_kind(action).casefold() for action in self.legal}
        if may_wait:
            self.kinds.add(WAIT)

    def read(self, answer: str) -> Action | None:
        """The legal action the answer names (``None``: ``wait``); ``AnswerError`` else."""
        if not isinstance(answer, str):
            raise AnswerError(f"an answer is text, not {type(answer).__name__}")
        refused: list[str] = []
        for pieces in _candidates(answer):
            found = self._first(pieces, refused)
            if found is not None:
                return found[0]
        named = self._scan(answer)
        if len(named) == 1:
            return next(iter(named.values()))
        if len(named) > 1:
            shown = ", ".join(named)
            raise AnswerError(
                f"the answer names several moves ({shown}): give one, e.g. 'Action: "
                f"{next(iter(named))}'"
            )
        reason = f" ({refused[0]})" if refused else ""
        examples = ", ".join(legal_examples(self.legal, self.may_wait))
        raise AnswerError(
            f"no legal move found in the answer{reason}; answer with one move in the "
            f"game's notation, e.g. {examples}"
        )

    def _first(self, pieces: Sequence[str], refused: list[str]) -> tuple[Action | None] | None:
        for piece in pieces:
            found = self._exact(piece, refused)
            if found is not None:
                return found
        return None

    def _exact(self, piece: str, refused: list[str]) -> tuple[Action | None] | None:
        """``(action,)`` if ``piece`` (edges trimmed) is one legal move, else ``None``."""
        text = " ".join(piece.strip(_EDGES).split())
        if not text or len(text) > 200:
            return None
        if text.casefold() == WAIT:
            if self.may_wait:
                return (None,)
            refused.append("wait: the game waits on you, so you must move")
            return None
        if text.split(" ", 1)[0].casefold() not in self.kinds:
            return None
        try:
            action = self.state.game.parse_action(text)
            self.state.check(self.seat, action)
        except GameError as error:
            refused.append(f"{text}: {error}")
            return None
        return (action,)

    def _scan(self, answer: str) -> dict[str, Action | None]:
        """Every legal move named anywhere in the answer: each word that starts a kind of
        move, with the longest run of words after it on its line that reads as one."""
        named: dict[str, Action | None] = {}
        for line in answer.splitlines():
            words = line.split()
            for start, word in enumerate(words):
                if word.strip(_EDGES).casefold() not in self.kinds:
                    continue
                for stop in range(min(len(words), start + 12), start, -1):
                    # A scan's near misses are too many to be useful in an error.
                    found = self._exact(" ".join(words[start:stop]), [])
                    if found is not None:
                        named.setdefault(str(found[0]) if found[0] else WAIT, found[0])
                        break
        return named


# --- one game as decisions, told in words --------------------------------------------------


@dataclass(frozen=True)
class Asked:
    """The seat asked now; ``interrupt``: an out-of-turn offer (it may answer ``wait``)."""

    seat: int
    interrupt: bool


class TextTable:
    """One game as decisions, each told in words to the seat asked (see the module)."""

    def __init__(self, game: Game[Any], interrupts: str = "offer") -> None:
        if interrupts not in ("offer", "none"):
            raise GameError(f"interrupts is one of offer, none, not {interrupts!r}")
        self.game = game
        self.interrupts = interrupts
        self.deal: State = game.new(0)
        self.state: State = self.deal
        self.played: list[Played] = []
        self.queue: list[int] = []
        self.unoffered: frozenset[int] = frozenset()
        # Per seat: its history lines so far, and where each step's lines start.
        self._lines: dict[int, tuple[list[str], list[int]]] = {}

    def reset(self, seed: int) -> None:
        self.deal = self.state = self.game.new(seed)
        self.played = []
        self._lines = {}
        self._schedule()

    def _schedule(self) -> None:
        state = self.state
        mover = state.to_move()
        if state.outcome is not None or mover is None:
            self.queue = []
            return
        others = interrupt_order(state) if self.interrupts == "offer" else []
        self.queue = [*(s for s in others if s not in self.unoffered), mover]

    @property
    def asked(self) -> Asked | None:
        return Asked(self.queue[0], len(self.queue) > 1) if self.queue else None

    @property
    def over(self) -> bool:
        return self.state.outcome is not None

    def reader(self) -> AnswerReader:
        asked = self.asked
        if asked is None:
            raise GameError("the game is over: nobody is asked")
        return AnswerReader(self.state, asked.seat, asked.interrupt)

    def answer(self, text: str) -> Action | None:
        """Read and take the seat asked's answer (``None``: it waited); ``AnswerError``
        with legal examples if it names no legal move, and then nothing changes."""
        action = self.reader().read(text)
        self.take(action)
        return action

    def take(self, action: Action | None) -> None:
        """The seat asked takes ``action`` (checked), or lets an offer pass (``None``)."""
        asked = self.asked
        if asked is None:
            raise GameError("the game is over: no action is taken")
        if action is None:
            if not asked.interrupt:
                raise GameError(f"seat {asked.seat} cannot wait now: the game waits on it")
            self.queue.pop(0)
            return
        public = self.state.public_action(asked.seat, action)
        after = self.state.apply(asked.seat, action)
        self.played.append(Played(asked.seat, str(action), public, after))
        self.state = after
        self._schedule()

    # --- words -----------------------------------------------------------------------------

    def history(self, seat: int, since: int = 0) -> list[str]:
        """The history as ``seat`` saw it from step ``since + 1`` on (told once per seat and
        kept: a long game is not told again from the start at every decision)."""
        lines, told = self._lines.setdefault(seat, ([], []))
        if len(told) < len(self.played):
            for number in range(len(told), len(self.played)):
                told.append(len(lines))
                lines += history_lines(seat, self.deal, self.played[: number + 1], number)
        return lines[told[since] :] if since < len(told) else []

    def situation(self, seat: int, with_rules: bool = True, since: int = 0) -> str:
        """Where ``seat`` stands, in words: the rules (``with_rules``), the table as it sees
        it, the history from step ``since + 1`` on, and its legal moves if it is asked."""
        return situation_text(
            self.state,
            seat,
            self.asked,
            self.history(seat, since),
            with_rules,
            since,
            len(self.played),
        )


def situation_text(
    state: State,
    seat: int,
    asked: Asked | None,
    history: Sequence[str],
    with_rules: bool = True,
    since: int = 0,
    turn: int = 0,
) -> str:
    """A seat's situation from the state now and its history, read through its view only."""
    game = state.game
    parts = [rules_text(game)] if with_rules else []
    parts.append(f"You are seat {seat} of {game.players} (seats 0-{game.players - 1}).")
    parts.append("The table as you see it:\n" + table_text(state, seat))
    if not since:
        parts.append("What happened so far:\n" + ("\n".join(history) or "(nothing yet)"))
    elif history:
        parts.append("Since you were last told:\n" + "\n".join(history))
    if state.outcome is not None:
        parts.append(_ending(state, seat))
    elif asked is not None and asked.seat == seat:
        parts.append(decision_text(state, seat, asked, turn))
    return "\n\n".join(parts)


def decision_text(state: State, seat: int, asked: Asked, turn: int = 0) -> str:
    """What ``seat`` is asked now: its legal moves with examples, and how to answer."""
    mover = state.to_move()
    lead = (
        f"Seat {mover} is to move, and you may act out of turn first."
        if asked.interrupt
        else "It is your move."
    )
    legal = state.legal_actions(seat)
    example = str(legal[0]) if legal else WAIT
    return (
        f"{lead}\n{moves_text(legal, asked.interrupt, turn)}\n"
        f"Answer with exactly one move in this notation, e.g. 'Action: {example}'."
    )


def _ending(state: State, seat: int) -> str:
    outcome = state.outcome
    if outcome is None:
        return ""
    scores = ", ".join(f"{_seat_name(s, seat)} {p}" for s, p in enumerate(outcome.scores))
    winners = ", ".join(_seat_name(s, seat) for s in outcome.winners) or "nobody"
    return f"The game is over. Winners: {winners}. Scores: {scores}."
