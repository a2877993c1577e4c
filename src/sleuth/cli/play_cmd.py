"""``sleuth play``: a game in the terminal against bots, or with friends at one keyboard."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sleuth.agents import Agent, make_agent
from sleuth.core import GameError, find_game, find_kit
from sleuth.core.said import error_in, said, words_of
from sleuth.i18n import LANGUAGES, N_, SOURCE, listed, tr, trn
from sleuth.tui.language import language_from_environment

from .game_cmds import parse_options

if TYPE_CHECKING:
    from sleuth.arena.session import GameSession


def add_parser(commands: Any) -> None:
    play = commands.add_parser("play", help=N_("play in the terminal against bots and friends"))
    play.add_argument("game", nargs="?", help=N_("the game (not with --resume)"))
    play.add_argument("--players", type=int, default=None, help=N_("default: the game's minimum"))
    play.add_argument(
        "--seat",
        type=int,
        action="append",
        default=None,
        help=N_("your seat (repeat for several people at one keyboard; default 0)"),
    )
    play.add_argument(
        "--bots",
        default="",
        help=N_(
            "bots for the other seats in order: levels (easy, medium, hard, expert; "
            "'sleuth bots GAME' gives their bots and ratings), bots, e.g. expert,hard or "
            "deductive,basic, or 'cmd:python mybot.py' (a bot program in its own process; "
            "default: random)"
        ),
    )
    play.add_argument(
        "--seed",
        type=int,
        default=None,
        help=N_(
            "deal a known game, for practice: whoever knows the seed knows the deal "
            "(default: a secret 128-bit seed, revealed in the record at the end)"
        ),
    )
    play.add_argument(
        "--sheet",
        choices=("off", "facts", "full"),
        default=None,
        help=N_(
            "the sheet beside the table: kept by hand (off), the engine's certain facts "
            "(facts, the default) or odds and the best question (full); F2 changes it in the game"
        ),
    )
    play.add_argument(
        "--save",
        type=Path,
        default=None,
        metavar="FILE",
        help=N_("where Ctrl+S (or leaving) saves the game (default sleuth-save-GAME.json)"),
    )
    play.add_argument(
        "--resume",
        type=Path,
        default=None,
        metavar="FILE",
        help=N_("go on with a saved game (its setup comes from the file)"),
    )
    play.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=None,
        help=N_(
            "the app's language (default: from LANGUAGE, LC_ALL, LC_MESSAGES or LANG, as "
            "gettext reads them; English when they name none of these)"
        ),
    )
    play.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    play.add_argument("--record-dir", type=Path, default=Path("sleuth-records"))
    play.add_argument("--bot-delay", type=float, default=0.4, help=N_("seconds per bot move"))
    play.set_defaults(run=run_play)


def build_controllers(
    game: str, players: int, seats: list[int], bots: list[str]
) -> list[Agent | None]:
    for seat in seats:
        if not 0 <= seat < players:
            raise GameError(
                said("--seat %(seat)s: seats are 0-%(last)s", seat=seat, last=players - 1)
            )
    others = [s for s in range(players) if s not in seats]
    if len(bots) > len(others):
        raise GameError(
            said("--bots: %(bots)s bots for %(free)s free seats", bots=len(bots), free=len(others))
        )
    names = bots + ["random"] * (len(others) - len(bots))
    controllers: list[Agent | None] = [None] * players
    for seat, name in zip(others, names, strict=True):
        controllers[seat] = make_agent(name, game)
    return controllers


def run_play(args: argparse.Namespace) -> int:

    try:
        if args.resume is not None:
            session, bots, front = _resumed(args)
        else:
            if args.game is None:
                raise GameError(said("name a game, or --resume FILE"))
            session, bots = _new_session(args)
            front = {}
    except GameError as error:
        # The game's own refusals are said in the app's language (an unknown game's among them).
        language = args.lang or language_from_environment(os.environ)
        print(f"sleuth play: {error_in(error, language)}", file=sys.stderr)
        return 2
    language = args.lang or language_from_environment(os.environ)
    try:
        from sleuth.tui.play_app import PlayApp
    except ModuleNotFoundError as error:
        session.close()
        needs = tr(
            "sleuth play needs the terminal extra (%(module)s is missing): %(install)s",
            language,
            module=str(error.name),
            install="pip install -e '.[tui]'",
        )
        print(needs, file=sys.stderr)
        return 2

    notice = None if args.resume is not None else filled_with_random(args, bots, language)
    if notice is not None:
        print(f"sleuth play: {notice}", file=sys.stderr)
    sheet = args.sheet or str(front.get("sheet", "facts"))
    save_path = args.save or args.resume
    app = PlayApp(
        session,
        sheet=sheet if sheet in ("off", "facts", "full") else "facts",
        bot_delay=args.bot_delay,
        record_dir=args.record_dir,
        save_path=save_path,
        bots=bots,
        notes=_notes(front),
        language=language,
    )
    if args.resume is not None:
        app.saved_game = app.resumed_from = args.resume
    if notice is not None:
        app.notice = notice
    try:
        app.run()
    finally:
        session.close()
    _print_end(session, app, language)
    return 0


def _print_end(session: GameSession, app: Any, language: str) -> None:
    """What became of the game, after the app: its end, or where it was saved."""
    for forfeit in session.forfeits:
        print(tr("forfeit: %(forfeit)s", language, forfeit=str(forfeit)))
    steps = len(session.steps)
    if session.outcome is not None:
        outcome = session.outcome
        scores = str(outcome.scores)
        print(
            tr(
                "Game over (%(reason)s); scores %(scores)s",
                language,
                reason=find_kit(session.game.name).translate(outcome.reason, language),
                scores=scores,
            )
        )
        if app.saved:
            print(tr("record: %(file)s  (sleuth replay %(file)s)", language, file=str(app.saved)))
    elif app.saved_game is not None:
        saved = str(app.saved_game)
        print(
            tr(
                "Game saved after %(steps)s steps: sleuth play --resume %(file)s",
                language,
                steps=steps,
                file=saved,
            )
        )
    else:
        # No seed: an unfinished game's deal stays as secret as it was during play.
        print(tr("Game left unfinished after %(steps)s steps.", language, steps=steps))


def _new_session(args: argparse.Namespace) -> tuple[GameSession, list[str | None]]:
    from sleuth.arena.session import GameSession
    from sleuth.core.records import check_seed

    game_type = find_game(args.game)
    players = args.players or game_type.min_players
    game = game_type.configure(players, **parse_options(args.option))
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    seats = args.seat or [0]
    controllers = build_controllers(game.name, players, seats, bots)
    specs = [
        None if c is None else spec
        for c, spec in zip(controllers, _specs(seats, bots, players), strict=True)
    ]
    if args.seed is None:
        return GameSession.start(game, controllers), specs
    return GameSession(game, check_seed(args.seed), controllers), specs


def filled_with_random(
    args: argparse.Namespace, specs: list[str | None], language: str = SOURCE
) -> str | None:
    """What to say when --bots named fewer bots than seats, so random bots fill the rest
    (with no --bots at all every seat gets the random bot, as its help says)."""
    named = len([b for b in args.bots.split(",") if b.strip()])
    free = [seat for seat, spec in enumerate(specs) if spec is not None]
    filled = free[named:]
    if not named or not filled:
        return None
    seats = str(filled[-1])
    if len(filled) > 1:
        first = listed([str(seat) for seat in filled[:-1]], language)
        seats = tr("%(first)s and %(last)s", language, first=first, last=seats)
    given = trn(
        "%(count)s bot named for %(seats)s seats",
        "%(count)s bots named for %(seats)s seats",
        named,
        language,
        seats=len(free),
    )
    example = ",".join(["basic"] * len(free))
    template = (
        N_(
            "seat %(seats)s plays the random bot (%(given)s; --bots names one for each seat, "
            "e.g. --bots %(example)s)"
        )
        if len(filled) == 1
        else N_(
            "seats %(seats)s play the random bot (%(given)s; --bots names one for each seat, "
            "e.g. --bots %(example)s)"
        )
    )
    return tr(template, language, seats=seats, given=given, example=example)


def _specs(seats: list[int], bots: list[str], players: int) -> list[str | None]:
    others = [s for s in range(players) if s not in seats]
    names = bots + ["random"] * (len(others) - len(bots))
    specs: list[str | None] = [None] * players
    for seat, name in zip(others, names, strict=True):
        specs[seat] = name
    return specs


def _resumed(
    args: argparse.Namespace,
) -> tuple[GameSession, list[str | None], dict[str, object]]:
    """The saved game of ``--resume``, replayed to where it was left."""
    from sleuth.arena.saves import read_save
    from sleuth.arena.session import GameSession

    given = [
        name
        for name, value in (
            ("GAME", args.game),
            ("--players", args.players),
            ("--seat", args.seat),
            ("--bots", args.bots),
            ("--seed", args.seed),
            ("--option", args.option),
        )
        if value not in (None, [], "")  # --seed 0 is given all the same
    ]
    if given:
        raise GameError(
            said(
                "--resume takes the setup from the file: leave out %(given)s",
                given=", ".join(given),
            )
        )
    saved = read_save(args.resume)
    controllers: list[Agent | None] = [
        None if spec is None else make_agent(spec, saved.game.name) for spec in saved.bots
    ]
    session = GameSession(saved.game, saved.seed, controllers, salt=saved.salt)
    try:
        session.replay(saved.steps)
    except GameError as error:
        session.close()
        raise GameError(
            said(
                "%(file)s: it does not replay: %(reason)s",
                file=str(args.resume),
                reason=words_of(error) or str(error),
            )
        ) from None
    if session.outcome is not None:
        session.close()
        raise GameError(
            said("%(file)s: that game is over (sleuth replay shows it)", file=str(args.resume))
        )
    return session, list(saved.bots), dict(saved.front)


def _notes(front: dict[str, object]) -> dict[int, dict[str, str]]:
    notes = front.get("notes", {})
    out: dict[int, dict[str, str]] = {}
    if isinstance(notes, dict):
        for seat, marks in notes.items():
            if str(seat).isdigit() and isinstance(marks, dict):
                out[int(seat)] = {str(k): str(v) for k, v in marks.items()}
    return out
