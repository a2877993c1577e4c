"""The words of an event a person is told of (issue #36): its headline and sentence in
the person's language, the same for a mail's subject and opening, a push's title and text
and a hook's message. Only what any seat at the table sees: the table's id, the game's
title and an invitation's inviter's display name.
"""

from __future__ import annotations

import unicodedata

from sleuth.core import find_kit
from sleuth.i18n import N_, translate

from .notify import CLOCK_LOW, GAME_OVER, INVITED, YOUR_MOVE

SUBJECTS = {
    YOUR_MOVE: N_("Your move in %(game)s at table %(table)s"),
    GAME_OVER: N_("The game of %(game)s at table %(table)s is over"),
    INVITED: N_("You are invited to %(game)s at table %(table)s"),
    CLOCK_LOW: N_("Your clock runs low in %(game)s at table %(table)s"),
}
# A waiting table that expired (``expiry``) is told to those who chose to hear of a game's
# end, in words of its own: its game never began, so it is not "over".
EXPIRED_SUBJECT = N_("Table %(table)s of %(game)s expired before its game started")
EXPIRED_OPENING = N_(
    "Table %(table)s of %(game)s expired before its game started: its seats were not all "
    "taken in time, and it takes no one any more."
)
OPENINGS = {
    YOUR_MOVE: N_("It is your move in %(game)s at table %(table)s."),
    GAME_OVER: N_("The game of %(game)s at table %(table)s is over."),
    INVITED: N_(
        "You are invited to play %(game)s at table %(table)s: your account's page shows "
        "the invitation, to accept or decline."
    ),
    CLOCK_LOW: N_(
        "Your time to move in %(game)s at table %(table)s runs out soon: "
        "after it, a bot plays your seat."
    ),
}
# An invitation whose inviter's display name is known when it is sent names them: a name
# every seat at the table sees anyway.
INVITED_BY_SUBJECT = N_("%(name)s invites you to %(game)s at table %(table)s")
INVITED_BY_OPENING = N_(
    "%(name)s invites you to play %(game)s at table %(table)s: your account's page shows "
    "the invitation, to accept or decline."
)
NAME_CHARS = 40  # a display name's length at most, as the people's route keeps it


def event_words(
    kind: str,
    table_id: str,
    game: str,
    language: str,
    inviter: str | None = None,
    expired: bool = False,
) -> tuple[str, str]:
    """The event's headline and sentence in ``language``: the mail's subject and opening,
    a push's title and text. Only the table's id, the game's title and an invitation's
    inviter's display name: what any seat sees. ``expired``: the table expired waiting
    (its game's end is told as its expiry)."""
    values = {"game": find_kit(game).game.title, "table": table_id}
    if kind == GAME_OVER and expired:
        return (
            translate(language, EXPIRED_SUBJECT) % values,
            translate(language, EXPIRED_OPENING) % values,
        )
    name = plain_name(inviter or "")
    if kind == INVITED and name:
        values["name"] = name
        return (
            translate(language, INVITED_BY_SUBJECT) % values,
            translate(language, INVITED_BY_OPENING) % values,
        )
    return (
        translate(language, SUBJECTS[kind]) % values,
        translate(language, OPENINGS[kind]) % values,
    )


def plain_name(name: str) -> str:
    """A display name fit for a subject line: no line break or other control character
    (a header cannot be split by a name), spaces run together, at most ``NAME_CHARS``."""
    kept = "".join(" " if unicodedata.category(c).startswith(("C", "Z")) else c for c in name)
    return " ".join(kept.split())[:NAME_CHARS].strip()
