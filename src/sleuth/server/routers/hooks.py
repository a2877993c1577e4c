"""A person's notifications to chat services and webhooks (``hooks``): their Apprise URLs,
each checked when entered and shown back masked, the kinds each takes, and each shown
failing while its sends fail."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, HTTPException, Path, Request
from pydantic import StringConstraints

from sleuth.i18n import translate

from .. import problems
from ..deps import Checked, Services, ServicesDep
from ..hooks import MOST_HOOKS, Hooks, TooManyHooks, choices_of
from ..notify import KINDS
from ..schemas import Strict
from .account import SignedInHolder
from .mail import known_language

router = APIRouter(tags=["hooks"])
NO_SUCH_HOOK = problems.NO_SUCH_HOOK.template


# A hook's number as the database keeps it (a 32-bit key): a larger one names no hook.
HookId = Annotated[int, Path(ge=1, le=2**31 - 1)]


class HookKinds(Strict):
    your_move: bool = True
    game_over: bool = True
    invited: bool = False
    clock_low: bool = False


class HookIn(HookKinds):
    url: Annotated[str, StringConstraints(max_length=2000)]
    language: Annotated[str, StringConstraints(max_length=8)] | None = None


class HookOut(Strict):
    id: int
    url: str  # as Apprise writes it with its secrets masked
    language: str
    your_move: bool
    game_over: bool
    invited: bool
    clock_low: bool
    # Why its last send failed, in the hook's language, while it keeps failing.
    failing: str | None
    failures: int


class HooksOut(Strict):
    hooks: list[HookOut]
    sends_hooks: bool
    most: int


def _hooks(app: Services) -> Hooks:
    if not app.hub.notices.hooks_enabled:
        raise HTTPException(409, problems.NO_HOOKS())
    return Hooks(app.hub.notices)


@router.get("/api/account/hooks", responses={401: {"description": "not signed in"}})
async def hook_settings(app: ServicesDep, holder: SignedInHolder) -> HooksOut:
    """The account's chat services and webhooks."""
    if not app.hub.notices.hooks_enabled:
        return HooksOut(hooks=[], sends_hooks=False, most=MOST_HOOKS)
    shown = [
        HookOut(
            id=row.id,
            url=row.shown,
            language=row.language,
            failing=translate(row.language, row.last_error)
            if row.failures and row.last_error
            else None,
            failures=row.failures,
            **choices_of(row),
        )
        for row in await Hooks(app.hub.notices).of(holder.person.id)
    ]
    return HooksOut(hooks=shown, sends_hooks=True, most=MOST_HOOKS)


@router.post(
    "/api/account/hooks",
    dependencies=[Checked],
    status_code=201,
    responses={
        400: {"description": "not a URL this server sends to, or no such language"},
        401: {"description": "not signed in"},
        409: {"description": "no hooks on this server, or the account has the most"},
    },
)
async def add_hook(
    body: HookIn, request: Request, app: ServicesDep, holder: SignedInHolder
) -> HooksOut:
    """Send the kinds chosen to this Apprise URL (checked here: a service this server posts
    to, and a public host), in ``language`` (the page's; the browser's by default)."""
    hooks = _hooks(app)
    language = known_language(body.language, request)
    try:
        given = await app.host_checks.checked(body.url, app.settings.hook_private)
    except ValueError as error:
        raise HTTPException(400, error.args[0]) from None
    kinds = {kind: getattr(body, kind) for kind in KINDS}
    try:
        await hooks.add(holder.person.id, given, language, kinds)
    except TooManyHooks:
        raise HTTPException(409, problems.HOOKS_MANY(most=MOST_HOOKS)) from None
    except ValueError as error:
        raise HTTPException(400, error.args[0]) from None
    return await hook_settings(app, holder)


@router.put(
    "/api/account/hooks/{hook_id}",
    dependencies=[Checked],
    responses={
        401: {"description": "not signed in"},
        404: {"description": NO_SUCH_HOOK},
        409: {"description": "no hooks on this server"},
    },
)
async def choose_hook_kinds(
    hook_id: HookId, body: HookKinds, app: ServicesDep, holder: SignedInHolder
) -> HooksOut:
    """The kinds this hook takes."""
    kinds = {kind: getattr(body, kind) for kind in KINDS}
    if not await _hooks(app).choose(hook_id, holder.person.id, kinds):
        raise HTTPException(404, problems.NO_SUCH_HOOK())
    return await hook_settings(app, holder)


@router.delete(
    "/api/account/hooks/{hook_id}",
    dependencies=[Checked],
    responses={
        401: {"description": "not signed in"},
        404: {"description": NO_SUCH_HOOK},
        409: {"description": "no hooks on this server"},
    },
)
async def remove_hook(hook_id: HookId, app: ServicesDep, holder: SignedInHolder) -> None:
    """No more sends to this hook."""
    if not await _hooks(app).remove(hook_id, holder.person.id):
        raise HTTPException(404, problems.NO_SUCH_HOOK())
