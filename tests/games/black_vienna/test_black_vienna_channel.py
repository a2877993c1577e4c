"""Black Vienna through a real server's play channel (tests/server/test_channel.py): an
accusation out of turn, and the hand-kept notes of sheet level off."""

from __future__ import annotations

from typing import Any

from server import conftest
from server.client import SeatClient
from server.test_channel import people_table

launch = conftest.launch  # the fixture: a real ``sleuth serve``


async def test_accusations_at_any_moment_and_hand_kept_notes(launch: Any) -> None:
    server = launch()
    table, tokens, _ = await people_table(server, "black-vienna")
    clients = [SeatClient(server.ws, table, s, tokens[s]) for s in range(3)]
    for client in clients:
        await client.connect()
    frames = [await c.until("state") for c in clients]
    mover = frames[0]["to_move"]
    other = (mover + 1) % 3
    # A seat that is not asked may still accuse, at any moment.
    family = frames[other]["legal"]["families"]
    assert [f["kind"] for f in family] == ["accuse"] and family[0]["count"] == 2925
    assert other in frames[other]["actors"] and frames[other]["legal"]["actions"] == []
    await clients[other].send({"type": "act", "action": family[0]["example"]})
    after = await clients[mover].until("state")
    while after["step"] == frames[0]["step"]:
        after = await clients[mover].until("state")
    assert after["step"] == frames[0]["step"] + 1
    accusations = after["view"]["accusations"]
    assert len(accusations) == 1 and accusations[0]["seat"] == other
    # Sheet level off: the seat's own grid, kept on the server.
    notes = frames[mover]["notes"]
    assert notes["places"] == ["s0", "s1", "s2", "ring"] and notes["marks"] == {}
    await clients[mover].send({"type": "notes", "card": "A", "place": "ring", "mark": "+"})
    told = await clients[mover].until("notes")
    assert told["notes"]["marks"] == {"A": {"ring": "+"}}
    await clients[mover].send({"type": "notes", "card": "?", "place": "ring", "mark": "+"})
    assert "no row" in (await clients[mover].until("error"))["message"]
    again = SeatClient(server.ws, table, mover, tokens[mover])
    await again.connect()
    assert (await again.until("state"))["notes"]["marks"] == {"A": {"ring": "+"}}
    # Nobody else sees that seat's notes.
    other_state = await clients[other].until("state")
    assert other_state["notes"]["marks"] == {}
    for client in (*clients, again):
        await client.close()
