"""The app factory: ``create_app(settings)`` builds the service; nothing at import time."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import os
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from importlib.resources import files
from pathlib import Path, PurePosixPath

from fastapi import FastAPI, Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import WebSocketRequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from sleuth.agents.budgets import decision_deadline
from sleuth.core import GameError, all_kits
from sleuth.core.kit import WEB, WebPart
from sleuth.core.said import Said

from . import movetrace
from .accounts import Accounts, SignInLimits
from .bus import LocalBus, PostgresBus, asyncpg_dsn
from .csp import PagePolicy
from .db import Database, PostgresDatabase, open_database
from .deps import Services
from .expiry import HOUR
from .hashing import RETRY_SECONDS, Passwords, PasswordsBusy, hasher_for
from .hooks import start_hooks
from .hub import Hub
from .limits import Bodies
from .mail_sender import start_mail
from .netbots import BotAccounts, close_all
from .outage import DatabaseUnavailable, Reach, unavailable_answer
from .passkeys import Passkeys
from .people import People
from .problems import PASSWORDS_BUSY, error_fields, said_or_text
from .push import start_push
from .ratelimit import CreationLimits
from .routers import (
    account,
    bots,
    chat,
    games,
    health,
    hooks,
    invites,
    language,
    mail,
    passkeys,
    people,
    play,
    push,
    ratings,
    records,
    review,
    rules,
    seats,
    tables,
    tutorial,
    vacation,
)
from .settings import Settings
from .signing import SigningKey
from .store import Store
from .workers import WorkerPool

Startup = Callable[[Services], Awaitable[None]]
Lifespan = Callable[[FastAPI], contextlib.AbstractAsyncContextManager[None]]


def static_folder() -> Path:
    """The browser page's files: ``sleuth/web/static`` (a page added there is served)."""
    return Path(str(files("sleuth.web").joinpath("static")))


class PageFiles(StaticFiles):
    """A kit's web folder: its page files only (scripts, styles, images), not its Python."""

    SUFFIXES = frozenset({".js", ".css", ".svg", ".png", ".woff2", ".json"})

    def lookup_path(self, path: str) -> tuple[str, os.stat_result | None]:
        if PurePosixPath(path).suffix not in self.SUFFIXES:
            return "", None
        return super().lookup_path(path)


ROUTERS = (
    people,
    account,
    passkeys,
    games,
    rules,
    tutorial,
    tables,
    seats,
    chat,
    records,
    review,
    play,
    language,
    ratings,
    mail,
    bots,
    push,
    invites,
    hooks,
    vacation,
    health,
)


async def start_services(settings: Settings, database: Database, reach: Reach) -> Services:
    """Everything the routes share, on a migrated database; the hub started."""
    key = SigningKey.load_or_create(settings.key_file)
    store = Store(database)
    bus = (
        PostgresBus(asyncpg_dsn(settings.async_db_url()), reach)
        if settings.is_postgres
        else (LocalBus())
    )
    if isinstance(bus, PostgresBus) and isinstance(database, PostgresDatabase):
        bus.also_own = database.commits_steps
    pool = WorkerPool(
        settings.workers, settings.sheet_workers, decision_deadline(settings.max_think)
    )
    hub = Hub(store, bus, pool, settings.bot_delay)
    hub.notices.lease_seconds = settings.notify_lease_seconds
    if hub.vacations is not None:
        hub.vacations.days_a_year = settings.vacation_days_a_year
    if hub.expiry is not None:
        hub.expiry.seconds = settings.waiting_expiry_hours * HOUR
    hub.waiting_cap = settings.max_waiting_tables
    creation = CreationLimits(database, settings.new_people_rate, settings.new_tables_rate)
    accounts = Accounts(database, store, Passwords(hasher_for(settings.password_cost)))
    sign_ins = SignInLimits(database, settings.sign_in_address_rate, settings.sign_in_account_rate)
    passkey_store = Passkeys(database, accounts)
    services = Services(
        settings,
        People(store),
        hub,
        key,
        creation,
        accounts,
        sign_ins,
        passkey_store,
        bots=BotAccounts(database),
    )
    hub.desk.netbots = services.netbots
    await hub.start()
    start_mail(settings, hub, store, key)
    start_push(settings, hub, store)
    start_hooks(settings, hub, store)
    return services


def lifespan_of(settings: Settings, on_start: Startup | None) -> Lifespan:
    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        reach = Reach()  # one outage of the database, seen by every connection, told once
        database = open_database(settings, reach)
        await database.migrate()
        services = await start_services(settings, database, reach)
        app.state.services = services
        tracing = movetrace.start(asyncio.get_running_loop())  # only if asked for
        if on_start is not None:
            await on_start(services)
        try:
            yield
        finally:
            if tracing is not None:
                movetrace.stop(tracing)
            close_all(services.netbots)
            services.host_checks.close()
            services.reviews.close()
            services.accounts.passwords.close()
            await services.hub.close()
            await database.close()

    return lifespan


def answer_errors(app: FastAPI) -> None:
    """Refusals as JSON the page can translate, for HTTP and WebSocket alike."""
    app.add_exception_handler(WebSocketRequestValidationError, play.refuse_parameters)  # type: ignore[arg-type]
    # One handler for HTTP and WebSocket alike (Starlette's types tell the two apart).
    app.add_exception_handler(DatabaseUnavailable, unavailable_answer)  # type: ignore[arg-type]

    @app.exception_handler(PasswordsBusy)
    async def passwords_busy(_request: Request, _error: PasswordsBusy) -> JSONResponse:
        said = PASSWORDS_BUSY()
        body = {"detail": str(said), **error_fields(said)}
        return JSONResponse(body, 503, headers={"Retry-After": str(RETRY_SECONDS)})

    @app.exception_handler(GameError)
    async def game_error(_request: Request, error: GameError) -> JSONResponse:
        return JSONResponse({"detail": str(error), **error_fields(said_or_text(error))}, 400)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException) -> Response:
        # A refusal said in words the page translates keeps its English detail and adds them.
        if not isinstance(error.detail, Said):
            return await http_exception_handler(request, error)
        body = {"detail": str(error.detail), **error_fields(error.detail)}
        return JSONResponse(body, error.status_code, headers=error.headers)


# The page's own addresses: each is the one page, which reads the address and shows the part.
PAGE_PATHS = ("/", "/t/{table_id}", "/boards", "/boards/{game}", "/learn/{game}", "/p/{person_id}")


def serve_page(app: FastAPI) -> None:
    """The page, its files and each game's part of it."""
    folder = static_folder()
    # Each game's own part of the page, from its kit (mounted before the page's own files).
    for kit in all_kits():
        if kit.has(WEB):
            part = kit.part(WEB, WebPart)
            app.mount(f"/static/games/{kit.name}", PageFiles(directory=part.folder))
    app.mount("/static", StaticFiles(directory=folder), name="static")

    @app.get("/favicon.ico", include_in_schema=False)
    async def icon() -> FileResponse:
        return FileResponse(folder / "icon.svg", media_type="image/svg+xml")

    page = folder / "index.html"
    policy = PagePolicy.of(page.read_text(encoding="utf-8"))

    async def page_response(request: Request) -> FileResponse:
        header = policy.header(request.headers.get("host"))
        return FileResponse(page, headers={"Content-Security-Policy": header})

    for path in PAGE_PATHS:
        app.add_api_route(path, page_response, methods=["GET"], include_in_schema=False)


def create_app(settings: Settings | None = None, on_start: Startup | None = None) -> FastAPI:
    settings = settings or Settings()
    app = FastAPI(
        title="Sleuth",
        summary="Deduction card games with friends and bots",
        version="1",
        lifespan=lifespan_of(settings, on_start),
    )
    for router in ROUTERS:
        app.include_router(router.router)
    answer_errors(app)
    serve_page(app)
    app.add_middleware(Bodies, limit=settings.max_body_bytes)
    if settings.trusted_proxies:
        # Outermost, so every other part sees the client the proxy names.
        app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=list(settings.trusted_proxies))
    return app


# The collector's thresholds (CPython 3.11-3.13; 3.14's incremental collector reads them
# otherwise): a young collection once the objects made less those freed reach
# YOUNG_COLLECTION_AFTER, a middle one every MIDDLE_COLLECTION_EVERY young ones, a full one
# every FULL_COLLECTION_EVERY middle ones (and only once the objects grown old since the
# last are a quarter of those it kept). Each collection stops the event loop while it scans
# what it collects, so small frequent collections keep every move's wait short where large
# rare ones put a long pause on a few. At 250 tables on PostgreSQL (benchmarks/serve.py
# --trace; docs/speed.md), at 7,000 a young collection took 12 ms of CPU on average and a
# middle one 66-75 ms (up to 101), and nine in ten of the updates above p99 overlapped one;
# at 1,000 they took at most 5 and 23 ms, for about two-fifths more of the collector's CPU
# in all (1.4% of a core), and the baselines' p99 went from 53-107 ms to 32-48. Full
# collections (every connection's coroutines and every table's state scanned: 250-370 ms)
# still wait for 7 million objects (1,000 x 10 x 700) as before; CPython's defaults (700,
# 10, 10) ran one every two seconds.
YOUNG_COLLECTION_AFTER = 1000
MIDDLE_COLLECTION_EVERY = 10
FULL_COLLECTION_EVERY = 700
# How long a thread may hold the interpreter's lock while another waits for it (Python's
# default: 5 ms). The event loop is busy most of the time under load, so the threads that
# feed the bot workers and commit to SQLite waited up to 5 ms for each of the few moments
# they need the lock, and a frame waited as long for them in turn. At 250 tables with a bot
# each (benchmarks/serve.py --hostile --bot-seats 1), p99 went from 105 to 81-97 ms, and
# from 147 to 107 ms beside the hostile client; the bots' median decision did not change.
SWITCH_INTERVAL = 0.0005


def serve(settings: Settings, host: str, port: int, on_start: Startup | None = None) -> None:
    """Run the app on uvicorn: WebSocket frames past 1 MiB are refused by the protocol
    itself, before the play channel's own, smaller limit."""
    import uvicorn

    app = create_app(settings, on_start)
    # The modules, kits and caches loaded by now live as long as the process: kept out of
    # every later full collection, which under load ran every few seconds and scanned them
    # all each time (an eighth of the CPU, measured). See YOUNG_COLLECTION_AFTER for the
    # thresholds.
    sys.setswitchinterval(SWITCH_INTERVAL)
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_COLLECTION_AFTER, MIDDLE_COLLECTION_EVERY, FULL_COLLECTION_EVERY)
    uvicorn.run(
        app,
        host=host,
        port=port,
        ws_max_size=1 << 20,
        # Views are a few kilobytes; compressing each frame costs more CPU than it saves.
        ws_per_message_deflate=False,
        log_level="warning",
        proxy_headers=False,  # the app's own middleware, for the operator's proxies only
    )
