"""The lessons' pages: ``/learn`` lists them, ``/learn/<game>`` plays one by tapping (the same steps, texts and
judging as in the chat). Anyone may learn: a signed-in viewer's lesson is the one their chats share, a guest's page
keeps its own progress and sends it with each tap."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from aiohttp import web

from bot.service.lessons.pages import LessonView
from bot.service.texts import Words
from bot.service.web_face import WebFace
from bot.web import html
from bot.web.play import LARGEST, _allowed, _refused, _same_site, csrf_of, viewer

KEPT_LONGEST = 4000  # characters of a guest's kept progress: a whole lesson's is far shorter


def _json(view: LessonView, session: str | None) -> web.Response:
    data: dict[str, Any] = asdict(view)
    data["moves"] = [[m.index, list(m.taps), m.text] for m in view.moves]
    data["lines"] = [*view.said, *view.lines]
    if session is not None:
        data["csrf"] = csrf_of(session)
    return web.json_response(data, headers={"Cache-Control": "no-store"})


async def lessons_page(request: web.Request, face: WebFace, words: Words) -> web.Response:
    """``GET /learn``: every game's lesson."""
    return web.Response(text=html.lessons_page(words, face.lessons.games()), content_type="text/html",
                        charset="utf-8")


async def lesson_page(request: web.Request, face: WebFace, words: Words) -> web.Response:
    """``GET /learn/<game>``: the lesson, played here by tapping."""
    user_id, _ = await viewer(request, face)
    view = await face.lessons.view(request.match_info["game"], user_id, words)
    if view is None:
        return web.Response(text=html.error_page(words, "web.not_found"), status=404, content_type="text/html",
                            charset="utf-8")
    return web.Response(text=html.lesson_page(words, view), content_type="text/html", charset="utf-8",
                        headers={"Cache-Control": "no-store"})


async def lesson_turn(request: web.Request, face: WebFace, words: Words) -> web.Response:
    """``GET /learn/<game>/turn[?progress=…]``: the lesson where it stands (a guest's page says where)."""
    user_id, session = await viewer(request, face)
    kept = request.query.get("progress") if user_id is None else None
    if kept is not None and len(kept) > KEPT_LONGEST:
        return _refused(words, "web.play.bad_request", 400)
    try:
        view = await face.lessons.view(request.match_info["game"], user_id, words, kept)
    except ValueError:
        return _refused(words, "web.play.bad_request", 400)
    if view is None:
        return _refused(words, "web.not_found", 404)
    return _json(view, session)


async def lesson_play(request: web.Request, face: WebFace, words: Words) -> web.Response:
    """``POST /learn/<game>/play`` with ``{"step", "ply", "index"}`` (a legal move there) or ``{"action"}`` (``hint``,
    ``restart``), and a guest's ``progress``: the page after it, with what was said."""
    user_id, session = await viewer(request, face)
    if not _same_site(request, face):
        return _refused(words, "web.play.forged", 403)
    if session is not None and request.headers.get("X-CSRF", "") != csrf_of(session):
        return _refused(words, "web.play.forged", 403)
    if user_id is not None and not _allowed(request, user_id):
        return _refused(words, "web.play.too_fast", 429)
    try:
        body = await request.json()
        numbers = {key: body.get(key) for key in ("step", "ply", "index") if body.get(key) is not None}
        if any(not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= LARGEST for v in numbers.values()):
            raise ValueError("step, ply and index are whole numbers")
        action = body.get("action")
        if action is not None and action not in ("hint", "restart"):
            raise ValueError("unknown action")
        kept = body.get("progress") if user_id is None else None
        if kept is not None and (not isinstance(kept, str) or len(kept) > KEPT_LONGEST):
            raise ValueError("a guest's progress is a short text")
        view = await face.lessons.act(request.match_info["game"], user_id, words, kept=kept, action=action,
                                         **numbers)
    except (ValueError, AttributeError, TypeError, RecursionError):
        return _refused(words, "web.play.bad_request", 400)
    if view is None:
        return _refused(words, "web.not_found", 404)
    return _json(view, session)
