"""The board to think on (``/g/<token>/explore``): moves for both sides that touch nothing, from any position of a game;
its line is in the address (``?from=12&line=e8-e2,b1-g6``), so it can be shared. From it a player sends the real move
or keeps the line as answers prepared in advance, through the game's ``/play``."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from aiohttp import web

from bot.service.explore import LONGEST, Exploration, ExploreRefused
from bot.service.texts import Words
from bot.service.web_face import WebFace
from bot.web import html
from bot.web.play import _refused, csrf_of, viewer


def _asked(request: web.Request) -> tuple[int | None, list[str]]:
    """The ply the line starts from (``None``: the latest) and its moves, from the address; :class:`ValueError` when
    they do not read."""
    start = request.query.get("from", "")
    if start and not (start.isascii() and start.isdigit() and len(start) <= 6):
        raise ValueError(start)
    line = [move.strip() for move in request.query.get("line", "").split(",") if move.strip()]
    if len(line) > LONGEST or any(len(move) > 64 for move in line):
        raise ValueError("line")
    return (int(start) if start else None), line


async def _explored(request: web.Request, face: WebFace, words: Words) -> tuple[Exploration | None, str, int]:
    """The exploration the address asks for (``None``: no such page, or refused), the words that refuse it, and the
    status to answer with."""
    user_id, _ = await viewer(request, face)
    try:
        start, line = _asked(request)
        return await face.explore(request.match_info["token"], user_id, start, line, words.language), "", 200
    except ExploreRefused as exc:
        return None, words(exc.key, **exc.params), 403 if exc.key == "explore.players_only" else 400
    except ValueError:
        return None, words("web.bad_ply"), 400


async def explore_page(request: web.Request, face: WebFace, words: Words) -> web.Response:
    """``GET /g/<token>/explore``: the page of the board to think on (its script asks ``/explore/turn``)."""
    found, refusal, status = await _explored(request, face, words)
    if refusal:
        return _page(html.message_page(words, refusal), status)
    if found is None:
        return _page(html.error_page(words, "web.not_found"), 404)
    return _page(html.explore_page(words, request.match_info["token"], found))


async def explore_turn(request: web.Request, face: WebFace, words: Words) -> web.Response:
    """``GET /g/<token>/explore/turn?from=…&line=…``: the explored position as the page's tapper reads it."""
    found, refusal, status = await _explored(request, face, words)
    if refusal:
        return web.json_response({"ok": False, "error": refusal}, status=status)
    if found is None:
        return _refused(words, "web.not_found", 404)
    data: dict[str, Any] = asdict(found)
    data["moves"] = [[m.index, list(m.taps), m.text, m.notation] for m in found.moves]
    data.update(role="player", ply=found.start + len(found.line), status="active" if found.moves else "finished",
                actions=[])
    _, session = await viewer(request, face)
    if session is not None:
        data["csrf"] = csrf_of(session)
    return web.json_response(data, headers={"Cache-Control": "no-store"})


def _page(body: str, status: int = 200) -> web.Response:
    return web.Response(text=body, status=status, content_type="text/html", charset="utf-8",
                        headers={"Cache-Control": "no-store"})
