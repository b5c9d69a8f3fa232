"""Reading what Discord never sends again: the messages typed in the games' channels, and in the threads under them
(a game's own, or one a player opened), while the bot was away, each handled once."""

from __future__ import annotations

import contextlib
import logging
from typing import Any

import discord

from bot.discord_posting import SEND_ERRORS
from bot.i18n import text
from bot.service import Reply, Service

MISSED_AT_MOST = 200  # messages read from a channel's history after a reconnect (older ones are not acted on)
log = logging.getLogger(__name__)


class DiscordCatchUp:
    """The catch-up half of the front end (mixed into :class:`bot.discord_app.DiscordFront`)."""

    service: Service
    client: discord.Client

    async def on_message(self, message: discord.Message, edited: bool = False) -> None:
        raise NotImplementedError  # the front end's

    async def post(self, reply: Reply, channel: Any = None) -> None:
        raise NotImplementedError  # the posting half's

    async def catch_up(self) -> None:
        """Handle, once each, the messages typed in the channels of the games going on while this process was away
        (stopped, killed, or disconnected past resuming): each channel's history after the last message handled, and
        that of each active thread under it (a player's own too) after its own mark, or, unmarked, after the channel's
        (ids grow with time on all of Discord: what came after that message came while the bot was away)."""
        try:
            marks = await self.service.channels_to_read("discord")
        except Exception:  # the database is down: the next session tries again
            log.exception("could not find the channels to read after connecting")
            return
        threads = {str(thread.id): after for channel_id, after in marks.items()
                   for thread in getattr(self.client.get_channel(int(channel_id)), "threads", ())
                   if str(thread.id) not in marks}
        try:
            own = await self.service.marks_of("discord", list(threads))
        except Exception:
            log.exception("could not read the marks of the games' threads")
            own = {}
        for channel_id, after in [*marks.items(), *((t, _later(own.get(t), after)) for t, after in threads.items())]:
            for message in await self._missed(channel_id, after):
                if not message.author.bot and message.content:
                    log.info("handling message %s, typed in %s while the bot was away", message.id, channel_id)
                    await self.on_message(message)

    async def _missed(self, channel_id: str, after: str) -> list[discord.Message]:
        """The messages of channel ``channel_id`` after message ``after``: the newest (a move is the latest thing
        typed), oldest first; any older than those stay unread for good, as the mark passes them."""
        try:
            channel = self.client.get_channel(int(channel_id)) or await self.client.fetch_channel(int(channel_id))
            return [m async for m in channel.history(after=discord.Object(id=int(after)), limit=MISSED_AT_MOST,  # type: ignore[union-attr]
                                                     oldest_first=False)][::-1]
        except discord.Forbidden as exc:  # the bot may not read the channel's history (but may still post there)
            log.warning("could not read channel %s for missed messages: %s", channel_id, exc)
            await self._unread(channel_id)
        except (*SEND_ERRORS, discord.ClientException, AttributeError) as exc:
            log.info("could not read channel %s for missed messages: %s", channel_id, exc)
        return []

    async def _unread(self, channel_id: str) -> None:
        """Say in the channel that what was typed there while the bot was away could not be read (no right to read its
        history): a move made then is to be typed again."""
        said = text(self.service.config.default_language, "discord.unread")
        with contextlib.suppress(*SEND_ERRORS, discord.ClientException):
            await self.post(Reply("discord", channel_id, said, language=self.service.config.default_language))


def _later(mark: str | None, floor: str) -> str:
    """The later of two message ids (snowflakes: a longer one is later)."""
    return floor if mark is None else max(mark, floor, key=lambda found: (len(found), found))
