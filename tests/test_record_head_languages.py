"""A record refused before its steps are replayed is refused in the person's language (issue
#35): its file (not an object, not JSON, not UTF-8, too large), its head (a key unknown or
missing, the format, the version, the commitment, the game), its steps' shape, its ending
(the seed, the salt, the private section), its signature and a signing key's file, each
value not written out ("an object", "an array of 2") in words; ``sleuth replay`` and
``sleuth review`` say them with ``--lang``. In English they read as before."""

from __future__ import annotations

import copy
import functools
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sleuth.cli.main import main
from sleuth.core.errors import RecordError
from sleuth.core.record_files import load_record, save_record
from sleuth.core.records import replay_record
from sleuth.core.signing import read_key, sign_record
from support.example_game import EXAMPLE
from support.records import sample_records
from support.said_errors import refusals

KEY = b"the service's signing key, 32 b."
OTHER_KEY = b"somebody else's key, 32 bytes.."
KEYS = (
    "format, version, game, rules_version, config, commitment, steps, seed, salt, private, "
    "reveal, outcome, signature"
)
ENDING = "seed, salt, private, reveal, outcome"
Edit = Callable[[dict[str, Any]], object]

EDITS: list[Edit] = [
    lambda record: record.update(extra=1),
    lambda record: record.pop("commitment"),
    lambda record: record.update(format={}),
    lambda record: record.update(version=[1, 2]),
    lambda record: record.update(version=1),
    lambda record: record.update(version=9),
    lambda record: record.update(commitment="x"),
    lambda record: record.update(game=[]),
    lambda record: record.update(steps={}),
    lambda record: record["steps"].__setitem__(0, [0]),
    lambda record: record["steps"][0].__setitem__(0, 9),
    lambda record: record.pop("reveal"),
    lambda record: record.update(signature="x"),
    lambda record: record.update(seed=-1),
    lambda record: record.update(salt="zz"),
    lambda record: record.update(salt="1" * 32),
    lambda record: record.update(private={}),
    lambda record: record.update(private=[[1]]),
    lambda record: record.update(private=[[0, "a", "b"]]),
    lambda record: record["outcome"].update(x=1.5),
]
SAID = {
    "en": [
        f"'extra': unknown key (a record holds {KEYS})",
        "commitment: missing",
        "format: expected 'sleuth-record', got an object",
        "version: expected a whole number, got an array of 2",
        "version: this Sleuth reads version 2 records, not 1 (an older format, before commitments)",
        "version: this Sleuth reads version 2 records, not 9",
        "commitment: expected 64 hex digits (SHA-256), got 'x'",
        "game: expected a game name, got an array of 0",
        "steps: expected an array",
        "step 1: expected [seat, action, result]",
        "step 1: seat 9 is not a seat of this 4-player game",
        f"reveal: missing (a finished record holds {ENDING}; a record written before the end "
        "holds none of them)",
        "signature: expected 64 hex digits (HMAC-SHA256), got 'x'",
        "seed: expected a whole number 0..2^128-1, got -1",
        "salt: expected 32 hex digits, got 'zz'",
        "commitment: the revealed seed and salt do not hash to it (the deal is not the one "
        "fixed before the first move)",
        "private: expected an array of [step, action, private result]",
        "private[0]: expected [step, action, private result]",
        "private[0]: step 0 is not a step after step 0 (steps are 1-12, each listed once, in "
        "order)",
        "outcome.x: 1.5 is not a whole number (records hold no others)",
    ],
    "de": [
        f"'extra': unbekannter Schlüssel (ein Protokoll enthält {KEYS})",
        "commitment: fehlt",
        "format: erwartet wird 'sleuth-record', nicht ein Objekt",
        "version: erwartet wird eine ganze Zahl, nicht ein Array aus 2",
        "version: dieses Sleuth liest Protokolle der Version 2, nicht 1 (ein älteres Format, "
        "vor den Commitments)",
        "version: dieses Sleuth liest Protokolle der Version 2, nicht 9",
        "commitment: erwartet werden 64 Hexziffern (SHA-256), nicht 'x'",
        "game: erwartet wird ein Spielname, nicht ein Array aus 0",
        "steps: ein Array erwartet",
        "Schritt 1: [Platz, Zug, Ergebnis] erwartet",
        "Schritt 1: Platz 9 ist kein Platz dieser Partie mit 4 Spielern",
        f"reveal: fehlt (ein beendetes Protokoll enthält {ENDING}; ein vor dem Ende "
        "geschriebenes keines davon)",
        "signature: erwartet werden 64 Hexziffern (HMAC-SHA256), nicht 'x'",
        "seed: erwartet wird eine ganze Zahl 0..2^128-1, nicht -1",
        "salt: erwartet werden 32 Hexziffern, nicht 'zz'",
        "commitment: der aufgedeckte Seed und Salt ergeben nicht diesen Hash (das Geben ist "
        "nicht das vor dem ersten Zug festgelegte)",
        "private: ein Array aus [Schritt, Zug, privates Ergebnis] erwartet",
        "private[0]: [Schritt, Zug, privates Ergebnis] erwartet",
        "private[0]: Schritt 0 ist kein Schritt nach Schritt 0 (die Schritte sind 1-12, jeder "
        "einmal, der Reihe nach)",
        "outcome.x: 1.5 ist keine ganze Zahl (Protokolle enthalten keine anderen)",
    ],
    "ja": [
        f"'extra'：不明なキーです（記録が持つのは {KEYS}）",
        "commitment：ありません",
        "format：'sleuth-record' が必要ですが、オブジェクト でした",
        "version：整数が必要ですが、要素2個の配列 でした",
        "version：このSleuthが読めるのはバージョン2の記録で、1ではありません"
        "（commitment以前の古い形式です）",
        "version：このSleuthが読めるのはバージョン2の記録で、9ではありません",
        "commitment：16進数64桁（SHA-256）が必要ですが、'x' でした",
        "game：ゲーム名が必要ですが、要素0個の配列 でした",
        "steps：配列が必要です",
        "手番1：[席, 手, 結果] が必要です",
        "手番1：席 9 はこの4人ゲームの席ではありません",
        f"reveal：ありません（終わった記録は {ENDING} を持ち、終わる前に書かれた記録はどれも"
        "持ちません）",
        "signature：16進数64桁（HMAC-SHA256）が必要ですが、'x' でした",
        "seed：0〜2^128-1の整数が必要ですが、-1 でした",
        "salt：16進数32桁が必要ですが、'zz' でした",
        "commitment：明かされたシード値とソルトのハッシュが一致しません"
        "（配りは最初の手の前に決められたものではありません）",
        "private：[手番, 手, 非公開の結果] の配列が必要です",
        "private[0]：[手番, 手, 非公開の結果] が必要です",
        "private[0]：手番0は手番0より後の手番ではありません（手番は1〜12で、それぞれ一度ずつ"
        "順に並べます）",
        "outcome.x：1.5 は整数ではありません（記録は整数しか持ちません）",
    ],
}
NOT_AN_OBJECT = {
    "en": "record: expected a JSON object",
    "de": "record: ein JSON-Objekt erwartet",
    "ja": "record：JSONオブジェクトが必要です",
}
SIGNATURE_SAID = {
    "en": [
        "signature: missing (the record is unsigned, so the key proves nothing)",
        "signature: does not match the record under this key (the record was changed after "
        "signing, or signed with another key)",
    ],
    "de": [
        "signature: fehlt (das Protokoll ist nicht signiert, der Schlüssel beweist also nichts)",
        "signature: passt unter diesem Schlüssel nicht zum Protokoll (das Protokoll wurde nach "
        "dem Signieren geändert oder mit einem anderen Schlüssel signiert)",
    ],
    "ja": [
        "signature：ありません（記録に署名がないので、鍵では何も証明できません）",
        "signature：この鍵では記録と一致しません（署名の後で記録が変えられたか、別の鍵で"
        "署名されています）",
    ],
}
FILES_SAID = {
    "en": [
        "{a}: expected a JSON object",
        "{b}: not JSON: Expecting property name enclosed in double quotes: line 1 column 2 "
        "(char 1)",
        "{c}: not UTF-8 text (byte 7)",
        "{d}: larger than 5 bytes, so not a record (12 bytes)",
    ],
    "de": [
        "{a}: ein JSON-Objekt erwartet",
        "{b}: kein JSON: Schlüssel in doppelten Anführungszeichen erwartet: Zeile 1, Spalte 2 "
        "(Zeichen 1)",
        "{c}: kein UTF-8-Text (Byte 7)",
        "{d}: größer als 5 Bytes, also kein Protokoll (12 Bytes)",
    ],
    "ja": [
        "{a}：JSONオブジェクトが必要です",
        "{b}：JSONではありません：1行2列（文字位置1）：二重引用符で囲んだキーが必要です",
        "{c}：UTF-8のテキストではありません（バイト位置7）",
        "{d}：5バイトより大きいので記録ではありません（12バイト）",
    ],
}
KEY_SAID = {
    "en": "key file {k}: a key needs at least 16 bytes, this one has 5 (make one with: "
    'python -c "import secrets; print(secrets.token_hex(32))")',
    "de": "Schlüsseldatei {k}: ein Schlüssel braucht mindestens 16 Bytes, dieser hat 5 "
    '(einen erzeugen mit: python -c "import secrets; print(secrets.token_hex(32))")',
    "ja": "鍵ファイル {k}：鍵には16バイト以上が必要ですが、この鍵は5バイトです"
    '（作り方：python -c "import secrets; print(secrets.token_hex(32))"）',
}
LANGUAGES = ["en", "de", "ja"]


@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    return sample_records()[EXAMPLE]


def _files(folder: Path) -> dict[str, Path]:
    """A file for each way a file is not a record (d: too large under a bound of 5 bytes)."""
    files = {name: folder / f"{name}.json" for name in "abcd"}
    files["a"].write_text("[1]")
    files["b"].write_text("{,}")
    files["c"].write_bytes(b'{"x": "\xff"}')
    files["d"].write_text('{"x": 12345}')
    return files


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_record_is_refused_before_its_steps_in_the_language(
    language: str, record: dict[str, Any]
) -> None:
    tampered: list[object] = [[]]
    for edit in EDITS:
        tampered.append(copy.deepcopy(record))
        edit(tampered[-1])  # type: ignore[arg-type]
    said = refusals(replay_record, tampered, RecordError, language)
    assert said == [NOT_AN_OBJECT[language], *SAID[language]]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_signature_is_refused_in_the_language(language: str, record: dict[str, Any]) -> None:
    checked = functools.partial(replay_record, key=KEY)
    given = [record, sign_record(record, OTHER_KEY)]
    assert refusals(checked, given, RecordError, language) == SIGNATURE_SAID[language]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_file_that_is_no_record_and_a_short_key_are_refused_in_the_language(
    language: str, tmp_path: Path
) -> None:
    files = _files(tmp_path)
    bounded = functools.partial(load_record, max_bytes=5)
    # a, b and c are refused whatever the bound; d only under it.
    said = refusals(load_record, [files["a"], files["b"], files["c"]], RecordError, language)
    said += refusals(bounded, [files["d"]], RecordError, language)
    assert said == [words.format(**files) for words in FILES_SAID[language]]
    short = tmp_path / "key"
    short.write_text("short\n")
    assert refusals(read_key, [short], RecordError, language) == [
        KEY_SAID[language].format(k=short)
    ]


@pytest.mark.parametrize(
    ("language", "rejected", "ok", "unsigned"),
    [
        ("en", "REJECTED", "ok, 12 steps, over (", "unsigned: authenticity not checked"),
        (
            "de",
            "ABGELEHNT",
            "in Ordnung, 12 Schritte, vorbei (",
            "nicht signiert: Echtheit nicht geprüft",
        ),
        ("ja", "不合格", "問題なし、手番12、終了（", "署名なし：真正性は確認していません"),
    ],
)
def test_sleuth_replay_and_review_say_it_in_the_language(
    language: str,
    rejected: str,
    ok: str,
    unsigned: str,
    record: dict[str, Any],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    files = _files(tmp_path)
    good = tmp_path / "good.json"
    save_record(record, good)
    colon = "：" if language == "ja" else ": "
    assert main(["replay", "--lang", language, str(files["a"]), str(good)]) == 2
    captured = capsys.readouterr()
    refused = FILES_SAID[language][0].format(**files)
    assert captured.err.splitlines() == [f"{files['a']}{colon}{rejected}{colon}{refused}"]
    assert captured.out.startswith(f"{good}: {ok}")
    assert captured.out.endswith(f"; {unsigned}\n")
    assert main(["review", "--lang", language, str(files["a"])]) == 2
    assert capsys.readouterr().err == f"sleuth review: {refused}\n"
