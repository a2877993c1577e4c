"""The review of a finished table over HTTP: what ``sleuth review --json`` gives, per seat."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from sleuth.review import review_record
from sleuth.review.annotate import notes_in
from support.game_cases import kit_for

from .client import Person

# The table dealt where any game would do (its cases: ``FrontCases.example``).
EXAMPLE = kit_for(lambda cases: cases.fronts.example).name


@pytest.mark.slow
async def test_review_of_a_finished_table(launch: Any) -> None:
    server = launch()
    async with Person(server.http, "Ann") as ann:
        bots = [{"kind": "bot", "bot": "basic"}] * 3
        created = await ann.post("/api/tables", {"game": EXAMPLE, "players": 3, "seats": bots})
        table = created["table"]["id"]
        early = await ann.client.get(f"/api/tables/{table}/review")
        assert early.status_code in (200, 409)  # bots may finish before the first request
        deadline = time.monotonic() + 120
        while (await ann.get(f"/api/tables/{table}"))["status"] != "finished":
            assert time.monotonic() < deadline, "the bots did not finish"
            await asyncio.sleep(0.2)
        record = (await ann.get(f"/api/tables/{table}/record"))["record"]
        answer = await ann.get(f"/api/tables/{table}/review?seat=1")
        assert answer["table"] == table and answer["seat"] == 1
        (seat,) = answer["review"]["seats"]
        expected = review_record(record, [1]).to_json()["seats"]
        assert isinstance(expected, list)
        assert seat == expected[0]
        assert len(seat["readings"]) == len(record["steps"]) + 1
        # The notes in the language the page asks for, worded anew; every figure the same.
        german = await ann.get(f"/api/tables/{table}/review?seat=1&lang=de")
        (german_seat,) = german["review"]["seats"]
        reviewed = review_record(record, [1])
        expected_notes = notes_in(reviewed.seats[0], reviewed.exact, "de")
        assert german_seat["notes"] == expected_notes != seat["notes"]
        assert {**german_seat, "notes": seat["notes"]} == seat
        unknown = await ann.client.get(f"/api/tables/{table}/review?seat=1&lang=fr")
        assert unknown.status_code == 422 and "'fr'" in unknown.text and "ja" in unknown.text
        everyone = await ann.get(f"/api/tables/{table}/review")
        assert [s["seat"] for s in everyone["review"]["seats"]] == [0, 1, 2]
        refused = await ann.client.get(f"/api/tables/{table}/review?seat=3")
        # Refused in words the page says in the person's language (issue #35).
        assert (refused.status_code, refused.json()) == (
            404,
            {
                "detail": "no seat 3 at this 3-seat table",
                "problem": "no_seat",
                "template": "no seat %(seat)s at this %(seats)s-seat table",
                "values": {"seat": 3, "seats": 3},
            },
        )
        assert (await ann.client.get("/api/tables/0123456789abcdef/review")).status_code == 404


async def test_no_review_before_the_end(launch: Any) -> None:
    server = launch()
    async with Person(server.http, "Ann") as ann:
        seats = [{"kind": "person"}] * 3
        created = await ann.post(
            "/api/tables", {"game": EXAMPLE, "players": 3, "seats": seats, "sit": 0}
        )
        response = await ann.client.get(f"/api/tables/{created['table']['id']}/review")
        assert response.status_code == 409
        assert "replay and review come after the reveal" in response.text
