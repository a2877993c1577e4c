"""Tiny Deduction's cards and rule options, as data, and the public records of play."""

from __future__ import annotations

from dataclasses import dataclass, field

from sleuth.core import Config, ConfigError

from .catalogue import said

ALL_SUSPECTS = "ABCDEFGHIJ"
MAX_QUESTIONS = 20


@dataclass(frozen=True)
class TinyConfig(Config):
    """The player count and the rule options; ``sleuth games`` shows each field's help."""

    suspects: int = field(
        default=7,
        metadata={
            "choices": tuple(range(5, len(ALL_SUSPECTS) + 1)),
            "help": "suspect cards in play, A, B, C, ...; one of them is the culprit",
        },
    )
    answers: str = field(
        default="count",
        metadata={
            "choices": ("count", "yes-no"),
            "help": "an asked player says how many of the two suspects he holds (count), "
            "or only whether he holds any (yes-no)",
        },
    )
    questions: int = field(
        default=3,
        metadata={
            "help": f"questions each player may ask (1-{MAX_QUESTIONS}); then he accuses",
            "range": (1, MAX_QUESTIONS),
        },
    )

    def __post_init__(self) -> None:
        if not 1 <= self.questions <= MAX_QUESTIONS:
            raise ConfigError(
                said(
                    "questions: 1-%(most)s, not %(asked)s", most=MAX_QUESTIONS, asked=self.questions
                )
            )


def suspect_names(config: TinyConfig) -> str:
    return ALL_SUSPECTS[: config.suspects]


def hand_size(config: TinyConfig) -> int:
    """Cards per hand: all but the culprit, shared out evenly; the rest lie face up."""
    return (config.suspects - 1) // config.players


def answer(hand: str, pair: str, mode: str) -> int:
    """The reply of the holder of ``hand`` to a question about the two suspects ``pair``."""
    held = sum(suspect in hand for suspect in pair)
    return held if mode == "count" else min(held, 1)


def spoken(reply: int, mode: str) -> str:
    """An answer as it is said at the table: a number, or yes or no."""
    return str(reply) if mode == "count" else ("yes" if reply else "no")


# Everything below is said aloud at the table, so states and views share these records.


@dataclass(frozen=True)
class Question:
    asker: int
    target: int
    pair: str
    answer: int  # a count, or 1 for yes and 0 for no


@dataclass(frozen=True)
class Accusation:
    seat: int
    suspect: str
    correct: bool
