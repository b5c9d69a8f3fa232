"""Telegram's side of sending: a reply posted where it belongs (a chat, a forum topic, a player's private chat, an
inline game's message), with its buttons, its picture and the mentions that notify; what does not fit a caption
follows it. :class:`~bot.telegram_app.TelegramFront` sends with it."""

from __future__ import annotations

import logging
import re
from typing import Any
from urllib.parse import urlsplit

from telegram import (
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InputMediaPhoto,
    LinkPreviewOptions,
    Message,
    MessageEntity,
    ReplyParameters,
    WebAppInfo,
)
from telegram import User as TelegramUser
from telegram.error import BadRequest, Forbidden, TelegramError

from bot.service import DIRECT, ENDS, TO_MOVE, Reply, Service
from bot.splitting import pieces

log = logging.getLogger(__name__)

CAPTION_LIMIT = 1024
TEXT_LIMIT = 4096
INLINE = "inline:"  # the service's chat of one inline message (a game started with @bot in any chat) lives there
TOPIC = "/"  # a forum topic's chat is the supergroup's and the topic's ids: "-1001234/7"
NO_PREVIEW = LinkPreviewOptions(is_disabled=True)  # a secret link is opened by its reader alone, never by a preview


def chat_of_topic(chat_id: int, topic: int | None) -> str:
    """The service's chat for a Telegram chat, or one of its forum topics (each topic a chat of its own: its games,
    its puzzle, its settings; every message to it must name the topic, or Telegram posts it in General).

    >>> chat_of_topic(-1001, 7), chat_of_topic(-1001, None)
    ('-1001/7', '-1001')
    """
    return f"{chat_id}{TOPIC}{topic}" if topic is not None else str(chat_id)


def where(chat_id: str) -> tuple[int | str, int | None]:
    """Telegram's id of the service's chat ``chat_id`` (a user's private chat has the user's id), and its forum topic.

    >>> where("-1001/7"), where("-100"), where(DIRECT + "11")
    ((-1001, 7), (-100, None), (11, None))
    """
    chat, _, topic = chat_id.removeprefix(DIRECT).partition(TOPIC)
    return (int(chat) if chat.lstrip("-").isdigit() else chat), (int(topic) if topic.isdigit() else None)


class TelegramPosting:
    """Posting replies for a front end that has ``bot``, ``service``, ``mini_app`` and ``picture_chat``."""

    service: Service
    mini_app: str | None
    picture_chat: int | None

    @property
    def bot(self) -> Any:
        raise NotImplementedError

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
        if reply.image is not None or reply.choices or reply.extra.get(ENDS):  # an abort: over the board, no buttons
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


    async def _send(self, reply: Reply) -> str | None:
        """Post ``reply``; the id of the message that shows it. A private notice goes to the user's private chat,
        or (when Telegram refuses: they never started the bot) into the chat as an answer to their message, unless it
        is secret (a sign-in link, a lesson: then nowhere); a question the player must answer goes into the chat, unless it
        is secret."""
        if reply.chat_id.startswith(INLINE):
            return await self._send_inline(reply)
        chat_id, topic = where(reply.chat_id)
        answer_to = int(reply.answer_to) if reply.answer_to and reply.answer_to.isdigit() else None
        if reply.private_to and reply.private_to != reply.chat_id and (not reply.choices or reply.secret):
            try:
                sent = await self._post(int(reply.private_to), reply, None, None)
            except Forbidden:
                if reply.secret:
                    await self._tell_chat(reply, arrived=False)
                    raise
                log.info("user %s has no private chat with the bot: answering in chat %s", reply.private_to, chat_id)
            else:
                await self._tell_chat(reply, arrived=True)
                return sent
        return await self._post(chat_id, reply, answer_to, topic)

    async def _tell_chat(self, reply: Reply, *, arrived: bool) -> None:
        """What the chat is told of a private message that ``arrived`` there (or could not be sent), if anything."""
        telling = reply.telling(arrived)
        if telling is not None:
            try:
                chat_id, topic = where(telling.chat_id)
                await self._post(chat_id, telling, int(reply.answer_to) if reply.answer_to else None, topic)
            except TelegramError as exc:
                log.info("could not tell chat %s about a private message: %s", reply.chat_id, exc)

    async def _post(self, chat_id: int | str, reply: Reply, answer_to: int | None, topic: int | None) -> str | None:
        """Post ``reply`` in Telegram's chat ``chat_id`` (in its forum ``topic``, if any), answering message
        ``answer_to``; the id of the message that shows it (an earlier one edited, where the reply asks it)."""
        markup = self._keyboard(reply, chat_id)
        answering = ReplyParameters(answer_to, allow_sending_without_reply=True) if answer_to else None
        if reply.animation is not None:  # a replay: an animation that plays in the chat
            caption, rest = _caption(reply.text)
            animated = await self.bot.send_animation(chat_id, reply.animation, filename="replay.gif", caption=caption,
                                                     reply_markup=markup, reply_parameters=answering,
                                                     message_thread_id=topic)
            await self._post_rest(chat_id, rest, topic)
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
                                                   link_preview_options=NO_PREVIEW if reply.secret else None,
                                                   message_thread_id=topic)
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
                                             reply_parameters=answering, caption_entities=await self._mentions(reply, caption),
                                             message_thread_id=topic)
        await self._post_rest(chat_id, rest, topic)
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

    async def _post_rest(self, chat_id: int | str, rest: str, topic: int | None) -> None:
        """What did not fit into a caption, as messages after the picture."""
        for part in pieces(rest, TEXT_LIMIT) if rest else []:
            await self.bot.send_message(chat_id, part, message_thread_id=topic)


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
