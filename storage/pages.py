"""The web pages' addresses (mixed into :class:`storage.sql.SqlStore`): an unguessable token for each game shown
on the web (``kind`` ``game``) and for each chat's list of games (``chat``), taken down with the chat's pages."""

from __future__ import annotations

import secrets
from collections.abc import Callable

from storage.driver import Driver

KINDS = ("game", "chat")


def new_token() -> str:
    """A fresh page token: 128 random bits, URL-safe (22 characters)."""
    return secrets.token_urlsafe(16)


class PageTable:
    _db: Driver
    _clock: Callable[[], float]

    async def page_token(self, kind: str, ref: int, chat_id: int) -> str:
        """The token of the page of game (or chat) ``ref``, made on first asking; the same for every process."""
        if kind not in KINDS:
            raise ValueError(f"a page is of a game or a chat, not {kind!r}")
        row = await self._db.fetch_one("SELECT token FROM pages WHERE kind = ? AND ref = ?", (kind, ref))
        if row is not None:  # the usual case: read, nothing written
            return str(row["token"])
        await self._db.execute(
            "INSERT INTO pages (token, kind, ref, chat_id, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (kind, ref) DO NOTHING",
            (new_token(), kind, ref, chat_id, self._clock()))
        row = await self._db.fetch_one("SELECT token FROM pages WHERE kind = ? AND ref = ?", (kind, ref))
        assert row is not None
        return str(row["token"])

    async def page_of(self, token: str) -> tuple[str, int, int] | None:
        """(kind, ref, chat id) of the page ``token`` names, or ``None`` for no such page."""
        row = await self._db.fetch_one("SELECT kind, ref, chat_id FROM pages WHERE token = ?", (token,))
        return None if row is None else (str(row["kind"]), int(row["ref"]), int(row["chat_id"]))

    async def drop_pages(self, chat_id: int) -> int:
        """Take down every page of the chat (its games' and its list): their tokens never work again. How many."""
        return await self._db.execute("DELETE FROM pages WHERE chat_id = ?", (chat_id,))
