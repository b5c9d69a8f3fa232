"""What the service owes the chats: outbox items written with the changes that owe them.

A change that others must see (a move's board, a reminder, an offer, an announcement) passes its
items to :class:`~bot.service.games.Games`, which writes them in the change's own transaction;
:mod:`bot.service.delivery` turns the items that were not delivered into replies again.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.service.context import chat_reply
from bot.service.events import ENDS, Choice, Reply
from bot.service.people import People
from bot.service.texts import Words
from storage import Chat, Delivery, GameRow, Outgoing, SqlStore, User

Choices = tuple[tuple[Choice, ...], ...]


def board(chat_id: int, game_id: int | None, ply: int, lines: list[str], language: str) -> Outgoing:
    """The board of game ``game_id`` (``None``: the game being created) after ``ply`` moves, captioned with
    ``lines`` (what happened) in ``language``, for the chat with store id ``chat_id``."""
    return Outgoing(chat_id, "board", {"ply": ply, "lines": list(lines), "language": language}, game_id)


def review(chat_id: int, game_id: int, language: str) -> Outgoing:
    """The finished review of game ``game_id``, for the chat with store id ``chat_id``, in ``language``."""
    return Outgoing(chat_id, "review", {"language": language}, game_id)


CHALLENGE_NOTICE = "challenge_notice"  # marks (in ``Reply.extra``) a challenge sent to its target's private chat
PRIVATE_NOTICE = "private_notice"  # marks a notice sent to a person's private chat: "<user id>:<the game's chat id>"


def text(chat_id: int, message: str, language: str, *, mentions: Sequence[str] = (), choices: Choices = (),
         game_id: int | None = None, challenge: int | None = None, ends: bool = False,
         private_to: tuple[int, int | None] | None = None) -> Outgoing:
    """A message (already in the reader's words) to the chat with store id ``chat_id``, notifying ``mentions``;
    ``challenge`` marks the notice of that challenge to its target; ``ends``: the words end game ``game_id``;
    ``private_to``: a notice to that user's private chat, and the chat it goes to if that chat refuses it for good (or
    ``None``: nowhere else)."""
    body: dict[str, Any] = {"text": message, "language": language}
    if private_to is not None:
        body["private_to"] = list(private_to)
    if ends:
        body["ends"] = True
    if challenge is not None:
        body["challenge"] = challenge
    if mentions:
        body["mentions"] = list(dict.fromkeys(mentions))
    if choices:
        body["choices"] = [[[c.label, c.payload] for c in row] for row in choices]
    return Outgoing(chat_id, "text", body, game_id)


def game_texts(row: GameRow, message: str, language: str, *, mention: User | None = None,
               choices: Choices = (), ends: bool = False) -> list[Outgoing]:
    """The message about game ``row`` for each chat it is played in, notifying ``mention`` in the chat they play
    from (a user of one platform cannot be named on another)."""
    return [text(chat_id, message, language, choices=choices, game_id=row.id, ends=ends,
                 mentions=[mention.platform_id] if mention is not None and row.chat_of(mention.id) == chat_id else [])
            for chat_id in row.chats]


async def text_replies(people: People, items: Sequence[Outgoing]) -> list[Reply]:
    """The replies that deliver the ``text`` items ``items``, each to its own chat."""
    return [text_reply(await people.chat_by_id(item.chat_id), item) for item in items]


def choices_of(body: dict[str, Any]) -> Choices:
    """The buttons a ``text`` item's body carries."""
    return tuple(tuple(Choice(label, payload) for label, payload in row) for row in body.get("choices", []))


def text_reply(chat: Chat, item: Outgoing | Delivery) -> Reply:
    """The reply that delivers the ``text`` item ``item`` to ``chat``."""
    body = item.body
    mentions = (*([body["mention"]] if body.get("mention") else []), *body.get("mentions", ()))  # "mention": older items
    extra = {CHALLENGE_NOTICE: str(body["challenge"])} if body.get("challenge") else {}
    if body.get("ends"):
        extra[ENDS] = "1"
    if body.get("private_to"):
        person, fallback = body["private_to"]
        extra[PRIVATE_NOTICE] = f"{person}:{'' if fallback is None else fallback}"
    return chat_reply(chat, Words(str(body["language"])), str(body["text"]), mentions=mentions,
                      choices=choices_of(body), delivery=item.id, extra=extra)


SEEN_UPDATES_KEPT = 86_400.0  # seconds an update id is remembered against a second delivery
DELIVERED_KEPT = 30 * 86_400.0  # seconds a sent outbox item is kept (for an operator looking into what was sent)
ANSWERS_KEPT = 90 * 86_400.0  # seconds an answered question's buttons stay dead in the database


class Outbox:
    """The outbox as the service uses it: claim what is due, and note what was (not) delivered."""

    def __init__(self, store: SqlStore, *, shared: bool) -> None:
        self._store = store
        self._shared = shared
        self._started = False

    async def due(self, limit: int = 20, platform: str | None = None) -> list[Delivery]:
        """Items whose sending failed or whose process died (for ``platform``'s chats, when given), claimed for this
        process. The first call of a process that alone uses the database takes every pending item at once (a
        restart sends them now)."""
        if not self._started:
            self._started = True
            if not self._shared:
                await self._store.release_claims()
        return await self._store.claim_due(limit, platform)

    async def delivered(self, item_id: int) -> None:
        await self._store.delivered(item_id)

    async def undelivered(self, item_id: int, *, permanent: bool = False) -> None:
        await self._store.undelivered(item_id, permanent=permanent)

    async def still_pending(self, item_id: int) -> bool:
        return await self._store.still_pending(item_id)

    async def owe(self, items: list[Outgoing]) -> None:
        """Owe ``items`` on their own (what no change of a game or challenge owes)."""
        await self._store.owe_now(items)

    async def first_sight(self, platform: str, update_id: str) -> bool:
        """Whether no process has seen this update of ``platform`` before (webhooks may deliver one twice)."""
        return await self._store.first_sight(platform, update_id)

    async def forget_updates(self, older_than: float) -> None:
        await self._store.forget_updates(older_than)

    async def forget_old(self, now: float) -> None:
        """What is kept only for a while: update ids a day, sent outbox items :data:`DELIVERED_KEPT`, answered
        questions :data:`ANSWERS_KEPT`."""
        await self._store.forget_updates(now - SEEN_UPDATES_KEPT)
        await self._store.forget_delivered(now - DELIVERED_KEPT)
        await self._store.forget_answers(now - ANSWERS_KEPT)

    async def mark_read(self, platform: str, chat_id: str, message_id: str) -> None:
        await self._store.mark_read(platform, chat_id, message_id)

    async def channel_marks(self, platform: str, chat_ids: list[str]) -> dict[str, str]:
        return await self._store.channel_marks(platform, chat_ids)

    async def marked_channels_of_games(self, platform: str) -> dict[str, str]:
        return await self._store.marked_channels_of_games(platform)

    async def question_answered(self, platform: str, chat_id: str, message_id: str) -> bool:
        """Whether the question in that message was answered (by a press in any process): its buttons are dead."""
        return await self._store.question_answered(platform, chat_id, message_id)

    async def answer_question(self, platform: str, chat_id: str, message_id: str) -> None:
        await self._store.answer_question(platform, chat_id, message_id)

    async def last_refusal(self, platform: str, chat_id: str, user_id: str) -> str | None:
        """The sender's last refused message in the chat, as any process noted it."""
        return await self._store.last_refusal(platform, chat_id, user_id)

    async def note_refusal(self, platform: str, chat_id: str, user_id: str, message_id: str | None) -> None:
        await self._store.note_refusal(platform, chat_id, user_id, message_id)
