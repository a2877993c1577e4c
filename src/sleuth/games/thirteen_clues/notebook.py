"""13 Clues at a real table: what you see and hear, and what follows about your mystery.

Entries, one per line:

    mystery 1 Duke Market Sword   the mystery you see in front of seat 1
    2 purple 3                    seat 2 answered 3 to "purple" (or male, indoor, ranged, ...)
    1 purple left 2               two players: the question named seat 1's left hidden card
    look A Nurse                  informant A, which you looked up, is the Nurse
    accuse 3 Maid Harbor Rifle    seat 3 accused these three, wrongly
    why Nurse                     why the Nurse's place is certain
    undo                          take back the last entry

The notebook is saved as a ``sleuth deduce`` position after every entry.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sleuth.core.errors import EntryError
from sleuth.deduce.model import PositionError
from sleuth.games.thirteen_clues.knowledge import (
    CATEGORIES,
    COLOURS,
    LOCATIONS,
    PERSONS,
    WEAPONS,
    ThirteenCluesAnalysis,
)

from .render import thirteen_clues_sheet

_NAMES = {name.lower(): name for name in (*PERSONS, *LOCATIONS, *WEAPONS)}
_SUBJECTS = frozenset((*COLOURS, *CATEGORIES))


def _card(text: str) -> str:
    name = _NAMES.get(text.strip().lower())
    if name is None:
        raise EntryError(f"{text!r} is not a card of 13 Clues")
    return name


@dataclass
class ThirteenCluesNotebook:
    data: dict[str, Any]
    path: Path | None = None
    undo_stack: list[dict[str, Any]] = field(default_factory=list)

    @classmethod
    def start(
        cls, players: int, seat: int, hidden: list[str], path: Path | None = None
    ) -> ThirteenCluesNotebook:
        data = {
            "game": "13-clues",
            "players": players,
            "seat": seat,
            "hidden": [_card(c) for c in hidden],
            "mysteries": {},
            "informants": {},
            "questions": [],
            "accusations": [],
        }
        _check(data)
        return cls(data, path)

    @classmethod
    def load(cls, path: Path) -> ThirteenCluesNotebook:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as error:
            raise EntryError(f"{path}: cannot be read: {error}") from None
        _check(data)
        return cls(data, path)

    def enter(self, line: str) -> str:
        words = line.split()
        if not words:
            raise EntryError("empty entry (try '2 purple 3', 'mystery 1 Duke Market Sword')")
        verb = words[0].lower()
        if verb == "undo" and len(words) == 1:
            if not self.undo_stack:
                raise EntryError("nothing to undo")
            self.data = self.undo_stack.pop()
            self.save()
            return "undone"
        if verb == "why" and len(words) == 2:
            return self.explain(words[1])
        new = copy.deepcopy(self.data)
        if verb == "mystery" and len(words) == 5:
            new["mysteries"][_seat(words[1])] = [_card(w) for w in words[2:]]
            message = f"seat {words[1]}'s mystery noted"
        elif verb == "look" and len(words) == 3:
            new["informants"][words[1].upper()] = _card(words[2])
            message = f"informant {words[1].upper()} noted"
        elif verb == "accuse" and len(words) == 5:
            new["accusations"].append(
                {"player": int(_seat(words[1])), "cards": [_card(w) for w in words[2:]]}
            )
            message = f"seat {words[1]}'s wrong accusation noted"
        elif words[0].isdigit() and len(words) in (3, 4) and words[-1].isdigit():
            subject = words[1].lower()
            if subject not in _SUBJECTS:
                raise EntryError(f"{words[1]!r} is not a colour or category")
            entry: dict[str, Any] = {
                "witness": int(words[0]),
                "about": subject,
                "answer": int(words[-1]),
            }
            if len(words) == 4:
                entry["side"] = words[2].lower()
            new["questions"].append(entry)
            message = f"#{len(new['questions'])}: seat {words[0]} sees {words[-1]} {subject}"
        else:
            raise EntryError(f"{line!r}: see the examples (e.g. '2 purple 3', 'look A Nurse')")
        _check(new)
        self.undo_stack.append(self.data)
        self.data = new
        self.save()
        return message

    def save(self) -> None:
        if self.path is not None:
            self.path.write_text(
                json.dumps(self.data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
            )

    def sheet(self, level: str = "full") -> str:
        missing = _missing_mysteries(self.data)
        if missing:
            seats = ", ".join(map(str, missing))
            return f"Enter the mysteries you see first (seats {seats}): mystery SEAT P L W"
        return thirteen_clues_sheet(self.data, level)

    def warnings(self) -> list[str]:
        if _missing_mysteries(self.data):
            return []
        result = ThirteenCluesAnalysis(self.data).to_json()
        if result["consistent"]:
            return []
        conflict = result.get("conflict", {})
        indices = conflict.get("questions", []) if isinstance(conflict, dict) else []
        named = ", ".join(self._tag_text(i) for i in indices)
        return [f"these answers contradict each other, someone miscounted: {named}"]

    def _question_text(self, index: int) -> str:
        q = self.data["questions"][index]
        return f"#{index + 1} (seat {q['witness']} {q['about']} {q['answer']})"

    def _tag_text(self, tag: int) -> str:
        """The engine tags question i as i and accusation j as (number of questions) + j."""
        questions = len(self.data["questions"])
        if tag < questions:
            return self._question_text(tag)
        accusation = self.data["accusations"][tag - questions]
        return f"seat {accusation['player']}'s accusation {' '.join(accusation['cards'])}"

    def explain(self, text: str) -> str:
        card = _card(text)
        if _missing_mysteries(self.data):
            raise EntryError("enter the mysteries you see first")
        result = ThirteenCluesAnalysis(self.data).to_json(explain_card=card)
        if not result["consistent"]:
            raise EntryError("the answers contradict each other: fix them first")
        explanation = result.get("explanation", {})
        if not isinstance(explanation, dict) or "location" not in explanation:
            reason = (
                explanation.get("reason", "not certain") if isinstance(explanation, dict) else ""
            )
            return f"{card}: {reason}"
        used = ", ".join(self._tag_text(i) for i in explanation.get("questions", []))
        return f"{card} is in {explanation['location']}, because of {used or 'what you see'}"

    def lines(self) -> list[str]:
        data = self.data
        out = [f"your hidden cards: {' '.join(data['hidden'])}"]
        out += [f"seat {s}'s mystery: {' '.join(m)}" for s, m in sorted(data["mysteries"].items())]
        out += [f"informant {k}: {v}" for k, v in sorted(data["informants"].items())]
        out += [self._question_text(i) for i in range(len(data["questions"]))]
        out += [
            f"seat {a['player']} accused {' '.join(a['cards'])}: wrong" for a in data["accusations"]
        ]
        return out

    @property
    def title(self) -> str:
        return f"13 Clues, {self.data['players']} players, you are seat {self.data['seat']}"


def _seat(text: str) -> str:
    if not text.isdigit():
        raise EntryError(f"{text!r} is not a seat number")
    return str(int(text))


def _missing_mysteries(data: dict[str, Any]) -> list[int]:
    return [
        s
        for s in range(int(data["players"]))
        if s != data["seat"] and str(s) not in data["mysteries"]
    ]


def _check(data: Any) -> None:
    """Validate through the engine, once every other seat's mystery is known (it needs them)."""
    if not isinstance(data, dict) or not isinstance(data.get("mysteries"), dict):
        raise EntryError("session: expected a 13 Clues position")
    players, seat = data.get("players"), data.get("seat")
    if not isinstance(players, int) or not 2 <= players <= 6:
        raise EntryError(f"players: {players!r} is out of range 2..6")
    if not isinstance(seat, int) or not 0 <= seat < players:
        raise EntryError(f"seat: {seat!r} is out of range 0..{players - 1}")
    for key in data["mysteries"]:
        if not key.isdigit() or int(key) == seat or int(key) >= players:
            raise EntryError(f"mysteries.{key}: not another seat at this table")
    if _missing_mysteries(data):
        return
    try:
        ThirteenCluesAnalysis(data)
    except PositionError as error:
        raise EntryError(str(error)) from None


ENTRIES = """\
  mystery 1 Duke Market Sword   the mystery you see at seat 1
  2 purple 3                    seat 2 answered 3 to purple (1 purple left 2: two players)
  look A Nurse                  informant A is the Nurse
  accuse 3 Maid Harbor Rifle    a wrong accusation by seat 3
  why Nurse / undo"""
NOTEBOOK = ThirteenCluesNotebook
