"""The web front end: each game's page, its live updates (Server-Sent Events), its preview picture, each chat's page.

Served by aiohttp beside ``/healthz`` and ``/metrics`` when ``HTTP_LISTEN`` is set. Handlers parse the request,
ask the service one question and answer; nothing here changes a game. Every answer carries strict security
headers; each address may make :data:`REQUESTS_PER_MINUTE` requests; bad tokens and plies get a plain page.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from aiohttp import ClientError, web

from bot.couriers import Couriers
from bot.i18n import supported
from bot.metrics import METRICS
from bot.service import Service
from bot.service.strangers import Busy
from bot.service.texts import Words
from bot.service.web_face import WebFace
from bot.web import explore, html, learn, play
from bot.web.exposure import STREAMS, client_key, connection_lost
from bot.web.live import Hub
from storage import StoreUnavailable

log = logging.getLogger("web")

STATIC = Path(__file__).with_name("static")
REQUESTS_PER_MINUTE = 120
PLAYER_REQUESTS_PER_MINUTE = 600  # a signed-in player's own allowance (their moves are limited apart: 60 a minute)
COSTLY_PER_MINUTE = 30  # explored positions' verdicts and cards a guest's address (an IPv6 /64) may ask a minute
PLAYER_COSTLY_PER_MINUTE = 120  # and a signed-in viewer
FRAMED_BY = "https://web.telegram.org"  # a page opened as a Mini App in Telegram's web client lives in its frame
KEEP_ALIVE = 20.0  # seconds between comments on a quiet event stream, so proxies keep it open
HEADERS = {
    "Content-Security-Policy": ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                                "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors " + FRAMED_BY),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",  # its own forms name their origin; no other site sees an address
    "Cross-Origin-Opener-Policy": "same-origin",
}
LIMITED = ("/g/", "/c/", "/static/", "/auth/", "/signin/", "/app", "/me/")  # paths each address may ask 120 times a minute
HUB = web.AppKey("hub", Hub)
FACE = web.AppKey("face", WebFace)
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def language_of(request: web.Request) -> str:
    """The viewer's language: ``?lang=``, else the first of ``Accept-Language`` the bot speaks, else English."""
    asked = supported(request.query.get("lang"))
    if asked:
        return asked
    for part in request.headers.get("Accept-Language", "").split(","):
        found = supported(part.split(";")[0].strip().split("-")[0])
        if found:
            return found
    return "en"


def _page(body: str, status: int = 200) -> web.Response:
    return web.Response(text=body, status=status, content_type="text/html", charset="utf-8")


def _refusal(request: web.Request, key: str, status: int) -> web.Response:
    return _page(html.error_page(Words(language_of(request)), key), status)


class Limiter:
    """At most ``per_minute`` requests from one address in any minute (a sliding window of counts per second)."""

    def __init__(self, per_minute: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.per_minute = per_minute
        self._clock = clock
        self._seen: dict[str, list[float]] = {}

    def allows(self, address: str) -> bool:
        now = self._clock()
        recent = [t for t in self._seen.get(address, []) if now - t < 60.0]
        if len(recent) >= self.per_minute:
            self._seen[address] = recent
            return False
        recent.append(now)
        self._seen[address] = recent
        if len(self._seen) > 10_000:  # forget addresses gone quiet
            self._seen = {a: ts for a, ts in self._seen.items() if ts and now - ts[-1] < 60.0}
        return True


async def _asker(request: web.Request) -> str:
    """Whom a request's limit counts against: a signed-in player (players sharing an address, as on one home network,
    each have their own allowance), else the address it came from."""
    user_id, _ = await play.viewer(request, request.app[FACE])
    return f"user:{user_id}" if user_id is not None else client_key(request)


def _wants_json(request: web.Request) -> bool:
    """Whether the request is the pages' script's (it reads JSON), not a page a browser opens."""
    path = request.path
    if path == "/me/settings":
        return False  # a page with forms
    return request.method == "POST" or path.endswith("/turn") or "/ply/" in path or path.startswith(("/me/", "/auth/"))


def _costly(path: str) -> bool:
    """Whether the request asks for processor time on a stranger's behalf: an explored position's verdict, a card."""
    return path.endswith(("/explore/turn", ".png"))


def guarded(limiter: Limiter, players: Limiter | None = None) -> Callable[..., Awaitable[web.StreamResponse]]:
    """The middleware: security headers on every answer, the per-address limit (a signed-in player's own, larger one
    in ``players``: their page asks for a turn, a board and the moves at each move; verdicts and cards at a lower rate
    still, a guest's lowest), and no traceback ever shown."""
    players = players or limiter
    costly = {False: Limiter(COSTLY_PER_MINUTE), True: Limiter(PLAYER_COSTLY_PER_MINUTE)}  # by whether signed in

    def allowed(request: web.Request, asker: str) -> bool:
        player = asker.startswith("user:")
        return (players if player else limiter).allows(asker) and (
            not _costly(request.path) or costly[player].allows(asker))

    @web.middleware
    async def middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
        asker = await _asker(request) if request.path.startswith(LIMITED) else ""
        if asker and not allowed(request, asker):
            if _wants_json(request):
                said = Words(language_of(request))("web.too_many")
                response: web.StreamResponse = web.json_response({"ok": False, "error": said}, status=429)
            else:
                response = _refusal(request, "web.too_many", 429)
            response.headers["Retry-After"] = "60"
        else:
            try:
                response = await handler(request)
            except web.HTTPException as exc:
                if exc.status != 404:
                    raise
                response = _refusal(request, "web.not_found", 404)
            except StoreUnavailable:  # the service said so in the log, once per outage
                response = _refusal(request, "web.unavailable", 503)
                response.headers["Retry-After"] = "10"
            except Busy as busy:  # too many strangers' cards and verdicts wait for the processor: at once, and why
                response = _refusal(request, "web.busy", 503)
                response.headers["Retry-After"] = str(busy.retry_after)
            except (ConnectionResetError, ClientError) as exc:  # the browser went away mid-request
                log.info("a client left %s before its request was read: %s", request.path, exc or type(exc).__name__)
                response = web.Response(status=400)
            except Exception:
                log.exception("a web page failed: %s", request.path)
                response = web.Response(text="500: something went wrong on our side.", status=500)
        if not response.prepared:
            response.headers.update(HEADERS)
        return response

    return middleware


def _number(text: str, digits: int = 6) -> bool:
    """Whether ``text`` is a whole number of at most ``digits`` ASCII digits (``²`` and ``٣`` are digits to Python).

    >>> _number("12"), _number("²"), _number("1234567"), _number("")
    (True, False, False, False)
    """
    return text.isascii() and text.isdigit() and len(text) <= digits


def _ply(request: web.Request) -> int | str | None:
    """The ``ply`` asked for: a number, ``None`` (the latest), or ``"bad"``."""
    text = request.query.get("ply")
    if text is None or text == "":
        return None
    return int(text) if _number(text) else "bad"


async def game_page(request: web.Request) -> web.Response:
    face, words = request.app[FACE], Words(language_of(request))
    token = request.match_info["token"]
    ply = _ply(request)
    view = await face.game(token, words.language)
    if view is None:
        return _refusal(request, "web.not_found", 404)
    try:
        board = None if ply == "bad" else await face.position(token, ply, words.language)  # type: ignore[arg-type]
    except ValueError:
        board = None
    if board is None:
        return _refusal(request, "web.bad_ply", 400)
    return _page(html.game_page(words, view, board, face.public_url))


async def position(request: web.Request) -> web.Response:
    """The board after a ply, for the page's script: JSON with the SVG and the text diagram."""
    face = request.app[FACE]
    text = request.match_info["ply"]
    if not _number(text):
        return _refusal(request, "web.bad_ply", 400)
    try:
        side = "black" if request.query.get("side") == "black" else "white"  # a player sees their own side at the bottom
        board = await face.position(request.match_info["token"], int(text), language_of(request), side)
    except ValueError:
        return _refusal(request, "web.bad_ply", 400)
    if board is None:
        return _refusal(request, "web.not_found", 404)
    return web.json_response({"ply": board.ply, "svg": board.svg, "diagram": board.diagram, "cells": board.cells,
                              "beside": board.beside},
                             headers={"Cache-Control": "private, max-age=60"})


async def preview(request: web.Request) -> web.Response:
    """A shared link's card: the same bytes until the game changes, so a browser or a proxy that has them is answered
    304 (``ETag``); a link preview fetches it a few times at most."""
    png = await request.app[FACE].preview(request.match_info["token"])
    if png is None:
        return _refusal(request, "web.not_found", 404)
    tag = f'"{hashlib.sha256(png).hexdigest()[:20]}"'
    headers = {"Cache-Control": "public, max-age=30", "ETag": tag}
    if tag in request.headers.get("If-None-Match", ""):
        return web.Response(status=304, headers=headers)
    return web.Response(body=png, content_type="image/png", headers=headers)


def _event(update: dict[str, object]) -> bytes:
    """One Server-Sent Event: its id names the ply, the game's version and whether it was reviewed (``12.31``,
    ``12.31.r``), so a page that reconnects is sent what it missed, a resignation (no new ply) or a review included."""
    return f"id: {_seen(update)}\nevent: position\ndata: {json.dumps(update)}\n\n".encode()


def _seen(update: dict[str, object]) -> str:
    return f"{update['ply']}.{update['version']}" + (".r" if update.get("reviewed") else "")


def _last_seen(request: web.Request) -> str | None:
    """The event the page saw last (``Last-Event-ID``, or ``?since=`` on its first connection), if it reads."""
    seen = request.headers.get("Last-Event-ID", request.query.get("since", ""))
    ply, _, rest = seen.partition(".")
    version, _, reviewed = rest.partition(".")
    return seen if _number(ply) and _number(version, digits=12) and reviewed in ("", "r") else None


async def events(request: web.Request) -> web.StreamResponse:
    """The game's live updates as Server-Sent Events: first what the page missed (when its ``Last-Event-ID`` is not
    the latest), then every change as it is committed, in whichever process."""
    face, hub = request.app[FACE], request.app[HUB]
    language = language_of(request)
    view = await face.game(request.match_info["token"], language)
    if view is None:
        return _refusal(request, "web.not_found", 404)
    address, caps = client_key(request), request.app[STREAMS]
    if not caps.take(address):  # this address, or everyone, holds as many streams as allowed: later, please
        METRICS.stream_refused()
        refused = _refusal(request, "web.too_many", 503)
        refused.headers["Retry-After"] = "30"
        return refused
    METRICS.stream_opened()
    try:
        return await _stream(request, face, hub, view.game_id, language)
    finally:
        caps.give_back(address)
        METRICS.stream_closed()


async def _stream(request: web.Request, face: WebFace, hub: Hub, game_id: int, language: str) -> web.StreamResponse:
    response = web.StreamResponse(headers={**HEADERS, "Content-Type": "text/event-stream", "Cache-Control": "no-store",
                                           "X-Accel-Buffering": "no"})
    await response.prepare(request)
    queue = hub.open(game_id, language)  # before the game is read again: no change can fall in between
    try:
        await response.write(b"retry: 2000\n\n")
        update = await face.update(game_id, language, whole=True)  # what it missed, whatever that was
        if update is not None and _last_seen(request) != _seen(update):
            await response.write(_event(update))
        gone = connection_lost(request)  # a client that leaves gives its stream back at once, not at the next write
        while True:
            getting: asyncio.Future[bytes | None] = asyncio.ensure_future(queue.get())
            waited: set[asyncio.Future[Any]] = {getting} if gone is None else {getting, gone}
            done, _ = await asyncio.wait(waited, timeout=KEEP_ALIVE,
                                         return_when=asyncio.FIRST_COMPLETED)
            if getting not in done:
                getting.cancel()
                if gone is not None and gone.done():
                    break
                await response.write(b": still here\n\n")
                continue
            event = getting.result()
            if event is None:
                break
            await response.write(event)
    except (ConnectionResetError, asyncio.CancelledError):
        pass
    finally:
        hub.close(game_id, queue)
    return response


async def chat_page(request: web.Request) -> web.Response:
    """``GET /c/<token>``: the chat's home: its games, challenges, puzzle and tournament, the viewer's games marked."""
    words, face = Words(language_of(request)), request.app[FACE]
    token = request.match_info["token"]
    user_id, session = await play.viewer(request, face)
    view = await face.chat(token, words.language, user_id)
    if view is None:
        return _refusal(request, "web.not_found", 404)
    response = _page(html.chat_page(words, view, token, play.csrf_of(session) if session else None))
    if session:
        response.headers["Cache-Control"] = "no-store"  # it carries the viewer's anti-forgery value
    return response


def _with_face(handler: Callable[[web.Request, WebFace, Words], Awaitable[web.StreamResponse]]) -> Handler:
    async def handle(request: web.Request) -> web.StreamResponse:
        return await handler(request, request.app[FACE], Words(language_of(request)))

    return handle


async def mini_app(request: web.Request) -> web.Response:
    """The Mini App's first page (Telegram's menu button): signs its user in and lists their games, or opens the
    game it was started for."""
    return _page(html.app_page(Words(language_of(request))))


def add_pages(app: web.Application, service: Service, couriers: Couriers | None = None, telegram_token: str = "") -> Hub:
    """Serve the pages of ``service``'s games on ``app``; the hub that follows their changes (this process's own
    and, on PostgreSQL, the others': start that with :func:`listen`). Players move on them; the boards their moves
    owe their chats go through ``couriers`` (this process's front ends; else the outbox). ``telegram_token`` checks
    who opened a page as a Telegram Mini App."""

    async def update(game_id: int, language: str) -> bytes | None:
        found = await face.update(game_id, language)
        return None if found is None else _event(found)

    hub = Hub(update)
    face = service.web
    face.watch(hub.changed)
    app[HUB], app[FACE] = hub, face
    app.middlewares.append(guarded(Limiter(REQUESTS_PER_MINUTE), Limiter(PLAYER_REQUESTS_PER_MINUTE)))
    app.router.add_get("/g/{token:[A-Za-z0-9_-]{10,64}}.png", preview)
    app.router.add_get("/g/{token:[A-Za-z0-9_-]{10,64}}", game_page)
    app.router.add_get("/g/{token:[A-Za-z0-9_-]{10,64}}/events", events)
    app.router.add_get("/g/{token:[A-Za-z0-9_-]{10,64}}/ply/{ply}", position)
    app.router.add_get("/c/{token:[A-Za-z0-9_-]{10,64}}", chat_page)
    couriers = couriers or Couriers()
    app[play.OWED] = lambda replies: couriers.hand_over(service, replies)
    app[play.TELEGRAM_TOKEN] = telegram_token
    app[play.ACTION_LIMITER] = Limiter(play.ACTIONS_PER_MINUTE)
    for method, path, handler in (
        ("GET", "/g/{token:[A-Za-z0-9_-]{10,64}}/turn", play.turn),
        ("POST", "/g/{token:[A-Za-z0-9_-]{10,64}}/play", play.play),
        ("POST", "/auth/telegram", play.auth_telegram),
        ("GET", "/signin/{code:[A-Za-z0-9_-]{10,64}}", play.sign_in_page),
        ("POST", "/signin/{code:[A-Za-z0-9_-]{10,64}}", play.sign_in),
        ("GET", "/me/games", play.my_games),
        ("POST", "/me/signout", play.sign_out),
        ("GET", "/me/settings", play.settings_page),
        ("POST", "/me/settings", play.change_setting),
        ("POST", "/c/{token:[A-Za-z0-9_-]{10,64}}/accept", play.accept),
        ("GET", "/c/{token:[A-Za-z0-9_-]{10,64}}/puzzle", play.puzzle_page),
        ("GET", "/c/{token:[A-Za-z0-9_-]{10,64}}/puzzle/turn", play.puzzle_turn),
        ("POST", "/c/{token:[A-Za-z0-9_-]{10,64}}/puzzle/play", play.puzzle_play),
        ("GET", "/g/{token:[A-Za-z0-9_-]{10,64}}/explore", explore.explore_page),
        ("GET", "/g/{token:[A-Za-z0-9_-]{10,64}}/explore/turn", explore.explore_turn),
        ("GET", "/learn", learn.lessons_page),
        ("GET", "/learn/{game:[a-z]{1,20}}", learn.lesson_page),
        ("GET", "/learn/{game:[a-z]{1,20}}/turn", learn.lesson_turn),
        ("POST", "/learn/{game:[a-z]{1,20}}/play", learn.lesson_play),
    ):
        app.router.add_route(method, path, _with_face(handler))
    app.router.add_get("/app", mini_app)
    app.router.add_static("/static", STATIC, append_version=False)

    async def listening(_: web.Application):  # type: ignore[no-untyped-def]
        stop = await service.store.watch_changes(hub.changed)
        yield
        if stop is not None:
            await stop()

    async def ending(_: web.Application) -> None:  # open event streams would hold a stop back until they time out
        hub.end_all()

    app.cleanup_ctx.append(listening)
    app.on_shutdown.append(ending)
    return hub


__all__ = ["Limiter", "add_pages", "language_of"]
