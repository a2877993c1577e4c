"""Chat over HTTP is held to the play channel's rate, in one bucket per person shared with
the channel's chat lines, so switching route does not double it (attack40: 400 lines in
1.3 s went to every channel)."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from sleuth.server.app import create_app
from sleuth.server.settings import Settings
from support.game_cases import kit_for

EXAMPLE = kit_for(lambda cases: cases.fronts.example).name
ORIGIN = {"Origin": "http://testserver"}


def test_chat_lines_past_the_rate_are_refused_and_not_kept(tmp_path: Path) -> None:
    settings = Settings(
        db_url=f"sqlite:///{tmp_path / 's.db'}",
        key_file=tmp_path / "key",
        rate_per_second=0.001,  # no refill within the test
        rate_burst=3,
    )
    seats = [{"kind": "person"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]
    body = {"game": EXAMPLE, "players": 3, "seats": seats, "sit": 0}
    with TestClient(create_app(settings)) as client:
        me = client.post("/api/people", json={"name": "Ann"}, headers=ORIGIN).json()
        table = client.post("/api/tables", json=body, headers=ORIGIN).json()["table"]["id"]
        chat = f"/api/tables/{table}/chat"
        said = [client.post(chat, json={"text": f"line {n}"}, headers=ORIGIN) for n in range(4)]
        assert [a.status_code for a in said] == [201, 201, 201, 429]
        assert said[-1].json()["detail"] == "more than 0.001 messages a second"
        assert said[-1].headers["retry-after"] == "1"
        assert [row["text"] for row in client.get(chat).json()] == ["line 0", "line 1", "line 2"]
        # The play channel's chat counts in the same bucket: it is empty there too.
        chats = client.app.state.services.chats  # type: ignore[attr-defined]
        assert chats.allow(me["id"]) is False
