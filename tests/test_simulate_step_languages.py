"""``sleuth simulate --verbose`` and ``--referee`` in the person's language (issue #35): the
games' headings, each step's seat, the private part the table did not see and the reveal
framed in the language's words, the moves in the game's notation; English as it always was."""

from __future__ import annotations

import re

import pytest

from sleuth.cli.main import main
from sleuth.core import find_kit
from sleuth.core.records import Step
from support.example_game import EXAMPLE

KEY = "0" * 32
SALT = "de0f553464b7199eb82a7db42b3302a2"  # the first game's salt under the key above
SEED = 9688117014886749614  # the first game's seed, derived from --seed 3
HEADINGS = {
    "en": f"--- game 0, the referee's view: seed {SEED}, salt {SALT} ---",
    "de": f"--- Partie 0, die Sicht der Spielleitung: Seed {SEED}, Salt {SALT} ---",
    "ja": f"--- ゲーム0（審判から見たもの）：シード値 {SEED}、ソルト {SALT} ---",
}
SPECTATOR = {
    "en": "--- game 0, as a spectator sees it ---",
    "de": "--- Partie 0, wie Zuschauende sie sehen ---",
    "ja": "--- ゲーム0（観戦者から見たもの） ---",
}
# Each step line: its number, then the seat and the move, by the language's words.
SEATS = {"en": "seat {seat}: {move}", "de": "Platz {seat}: {move}", "ja": "席{seat}：{move}"}
REVEALS = {"en": "reveal: {", "de": "Aufdeckung: {", "ja": "答え合わせ：{"}
STEP = re.compile(r"(?P<number>\s*\d+)\. seat (?P<seat>\d+): (?P<move>.*)")


def simulate(capsys: pytest.CaptureFixture[str], how: str, language: str) -> list[str]:
    words = ["simulate", EXAMPLE, "--players", "3", "--games", "1", "--seed", "3"]
    assert main([*words, "--bot-key", KEY, how, "--lang", language]) == 0
    return capsys.readouterr().out.splitlines()


def steps_in(lines: list[str], language: str, english: list[str]) -> list[str]:
    """The English steps as the language says them."""
    found = [STEP.fullmatch(line) for line in english]
    template = SEATS[language]
    return [
        f"{m['number']}. " + template.format(seat=m["seat"], move=m["move"]) for m in found if m
    ]


@pytest.mark.parametrize("language", ["de", "ja"])
def test_the_referee_frames_every_step_in_the_language(
    capsys: pytest.CaptureFixture[str], language: str
) -> None:
    english = simulate(capsys, "--referee", "en")
    lines = simulate(capsys, "--referee", language)
    assert english[0] == HEADINGS["en"]
    assert lines[0] == HEADINGS[language]
    steps = steps_in(lines, language, english)
    assert len(steps) > 1 and lines[1 : len(steps) + 1] == steps
    assert lines[len(steps) + 1].startswith(REVEALS[language])
    assert english[len(steps) + 1].startswith(REVEALS["en"])
    assert lines[len(steps) + 1].endswith(english[len(steps) + 1].removeprefix("reveal: "))


@pytest.mark.parametrize("language", ["de", "ja"])
def test_a_spectator_reads_every_step_in_the_language(
    capsys: pytest.CaptureFixture[str], language: str
) -> None:
    english = simulate(capsys, "--verbose", "en")
    lines = simulate(capsys, "--verbose", language)
    assert (english[0], lines[0]) == (SPECTATOR["en"], SPECTATOR[language])
    steps = steps_in(lines, language, english)
    assert len(steps) > 1 and lines[1 : len(steps) + 1] == steps


@pytest.mark.parametrize(
    ("language", "line"),
    [
        ("en", "  12. seat 1: pick 3 B  -> got B    [private; the table saw: pick 3 ?]"),
        ("de", "  12. Platz 1: pick 3 B  -> got B    [geheim; der Tisch sah: pick 3 ?]"),
        ("ja", "  12. 席1：pick 3 B  -> got B    ［非公開。卓から見えたもの：pick 3 ?］"),
    ],
)
def test_a_private_step_says_what_the_table_saw_in_the_language(language: str, line: str) -> None:
    from sleuth.cli.step_lines import referee_line

    step = Step(1, "pick 3 B", "", "pick 3 ?", "got B")
    said = {} if language == "en" else {"language": language}  # English: the default
    assert referee_line(12, step, **said) == line


# A count line of why the games ended: its count, then the reason.
REASON = re.compile(r"  (?P<count>[ \d]{6})  (?P<reason>.+)")


@pytest.mark.parametrize("language", ["de", "ja"])
def test_why_the_games_ended_is_counted_in_the_language(
    capsys: pytest.CaptureFixture[str], language: str
) -> None:
    words = ["simulate", EXAMPLE, "--players", "3", "--games", "6", "--seed", "3"]
    kit = find_kit(EXAMPLE)
    counted = {}
    for lang in ("en", language):
        assert main([*words, "--bot-key", KEY, "--lang", lang]) == 0
        lines = capsys.readouterr().out.splitlines()
        found = [REASON.fullmatch(line) for line in lines[1:]]
        counted[lang] = [(m["count"], m["reason"]) for m in found if m]
    assert sum(int(count) for count, _ in counted["en"]) == 6
    said = [(count, kit.translate(reason, language)) for count, reason in counted["en"]]
    assert counted[language] == said
    # Every reason is the game's words in the language, none left as the English it was.
    assert all(theirs != ours for (_, theirs), (_, ours) in zip(said, counted["en"], strict=True))
