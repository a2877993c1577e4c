"""Passkeys: an account adds one (signed in), lists and removes them; any browser signs in
with one, no password. Each ceremony is two requests: the options (with a challenge used
once), then the browser's answer. A refused sign-in gets one plain answer."""

from __future__ import annotations

import time
from typing import Any

from fastapi import APIRouter, HTTPException, Request, Response

from .. import problems
from ..deps import COOKIE, Checked, MaybePerson, ServicesDep
from ..passkeys import PasskeyRefused, PasskeyTaken, RelyingParty
from ..schemas import AccountOut, PasskeyIn, PasskeyOptionsIn, PasskeyOut
from .account import (
    LIMITED,
    SignedInHolder,
    address_limit,
    device_of,
    prove,
    set_session_cookie,
)

router = APIRouter(prefix="/api/account/passkeys", tags=["account"])
NOT_ACCEPTED = "the passkey was not accepted"
RECENT_SIGN_IN = 600  # seconds
OPTIONS: dict[int | str, dict[str, Any]] = {
    200: {"content": {"application/json": {"schema": {"type": "object"}}}}
}


def relying_party(request: Request, allowed: tuple[str, ...]) -> RelyingParty:
    """This server as the page sees it: the RP ID is its host name, the origin its own."""
    host = request.headers.get("host", "")
    return RelyingParty(request.url.hostname or "", (f"{request.url.scheme}://{host}", *allowed))


def _json(text: str) -> Response:
    return Response(text, media_type="application/json")


@router.post(
    "/register/options",
    dependencies=[Checked],
    responses={
        **OPTIONS,
        401: {"description": "not signed in"},
        403: {"description": "no password given and no recent sign-in, or a wrong password"},
        **LIMITED,
    },
)
async def register_options(
    request: Request, app: ServicesDep, holder: SignedInHolder, body: PasskeyOptionsIn | None = None
) -> Response:
    """The options for ``navigator.credentials.create`` (WebAuthn's JSON form). A passkey
    signs in without the password and outlives its change unless removed: adding one takes
    the password, or a sign-in on this browser within the last ``RECENT_SIGN_IN`` seconds, so
    that a session's cookie alone (left open, or stolen) cannot keep the account."""
    account = await app.accounts.of(holder.person.id)
    if account is None:
        raise HTTPException(401, "not signed in: sign up or sign in first")
    if body is not None and body.password is not None:
        await prove(request, app, holder, body.password)
    else:
        began = await app.accounts.signed_in_at(request.cookies.get(COOKIE, ""))
        if began is None or time.time() - began > RECENT_SIGN_IN:
            raise HTTPException(403, problems.PASSKEY_NEEDS_PASSWORD(minutes=RECENT_SIGN_IN // 60))
    party = relying_party(request, app.settings.allowed_origins)
    return _json(await app.passkeys.registration_options(account, party))


@router.post(
    "/register",
    status_code=201,
    dependencies=[Checked],
    responses={
        400: {"description": "not accepted"},
        401: {"description": "not signed in"},
        409: {"description": "an account has this passkey already"},
    },
)
async def register(
    body: PasskeyIn, request: Request, app: ServicesDep, holder: SignedInHolder
) -> PasskeyOut:
    """Add the passkey the browser made for the options."""
    party = relying_party(request, app.settings.allowed_origins)
    try:
        row = await app.passkeys.register(
            holder.person.id, body.credential, party, device_of(request)
        )
    except PasskeyRefused as error:
        raise HTTPException(400, problems.said_or_text(error)) from None
    except PasskeyTaken:
        raise HTTPException(409, problems.PASSKEY_TAKEN()) from None
    return PasskeyOut(id=row.id, device=row.device, created_at=row.created_at)


@router.post("/sign-in/options", dependencies=[Checked], responses={**OPTIONS, **LIMITED})
async def sign_in_options(request: Request, app: ServicesDep) -> Response:
    """The options for ``navigator.credentials.get``: any passkey of this server."""
    await address_limit(request, app)
    return _json(
        await app.passkeys.sign_in_options(relying_party(request, app.settings.allowed_origins))
    )


@router.post(
    "/sign-in",
    dependencies=[Checked],
    responses={401: {"description": "not accepted"}, **LIMITED},
)
async def sign_in(
    body: PasskeyIn, request: Request, response: Response, app: ServicesDep, before: MaybePerson
) -> AccountOut:
    """This browser signs in to the passkey's account; a session it had before (of this
    account or another) ends, as with a password."""
    await address_limit(request, app)
    party = relying_party(request, app.settings.allowed_origins)
    try:
        signed = await app.passkeys.sign_in(body.credential, party, device_of(request))
    except PasskeyRefused:
        raise HTTPException(401, NOT_ACCEPTED) from None
    if before is not None:
        app.hub.end_sessions(
            await app.accounts.sign_out(before.id, request.cookies.get(COOKIE, ""))
        )
    set_session_cookie(response, app, signed)
    return AccountOut(id=signed.person_id, name=signed.name, account=signed.account)


@router.get("", responses={401: {"description": "not signed in"}})
async def listed(app: ServicesDep, holder: SignedInHolder) -> list[PasskeyOut]:
    return [
        PasskeyOut(id=row.id, device=row.device, created_at=row.created_at)
        for row in await app.passkeys.of(holder.person.id)
    ]


@router.delete(
    "/{passkey_id}",
    dependencies=[Checked],
    responses={401: {"description": "not signed in"}, 404: {"description": "no such passkey"}},
)
async def remove(passkey_id: str, app: ServicesDep, holder: SignedInHolder) -> None:
    if len(passkey_id) > 400 or not await app.passkeys.remove(holder.person.id, passkey_id):
        raise HTTPException(404, "no such passkey of this account")
