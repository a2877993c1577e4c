"""A game kit: one game's rules plus its optional parts, registered once.

The rules (``Game``) are always there and light: standard library and ``core`` only. Every
other part (the exact knowledge, the sampler, the bots, the assistant's grammar, the text
renderers, and whatever a later front needs) is named by ``"module:attribute"`` and imported
only when a front asks for it, so that ``sleuth games`` never loads numpy and a front never
names a game: it asks the registry for a kit and the kit for its part.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from sleuth.i18n import translate_at

from .errors import GameError
from .events import Event
from .protocol import Game
from .serialize import JSONValue
from .sheets import SheetData

# The parts Sleuth's own fronts ask for. A kit may carry others (a front of a separate
# package asks for its own part by name).
KNOWLEDGE = "knowledge"  # view or position file -> exact typed analysis (sleuth.deduce)
SAMPLER = "sampler"  # (view, rng) -> a full state consistent with the view
BOTS = "bots"  # bot name -> factory, the game's own bots
# bot name -> parameter -> the largest value a web service accepts (None: costs no time)
BUDGETS = "budgets"
NOTEBOOK = "notebook"  # the assistant's entry grammar
RENDER = "render"  # text renderers: the investigation sheet, the hand-kept notes grid
WEB = "web"  # the browser page's part: a folder of static files (a script module, styles)
REVIEW = "review"  # the after-game review: positions, truth, moves (sleuth.deduce.review)
ENCODER = "encoder"  # an Encoder subclass (sleuth.core.encoding): the research environments
RULES = "rules"  # a RulesGuide: the rules for players, in short and in full
TUTORIAL = "tutorial"  # a Tutorial: one short scripted game that teaches a newcomer

T = TypeVar("T")


class PartError(GameError):
    """A kit part that is missing, cannot be imported, or is not what the front expects."""


def catalogues_beside(module_file: str) -> Path:
    """The ``locale`` folder beside ``module_file``: a game's own catalogues."""
    return Path(module_file).resolve().parent / "locale"


@dataclass(frozen=True)
class GameKit:
    """One game and its parts. ``parts`` maps a part name to ``"module:attribute"``.

    ``locale`` is the game's own catalogue of the words it says (``<language>/LC_MESSAGES/
    messages.po`` under it, inside the game's package): a game of another package cannot add
    to Sleuth's, so it brings its own, and its words are looked up there before Sleuth's
    (marked with ``sleuth.core.said.said_from``'s ``said``; the page loads them at its
    table). None for the built-in games, whose words are in Sleuth's catalogue.
    """

    game: type[Game[Any]]
    parts: Mapping[str, str] = field(default_factory=dict)
    locale: Path | None = None

    @property
    def name(self) -> str:
        return self.game.name

    def translate(self, message: str, language: str) -> str:
        """One of the game's words (why its game ended, a place on its sheet) in ``language``:
        from its own catalogue first, then from Sleuth's."""
        return translate_at(self.locale, language, message)

    def has(self, part: str) -> bool:
        return part in self.parts

    def load(self, part: str) -> object:
        """The part, imported on first use; ``PartError`` if the kit has none or it fails."""
        target = self.parts.get(part)
        if target is None:
            raise PartError(f"{self.game.title} has no {part}")
        module_name, _, attribute = target.partition(":")
        try:
            loaded: object = importlib.import_module(module_name)
            for name in filter(None, attribute.split(".")):
                loaded = getattr(loaded, name)
        except (ImportError, AttributeError) as error:
            raise PartError(
                f"{self.game.title}: part {part} ({target}) fails to load: {error}"
            ) from error
        return loaded

    def part(self, part: str, kind: type[T]) -> T:
        """``load(part)``, checked to be a ``kind``: a kit of another package that points at
        the wrong object fails here, with its name, not deep inside a front."""
        loaded = self.load(part)
        if not isinstance(loaded, kind):
            raise PartError(
                f"{self.game.title}: part {part} ({self.parts[part]}) is a "
                f"{type(loaded).__name__}, not a {kind.__name__}"
            )
        return loaded


@dataclass(frozen=True)
class Move:
    """One step of a game as the seat reading the history may know it: who acted, the step's
    public result, and the action's own text only when that seat made it (``None`` for
    another seat's move: an action's text can hold what only its actor may see)."""

    seat: int
    result: str
    action: str | None = None
    # The step's typed events this seat may see (core.events): a history is told from them.
    events: tuple[Event, ...] = ()


@dataclass(frozen=True)
class TextRender:
    """The ``render`` part: text for terminals and logs, drawn from one seat's view.

    ``sheet(view, level)`` is the investigation sheet at level ``facts`` or ``full``;
    ``notes_grid(game)`` the rows and columns of the sheet a person marks by hand (level
    ``off``), for games whose notes are a grid. The rest is optional, and a front falls back
    on something plainer without it:

    - ``table(view)``: the table in words, lines short enough for an 80-column terminal
      (else ``view.render()``);
    - ``history(before, after, move)``: the lines a step adds to the history, from the
      reading seat's views before and after it (else the public result);
    - ``ending(view, reveal, actions)``: the end in words once the game is over: the reveal
      (the hidden deal) and every step's action, all public by then (else the scores);
    - ``rules``: a summary of the rules and the notation, for a help screen (a function of
      the game where its rule options change what it says);
    - ``notation``: the moves as typed, each with what it does, a catalogue entry (English:
      the end of ``rules``; a front that shows a game's rules guide in another language, in
      place of ``rules``, says this beside it);
    - ``legend(game)``: the cards in play and what they are (colours, categories);
    - ``accuse``: the notation an accusation starts with, where one may be made out of turn
      (a front gives it a key), else ``None``;
    - ``public_actions``: every action's text is public (all it does lies face up), so
      ``history`` is given every seat's action, not only the reading seat's own;
    - ``sheet_data(view, level)``: the sheet as data (``core.sheets.SheetData``) for a front
      that draws it, or ``None`` where the view has no sheet (a front shows the text then);
    - ``sheet_lines(view, level)``: the text sheet as typed lines (``core.sheets.sheet_line``:
      message keys and values) for a front that says it in the person's language, where the
      game gives no ``sheet_data`` to draw;
    - ``speaking(language)``: this part with its words in ``language`` (``sleuth.i18n``'s
      languages), for a front that speaks one; without it a front shows these in English.
    """

    # The view is the game's own view type: a front passes the view its game gave it.
    sheet: Callable[[Any, str], str]
    notes_grid: Callable[[Any], tuple[list[str], list[str]]] | None = None
    table: Callable[[Any], str] | None = None
    history: Callable[[Any, Any, Move], list[str]] | None = None
    ending: Callable[[Any, Mapping[str, Any], Sequence[tuple[int, str]]], list[str]] | None = None
    rules: str | Callable[[Any], str] | None = None
    notation: str | None = None
    legend: Callable[[Any], str] | None = None
    accuse: str | None = None
    public_actions: bool = False
    sheet_data: Callable[[Any, str], SheetData | None] | None = None
    sheet_lines: Callable[[Any, str], list[dict[str, JSONValue]]] | None = None
    speaking: Callable[[str], TextRender] | None = None


@dataclass(frozen=True)
class WebPart:
    """The ``web`` part: the game's own part of the browser page, a folder of static files.

    ``script`` is an ES module in ``folder`` that the page imports to draw the game's table
    from one seat's view; ``styles`` are its style sheets. The service serves the folder at
    ``/static/games/<game name>/``; a kit without this part is drawn by the page's generic
    fallback from its view and legal actions.
    """

    folder: Path
    script: str = "table.js"
    styles: tuple[str, ...] = ()

    def files(self) -> tuple[str, ...]:
        return (self.script, *self.styles)

    @classmethod
    def beside(cls, module_file: str, script: str = "table.js", *styles: str) -> WebPart:
        """The part whose files lie in the folder of ``module_file`` (a package's
        ``__init__.py``), each checked to be there."""
        folder = Path(module_file).resolve().parent
        for name in (script, *styles):
            if not (folder / name).is_file():
                raise PartError(f"web part: {folder / name} is missing")
        return cls(folder, script, tuple(styles))


@dataclass(frozen=True)
class RulesSection:
    """One part of a game's rules for players: a heading and its paragraphs, each paragraph
    one sentence group a catalogue can translate on its own."""

    heading: str
    paragraphs: tuple[str, ...]
    # Example cards the page draws as the table draws them, each as the game's web part's
    # ``drawCard`` reads it (the game's own card text).
    cards: tuple[str, ...] = ()


@dataclass(frozen=True)
class RulesGuide:
    """The ``rules`` part: the game in players' words, written for people who do not know it.

    ``short`` fits one screen; ``full`` is every rule, with the table's options named as the
    lobby names them. Neither holds the reference's section codes: those stay in ``REFERENCE.md``.
    """

    short: tuple[RulesSection, ...]
    full: tuple[RulesSection, ...]
    # Where the curious read more: a public page on the printed game's rules.
    reference: str = ""
    # The game's own catalogues (``<language>/LC_MESSAGES/messages.po`` under it): these
    # rules and the game's options in the other languages, kept beside the game, so that a
    # game of another package brings its own and no shared file names a game's cards.
    locale: Path | None = None

    def texts(self) -> tuple[str, ...]:
        """Every heading and paragraph, in order, each once: what a catalogue translates."""
        found = (
            text
            for section in (*self.short, *self.full)
            for text in (section.heading, *section.paragraphs)
        )
        return tuple(dict.fromkeys(found))

    @staticmethod
    def beside(module_file: str) -> Path:
        """The ``locale`` folder beside ``module_file`` (a game's ``guide.py``)."""
        return catalogues_beside(module_file)


@dataclass(frozen=True)
class TutorialStep:
    """One of the learner's moves in a tutorial: what to play, how, and why.

    ``action`` is the move in notation; ``keys`` are the ``data-key`` values of the game's
    web part's controls the learner clicks for it, in order (a pick, then the button that
    plays it); ``title`` names the kind of move and ``text`` says what it does and why this
    one now. ``replies`` are the scripted seats' moves that follow, as (seat, notation).
    """

    action: str
    keys: tuple[str, ...]
    title: str
    text: str
    replies: tuple[tuple[int, str], ...] = ()


@dataclass(frozen=True)
class Tutorial:
    """The ``tutorial`` part: a short game on a known deal that leads a newcomer through it.

    The game is ``players`` seats with ``options`` dealt from ``seed``; the learner sits at
    ``seat``; ``opening`` are the scripted seats' moves before the learner's first. Every text
    is English here and translated from the game's own catalogues (``locale``, as the rules).
    """

    players: int
    seed: int
    seat: int
    steps: tuple[TutorialStep, ...]
    welcome: str
    finish: str
    names: tuple[str, ...] = ()  # each seat's name at the table, the learner's included
    options: Mapping[str, object] = field(default_factory=dict)
    opening: tuple[tuple[int, str], ...] = ()
    # False for a game too long to teach whole: the tutorial stops after its last step
    # (the first moves of a game, not a finished one).
    to_the_end: bool = True
    locale: Path | None = None

    def texts(self) -> tuple[str, ...]:
        """Every text a catalogue translates, in order, each once."""
        found = (
            self.welcome,
            *(text for step in self.steps for text in (step.title, step.text)),
            self.finish,
            *self.names,
        )
        return tuple(dict.fromkeys(found))
