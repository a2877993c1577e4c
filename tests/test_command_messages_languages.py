"""The operators' and researchers' commands speak the person's language (issue #35):
``sleuth serve``'s, the arena's, the ladder's and ``simulate``'s refusals, warnings and the
lines they print for people, in the language ``--lang`` names (else the environment's), the
values as given; English as it always was."""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Any

import pytest

from sleuth.agents.levels import how_measured, ladder
from sleuth.cli.main import main
from sleuth.core import ConfigError, Game, find_game
from sleuth.core.kit import RULES, RulesGuide
from sleuth.core.options import OptionInfo
from sleuth.core.registry import all_kits
from sleuth.core.said import error_in
from sleuth.i18n import columns, translate_at
from support.example_game import EXAMPLE

# Each command line (after its --lang) and the last line it writes on stderr, per language.
REFUSALS = {
    ("arena", EXAMPLE, "--players", "3", "--bots", "random"): {
        "en": "sleuth arena: --bots: 3 seats need 3 bots, got 1",
        "de": "sleuth arena: --bots: 3 Plätze brauchen 3 Bots, angegeben sind 1",
        "ja": "sleuth arena: --bots：3席には3体のボットが必要ですが、指定は1体です",
    },
    ("ladder", EXAMPLE, "--players", "3", "--no-levels", "--entrant", "r=random"): {
        "en": "sleuth ladder: a leaderboard needs at least two competitors",
        "de": "sleuth ladder: eine Rangliste braucht mindestens zwei Teilnehmende",
        "ja": "sleuth ladder: ランキングには2つ以上の参加者が必要です",
    },
    ("simulate", EXAMPLE, "--players", "3", "--games", "0"): {
        "en": "sleuth simulate: error: argument --games: 0 is not between 1 and 1000000000 games",
        "de": "sleuth simulate: Fehler: Argument --games: 0 liegt nicht zwischen 1 und 1000000000 "
        "Partien",
        "ja": "sleuth simulate：エラー：引数--games：0は1〜1000000000ゲームの範囲外です",
    },
    # An indent of a hundred million spaces a level had been written out.
    ("deduce", "position.json", "--indent", "100000000"): {
        "en": "sleuth deduce: error: argument --indent: 100000000 is not between 0 and 16 spaces",
        "de": "sleuth deduce: Fehler: Argument --indent: 100000000 liegt nicht zwischen 0 und 16 "
        "Leerzeichen",
        "ja": "sleuth deduce：エラー：引数--indent：100000000は0〜16個の空白の範囲外です",
    },
    # A bot program that is not there, and an entrant with no name.
    ("arena", EXAMPLE, "--players", "3", "--bots", "cmd:nosuchprog_x,random,random"): {
        "en": "sleuth arena: bot 'cmd:nosuchprog_x': no program 'nosuchprog_x' found",
        "de": "sleuth arena: Bot 'cmd:nosuchprog_x': kein Programm 'nosuchprog_x' gefunden",
        "ja": "sleuth arena: ボット 'cmd:nosuchprog_x'：プログラム 'nosuchprog_x' が見つかりません",
    },
    ("ladder", EXAMPLE, "--players", "3", "--entrant", "=x"): {
        "en": "sleuth ladder: --entrant '=x': give NAME=SPEC, e.g. mybot=cmd:python mybot.py",
        "de": "sleuth ladder: --entrant '=x': gib NAME=SPEC an, z. B. mybot=cmd:python mybot.py",
        "ja": "sleuth ladder: --entrant '=x'：NAME=SPEC の形で指定してください"
        "（例：mybot=cmd:python mybot.py）",
    },
    # A number of processes too large had started them all.
    ("arena", EXAMPLE, "--players", "3", "--bots", "random", "--workers", "100000"): {
        "en": "sleuth arena: error: argument --workers: 100000 is not between 0 and 64 processes",
        "de": "sleuth arena: Fehler: Argument --workers: 100000 liegt nicht zwischen 0 und 64 "
        "Prozessen",
        "ja": "sleuth arena：エラー：引数--workers：100000は0〜64プロセスの範囲外です",
    },
    (
        "bot",
        "arena",
        "https://example.org",
        "--token-file",
        "t",
        "--game",
        EXAMPLE,
        "--opponents",
        "random",
        "--",
        "x",
    ): {
        "en": "sleuth bot arena: --opponents: "
        + EXAMPLE
        + " takes 3-6 players, the bot and 1 opponents are 2",
        "de": "sleuth bot arena: --opponents: "
        + EXAMPLE
        + " hat 3-6 Spielende, der Bot und 1 Gegner sind 2",
        "ja": "sleuth bot arena: --opponents："
        + EXAMPLE
        + "は3〜6人用ですが、ボットと相手1体で2人です",
    },
    ("serve", "--trusted-proxy", "nowhere"): {
        "en": "sleuth serve: --trusted-proxy: 'nowhere' is not an address or a network",
        "de": "sleuth serve: --trusted-proxy: 'nowhere' ist keine Adresse und kein Netz",
        "ja": "sleuth serve: --trusted-proxy：'nowhere'はアドレスでもネットワークでもありません",
    },
    ("serve", "--notify-lease", "5"): {
        "en": "sleuth serve: --notify-lease: a number of seconds from 40 to 3600",
        "de": "sleuth serve: --notify-lease: eine Zahl von Sekunden von 40 bis 3600",
        "ja": "sleuth serve: --notify-lease：40〜3600の秒数",
    },
    ("serve", "--max-think", "0"): {
        "en": "sleuth serve: error: argument --max-think: 0 is not between 0.1 and 600 seconds",
        "de": "sleuth serve: Fehler: Argument --max-think: 0 liegt nicht zwischen 0.1 und 600 "
        "Sekunden",
        "ja": "sleuth serve：エラー：引数--max-think：0は0.1〜600秒の範囲外です",
    },
}


def last_error(words: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    try:
        code = main(words)
    except SystemExit as exited:  # argparse's refusal
        code = int(str(exited.code))
    assert code == 2
    return capsys.readouterr().err.splitlines()[-1]


@pytest.mark.parametrize("language", ["en", "de", "ja"])
@pytest.mark.parametrize("words", sorted(REFUSALS))
def test_a_command_refuses_in_the_language_lang_names(
    words: tuple[str, ...], language: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # Before a bot's command (after --), whose words are its own.
    at = words.index("--") if "--" in words else len(words)
    line = last_error([*words[:at], "--lang", language, *words[at:]], capsys)
    assert line == REFUSALS[words][language]


def test_an_output_refused_in_the_environments_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    words = ["arena", EXAMPLE, "--players", "3", "--bots", "random,random,random"]
    line = last_error([*words, "--out", str(tmp_path)], capsys)
    assert line == f"sleuth arena: --out {tmp_path}：ファイルではなくフォルダーです"


def test_the_ladder_prints_its_lines_in_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    words = ["ladder", EXAMPLE, "--players", "3", "--games", "1", "--seed", "2", "--no-levels"]
    assert main([*words, "--entrant", "a=random", "--entrant", "b=basic", "--lang", "de"]) == 0
    captured = capsys.readouterr()
    title = find_game(EXAMPLE).title
    lines = captured.out.splitlines()
    assert lines[0] == (
        f"{title}, 3 Spielende, 2 Teilnehmende, 1 Partien je Paar (1 Partien), Seed 2"
    )
    assert lines[1] == "    Name Wertung Partien Siege  verwirkt  Bot"
    assert captured.err.startswith("sleuth ladder: Warnung: --seed 2 gibt Partien, die jeder")


def test_the_server_says_where_it_serves_in_the_language(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pytest.importorskip("fastapi")
    import sleuth.server.app

    started: list[tuple[str, int]] = []
    monkeypatch.setattr(
        sleuth.server.app,
        "serve",
        lambda settings, host, port, on_start: started.append((host, port)),
    )
    with socket.socket() as probe:  # a port free now
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    key = tmp_path / "signing.key"  # made before the service starts: kept out of the home
    assert main(["serve", "--port", str(port), "--key", str(key), "--lang", "ja"]) == 0
    assert started == [("127.0.0.1", port)]
    assert capsys.readouterr().out == f"Sleuthをhttp://127.0.0.1:{port}/で提供中（Ctrl+Cで停止）\n"


def test_the_arenas_tables_have_the_languages_headings_in_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    words = ["arena", EXAMPLE, "--players", "3", "--bots", "random,basic,random", "--games", "2"]
    assert main([*words, "--seed", "5", "--lang", "ja"]) == 0
    lines = capsys.readouterr().out.splitlines()
    table = lines[1:4]
    assert table[0].split() == [
        "ボット",
        "ゲーム数",
        "勝ち",
        "勝率",
        "95%区間",
        "平均得点",
        "ms/手",
        "レーティング",
        "勝利までの質問数（自分/卓）",
    ]
    assert [row.split()[0] for row in table[1:]] == ["basic", "random"]
    # Right-aligned to the last column: every line ends at the same terminal column.
    assert len({columns(line) for line in table}) == 1
    pairs = lines[lines.index("") + 1 :][:2]
    assert pairs[0].split() == ["得点差", "ゲーム数", "平均", "95%区間", "上回り", "下回り"]
    assert columns(pairs[0]) == columns(pairs[1])


@pytest.mark.parametrize("language", ["de", "ja"])
def test_the_games_list_speaks_the_language_with_each_games_own_words(
    language: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["games", "--lang", language]) == 0
    lines = capsys.readouterr().out.splitlines()
    helps = {line.strip() for line in lines if line.startswith("      ")}
    translated = 0
    for kit in all_kits():
        game = kit.game
        heading = f"{game.min_players}-{game.max_players} players"
        assert not any(heading in line for line in lines)
        # A list option's bound in the language too (it said "at most 30 items").
        assert not any(" items)" in line for line in lines)
        locale = kit.part(RULES, RulesGuide).locale if kit.has(RULES) else None
        for option in game.options():
            said = translate_at(locale, language, option.help)
            assert said in helps
            if option.max_items is not None:
                bound = option.bounds_in(language)
                assert bound != option.bounds_in("en")
                assert bound in "\n".join(lines)
            if said != option.help:
                translated += 1
                assert option.help not in helps
    assert translated >= 10


def test_play_says_in_the_language_which_seats_it_fills_and_how_it_ended(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pytest.importorskip("textual")
    from sleuth.tui.play_app import PlayApp

    monkeypatch.setattr(PlayApp, "run", lambda app: None)
    monkeypatch.chdir(tmp_path)
    words = ["play", EXAMPLE, "--players", "4", "--bots", "deductive", "--seed", "5"]
    assert main([*words, "--lang", "de"]) == 0
    captured = capsys.readouterr()
    assert captured.err == (
        "sleuth play: Auf den Plätzen 2 und 3 spielt der Zufalls-Bot (1 Bot für 3 Plätze "
        "genannt; --bots nennt einen für jeden Platz, z. B. --bots basic,basic,basic)\n"
    )
    assert captured.out == "Partie nach 0 Schritten unbeendet verlassen.\n"
    assert main([*words, "--lang", "ja"]) == 0
    assert capsys.readouterr().out == "0ステップでゲームを中断しました。\n"


@pytest.mark.parametrize("language", ["de", "ja"])
def test_the_bots_list_says_how_each_ladder_was_measured_in_the_language(
    language: str, capsys: pytest.CaptureFixture[str]
) -> None:
    measured = [kit.name for kit in all_kits() if isinstance(ladder(kit.name)["measured"], dict)]
    assert measured  # the built-in games' ladders are measured
    for name in measured:
        assert main(["bots", name, "--lang", language]) == 0
        out = capsys.readouterr().out
        said = how_measured(ladder(name)["measured"], language)
        assert said != how_measured(ladder(name)["measured"], "en")
        assert said in out
        # It said "200 games at 4 players, seed 1, ..." in every language.
        assert " games at " not in out


def bad_values(option: OptionInfo, items: tuple[str, ...] = ()) -> list[str]:
    """Values a person may type that any game's option of its kind refuses: for a list (a
    deck, the suspects, the clues; ``items`` its default), an item twice, an item no game
    knows, an empty item, and more items than its bound (which repeat items, too)."""
    if option.choices:
        return ["maybe"]
    if option.kind == "bool":
        return ["maybe"]
    if option.kind == "int":
        return ["x", str((option.high or 0) + 1)]
    if option.kind == "list":
        return [
            ",".join([*items, items[0]]),
            ",".join(["nothing?", *items[1:]]),
            ",".join([*items, ""]),
            ",".join(items * ((option.max_items or 0) // len(items) + 1)),
        ]
    return []


def default_items(game: type[Game[Any]], option: OptionInfo) -> tuple[str, ...]:
    """A list option's default items (a named deck's cards, not its name)."""
    value = getattr(game.configure(game.min_players).config, option.name)
    return tuple(value) if isinstance(value, tuple) else ()


@pytest.mark.parametrize("language", ["de", "ja"])
def test_a_rule_options_refusal_is_said_in_the_language(language: str) -> None:
    refused = 0
    for kit in all_kits():
        game = kit.game
        for option in game.options():
            for value in bad_values(option, default_items(game, option)):
                with pytest.raises(ConfigError) as caught:
                    game.configure(game.min_players, **{option.name: value})
                english = str(caught.value)
                assert error_in(caught.value, language) != english, english
                refused += 1
        with pytest.raises(ConfigError) as caught:
            game.configure(game.min_players, no_such_option="1")
        assert error_in(caught.value, language) != str(caught.value)
        with pytest.raises(ConfigError) as caught:
            game.configure(game.max_players + 1)
        assert error_in(caught.value, language) != str(caught.value)
    assert refused >= 20


@pytest.mark.parametrize("language", ["de", "ja"])
def test_simulate_refuses_a_rule_option_in_the_language(
    language: str, capsys: pytest.CaptureFixture[str]
) -> None:
    game = find_game(EXAMPLE)
    lists = [option for option in game.options() if option.kind == "list"]
    typed = [
        (3, f"{option.name}={value}")
        for option in lists
        for value in bad_values(option, default_items(game, option))
    ]
    for players, option in [*typed, (game.max_players + 1, "")]:
        words = ["simulate", EXAMPLE, "--players", str(players), "--lang", language]
        line = last_error([*words, "--option", option] if option else words, capsys)
        with pytest.raises(ConfigError) as caught:
            game.configure(players, **dict([option.split("=", 1)] if option else []))
        assert line == f"sleuth simulate: {error_in(caught.value, language)}"
        assert error_in(caught.value, language) != str(caught.value)
