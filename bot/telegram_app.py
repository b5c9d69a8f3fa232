"""The Telegram front end: python-telegram-bot's Application turned into service events and back.

No game logic here: commands, texts and button presses become :class:`Event` objects, replies
become messages, photos with inline keyboards, edited boards and callback answers.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace
from typing import Any

from telegram import (
    BotCommand,
    CallbackQuery,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InlineQueryResultCachedPhoto,
    InlineQueryResultsButton,
    MenuButtonWebApp,
    Update,
    WebAppInfo,
)
from telegram.error import BadRequest, ChatMigrated, Forbidden, NetworkError, TelegramError
from telegram.ext import (
    Application,
    ApplicationBuilder,
    CallbackQueryHandler,
    ChatMemberHandler,
    ChosenInlineResultHandler,
    ContextTypes,
    InlineQueryHandler,
    MessageHandler,
    filters,
)
from telegram.request import HTTPXRequest

from bot.couriers import send_in_turn
from bot.health import PlatformHealth
from bot.i18n import LANGUAGES, supported, text
from bot.metrics import METRICS
from bot.service import Event, Reply, Service, menu
from bot.service.lanes import FairLanes
from bot.telegram_limits import ChatRateLimiter
from bot.telegram_posting import CAPTION_LIMIT, INLINE, TelegramPosting, chat_of_topic, where
from bot.telegram_webhook import TelegramWebhook
from bot.thinking import while_thinking

log = logging.getLogger(__name__)

BOOTSTRAP_TRIES = 8  # rounds of the start's deleteWebhook / setWebhook (each already retried on a failed network)
ANSWER_WITHIN = 1.0  # seconds: a pressed button stops spinning by then, however long the answer takes
REDELIVER_EVERY = 5.0  # seconds between looks for what a chat is still owed
INLINE_ACCEPT = "inline-accept"  # the button under an offered game: 'accept' in its message's chat


class WatchedRequest(HTTPXRequest):
    """PTB's HTTP client, telling ``health`` whether Telegram answered each call (a 5xx or no answer: it did not)."""

    def __init__(self, health: PlatformHealth, **options: Any) -> None:
        super().__init__(**options)
        self._health = health

    async def do_request(self, *args: Any, **kwargs: Any) -> tuple[int, bytes]:
        url = str(kwargs.get("url", args[0] if args else ""))
        sending = not url.endswith(("/getUpdates", "/getMe"))  # hearing from Telegram, or answering through it
        try:
            code, payload = await super().do_request(*args, **kwargs)
        except NetworkError as exc:  # no connection, a timeout
            self._health.unreachable("telegram", f"{type(exc).__name__}: {exc}", sending=sending)
            raise
        if code >= 500:
            self._health.unreachable("telegram", f"HTTP {code}", sending=sending)
        else:
            self._health.reached("telegram", sending=sending)
        return code, payload


def build_application(service: Service, token: str, api_url: str | None = None,
                      *, webhook: bool = False, mini_app: str | None = None,
                      picture_chat: int | None = None, health: PlatformHealth | None = None) -> Application:  # type: ignore[type-arg]
    """A ready Telegram application; ``api_url`` points it at a self-hosted Bot API server. Updates of
    different chats are handled at once, each chat's in order; with ``webhook`` an update Telegram
    delivers twice is handled once. ``mini_app`` is the short name of the bot's Mini App (the game pages), which
    board messages in groups open. With ``picture_chat`` (a chat the bot posts pictures in) games start in any chat
    from the inline mode (``@bot kamisado``): an inline message's picture cannot be uploaded, only named."""
    builder = ApplicationBuilder().token(token).rate_limiter(ChatRateLimiter()).concurrent_updates(True)
    if webhook:  # updates come through the pages' server (bot.telegram_webhook), not PTB's updater
        builder = builder.updater(None)
    if health is not None:
        health.serving("telegram")
        builder = builder.request(WatchedRequest(health, connection_pool_size=256))
        builder = builder.get_updates_request(WatchedRequest(health, connection_pool_size=1))
    if api_url:
        base = api_url.rstrip("/")
        builder = builder.base_url(f"{base}/bot").base_file_url(f"{base}/file/bot")
    application = builder.build()
    front = TelegramFront(service, application, remember_updates=webhook, mini_app=mini_app, picture_chat=picture_chat)
    application.bot_data["front"] = front
    application.add_handler(CallbackQueryHandler(front.on_button))
    application.add_handler(InlineQueryHandler(front.on_inline_query))
    application.add_handler(ChosenInlineResultHandler(front.on_chosen))
    application.add_handler(MessageHandler(filters.StatusUpdate.MIGRATE, front.on_migrated))
    application.add_handler(ChatMemberHandler(front.on_membership, ChatMemberHandler.MY_CHAT_MEMBER))
    application.add_handler(MessageHandler(filters.TEXT, front.on_text))  # commands, moves, edits
    application.add_error_handler(front.on_error)
    return application


class TelegramFront(TelegramPosting):
    """Translation between Telegram updates and service events."""

    def __init__(self, service: Service, application: Application, *,  # type: ignore[type-arg]
                 remember_updates: bool = False, mini_app: str | None = None, picture_chat: int | None = None) -> None:
        self.service = service
        self.application = application
        self.remember_updates = remember_updates
        self.mini_app = mini_app
        self.picture_chat = picture_chat
        self.lanes: FairLanes[str] = FairLanes()  # a chat's updates in order, its senders taking turns
        self._first_boards: dict[str, str] = {}  # an offered game's first picture, uploaded once: its file id

    @property
    def bot(self) -> Any:
        return self.application.bot

    async def register_commands(self) -> None:
        """``setMyCommands`` in every language, so the command menu speaks the user's language; with the pages
        public, the private chat's menu button opens them as a Mini App (the player's games)."""
        for language in LANGUAGES:
            commands = [BotCommand(name, text(language, f"menu.{name}")) for name in menu()]
            await self.bot.set_my_commands(commands, language_code=None if language == "en" else language)
        base = self.service.config.public_url
        if base:
            language = self.service.config.default_language
            button = MenuButtonWebApp(text(language, "web.play.your_games"), WebAppInfo(f"{base}/app"))
            try:
                await self.bot.set_chat_menu_button(menu_button=button)
            except TelegramError as exc:  # Telegram takes only https addresses: the bot works without the button
                log.warning("the menu button could not open the game pages (%s): is PUBLIC_URL https?", exc)

    def _event(self, update: Update, text: str | None = None, payload: str | None = None) -> Event | None:
        user, chat = update.effective_user, update.effective_chat
        query = update.callback_query
        if user is not None and query is not None and query.inline_message_id:  # a button of an inline game
            if payload == INLINE_ACCEPT:
                text, payload = "accept", None
            return Event("telegram", INLINE + query.inline_message_id, str(user.id), user.username or user.full_name,
                         text=text, payload=payload, language=user.language_code, answers_only=True,
                         update_id=str(update.update_id) if self.remember_updates else None)
        if user is None or chat is None:
            return None
        message = update.effective_message
        reply_to = None
        if message is not None and message.reply_to_message is not None:
            reply_to = str(message.reply_to_message.message_id)
        # An anonymous admin writes as the group itself (from GroupAnonymousBot, sender_chat the group), a linked
        # channel as the channel: no person the bot can tell apart. Only the group's own name proves an admin.
        named_by = message.sender_chat if message is not None and payload is None else None
        # In a supergroup with forum topics each topic is a chat of its own (General has no topic id)
        topic = message.message_thread_id if message is not None and message.is_topic_message else None
        return Event(
            "telegram", chat_of_topic(chat.id, topic), str(user.id), user.username or user.full_name, text=text, payload=payload,
            language=user.language_code, reply_to=reply_to, is_private=chat.type == "private",
            message_id=str(message.message_id) if message is not None else None,
            edited=update.edited_message is not None,
            update_id=str(update.update_id) if self.remember_updates else None,
            anonymous=named_by is not None, is_admin=named_by is not None and named_by.id == chat.id,
        )

    def _for_me(self, typed: str) -> bool:
        """Whether a ``/command@name`` names this bot (in a group, commands may be meant for another bot)."""
        command = typed.split(maxsplit=1)[0] if typed.startswith("/") else ""
        _, at, name = command.partition("@")
        return not at or name.lower() == str(self.bot.username or "").lower()

    async def on_text(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        message = update.effective_message
        if message is None or not message.text or not self._for_me(message.text):
            return
        event = self._event(update, text=message.text)
        if event is None:
            return
        async with self.lanes.hold(event.chat_id, event.user_id):
            await self.send(await self._handle(event))

    async def on_migrated(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """A group was upgraded to a supergroup (Telegram says so in both): the chat goes on under its new id."""
        message = update.effective_message
        if message is None:
            return
        if message.migrate_to_chat_id:
            await self.service.chat_moved("telegram", str(message.chat_id), str(message.migrate_to_chat_id))
        elif message.migrate_from_chat_id:
            await self.service.chat_moved("telegram", str(message.migrate_from_chat_id), str(message.chat_id))

    async def on_membership(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """The bot was removed from a group: the players of its games there are told privately how they go on."""
        changed = update.my_chat_member
        if changed is None or changed.chat.type == "private":
            return
        if changed.new_chat_member.status in ("left", "kicked") and changed.old_chat_member.status not in ("left", "kicked"):
            log.info("removed from chat %s", changed.chat.id, extra={"chat": str(changed.chat.id)})
            await self.send(await self.service.chat_left("telegram", str(changed.chat.id)))

    async def _handle(self, event: Event) -> list[Reply]:
        """The service's answer, with "typing…" shown in the chat while it takes long (the bot thinking)."""
        chat_id, topic = where(event.chat_id)
        work = self.service.handle(event, rights=lambda: self._administers(event))
        return await while_thinking(work, lambda: self.bot.send_chat_action(chat_id, "typing", message_thread_id=topic))

    async def _administers(self, event: Event) -> bool:
        """Whether Telegram says the user administers the chat (one's own private chat: always)."""
        if event.is_private:
            return True
        try:
            member = await self.bot.get_chat_member(where(event.chat_id)[0], int(event.user_id))
        except TelegramError as exc:
            log.warning("could not ask Telegram who administers chat %s: %s", event.chat_id, exc)
            return False
        return member.status in ("administrator", "creator")

    async def on_button(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        query = update.callback_query
        if query is None or not query.data:
            return
        event = self._event(update, payload=query.data)
        if event is None:
            return
        async with self.lanes.hold(event.chat_id, event.user_id):
            work = asyncio.ensure_future(self._handle(event))
            done, _ = await asyncio.wait({work}, timeout=ANSWER_WITHIN)
            answered = False if done else await _answer(query)  # a long think: stop the button spinning now
            replies = await work
            answers_question = any(r.closes for r in replies)
            # The presser alone sees a refusal ("not your turn") as an alert on the button, while it can be
            # shown; a question with buttons goes into the chat, where only its player can use them.
            # In an inline game's message (a chat the bot is no member of) a plain answer can be shown no other way.
            alerts = [r for r in replies if not r.choices and (r.private_to or (
                r.chat_id == event.chat_id and event.answers_only and r.image is None and r.game_id is None))]
            if not answered:
                answered = await _answer(query, alerts[0].text if alerts else None)
                if answered and alerts:
                    replies = [r for r in replies if r is not alerts[0]]
            await self.send(replies)
            # an inline game's message was edited into the board just now (its Accept answered): its buttons are the
            # board's, not the question's
            shown_over = event.chat_id.startswith(INLINE) and any(
                r.chat_id == event.chat_id and (r.image is not None or r.choices) for r in replies)
            if answers_question and not shown_over:
                try:
                    await query.edit_message_reply_markup(reply_markup=None)  # the question is answered
                except TelegramError as exc:
                    log.info("could not remove the buttons of an answered question: %s", exc)

    async def on_inline_query(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """``@bot kamisado standard`` typed in any chat: the games it asks for, each a challenge to anyone there with
        the picture of its first position (none when no chat for pictures is set: the inline mode is off)."""
        query = update.inline_query
        if query is None:
            return
        user = query.from_user
        results = []
        language = supported(user.language_code) or self.service.config.default_language
        if self.picture_chat is not None:
            found = await asyncio.to_thread(self.service.inline_offers, query.query, user.username or user.full_name,
                                            user.language_code)
            accept = InlineKeyboardMarkup([[InlineKeyboardButton(text(language, "inline.accept"),
                                                                 callback_data=INLINE_ACCEPT)]])
            try:
                for offer, picture in found:
                    file_id = self._first_boards.get(offer.play) or await self._uploaded(picture)
                    self._first_boards[offer.play] = file_id
                    results.append(InlineQueryResultCachedPhoto(offer.play, file_id, title=offer.title,
                                                                description=offer.about,
                                                                caption=offer.caption[:CAPTION_LIMIT], reply_markup=accept))
            except (Forbidden, BadRequest) as exc:  # the chat for pictures refuses the bot: say so, offer nothing
                log.error("the chat for pictures (TELEGRAM_PICTURE_CHAT=%s) refuses the bot: %s", self.picture_chat, exc)
                unavailable = InlineQueryResultsButton(text=text(language, "inline.unavailable")[:64], start_parameter="help")
                await query.answer([], cache_time=0, is_personal=True, button=unavailable)
                return
        await query.answer(results, cache_time=0, is_personal=True)

    async def on_chosen(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """An offered game was posted: the challenge to anyone is made in the chat of that one message."""
        chosen = update.chosen_inline_result
        if chosen is None or not chosen.inline_message_id:
            return
        user = chosen.from_user
        event = Event("telegram", INLINE + chosen.inline_message_id, str(user.id), user.username or user.full_name,
                      text=f"play {chosen.result_id}", language=user.language_code, answers_only=True)
        async with self.lanes.hold(event.chat_id, event.user_id):
            await self.send(await self.service.handle(event))

    async def on_error(self, update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
        log.error("telegram update failed: %s", context.error)

    async def send_owed(self, replies: list[Reply]) -> None:
        """Send replies made outside the chats' turns (what the outbox owes again, the clocks' notices, a move on a
        page), each in its chat's turn and only while it is still owed: a board sent meanwhile by a newer one's turn
        is not sent after it."""
        await send_in_turn(self.lanes, self.service, replies, lambda reply: self.send([reply]))

    async def send(self, replies: list[Reply]) -> None:
        """Send each reply and tell the service how it went (what a chat is owed is sent again until it arrives)."""
        for reply in replies:
            try:
                try:
                    message_id = await self._send(reply)
                except ChatMigrated as moved:  # the group became a supergroup before the bot heard of it
                    await self.service.chat_moved("telegram", reply.chat_id, str(moved.new_chat_id))
                    reply = replace(reply, chat_id=str(moved.new_chat_id))
                    message_id = await self._send(reply)
            except (Forbidden, BadRequest) as exc:  # the chat is gone or refuses the bot: trying again changes nothing
                log.warning("could not send to chat %s: %s", reply.chat_id, exc)
                await self.service.unsent(reply, permanent=True)
            except TelegramError as exc:  # the network or Telegram failed even after the retries
                log.warning("could not send to chat %s: %s", reply.chat_id, exc)
                await self.service.unsent(reply)
            else:
                await self.service.sent(reply, message_id)

async def _answer(query: CallbackQuery, alert: str | None = None) -> bool:
    """Answer a button press (with ``alert`` shown to the presser alone); whether Telegram took the answer."""
    try:
        await query.answer(text=alert[:200] if alert else None, show_alert=bool(alert))
    except TelegramError as exc:  # too late, or the network: the rest of the answer goes on regardless
        log.info("could not answer a button press: %s", exc)
        return False
    return True




async def run_telegram(service: Service, token: str, api_url: str | None, tick_every: float = 30.0,
                       webhook: TelegramWebhook | None = None, mini_app: str | None = None,
                       picture_chat: int | None = None, health: PlatformHealth | None = None) -> Application:  # type: ignore[type-arg]
    """Start receiving updates (polling, or through ``webhook``, whose route the pages' server serves) and the
    reminder clock; return the running application for :func:`stop_telegram`. ``mini_app``, ``picture_chat``: see
    :func:`build_application`.

    Several workers behind one load balancer share the webhook's work: Telegram posts to the balancer's address,
    each worker serves the route on its own ``HTTP_LISTEN``, and the database keeps them consistent."""
    application = build_application(service, token, api_url, webhook=webhook is not None, mini_app=mini_app,
                                    picture_chat=picture_chat, health=health)
    front: TelegramFront = application.bot_data["front"]
    await application.initialize()
    await front.register_commands()

    async def tick(context: ContextTypes.DEFAULT_TYPE) -> None:
        await front.send_owed(await service.tick("telegram"))

    async def redeliver(context: ContextTypes.DEFAULT_TYPE) -> None:
        await front.send_owed(await service.redeliver("telegram"))

    if application.job_queue is not None:
        application.job_queue.run_repeating(tick, interval=tick_every, first=1)  # soon: the bot may owe moves
        application.job_queue.run_repeating(redeliver, interval=REDELIVER_EVERY, first=0.1)
    await application.start()
    if webhook is not None:
        webhook.attach(application)
        await _set_webhook(application, webhook)
    elif application.updater is not None:
        await application.updater.start_polling(poll_interval=0.0, timeout=10, bootstrap_retries=BOOTSTRAP_TRIES,
                                                error_callback=_polling_failed)
    return application


async def _set_webhook(application: Application, webhook: TelegramWebhook) -> None:  # type: ignore[type-arg]
    """Tell Telegram where to post, with the secret; a failed network or a 5xx is tried again, up to
    :data:`BOOTSTRAP_TRIES` times, a wrong token (401) not at all."""
    for attempt in range(1, BOOTSTRAP_TRIES + 1):
        try:
            await application.bot.set_webhook(webhook.url, secret_token=webhook.secret,
                                              allowed_updates=Update.ALL_TYPES)
            return
        except NetworkError as exc:  # a 5xx, a timeout, a dropped connection (401 is InvalidToken: no retry)
            if attempt == BOOTSTRAP_TRIES:
                raise
            log.warning("Telegram's setWebhook failed (%s); trying again", exc)
            await asyncio.sleep(min(0.5 * attempt, 5.0))


def _polling_failed(error: TelegramError) -> None:
    """A failed ``getUpdates`` (a 502, a dropped connection): the updater polls again as it always does, so it is the
    one-line warning of a retry, not an error with a traceback."""
    METRICS.retried()
    log.warning("Telegram's getUpdates failed (%s); polling again", error or "no answer")


STOP_GRACE = 2.0  # seconds running handlers may go on sending after a stop is asked for


async def stop_telegram(application: Application) -> None:  # type: ignore[type-arg]
    """Stop polling, let running handlers finish, and shut the application down, within a few seconds whatever
    the backlog: after :data:`STOP_GRACE` what still waits for Telegram's rates fails at once, and what the chats
    are owed is sent by the outbox after the restart."""
    if application.updater is not None and application.updater.running:
        await application.updater.stop()
    if application.running:
        stopping = asyncio.ensure_future(application.stop())
        done, _ = await asyncio.wait({stopping}, timeout=STOP_GRACE)
        if not done:
            limiter = application.bot.rate_limiter
            if isinstance(limiter, ChatRateLimiter):
                log.info("stopping: what still waits for Telegram is left to the outbox")
                limiter.close()
        await stopping
    await application.shutdown()
