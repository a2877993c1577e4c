"""Alibi's kit: its rules and the parts the fronts load when they need them."""

from sleuth.core.kit import (
    BOTS,
    BUDGETS,
    ENCODER,
    RENDER,
    REVIEW,
    RULES,
    SAMPLER,
    TUTORIAL,
    WEB,
    GameKit,
)

from .rules import Alibi

KIT = GameKit(
    game=Alibi,
    parts={
        SAMPLER: "sleuth.games.alibi.sampler:sample_state",
        BOTS: "sleuth.games.alibi.bots:BOTS",
        BUDGETS: "sleuth.games.alibi.bots:BUDGETS",
        RENDER: "sleuth.games.alibi.render:RENDER",
        WEB: "sleuth.games.alibi.web:WEB",
        RULES: "sleuth.games.alibi.guide:RULES",
        TUTORIAL: "sleuth.games.alibi.tutorial:TUTORIAL",
        REVIEW: "sleuth.games.alibi.review:REVIEW",
        ENCODER: "sleuth.games.alibi.encoder:AlibiEncoder",
    },
)
