"""A signed-in person's vacation (issue #36, item 4): while it lasts their clocks at every
table stand still, up to each table's vacation days (``clocks``); the others at their
tables see that they are on vacation, and nothing more."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, HTTPException
from pydantic import Field

from ..clocks import VACATION_ASKED
from ..deps import Checked, Services, ServicesDep
from ..schemas import Strict
from ..vacations import OnVacation, Vacations
from .account import SignedInHolder

router = APIRouter(tags=["account"])
LEAST, MOST = VACATION_ASKED


class VacationIn(Strict):
    days: Annotated[int, Field(ge=LEAST, le=MOST, description=f"{LEAST}-{MOST} days")]


class VacationOut(Strict):
    # The vacation under way (seconds since the epoch), or both None.
    starts_at: float | None
    ends_at: float | None


def _vacations(app: Services) -> Vacations:
    found = app.hub.vacations
    if found is None:
        raise HTTPException(409, "this server keeps no vacations")
    return found


@router.get("/api/account/vacation", responses={401: {"description": "not signed in"}})
async def vacation(app: ServicesDep, holder: SignedInHolder) -> VacationOut:
    """The account's vacation under way, if any."""
    row = await _vacations(app).current(holder.person.id, app.hub.now())
    if row is None:
        return VacationOut(starts_at=None, ends_at=None)
    return VacationOut(starts_at=row.starts_at, ends_at=row.ends_at)


@router.post(
    "/api/account/vacation",
    dependencies=[Checked],
    status_code=201,
    responses={
        401: {"description": "not signed in"},
        409: {"description": "a vacation is under way already"},
    },
)
async def start_vacation(body: VacationIn, app: ServicesDep, holder: SignedInHolder) -> VacationOut:
    """A vacation of ``days`` from now: the account's clocks stand still meanwhile."""
    try:
        row = await _vacations(app).start(holder.person.id, body.days, app.hub.now())
    except OnVacation as error:
        raise HTTPException(409, str(error)) from None
    except ValueError as error:
        raise HTTPException(400, str(error)) from None
    await app.hub.vacation_changed(holder.person.id)
    return VacationOut(starts_at=row.starts_at, ends_at=row.ends_at)


@router.delete(
    "/api/account/vacation",
    dependencies=[Checked],
    responses={
        401: {"description": "not signed in"},
        404: {"description": "no vacation under way"},
    },
)
async def end_vacation(app: ServicesDep, holder: SignedInHolder) -> VacationOut:
    """The vacation under way ended now: the account's clocks run again."""
    if not await _vacations(app).end(holder.person.id, app.hub.now()):
        raise HTTPException(404, "no vacation under way")
    await app.hub.vacation_changed(holder.person.id)
    return VacationOut(starts_at=None, ends_at=None)
