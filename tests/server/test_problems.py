"""Refusals said in words the page translates: every refusal the service can send (its
``problems``) and every rules engine's refusal of a typed move has a German and a Japanese
catalogue entry; an error frame and an HTTP error's body keep their English and add the
refusal's code, template and values (tests/web/refusal-cases.js renders those shapes)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

import httpx
import pytest

from sleuth.core import GameError, GameKit, all_kits, find_game, make_game
from sleuth.core.said import Said, said, words_of
from sleuth.i18n import catalogue, usable
from sleuth.server.frames import ErrorFrame
from sleuth.server.problems import PROBLEMS, error_fields
from support.game_cases import kit_for

from .client import Person, SeatClient
from .conftest import Server

TRANSLATED = ("de", "ja")


def templates(words: Said) -> Iterator[str]:
    """The catalogue keys of words and of every words among their values."""
    yield words.template
    for value in words.values.values():
        if isinstance(value, Said):
            yield from templates(value)


def untranslated(keys: Iterable[str], language: str) -> list[str]:
    """The keys the language's catalogue gives no translation a person may see."""
    served = usable(catalogue(language))
    return [key for key in keys if served.get(key) is None]


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_refusal_the_service_sends_has_words_in_german_and_japanese(language: str) -> None:
    assert len(PROBLEMS) == 121
    assert untranslated([p.template for p in PROBLEMS], language) == []
    # The check names what is missing: a refusal declared without its entries fails it.
    assert untranslated(["no seat %(seat)s", "seat %(seat)s is taken"], language) == [
        "no seat %(seat)s"
    ]


def own_kits() -> list[GameKit]:
    return [kit for kit in all_kits() if kit.game.__module__.startswith("sleuth.games.")]


def engine_refusals(seed: int) -> Iterator[tuple[str, GameError]]:
    """Each of Sleuth's games' refusals of typed moves: text that is no move, and the first
    seat's first legal move typed again once made. (A game installed as a plugin speaks its
    own words, in English: the page shows them as they come.)"""
    for kit in own_kits():
        game = make_game(kit.name, max(3, find_game(kit.name).min_players))
        state = game.new(seed)
        for text in ("dance", "", "pass 99 zz"):
            try:
                game.parse_action(text)
            except GameError as error:
                yield kit.name, error
        mover = min(state.actors())
        action = state.legal_actions(mover)[0]
        after = state.apply(mover, action)
        try:
            after.apply(mover, action)  # the same move again: refused, for a reason of the rules
        except GameError as error:
            yield kit.name, error


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_engines_refusal_of_a_typed_move_has_words_in_both_languages(
    language: str,
) -> None:
    refusals = list(engine_refusals(seed=5))
    assert len(own_kits()) == 4 and len(refusals) == 4 * 4
    for game, error in refusals:
        words = words_of(error)
        assert words is not None, (game, str(error))
        assert str(words) == str(error)
        assert untranslated(templates(words), language) == [], (game, str(error))
    illegal = [words_of(e) for _, e in refusals if "cannot" in str(e)]
    assert len(illegal) == len(own_kits())
    for words in illegal:
        assert words is not None
        assert words.template == "seat %(seat)s cannot %(action)s: %(reason)s"
        assert isinstance(words.values["reason"], Said), str(words)


def test_an_error_frame_keeps_its_english_and_adds_the_words() -> None:
    reason = said("it is seat %(seat)s's turn", seat=2)
    refusal = said(
        "seat %(seat)s cannot %(action)s: %(reason)s", seat=1, action="pass", reason=reason
    )
    frame = json.loads(ErrorFrame.of("illegal", refusal, 7).wire())
    assert frame == {
        "type": "error",
        "code": "illegal",
        "message": "seat 1 cannot pass: it is seat 2's turn",
        "step": 7,
        "problem": None,
        "template": "seat %(seat)s cannot %(action)s: %(reason)s",
        "values": {
            "seat": 1,
            "action": "pass",
            "reason": {"template": "it is seat %(seat)s's turn", "values": {"seat": 2}},
        },
    }
    plain = json.loads(ErrorFrame.of("malformed", "not JSON: Expecting value", 3).wire())
    assert plain == {
        "type": "error",
        "code": "malformed",
        "message": "not JSON: Expecting value",
        "step": 3,
        "problem": None,
        "template": None,
        "values": None,
    }
    assert error_fields("plain English") == {}


TABLE: dict[str, Any] = {
    "game": kit_for(lambda cases: cases.fronts.example).name,
    "players": 3,
    "sheet": "off",
    "listed": True,
    "seats": [{"kind": "person"}, {"kind": "person"}, {"kind": "bot", "bot": "random"}],
}


async def refusal_body(person: Person, path: str, body: Any = None) -> tuple[int, Any]:
    with pytest.raises(httpx.HTTPStatusError) as error:
        await person.post(path, body)
    return error.value.response.status_code, error.value.response.json()


async def test_the_services_refusals_carry_their_code_template_and_values(launch: Any) -> None:
    server: Server = launch()
    async with Person(server.http, "Ann") as ann, Person(server.http, "Bob") as bob:
        created = await ann.post("/api/tables", {**TABLE, "sit": 0})
        table = created["table"]["id"]
        missing = httpx.get(f"{server.http}/api/tables/nope")
        assert (missing.status_code, missing.json()) == (
            404,
            {
                "detail": "no table 'nope'",
                "problem": "no_table",
                "template": "no table %(table)s",
                "values": {"table": "'nope'"},
            },
        )
        assert await refusal_body(bob, f"/api/tables/{table}/join", {"token": "x" * 20}) == (
            403,
            {
                "detail": "this token opens no seat at this table",
                "problem": "bad_invite",
                "template": "this token opens no seat at this table",
                "values": {},
            },
        )
        assert await refusal_body(bob, f"/api/tables/{table}/seats/0/sit") == (
            409,
            {
                "detail": "seat 0 is taken",
                "problem": "seat_taken",
                "template": "seat %(seat)s is taken",
                "values": {"seat": 0},
            },
        )
        await bob.post(f"/api/tables/{table}/seats/1/sit")
        client = SeatClient(server.ws, table, 0, cookie=ann.cookie)
        await client.connect()
        state = await client.until("state")
        assert state["status"] == "playing"
        await client.send({"type": "act", "action": "dance", "step": state["step"]})
        error = await client.until("error")
        assert (error["code"], error["problem"], error["values"]["text"]) == (
            "invalid",
            None,
            "'dance'",
        )
        assert error["template"] == "%(text)s is not an action (try %(examples)s)"
        examples = error["values"]["examples"]
        assert error["message"] == f"'dance' is not an action (try {examples})"
        await client.send({"type": "act", "action": "dance", "step": state["step"] + 5})
        stale = await client.until("error")
        assert {k: stale[k] for k in ("code", "problem", "template", "values")} == {
            "code": "stale",
            "problem": "stale",
            "template": "step %(step)s is past: the table is at step %(now)s",
            "values": {"step": state["step"] + 5, "now": state["step"]},
        }
        await client.close()
