"""Sending again what the chats are owed: outbox items whose send failed or whose process died.

:func:`redeliver` claims the due items and turns each into the reply it stands for; boards are
drawn now, from the stored game at the move the item was written for (never stored as pictures).
"""

from __future__ import annotations

import logging
from dataclasses import replace

from ai.review import Review
from bot.metrics import METRICS
from bot.service import puzzles
from bot.service.app import App
from bot.service.boards import board_message
from bot.service.events import Reply
from bot.service.games import GameFrozen
from bot.service.outbox import text_reply
from bot.service.review_replies import review_reply
from bot.service.texts import Words
from bot.service.tournaments.table import standings_reply
from rules import get_game
from storage import Delivery, NotFoundError, Outgoing, StoreUnavailable

log = logging.getLogger(__name__)


async def redeliver(app: App, platform: str | None = None) -> list[Reply]:
    """The replies of every outbox item that is due again (for ``platform``'s chats, when given), claimed for this
    process for a while."""
    replies = []
    for item in await app.outbox.due(platform=platform):
        try:
            reply = await reply_of(app, item)
        except StoreUnavailable:
            raise  # the tick as a whole says so, once
        except Exception:  # one broken item must not hold back the others
            METRICS.error()
            log.exception("outbox item %d cannot be sent", item.id, extra={"game_id": item.game_id})
            reply = None
        if reply is None:
            await app.outbox.undelivered(item.id, permanent=True)
        else:
            replies.append(reply)
    return replies


async def reply_of(app: App, item: Outgoing | Delivery) -> Reply | None:
    """The reply that delivers outbox item ``item`` (just written, or due again); ``None`` when it has nothing
    left to send (its game or review is gone)."""
    chat = await app.people.chat_by_id(item.chat_id)
    words = Words(str(item.body.get("language") or app.config.default_language))
    if item.kind == "text":
        return text_reply(chat, item)
    if item.kind == "puzzle":
        return await puzzles.redelivered(app, chat, words, item.body, item.id)
    if item.kind == "standings":
        tournament = await app.tournaments.tournament(int(item.body["tournament"]))
        return await standings_reply(app, chat, words, tournament, item.body.get("lead", []), item.id)
    if item.kind == "review" and item.game_id is not None:
        known = await app.games.review_of(item.game_id)
        if known is None:
            return None
        made = await review_reply(app, chat, words, await app.games.fresh(item.game_id), Review.from_dict(known))
        return replace(made, delivery=item.id)
    if item.kind != "board" or item.game_id is None:
        return None
    try:
        row = await app.games.fresh(item.game_id)
        state = await app.games.state(row)
    except (NotFoundError, GameFrozen):
        return None
    ply = int(item.body.get("ply", len(row.moves)))
    if ply != len(row.moves):  # the game went on without a board (never by a move): show it as it was then
        moves = row.moves[:ply]
        state = get_game(row.game).replay(moves, **row.options)
        row = replace(row, moves=moves)
    return await board_message(app, chat, words, row, state, list(item.body.get("lines", [])), item.id)
