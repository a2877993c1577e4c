"""One notebook for every game: a setup and numbered entries, kept by the game's grammar.

The state is never stored beside the entries: it is the grammar's fold of the entries, so
undo, edit and delete are changes to a list (no copies of states, no undo stack). Every
change is checked by folding the new list before anything is replaced or saved. What costs
engine time (whether the entries agree, which contradict each other, the sheet) is worked
out at most once per change and kept until the next.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Generic

from sleuth.core.errors import EntryError
from sleuth.core.notebook import (
    Entry,
    FoldT,
    Grammar,
    Numbered,
    SetupT,
    minimal_subset,
    whole_number,
)
from sleuth.core.said import said
from sleuth.i18n import N_, columns, tr

from .files import write_atomically

# A physical game has at most a few hundred entries; the bounds keep a pasted or tampered
# session from making every change slow.
MAX_ENTRIES = 1_000
MAX_ENTRY_CHARS = 200
# The contradiction search folds subsets of the entries: at most this many folds per change
# (a conflict of k entries among n costs about k·log2(n)), and at most this many conflicts.
CONFLICT_CHECKS = 160
MAX_CONFLICTS = 3

# The commands as ``help`` lists them: as typed (an ``<entry>`` said in the language) and
# what each does.
COMMANDS_HELP = (
    ("list", N_("the entries, numbered")),
    (N_("edit 3 <entry>"), N_("replace entry #3 by another")),
    ("delete 3", N_("remove entry #3 (the later ones move up a number)")),
    ("undo", N_("remove the newest entry")),
    (N_("why <subject>"), N_("why a fact is certain, naming the entries behind it")),
    (N_("<entry> !"), N_("take an entry that contradicts the others, on purpose")),
    ("help", N_("this list")),
)
# The descriptions start two columns after the longest example, at column 24 or later.
HELP_COLUMN = 22
CONFLICT = N_("these entries contradict each other (a miscount or a typo?): %(entries)s")
CANNOT_BE_TRUE = N_("this entry cannot be true (a miscount or a typo?): %(entries)s")
# Ends an entry (or an edit) that the person confirms although it contradicts the others.
CONFIRM = "!"


@dataclass(frozen=True)
class Review(Generic[FoldT]):
    """Whether the entries agree, and if not which contradict each other.

    ``conflicts`` are sets of entry numbers that cannot all be true (irreducible unless
    ``narrowed`` is false); ``others`` is the fold of the entries outside them, when those
    agree, so that a sheet can still be shown.
    """

    consistent: bool
    conflicts: tuple[tuple[int, ...], ...] = ()
    narrowed: bool = True
    others: FoldT | None = None

    @property
    def left_out(self) -> tuple[int, ...]:
        return tuple(sorted({n for conflict in self.conflicts for n in conflict}))


class Notebook(Generic[SetupT, FoldT]):
    """A session of the table assistant for one game."""

    def __init__(
        self,
        game: str,
        grammar: Grammar[SetupT, FoldT],
        setup: SetupT,
        entries: Sequence[Entry] = (),
        path: Path | None = None,
    ) -> None:
        self.game = game
        self.grammar = grammar
        self.setup = setup
        self.path = path
        _check_count(len(entries))
        self._entries = tuple(entries)
        self._folded = grammar.fold(setup, _numbered(self._entries))
        self._review: Review[FoldT] | None = None
        self._checked: FoldT | None = None  # the fold of the entries checked last
        self._checked_entries: tuple[Entry, ...] = ()
        self._sheets: dict[str, str] = {}

    @classmethod
    def start(
        cls,
        game: str,
        grammar: Grammar[SetupT, FoldT],
        values: Mapping[str, object],
        path: Path | None = None,
    ) -> Notebook[SetupT, FoldT]:
        """A new session with no entries yet, from the setup values the grammar names."""
        return cls(game, grammar, grammar.setup(values), (), path)

    # --- what is in it -----------------------------------------------------------------------

    @property
    def title(self) -> str:
        return self.grammar.title(self.setup)

    @property
    def entries(self) -> tuple[Entry, ...]:
        return self._entries

    @property
    def folded(self) -> FoldT:
        return self._folded

    def lines(self) -> list[str]:
        """The setup, then every entry with its number."""
        numbered = [f"#{n}  {entry.text()}" for n, entry in _numbered(self._entries)]
        return [*self.grammar.summary(self.setup, self._folded), *numbered]

    @property
    def language(self) -> str:
        return self.grammar.language

    def speak(self, language: str) -> None:
        """Say the notebook's words (its sheet, warnings, help) in ``language`` from now on."""
        self.grammar = self.grammar.speaking(language)
        self._sheets = {}

    def help(self) -> str:
        """The entries and commands, each as typed and what it means, in the language."""
        return help_text(self.grammar.entries_help, self.language)

    def positions(self) -> dict[str, dict[str, object]]:
        """The ``sleuth deduce`` positions the entries amount to."""
        return self.grammar.positions(self.setup, self._folded)

    # --- changes -----------------------------------------------------------------------------

    def enter(self, line: str) -> str:
        """Take one line: a command or a game entry. Returns what to show; an ``EntryError``
        names what was wrong and leaves the session (and its file) as it was."""
        line = line.strip()
        if not line:
            raise EntryError(said("empty entry (type help for the entries)"))
        if len(line) > MAX_ENTRY_CHARS:
            raise EntryError(
                said("an entry is at most %(count)s characters", count=MAX_ENTRY_CHARS)
            )
        word, _, rest = line.partition(" ")
        command, rest = word.lower(), rest.strip()
        if command == "help" and not rest:
            return self.help()
        if command == "list" and not rest:
            return "\n".join(self.lines())
        if command == "undo" and not rest:
            return self.undo()
        if command == "delete":
            return self.delete(self._number(rest, "delete 3"))
        line, confirmed = _confirmed(line)
        if command == "edit":
            number, _, new = _confirmed(rest)[0].partition(" ")
            return self.edit(self._number(number, "edit 3 <entry>"), new, confirmed)
        if command == "why":
            return self.why(rest)
        answer = None if confirmed else self.grammar.command(self.setup, self._folded, line)
        return self.add(line, confirmed) if answer is None else answer

    def add(self, line: str, confirmed: bool = False) -> str:
        """Take a game entry; one that contradicts the person's own cards or the entries
        before it is refused, naming them, unless ``confirmed``."""
        entry = self.grammar.parse(self.setup, line)
        entries = (*self._entries, entry)
        if not confirmed:
            self._refuse_a_contradiction(entries, len(entries), entry.text())
        self._change(entries, self._checked)
        return self.grammar.taken(self.setup, self._folded, len(self._entries), entry)

    def edit(self, number: int, line: str, confirmed: bool = False) -> str:
        if not line.strip():
            raise EntryError(
                said(
                    "edit %(number)s: the new entry is missing (edit %(number)s <entry>)",
                    number=number,
                )
            )
        old = self._entries[number - 1]
        entry = self.grammar.parse(self.setup, line)
        entries = (*self._entries[: number - 1], entry, *self._entries[number:])
        if not confirmed:
            self._refuse_a_contradiction(entries, number, f"edit {number} {entry.text()}")
        self._change(entries, self._checked)
        taken = self.grammar.taken(self.setup, self._folded, number, entry)
        return tr(
            "edited #%(number)s (was %(old)s); %(taken)s",
            self.language,
            number=number,
            old=old.text(),
            taken=taken,
        )

    def delete(self, number: int) -> str:
        old = self._entries[number - 1]
        self._change((*self._entries[: number - 1], *self._entries[number:]))
        if number > len(self._entries):
            return tr(
                "deleted #%(number)s: %(entry)s", self.language, number=number, entry=old.text()
            )
        return tr(
            "deleted #%(number)s: %(entry)s; the later entries moved up a number",
            self.language,
            number=number,
            entry=old.text(),
        )

    def undo(self) -> str:
        if not self._entries:
            raise EntryError(said("nothing to undo"))
        old = self._entries[-1]
        self._change(self._entries[:-1])
        number = len(self._entries) + 1
        return tr("undone #%(number)s: %(entry)s", self.language, number=number, entry=old.text())

    def _number(self, text: str, example: str) -> int:
        if not self._entries:
            raise EntryError(said("there are no entries yet"))
        if not text:
            raise EntryError(said("which entry? (e.g. %(example)s)", example=example))
        if not text.isascii() or not text.lstrip("#").isdigit():
            raise EntryError(
                said(
                    "%(typed)s is not an entry number (e.g. %(example)s)",
                    typed=repr(text[:20]),
                    example=example,
                )
            )
        count = len(self._entries)
        span = "#1" if count == 1 else f"#1-#{count}"
        number = whole_number(text.lstrip("#"), said("entry number"), 0, 10**6)
        if not 1 <= number <= count:
            raise EntryError(
                said(
                    "there is no entry #%(number)s (the entries are %(span)s)",
                    number=number,
                    span=span,
                )
            )
        return number

    def _change(self, entries: tuple[Entry, ...], folded: FoldT | None = None) -> None:
        """Replace the entries: fold them (which checks them), save, then commit."""
        _check_count(len(entries))
        if folded is None or self._checked_entries != entries:
            folded = self.grammar.fold(self.setup, _numbered(entries))
        if self.path is not None:
            write_atomically(self.path, session_text(self._json(entries)))
        self._entries, self._folded = entries, folded
        self._review, self._sheets = None, {}

    def _refuse_a_contradiction(self, entries: tuple[Entry, ...], number: int, typed: str) -> None:
        """Refuse entry ``number`` of ``entries`` if it contradicts the person's own cards or
        the other entries (those already known to conflict, taken on purpose, left out),
        naming the entries it contradicts."""
        grammar, setup = self.grammar, self.setup
        folded = grammar.fold(setup, _numbered(entries))  # a clash no table gives raises here
        # Kept for the change that follows: its fold and engine work are not done twice.
        self._checked, self._checked_entries = folded, entries
        if grammar.consistent(setup, folded):
            return
        numbered = _numbered(entries)
        left_out = set(self.review().left_out) - {number}
        background = {n for n, e in numbered if e.background and n != number}
        others = [n for n, e in numbered if n not in background | left_out | {number}]

        def contradicts(chosen: Sequence[int]) -> bool:
            keep = background.union(chosen, (number,))
            try:
                subset = grammar.fold(setup, [(n, e) for n, e in numbered if n in keep], False)
            except EntryError:
                return False
            return not grammar.consistent(setup, subset)

        if not contradicts(others):
            return  # the contradiction is among the entries flagged already
        found, _ = minimal_subset(others, contradicts, CONFLICT_CHECKS)
        entry = entries[number - 1]
        reason: str
        if found:
            named = ", ".join(f"#{n} ({entries[n - 1].text()})" for n in found)
            reason = said("it contradicts %(entries)s", entries=named)
        else:
            reason = grammar.impossible(setup, entry)
        raise EntryError(
            said(
                "#%(number)s (%(entry)s): %(reason)s. A miscount or a typo? Fix it, or add "
                "%(confirm)s at the end to take it anyway (%(typed)s %(confirm)s)",
                number=number,
                entry=entry.text(),
                reason=reason,
                confirm=CONFIRM,
                typed=typed,
            )
        )

    # --- what follows ------------------------------------------------------------------------

    def review(self) -> Review[FoldT]:
        """Whether the entries agree and which contradict each other (once per change)."""
        if self._review is None:
            self._review = self._find_conflicts()
        return self._review

    def warnings(self) -> list[str]:
        """Each set of entries that cannot all be true, named by number (empty when they agree)."""
        review, language = self.review(), self.language
        if review.consistent:
            return []
        if not review.conflicts:
            return [tr("the entries contradict each other", language)]
        out = [
            tr(
                CONFLICT if len(conflict) > 1 else CANNOT_BE_TRUE,
                language,
                entries=", ".join(self._named(n) for n in conflict),
            )
            for conflict in review.conflicts
        ]
        if not review.narrowed:
            out.append(tr("(the search stopped before narrowing them down further)", language))
        elif review.others is None:
            out.append(tr("other entries contradict each other as well: fix these first", language))
        return out

    def sheet(self, level: str = "full") -> str:
        """The sheet at ``level``; while entries contradict each other, the sheet of the
        others, saying which were left out."""
        if level not in self._sheets:
            review, language = self.review(), self.language
            if review.consistent:
                text = self.grammar.sheet(self.setup, self._folded, level)
            elif review.others is not None:
                left_out = ", ".join(f"#{n}" for n in review.left_out)
                text = (
                    tr("(leaving out %(entries)s)", language, entries=left_out)
                    + "\n"
                    + self.grammar.sheet(self.setup, review.others, level)
                )
            else:
                text = tr(
                    "The entries contradict each other: edit or delete one to see the sheet.",
                    language,
                )
            self._sheets[level] = text
        return self._sheets[level]

    def why(self, subject: str) -> str:
        if not subject:
            raise EntryError(said("why what? (see help)"))
        review = self.review()
        if review.consistent:
            return self.grammar.why(self.setup, self._folded, subject)
        if review.others is None:
            raise EntryError(said("the entries contradict each other: fix them first"))
        left_out = ", ".join(f"#{n}" for n in review.left_out)
        answer = self.grammar.why(self.setup, review.others, subject)
        return tr("(leaving out %(entries)s)", self.language, entries=left_out) + " " + answer

    def _named(self, number: int) -> str:
        return f"#{number} ({self._entries[number - 1].text()})"

    def _find_conflicts(self) -> Review[FoldT]:
        grammar, setup = self.grammar, self.setup
        if grammar.consistent(setup, self._folded):
            return Review(True, others=self._folded)
        numbered = _numbered(self._entries)
        background = {n for n, entry in numbered if entry.background}
        calls = 0

        def fold_of(chosen: Sequence[int]) -> FoldT | None:
            keep = background.union(chosen)
            try:
                subset = [(n, e) for n, e in numbered if n in keep]
                return grammar.fold(setup, subset, strict=False)
            except EntryError:
                return None  # not a list a table can give: it proves nothing

        def contradicts(chosen: Sequence[int]) -> bool:
            nonlocal calls
            calls += 1
            folded = fold_of(chosen)
            return folded is not None and not grammar.consistent(setup, folded)

        remaining = [n for n, _ in numbered if n not in background]
        conflicts: list[tuple[int, ...]] = []
        narrowed = True
        for _ in range(MAX_CONFLICTS):
            found, narrowed = minimal_subset(remaining, contradicts, CONFLICT_CHECKS - calls)
            if not found:
                break  # the background alone contradicts: nothing to name
            conflicts.append(tuple(found))
            remaining = [n for n in remaining if n not in found]
            if not narrowed or calls >= CONFLICT_CHECKS or not contradicts(remaining):
                break
        others = None
        if conflicts and narrowed:
            folded = fold_of(remaining)
            if folded is not None and grammar.consistent(setup, folded):
                others = folded
        return Review(False, tuple(conflicts), narrowed, others)

    # --- the session file --------------------------------------------------------------------

    def to_json(self) -> dict[str, object]:
        return self._json(self._entries)

    def _json(self, entries: Sequence[Entry]) -> dict[str, object]:
        return {
            "format": SESSION_FORMAT,
            "version": SESSION_VERSION,
            "game": self.game,
            "setup": self.grammar.setup_json(self.setup),
            "entries": [entry.text() for entry in entries],
        }

    def save(self) -> None:
        if self.path is not None:
            write_atomically(self.path, session_text(self.to_json()))


SESSION_FORMAT = "sleuth-assist-session"
SESSION_VERSION = 1


def session_text(data: Mapping[str, object]) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def _numbered(entries: Sequence[Entry]) -> list[Numbered]:
    return list(enumerate(entries, start=1))


def _confirmed(line: str) -> tuple[str, bool]:
    """The line without a closing ``!``, and whether it had one."""
    if line.endswith(CONFIRM):
        return line[: -len(CONFIRM)].rstrip(), True
    return line, False


def help_text(entries: Sequence[tuple[str, str]], language: str) -> str:
    """The help of a game's ``entries`` and the commands: the examples as typed (the same in
    every language), what they mean in ``language``, under the headings."""
    rows = [(typed, tr(meaning, language)) for typed, meaning in entries]
    commands = [(tr(typed, language), tr(meaning, language)) for typed, meaning in COMMANDS_HELP]
    width = max(HELP_COLUMN, *(columns(typed) for typed, _ in rows + commands)) + 2

    def lines(pairs: list[tuple[str, str]]) -> str:
        return "\n".join(
            f"  {typed}{' ' * (width - columns(typed))}{meaning}" for typed, meaning in pairs
        )

    entries_heading, commands_heading = tr("Entries:", language), tr("Commands:", language)
    return f"{entries_heading}\n{lines(rows)}\n{commands_heading}\n{lines(commands)}"


def _check_count(count: int) -> None:
    if count > MAX_ENTRIES:
        raise EntryError(said("a session holds at most %(count)s entries", count=MAX_ENTRIES))
