"""A table's plan refused in the person's language (issue #35): the lobby's own refusals of
seats, sheet, clock, time bank, vacation days and absence are words with values, which the
page says in German or Japanese, the sheet levels and clock kinds by the names the lobby's
page gives them; in English they read as before."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import httpx
import pytest

from sleuth.core import ConfigError
from sleuth.core.registry import all_kits
from sleuth.i18n import page_catalogue
from sleuth.server.app import create_app
from sleuth.server.lobby import (
    CLOCK_NAME,
    CLOCK_NAMES,
    SHEET_NAMES,
    SeatPlan,
    TablePlan,
    check_plan,
)
from sleuth.server.settings import CLOCK_KINDS, SHEET_LEVELS, Settings
from support.game_cases import kit_for
from support.said_errors import refusals

EXAMPLE = kit_for(lambda cases: cases.fronts.example).name
PEOPLE = (SeatPlan("person"), SeatPlan("person"), SeatPlan("person"))
GOOD = TablePlan(game=EXAMPLE, players=3, options={}, seats=PEOPLE, sheet="facts")
PLANS = [
    replace(GOOD, seats=PEOPLE[:2]),
    replace(GOOD, seats=(SeatPlan("robot"), *PEOPLE[1:])),
    replace(GOOD, seats=(SeatPlan("bot"), *PEOPLE[1:])),
    replace(GOOD, seats=(SeatPlan("bot", "cmd:rm -rf /"), *PEOPLE[1:])),
    replace(GOOD, sheet="all"),
    replace(GOOD, sheet="full", rated=True),
    replace(GOOD, clock="hourglass"),
    replace(GOOD, clock="live", per_move=1),
    replace(GOOD, away_after=-1),
    replace(GOOD, bank=60),
    replace(GOOD, clock="turn", bank=3e9),
    replace(GOOD, clock="live", vacation_days=3),
    # A bot asking for more time than the server gives (by its time, and by its work).
    replace(GOOD, seats=(SeatPlan("bot", "ismcts:seconds=1e9"), *PEOPLE[1:])),
    replace(GOOD, seats=(SeatPlan("bot", "ismcts:iterations=99999999"), *PEOPLE[1:])),
]
SAID = {
    "en": [
        "seats: 3 players need 3 seats",
        "seats[0].kind: person or bot, not 'robot'",
        "seats[0]: a bot seat names its bot",
        "a bot program (cmd:...) would run a command on the server: only the server's operator "
        "seats one (sleuth serve --bots); choose a level or a bot by name",
        "sheet: one of off, facts, full, not 'all'",
        "sheet: a rated table has no full sheet (facts or off)",
        "clock: one of none, live, turn, not 'hourglass'",
        "per_move: a live clock gives 5-3600 seconds a move, not 1",
        "away_after: 0-86400 seconds away before a bot may play a person's seat, not -1",
        "bank, vacation_days: only at a table with a clock",
        "bank: a turn clock's time bank is 0-2592000 seconds, not 3000000000.0",
        "vacation_days: a live clock allows 0-0 days of vacation a game, not 3",
        "bot 'ismcts:seconds=1e9': seconds=1e9 is above this server's bound of 5 for ismcts "
        "(the operator's sleuth serve --max-think)",
        "bot 'ismcts:iterations=99999999': iterations=99999999 is above this server's bound of "
        "300 for ismcts",
    ],
    "de": [
        "seats: 3 Spieler brauchen 3 Plätze",
        "seats[0].kind: person oder bot, nicht 'robot'",
        "seats[0]: ein Bot-Platz nennt seinen Bot",
        "ein Bot-Programm (cmd:...) würde einen Befehl auf dem Server ausführen: nur wer den "
        "Server betreibt, setzt eines ein (sleuth serve --bots); wähle eine Stufe oder einen "
        "Bot mit Namen",
        "sheet: einer von „Aus“, „Fakten“, „Vollständig“, nicht 'all'",
        "sheet: ein gewerteter Tisch hat keinen Bogen „Vollständig“ (nur „Fakten“ oder „Aus“)",
        "clock: eine von „Ohne Uhr“, „Live“, „Rundenbasiert“, nicht 'hourglass'",
        "per_move: die Uhr „Live“ gibt 5–3600 Sekunden je Zug, nicht 1",
        "away_after: 0–86400 Sekunden abwesend, bevor ein Bot den Platz einer Person spielen "
        "darf, nicht -1",
        "bank, vacation_days: nur an einem Tisch mit Uhr",
        "bank: das Zeitguthaben der Uhr „Rundenbasiert“ beträgt 0–2592000 Sekunden, "
        "nicht 3000000000.0",
        "vacation_days: die Uhr „Live“ erlaubt 0–0 Urlaubstage je Partie, nicht 3",
        "Bot 'ismcts:seconds=1e9': seconds=1e9 liegt über der Grenze dieses Servers von 5 für "
        "ismcts (sleuth serve --max-think des Betreibers)",
        "Bot 'ismcts:iterations=99999999': iterations=99999999 liegt über der Grenze dieses "
        "Servers von 300 für ismcts",
    ],
    "ja": [
        "seats：3人なら3席が必要です",
        "seats[0].kind：person か bot です（'robot'ではなく）",
        "seats[0]：ボットの席にはボットを指定してください",
        "ボットプログラム（cmd:...）はサーバー上でコマンドを実行するため、サーバーの運営者だけが"
        "席に着けられます（sleuth serve --bots）。レベルか名前でボットを選んでください",
        "sheet：「オフ」「事実」「すべて」のいずれかです（'all'ではなく）",
        "sheet：レーティング対象のテーブルでは「すべて」の推理シートは使えません（「事実」か「オフ」）",
        "clock：「持ち時間なし」「ライブ」「ターン制」のいずれかです（'hourglass'ではなく）",
        "per_move：「ライブ」の時計は1手5〜3600秒です（1ではなく）",
        "away_after：ボットが人の代わりにプレイできるまでの不在時間は0〜86400秒です（-1ではなく）",
        "bank、vacation_days：時計のあるテーブルでのみ使えます",
        "bank：「ターン制」の時計の予備時間は0〜2592000秒です（3000000000.0ではなく）",
        "vacation_days：「ライブ」の時計で取れる休暇は1ゲーム0〜0日です（3ではなく）",
        "ボット 'ismcts:seconds=1e9'：seconds=1e9 はこのサーバーのismctsの上限 5 を超えています"
        "（運営者の sleuth serve --max-think）",
        "ボット 'ismcts:iterations=99999999'：iterations=99999999 はこのサーバーのismctsの上限 300 "
        "を超えています",
    ],
}


@pytest.mark.parametrize("language", ["en", "de", "ja"])
def test_a_tables_plan_is_refused_in_the_language(language: str) -> None:
    def check(plan: TablePlan) -> object:
        return check_plan(plan)

    assert refusals(check, PLANS, ConfigError, language) == SAID[language]


def test_the_names_listed_are_the_levels_and_kinds_in_order() -> None:
    assert (", ".join(SHEET_LEVELS), ", ".join(CLOCK_KINDS)) == (SHEET_NAMES, CLOCK_NAMES)
    assert {kind: str(name) for kind, name in CLOCK_NAME.items()} == {
        kind: kind for kind in CLOCK_KINDS if kind != "none"
    }


async def test_the_lobby_answers_a_games_own_refusal_of_an_option_in_the_pages_words(
    tmp_path: Path,
) -> None:
    """Each game's refusal of a list option it checks itself (an item twice), as the lobby's
    page says it: the template from the catalogue the page reads at that game (its own words
    first), filled with the values; never the English."""
    settings = Settings(db_url=f"sqlite:///{tmp_path / 'sleuth.db'}", key_file=tmp_path / "key")
    app = create_app(settings)
    transport = httpx.ASGITransport(app=app)
    answers = []
    async with (
        app.router.lifespan_context(app),
        httpx.AsyncClient(
            transport=transport,
            base_url="http://testserver",
            headers={"origin": "http://testserver"},
        ) as ann,
    ):
        assert (await ann.post("/api/people", json={"name": "Ann"})).status_code == 200
        for kit in all_kits():
            game = kit.game
            config = game.configure(game.max_players).config
            for option in (o for o in game.options() if o.kind == "list"):
                items = list(getattr(config, option.name))
                plan = {
                    "game": kit.name,
                    "players": game.max_players,
                    "seats": [{"kind": "person"}] * game.max_players,
                    "options": {option.name: [*items, items[0]]},
                }
                refused = await ann.post("/api/tables", json=plan)
                assert refused.status_code == 400
                answers.append((kit, refused.json()))
    assert answers  # the games have list options that they check
    for kit, body in answers:
        for language in ("de", "ja"):
            catalogue = page_catalogue(language, kit.locale)
            words = catalogue[body["template"]]
            assert isinstance(words, str)
            assert words % body["values"] != body["detail"], body
