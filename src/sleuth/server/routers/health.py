"""The process's own state, for an operator's probes and for tests: whether the work it
does once at its start is over (until then a leaderboard may lack a result on its way)."""

from __future__ import annotations

from fastapi import APIRouter

from ..deps import ServicesDep
from ..schemas import HealthOut, RatingPassOut

router = APIRouter(tags=["health"])


@router.get("/api/health")
async def health(app: ServicesDep) -> HealthOut:
    """Answers while the process serves; ``ready`` once the start-up passes have ended."""
    left_over = app.hub.left_over
    rating_pass = RatingPassOut(
        state=left_over.state, rated=left_over.rated, not_rated=left_over.not_rated
    )
    return HealthOut(ready=left_over.state != "running", rating_pass=rating_pass)
