"""Black Vienna's kit: its rules and the parts the fronts load when they need them."""

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

from .rules import BlackVienna

KIT = GameKit(
    game=BlackVienna,
    parts={
        SAMPLER: "sleuth.games.black_vienna.sampler:sample_state",
        BOTS: "sleuth.games.black_vienna.bots:BOTS",
        BUDGETS: "sleuth.games.black_vienna.bots:BUDGETS",
        RENDER: "sleuth.games.black_vienna.render:RENDER",
        KNOWLEDGE: "sleuth.games.black_vienna.knowledge:KNOWLEDGE",
        NOTEBOOK: "sleuth.games.black_vienna.notebook:GRAMMAR",
        WEB: "sleuth.games.black_vienna.web:WEB",
        RULES: "sleuth.games.black_vienna.guide:RULES",
        TUTORIAL: "sleuth.games.black_vienna.tutorial:TUTORIAL",
        REVIEW: "sleuth.games.black_vienna.review:REVIEW",
        ENCODER: "sleuth.games.black_vienna.encoder:BlackViennaEncoder",
    },
)
