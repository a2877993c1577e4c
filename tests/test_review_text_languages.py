"""``sleuth review`` in the person's language (issue #35): its heading, each seat's notes
(when it could be certain, its questions, its key moment), its step table's headings (each
column as wide as its heading or widest cell in terminal columns) and notes from the
catalogues, the moves in the game's notation; English as it always was."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from sleuth.cli.main import main
from sleuth.core import find_kit
from sleuth.core.record_files import save_record
from sleuth.i18n import columns, translate
from sleuth.review import render
from sleuth.review.annotate import seat_notes
from sleuth.review.model import (
    AttemptNote,
    GameReview,
    QuestionNote,
    Reading,
    SeatReview,
    Stretch,
)
from sleuth.review.record import review_part
from support.example_game import EXAMPLE
from support.records import sample_records

ONE, TWO = "seat 1's case", "seat 2's case"


def seat_review() -> SeatReview:
    """A seat that asked one question, was certain of one case after step 2 and named it at
    once, and could have been certain of the other but never named it."""
    odds = ({ONE: 0.5, TWO: 0.5}, {ONE: 0.7, TWO: 0.7}, {ONE: 1.0, TWO: 1.0}, {ONE: 1.0, TWO: 1.0})
    readings = (
        Reading(0, None, "(the deal)", "", 0.25, False, 2.0, odds[0]),
        Reading(1, 0, "ask 1 ABC", "ABC@1=1", 0.5, False, 1.0, odds[1]),
        Reading(2, 1, "ask 0 DEF", "DEF@0=0", 1.0, True, 0.0, odds[2]),
        Reading(3, 0, "solve 1 XYZ", "right", 1.0, True, 0.0, odds[3]),
    )
    question = QuestionNote(1, "ask 1 ABC", "bits", 1.0, 1.5, "ask 2 ABC", 0.5)
    attempt = AttemptNote(3, "solve 1 XYZ", ONE, 1.0, True, 2.0, 2, 0)
    stretches = (
        Stretch(ONE, ("XYZ",), 0, 3, 2, 2, 2.0, 2.0, 0.0, "on time"),
        Stretch(TWO, ("UVW",), 0, 3, 2, 3, 3.0, 0.0, 3.0, "never attempted"),
    )
    seat = SeatReview(0, 2.0, 2, readings, (question,), (attempt,), stretches, ())
    return SeatReview(**{**seat.__dict__, "notes": tuple(seat_notes(seat))})


SEAT = {
    "en": [
        "Seat 0: 2 points",
        "  Certain of seat 1's case after step 2; named it at once, at step 3: 2 points.",
        "  Could have been certain of seat 2's case after step 2 (its first chance to name it: "
        "step 4), but never named it: 3 points left on the table.",
        "  1 question: 1.00 bits each on average, against 1.50 for the best one then: 0.50 bits "
        "given away per question.",
        "  Best: step 1 ask 1 ABC (1.00 bits).",
        "  Weakest: step 1 ask 1 ABC gave 1.00 bits where ask 2 ABC would have given 1.50.",
        "  Key moment: step 1 (seat 0 ask 1 ABC -> ABC@1=1) took 1.00 bits off its uncertainty "
        "(2.00 -> 1.00; p of the truth 0.250 -> 0.500).",
        "",
        "  step  by  move                            result                    p(truth)   bits"
        "        seat 1        seat 2  note",
        "     0      (the deal)                                                   0.250   2.00"
        "         0.500         0.500",
        "     1   0  ask 1 ABC                       ABC@1=1                      0.500   1.00"
        "         0.700         0.700  1.00 bits, best 1.50 (ask 2 ABC)",
        "     2   1  ask 0 DEF                       DEF@0=0                      1.000   0.00"
        "         1.000         1.000  <- could know",
        "     3   0  solve 1 XYZ                     right                        1.000   0.00"
        "         1.000         1.000  ! right, p = 1.000",
    ],
    "de": [
        "Platz 0: 2 Punkte",
        "  Fall von Platz 1: nach Schritt 2 sicher; sofort genannt, in Schritt 3: 2 Punkte.",
        "  Fall von Platz 2: nach Schritt 2 wäre Sicherheit möglich gewesen (erste Gelegenheit "
        "zur Nennung: Schritt 4), aber nie genannt: 3 Punkte liegen gelassen.",
        "  1 Frage: im Mittel 1.00 Bit je Frage, gegenüber 1.50 für die damals beste: 0.50 Bit "
        "je Frage verschenkt.",
        "  Beste: Schritt 1 ask 1 ABC (1.00 Bit).",
        "  Schwächster: Schritt 1 ask 1 ABC brachte 1.00 Bit, wo ask 2 ABC 1.50 gebracht hätte.",
        "  Entscheidender Moment: Schritt 1 (Platz 0 ask 1 ABC -> ABC@1=1) nahm 1.00 Bit von "
        "seiner Ungewissheit (2.00 -> 1.00; p der Lösung 0.250 -> 0.500).",
        "",
        "  Schritt  von  Zug                             Ergebnis                  p(Lösung)    Bit"
        "       Platz 1       Platz 2  Anmerkung",
        "        0       (das Austeilen)                                               0.250   2.00"
        "         0.500         0.500",
        "        1    0  ask 1 ABC                       ABC@1=1                       0.500   1.00"
        "         0.700         0.700  1.00 Bit, beste 1.50 (ask 2 ABC)",
        "        2    1  ask 0 DEF                       DEF@0=0                       1.000   0.00"
        "         1.000         1.000  <- hätte es wissen können",
        "        3    0  solve 1 XYZ                     right                         1.000   0.00"
        "         1.000         1.000  ! richtig, p = 1.000",
    ],
    "ja": [
        "席0：2点",
        "  2手目の後に席1の事件を確信し、すぐに3手目で挙げた：2点。",
        "  2手目の後に席2の事件を確信できた（挙げる最初の機会：4手目）が、一度も挙げなかった："
        "3点を取り逃した。",
        "  質問1回：1回あたり平均1.00ビット、その時点の最善の質問は1.50ビット："
        "1回あたり0.50ビットを失った。",
        "  最善の手：1手目 ask 1 ABC（1.00ビット）。",
        "  最も弱い手：1手目 ask 1 ABC は1.00ビット、ask 2 ABC なら1.50でした。",
        "  決定的な場面：1手目（席0 ask 1 ABC -> ABC@1=1）で不確かさが1.00ビット減った"
        "（2.00 -> 1.00、真相のp 0.250 -> 0.500）。",
        "",
        "  手目  席  手                              結果                       p(真相)  ビット"
        "           席1           席2  注記",
        "     0      （配札）                                                     0.250    2.00"
        "         0.500         0.500",
        "     1   0  ask 1 ABC                       ABC@1=1                      0.500    1.00"
        "         0.700         0.700  1.00ビット、最善 1.50（ask 2 ABC）",
        "     2   1  ask 0 DEF                       DEF@0=0                      1.000    0.00"
        "         1.000         1.000  <- 知り得た",
        "     3   0  solve 1 XYZ                     right                        1.000    0.00"
        "         1.000         1.000  ! 正解、p = 1.000",
    ],
}
# The step table's last target heading, and the heading line's text up to it.
HEAD_END = {"en": "seat 2", "de": "Platz 2", "ja": "席2"}
# The review's heading: the game's title, how its figures are found and its solution,
# each in the language (the game's words from the catalogues).
HEAD = {
    "en": [
        "Review of {title}, 3 players, 3 steps",
        "over ({reason}): scores 2 0 0; winners 0",
        "Figures: {method}.",
        "The truth is {solution}; p(truth) is each seat's probability of it.",
        "",
    ],
    "de": [
        "Auswertung: {title}, 3 Spielende, 3 Schritte",
        "vorbei ({reason}): Punkte 2 0 0; Gewinner 0",
        "Zahlen: {method}.",
        "Die Lösung ist {solution}; p(Lösung) ist die Wahrscheinlichkeit, die jeder Platz ihr "
        "gibt.",
        "",
    ],
    "ja": [
        "振り返り：{title}、3人、3手",
        "終了（{reason}）：得点 2 0 0、勝者 0",
        "数値：{method}。",
        "真相は{solution}。p(真相)は各席が真相に与えた確率です。",
        "",
    ],
}


@pytest.mark.parametrize("language", ["en", "de", "ja"])
def test_a_seats_review_is_said_in_the_language(language: str) -> None:
    kit = find_kit(EXAMPLE)
    part = review_part(kit)
    title = kit.game.title
    # A reason the game really ends for, as a record stores it (in English).
    reason = str(next(iter(kit.game.termination_type)))
    review = GameReview(
        EXAMPLE,
        f"{title}, 3 players, 3 steps",
        3,
        True,
        part.method,
        part.solution,
        "bits",
        f"over ({reason}): scores 2 0 0; winners 0",
        (seat_review(),),
    )
    # English: the default, as every caller that names no language has it
    text = render(review) if language == "en" else render(review, language=language)
    lines = text.splitlines()
    words = {
        "title": title,
        "method": translate(language, part.method),
        "solution": translate(language, part.solution),
        "reason": kit.translate(reason, language),
    }
    assert lines[:5] == [line.format(**words) for line in HEAD[language]]
    assert lines[5:] == SEAT[language]
    # The step table's figures right-aligned under their headings, in terminal columns: the
    # deal's row (no note) ends where the last target's heading does.
    head, *rows = lines[-5:]
    last = head.index(HEAD_END[language]) + len(HEAD_END[language])
    assert columns(head[:last]) == columns(rows[0])


@pytest.mark.parametrize(
    ("language", "first", "seat"),
    [
        ("en", "Review of {title}, {players} players, {steps} steps", "Seat 0: "),
        ("de", "Auswertung: {title}, {players} Spielende, {steps} Schritte", "Platz 0: "),
        ("ja", "振り返り：{title}、{players}人、{steps}手", "席0："),
    ],
)
def test_the_review_command_speaks_the_language(
    language: str, first: str, seat: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = sample_records()[EXAMPLE]
    path = tmp_path / "game.json"
    save_record(record, path)
    assert main(["review", str(path), "--lang", language]) == 0
    lines = capsys.readouterr().out.splitlines()
    title = find_kit(EXAMPLE).game.title
    words = {"title": title, "players": record["config"]["players"], "steps": len(record["steps"])}
    assert lines[0] == first.format(**words)
    assert any(line.startswith(seat) for line in lines)


@pytest.mark.parametrize(
    ("language", "refusal"),
    [
        ("en", "sleuth review: {path}: seat 9 is not a seat of this {players}-player game"),
        (
            "de",
            "sleuth review: {path}: Platz 9 ist kein Platz dieser Partie mit {players} Spielern",
        ),
        ("ja", "sleuth review: {path}: 席 9 はこの{players}人ゲームの席ではありません"),
    ],
)
def test_the_review_command_refuses_in_the_language(
    language: str, refusal: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = sample_records()[EXAMPLE]
    path = tmp_path / "game.json"
    save_record(record, path)
    assert main(["review", str(path), "--seat", "9", "--lang", language]) == 2
    players = record["config"]["players"]
    assert capsys.readouterr().err == refusal.format(path=path, players=players) + "\n"


# The plot's words: the axes' titles, the marks' legend (then one entry per seat), the truth.
PLOT = {
    "en": ("p(truth)", "uncertainty (bits)", "step", ["could know", "right attempt"], "truth: "),
    "de": ("p(Lösung)", "Ungewissheit (Bit)", "Schritt", ["hätte es wissen können"], "Lösung: "),
    "ja": ("p(真相)", "不確かさ（ビット）", "手目", ["知り得た", "正解の試み"], "真相："),
}
SEAT_WORD = {"en": "seat {seat}", "de": "Platz {seat}", "ja": "席{seat}"}


@pytest.mark.parametrize("language", ["en", "de", "ja"])
def test_the_review_plot_is_labelled_in_the_language(
    language: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    figure_module = pytest.importorskip("matplotlib.figure")
    drawn: list[Any] = []
    save = figure_module.Figure.savefig

    def keep(figure: Any, *args: Any, **kwargs: Any) -> None:
        drawn.append(figure)
        save(figure, *args, **kwargs)

    monkeypatch.setattr(figure_module.Figure, "savefig", keep)
    record = sample_records()[EXAMPLE]
    path = tmp_path / "game.json"
    save_record(record, path)
    plot = tmp_path / "review.png"
    assert main(["review", str(path), "--plot", str(plot), "--lang", language]) == 0
    [figure] = drawn
    top, bottom = figure.axes
    p_label, bits_label, step_label, marks, truth = PLOT[language]
    assert (top.get_ylabel(), bottom.get_ylabel(), bottom.get_xlabel()) == (
        p_label,
        bits_label,
        step_label,
    )
    legend = [text.get_text() for text in top.get_legend().get_texts()]
    seats = [SEAT_WORD[language].format(seat=seat) for seat in range(record["config"]["players"])]
    assert legend[: len(seats)] == seats
    assert legend[len(seats) : len(seats) + len(marks)] == marks
    title, truth_line = top.get_title().split("\n")
    assert title == render_title(record, language)
    part = review_part(find_kit(EXAMPLE))
    assert truth_line.startswith(truth + translate(language, part.solution))


def render_title(record: dict[str, Any], language: str) -> str:
    """The review's title as its text's first line says it (``Review of ...``)."""
    words = {
        "title": find_kit(EXAMPLE).game.title,
        "players": record["config"]["players"],
        "steps": len(record["steps"]),
    }
    return {
        "en": "{title}, {players} players, {steps} steps",
        "de": "{title}, {players} Spielende, {steps} Schritte",
        "ja": "{title}、{players}人、{steps}手",
    }[language].format(**words)
