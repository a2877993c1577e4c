"""Black Stories Investigation's kit: its rules and the parts fronts load when they need them."""

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

from .rules import BlackStoriesInvestigation

KIT = GameKit(
    game=BlackStoriesInvestigation,
    parts={
        SAMPLER: "sleuth.games.black_stories.sampler:sample_state",
        BOTS: "sleuth.games.black_stories.bots:BOTS",
        BUDGETS: "sleuth.games.black_stories.bots:BUDGETS",
        RENDER: "sleuth.games.black_stories.render:RENDER",
        KNOWLEDGE: "sleuth.games.black_stories.knowledge:KNOWLEDGE",
        NOTEBOOK: "sleuth.games.black_stories.notebook:GRAMMAR",
        WEB: "sleuth.games.black_stories.web:WEB",
        RULES: "sleuth.games.black_stories.guide:RULES",
        TUTORIAL: "sleuth.games.black_stories.tutorial:TUTORIAL",
        REVIEW: "sleuth.games.black_stories.review:REVIEW",
        ENCODER: "sleuth.games.black_stories.encoder:BlackStoriesEncoder",
    },
)
