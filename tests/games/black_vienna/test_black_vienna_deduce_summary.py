"""``sleuth deduce`` for people: a summary by default, the analysis as JSON with --json, and
empty results that say why (issue #34, item 3); in German and Japanese with --lang (issue
#35)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sleuth.cli.main import main
from sleuth.deduce.api import analyze_position

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


def _deduce(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], position: object, *flags: str
) -> tuple[int, str, str]:
    path = tmp_path / "position.json"
    path.write_text(json.dumps(position), encoding="utf-8")
    code = main(["deduce", str(path), *flags])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_the_default_is_a_summary_a_person_reads(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _deduce(tmp_path, capsys, POSITION, "--questions", "--explain", "B")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    worlds = int(analyze_position(POSITION)["worlds"])  # type: ignore[arg-type]
    assert lines[0] == "Black Vienna, 4 players, seat 1"
    assert lines[1] == f"{worlds:,} deals fit what seat 1 knows."
    assert "Certain:" in lines and "  seat 1 (you): AFKPTX" in lines
    rings = next(line for line in lines if "possible solutions; likeliest: " in line)
    assert rings.count("%") == 5
    assert "B: its place is not certain yet." in lines
    best = lines.index("Best questions, by what the answer tells about the solution:")
    assert lines[best + 1].startswith("  ask ") and lines[best + 1].endswith(" bits")
    assert not out.lstrip().startswith("{")


def test_json_gives_the_analysis_schema_for_programs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _deduce(tmp_path, capsys, POSITION, "--json", "--questions")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert data == analyze_position(POSITION, questions=True)
    assert set(data) >= {"game", "seat", "consistent", "worlds", "cards", "solutions", "certain"}


def test_a_contradiction_is_named_in_the_summary(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    wrong = {**POSITION, "investigations": [{"target": 0, "letters": "FGI", "markers": 3}]}
    code, out, _ = _deduce(tmp_path, capsys, wrong)
    assert code == 0
    assert out.splitlines()[1:] == [
        "No deal fits: the answers contradict each other (someone miscounted).",
        'This answer cannot be true: investigations[0] {"target": 0, "letters": "FGI", '
        '"markers": 3}',
    ]


def test_no_questions_says_why_in_the_summary_and_beside_the_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    none_up = {**POSITION, "face_up": []}
    code, out, _ = _deduce(tmp_path, capsys, none_up, "--questions")
    assert code == 0
    assert (
        'Best questions: none; no card is face up ("face_up" is empty): there is nothing to '
        "ask with." in out.splitlines()
    )
    code, out, err = _deduce(tmp_path, capsys, none_up, "--questions", "--json")
    assert code == 0 and json.loads(out)["questions"] == []
    assert err == (
        'sleuth deduce: no questions: no card is face up ("face_up" is empty): there is '
        "nothing to ask with\n"
    )


def test_a_position_of_an_unknown_deck_takes_any_card_and_ranks_the_cards_known(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    box = {
        **POSITION,
        "investigations": [{"target": 2, "letters": "BCD", "markers": 3}],
        "deck": "unknown",
    }
    code, out, _ = _deduce(tmp_path, capsys, box, "--questions")
    assert code == 0
    assert "  seat 2: BCD" in out.splitlines()
    assert "Best questions: none; the deck is unknown and no face-up card is given" in out
    seen = {**box, "deck_seen": ["BCD", "EGH", "IJL"]}
    code, out, err = _deduce(tmp_path, capsys, seen, "--questions", "--json")
    assert (code, err) == (0, "")
    asked = {q["action"].split()[-1] for q in json.loads(out)["questions"]}
    assert asked == {"EGH", "IJL"}  # the cards of the box known so far, not yet asked
    code, out, _ = _deduce(tmp_path, capsys, seen, "--questions")
    assert "Best questions (among the cards of the box known so far)" in out
    code, _, err = _deduce(tmp_path, capsys, {**POSITION, "deck_seen": ["BCD"]})
    assert code == 2 and 'deck_seen: only with "deck": "unknown"' in err


def test_the_readme_shows_the_summary_deduce_prints(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    readme = (Path(__file__).parents[3] / "README.md").read_text(encoding="utf-8")
    shown = readme.split("```text\nBlack Vienna, 4 players, seat 1\n", 1)[1].split("```", 1)[0]
    position = {
        **POSITION,
        "investigations": [
            {"target": 2, "letters": "AOR", "markers": 1},
            {"target": 0, "letters": "BHV", "markers": 0},
            {"target": 3, "letters": "CDE", "markers": 3},
        ],
        "face_up": ["FGI", "JKL", "MNP"],
    }
    code, out, _ = _deduce(tmp_path, capsys, position, "--questions")
    assert code == 0
    assert out == "Black Vienna, 4 players, seat 1\n" + shown


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
        *(f"  {q:<16} {b} bits" for q, b in zip(QUESTIONS, ["0.14"] + ["0.13"] * 4, strict=True)),
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
        *(f"  {q:<16} {b} Bit" for q, b in zip(QUESTIONS, ["0,14"] + ["0,13"] * 4, strict=True)),
    ],
    "ja": [
        "Black Vienna、4人、席1",
        "席1の知っていることに合う配り方：3,200,573,376通り。",
        "確定：",
        "  席1（あなた）：AFKPTX",
        "ありうる解答：1,311通り。最有力：BHV 0.3%, BCH 0.2%, BCV 0.2%, BDH 0.2%, BDV 0.2%",
        "Aは席1（あなた）にあります：自分の手札。",
        "最善の質問、答えが解答について教えてくれる量の順：",
        *(f"  {q:<16} {b}ビット" for q, b in zip(QUESTIONS, ["0.14"] + ["0.13"] * 4, strict=True)),
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


def _split(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], position: object, *flags: str
) -> tuple[int, list[str], list[str]]:
    code, out, err = _deduce(tmp_path, capsys, position, *flags)
    return code, out.splitlines(), err.splitlines()


@pytest.mark.parametrize("language", ["en", "de", "ja"])
def test_the_summary_in_the_language(
    language: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    flags = ("--questions", "--explain", "A", "--lang", language)
    assert _split(tmp_path, capsys, POSITION, *flags) == (0, SUMMARY[language], [])
    code, out, err = _split(tmp_path, capsys, WRONG, "--lang", language)
    assert (code, out[1:], err) == (0, CONTRADICTION[language], [])
    code, out, err = _split(tmp_path, capsys, {**POSITION, "hand": "AFKPT1"}, "--lang", language)
    assert (code, out, err) == (2, [], [REFUSED[language]])
