"""Playing on the pages: signing in (Telegram's signed launch data, or a one-time link), what a page offers its viewer
now, and a player's move or command, which becomes the same service call as in their chat.

A browser is signed in by a session: a cookie (``HttpOnly``, ``SameSite``, ``Secure`` behind https), or, inside
Telegram, the same token kept by the page and sent as ``X-Session`` (a Mini App in Telegram's web client lives in
a frame, where cookies may be refused). Every request that acts must carry ``X-CSRF`` (derived from the session,
given only to the page's own script), come from this site (``Origin``), and stay within a player's limit.
"""

from __future__ import annotations

import hashlib
import hmac
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import asdict
from typing import Any

from aiohttp import web

from bot.i18n import supported
from bot.service.events import Reply
from bot.service.texts import Words
from bot.service.web_face import WebFace
from bot.service.web_play import Answer
from bot.web import html
from bot.web.telegram_auth import InitDataError, check_init_data

SESSION_COOKIE = "session"
ACTIONS_PER_MINUTE = 60  # moves and commands one player may send from pages in any minute
TYPED_LONGEST = 200  # characters of a move typed on the page
PREPARED_LONGEST = 40  # moves of a line prepared from the exploration board
LARGEST = 1_000_000  # no ply, step or move index of any game comes near it
Owed = Callable[[Sequence[Reply]], None]
OWED: web.AppKey[Owed] = web.AppKey("owed")  # hands what the chats are owed to their front ends
TELEGRAM_TOKEN = web.AppKey("telegram_token", str)
ACTION_LIMITER = web.AppKey("action_limiter", object)


def csrf_of(session: str) -> str:
    """The anti-forgery value of ``session``: only a page that was told it (same origin) can send it back."""
    return hashlib.sha256(f"csrf:{session}".encode()).hexdigest()[:32]


def _session_of(request: web.Request) -> str | None:
    return request.headers.get("X-Session") or request.cookies.get(SESSION_COOKIE) or None


async def viewer(request: web.Request, face: WebFace) -> tuple[int | None, str | None]:
    """(the signed-in user's id, their session), or (``None``, ``None``)."""
    session = _session_of(request)
    user_id = await face.viewer(session)
    return (user_id, session) if user_id is not None else (None, None)


def _secure(request: web.Request, face: WebFace) -> bool:
    """Whether the browser reached us over https (directly, or through the reverse proxy)."""
    base = face.public_url or ""
    return request.secure or request.headers.get("X-Forwarded-Proto") == "https" or base.startswith("https://")


def _set_session(response: web.StreamResponse, request: web.Request, face: WebFace, session: str,
                 framed: bool = False) -> None:
    """Keep ``session`` in the browser's cookie; ``framed``: for a page inside Telegram's web client (a frame on
    another site), where only a ``SameSite=None`` cookie, which must be ``Secure``, is sent back."""
    secure = _secure(request, face)
    response.set_cookie(SESSION_COOKIE, session, max_age=30 * 86_400, path="/", httponly=True, secure=secure,
                        samesite="None" if framed and secure else "Lax")


def _same_site(request: web.Request, face: WebFace) -> bool:
    """Whether a request that acts came from a page of this site. Browsers send ``Origin`` with such requests (the
    pages' referrer policy keeps it for their own): it must name this site, scheme and host. ``null`` is refused: any
    site can send it (from a sandboxed frame or a ``data:`` page). No ``Origin`` at all is no browser's page, and so
    carries no visitor's cookie."""
    origin = request.headers.get("Origin")
    if origin is None:
        return True
    ours = {f"{request.scheme}://{request.host}"} | ({f"https://{request.host}"} if _secure(request, face) else set())
    return origin.rstrip("/") in ours


def _refused(words: Words, key: str, status: int) -> web.Response:
    return web.json_response({"ok": False, "error": words(key)}, status=status)


async def auth_telegram(request: web.Request, face: WebFace, words: Words) -> web.Response:
    """``POST /auth/telegram`` with ``{"init_data": …}``: a session for the Telegram user it was signed for."""
    token = request.app.get(TELEGRAM_TOKEN, "")
    if not _same_site(request, face):
        return _refused(words, "web.play.forged", 403)
    try:
        body = await request.json()
        user = check_init_data(str(body.get("init_data", "")), token, time.time())
    except InitDataError as exc:
        return _refused(words, f"web.play.telegram_{'expired' if exc.reason == 'expired' else 'refused'}", 403)
    except (ValueError, AttributeError, RecursionError):
        return _refused(words, "web.play.bad_request", 400)
    session = await face.sign_in("telegram", str(user.id), user.name)
    response = web.json_response({"ok": True, "session": session, "csrf": csrf_of(session), "name": user.name,
                                  "start": user.start_param, "language": supported(user.language)})
    _set_session(response, request, face, session, framed=True)
    return response


async def sign_in_page(request: web.Request, face: WebFace, words: Words) -> web.Response:
    """``GET /signin/<code>``: the page of a one-time sign-in link, whose button signs its player in. Opening it spends
    nothing: a platform's link preview fetches the address before the player does."""
    return web.Response(text=html.signin_page(words, request.match_info["code"]), content_type="text/html",
                        charset="utf-8", headers={"Cache-Control": "no-store"})


async def sign_in(request: web.Request, face: WebFace, words: Words) -> web.Response:
    """``POST /signin/<code>`` (the sign-in page's button): the one-time link signs its player in on this browser and
    opens their game's page."""
    if not _same_site(request, face):
        return _refused_page(words, "web.play.forged", 403)
    spent = await face.spend_signin_link(request.match_info["code"])
    if isinstance(spent, str):
        status = 404 if spent == "unknown" else 410
        return web.Response(text=html.error_page(words, f"web.play.signin_{spent}"), status=status, content_type="text/html",
                            charset="utf-8")
    session, page = spent
    response = web.Response(status=303, headers={"Location": f"/g/{page}" if page else "/app", "Cache-Control": "no-store"})
    _set_session(response, request, face, session)
    return response


async def turn(request: web.Request, face: WebFace, words: Words) -> web.Response:
    """``GET /g/<token>/turn``: who the viewer is on this page and, when it is their turn, their legal moves with
    what to tap for each."""
    return await _offer(request, face, words, face.turn)


async def _offer(request: web.Request, face: WebFace, words: Words,
                 view_of: Callable[[str, int | None, str], Awaitable[Any]]) -> web.Response:
    """What a page offers its viewer (``view_of``: a game's turn, a puzzle's view) as JSON, with the moves as
    [index, taps, text] and, for a signed-in viewer, the anti-forgery value their page sends back."""
    user_id, session = await viewer(request, face)
    found = await view_of(request.match_info["token"], user_id, words.language)
    if found is None:
        return _refused(words, "web.not_found", 404)
    data: dict[str, Any] = asdict(found)
    data["moves"] = [[m.index, list(m.taps), m.text] for m in found.moves]
    if session is not None:
        data["csrf"] = csrf_of(session)
    return web.json_response(data, headers={"Cache-Control": "no-store"})


def _allowed(request: web.Request, user_id: int) -> bool:
    limiter = request.app[ACTION_LIMITER]
    return bool(limiter.allows(f"user:{user_id}"))  # type: ignore[attr-defined]


async def play(request: web.Request, face: WebFace, words: Words) -> web.Response:
    """``POST /g/<token>/play`` with ``{"ply", "index"}`` (a legal move at that ply), ``{"text"}`` (a move typed in the
    game's notation), ``{"payload"}`` (a button of a question the page showed) or ``{"action"}`` (resign, draw,
    takeback): done as in the player's chat. The answer
    lists what the page shows its player; the chat's board goes to the chat."""
    return await _act(request, face, words, ("ply", "index", "payload", "action", "text", "prepare"), face.act)


async def _act(request: web.Request, face: WebFace, words: Words, keys: tuple[str, ...],
               act: Callable[..., Awaitable[Answer]]) -> web.Response:
    """A signed-in player's request that acts, checked (session, anti-forgery value, origin, their limit, its
    fields) and handed to ``act``; what it owes the chats goes to them, what the page shows is answered."""
    user_id, session = await viewer(request, face)
    if user_id is None or session is None:
        return _refused(words, "web.play.signed_out", 401)
    if not _same_site(request, face) or not hmac.compare_digest(request.headers.get("X-CSRF", ""), csrf_of(session)):
        return _refused(words, "web.play.forged", 403)
    if not _allowed(request, user_id):
        return _refused(words, "web.play.too_fast", 429)
    try:
        body = await request.json()
        action = {key: body[key] for key in keys if body.get(key) is not None}
        if any(not isinstance(action[key], int) or isinstance(action[key], bool) or not 0 <= action[key] <= LARGEST
               for key in ("ply", "step", "index") if key in action):
            raise ValueError("ply, step and index are whole numbers")
        if any(not isinstance(action[key], str) or len(action[key]) > 64 for key in ("payload", "action") if key in action):
            raise ValueError("payload and action are short texts")
        if "text" in action and (not isinstance(action["text"], str) or not 0 < len(action["text"].strip()) <= TYPED_LONGEST):
            raise ValueError("a typed move is a short text")
        prepare = action.get("prepare")
        if prepare is not None and (not isinstance(prepare, list) or not 2 <= len(prepare) <= PREPARED_LONGEST
                                    or not all(isinstance(m, str) and 0 < len(m) <= 64 for m in prepare)):
            raise ValueError("a prepared line is a short list of moves")
    except (ValueError, AttributeError, TypeError, RecursionError):  # RecursionError: JSON nested thousands deep
        return _refused(words, "web.play.bad_request", 400)
    answer = await act(request.match_info["token"], user_id, words.language, **action)
    request.app[OWED](answer.owed)  # what the chat is owed: sent meanwhile, or by the outbox
    shown = [{"text": r.text, "choices": [[[c.label, c.payload] for c in row] for row in r.choices],
              "refusal": r.refusal} for r in answer.shown]
    ok = bool(answer.owed) and not any(r.refusal for r in answer.shown)
    return web.json_response({"ok": ok, "shown": shown}, headers={"Cache-Control": "no-store"})


async def sign_out(request: web.Request, face: WebFace, words: Words) -> web.Response:
    """``POST /me/signout`` (the session and its anti-forgery value): the session ends and its cookie goes."""
    user_id, session = await viewer(request, face)
    if user_id is None or session is None:
        return _refused(words, "web.play.signed_out", 401)
    if not _same_site(request, face) or not hmac.compare_digest(request.headers.get("X-CSRF", ""), csrf_of(session)):
        return _refused(words, "web.play.forged", 403)
    await face.sign_out(session)
    response = web.json_response({"ok": True}, headers={"Cache-Control": "no-store"})
    response.del_cookie(SESSION_COOKIE, path="/")
    return response


async def accept(request: web.Request, face: WebFace, words: Words) -> web.Response:
    """``POST /c/<token>/accept`` (a form: ``challenge``, ``csrf``): the signed-in viewer accepts an open challenge
    of the chat; its game is played from that chat and the viewer's own. On to the game's page, or the refusal."""
    checked = await _form_of(request, face, words)
    if isinstance(checked, web.Response):
        return checked
    user_id, form = checked
    number = str(form.get("challenge", ""))
    if not (number.isascii() and number.isdigit()) or len(number) > 10:
        return _refused_page(words, "web.play.bad_request", 400)
    answer = await face.accept(request.match_info["token"], user_id, words.language, int(number))
    request.app[OWED](answer.owed)
    page = next((r.link[1] for r in answer.owed if r.game_id is not None and r.link), None)
    if page is not None:
        return web.Response(status=303, headers={"Location": page, "Cache-Control": "no-store"})
    message = " ".join(r.text for r in answer.shown) or words("web.play.bad_request")
    return web.Response(text=html.message_page(words, message), status=409 if answer.shown else 400,
                        content_type="text/html", charset="utf-8")


async def _form_of(request: web.Request, face: WebFace, words: Words) -> tuple[int, Any] | web.Response:
    """A signed-in player's form, checked (their session, its anti-forgery value, the origin, their limit): (who,
    the form's fields), or the page that refuses it."""
    user_id, session = await viewer(request, face)
    if user_id is None or session is None:
        return _refused_page(words, "web.play.signed_out", 401)
    form = await request.post()
    if not _same_site(request, face) or not hmac.compare_digest(str(form.get("csrf", "")), csrf_of(session)):
        return _refused_page(words, "web.play.forged", 403)
    if not _allowed(request, user_id):
        return _refused_page(words, "web.play.too_fast", 429)
    return user_id, form


def _refused_page(words: Words, key: str, status: int) -> web.Response:
    return web.Response(text=html.error_page(words, key), status=status, content_type="text/html", charset="utf-8")


async def my_games(request: web.Request, face: WebFace, words: Words) -> web.Response:
    """``GET /me/games``: the signed-in player's games going on, each with its page and whether it is their turn."""
    user_id, _ = await viewer(request, face)
    if user_id is None:
        return _refused(words, "web.play.signed_out", 401)
    games = await face.games_of(user_id, words.language)
    return web.json_response({"games": games}, headers={"Cache-Control": "no-store"})


async def puzzle_page(request: web.Request, face: WebFace, words: Words) -> web.Response:
    """``GET /c/<token>/puzzle``: the chat's open puzzle, answered here by tapping."""
    user_id, _ = await viewer(request, face)
    view = await face.puzzle(request.match_info["token"], user_id, words.language)
    if view is None:
        return web.Response(text=html.error_page(words, "web.not_found"), status=404, content_type="text/html",
                            charset="utf-8")
    page = html.puzzle_page(words, request.match_info["token"], view.lines, view.svg, view.diagram, view.cells)
    return web.Response(text=page,
                        content_type="text/html", charset="utf-8", headers={"Cache-Control": "no-store"})


async def puzzle_turn(request: web.Request, face: WebFace, words: Words) -> web.Response:
    """``GET /c/<token>/puzzle/turn``: the puzzle where it stands, and for a signed-in player the moves to tap."""
    return await _offer(request, face, words, face.puzzle)


async def puzzle_play(request: web.Request, face: WebFace, words: Words) -> web.Response:
    """``POST /c/<token>/puzzle/play`` with ``{"step", "index"}``, ``{"payload"}`` or ``{"action"}`` (hint, solution):
    answered as in the chat, which sees the answer too."""
    return await _act(request, face, words, ("step", "index", "payload", "action"), face.puzzle_act)


async def settings_page(request: web.Request, face: WebFace, words: Words) -> web.Response:
    """``GET /me/settings``: how the signed-in player is told of their turns (quiet hours, digest, where notices go, the
    board in words), each a form of its own (no script needed)."""
    user_id, session = await viewer(request, face)
    if user_id is None or session is None:
        return _refused_page(words, "web.play.signed_out", 401)
    page = html.settings_page(words, await face.settings(user_id), csrf_of(session))
    return web.Response(text=page, content_type="text/html", charset="utf-8", headers={"Cache-Control": "no-store"})


def setting_value(name: str, form: Any) -> str:
    """What a settings form's controls say, as the chat's 'settings <name> <value>' takes it: quiet hours from two
    times (or off), reminders from their kind with its time or hours, any other setting's one value."""
    def field(key: str) -> str:
        return str(form.get(key, "")).strip()

    if name == "quiet":
        return "off" if field("off") or not (field("from") and field("to")) else f"{field('from')}-{field('to')}"
    if name == "reminders":
        kind = field("kind")
        return {"daily": f"daily {field('daily')}", "every": f"every {field('every')}h"}.get(kind, kind)
    return field("value")


async def change_setting(request: web.Request, face: WebFace, words: Words) -> web.Response:
    """``POST /me/settings`` (a form: ``name``, ``value``, ``csrf``): the setting changed as in the chat, and the page
    again with what the bot answered."""
    checked = await _form_of(request, face, words)
    if isinstance(checked, web.Response):
        return checked
    user_id, form = checked
    session = _session_of(request) or ""
    name = str(form.get("name", ""))
    answer = await face.change_setting(user_id, words.language, name, setting_value(name, form))
    said = " ".join(reply.text for reply in answer.shown) or words("web.play.bad_request")
    refused = any(reply.refusal for reply in answer.shown) or not answer.shown
    page = html.settings_page(words, await face.settings(user_id), csrf_of(session), said, refused, name)
    return web.Response(text=page, status=400 if refused else 200, content_type="text/html", charset="utf-8",
                        headers={"Cache-Control": "no-store"})
