"""The open challenges of the chats: the only user of the store's challenge table besides the games repository."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from bot.service.context import Context
from bot.service.ids import read_id
from storage import Challenge, ConflictError, NotFoundError, Outgoing, SqlStore


class OpenChallenges:
    """Open challenges of the chats (the only user of the store's challenge table)."""

    def __init__(self, store: SqlStore, *, most: int = 3) -> None:
        self._store = store
        self.most = most  # open challenges per user and chat

    async def create(self, chat_id: int, game: str, options: dict[str, Any], challenger: int, target: int | None,
                     level: str | None, colour: str, time_per_move: int | None, rated: bool = True,
                     owe: Callable[[int], list[Outgoing]] | None = None) -> tuple[Challenge, int]:
        """The new challenge (written with what ``owe`` makes from its id), and how many of the challenger's older
        ones in the chat it replaced (at most :attr:`most` stay open)."""
        replaced = 0
        if level is None:  # a challenge to the bot starts its game at once: it never waits
            waiting = await self._store.open_challenges_of(chat_id, challenger)
            for old in waiting[: max(0, len(waiting) - self.most + 1)]:
                with contextlib.suppress(ConflictError):
                    await self._store.close_challenge(old.id, "replaced")
                    replaced += 1
        made = await self._store.create_challenge(chat_id, game, options, challenger, target, level, colour, time_per_move,
                                                  rated, owe)
        return made, replaced

    async def by_number(self, challenge_id: int) -> Challenge:
        """The challenge ``challenge_id`` in any state (:class:`NotFoundError` when there is none)."""
        return await self._store.challenge(challenge_id)

    async def open_in(self, chat_id: int) -> list[Challenge]:
        """The chat's open challenges, oldest first."""
        return await self._store.open_challenges(chat_id)

    async def older_than(self, created: float) -> list[Challenge]:
        """Open challenges made before ``created``."""
        return await self._store.challenges_older_than(created)

    async def close_owing(self, challenge: Challenge, status: str, announcement: Outgoing) -> bool:
        """Close ``challenge`` with ``status`` (expired, declined), owing ``announcement``; whether it was still open."""
        return await self._store.close_challenge_owing(challenge.id, status, [announcement])

    async def close(self, challenge_id: int, status: str) -> None:
        await self._store.close_challenge(challenge_id, status)

    async def find(self, ctx: Context, rest: str, *, answering: bool) -> Challenge | None:
        """The challenge ``#N`` of this chat (or of the chat whose page the sender acts on), or the one the sender most
        likely means. A challenge to the sender (made in another chat, on another platform say) is theirs to answer
        from anywhere: by its number, or from their private chat."""
        number = read_id(rest)
        if number is not None:
            try:
                found = await self._store.challenge(number)
            except NotFoundError:
                return None
            shown = found.chat_id in (ctx.chat.id, ctx.event.page_of)  # here, or on this chat's page
            to_sender = answering and found.target_id == ctx.user.id
            return found if found.status == "open" and (shown or to_sender) else None
        candidates = await self._store.open_challenges(ctx.chat.id)
        if answering and ctx.event.is_private:
            candidates += [c for c in await self._store.open_challenges_to(ctx.user.id) if c.chat_id != ctx.chat.id]
        if answering:
            mine = [c for c in candidates if c.target_id == ctx.user.id]
            others = [c for c in candidates if c.target_id is None and c.challenger_id != ctx.user.id]
            candidates = mine or others or [c for c in candidates if c.challenger_id != ctx.user.id]
        else:
            candidates = [c for c in candidates if c.challenger_id == ctx.user.id]
        return candidates[-1] if candidates else None
