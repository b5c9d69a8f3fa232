"""A chat the bot was removed from: its games cannot go on there, so each player is told privately how they can."""

from __future__ import annotations

from bot.service import outbox
from bot.service.app import App
from bot.service.events import Reply
from bot.service.page_links import game_link
from bot.service.texts import Words
from rules.core import other


async def chat_left(app: App, platform: str, chat_id: str) -> list[Reply]:
    """The bot is no longer in chat ``chat_id`` of ``platform``: every human player of a game going on there is told,
    in their private chat with the bot (owed through the outbox), that it goes on on its page, or how to end it from
    there ('#N resign', '#N abort'); the games of a forum's topics too. Nothing for a chat with no game going on."""
    replies: list[Reply] = []
    for chat in await app.people.chats_within(platform, chat_id):  # a forum's topics are chats of their own
        replies += await _tell_players(app, platform, chat.id)
    return replies


async def _tell_players(app: App, platform: str, chat_id: int) -> list[Reply]:
    replies: list[Reply] = []
    for row in await app.games.active_in(chat_id):
        if row.chat_id != chat_id:
            continue  # played here as a guest: its own chat is elsewhere
        names = await app.people.names(row)
        link = await game_link(app, row)
        for side in ("white", "black"):
            player = await app.people.by_id(row.player_of(side))
            if player.is_bot or player.platform != platform:
                continue
            direct = await app.people.direct_chat(player)
            w = Words(app.language(player, direct))
            words = dict(id=row.id, game=w.game(row.game), opponent=names[other(side)])
            said = w("left.page", url=link, **words) if link else w("left.no_page", **words)
            told = outbox.text(direct.id, said, w.language, game_id=row.id)
            await app.outbox.owe([told])
            replies.append(outbox.text_reply(direct, told))
    return replies
