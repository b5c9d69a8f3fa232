"""Chats as the platforms change them (mixed into :class:`storage.sql.SqlStore`): who was seen writing in a chat (its
members, as far as the bot can know), and a chat that changes its platform id (a Telegram group upgraded to a
supergroup is the same chat under a new id, so everything of it follows in one transaction)."""

from __future__ import annotations

from collections.abc import Callable

from storage.driver import Driver, Statements

# Every column that names a chat by the store's id: all of it stays with the chat when its platform id changes.
CHAT_COLUMNS = (("games", "chat_id"), ("games", "guest_chat_id"), ("challenges", "chat_id"), ("outbox", "chat_id"),
                ("puzzle_sessions", "chat_id"), ("puzzle_days", "chat_id"), ("puzzle_history", "chat_id"),
                ("tournaments", "chat_id"), ("pages", "chat_id"), ("chat_members", "chat_id"))
# Rows keyed by the platform's chat id (answered questions, refused messages): renamed with it.
PLATFORM_KEYED = ("answered_questions", "refused_messages")


class ChatTable:
    _db: Driver
    _clock: Callable[[], float]

    async def note_member(self, chat_id: int, user_id: int) -> None:
        """The user was seen writing in the chat: one of its members, as far as the bot can know."""
        await self._db.execute("INSERT INTO chat_members (chat_id, user_id, seen_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                               (chat_id, user_id, self._clock()))

    async def is_member(self, chat_id: int, user_id: int) -> bool:
        """Whether the user was ever seen writing in the chat (or played or challenged there)."""
        if await self._db.fetch_one("SELECT 1 AS one FROM chat_members WHERE chat_id = ? AND user_id = ?",
                                    (chat_id, user_id)) is not None:
            return True
        return await self._db.fetch_one(  # a player of one of its games (accepted on a page, played only there)
            "SELECT 1 AS one FROM games WHERE (white_id = ? OR black_id = ?) AND (chat_id = ? OR guest_chat_id = ?) LIMIT 1",
            (user_id, user_id, chat_id, chat_id)) is not None

    async def move_chat(self, platform: str, old: str, new: str) -> int | None:
        """The chat ``old`` of ``platform`` is called ``new`` from now on; the store's id of the chat, or ``None`` when
        no chat ``old`` is known (moved already, by this process or another).

        A chat already seen under ``new`` (someone wrote there before the move was known) is merged into the moved
        one: its games, challenges and outbox go along, and what there can be only one of per chat (an open puzzle,
        a day's daily puzzle, the chat's page, an open tournament) gives way to the moved chat's.
        """
        async with self._db.transaction() as db:
            moved = await db.fetch_one("SELECT id FROM chats WHERE platform = ? AND platform_id = ?", (platform, old))
            if moved is None:
                return None
            chat_id = int(moved["id"])
            seen = await db.fetch_one("SELECT id FROM chats WHERE platform = ? AND platform_id = ?", (platform, new))
            if seen is not None:
                await _merge(db, into=chat_id, merged=int(seen["id"]))
            await db.execute("UPDATE chats SET platform_id = ? WHERE id = ?", (new, chat_id))
            for table in PLATFORM_KEYED:
                await db.execute(f"DELETE FROM {table} WHERE platform = ? AND chat_id = ?", (platform, new))
                await db.execute(f"UPDATE {table} SET chat_id = ? WHERE platform = ? AND chat_id = ?", (new, platform, old))
        return chat_id


async def _merge(db: Statements, *, into: int, merged: int) -> None:
    """Move chat ``merged``'s rows to chat ``into`` and drop ``merged``; where both may not have one, ``into``'s stays."""
    await db.execute("DELETE FROM pages WHERE kind = 'chat' AND ref = ?", (merged,))
    await db.execute("DELETE FROM puzzle_days WHERE chat_id = ? AND day IN (SELECT day FROM puzzle_days WHERE chat_id = ?)",
                     (merged, into))
    if await db.fetch_one("SELECT chat_id FROM puzzle_sessions WHERE chat_id = ?", (into,)) is not None:
        await db.execute("DELETE FROM puzzle_sessions WHERE chat_id = ?", (merged,))
    if await db.fetch_one("SELECT id FROM tournaments WHERE chat_id = ? AND status IN ('open', 'running')", (into,)):
        await db.execute("UPDATE tournaments SET status = 'cancelled' WHERE chat_id = ? AND status IN ('open', 'running')",
                         (merged,))
    await db.execute("DELETE FROM chat_members WHERE chat_id = ? AND user_id IN (SELECT user_id FROM chat_members"
                     " WHERE chat_id = ?)", (merged, into))
    for table, column in CHAT_COLUMNS:
        await db.execute(f"UPDATE {table} SET {column} = ? WHERE {column} = ?", (into, merged))
    await db.execute("DELETE FROM chats WHERE id = ?", (merged,))
