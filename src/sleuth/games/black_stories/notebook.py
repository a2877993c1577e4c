"""Black Stories Investigation at a real table: the grammar of the assistant's entries.

Entries, one per line::

    2 woman+knife 2                  a card played to seat 2 landed in field 2 (0/1, 2 or 3)
    fail 2 man/day/inside/knife      a solve attempt on seat 2 with this guess failed
    solved 2                         seat 2's case was solved: a new case, a clean grid
    seen man+day+inside+gun          a four-evidence card seen elsewhere (not anyone's case)
    solution 2 man/day/inside/gun    seat 2's case, once revealed (the one its entries since
                                     its last "solved" are about): for the review

The entries fold into one case position per other seat (a ``sleuth deduce`` position of
game "black-stories" each).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from sleuth.core.errors import EntryError
from sleuth.core.notebook import Entry, Grammar, Numbered, SetupField, checked_int, minimal_subset
from sleuth.core.said import SaidValue, said, said_in, words_of
from sleuth.deduce.model import PositionError
from sleuth.i18n import N_, tr

from .knowledge import ATTRIBUTES, BlackStoriesPosition, posterior
from .render import case_sheet
from .words import evidence_word

FIELDS = ("0/1", "2", "3")
_ATTRIBUTE_OF = {value: i for i, pair in enumerate(ATTRIBUTES) for value in pair}
# The ``why`` search folds subsets of one seat's facts: 16 cases, so each check is cheap.
WHY_CHECKS = 400

ENTRIES = (
    ("2 woman+knife 2", N_("a card played to seat 2 landed in field 2 (0/1, 2, 3)")),
    ("fail 2 man/day/inside/knife", N_("a failed solve attempt on seat 2")),
    ("solved 2", N_("seat 2's case was solved: a new case")),
    ("seen man+day+inside+gun", N_("a four-evidence card seen elsewhere")),
    ("solution 2 man/day/inside/gun", N_("seat 2's case, once revealed (for 'sleuth review')")),
    ("why 2 woman", N_("why seat 2's case is certainly woman (or not)")),
)


@dataclass(frozen=True)
class Setup:
    players: int
    seat: int

    @property
    def targets(self) -> tuple[int, ...]:
        return tuple(t for t in range(self.players) if t != self.seat)


@dataclass(frozen=True)
class Played(Entry):
    """A card with ``evidence`` played to seat ``target`` landed in ``field``."""

    target: int
    evidence: tuple[str, ...]
    field: str

    def text(self) -> str:
        return f"{self.target} {'+'.join(self.evidence)} {self.field}"


@dataclass(frozen=True)
class Failed(Entry):
    """A solve attempt on seat ``target`` with ``guess`` failed."""

    target: int
    guess: tuple[str, ...]

    def text(self) -> str:
        return f"fail {self.target} {'/'.join(self.guess)}"


@dataclass(frozen=True)
class Solved(Entry):
    """Seat ``target``'s case was solved: it has a new case and a clean grid."""

    background = True
    target: int

    def text(self) -> str:
        return f"solved {self.target}"


@dataclass(frozen=True)
class Seen(Entry):
    """A four-evidence card seen elsewhere: it is nobody's case."""

    card: tuple[str, ...]

    def text(self) -> str:
        return f"seen {'+'.join(self.card)}"


@dataclass(frozen=True)
class Revealed(Entry):
    """Seat ``target``'s case, as revealed: the case its entries since its last ``solved``
    are about (enter it before the ``solved`` entry of that case). For the review."""

    background = True
    target: int
    case: tuple[str, ...]

    def text(self) -> str:
        return f"solution {self.target} {'/'.join(self.case)}"


@dataclass(frozen=True)
class Folded:
    """Each other seat's case position, and the entries behind each of its facts."""

    positions: Mapping[int, dict[str, object]]
    facts: Mapping[int, tuple[int, ...]]  # seat -> entry numbers of its current facts
    entries: Mapping[int, Entry]
    # (seat, how many of its cases were solved before) -> that case, from ``solution``
    solutions: Mapping[tuple[int, int], tuple[str, ...]] = field(default_factory=dict)


def _evidence(text: str, four: bool = False) -> tuple[str, ...]:
    values = [v for v in text.lower().replace("/", "+").split("+") if v]
    unknown = [v for v in values if v not in _ATTRIBUTE_OF]
    typed = repr(text[:40])
    if unknown:
        raise EntryError(
            said(
                "%(typed)s: unknown evidence %(values)s",
                typed=typed,
                values=", ".join(unknown)[:40],
            )
        )
    if len({_ATTRIBUTE_OF[v] for v in values}) != len(values):
        raise EntryError(
            said("%(typed)s: two values of one kind (man/woman, day/night, ...)", typed=typed)
        )
    if four and len(values) != 4:
        raise EntryError(said("%(typed)s: four pieces of evidence needed", typed=typed))
    if not 2 <= len(values) <= 4:
        raise EntryError(said("%(typed)s: 2-4 pieces of evidence needed", typed=typed))
    return tuple(sorted(values, key=_ATTRIBUTE_OF.__getitem__))


def _value(values: Mapping[str, object], name: str) -> object:
    if name not in values:
        raise EntryError(said("%(name)s: missing (--%(name)s)", name=name))
    return values[name]


class BlackStoriesGrammar(Grammar[Setup, Folded]):
    entries_help = ENTRIES
    setup_fields = (
        SetupField("players", "how many play (2-4)", "int", metavar="N"),
        SetupField("seat", "your seat", "int", metavar="SEAT"),
    )

    def setup(self, values: Mapping[str, object]) -> Setup:
        players = checked_int(_value(values, "players"), "players", 2, 4)
        return Setup(players, checked_int(_value(values, "seat"), "seat", 0, players - 1))

    def setup_json(self, setup: Setup) -> dict[str, object]:
        return {"players": setup.players, "seat": setup.seat}

    def title(self, setup: Setup) -> str:
        return tr(
            "Black Stories Investigation, %(players)s players, you are seat %(seat)s",
            self.language,
            players=setup.players,
            seat=setup.seat,
        )

    def parse(self, setup: Setup, line: str) -> Entry:
        words = line.split()
        if not words:
            raise EntryError(
                said("empty entry (try '2 woman+knife 2', 'fail 2 man/day/inside/knife')")
            )
        verb = words[0].lower()
        if verb == "fail" and len(words) == 3:
            return Failed(self._target(setup, words[1]), _evidence(words[2], four=True))
        if verb == "solved" and len(words) == 2:
            return Solved(self._target(setup, words[1]))
        if verb == "seen" and len(words) == 2:
            return Seen(_evidence(words[1], four=True))
        if verb == "solution" and len(words) == 3:
            return Revealed(self._target(setup, words[1]), _evidence(words[2], four=True))
        if len(words) == 3 and words[2] in FIELDS:
            return Played(self._target(setup, words[0]), _evidence(words[1]), words[2])
        if len(words) == 3 and words[0].isascii() and words[0].isdigit():
            raise EntryError(
                said("%(typed)s is not a field: 0/1, 2 or 3", typed=repr(words[2][:20]))
            )
        raise EntryError(
            said(
                "%(typed)s: expected e.g. '2 woman+knife 2', 'fail 2 man/day/inside/knife', "
                "'solved 2', 'seen man+day+inside+gun' or 'solution 2 man/day/inside/gun'",
                typed=repr(line[:40]),
            )
        )

    def _target(self, setup: Setup, text: str) -> int:
        if (
            not text.isascii()
            or not text.isdigit()
            or len(text) > 1
            or int(text) not in setup.targets
        ):
            raise EntryError(
                said("%(typed)s is not another seat at this table", typed=repr(text[:20]))
            )
        target = int(text)
        return target

    def fold(self, setup: Setup, entries: Sequence[Numbered], strict: bool = True) -> Folded:
        cards: dict[int, list[tuple[Played, int]]] = {t: [] for t in setup.targets}
        failed: dict[int, list[tuple[Failed, int]]] = {t: [] for t in setup.targets}
        seen: list[tuple[Seen, int]] = []
        solved = {t: 0 for t in setup.targets}
        solutions: dict[tuple[int, int], tuple[tuple[str, ...], int]] = {}
        for number, entry in entries:
            if isinstance(entry, Played):
                cards[entry.target].append((entry, number))
            elif isinstance(entry, Failed):
                failed[entry.target].append((entry, number))
            elif isinstance(entry, Solved):
                cards[entry.target], failed[entry.target] = [], []
                solved[entry.target] += 1
            elif isinstance(entry, Revealed):
                key = (entry.target, solved[entry.target])
                if key in solutions and solutions[key][0] != entry.case:
                    raise EntryError(
                        said(
                            "#%(number)s: this case of seat %(seat)s was entered as %(case)s "
                            "in #%(first)s",
                            number=number,
                            seat=entry.target,
                            case="/".join(solutions[key][0]),
                            first=solutions[key][1],
                        )
                    )
                solutions.setdefault(key, (entry.case, number))
            elif isinstance(entry, Seen):
                seen.append((entry, number))
            else:
                raise EntryError(
                    said(
                        "#%(number)s: %(entry)s is not a Black Stories entry",
                        number=number,
                        entry=repr(entry.text()),
                    )
                )
        positions: dict[int, dict[str, object]] = {
            t: {
                "game": "black-stories",
                "cards": [{"evidence": list(p.evidence), "field": p.field} for p, _ in cards[t]],
                "failed_guesses": [list(f.guess) for f, _ in failed[t]],
                "excluded": [list(s.card) for s, _ in seen],
            }
            for t in setup.targets
        }
        facts = {
            t: tuple(sorted(n for _, n in [*cards[t], *failed[t], *seen])) for t in setup.targets
        }
        cases = {key: case for key, (case, _) in solutions.items()}
        return Folded(positions, facts, dict(entries), cases)

    def consistent(self, setup: Setup, folded: Folded) -> bool:
        return all(_cases(position) for position in folded.positions.values())

    def sheet(self, setup: Setup, folded: Folded, level: str) -> str:
        position = BlackStoriesPosition(setup.players, setup.seat, folded.positions)
        return case_sheet(position, level, self.language)

    def why(self, setup: Setup, folded: Folded, subject: str) -> str:
        words = subject.split()
        if len(words) != 2:
            raise EntryError(said("why SEAT EVIDENCE, e.g. 'why 2 woman'"))
        target = self._target(setup, words[0])
        value = words[1].lower()
        if value not in _ATTRIBUTE_OF:
            raise EntryError(
                said(
                    "%(typed)s is not evidence (man, woman, day, night, ...)",
                    typed=repr(words[1][:20]),
                )
            )
        language = self.language
        cases = _cases(folded.positions[target])
        pair = ATTRIBUTES[_ATTRIBUTE_OF[value]]
        other = pair[1 - pair.index(value)]
        named: dict[str, SaidValue] = {"seat": target, "value": evidence_word(value, language)}
        if all(value in case for case in cases):
            certain, fact = value, said("seat %(seat)s's case is certainly %(value)s", **named)
        elif all(other in case for case in cases):
            other_word = evidence_word(other, language)
            certain = other
            fact = said(
                "seat %(seat)s's case is certainly not %(value)s but %(other)s",
                other=other_word,
                **named,
            )
        else:
            return tr(
                "seat %(seat)s: %(value)s is not certain yet (%(count)s cases fit)",
                language,
                count=len(cases),
                **named,
            )
        numbers = folded.facts[target]

        def implies(chosen: Sequence[int]) -> bool:
            kept = [(n, folded.entries[n]) for n in chosen]
            return all(certain in case for case in _cases(_position_of(kept)))

        used, _ = minimal_subset(numbers, implies, WHY_CHECKS)
        if not used:
            return tr("%(fact)s: every case has it", language, fact=said_in(fact, language))
        entries = ", ".join(f"#{n} ({folded.entries[n].text()})" for n in used)
        return tr(
            "%(fact)s, because of %(entries)s",
            language,
            fact=said_in(fact, language),
            entries=entries,
        )

    def positions(self, setup: Setup, folded: Folded) -> dict[str, dict[str, object]]:
        return {f"seat {t}": position for t, position in folded.positions.items()}


def _position_of(facts: Sequence[Numbered]) -> dict[str, object]:
    """One seat's case position from some of its facts (for the ``why`` search)."""
    return {
        "game": "black-stories",
        "cards": [
            {"evidence": list(e.evidence), "field": e.field}
            for _, e in facts
            if isinstance(e, Played)
        ],
        "failed_guesses": [list(e.guess) for _, e in facts if isinstance(e, Failed)],
        "excluded": [list(e.card) for _, e in facts if isinstance(e, Seen)],
    }


def _cases(position: Mapping[str, object]) -> list[tuple[str, ...]]:
    try:
        return posterior(position)
    except PositionError as error:  # the grammar builds these positions: a bug, said plainly
        reason = words_of(error) or str(error)
        raise EntryError(
            said("the engine does not take these entries: %(reason)s", reason=reason)
        ) from None


GRAMMAR = BlackStoriesGrammar()
