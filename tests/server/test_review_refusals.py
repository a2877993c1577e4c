"""The review route's refusals (issue #35): only a game whose kit has no review says "no
review"; a game whose moves no longer replay here, or whose analysis refuses, says so in its
own words with the reason, as a 409 the page translates (by its problem code and template),
never a 500."""

from __future__ import annotations

import pickle
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from sleuth.agents import RandomAgent
from sleuth.arena import play_match
from sleuth.core import GameKit, find_kit, make_game
from sleuth.core.errors import GameError, IllegalActionError, RecordError
from sleuth.core.kit import REVIEW
from sleuth.core.records import replay_record
from sleuth.core.said import Said, said, said_in
from sleuth.deduce.model import PositionError
from sleuth.server.app import create_app
from sleuth.server.reviews import RecordWork
from sleuth.server.routers import review as review_route
from sleuth.server.settings import Settings
from support.game_cases import kit_for

from .test_ratings import store_finished

EXAMPLE = kit_for(lambda cases: cases.fronts.example).name

# What a worker raised, and the answer the route gives (status, body).
REFUSALS: list[tuple[GameError, int, dict[str, object]]] = [
    (
        IllegalActionError(said("seat %(seat)s cannot move now", seat=1)),
        409,
        {
            "detail": "this table's moves no longer replay on this server (seat 1 cannot move "
            "now), so no review is worked out",
            "problem": "review_no_replay",
            "template": "this table's moves no longer replay on this server (%(reason)s), so "
            "no review is worked out",
            "values": {
                "reason": {"template": "seat %(seat)s cannot move now", "values": {"seat": 1}}
            },
        },
    ),
    (
        RecordError("recorded result '1', but the deal gives '2'", 4),
        409,
        {
            "detail": "this table's moves no longer replay on this server (step 4: recorded "
            "result '1', but the deal gives '2'), so no review is worked out",
            "problem": "review_no_replay",
            "template": "this table's moves no longer replay on this server (%(reason)s), so "
            "no review is worked out",
            "values": {"reason": "step 4: recorded result '1', but the deal gives '2'"},
        },
    ),
    (
        PositionError(said("game: expected a game name")),
        409,
        {
            "detail": "the review of this game cannot be worked out: game: expected a game name",
            "problem": "review_refused",
            "template": "the review of this game cannot be worked out: %(reason)s",
            "values": {"reason": {"template": "game: expected a game name", "values": {}}},
        },
    ),
]


async def review_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, raised: Callable[[], GameError] | None
) -> httpx.Response:
    """The route's answer for a finished table whose worker raises ``raised()`` (crossing
    pickled, as from a worker process); ``None``: the worker is never asked."""
    db = f"sqlite:///{tmp_path / 'sleuth.db'}"
    table, _, _ = await store_finished(db, tmp_path / "signing.key", rated=False)

    async def run(_self: RecordWork, _function: Any, *_arguments: Any) -> Any:
        assert raised is not None, "the worker was asked"
        raise pickle.loads(pickle.dumps(raised()))

    monkeypatch.setattr(RecordWork, "run", run)
    app = create_app(Settings(db_url=db, key_file=tmp_path / "signing.key"))
    transport = httpx.ASGITransport(app=app)
    async with (
        app.router.lifespan_context(app),
        httpx.AsyncClient(transport=transport, base_url="http://testserver") as client,
    ):
        return await client.get(f"/api/tables/{table}/review?seat=0")


@pytest.mark.parametrize(("error", "status", "body"), REFUSALS)
async def test_a_review_the_worker_refuses_says_why(
    error: GameError,
    status: int,
    body: dict[str, object],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    answer = await review_answer(tmp_path, monkeypatch, lambda: error)
    assert (answer.status_code, answer.json()) == (status, body)


async def test_only_a_game_without_a_review_says_no_review(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def without_review(name: str) -> GameKit:
        kit = find_kit(name)
        return GameKit(kit.game, {part: at for part, at in kit.parts.items() if part != REVIEW})

    monkeypatch.setattr(review_route, "find_kit", without_review)
    answer = await review_answer(tmp_path, monkeypatch, None)
    assert (answer.status_code, answer.json()) == (
        404,
        {
            "detail": "this game has no review",
            "problem": "no_review",
            "template": "this game has no review",
            "values": {},
        },
    )


def _words(wire: object) -> object:
    """Words as the page reads them off the wire (template and values), made ``Said`` again."""
    if not isinstance(wire, dict):
        return wire
    values = {key: _words(value) for key, value in wire["values"].items()}
    return Said(wire["template"], values)  # type: ignore[arg-type]  # values are words


def _finished_record() -> dict[str, Any]:
    game = find_kit(EXAMPLE).game
    agents = [RandomAgent(0.0) for _ in range(game.min_players)]
    seeds = list(range(game.min_players))
    played = play_match(make_game(EXAMPLE, game.min_players), agents, 7, bot_seeds=seeds)
    return dict(played.record)


@pytest.mark.parametrize(
    ("language", "words"),
    [
        (
            "en",
            "this table's moves no longer replay on this server (step 1: seat {seat} {action}: "
            "recorded result 'x', but the deal gives {result}), so no review is worked out",
        ),
        (
            "de",
            "die Züge dieses Tisches lassen sich auf diesem Server nicht mehr nachspielen "
            "(Schritt 1: Platz {seat} {action}: protokolliertes Ergebnis 'x', aber das Geben "
            "ergibt {result}), daher wird keine Auswertung erstellt",
        ),
        (
            "ja",
            "このテーブルの手はこのサーバーではもう再現できないため（手番1：席 {seat} {action}："
            "記録された結果は 'x' ですが、配りからは {result} になります）、"
            "振り返りは作成されません",
        ),
    ],
)
async def test_a_review_whose_replay_fails_says_why_in_the_language(
    language: str, words: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = _finished_record()
    seat, action, result = record["steps"][0]
    record["steps"][0][2] = "x"

    def replayed() -> GameError:
        with pytest.raises(RecordError) as refused:
            replay_record(record)
        return refused.value

    answer = await review_answer(tmp_path, monkeypatch, replayed)
    body = answer.json()
    assert (answer.status_code, body["problem"]) == (409, "review_no_replay")
    said = _words(body)
    assert isinstance(said, Said)
    assert said_in(said, "en") == body["detail"]
    values = {"seat": seat, "action": repr(action), "result": repr(result)}
    assert said_in(said, language) == words.format(**values)
