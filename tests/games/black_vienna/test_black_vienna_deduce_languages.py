"""``sleuth deduce``'s summary of a Black Vienna position in German and Japanese (issue #35):
the headings, the certain places, the odds, the engine's reason, the best questions and a
contradiction in the language asked for (``--lang``), the numbers by its custom."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sleuth.cli.main import main

POSITION = {
    "game": "black-vienna",
    "players": 4,
    "seat": 1,
    "hand": "AFKPTX",
    "investigations": [
        {"target": 2, "letters": "AOR", "markers": 1},
        {"target": 0, "letters": "BHV", "markers": 0},
    ],
}
WRONG = {**POSITION, "investigations": [{"target": 0, "letters": "FGI", "markers": 3}]}
QUESTIONS = ["ask 2 IRT", "ask 2 DHO", "ask 2 ERV", "ask 3 ABC", "ask 3 HKW"]
ANSWER = 'investigations[0] {"target": 0, "letters": "FGI", "markers": 3}'

SUMMARY = {
    "en": [
        "Black Vienna, 4 players, seat 1",
        "3,200,573,376 deals fit what seat 1 knows.",
        "Certain:",
        "  seat 1 (you): AFKPTX",
        "1,311 possible solutions; likeliest: BHV 0.3%, BCH 0.2%, BCV 0.2%, BDH 0.2%, BDV 0.2%",
        "A is in seat 1 (you): own hand.",
        "Best questions, by what the answer tells about the solution:",
        *(f"  {q:<16} {b} bits" for q, b in zip(QUESTIONS, ["0.14"] + ["0.13"] * 4)),
    ],
    "de": [
        "Black Vienna, 4 Personen, Platz 1",
        "3.200.573.376 Verteilungen passen zu dem, was Platz 1 weiß.",
        "Sicher:",
        "  Platz 1 (du): AFKPTX",
        "1.311 mögliche Lösungen; am wahrscheinlichsten: BHV 0,3%, BCH 0,2%, BCV 0,2%, "
        "BDH 0,2%, BDV 0,2%",
        "A ist bei Platz 1 (du): eigene Hand.",
        "Beste Fragen, nach dem, was die Antwort über die Lösung verrät:",
        *(f"  {q:<16} {b} Bit" for q, b in zip(QUESTIONS, ["0,14"] + ["0,13"] * 4)),
    ],
    "ja": [
        "Black Vienna、4人、席1",
        "席1の知っていることに合う配り方：3,200,573,376通り。",
        "確定：",
        "  席1（あなた）：AFKPTX",
        "ありうる解答：1,311通り。最有力：BHV 0.3%, BCH 0.2%, BCV 0.2%, BDH 0.2%, BDV 0.2%",
        "Aは席1（あなた）にあります：自分の手札。",
        "最善の質問、答えが解答について教えてくれる量の順：",
        *(f"  {q:<16} {b}ビット" for q, b in zip(QUESTIONS, ["0.14"] + ["0.13"] * 4)),
    ],
}
CONTRADICTION = {
    "en": [
        "No deal fits: the answers contradict each other (someone miscounted).",
        f"This answer cannot be true: {ANSWER}",
    ],
    "de": [
        "Keine Verteilung passt: Die Antworten widersprechen einander (jemand hat sich verzählt).",
        f"Diese Antwort kann nicht stimmen: {ANSWER}",
    ],
    "ja": [
        "合う配り方がありません：答えが互いに矛盾しています（誰かが数え間違えました）。",
        f"この答えは正しくありえません：{ANSWER}",
    ],
}
# A position naming a card of wrong letters: the entry point's refusal inside the command's.
REFUSED = {
    "en": "sleuth deduce: invalid position: hand: unknown letter '1'",
    "de": "sleuth deduce: ungültige Stellung: hand: unbekannter Buchstabe '1'",
    "ja": "sleuth deduce: 無効な局面：hand：不明な文字 '1'",
}


def deduce(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], position: object, *flags: str
) -> tuple[int, list[str], list[str]]:
    path = tmp_path / "position.json"
    path.write_text(json.dumps(position), encoding="utf-8")
    code = main(["deduce", str(path), *flags])
    captured = capsys.readouterr()
    return code, captured.out.splitlines(), captured.err.splitlines()


@pytest.mark.parametrize("language", ["en", "de", "ja"])
def test_the_summary_in_the_language(
    language: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    flags = ("--questions", "--explain", "A", "--lang", language)
    assert deduce(tmp_path, capsys, POSITION, *flags) == (0, SUMMARY[language], [])
    code, out, err = deduce(tmp_path, capsys, WRONG, "--lang", language)
    assert (code, out[1:], err) == (0, CONTRADICTION[language], [])
    code, out, err = deduce(tmp_path, capsys, {**POSITION, "hand": "AFKPT1"}, "--lang", language)
    assert (code, out, err) == (2, [], [REFUSED[language]])
