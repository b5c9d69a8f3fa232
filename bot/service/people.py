"""The people directory: users and chats, remembered by this process, and the built-in opponent's user."""

from __future__ import annotations

import logging
import time
from typing import Any

from ai import LEVELS
from bot.service.events import DIRECT
from bot.service.lru import Recent
from storage import Chat, GameRow, SqlStore, User

log = logging.getLogger(__name__)

CACHED_PEOPLE = 5000  # users and chats kept in memory
FRESH_FOR = 2.0  # seconds a user read from a shared database is used again (another process may change them)


DIRECT_CHAT = "direct_chat"  # a user's preference: the store id of their private chat with the bot, once seen


def level_of(bot: User, ai_level: str | None = None) -> str:
    """The level the built-in opponent's user ``bot`` plays at (each level is a user of its own), else the game's
    ``ai_level``, else ``normal``."""
    return bot.platform_id if bot.platform_id in LEVELS else ai_level or "normal"


class People:
    """The only owner of the user and chat caches. With ``fresh`` (a shared database), a user is read from
    the database again once :data:`FRESH_FOR` seconds have passed, since other processes change them."""

    def __init__(self, store: SqlStore, *, fresh: bool = False) -> None:
        self._store = store
        self._fresh = fresh
        self._users: Recent[int, User] = Recent(CACHED_PEOPLE)
        self._read_at: Recent[int, float] = Recent(CACHED_PEOPLE)  # when each user was read from the database
        self._user_ids: Recent[tuple[str, str], int] = Recent(CACHED_PEOPLE)
        self._chats: Recent[tuple[str, str], Chat] = Recent(CACHED_PEOPLE)
        self._members: Recent[tuple[int, int], bool] = Recent(CACHED_PEOPLE)  # (chat, user) known to have written there

    async def user(self, platform: str, platform_id: str, name: str) -> User:
        """The user, created on first sight; from memory when seen before with the same name."""
        known = self._cached(platform, platform_id)
        if known is not None and known.name == (name or known.name):
            return known
        return self._remember(await self._store.user(platform, platform_id, name))

    async def introduce(self, platform: str, platform_id: str, name: str) -> User:
        """Make a user known before they write (a front end or the terminal saw them named)."""
        return await self.user(platform, platform_id, name)

    async def by_id(self, user_id: int) -> User:
        """The user with this database id."""
        known = self._users.get(user_id)
        if known is not None and self._fresh and time.monotonic() - (self._read_at.get(user_id) or 0.0) > FRESH_FOR:
            known = None
        return known if known is not None else self._remember(await self._store.user_by_id(user_id))

    async def known(self, platform: str, platform_id: str) -> User | None:
        """The user with this platform id if they were ever seen, else ``None``."""
        known = self._cached(platform, platform_id)
        return known if known is not None else await self._store.find_user(platform, platform_id)

    async def find(self, platform: str, name_or_id: str) -> User | None:
        """A user of ``platform`` by display name or platform id, or ``None``."""
        return await self._store.find_user(platform, name_or_id)

    async def set_language(self, user_id: int, language: str) -> User:
        return self._remember(await self._store.set_user(user_id, language=language))

    async def set_prefs(self, user_id: int, prefs: dict[str, Any]) -> User:
        """Merge ``prefs`` into the user's preferences (``None`` values included) and remember the result."""
        return self._remember(await self._store.set_user(user_id, prefs=prefs))

    async def bot(self, level: str) -> User:
        """The built-in opponent at ``level``: each level is a player of its own, with its own ratings."""
        return await self.user("bot", level, f"Bot ({level})")

    async def is_bot(self, user_id: int) -> bool:
        """Whether the user is the built-in opponent (at any level)."""
        return (await self.by_id(user_id)).is_bot

    async def names(self, row: GameRow) -> dict[str, str]:
        """The players' display names by side (the bot with its level)."""
        return await self.names_of(row.white_id, row.black_id, row.ai_level)

    async def names_of(self, white_id: int, black_id: int, ai_level: str | None) -> dict[str, str]:
        """The display names by side of a game between these users (the bot with its level)."""
        names = {}
        for side, user_id in (("white", white_id), ("black", black_id)):
            user = await self.by_id(user_id)
            names[side] = f"Bot ({level_of(user, ai_level)})" if user.is_bot else user.name
        return names

    async def chat(self, platform: str, platform_id: str) -> Chat:
        known = self._chats.get((platform, platform_id))
        if known is None:
            known = self._chats[(platform, platform_id)] = await self._store.chat(platform, platform_id)
        return known

    async def direct_chat(self, user: User) -> Chat:
        """The chat in which the bot writes to ``user`` alone on their platform: their private chat with it, once they
        have written there, else the address the front end opens one at (see :data:`DIRECT`)."""
        known = user.prefs.get(DIRECT_CHAT)
        if isinstance(known, int):
            return await self.chat_by_id(known)
        return await self.chat(user.platform, DIRECT + user.platform_id)

    async def chats_within(self, platform: str, platform_id: str) -> list[Chat]:
        """The chat and every chat within it (a forum's topics), those the bot has seen."""
        return await self._store.chats_within(platform, platform_id)

    async def seen_writing(self, chat: Chat, user: User) -> None:
        """``user`` wrote in ``chat`` (a group): one of its members (kept once per process and pair)."""
        if (chat.id, user.id) not in self._members:
            await self._store.note_member(chat.id, user.id)
            self._members[(chat.id, user.id)] = True

    async def is_member(self, chat_id: int, user_id: int) -> bool:
        """Whether the user was seen writing in the chat (or played or challenged there)."""
        return (chat_id, user_id) in self._members or await self._store.is_member(chat_id, user_id)

    async def move_chat(self, platform: str, old: str, new: str) -> None:
        """Chat ``old`` of ``platform`` is called ``new`` from now on (see :meth:`storage.SqlStore.move_chat`)."""
        moved = await self._store.move_chat(platform, old, new)
        self._chats.pop((platform, old), None)
        self._chats.pop((platform, new), None)
        if moved is not None:
            log.info("chat %s of %s is %s now", old, platform, new, extra={"chat": new})

    async def chat_by_id(self, chat_id: int) -> Chat:
        return await self._store.chat_by_id(chat_id)

    async def set_chat(self, chat_id: int, settings: dict[str, Any]) -> Chat:
        chat = await self._store.set_chat(chat_id, settings)
        self._chats[(chat.platform, chat.platform_id)] = chat
        return chat

    def _cached(self, platform: str, platform_id: str) -> User | None:
        user_id = self._user_ids.get((platform, platform_id))
        return None if user_id is None else self._users.get(user_id)

    def _remember(self, user: User) -> User:
        self._users[user.id] = user
        self._read_at[user.id] = time.monotonic()
        self._user_ids[(user.platform, user.platform_id)] = user.id
        return user
