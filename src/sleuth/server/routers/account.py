"""Accounts: sign up (a guest keeps every seat), sign in on any browser, sessions, password,
deletion and an export of one's games. An account is never needed to play.

Every route that changes something passes the Origin check (``deps.same_origin``), as every
other route with a cookie does; the cookie itself is ``SameSite=Lax``. A wrong name or
password gets one answer that never says which of the two was wrong.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import APIRouter, Depends, HTTPException, Request, Response

from sleuth.core.serialize import JSONValue

from ..accounts import DELETED_NAME, AlreadySignedUp, NameTaken, SignedIn, name_problem
from ..deps import (
    COOKIE,
    Checked,
    MaybePerson,
    Services,
    ServicesDep,
    client_address,
    count_new,
    count_read,
)
from ..jsontext import Fragment, json_bytes
from ..models import PersonRow
from ..problems import said_or_text
from ..reviews import RETRY_SECONDS, Busy, Queued
from ..schemas import (
    AccountOut,
    DeviceOut,
    ExportOut,
    PasswordChangedOut,
    PasswordChangeIn,
    PasswordIn,
    SignInIn,
    SignUpIn,
)
from ..signing import ALGORITHM
from .people import COOKIE_SECONDS

router = APIRouter(prefix="/api/account", tags=["account"])
WRONG = "wrong name or password"
NOT_SIGNED_IN = "not signed in: sign up or sign in first"
LIMITED: dict[int | str, dict[str, str]] = {
    429: {"description": "too many attempts from this address or at this account"}
}


def device_of(request: Request) -> str:
    return request.headers.get("user-agent") or "unknown browser"


async def address_limit(request: Request, app: Services) -> None:
    """Count an attempt from this address only (a passkey's account is not known yet)."""
    await _limit(request, app, None)


async def _limit(request: Request, app: Services, name: str | None) -> None:
    app.accounts.passwords.refuse_when_full()
    refused = await app.sign_ins.hit(client_address(request), name)
    if refused is not None:
        raise HTTPException(429, refused.message, headers={"Retry-After": str(refused.retry_after)})


def set_session_cookie(response: Response, app: Services, signed: SignedIn) -> None:
    response.set_cookie(
        COOKIE,
        signed.secret,
        max_age=COOKIE_SECONDS,
        httponly=True,
        samesite="lax",
        secure=app.settings.cookie_secure,
    )


@dataclass(frozen=True)
class Holder:
    """The person behind a request and the name their account signs in with."""

    person: PersonRow
    account: str


async def account_holder(person: MaybePerson, app: ServicesDep) -> Holder:
    """401 for a guest or nobody."""
    account = None if person is None else await app.accounts.of(person.id)
    if person is None or account is None:
        raise HTTPException(401, NOT_SIGNED_IN)
    return Holder(person, account.name)


SignedInHolder = Annotated[Holder, Depends(account_holder)]


async def prove(request: Request, app: Services, holder: Holder, password: str) -> None:
    """Refused unless ``password`` is the account's (counted as a sign-in attempt)."""
    await _limit(request, app, holder.account)
    if not await app.accounts.check_password(holder.person.id, password):
        await app.sign_ins.failed(client_address(request), holder.account)
        raise HTTPException(403, "wrong password")


@router.post(
    "",
    status_code=201,
    dependencies=[Checked],
    responses={
        400: {"description": "the name holds an invisible character, or is too long"},
        409: {"description": "the name is taken, or signed up already"},
        **LIMITED,
    },
)
async def sign_up(
    body: SignUpIn, request: Request, response: Response, app: ServicesDep, guest: MaybePerson
) -> AccountOut:
    """An account for this browser's person (a guest keeps every seat and record), or for
    a new person; this browser is signed in to it."""
    refused = name_problem(body.name)
    if refused is not None:
        raise HTTPException(400, refused)
    await _limit(request, app, None)
    if guest is None:
        await count_new("people", request, app)
    try:
        signed = await app.accounts.sign_up(guest, body.name, body.password, device_of(request))
    except NameTaken:
        raise HTTPException(409, f"the name {body.name!r} is taken: choose another") from None
    except AlreadySignedUp:
        raise HTTPException(409, "this browser is signed in to an account already") from None
    set_session_cookie(response, app, signed)
    return AccountOut(id=signed.person_id, name=signed.name, account=signed.account)


@router.get("", responses={401: {"description": "not signed in"}})
async def account(holder: SignedInHolder) -> AccountOut:
    person = holder.person
    return AccountOut(id=person.id, name=person.name, account=holder.account)


@router.post(
    "/sign-in",
    dependencies=[Checked],
    responses={401: {"description": "wrong name or password"}, **LIMITED},
)
async def sign_in(
    body: SignInIn, request: Request, response: Response, app: ServicesDep, before: MaybePerson
) -> AccountOut:
    """This browser becomes the account's person: it sees the same tables and seats. A
    guest identity it had before stays behind, with its seats; a session it had before
    (of this account or another) ends."""
    await _limit(request, app, body.name)
    signed = await app.accounts.sign_in(body.name, body.password, device_of(request))
    if signed is None:
        await app.sign_ins.failed(client_address(request), body.name)
        raise HTTPException(401, WRONG)
    if before is not None:
        app.hub.end_sessions(
            await app.accounts.sign_out(before.id, request.cookies.get(COOKIE, ""))
        )
    set_session_cookie(response, app, signed)
    return AccountOut(id=signed.person_id, name=signed.name, account=signed.account)


@router.post("/sign-out", dependencies=[Checked], responses={401: {"description": "not signed in"}})
async def sign_out(
    request: Request, response: Response, app: ServicesDep, holder: SignedInHolder
) -> None:
    """End this browser's session: it is nobody until it signs in again."""
    app.hub.end_sessions(
        await app.accounts.sign_out(holder.person.id, request.cookies.get(COOKIE, ""))
    )
    response.delete_cookie(COOKIE)


@router.get("/sessions", responses={401: {"description": "not signed in"}})
async def sessions(request: Request, app: ServicesDep, holder: SignedInHolder) -> list[DeviceOut]:
    """Every browser signed in to the account, the oldest first."""
    cookie = request.cookies.get(COOKIE, "")
    return [
        DeviceOut(id=row.id, device=row.device, created_at=row.created_at, current=current)
        for row, current in await app.accounts.sessions(holder.person.id, cookie)
    ]


@router.delete(
    "/sessions/{session_id}",
    dependencies=[Checked],
    responses={401: {"description": "not signed in"}, 404: {"description": "no such session"}},
)
async def end_session(session_id: str, app: ServicesDep, holder: SignedInHolder) -> None:
    """Sign one browser out (this one too, if named)."""
    ended = (
        set()
        if len(session_id) > 32
        else await app.accounts.end_session(holder.person.id, session_id)
    )
    app.hub.end_sessions(ended)
    if not ended:
        raise HTTPException(404, f"no session {session_id[:32]!r} of this account")


@router.post(
    "/password",
    dependencies=[Checked],
    responses={401: {"description": "not signed in"}, 403: {"description": "wrong"}, **LIMITED},
)
async def change_password(
    body: PasswordChangeIn, request: Request, app: ServicesDep, holder: SignedInHolder
) -> PasswordChangedOut:
    """A new password; every other browser is signed out, and the account's passkeys are
    removed (unless ``remove_passkeys`` is false: the answer says how many are left)."""
    await prove(request, app, holder, body.password)
    cookie = request.cookies.get(COOKIE, "")
    changed = await app.accounts.change_password(
        holder.person.id, body.new_password, cookie, body.remove_passkeys
    )
    app.hub.end_sessions(changed.ended)
    return PasswordChangedOut(
        passkeys_removed=changed.passkeys_removed, passkeys_left=changed.passkeys_left
    )


@router.delete(
    "",
    dependencies=[Checked],
    responses={401: {"description": "not signed in"}, 403: {"description": "wrong"}, **LIMITED},
)
async def delete_account(
    body: PasswordIn,
    request: Request,
    response: Response,
    app: ServicesDep,
    holder: SignedInHolder,
) -> None:
    """The account, its name, its sessions and its chat names gone; finished tables keep
    their seats and records under "deleted player"."""
    person = holder.person
    await prove(request, app, holder, body.password)
    bots = [] if app.bots is None else await app.bots.of(person.id)
    app.hub.end_sessions(await app.accounts.delete(person.id))
    for name in bots:  # their rows went with the account: their connections go too
        await app.hub.revoke_bot(name)
    for owner in app.hub.tables.values():  # the tables this process holds in memory
        for seat in owner.live.seats:
            if seat.person_id == person.id:
                seat.name = DELETED_NAME
    response.delete_cookie(COOKIE)


@router.get(
    "/export",
    response_model=ExportOut,
    responses={
        401: {"description": "not signed in"},
        429: {"description": "too many records read, or worked out, for this address"},
        503: {"description": "too many replays, reviews and records being worked out"},
    },
)
async def export(request: Request, app: ServicesDep, holder: SignedInHolder) -> Response:
    """Every finished game of the account (up to the newest 200): the signed record of each,
    as ``GET /api/tables/{id}/record`` gives it, and the seat the person held. Counted by
    the limit on records read from one address (it replays up to 200 of them)."""
    person = holder.person
    await count_read(request, app)

    def signed(record: dict[str, JSONValue]) -> dict[str, JSONValue]:
        whole = app.key.sign(record)
        value = str(whole["signature"])
        return {
            "record": whole,
            "signature": {"algorithm": ALGORITHM, "key_id": app.key.key_id, "value": value},
        }

    games: list[dict[str, object]] = []
    retry = {"retry-after": str(RETRY_SECONDS)}
    for table, seat in await app.hub.tables_of(person.id):
        live = table.live
        if live.status != "finished":
            continue
        try:  # counted for this address as a record is (two under way at most)
            body = await app.reviews.record(live, signed, client_address(request))
        except Queued as error:
            raise HTTPException(429, said_or_text(error), headers=retry) from None
        except Busy as error:
            raise HTTPException(503, said_or_text(error), headers=retry) from None
        # The signed record embedded as signed (re-read, its 128-bit seed would not fit).
        games.append(
            {
                "table": live.id,
                "game": live.game.name,
                "seat": seat,
                "record": Fragment(body.plain()),
            }
        )
    attachment = f'attachment; filename="sleuth-games-{person.id}.json"'
    return Response(
        json_bytes({"name": person.name, "games": games}),
        media_type="application/json",
        headers={"content-disposition": attachment},
    )
