"""``sleuth arena --review`` in the person's language (issue #35): its heading (how the
figures were found, in the game's words), its table's headings each as wide as its widest
cell in terminal columns, its legend and the units; English as it always was."""

from __future__ import annotations

import pytest

from sleuth.core import find_kit
from sleuth.i18n import columns, translate
from sleuth.review.arena import BotReview, format_reviews
from sleuth.review.record import review_part
from support.example_game import EXAMPLE

ROWS = [
    BotReview("random", 4, 3, 0, 3, 0.00027, None, 43, 0.35349, "bits", 2),
    BotReview("basic", 2, 1, 1, 0, None, 0.0, 17, 0.0833, "bits", 0),
    BotReview("counter", 3, 2, 2, 0, None, 1.5, 9, None, "points", 1),
    BotReview("dealer", 3, 0, 0, 0, None, None, 8, 1.25, "points", 0),
]
TABLES = {
    "en": [
        "bot                  seats attempts certain guessed p(guess)   wait missed judged"
        "     given away",
        "random                   4        3       0       3  2.7e-04      -      2     43"
        "     0.353 bits",
        "basic                    2        1       1       0        -    0.0      0     17"
        "     0.083 bits",
        "counter                  3        2       2       0        -    1.5      1      9"
        "              -",
        "dealer                   3        0       0       0        -      -      0      8"
        "   1.250 points",
        "certain: attempts made once it could be certain (wait: mean steps from then); guessed:"
        " before, with p(guess) their mean chance; missed: targets it could be certain of but"
        " never named; given away: per judged move, against the best then",
    ],
    "de": [
        "Bot                  Plätze Versuche  sicher geraten  p(Tipp) Warten verpasst bewertet"
        "     verschenkt",
        "random                    4        3       0       3  2.7e-04      -        2       43"
        "      0.353 Bit",
        "basic                     2        1       1       0        -    0.0        0       17"
        "      0.083 Bit",
        "counter                   3        2       2       0        -    1.5        1        9"
        "              -",
        "dealer                    3        0       0       0        -      -        0        8"
        "   1.250 Punkte",
        "sicher: Versuche, nachdem der Bot sicher sein konnte (Warten: mittlere Schritte ab "
        "dann); geraten: Versuche davor, mit p(Tipp) als ihrer mittleren Trefferchance; "
        "verpasst: Ziele, deren er sicher sein konnte, die er aber nie nannte; verschenkt: je "
        "bewertetem Zug, gemessen am damals besten",
    ],
    "ja": [
        "ボット                席数     試行    確信    推測  p(推測)   待ち 見逃し 評価数"
        "     失った価値",
        "random                   4        3       0       3  2.7e-04      -      2     43"
        "    0.353ビット",
        "basic                    2        1       1       0        -    0.0      0     17"
        "    0.083ビット",
        "counter                  3        2       2       0        -    1.5      1      9"
        "              -",
        "dealer                   3        0       0       0        -      -      0      8"
        "        1.250点",
        "確信：確信できるようになってからの試行（待ち：その時点からの平均ステップ数）。"
        "推測：それ以前の試行（p(推測)はその平均の正解確率）。見逃し：確信できたのに一度も"
        "挙げなかった対象。失った価値：評価した手ごとの、その時点の最善手との差",
    ],
}
HEADINGS = {
    "en": ("review ({method})", "review, NOT exact ({method})"),
    "de": ("Auswertung ({method})", "Auswertung, NICHT exakt ({method})"),
    "ja": ("振り返り（{method}）", "振り返り、厳密ではありません（{method}）"),
}


@pytest.mark.parametrize("language", ["en", "de", "ja"])
def test_the_arenas_review_is_said_in_the_language(language: str) -> None:
    method = review_part(find_kit(EXAMPLE)).method
    said = {} if language == "en" else {"language": language}  # English: the default
    lines = format_reviews(ROWS, True, method, **said).splitlines()
    how = translate(language, method)
    assert (how != method) == (language != "en")  # the game's words for it, translated
    assert lines[0] == HEADINGS[language][0].format(method=how)
    assert lines[1:] == TABLES[language]
    # Right-aligned to the last column: the table's lines end at the same terminal column.
    assert len({columns(line) for line in lines[1:-1]}) == 1
    inexact = format_reviews(ROWS, False, method, **said).splitlines()[0]
    assert inexact == HEADINGS[language][1].format(method=how)
