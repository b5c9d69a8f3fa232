"""The Discord front end: slash commands, persistent buttons and board attachments (discord.py 2.7).

No game logic here: interactions and messages become :class:`Event` objects, replies become
messages with the board attached and buttons whose custom ids carry the service's payloads.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import time
from collections.abc import Awaitable
from dataclasses import replace
from functools import partial
from typing import Any

import discord
import yarl
from discord import app_commands

from bot.discord_catch_up import DiscordCatchUp
from bot.discord_commands import CatalogueTranslator, register_commands
from bot.discord_posting import SEND_ERRORS, TEXT_LIMIT, DiscordPosting, ServiceButton, retried
from bot.health import PlatformHealth
from bot.i18n import text
from bot.service import Event, Reply, Service
from bot.service.lanes import FairLanes
from bot.thinking import while_thinking

log = logging.getLogger(__name__)

REDELIVER_EVERY = 5.0  # seconds between looks for what a chat is still owed


class BoardGameClient(discord.Client):
    """The Discord client: slash commands in a tree, the front end that talks to the service."""

    def __init__(self, service: Service, *, message_content: bool = True, health: PlatformHealth | None = None,
                 sync_only: bool = False, **options: Any) -> None:
        intents = discord.Intents.default()
        intents.message_content = message_content
        super().__init__(intents=intents, allowed_mentions=discord.AllowedMentions.none(), **options)
        # Installable by a server and by a user: a user's commands work in any server, direct message or group.
        self.tree = app_commands.CommandTree(
            self, allowed_installs=app_commands.AppInstallationType(guild=True, user=True),
            allowed_contexts=app_commands.AppCommandContext(guild=True, dm_channel=True, private_channel=True))
        self.front = DiscordFront(service, self)
        register_commands(self.tree, self.front)
        self._ticker: asyncio.Task[None] | None = None
        self._catching_up: asyncio.Task[None] | None = None
        self.health = health
        self.sync_only = sync_only  # sync-commands: log in, give Discord the commands, nothing else
        if health is not None:
            health.serving("discord")

    async def setup_hook(self) -> None:
        await self.tree.set_translator(CatalogueTranslator())
        await self.sync_commands(force=self.sync_only)
        if self.sync_only:
            return
        self.add_dynamic_items(ServiceButton)
        self._ticker = asyncio.create_task(self.front.tick_forever())

    async def sync_commands(self, *, force: bool = False) -> bool:
        """Give Discord the slash commands when they differ from the ones it was last given (their digest is kept in
        the database), or with ``force``; whether they were sent. Discord limits how often commands may be replaced,
        so processes that start together, or again and again, do not each send them."""
        translator = self.tree.translator
        described = [await command.get_translated_payload(self.tree, translator) if translator is not None
                     else command.to_dict(self.tree) for command in self.tree.get_commands()]  # their words too
        digest = hashlib.sha256(json.dumps(described, sort_keys=True).encode()).hexdigest()
        name = f"discord.commands.{self.application_id}"
        try:
            known = None if force else await self.front.service.remembered(name)
        except Exception:  # the database cannot say: send them, as a start always did
            log.warning("the digest of Discord's slash commands could not be read: sending them", exc_info=True)
            known = None
        if known == digest:
            log.info("Discord's slash commands are unchanged: not sent again")
            return False
        await self.tree.sync()
        with contextlib.suppress(Exception):  # the next start sends them again, nothing worse
            await self.front.service.remember(name, digest)
        log.info("Discord's slash commands were sent (%d commands)", len(described))
        return True

    async def on_connect(self) -> None:
        if self.health is not None:
            self.health.reached("discord")

    async def on_resumed(self) -> None:
        if self.health is not None:
            self.health.reached("discord")

    async def on_disconnect(self) -> None:
        if self.health is not None:
            self.health.unreachable("discord", "the gateway connection closed")

    async def close(self) -> None:
        for task in (self._ticker, self._catching_up):
            if task is not None:
                task.cancel()
        await super().close()

    async def on_message(self, message: discord.Message) -> None:
        if message.author.bot or not message.content:
            return
        await self.front.on_message(message)

    async def on_raw_message_edit(self, payload: discord.RawMessageUpdateEvent) -> None:
        """A message corrected by editing it counts as on Telegram: a refused move edited into a legal one is played
        (the service takes an edit only of the sender's last refused message). Whether or not the old text is still
        in this process's memory; an update that changed no words (a link's preview arriving) is none."""
        after, before = payload.message, payload.cached_message
        if after.author.bot or not after.content or after.edited_at is None:
            return
        if before is not None and before.content == after.content:
            return
        await self.front.on_message(after, edited=True)

    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """The bot was removed from a server: the players of its games there are told privately how they go on."""
        log.info("removed from server %s", guild.id)
        for channel in guild.channels:
            try:
                replies = await self.front.service.chat_left("discord", str(channel.id))
            except Exception:  # the database is down: their games stay as they are, the next look tells them
                log.exception("could not tell the players of server %s's games", guild.id)
                return
            await self.front.send(replies)

    async def on_ready(self) -> None:
        """A new gateway session (the first, or after a reconnect that could not resume): Discord never sends again
        what was typed meanwhile, so the games' channels are read from the last message handled."""
        if self.health is not None:
            self.health.reached("discord")
        if self._catching_up is None or self._catching_up.done():
            self._catching_up = asyncio.create_task(self.front.catch_up())


class ShardedBoardGameClient(BoardGameClient, discord.AutoShardedClient):
    """The same client run as several gateway shards (``shard_ids`` of ``shard_count``) in one process."""


def point_at(api_url: str | None, gateway_url: str | None) -> None:
    """Talk to Discord at ``api_url`` (its REST base: Discord's own, or a proxy in front of it that shares the rate
    limit between processes) and connect to ``gateway_url``; ``None`` leaves Discord's own. discord.py keeps both per
    process, so this is set once, before the client starts."""
    if api_url:
        discord.http.Route.BASE = api_url
    if gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)


def make_client(service: Service, *, message_content: bool = True, shard_count: int | None = None,
                shard_ids: tuple[int, ...] | None = None, health: PlatformHealth | None = None,
                sync_only: bool = False) -> BoardGameClient:
    """A client for one process: unsharded, or the shards this process runs of a sharded installation.

    Large installations run one process per group of shards, all on one PostgreSQL database:
    ``shard_count`` is the total, ``shard_ids`` the ones this process takes (all when None).
    """
    if shard_count is None or sync_only:
        return BoardGameClient(service, message_content=message_content, health=health, sync_only=sync_only)
    return ShardedBoardGameClient(service, message_content=message_content, shard_count=shard_count,
                                  shard_ids=list(shard_ids) if shard_ids is not None else None, health=health)


class DiscordFront(DiscordPosting, DiscordCatchUp):
    """Translation between Discord and the service."""

    def __init__(self, service: Service, client: discord.Client, tick_every: float = 30.0) -> None:
        self.service = service
        self.client = client
        self.tick_every = tick_every
        self.lanes: FairLanes[str] = FairLanes()  # a chat's updates in order, its senders taking turns
        # The chats the bot is no member of (a user's own installation) and their latest interaction: the one way to
        # post there, while its token lasts.
        self.answering: dict[str, tuple[discord.Interaction, float]] = {}
        # Typed messages being handled, by channel: while one waits there, the bot's own post marks nothing read.
        self.waiting: dict[str, int] = {}

    def _event(self, user: discord.abc.User, channel_id: int, *, text: str | None = None, payload: str | None = None,
               locale: str | None = None, reply_to: int | None = None, private: bool = False,
               message_id: int | None = None, answers_only: bool = False) -> Event:
        permissions = getattr(user, "guild_permissions", None)  # a Member in a server, a plain User elsewhere
        admin = permissions is not None and (permissions.administrator or permissions.manage_guild)
        return Event("discord", str(channel_id), str(user.id), user.display_name, text=text, payload=payload,
                     language=locale, reply_to=str(reply_to) if reply_to else None, is_private=private,
                     is_admin=bool(admin) and not private, message_id=str(message_id) if message_id else None,
                     answers_only=answers_only)

    def _interaction_event(self, interaction: discord.Interaction, **fields: Any) -> Event:
        """The event of an interaction; where the bot is no member of the chat, the interaction is kept as the way to
        post there."""
        answers_only = _answers_only(interaction)
        channel = interaction.channel_id or 0
        if answers_only:
            self.answering[str(channel)] = (interaction, time.monotonic())
        return self._event(interaction.user, channel, locale=str(interaction.locale),
                           private=interaction.guild_id is None and not answers_only, answers_only=answers_only, **fields)

    async def on_command(self, interaction: discord.Interaction, text: str, introduce: discord.abc.User | None = None) -> None:
        """A slash command: acknowledged at once (Discord waits 3 s), answered through the interaction
        (privately when the reply is private)."""
        acknowledged = await _acknowledge(interaction, thinking=True)
        if introduce is not None:
            await self.service.introduce("discord", str(introduce.id), introduce.display_name)
        event = self._interaction_event(interaction, text=text)
        async with self.lanes.hold(event.chat_id, event.user_id):
            replies = await self.service.handle(event)
            await self._answer(interaction, replies, acknowledged)

    async def on_button(self, interaction: discord.Interaction, payload: str) -> None:
        """A button press: acknowledged before any work (the bot may think for seconds), then answered: privately
        (ephemeral) for the presser alone, in the channel for everyone."""
        acknowledged = await _acknowledge(interaction, thinking=False)
        pressed = interaction.message.id if interaction.message is not None else None  # the question's message
        event = self._interaction_event(interaction, payload=payload, message_id=pressed)
        async with self.lanes.hold(event.chat_id, event.user_id):
            replies = await self.service.handle(event)
            await self._answer(interaction, replies, acknowledged)
            if acknowledged and any(r.closes for r in replies):
                try:
                    await interaction.edit_original_response(view=None)  # the question is answered: its buttons go
                except SEND_ERRORS as exc:
                    log.info("could not remove the buttons of an answered question: %s", exc)

    async def on_message(self, message: discord.Message, edited: bool = False) -> None:
        reply_to = message.reference.message_id if message.reference else None
        channel = message.channel
        # A game's thread belongs to its channel: the service knows games by their channel.
        chat_id = channel.parent_id if isinstance(channel, discord.Thread) and channel.parent_id else channel.id
        # Its id makes it one update: a message read again from the history after a reconnect is handled once.
        stamp = message.edited_at.timestamp() if edited and message.edited_at else 0
        event = replace(self._event(message.author, chat_id, text=message.content, reply_to=reply_to,
                                    private=message.guild is None, message_id=message.id),
                        update_id=f"edit:{message.id}:{stamp}" if edited else f"message:{message.id}", edited=edited)
        where = str(channel.id)
        self.waiting[where] = self.waiting.get(where, 0) + 1
        try:
            await self._handle_message(message, event)
        finally:
            self.waiting[where] -= 1
            if not self.waiting[where]:
                del self.waiting[where]

    async def _handle_message(self, message: discord.Message, event: Event) -> None:
        channel = message.channel
        async with self.lanes.hold(event.chat_id, event.user_id):
            replies = await while_thinking(self.service.handle(event), message.channel.typing)
            await self.service.handled_message("discord", str(channel.id), str(message.id))
            for reply in replies:
                if reply.private_to and message.guild is not None:
                    arrived = await self._tell_privately(message.author, reply)
                    if not arrived and reply.choices:
                        await self.post(replace(reply, mentions=(str(message.author.id),)), message.channel)
                    telling = reply.telling(arrived)
                    if telling is not None:
                        await self.post(telling, message.channel)
                else:
                    await self.post(reply, message.channel)

    async def _tell_privately(self, user: discord.User | discord.Member, reply: Reply) -> bool:
        """A private notice for a typed message as a direct message; whether it arrived. A notice that cannot go
        privately is dropped, never made public; a question with buttons (see :meth:`on_message`) is then asked in
        the channel instead, since the move waits on its answer."""

        def send() -> Awaitable[Any]:
            content = self._content(reply)
            if not reply.secret:  # a secret message (a lesson) keeps its picture
                content.pop("files", None)
            return user.send(**content)

        try:
            await retried(send, f"a direct message to {user.id}")
        except SEND_ERRORS as exc:  # direct messages closed
            log.info("could not tell %s privately: %s", user.id, exc)
            return False
        return True

    async def _answer(self, interaction: discord.Interaction, replies: list[Reply], acknowledged: bool) -> None:
        """Answer through the interaction; when it could not be acknowledged (or a follow-up fails), in the
        channel, and privately by direct message."""
        answered = False
        # A slash command was answered "thinking…" for all to see, and Discord makes the first follow-up that answer,
        # ephemeral or not: a private answer first settles it with what the channel may see.
        thinking = acknowledged and interaction.type == discord.InteractionType.application_command
        for reply in replies:
            if reply.private_to:
                content = self._content(reply)
                if not reply.secret:  # a secret message (a lesson) keeps its picture
                    content.pop("files", None)
                content["content"] = content["content"][:TEXT_LIMIT]
                try:
                    if not acknowledged:
                        raise discord.ClientException("the interaction was not acknowledged")
                    if thinking and not answered:  # the answer is here, for the asker's eyes only (not "in our
                        # private chat", which a reply's ``told`` says of a direct message)
                        said = text(reply.language, "private.answered")
                        await retried(partial(interaction.edit_original_response, content=said), "the public answer")
                    await retried(partial(interaction.followup.send, ephemeral=True, **content), "a private answer")
                    answered = True
                except (*SEND_ERRORS, discord.ClientException) as exc:
                    log.info("no private answer through the interaction (%s): by direct message", exc)
                    telling = reply.telling(await self._tell_privately(interaction.user, reply))
                    if telling is not None:
                        await self.post(telling)
            elif (acknowledged and reply.game_id is not None and reply.chat_id == str(interaction.channel_id)
                  and interaction.type == discord.InteractionType.component and _answers_only(interaction)):
                await self._in_place(interaction, reply)  # the pressed board shows the game where the bot is no member
                answered = True
            elif (not acknowledged or reply.thread_id or reply.edit_message_id
                  or reply.chat_id != str(interaction.channel_id) or len(reply.text) > TEXT_LIMIT // 2):
                await self.post(reply)  # into the game's thread or chat, over the earlier board, or in pieces
                # where the bot is no member, that post is a follow-up of this interaction: it answered
                answered = answered or (reply.chat_id in self.answering and not reply.thread_id)
            else:
                try:
                    sent = await retried(partial(self._follow_up, interaction, reply), "an answer")
                except SEND_ERRORS as exc:
                    log.warning("could not answer in %s through the interaction (%s): posting it", reply.chat_id, exc)
                    await self.post(reply)
                    continue
                answered = True
                await self._posted(reply, sent)
        if acknowledged and not answered and interaction.type == discord.InteractionType.application_command:
            with contextlib.suppress(*SEND_ERRORS):
                await retried(lambda: interaction.followup.send("✓", ephemeral=True), "an acknowledgement")

    async def _in_place(self, interaction: discord.Interaction, reply: Reply) -> None:
        """Show a board by editing the message whose button was pressed (where the bot may only answer, the game's
        message is edited in place); a board that cannot be shown is owed again."""
        content = self._content(reply)

        def edit() -> Any:
            return interaction.edit_original_response(content=content["content"], attachments=content.get("files", []),
                                                      view=content.get("view"), allowed_mentions=content["allowed_mentions"])

        try:
            edited = await retried(edit, f"the board in {reply.chat_id}")
        except SEND_ERRORS as exc:
            log.warning("could not show the board in %s: %s", reply.chat_id, exc)
            await self.service.unsent(reply)
            return
        await self._posted(reply, edited)

    async def tick_forever(self) -> None:
        """Run the clocks every ``tick_every`` seconds (the first time at once), and send what the chats are
        still owed every few seconds, whatever goes wrong."""
        await self.client.wait_until_ready()
        ticked = 0.0
        while not self.client.is_closed():
            jobs = [partial(self.service.redeliver, "discord")]
            if time.monotonic() - ticked >= self.tick_every:
                ticked = time.monotonic()
                jobs.append(partial(self.service.tick, "discord"))
            for job in jobs:
                try:
                    replies = await job()
                except Exception:  # a database restart must not stop every clock until the next start
                    log.exception("the clocks could not run; trying again soon")
                    replies = []
                await self.send(replies)
            await asyncio.sleep(min(self.tick_every, REDELIVER_EVERY))


async def _acknowledge(interaction: discord.Interaction, *, thinking: bool) -> bool:
    """Tell Discord the interaction is being handled (within its 3 s); whether that went through."""
    try:
        await interaction.response.defer(thinking=thinking)
    except SEND_ERRORS as exc:
        log.warning("could not acknowledge an interaction: %s", exc)
        return False
    return True


def _answers_only(interaction: discord.Interaction) -> bool:
    """Whether the interaction comes from a chat the bot is no member of: a server or a group of people's direct
    messages where only a user installed the app (the bot's own direct messages are its own)."""
    return (interaction.is_user_integration() and not interaction.is_guild_integration()
            and not interaction.context.dm_channel)
