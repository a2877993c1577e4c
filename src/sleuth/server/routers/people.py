"""People: a browser identity (a long-lived cookie) and a display name; no passwords."""

from __future__ import annotations

from fastapi import APIRouter, HTTPException, Request, Response

from ..deps import COOKIE, Checked, MaybePerson, Person, ServicesDep, count_new
from ..schemas import PersonIn, PersonOut, SessionOut

router = APIRouter(prefix="/api/people", tags=["people"])
COOKIE_SECONDS = 400 * 86400  # the longest browsers keep a cookie


@router.post("", dependencies=[Checked], responses={429: {"description": "too many new people"}})
async def identify(
    body: PersonIn, request: Request, response: Response, app: ServicesDep, person: MaybePerson
) -> PersonOut:
    """Name this browser: a new identity (sets the cookie), or a new name for this one."""
    if person is not None:
        await app.people.rename(person.id, body.name)
        return PersonOut(id=person.id, name=body.name)
    await count_new("people", request, app)
    row, secret = await app.people.create(body.name)
    response.set_cookie(
        COOKIE,
        secret,
        max_age=COOKIE_SECONDS,
        httponly=True,
        samesite="lax",
        secure=app.settings.cookie_secure,
    )
    return PersonOut(id=row.id, name=row.name)


@router.get("/me", responses={401: {"description": "no identity yet"}})
async def me(person: MaybePerson) -> PersonOut:
    if person is None:
        raise HTTPException(401, "no identity: POST /api/people with a display name first")
    return PersonOut(id=person.id, name=person.name)


@router.get("/session")
async def session(person: MaybePerson, app: ServicesDep) -> SessionOut:
    """Who this browser is, if anyone yet (``person`` is null before it names itself), and
    the account it is signed in to: the page asks this first, so a newcomer's first request
    is not an error."""
    if person is None:
        return SessionOut(person=None)
    account = await app.accounts.of(person.id)
    return SessionOut(
        person=PersonOut(id=person.id, name=person.name),
        account=None if account is None else account.name,
    )


@router.delete("/me", dependencies=[Checked])
async def forget(
    request: Request, response: Response, app: ServicesDep, person: Person
) -> PersonOut:
    """Forget this browser's identity here (the person's seats stay theirs): its account
    session, if it is signed in, ends, and the play channels it opened close."""
    app.hub.end_sessions(await app.accounts.sign_out(person.id, request.cookies.get(COOKIE, "")))
    response.delete_cookie(COOKIE)
    return PersonOut(id=person.id, name=person.name)
