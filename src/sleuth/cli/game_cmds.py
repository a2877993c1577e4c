"""``sleuth games``, ``sleuth simulate`` and ``sleuth replay``."""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from sleuth.agents import RandomAgent
from sleuth.arena import play_match
from sleuth.core import GameError, derive_seed, find_game, find_kit
from sleuth.core.kit import RULES, RulesGuide
from sleuth.core.record_files import MAX_RECORD_BYTES, load_record, save_record
from sleuth.core.records import replay_record
from sleuth.core.registry import all_kits
from sleuth.core.rng import keyed_salt, keyed_seed, secret_key
from sleuth.core.said import error_in, said
from sleuth.core.signing import read_key, sign_record
from sleuth.i18n import N_, tr, translate_at

from .argparse_words import SpeakingParser, add_lang_argument, language_of_args
from .bounded import game_count
from .outputs import check_folder, deal_seed, write_failed
from .step_lines import print_referee, print_spectator, public_line, referee_line


def add_parsers(commands: Any) -> None:
    games = commands.add_parser("games", help=N_("list the games and their rule options"))
    add_lang_argument(games)
    games.set_defaults(run=run_games)

    simulate = commands.add_parser("simulate", help=N_("play games between random bots"))
    simulate.add_argument("game", help=N_("game name or alias (sleuth games lists them)"))
    simulate.add_argument("--players", type=int, required=True)
    simulate.add_argument("--games", type=game_count, default=1)
    simulate.add_argument(
        "--seed",
        type=int,
        help=N_(
            "deal the games from this seed (anyone who knows it knows every deal); "
            "default: a secret 128-bit seed, printed after the games"
        ),
    )
    simulate.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help=N_("a rule option (see 'sleuth games'); repeatable"),
    )
    simulate.add_argument("--record-dir", type=Path, help=N_("write one JSON record per game here"))
    simulate.add_argument(
        "--key", type=Path, metavar="FILE", help=N_("sign every record written with this key")
    )
    add_bot_key_argument(simulate)
    simulate.add_argument(
        "--verbose", action="store_true", help=N_("print every step as the table sees it")
    )
    simulate.add_argument(
        "--referee",
        action="store_true",
        help=N_("print everything: seeds, whole actions, private results, the reveal"),
    )
    add_lang_argument(simulate)
    simulate.set_defaults(run=run_simulate)

    replay = commands.add_parser("replay", help=N_("check game records: every step, deal and seal"))
    replay.add_argument("files", nargs="+", type=Path)
    replay.add_argument(
        "--key", type=Path, metavar="FILE", help=N_("check each record's signature under this key")
    )
    replay.add_argument(
        "--max-record-bytes",
        type=positive_int,
        default=MAX_RECORD_BYTES,
        metavar="BYTES",
        help=N_("refuse a file larger than this (default %(default)s)"),
    )
    replay.add_argument("--verbose", action="store_true", help=N_("print every step"))
    add_lang_argument(replay)
    replay.set_defaults(run=run_replay)


def positive_int(text: str) -> int:
    language = SpeakingParser.language  # read from the words before they are parsed
    try:
        value = int(text)
    except ValueError:
        reason = tr("%(text)s is not a whole number", language, text=repr(text))
        raise argparse.ArgumentTypeError(reason) from None
    if value < 1:
        raise argparse.ArgumentTypeError(
            tr("%(text)s is not a positive number", language, text=text)
        )
    return value


def add_bot_key_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--bot-key",
        metavar="HEX",
        help=N_(
            "the key behind the bots' generators and the records' salts, to play the same "
            "games again (default: a fresh secret, printed at the end)"
        ),
    )


def seed_words(seed: int, secret: bool, language: str) -> str:
    """The seed the games were dealt from, said secret until now when it was."""
    return tr("%(seed)s (secret until now)", language, seed=seed) if secret else str(seed)


def bot_key_line(key: bytes, seed: int, language: str) -> str:
    return tr(
        "bot key: %(key)s (with --seed %(seed)s, --bot-key plays these games again)",
        language,
        key=key.hex(),
        seed=seed,
    )


def bot_key(text: str | None) -> bytes:
    """The tournament key: ``--bot-key``'s hex digits, or a fresh secret."""
    if text is None:
        return secret_key()
    try:
        key = bytes.fromhex(text)
    except ValueError:
        raise GameError(
            said("--bot-key %(key)s: expected hex digits", key=repr(text[:20]))
        ) from None
    if len(key) < 16:
        raise GameError(said("--bot-key: at least 32 hex digits (16 bytes)"))
    return key


def run_games(args: argparse.Namespace) -> int:
    language = language_of_args(args)
    for kit in all_kits():
        game = kit.game
        # The options' help in the game's own catalogues, beside its rules for players.
        locale = kit.part(RULES, RulesGuide).locale if kit.has(RULES) else None
        also = ", ".join(game.aliases)
        aliases = tr(" (also: %(aliases)s)", language, aliases=also) if game.aliases else ""
        line = tr(
            "%(name)s%(aliases)s: %(title)s, %(low)s-%(high)s players",
            language,
            name=game.name,
            aliases=aliases,
            title=game.title,
            low=game.min_players,
            high=game.max_players,
        )
        print(line)
        for option in game.options():
            default = option.default if len(option.default) <= 40 else option.default[:37] + "..."
            values = "|".join(option.choices) if option.choices else "VALUE"
            bounds = f", {option.bounds_in(language)}" if option.bounds else ""
            given = tr("(default %(default)s%(bounds)s)", language, default=default, bounds=bounds)
            print(f"  --option {option.name}={values}  {given}")
            print(f"      {translate_at(locale, language, option.help)}")
    return 0


def parse_options(pairs: list[str]) -> dict[str, str]:
    options = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep:
            raise GameError(said("--option %(pair)s: expected NAME=VALUE", pair=repr(pair)))
        options[name] = value
    return options


def run_simulate(args: argparse.Namespace) -> int:
    language = language_of_args(args)
    try:
        game = find_game(args.game).configure(args.players, **parse_options(args.option))
        key = bot_key(args.bot_key)
        signing = read_key(args.key) if args.key else None
        if signing is not None and not args.record_dir:
            raise GameError(said("--key signs the records: give --record-dir too"))
        if args.record_dir:
            check_folder("--record-dir", args.record_dir)
    except GameError as error:
        print(f"sleuth simulate: {error_in(error, language)}", file=sys.stderr)
        return 2
    seed, secret = deal_seed("simulate", args.seed, language)
    agents = [RandomAgent() for _ in range(game.players)]
    reasons: Counter[str] = Counter()
    wins: Counter[int] = Counter()
    steps = 0
    started = time.perf_counter()
    for number in range(args.games):
        # A secret seed is a key here: no game's seed, revealed in its record, tells another's.
        game_seed = derive_seed(seed, "game", number)
        # The bots' generators and the salt come from the key, never from the game's seed.
        bot_seeds = [keyed_seed(key, "bot", number, seat) for seat in range(game.players)]
        salt = keyed_salt(key, number)
        result = play_match(game, agents, game_seed, bot_seeds=bot_seeds, salt=salt)
        steps += len(result.steps)
        reasons[result.outcome.reason] += 1
        wins.update(result.outcome.winners)
        if args.referee:
            print_referee(number, game_seed, salt, result, language)
        elif args.verbose:
            print_spectator(number, result, language)
        if args.record_dir:
            record = result.record if signing is None else sign_record(result.record, signing)
            path = args.record_dir / f"{game.name}-{number:05d}.json"
            try:
                save_record(record, path)
            except OSError as problem:
                failed = write_failed("--record-dir", path, problem)
                print(f"sleuth simulate: {error_in(failed, language)}", file=sys.stderr)
                return 2
    elapsed = time.perf_counter() - started
    heading = tr(
        "%(games)s games of %(game)s, %(players)s players, seed %(seed)s",
        language,
        games=args.games,
        game=game.title,
        players=game.players,
        seed=seed_words(seed, secret, language),
    )
    print(heading)
    kit = find_kit(game.name)
    for reason, count in reasons.most_common():
        print(f"  {count:6d}  {kit.translate(reason, language)}")
    by_seat = " ".join(f"{s}:{wins[s]}" for s in range(game.players))
    print("  " + tr("wins by seat: %(wins)s", language, wins=by_seat))
    figures = {
        "seconds": f"{elapsed:.2f}",
        "games": f"{args.games / elapsed:.1f}",
        "rate": f"{steps / elapsed:.0f}",
    }
    speed = tr(
        "%(actions)s actions in %(seconds)s s: %(games)s games/s, %(rate)s actions/s",
        language,
        actions=steps,
        **figures,
    )
    print(speed)
    print(bot_key_line(key, seed, language))
    if args.record_dir:
        folder = f"{args.record_dir}/"
        if signing is None:
            print(tr("records written to %(folder)s", language, folder=folder))
        else:
            print(tr("records written to %(folder)s, signed", language, folder=folder))
    return 0


def run_replay(args: argparse.Namespace) -> int:
    language = language_of_args(args)
    try:
        key = read_key(args.key) if args.key else None
    except GameError as error:
        print(f"sleuth replay: {error_in(error, language)}", file=sys.stderr)
        return 2
    failed = 0
    for path in args.files:
        try:
            replay = replay_record(load_record(path, args.max_record_bytes), key)
        except GameError as error:
            message = error_in(error, language).replace("\n", " ")
            refused = tr("%(file)s: REJECTED: %(reason)s", language, file=str(path), reason=message)
            print(refused, file=sys.stderr, flush=True)
            failed += 1
            continue
        if args.verbose:
            line = referee_line if replay.finished else public_line
            for index, step in enumerate(replay.steps, start=1):
                print(line(index, step))
        print(_replayed(path, replay, language), flush=True)
    return 2 if failed else 0


# How far a record's signature was checked (Replay.signature), in words.
AUTHENTICITY = {
    "checked": N_("signature checked"),
    "unsigned": N_("unsigned: authenticity not checked"),
    "not checked": N_("signed, but the signature is not checked (give --key)"),
}


def _replayed(path: Path, replay: Any, language: str) -> str:
    """A record that replays: its steps, its end and how far its signature was checked."""
    outcome = replay.final.outcome if replay.final is not None else None
    steps = len(replay.steps)
    if outcome is not None:
        summary = tr(
            "ok, %(steps)s steps, over (%(reason)s), scores %(scores)s",
            language,
            steps=steps,
            reason=find_kit(replay.game.name).translate(outcome.reason, language),
            scores=" ".join(map(str, outcome.scores)),
        )
    else:
        summary = tr(
            "ok so far, %(steps)s public steps, not over (the seed is revealed only at the "
            "end: no step can be checked before)",
            language,
            steps=steps,
        )
    authenticity = tr(AUTHENTICITY[replay.signature], language)
    return f"{path}: {summary}; {authenticity}"
