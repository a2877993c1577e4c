"""Black Stories Investigation at a real table: a case sheet for every other player.

Entries, one per line:

    2 woman+knife 2                  a card played to seat 2 landed in field 2 (0/1, 2 or 3)
    fail 2 man/day/inside/knife      a solve attempt on seat 2 with this guess failed
    solved 2                         seat 2's case was solved: a new case, a clean grid
    seen man+day+inside+gun          a four-evidence card seen elsewhere (not anyone's case)
    undo                             take back the last entry

Each seat's case sheet is a ``sleuth deduce`` position (game "black-stories"); the session
file holds one per seat under "targets".
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path
from typing import Any

from sleuth.core.errors import EntryError
from sleuth.deduce.model import PositionError
from sleuth.games.black_stories.knowledge import ATTRIBUTES, analyze, posterior

_ATTRIBUTE_OF = {value: i for i, pair in enumerate(ATTRIBUTES) for value in pair}
FIELDS = ("0/1", "2", "3")


def _evidence(text: str, four: bool = False) -> list[str]:
    values = [v for v in text.lower().replace("/", "+").split("+") if v]
    unknown = [v for v in values if v not in _ATTRIBUTE_OF]
    if unknown:
        raise EntryError(f"{text!r}: unknown evidence {', '.join(unknown)}")
    if len({_ATTRIBUTE_OF[v] for v in values}) != len(values):
        raise EntryError(f"{text!r}: two values of the same kind (man/woman, day/night, ...)")
    if (four and len(values) != 4) or not 2 <= len(values) <= 4:
        raise EntryError(f"{text!r}: {'four pieces' if four else '2-4 pieces'} of evidence needed")
    return sorted(values, key=_ATTRIBUTE_OF.__getitem__)


@dataclass
class BlackStoriesNotebook:
    data: dict[str, Any]
    path: Path | None = None
    undo_stack: list[dict[str, Any]] = field(default_factory=list)

    @classmethod
    def start(cls, players: int, seat: int, path: Path | None = None) -> BlackStoriesNotebook:
        if not 2 <= players <= 4:
            raise EntryError(f"players: {players} is out of range 2..4")
        if not 0 <= seat < players:
            raise EntryError(f"seat: {seat} is out of range 0..{players - 1}")
        targets = {
            str(t): {"game": "black-stories", "cards": [], "failed_guesses": [], "excluded": []}
            for t in range(players)
            if t != seat
        }
        data = {"game": "black-stories", "players": players, "seat": seat, "targets": targets}
        return cls(data, path)

    @classmethod
    def load(cls, path: Path) -> BlackStoriesNotebook:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            for position in data["targets"].values():
                posterior(position)
        except (OSError, json.JSONDecodeError, KeyError, AttributeError, PositionError) as error:
            raise EntryError(f"{path}: not a Black Stories session: {error}") from None
        return cls(data, path)

    @property
    def title(self) -> str:
        players, seat = self.data["players"], self.data["seat"]
        return f"Black Stories Investigation, {players} players, you are seat {seat}"

    def _target(self, text: str) -> str:
        if text not in self.data["targets"]:
            raise EntryError(f"{text!r} is not another seat at this table")
        return text

    def enter(self, line: str) -> str:
        words = line.split()
        if not words:
            raise EntryError("empty entry (try '2 woman+knife 2', 'fail 2 man/day/inside/knife')")
        verb = words[0].lower()
        if verb == "undo" and len(words) == 1:
            if not self.undo_stack:
                raise EntryError("nothing to undo")
            self.data = self.undo_stack.pop()
            self.save()
            return "undone"
        new = copy.deepcopy(self.data)
        targets = new["targets"]
        if verb == "fail" and len(words) == 3:
            targets[self._target(words[1])]["failed_guesses"].append(_evidence(words[2], four=True))
            message = f"failed guess on seat {words[1]} noted"
        elif verb == "solved" and len(words) == 2:
            position = targets[self._target(words[1])]
            position["cards"], position["failed_guesses"] = [], []
            message = f"seat {words[1]} has a new case"
        elif verb == "seen" and len(words) == 2:
            card = _evidence(words[1], four=True)
            for position in targets.values():
                position["excluded"].append(card)
            message = f"{'+'.join(card)} is nobody's case"
        elif len(words) == 3 and words[2] in FIELDS:
            evidence = _evidence(words[1])
            targets[self._target(words[0])]["cards"].append(
                {"evidence": evidence, "field": words[2]}
            )
            message = f"seat {words[0]}: {'+'.join(evidence)} in field {words[2]}"
        else:
            raise EntryError(f"{line!r}: see the examples (e.g. '2 woman+knife 2', 'solved 2')")
        self.undo_stack.append(self.data)
        self.data = new
        self.save()
        return message

    def save(self) -> None:
        if self.path is not None:
            text = json.dumps(self.data, ensure_ascii=False, indent=1)
            self.path.write_text(text + "\n", encoding="utf-8")

    def lines(self) -> list[str]:
        out = []
        for target, position in self.data["targets"].items():
            cards = " ".join(f"{'+'.join(c['evidence'])}:{c['field']}" for c in position["cards"])
            out.append(f"seat {target}: {cards or 'no cards yet'}")
            out += [f"    failed: {'/'.join(g)}" for g in position["failed_guesses"]]
        return out

    def sheet(self, level: str = "full") -> str:
        lines = []
        for target, position in self.data["targets"].items():
            result = analyze(position)
            cases = result.get("cases", [])
            certain = result.get("certain", [])
            if not isinstance(cases, list) or not cases:
                lines.append(f"seat {target}: no case fits")
                continue
            known = "/".join(map(str, certain)) if isinstance(certain, list) else ""
            lines.append(f"seat {target}: {len(cases)} possible cases; certain: {known or '-'}")
            if level == "full" and len(cases) <= 6:
                lines += [f"    {c['case']}" for c in cases]
        return "\n".join(lines)

    def warnings(self) -> list[str]:
        out = []
        for target, position in self.data["targets"].items():
            if posterior(position):
                continue
            cards = position["cards"]
            named = _smallest_conflict(position)
            text = ", ".join(
                f"{'+'.join(cards[i]['evidence'])} in {cards[i]['field']}" for i in named
            )
            out.append(
                f"the clues about seat {target} contradict each other: {text or 'see the guesses'}"
            )
        return out


def _smallest_conflict(position: dict[str, Any]) -> list[int]:
    """A smallest set of played cards that no case fits, with the guesses and exclusions."""
    cards = position["cards"]
    for size in range(1, len(cards) + 1):
        for chosen in combinations(range(len(cards)), size):
            trial = {**position, "cards": [cards[i] for i in chosen]}
            if not posterior(trial):
                return list(chosen)
    return []


ENTRIES = """\
  2 woman+knife 2               a card played to seat 2 landed in field 2 (0/1, 2, 3)
  fail 2 man/day/inside/knife   a failed solve attempt on seat 2
  solved 2 / seen man+day+inside+gun / undo"""
NOTEBOOK = BlackStoriesNotebook
