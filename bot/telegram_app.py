"""The Telegram front end: python-telegram-bot's Application turned into service events and back.

No game logic here: commands, texts and button presses become :class:`Event` objects, replies
become messages, photos with inline keyboards, edited boards and callback answers.
"""

from __future__ import annotations

import asyncio
import logging
import re
from dataclasses import replace
from typing import Any
from urllib.parse import urlsplit

from telegram import (
    BotCommand,
    CallbackQuery,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InlineQueryResultCachedPhoto,
    InlineQueryResultsButton,
    InputMediaPhoto,
    LinkPreviewOptions,
    MenuButtonWebApp,
    Message,
    MessageEntity,
    ReplyParameters,
    Update,
    WebAppInfo,
)
from telegram import User as TelegramUser
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
from bot.service import DIRECT, TO_MOVE, Event, Reply, Service, menu
from bot.service.lanes import FairLanes
from bot.splitting import pieces
from bot.telegram_limits import ChatRateLimiter
from bot.telegram_webhook import TelegramWebhook
from bot.thinking import while_thinking

log = logging.getLogger(__name__)

CAPTION_LIMIT = 1024
TEXT_LIMIT = 4096
BOOTSTRAP_TRIES = 8  # rounds of the start's deleteWebhook / setWebhook (each already retried on a failed network)
ANSWER_WITHIN = 1.0  # seconds: a pressed button stops spinning by then, however long the answer takes
REDELIVER_EVERY = 5.0  # seconds between looks for what a chat is still owed
INLINE = "inline:"  # the service's chat of one inline message (a game started with @bot in any chat) lives there
NO_PREVIEW = LinkPreviewOptions(is_disabled=True)  # a secret link is opened by its reader alone, never by a preview
INLINE_ACCEPT = "inline-accept"  # the button under an offered game: 'accept' in its message's chat


class WatchedRequest(HTTPXRequest):
    """PTB's HTTP client, telling ``health`` whether Telegram answered each call (a 5xx or no answer: it did not)."""

    def __init__(self, health: PlatformHealth, **options: Any) -> None:
        super().__init__(**options)
        self._health = health

    async def do_request(self, *args: Any, **kwargs: Any) -> tuple[int, bytes]:
        try:
            code, payload = await super().do_request(*args, **kwargs)
        except NetworkError as exc:  # no connection, a timeout
            self._health.unreachable("telegram", f"{type(exc).__name__}: {exc}")
            raise
        if code >= 500:
            self._health.unreachable("telegram", f"HTTP {code}")
        else:
            self._health.reached("telegram")
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


class TelegramFront:
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
        return Event(
            "telegram", str(chat.id), str(user.id), user.username or user.full_name, text=text, payload=payload,
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
        chat_id = _chat_id(event.chat_id)
        work = self.service.handle(event, rights=lambda: self._administers(event))
        return await while_thinking(work, lambda: self.bot.send_chat_action(chat_id, "typing"))

    async def _administers(self, event: Event) -> bool:
        """Whether Telegram says the user administers the chat (one's own private chat: always)."""
        if event.is_private:
            return True
        try:
            member = await self.bot.get_chat_member(int(event.chat_id), int(event.user_id))
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
            if answers_question:
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

    async def _uploaded(self, picture: bytes) -> str:
        """The file id of ``picture``, posted in the chat for pictures (an inline message can only name a file)."""
        assert self.picture_chat is not None
        sent = await self.bot.send_photo(self.picture_chat, picture)
        return str(sent.photo[-1].file_id)

    async def _uploaded_or_none(self, picture: bytes) -> str | None:
        """:meth:`_uploaded`, or ``None`` when the chat for pictures refuses the bot (the game goes on in words)."""
        try:
            return await self._uploaded(picture)
        except (Forbidden, BadRequest) as exc:
            log.error("the chat for pictures (TELEGRAM_PICTURE_CHAT=%s) refuses the bot: %s", self.picture_chat, exc)
            return None

    async def _send_inline(self, reply: Reply) -> str | None:
        """A reply for an inline game's message: a board or a question shown over it (edited in place: the bot is no
        member of its chat), words alone to the players they name, privately."""
        message = reply.chat_id.removeprefix(INLINE)
        markup = self._keyboard(reply, reply.chat_id)
        caption, _ = _caption(reply.text)
        shown: str | None = None
        if reply.image is not None or reply.choices:
            try:
                picture = await self._uploaded_or_none(reply.image) if reply.image is not None else None
                if picture is not None:
                    media = InputMediaPhoto(picture, caption=caption)
                    await self.bot.edit_message_media(media, inline_message_id=message, reply_markup=markup)
                else:  # words and buttons alone (a question; a board whose picture the picture chat refused)
                    await self.bot.edit_message_caption(inline_message_id=message, caption=caption, reply_markup=markup)
            except BadRequest as exc:
                if "not modified" not in str(exc).lower():
                    raise
            shown = message
        # An edit notifies nobody: the players it names (a reminder) and the player to move are told privately.
        to_move = reply.extra.get(TO_MOVE) if shown else None
        told = (*reply.mentions, to_move) if shown else (reply.private_to, *reply.mentions)
        for user in dict.fromkeys(told):
            if user and user.isdigit():
                try:
                    await self.bot.send_message(int(user), reply.text[:TEXT_LIMIT])
                except Forbidden:
                    log.info("user %s has no private chat with the bot: an inline game's notice goes nowhere", user)
        return shown

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

    async def _send(self, reply: Reply) -> str | None:
        """Post ``reply``; the id of the message that shows it. A private notice goes to the user's private chat,
        or (when Telegram refuses: they never started the bot) into the chat as an answer to their message, unless it
        is secret (a sign-in link, a lesson: then nowhere); a question the player must answer goes into the chat, unless it
        is secret."""
        if reply.chat_id.startswith(INLINE):
            return await self._send_inline(reply)
        chat_id = _chat_id(reply.chat_id)
        answer_to = int(reply.answer_to) if reply.answer_to and reply.answer_to.isdigit() else None
        if reply.private_to and reply.private_to != reply.chat_id and (not reply.choices or reply.secret):
            try:
                sent = await self._post(int(reply.private_to), reply, None)
            except Forbidden:
                if reply.secret:
                    await self._tell_chat(reply, arrived=False)
                    raise
                log.info("user %s has no private chat with the bot: answering in chat %s", reply.private_to, chat_id)
            else:
                await self._tell_chat(reply, arrived=True)
                return sent
        return await self._post(chat_id, reply, answer_to)

    async def _tell_chat(self, reply: Reply, *, arrived: bool) -> None:
        """What the chat is told of a private message that ``arrived`` there (or could not be sent), if anything."""
        telling = reply.telling(arrived)
        if telling is not None:
            try:
                await self._post(_chat_id(telling.chat_id), telling, int(reply.answer_to) if reply.answer_to else None)
            except TelegramError as exc:
                log.info("could not tell chat %s about a private message: %s", reply.chat_id, exc)

    async def _post(self, chat_id: int | str, reply: Reply, answer_to: int | None) -> str | None:
        markup = self._keyboard(reply, chat_id)
        answering = ReplyParameters(answer_to, allow_sending_without_reply=True) if answer_to else None
        if reply.animation is not None:  # a replay: an animation that plays in the chat
            caption, rest = _caption(reply.text)
            animated = await self.bot.send_animation(chat_id, reply.animation, filename="replay.gif", caption=caption,
                                                     reply_markup=markup, reply_parameters=answering)
            await self._post_rest(chat_id, rest)
            return str(animated.message_id)
        if reply.image is None and reply.edit_message_id:  # a message that tells how far something has come
            try:
                await self.bot.edit_message_text(reply.text[:TEXT_LIMIT], chat_id=chat_id,
                                                 message_id=int(reply.edit_message_id), reply_markup=markup)
            except BadRequest as exc:  # gone, or already saying this: nothing new to post
                log.info("could not edit message %s: %s", reply.edit_message_id, exc)
            return reply.edit_message_id
        if reply.image is None:
            parts = pieces(reply.text, TEXT_LIMIT)
            first: Message | None = None
            for number, part in enumerate(parts, 1):
                sent = await self.bot.send_message(chat_id, part, reply_markup=markup if number == len(parts) else None,
                                                   reply_parameters=answering if number == 1 else None,
                                                   entities=await self._mentions(reply, part),
                                                   link_preview_options=NO_PREVIEW if reply.secret else None)
                first = first or sent
            return str(first.message_id) if first is not None else None
        caption, rest = _caption(reply.text)
        sent = None
        if reply.edit_message_id:
            try:
                sent = await self.bot.edit_message_media(
                    InputMediaPhoto(reply.image, caption=caption), chat_id=chat_id,
                    message_id=int(reply.edit_message_id), reply_markup=markup,
                )
            except BadRequest:
                sent = None  # the old message is gone or too old: post a new one
        if sent is None or sent is True:
            sent = await self.bot.send_photo(chat_id, reply.image, caption=caption, reply_markup=markup,
                                             reply_parameters=answering, caption_entities=await self._mentions(reply, caption))
        await self._post_rest(chat_id, rest)
        return str(sent.message_id) if sent is not None and sent is not True else None

    def _keyboard(self, reply: Reply, chat_id: int | str) -> InlineKeyboardMarkup | None:
        """The reply's buttons, and its page's: in a private chat a Mini App button (the player moves there), in a
        group the bot's Mini App by its link when it has one (Telegram allows Mini App buttons in private chats only),
        else a plain link to the page."""
        rows = [[InlineKeyboardButton(choice.label, callback_data=choice.payload) for choice in row] for row in reply.choices]
        if reply.link is not None:
            label, address = reply.link
            if isinstance(chat_id, int) and chat_id > 0:
                rows.append([InlineKeyboardButton(label, web_app=WebAppInfo(address))])
            elif self.mini_app and self.bot.username and _start_param(address):
                start = _start_param(address)
                rows.append([InlineKeyboardButton(label, url=f"https://t.me/{self.bot.username}/{self.mini_app}?startapp={start}")])
            else:
                rows.append([InlineKeyboardButton(label, url=address)])
        return InlineKeyboardMarkup(rows) if rows else None

    async def _mentions(self, reply: Reply, text: str) -> list[MessageEntity] | None:
        """The players ``reply`` mentions, notified: each one's name in ``text`` (as the bot writes it) marked as a
        mention of that user; ``None`` when there is none to mark."""
        marked: list[MessageEntity] = []
        taken: list[range] = []
        for user_id in dict.fromkeys(m for m in reply.mentions if m.isdigit()):
            name = await self.service.display_name("telegram", user_id)
            if not name:
                continue
            for found in re.finditer(rf"(?<!\w){re.escape(name)}(?!\w)", text):
                span = range(found.start(), found.end())
                if not any(set(span) & set(other) for other in taken):
                    taken.append(span)
                    marked.append(MessageEntity(MessageEntity.TEXT_MENTION, _utf16(text[:found.start()]), _utf16(name),
                                                user=TelegramUser(int(user_id), name, is_bot=False)))
                    break
        return sorted(marked, key=lambda e: e.offset) or None

    async def _post_rest(self, chat_id: int | str, rest: str) -> None:
        """What did not fit into a caption, as messages after the picture."""
        for part in pieces(rest, TEXT_LIMIT) if rest else []:
            await self.bot.send_message(chat_id, part)


async def _answer(query: CallbackQuery, alert: str | None = None) -> bool:
    """Answer a button press (with ``alert`` shown to the presser alone); whether Telegram took the answer."""
    try:
        await query.answer(text=alert[:200] if alert else None, show_alert=bool(alert))
    except TelegramError as exc:  # too late, or the network: the rest of the answer goes on regardless
        log.info("could not answer a button press: %s", exc)
        return False
    return True


def _start_param(address: str) -> str | None:
    """What the Mini App is started with to open the page at ``address``: a game's page token, or ``puzzle-`` and a
    chat's page token for its puzzle (the Mini App's first page, ``/app``, reads it back).

    >>> _start_param("https://games.example.org/g/abcdefghij"), _start_param("https://x.org/c/abcdefghij/puzzle")
    ('abcdefghij', 'puzzle-abcdefghij')
    """
    path = urlsplit(address).path
    if path.startswith("/g/"):
        return path[3:]
    if path.startswith("/c/") and path.endswith("/puzzle"):
        return "puzzle-" + path[3:-len("/puzzle")]
    return None


def _utf16(text: str) -> int:
    """The length of ``text`` as Telegram counts it (in UTF-16 code units).

    >>> _utf16("ab"), _utf16("🏆 a")
    (2, 4)
    """
    return len(text.encode("utf-16-le")) // 2


def _caption(text: str) -> tuple[str, str]:
    """A picture's caption (as much as Telegram allows) and the rest of ``text``."""
    caption, *rest = pieces(text, CAPTION_LIMIT)
    return caption, "\n".join(rest)


def _chat_id(chat_id: str) -> int | str:
    """Telegram's id of the service's chat ``chat_id`` (a user's private chat has the user's id)."""
    chat_id = chat_id.removeprefix(DIRECT)
    return int(chat_id) if chat_id.lstrip("-").isdigit() else chat_id




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
