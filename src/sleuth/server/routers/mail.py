"""A person's e-mail notifications: the address and which events to mail (an account's
settings), and the unsubscribe link every mail ends with.

The link's token is signed by the service (``mail.unsubscribe_token``): it turns that one
kind of mail off for that one person, and needs no cookie, so it works from any mail
program. Opening it shows a button (a link opened by a mail scanner changes nothing); a
mail program's one-click unsubscribe (RFC 8058) posts to it directly.
"""

from __future__ import annotations

import html
import time
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse
from pydantic import StringConstraints

from sleuth.i18n import LANGUAGES, N_, choose_language, translate

from ..confirm_limits import ConfirmationRefused
from ..deps import Checked, Services, ServicesDep
from ..digest import check_hour, check_zone, next_digest, reschedule
from ..mail_address import check_address
from ..mail_compose import KIND_WHAT
from ..mail_links import read_confirm_token, read_unsubscribe_token, token_person
from ..models import MailSettingsRow
from ..notify import KINDS
from ..problems import MAIL_SETTING, NO_SUCH_LANGUAGE, said_or_text
from ..schemas import Strict
from .account import SignedInHolder

router = APIRouter(tags=["mail"])
NO_MAIL = "this server sends no mail (it was started without --smtp)"
# Seconds before saving an unconfirmed address again sends another confirmation mail: one
# account cannot make the service mail a stranger more than a few times an hour.
CONFIRM_AGAIN = 600.0
BAD_LINK = "this unsubscribe link is not one of this server's (copy the whole link from the mail)"


class MailSettingsIn(Strict):
    address: Annotated[str, StringConstraints(max_length=300)]
    language: Annotated[str, StringConstraints(max_length=8)] | None = None
    your_move: bool = True
    game_over: bool = True
    invited: bool = False
    clock_low: bool = False
    # None: a mail per event; an hour (0-23) of ``time_zone``: one mail a day, at that hour.
    digest_hour: int | None = None
    time_zone: Annotated[str, StringConstraints(max_length=64)] = "UTC"


class MailSettingsOut(Strict):
    address: str | None
    language: str
    your_move: bool
    game_over: bool
    invited: bool
    clock_low: bool
    # The newest mail's last try failed (the channel is failing): why, in a general word.
    failing: str | None
    sends_mail: bool
    # False until the link of the confirmation mail sent to the address is opened.
    confirmed: bool
    digest_hour: int | None = None
    time_zone: str = "UTC"


def _mail_on(app: Services) -> None:
    if not app.hub.notices.enabled:
        raise HTTPException(409, NO_MAIL)


@router.get("/api/account/mail", responses={401: {"description": "not signed in"}})
async def mail_settings(
    request: Request, app: ServicesDep, holder: SignedInHolder
) -> MailSettingsOut:
    """The account's e-mail notifications (no address: none)."""
    person_id = holder.person.id
    row = await app.hub.notices.settings(person_id)
    failure = await app.hub.notices.last_failure(person_id)
    enabled = app.hub.notices.enabled
    language = row.language if row is not None else None
    language = language or choose_language(request.headers.get("accept-language"))
    # Stored as a reason of the catalogue (``mail_sender.failure_reason``), shown in their language.
    failing = None if failure is None else translate(language, failure)
    if row is None:
        off: dict[str, Any] = dict.fromkeys(KINDS, False)
        return MailSettingsOut(
            address=None,
            language=language,
            failing=failing,
            sends_mail=enabled,
            confirmed=False,
            **off,
        )
    kinds: dict[str, Any] = {kind: bool(getattr(row, kind)) for kind in KINDS}
    return MailSettingsOut(
        address=row.address,
        language=row.language,
        failing=failing,
        sends_mail=enabled,
        confirmed=row.confirmed_at is not None,
        digest_hour=row.digest_hour,
        time_zone=row.digest_zone,
        **kinds,
    )


@router.put(
    "/api/account/mail",
    dependencies=[Checked],
    responses={
        400: {"description": "not an e-mail address, or no such language"},
        401: {"description": "not signed in"},
        409: {"description": "this server sends no mail"},
    },
)
async def set_mail_settings(
    body: MailSettingsIn, request: Request, app: ServicesDep, holder: SignedInHolder
) -> MailSettingsOut:
    """Mail the account's person at ``address`` (checked here) for the kinds chosen, in
    ``language`` (the page's; the browser's by default)."""
    _mail_on(app)
    try:
        address = check_address(body.address)
    except ValueError as error:
        raise HTTPException(
            400, MAIL_SETTING(field="address", reason=said_or_text(error))
        ) from None
    language = known_language(body.language, request)
    try:
        zone = check_zone(body.time_zone)
    except ValueError as error:
        raise HTTPException(
            400, MAIL_SETTING(field="time_zone", reason=said_or_text(error))
        ) from None
    try:
        hour = None if body.digest_hour is None else check_hour(body.digest_hour)
    except ValueError as error:
        raise HTTPException(
            400, MAIL_SETTING(field="digest_hour", reason=said_or_text(error))
        ) from None
    kinds = {kind: getattr(body, kind) for kind in KINDS}
    notices = app.hub.notices
    before = await notices.settings(holder.person.id)
    same = before is not None and before.address == address
    now = time.time()
    row = MailSettingsRow(
        person_id=holder.person.id,
        address=address,
        language=language,
        updated_at=now,
        # A new address is unconfirmed: nothing goes to it but its confirmation mail.
        confirmed_at=before.confirmed_at if same and before is not None else None,
        confirm_sent_at=before.confirm_sent_at if same and before is not None else None,
        digest_hour=hour,
        digest_zone=zone,
        **kinds,
    )
    last_sent = row.confirm_sent_at
    ask = row.confirmed_at is None and (last_sent is None or now - last_sent >= CONFIRM_AGAIN)
    if ask:
        try:
            await app.confirmations.count(holder.person.id, address)
        except ConfirmationRefused as refused:
            headers = {"Retry-After": str(refused.retry_after)}
            raise HTTPException(429, refused.said, headers=headers) from None
        row.confirm_sent_at = now
    await notices.save_settings(row)
    # Mails waiting go at the new choice's time: now, or the digest's hour.
    due = now if hour is None else next_digest(now, hour, zone)
    await reschedule(notices.database, holder.person.id, due)
    if ask and notices.confirmer is not None:
        await notices.confirmer(holder.person.id, address, language)
    return await mail_settings(request, app, holder)


@router.delete(
    "/api/account/mail", dependencies=[Checked], responses={401: {"description": "not signed in"}}
)
async def forget_mail(app: ServicesDep, holder: SignedInHolder) -> None:
    """No more mail: the address is forgotten, with every mail to it not yet sent."""
    await app.hub.notices.forget(holder.person.id)


# --- the unsubscribe link ---------------------------------------------------------------------

WHAT = KIND_WHAT
ASK = N_("Stop the %(what)s?")
STOP_BUTTON = N_("Stop them")
STOPPED = N_("Done: no more %(what)s. Your account's settings can turn them on again.")

CONFIRMED = N_("Address confirmed: Sleuth's notifications will be sent to %(address)s.")
NOT_CONFIRMED = N_(
    "This link confirms no address: it is not one of this server's, or the address was "
    "changed after it was sent."
)

# The pages below have no script, style or image: nothing else may load.
PAGE_POLICY = "default-src 'none'; form-action 'self'; frame-ancestors 'none'"


def _page(language: str, title: str, body: str, status: int = 200) -> HTMLResponse:
    text = (
        f'<!doctype html><html lang="{language}"><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title><main><h1>Sleuth</h1>{body}</main></html>"
    )
    return HTMLResponse(text, status, headers={"Content-Security-Policy": PAGE_POLICY})


async def _token_language(app: Services, token: str) -> tuple[str, str, str]:
    read = read_unsubscribe_token(app.key, token)
    if read is None:
        raise HTTPException(404, BAD_LINK)
    person_id, kind = read
    row = await app.hub.notices.settings(person_id)
    return person_id, kind, row.language if row is not None else "en"


@router.get("/mail/unsubscribe/{token}", include_in_schema=False)
async def unsubscribe_page(token: str, app: ServicesDep) -> HTMLResponse:
    """A page with one button that stops this kind of mail."""
    _person_id, kind, language = await _token_language(app, token)
    question = translate(language, ASK) % {"what": translate(language, WHAT[kind])}
    form = (
        f"<p>{html.escape(question)}</p>"
        f'<form method="post"><button>{html.escape(translate(language, STOP_BUTTON))}</button>'
        "</form>"
    )
    return _page(language, question, form)


@router.post("/mail/unsubscribe/{token}", include_in_schema=False, dependencies=[Checked])
async def unsubscribe(token: str, app: ServicesDep) -> HTMLResponse:
    """Stop this kind of mail to the token's person (the page's button, or a mail
    program's one-click unsubscribe)."""
    person_id, kind, language = await _token_language(app, token)
    await app.hub.notices.turn_off(person_id, kind)
    done = translate(language, STOPPED) % {"what": translate(language, WHAT[kind])}
    return _page(language, done, f"<p>{html.escape(done)}</p>")


# --- the confirmation link --------------------------------------------------------------------


@router.get("/mail/confirm/{token}", include_in_schema=False)
async def confirm_address(token: str, app: ServicesDep) -> HTMLResponse:
    """Confirm the address of the token's person, if the token is for that address."""
    person_id = token_person(token)
    row = await app.hub.notices.settings(person_id)
    address = row.address if row is not None else None
    language = row.language if row is not None else "en"
    if not read_confirm_token(app.key, token, address) or address is None:
        text = translate(language, NOT_CONFIRMED)
        return _page(language, text, f"<p>{html.escape(text)}</p>", 404)
    await app.hub.notices.confirm(person_id, address)
    text = translate(language, CONFIRMED) % {"address": address}
    return _page(language, text, f"<p>{html.escape(text)}</p>")


def known_language(given: str | None, request: Request) -> str:
    """The language a person's notices are written in: the one given (the page's), else the
    browser's; ``HTTPException`` 400 for one the service does not speak."""
    language = given or choose_language(request.headers.get("accept-language"))
    if language not in LANGUAGES:
        raise HTTPException(
            400, NO_SUCH_LANGUAGE(language=repr(language), languages=", ".join(LANGUAGES))
        )
    return language
