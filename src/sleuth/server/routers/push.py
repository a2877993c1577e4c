"""A person's notifications by Web Push: the service's public key the page subscribes with,
the browsers subscribed (each shown failing when its pushes fail), which kinds to push,
and the service worker and manifest the page installs (served from the site's root, so
the worker's scope is the whole page)."""

from __future__ import annotations

import time
from importlib.resources import files
from pathlib import Path
from typing import Annotated

from fastapi import APIRouter, HTTPException, Request
from fastapi import Path as InPath
from fastapi.responses import FileResponse
from pydantic import StringConstraints

from ..deps import Checked, Services, ServicesDep
from ..models import PushSettingsRow
from ..notify import KINDS
from ..problems import said_or_text
from ..push import Subscriptions, check_subscription
from ..schemas import Strict
from .account import SignedInHolder
from .mail import known_language

router = APIRouter(tags=["push"])
NO_PUSH = "this server pushes no notifications (it was started with --no-push)"
NOT_SUBSCRIBED = "no such browser among this account's subscriptions"


class PushKeyOut(Strict):
    key: str  # the VAPID public key: PushManager.subscribe's applicationServerKey


class SubscriptionKeys(Strict):
    p256dh: Annotated[str, StringConstraints(max_length=128)]
    auth: Annotated[str, StringConstraints(max_length=64)]


class SubscriptionIn(Strict):
    """As the browser's ``PushSubscription.toJSON()`` gives it (its expiry left out)."""

    endpoint: Annotated[str, StringConstraints(max_length=1000)]
    keys: SubscriptionKeys
    language: Annotated[str, StringConstraints(max_length=8)] | None = None
    expirationTime: float | None = None  # the browser's name


class BrowserOut(Strict):
    id: int
    endpoint: str
    # Why its last push failed, while it keeps failing (None: it works, or was not tried).
    failing: str | None
    failures: int


class PushChoicesIn(Strict):
    your_move: bool = True
    game_over: bool = True
    invited: bool = False
    clock_low: bool = False


class PushSettingsOut(Strict):
    your_move: bool
    game_over: bool
    invited: bool
    clock_low: bool
    browsers: list[BrowserOut]
    sends_push: bool


def _subscriptions(app: Services) -> Subscriptions:
    if not app.hub.notices.push_enabled:
        raise HTTPException(409, NO_PUSH)
    return Subscriptions(app.hub.notices)


@router.get("/api/push/key", responses={409: {"description": "this server pushes nothing"}})
async def push_key(app: ServicesDep) -> PushKeyOut:
    """The key the page subscribes a browser with."""
    _subscriptions(app)
    return PushKeyOut(key=app.hub.notices.push_key)


@router.get("/api/account/push", responses={401: {"description": "not signed in"}})
async def push_settings(app: ServicesDep, holder: SignedInHolder) -> PushSettingsOut:
    """The account's browsers and the kinds pushed to them."""
    person_id = holder.person.id
    if not app.hub.notices.push_enabled:
        off = dict.fromkeys(KINDS, False)
        return PushSettingsOut(browsers=[], sends_push=False, **off)
    subscriptions = Subscriptions(app.hub.notices)
    choices = await subscriptions.choices(person_id)
    kinds = {kind: bool(getattr(choices, kind)) if choices else False for kind in KINDS}
    browsers = [
        BrowserOut(
            id=row.id,
            endpoint=row.endpoint,
            failing=row.last_error if row.failures else None,
            failures=row.failures,
        )
        for row in await subscriptions.of(person_id)
    ]
    return PushSettingsOut(browsers=browsers, sends_push=True, **kinds)


@router.put(
    "/api/account/push",
    dependencies=[Checked],
    responses={401: {"description": "not signed in"}, 409: {"description": "no pushes"}},
)
async def set_push_choices(
    body: PushChoicesIn, app: ServicesDep, holder: SignedInHolder
) -> PushSettingsOut:
    """Push the kinds chosen to every browser of the account."""
    kinds = {kind: getattr(body, kind) for kind in KINDS}
    row = PushSettingsRow(person_id=holder.person.id, updated_at=time.time(), **kinds)
    await _subscriptions(app).choose(row)
    return await push_settings(app, holder)


@router.post(
    "/api/account/push/browsers",
    dependencies=[Checked],
    status_code=201,
    responses={
        400: {"description": "not a subscription of a push service, or no such language"},
        401: {"description": "not signed in"},
        409: {"description": "this server pushes nothing"},
    },
)
async def subscribe(
    body: SubscriptionIn, request: Request, app: ServicesDep, holder: SignedInHolder
) -> PushSettingsOut:
    """Push to this browser (its subscription, as ``PushManager.subscribe`` made it with
    the service's key), in ``language`` (the page's; the browser's by default)."""
    subscriptions = _subscriptions(app)
    try:
        given = check_subscription(
            body.endpoint, body.keys.p256dh, body.keys.auth, app.hub.notices.push_services
        )
    except ValueError as error:
        raise HTTPException(400, said_or_text(error)) from None
    language = known_language(body.language, request)
    await subscriptions.add(holder.person.id, given, language)
    return await push_settings(app, holder)


# A browser subscription's row id: past this, no row has it (and SQLite refuses the number).
BrowserId = Annotated[int, InPath(ge=1, le=2**31 - 1)]


@router.delete(
    "/api/account/push/browsers/{browser_id}",
    dependencies=[Checked],
    responses={
        401: {"description": "not signed in"},
        404: {"description": NOT_SUBSCRIBED},
        409: {"description": "this server pushes nothing"},
    },
)
async def unsubscribe(browser_id: BrowserId, app: ServicesDep, holder: SignedInHolder) -> None:
    """No more pushes to that browser."""
    if not await _subscriptions(app).remove(browser_id, holder.person.id):
        raise HTTPException(404, NOT_SUBSCRIBED)


# --- the files a browser installs -------------------------------------------------------------


def _static(name: str) -> Path:
    return Path(str(files("sleuth.web").joinpath("static", name)))


@router.get("/sw.js", include_in_schema=False)
async def service_worker() -> FileResponse:
    # From the root: a worker's scope is its own folder and below, and the tables are /t/.
    return FileResponse(
        _static("sw.js"),
        media_type="text/javascript",
        headers={"Cache-Control": "no-cache", "Service-Worker-Allowed": "/"},
    )


@router.get("/manifest.webmanifest", include_in_schema=False)
async def manifest() -> FileResponse:
    return FileResponse(_static("manifest.webmanifest"), media_type="application/manifest+json")
