"""Posting to Discord: a reply becomes a message (its text in pieces of 2,000 characters, the board attached with its
description, the service's buttons), an edit of the earlier board, or a follow-up where the bot may only answer;
every request made again after a dropped connection, and how it went told to the service."""

from __future__ import annotations

import asyncio
import io
import logging
import re
import time
from collections.abc import Awaitable, Callable
from functools import partial
from typing import TYPE_CHECKING, Any, TypeVar

import aiohttp
import discord
from discord.utils import escape_markdown

from bot.couriers import send_in_turn
from bot.metrics import METRICS
from bot.service import DIRECT, Reply, Service
from bot.service.lanes import FairLanes
from bot.splitting import pieces

if TYPE_CHECKING:
    from bot.discord_app import DiscordFront

ALT_LONGEST = 1024  # characters of an attachment's description
PREFIX = "bg:"
TEXT_LIMIT = 2000
SEND_ERRORS = (discord.HTTPException, aiohttp.ClientError, OSError, asyncio.TimeoutError)  # Discord or the network failed
TOKEN_LIFETIME = 14 * 60.0  # seconds an interaction's token is used to post (Discord keeps it 15 minutes)
# What discord.py does not retry itself (it does 429 and 5xx): a dropped connection, a reset, a timeout.
DROPPED = (aiohttp.ClientConnectionError, aiohttp.ClientPayloadError, OSError, asyncio.TimeoutError)
TRIES = 4  # sends of one request before it counts as failed
T = TypeVar("T")
log = logging.getLogger(__name__)


async def retried(send: Callable[[], Awaitable[T]], what: str) -> T:
    """``send()``, made again (with a growing pause) after a dropped connection, up to :data:`TRIES` times; every
    reply goes through here, not only what the outbox would send again, so no answer is lost to one bad connection.
    ``send`` builds its request anew each time (an attachment's bytes are read once per request)."""
    for attempt in range(1, TRIES + 1):
        try:
            return await send()
        except DROPPED as exc:
            if attempt == TRIES:
                raise
            METRICS.retried()
            log.info("%s failed (%s): trying again", what, type(exc).__name__ if not str(exc) else exc)
            await asyncio.sleep(0.25 * 2 ** attempt)
    raise AssertionError("unreachable")


class ServiceButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"bg:(?P<payload>.+)"):
    """A button that carries a service payload in its custom id; it works after a restart too."""

    def __init__(self, payload: str, label: str = "·") -> None:
        super().__init__(discord.ui.Button(label=label[:80], style=discord.ButtonStyle.secondary,
                                           custom_id=f"{PREFIX}{payload}"))
        self.payload = payload

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button[Any],  # type: ignore[override]
                             match: re.Match[str]) -> ServiceButton:
        return cls(match["payload"], item.label or "·")

    async def callback(self, interaction: discord.Interaction) -> None:
        front: DiscordFront = interaction.client.front  # type: ignore[attr-defined]
        await front.on_button(interaction, self.payload)


class DiscordPosting:
    """The posting half of the front end (mixed into :class:`bot.discord_app.DiscordFront`)."""

    service: Service
    client: discord.Client
    lanes: FairLanes[str]
    answering: dict[str, tuple[discord.Interaction, float]]
    waiting: dict[str, int]

    async def _follow_up(self, interaction: discord.Interaction, reply: Reply) -> Any:
        return await interaction.followup.send(**self._content(reply), wait=True)

    async def _post_answering(self, reply: Reply) -> None:
        """A reply for a chat the bot is no member of: a follow-up of the chat's latest interaction while its token
        lasts (a board then comes back with the next button or /board), else nowhere."""
        interaction, since = self.answering[reply.chat_id]
        if time.monotonic() - since < TOKEN_LIFETIME:
            try:
                sent = await retried(partial(self._follow_up, interaction, reply), "a follow-up")
            except SEND_ERRORS as exc:
                log.info("could not follow up in %s: %s", reply.chat_id, exc)
            else:
                await self._posted(reply, sent)
                return
        await self.service.unsent(reply, permanent=True)

    async def post(self, reply: Reply, channel: Any = None) -> None:
        """Send a reply into its channel or its game's thread (editing the earlier board when the chat asks), and
        tell the service how it went (what a chat is owed is sent again until it arrives)."""
        if reply.chat_id in self.answering and not reply.thread_id:
            await self._post_answering(reply)
            return
        try:
            await self._post(reply, channel)
        except discord.Forbidden as exc:
            self._sending(None)
            log.warning("could not send to %s: %s", reply.chat_id, exc)
            await self.service.unsent(reply, permanent=True)
        except (*SEND_ERRORS, ValueError) as exc:
            self._sending(exc)
            log.warning("could not send to %s: %s", reply.chat_id, exc)
            await self.service.unsent(reply)
        else:
            self._sending(None)

    def _sending(self, failure: BaseException | None) -> None:
        """Tell the process's health how a send went: Discord answered (below 500, a refusal too), or it did not."""
        health = getattr(self.client, "health", None)
        if health is None:
            return
        status = getattr(failure, "status", None)
        if failure is None or (isinstance(status, int) and status < 500):
            health.reached("discord", sending=True)
        else:
            health.unreachable("discord", f"HTTP {status}" if status else f"{type(failure).__name__}: {failure}",
                               sending=True)

    async def _post(self, reply: Reply, channel: Any = None) -> None:
        if channel is None and not reply.thread_id and reply.chat_id.startswith(DIRECT):  # a direct message: opened here
            user_id = int(reply.chat_id.removeprefix(DIRECT))
            user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
            channel = user.dm_channel or await user.create_dm()
        target = int(reply.thread_id) if reply.thread_id else (None if channel is not None else int(reply.chat_id))
        if target is not None:
            channel = self.client.get_channel(target) or await self.client.fetch_channel(target)
        if reply.edit_message_id:
            message = channel.get_partial_message(int(reply.edit_message_id))

            def edit() -> Any:
                content = self._content(reply)
                return message.edit(content=content["content"], attachments=content.get("files", []),
                                    view=content.get("view"), allowed_mentions=content["allowed_mentions"])

            try:
                edited = await retried(edit, f"an edit in {reply.chat_id}")
                await self._posted(reply, edited)
                return
            except discord.HTTPException:
                pass
        *before, last = pieces(self._content(reply)["content"], TEXT_LIMIT)
        allowed = mentions(reply)
        for part in before:  # a long text: its first pieces, then the last with the picture and the buttons
            await retried(partial(channel.send, content=part, allowed_mentions=allowed), f"a message to {reply.chat_id}")

        def send_last() -> Any:
            content = self._content(reply)
            del content["content"]
            return channel.send(content=last, **content)

        await self._posted(reply, await retried(send_last, f"a message to {reply.chat_id}"))

    async def _posted(self, reply: Reply, message: Any) -> None:
        await self.service.sent(reply, str(message.id) if message is not None else None)
        if reply.game_id is None or message is None:
            return
        where = str(message.channel.id)
        if not self.waiting.get(where):  # a game's board marks its channel read up to it: a game played only by slash
            # commands and buttons has a mark too, after which a move typed while the bot is away is found
            await self.service.handled_message("discord", where, str(message.id))
        channel = self.client.get_channel(message.channel.id)
        if reply.thread and not reply.thread_id and isinstance(channel, discord.TextChannel):
            try:
                thread = await channel.create_thread(name=f"#{reply.game_id}", message=discord.Object(id=message.id),
                                                     auto_archive_duration=10080)
            except discord.HTTPException as exc:
                log.warning("could not open a thread for game %d: %s", reply.game_id, exc)
                return
            await self.service.thread_opened(reply.game_id, str(thread.id))

    def _content(self, reply: Reply) -> dict[str, Any]:
        text = escape_markdown(reply.text)  # the bot writes plain text: whatever players typed stays as typed
        for mention in reversed(reply.mentions):
            text = f"<@{mention}> {text}"
        content: dict[str, Any] = {"content": text, "allowed_mentions": mentions(reply)}
        if reply.secret:  # a sign-in link is spent by its player alone: no preview fetches it
            content["suppress_embeds"] = True
        if reply.image is not None:
            # the picture in words, for a screen reader (Discord's alt text: an attachment's description, 1024 at most)
            alt = reply.alt if reply.alt is None or len(reply.alt) <= ALT_LONGEST else reply.alt[:ALT_LONGEST - 1] + "…"
            content["files"] = [discord.File(io.BytesIO(reply.image), filename="board.png", description=alt)]
        if reply.animation is not None:  # a GIF attachment plays inline
            content["files"] = [discord.File(io.BytesIO(reply.animation), filename="replay.gif")]
        if reply.choices or reply.link:
            view = discord.ui.View(timeout=None)
            for row_number, row in enumerate(reply.choices[:5]):
                for choice in row[:5]:
                    button = ServiceButton(choice.payload, choice.label)
                    button.item.row = row_number
                    view.add_item(button)
            if reply.link is not None and len(reply.choices) < 5:  # the game's page: a link button
                view.add_item(discord.ui.Button(style=discord.ButtonStyle.link, label=reply.link[0][:80], url=reply.link[1],
                                                row=len(reply.choices)))
            content["view"] = view
        return content

    async def send(self, replies: list[Reply]) -> None:
        """Post replies made outside the chats' turns (a move on a game's page, what the outbox owes again, the
        clocks' notices) into their chats, each in its chat's turn and only while it is still owed (a board sent
        meanwhile by a newer one's turn is not sent after it), reporting each to the service."""
        await send_in_turn(self.lanes, self.service, replies, self.post)


def mentions(reply: Reply) -> discord.AllowedMentions:
    """Only the player the reply means to notify is pinged: never @everyone, @here, roles, or names
    that players' own text carries."""
    named = [m for m in reply.mentions if m.isdigit()]
    users = [discord.Object(id=int(m)) for m in named] or False
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False, users=users)
