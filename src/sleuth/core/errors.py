"""The error hierarchy every part of Sleuth raises at its boundary.

All are ``ValueError`` so callers that only care about "bad input" can catch one type.
"""

from __future__ import annotations

from .said import Said, said


class GameError(ValueError):
    """Something a caller asked of a game was wrong; the game is unchanged."""


class IllegalActionError(GameError):
    """A well-formed action that the rules do not allow in this state, or not for this seat."""


class InvalidActionError(GameError):
    """An action that is malformed: unparsable notation, unknown card, wrong shape."""


class ConfigError(GameError):
    """A game configuration that names an unknown option or an out-of-range value."""


class RecordError(GameError):
    """A game record that is malformed, tampered with, or does not replay."""

    def __init__(self, message: str, step: int | None = None) -> None:
        # Words said with values stay so under the step's number (issue #35); plain text
        # stays plain text, as the wire has carried it.
        if step is not None:
            numbered = f"step {step}: {message}"
            if isinstance(message, Said):
                numbered = said("step %(step)s: %(reason)s", step=step, reason=message)
            message = numbered
        super().__init__(message)
        self.step = step


class UnknownGameError(GameError):
    """No registered game has this name or alias."""


class EntryError(GameError):
    """An assistant entry or session the notebook cannot take; it names what was wrong and
    changes nothing."""
