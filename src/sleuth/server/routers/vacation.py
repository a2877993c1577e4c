"""A signed-in person's vacation (issue #36, item 4): while it lasts their clocks at every
table stand still, up to each table's vacation days (``clocks``); the others at their
tables see that they are on vacation, and nothing more."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, HTTPException
from pydantic import Field

from .. import problems
from ..clocks import VACATION_ASKED
from ..deps import Checked, Services, ServicesDep
from ..problems import said_or_text
from ..schemas import Strict
from ..vacations import PersonGone, VacationRefused, Vacations
from .account import SignedInHolder

router = APIRouter(tags=["account"])
LEAST, MOST = VACATION_ASKED


class VacationIn(Strict):
    days: Annotated[int, Field(ge=LEAST, le=MOST, description=f"{LEAST}-{MOST} days")]


class VacationOut(Strict):
    # The vacation under way (seconds since the epoch), or both None.
    starts_at: float | None
    ends_at: float | None
    # The most days a vacation started now may last (0 while one is under way), and the
    # server's allowance: at most ``days_a_year`` days of vacation in any 365 days.
    days_left: int
    days_a_year: int


def _vacations(app: Services) -> Vacations:
    found = app.hub.vacations
    if found is None:
        raise HTTPException(409, problems.NO_VACATIONS())
    return found


@router.get("/api/account/vacation", responses={401: {"description": "not signed in"}})
async def vacation(app: ServicesDep, holder: SignedInHolder) -> VacationOut:
    """The account's vacation under way, if any."""
    vacations = _vacations(app)
    now = app.hub.now()
    row = await vacations.current(holder.person.id, now)
    left = await vacations.days_left(holder.person.id, now)
    if row is None:
        return _out(vacations, None, None, left)
    return _out(vacations, row.starts_at, row.ends_at, left)


def _out(
    vacations: Vacations, starts_at: float | None, ends_at: float | None, left: int
) -> VacationOut:
    return VacationOut(
        starts_at=starts_at, ends_at=ends_at, days_left=left, days_a_year=vacations.days_a_year
    )


@router.post(
    "/api/account/vacation",
    dependencies=[Checked],
    status_code=201,
    responses={
        401: {"description": "not signed in"},
        409: {"description": "a vacation is under way already, or too few days are left"},
    },
)
async def start_vacation(body: VacationIn, app: ServicesDep, holder: SignedInHolder) -> VacationOut:
    """A vacation of ``days`` from now: the account's clocks stand still meanwhile."""
    vacations = _vacations(app)
    try:
        row = await vacations.start(holder.person.id, body.days, app.hub.now())
    except PersonGone as error:
        raise HTTPException(401, said_or_text(error)) from None
    except VacationRefused as error:
        raise HTTPException(409, said_or_text(error)) from None
    except ValueError as error:
        raise HTTPException(400, said_or_text(error)) from None
    await app.hub.vacation_changed(holder.person.id)
    return _out(vacations, row.starts_at, row.ends_at, 0)


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
    vacations = _vacations(app)
    now = app.hub.now()
    if not await vacations.end(holder.person.id, now):
        raise HTTPException(404, problems.NO_VACATION())
    await app.hub.vacation_changed(holder.person.id)
    return _out(vacations, None, None, await vacations.days_left(holder.person.id, now))
