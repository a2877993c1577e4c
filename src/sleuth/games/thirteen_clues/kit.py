"""13 Clues's kit: its rules and the parts the fronts load when they need them."""

from sleuth.core.kit import (
    BOTS,
    BUDGETS,
    ENCODER,
    KNOWLEDGE,
    NOTEBOOK,
    RENDER,
    REVIEW,
    RULES,
    SAMPLER,
    TUTORIAL,
    WEB,
    GameKit,
)

from .rules import ThirteenClues

KIT = GameKit(
    game=ThirteenClues,
    parts={
        SAMPLER: "sleuth.games.thirteen_clues.sampler:sample_state",
        BOTS: "sleuth.games.thirteen_clues.bots:BOTS",
        BUDGETS: "sleuth.games.thirteen_clues.bots:BUDGETS",
        RENDER: "sleuth.games.thirteen_clues.render:RENDER",
        KNOWLEDGE: "sleuth.games.thirteen_clues.knowledge:KNOWLEDGE",
        NOTEBOOK: "sleuth.games.thirteen_clues.notebook:GRAMMAR",
        WEB: "sleuth.games.thirteen_clues.web:WEB",
        RULES: "sleuth.games.thirteen_clues.guide:RULES",
        TUTORIAL: "sleuth.games.thirteen_clues.tutorial:TUTORIAL",
        REVIEW: "sleuth.games.thirteen_clues.review:REVIEW",
        ENCODER: "sleuth.games.thirteen_clues.encoder:ThirteenCluesEncoder",
    },
)
