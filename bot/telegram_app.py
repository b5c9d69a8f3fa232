"""The Telegram front end: python-telegram-bot's Application turned into service events and back.

No game logic here: commands, texts and button presses become :class:`Event` objects, replies
become messages, photos with inline keyboards, edited boards and callback answers.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace
from typing import Any
from urllib.parse import urlsplit

from telegram import (
    BotCommand,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InputMediaPhoto,
    Update,
)
from telegram.error import BadRequest, TelegramError
from telegram.ext import (
    AIORateLimiter,
    Application,
    ApplicationBuilder,
    CallbackQueryHandler,
    CommandHandler,
    ContextTypes,
    MessageHandler,
    filters,
)

from bot.i18n import LANGUAGES, text
from bot.service import Event, Reply, Service, command_names, menu
from bot.thinking import while_thinking

log = logging.getLogger(__name__)

CAPTION_LIMIT = 1024


def build_application(service: Service, token: str, api_url: str | None = None) -> Application:  # type: ignore[type-arg]
    """A ready Telegram application; ``api_url`` points it at a self-hosted Bot API server."""
    builder = ApplicationBuilder().token(token).rate_limiter(AIORateLimiter(max_retries=3))
    if api_url:
        base = api_url.rstrip("/")
        builder = builder.base_url(f"{base}/bot").base_file_url(f"{base}/file/bot")
    application = builder.build()
    front = TelegramFront(service, application)
    application.bot_data["front"] = front
    application.add_handler(CommandHandler(command_names(), front.on_command))
    application.add_handler(CallbackQueryHandler(front.on_button))
    application.add_handler(MessageHandler(filters.TEXT & ~filters.COMMAND, front.on_text))
    application.add_error_handler(front.on_error)
    return application


class TelegramFront:
    """Translation between Telegram updates and service events."""

    def __init__(self, service: Service, application: Application) -> None:  # type: ignore[type-arg]
        self.service = service
        self.application = application

    @property
    def bot(self) -> Any:
        return self.application.bot

    async def register_commands(self) -> None:
        """``setMyCommands`` in every language, so the command menu speaks the user's language."""
        for language in LANGUAGES:
            commands = [BotCommand(name, text(language, f"menu.{name}")) for name in menu()]
            await self.bot.set_my_commands(commands, language_code=None if language == "en" else language)

    def _event(self, update: Update, text: str | None = None, payload: str | None = None) -> Event | None:
        user, chat = update.effective_user, update.effective_chat
        if user is None or chat is None:
            return None
        message = update.effective_message
        reply_to = None
        if message is not None and message.reply_to_message is not None:
            reply_to = str(message.reply_to_message.message_id)
        return Event(
            "telegram", str(chat.id), str(user.id), user.username or user.full_name, text=text, payload=payload,
            language=user.language_code, reply_to=reply_to, is_private=chat.type == "private",
        )

    async def on_command(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        message = update.effective_message
        if message is None or not message.text:
            return
        command, _, rest = message.text.partition(" ")
        name = command.lstrip("/").split("@")[0].lower()
        event = self._event(update, text=f"{name} {rest}".strip())
        if event is not None:
            await self.send(await self._handle(await self._with_rights(event)))

    async def _handle(self, event: Event) -> list[Reply]:
        """The service's answer, with "typing…" shown in the chat while it takes long (the bot thinking)."""
        chat_id = int(event.chat_id) if event.chat_id.lstrip("-").isdigit() else event.chat_id
        return await while_thinking(self.service.handle(event), lambda: self.bot.send_chat_action(chat_id, "typing"))

    async def _with_rights(self, event: Event) -> Event:
        """The event marked with the sender's administrator rights when its command needs them
        (asking Telegram costs a request, so only then): ``admin`` and ``settings chat``."""
        words = (event.text or "").lstrip("/").lower().split()
        if words[:1] != ["admin"] and words[:2] != ["settings", "chat"]:
            return event
        if event.is_private:
            return replace(event, is_admin=True)  # one's own private chat
        return replace(event, is_admin=await self._administers(event))

    async def _administers(self, event: Event) -> bool:
        """Whether Telegram says the user is an administrator or the owner of the group."""
        try:
            member = await self.application.bot.get_chat_member(int(event.chat_id), int(event.user_id))
        except TelegramError as exc:
            log.warning("could not ask Telegram who administers chat %s: %s", event.chat_id, exc)
            return False
        return member.status in ("administrator", "creator")

    async def on_text(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        message = update.effective_message
        if message is None or not message.text:
            return
        event = self._event(update, text=message.text)
        if event is not None:
            await self.send(await self._handle(await self._with_rights(event)))

    async def on_button(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        query = update.callback_query
        if query is None or not query.data:
            return
        event = self._event(update, payload=query.data)
        if event is None:
            return
        replies = await self._handle(event)
        # Telegram has no private message inside a group: a private answer with buttons (a stone's
        # targets) goes to the chat, where only its player can use them; others become an alert.
        private = [r for r in replies if r.private_to and not r.choices]
        public = [replace(r, private_to=None) if r.private_to else r for r in replies if r not in private]
        # The presser alone sees private answers ("not your turn"), as an alert.
        await query.answer(text=private[0].text[:200] if private else None, show_alert=bool(private))
        await self.send(public)

    async def on_error(self, update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
        log.error("telegram update failed: %s", context.error)

    async def send(self, replies: list[Reply]) -> None:
        for reply in replies:
            try:
                await self._send(reply)
            except TelegramError as exc:
                log.warning("could not send to chat %s: %s", reply.chat_id, exc)

    async def _send(self, reply: Reply) -> None:
        markup = _keyboard(reply)
        chat_id = int(reply.chat_id) if reply.chat_id.lstrip("-").isdigit() else reply.chat_id
        if reply.private_to and reply.private_to != reply.chat_id:
            chat_id = int(reply.private_to)
        if reply.image is None:
            await self.bot.send_message(chat_id, reply.text[:4096], reply_markup=markup)
            return
        caption, rest = reply.text[:CAPTION_LIMIT], reply.text[CAPTION_LIMIT:]
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
            sent = await self.bot.send_photo(chat_id, reply.image, caption=caption, reply_markup=markup)
        if rest:
            await self.bot.send_message(chat_id, rest[:4096])
        if reply.game_id is not None and sent is not None and sent is not True:
            await self.service.board_posted(reply.game_id, str(sent.message_id))


def _keyboard(reply: Reply) -> InlineKeyboardMarkup | None:
    if not reply.choices:
        return None
    return InlineKeyboardMarkup(
        [[InlineKeyboardButton(choice.label, callback_data=choice.payload) for choice in row] for row in reply.choices]
    )


@dataclass(frozen=True)
class Webhook:
    """Where Telegram sends updates (``url``, https) and where this worker listens for them.

    Several workers behind one load balancer share the work: each listens on its own address,
    Telegram posts to the balancer's ``url``, and the database keeps them consistent.
    """

    url: str
    host: str = "0.0.0.0"
    port: int = 8443
    secret: str | None = None


async def run_telegram(service: Service, token: str, api_url: str | None, tick_every: float = 30.0,
                       webhook: Webhook | None = None) -> Application:  # type: ignore[type-arg]
    """Start receiving updates (polling, or ``webhook``) and the reminder clock; return the running
    application for :func:`stop_telegram`."""
    application = build_application(service, token, api_url)
    front: TelegramFront = application.bot_data["front"]
    await application.initialize()
    await front.register_commands()

    async def tick(context: ContextTypes.DEFAULT_TYPE) -> None:
        await front.send(await service.tick())

    if application.job_queue is not None:
        application.job_queue.run_repeating(tick, interval=tick_every, first=1)  # soon: the bot may owe moves
    await application.start()
    if application.updater is not None:
        if webhook is None:
            await application.updater.start_polling(poll_interval=0.0, timeout=10)
        else:
            await application.updater.start_webhook(
                listen=webhook.host, port=webhook.port, url_path=urlsplit(webhook.url).path.lstrip("/"),
                webhook_url=webhook.url, secret_token=webhook.secret,
            )
    return application


async def stop_telegram(application: Application) -> None:  # type: ignore[type-arg]
    """Stop polling, let running handlers finish, and shut the application down."""
    if application.updater is not None and application.updater.running:
        await application.updater.stop()
    if application.running:
        await application.stop()
    await application.shutdown()
