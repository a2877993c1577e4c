"""A saved game that ``sleuth play --resume FILE`` cannot take is refused in the player's
language (issue #35): every ``SaveError`` and the JSON file's kind ("saved game") are words
with values, said in German or Japanese; in English they read as before."""

from __future__ import annotations

import base64
import hashlib
import json
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sleuth.agents import RandomAgent
from sleuth.arena import play_match
from sleuth.arena.saves import SavedGame, SaveError, read_save, write_save
from sleuth.cli.main import main
from sleuth.core import find_game, make_game
from sleuth.core.records import Step
from support.game_cases import kit_for
from support.said_errors import refusals

EXAMPLE = kit_for(lambda cases: cases.fronts.example).name
PLAYERS = find_game(EXAMPLE).min_players
SEED = 2**100 + 7
Edit = Callable[[dict[str, Any]], None]


def _saved(path: Path, steps: tuple[Step, ...] = ()) -> Path:
    game = make_game(EXAMPLE, PLAYERS)
    bots = (None, *["random"] * (PLAYERS - 1))
    write_save(path, SavedGame(game, SEED, "0" * 32, bots, steps))
    return path


def _outer(path: Path, edit: Edit) -> None:
    outer = json.loads(path.read_text(encoding="utf-8"))
    edit(outer)
    path.write_text(json.dumps(outer), encoding="utf-8")


def _inner(path: Path, edit: Edit) -> None:
    def repacked(outer: dict[str, Any]) -> None:
        inner = json.loads(zlib.decompress(base64.b64decode(outer["payload"])))
        edit(inner)
        packed = zlib.compress(json.dumps(inner).encode())
        outer["payload"] = base64.b64encode(packed).decode()
        outer["sha256"] = hashlib.sha256(packed).hexdigest()

    _outer(path, repacked)


OUTER: list[Edit] = [
    lambda outer: outer.update(format="notes"),
    lambda outer: outer.update(version=2),
    lambda outer: outer.pop("payload"),
    lambda outer: outer.update(payload="!!"),
    lambda outer: outer.update(payload="AAAA" + outer["payload"]),
    lambda outer: outer.update(
        payload=base64.b64encode(b"plain").decode(), sha256=hashlib.sha256(b"plain").hexdigest()
    ),
    lambda outer: outer.update(warning="x" * 4_000_000),
    lambda outer: outer.update(steps=1.5),
]
INNER: list[Edit] = [
    lambda inner: inner.update(extra=1),
    lambda inner: inner.update(game=7),
    lambda inner: inner.update(seed="1"),
    lambda inner: inner.update(seed=2**128),
    lambda inner: inner.update(salt="xyz"),
    lambda inner: inner.update(bots=[None]),
    lambda inner: inner.update(bots=[None, 1, *inner["bots"][2:]]),
    lambda inner: inner.update(bots=["random"] * len(inner["bots"])),
    lambda inner: inner["bots"].__setitem__(1, "cmd:touch x"),
    lambda inner: inner.update(steps={}),
    lambda inner: inner.update(steps=[[0, "x"]]),
    lambda inner: inner.update(front=[]),
]
SAID = {
    "en": [
        "format: not a saved game (expected format 'sleuth-saved-game')",
        "version: 2, this Sleuth reads 1",
        "payload, sha256: missing",
        "payload: not base64",
        "sha256: the payload does not match its checksum (a damaged file)",
        "payload: not compressed data",
        "it is larger than 4,000,000 bytes, so not a saved game",
        "it holds the number 1.5, and a saved game has whole numbers only",
        "extra: unknown key",
        "game: expected a game name",
        "seed: expected a whole number",
        "seed: a record's seed is a whole number 0..2^128-1",
        "salt: expected 32 hex digits",
        f"bots: expected one entry per seat ({PLAYERS})",
        "bots: each is a bot spec or null (a person)",
        "bots: no person plays in this game",
        "bots: seat 1 is a bot program ('cmd:touch x'); a saved game starts no program",
        "steps: expected a list",
        "steps[1]: expected [seat, action, result]",
        "front: expected an object",
    ],
    "de": [
        "format: kein Spielstand (erwartet wird das Format 'sleuth-saved-game')",
        "version: 2, dieses Sleuth liest 1",
        "payload, sha256: fehlen",
        "payload: kein Base64",
        "sha256: payload passt nicht zu seiner Prüfsumme (eine beschädigte Datei)",
        "payload: keine komprimierten Daten",
        "die Datei ist größer als 4,000,000 Bytes, also nicht als Spielstand lesbar",
        "die Datei enthält die Zahl 1.5, aber als Spielstand darf sie nur ganze Zahlen enthalten",
        "extra: unbekannter Schlüssel",
        "game: erwartet wird der Name eines Spiels",
        "seed: erwartet wird eine ganze Zahl",
        "seed: der Seed eines Protokolls ist eine ganze Zahl 0..2^128-1",
        "salt: erwartet werden 32 Hexadezimalziffern",
        f"bots: erwartet wird ein Eintrag pro Platz ({PLAYERS})",
        "bots: jeder Eintrag ist ein Bot oder null (ein Mensch)",
        "bots: in dieser Partie spielt kein Mensch",
        "bots: Platz 1 ist ein Bot-Programm ('cmd:touch x'); ein Spielstand startet kein Programm",
        "steps: erwartet wird eine Liste",
        "steps[1]: erwartet wird [Platz, Zug, Ergebnis]",
        "front: erwartet wird ein Objekt",
    ],
    "ja": [
        "format：保存したゲームではありません（形式 'sleuth-saved-game' のはずです）",
        "version：2 です。このSleuthが読めるのは 1 です",
        "payload、sha256：ありません",
        "payload：Base64ではありません",
        "sha256：payload がチェックサムと一致しません（ファイルが壊れています）",
        "payload：圧縮データではありません",
        "4,000,000バイトを超えているので、保存したゲームではありません",
        "数1.5が含まれています。保存したゲームには整数しか入りません",
        "extra：不明なキーです",
        "game：ゲーム名を指定してください",
        "seed：整数を指定してください",
        "seed：記録のシード値は0〜2^128-1の整数です",
        "salt：16進数32桁を指定してください",
        f"bots：席ごとに1項目（{PLAYERS}項目）を指定してください",
        "bots：各項目はボットの指定か null（人）です",
        "bots：このゲームには人が一人もいません",
        "bots：席 1 はボットプログラム（'cmd:touch x'）です。"
        "保存したゲームからプログラムは起動しません",
        "steps：リストを指定してください",
        "steps[1]：[席, 手, 結果] の形で指定してください",
        "front：オブジェクトを指定してください",
    ],
}


def _damaged(folder: Path) -> list[Path]:
    paths = []
    for number, edit in enumerate(OUTER):
        paths.append(_saved(folder / f"outer{number}.json"))
        _outer(paths[-1], edit)
    for number, edit in enumerate(INNER):
        paths.append(_saved(folder / f"inner{number}.json"))
        _inner(paths[-1], edit)
    return paths


@pytest.mark.parametrize("language", ["en", "de", "ja"])
def test_a_damaged_save_is_refused_in_the_language(language: str, tmp_path: Path) -> None:
    paths = _damaged(tmp_path)
    said = refusals(read_save, paths, SaveError, language)
    colon = "：" if language == "ja" else ": "
    assert said == [f"{p}{colon}{words}" for p, words in zip(paths, SAID[language], strict=True)]


CLI = {
    "en": (
        "{file}: sha256: the payload does not match its checksum (a damaged file)",
        "{file}: it does not replay: step 1: {action} gives {result}, not the saved 'x'",
        "{file}: that game is over (sleuth replay shows it)",
    ),
    "de": (
        "{file}: sha256: payload passt nicht zu seiner Prüfsumme (eine beschädigte Datei)",
        "{file}: die Partie lässt sich nicht nachspielen: Schritt 1: {action} ergibt {result}, "
        "nicht das gespeicherte 'x'",
        "{file}: diese Partie ist vorbei (sleuth replay zeigt sie)",
    ),
    "ja": (
        "{file}：sha256：payload がチェックサムと一致しません（ファイルが壊れています）",
        "{file}：再現できません：手番1：{action} の結果は {result} で、"
        "保存された 'x' ではありません",
        "{file}：このゲームは終わっています（sleuth replay で見られます）",
    ),
}


@pytest.mark.parametrize("language", ["en", "de", "ja"])
def test_resume_says_what_is_wrong_in_the_language_of_lang(
    language: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    agents = [RandomAgent(0.0) for _ in range(PLAYERS)]
    played = play_match(make_game(EXAMPLE, PLAYERS), agents, SEED).steps
    damaged = _saved(tmp_path / "damaged.json")
    _outer(damaged, lambda outer: outer.update(payload="AAAA" + outer["payload"]))
    first = played[0]
    edited = _saved(tmp_path / "edited.json", (Step(first.seat, first.action, "x"),))
    over = _saved(tmp_path / "over.json", played)
    said = []
    for path in (damaged, edited, over):
        assert main(["play", "--resume", str(path), "--lang", language]) == 2
        said.append(capsys.readouterr().err)
    values = {"action": repr(first.action), "result": repr(first.result)}
    assert said == [
        f"sleuth play: {words.format(file=path, **values)}\n"
        for path, words in zip((damaged, edited, over), CLI[language], strict=True)
    ]


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "cannot save in {file}: the folder {folder} does not exist"),
        ("de", "kann nicht in {file} speichern: den Ordner {folder} gibt es nicht"),
        ("ja", "{file} に保存できません：フォルダー {folder} がありません"),
    ],
)
def test_a_save_to_a_missing_folder_is_refused_in_the_language(
    language: str, words: str, tmp_path: Path
) -> None:
    path = tmp_path / "gone" / "game.json"
    said = refusals(_saved, [path], SaveError, language)
    assert said == [words.format(file=path, folder=path.parent)]


# A saved game's config tampered with: the decoder's words (where in the config, then what is
# wrong) said in the language, the type names kept as the code words they are.
CONFIG: list[Edit] = [
    lambda inner: inner["config"].update(extra=1),
    lambda inner: inner["config"].pop("players"),
    lambda inner: inner["config"].update(players="3"),
    lambda inner: inner.update(config=[]),
]
CONFIG_SAID = {
    "en": [
        "config: unknown field(s) ['extra'] for {kind}",
        "config: missing field(s) ['players'] for {kind}",
        "config: config.players: expected int, got str",
        "config: expected an object",
    ],
    "de": [
        "config: unbekannte Felder ['extra'] für {kind}",
        "config: fehlende Felder ['players'] für {kind}",
        "config: config.players: erwartet wird int, nicht str",
        "config: erwartet wird ein Objekt",
    ],
    "ja": [
        "config：{kind} に不明なフィールド ['extra'] があります",
        "config：{kind} のフィールド ['players'] がありません",
        "config：config.players：int のはずですが、str です",
        "config：オブジェクトを指定してください",
    ],
}


@pytest.mark.parametrize("language", ["en", "de", "ja"])
def test_a_tampered_config_is_refused_in_the_language(language: str, tmp_path: Path) -> None:
    paths = []
    for number, edit in enumerate(CONFIG):
        paths.append(_saved(tmp_path / f"config{number}.json"))
        _inner(paths[-1], edit)
    said = refusals(read_save, paths, SaveError, language)
    colon = "：" if language == "ja" else ": "
    kind = find_game(EXAMPLE).config_type.__name__
    wanted = [words.format(kind=kind) for words in CONFIG_SAID[language]]
    assert said == [f"{p}{colon}{words}" for p, words in zip(paths, wanted, strict=True)]
