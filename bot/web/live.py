"""Open pages following their games: one queue per open page, fed when a game changes.

A change is heard from this process's own writes (``Games.watchers``) and, on PostgreSQL, from the other
processes' (``LISTEN``). Either way it carries only the game and its new version: the hub asks the database for
the game once, draws the update once, and hands the same bytes to every page open on that game. A page that falls
behind (its queue full) is closed; the browser reconnects and catches up by its ``Last-Event-ID``.
"""

from __future__ import annotations

import asyncio
import logging
from collections import defaultdict
from collections.abc import Awaitable, Callable

log = logging.getLogger("web")

QUEUE = 16  # updates a page may have waiting before it is dropped (and reconnects)

#: Draws the update of a game for its pages in one language: (game id, language) → the event's bytes, or ``None``
#: when the game has no page any more.
Update = Callable[[int, str], Awaitable[bytes | None]]


class Hub:
    """The open pages of every game, and what they are told when it changes."""

    def __init__(self, update: Update) -> None:
        self._update = update
        self._pages: defaultdict[int, dict[asyncio.Queue[bytes | None], str]] = defaultdict(dict)  # → its language
        self._seen: dict[int, int] = {}  # the latest version each game's pages were told of
        self._pending: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()  # games changed again while their update was being drawn

    def open(self, game_id: int, language: str) -> asyncio.Queue[bytes | None]:
        """A queue for a page newly open on the game (close it with :meth:`close`): the updates' bytes, and
        ``None`` when the page's stream must end (the page was taken down, or it fell behind)."""
        queue: asyncio.Queue[bytes | None] = asyncio.Queue(QUEUE)
        self._pages[game_id][queue] = language
        return queue

    def close(self, game_id: int, queue: asyncio.Queue[bytes | None]) -> None:
        pages = self._pages.get(game_id)
        if pages is not None:
            pages.pop(queue, None)
            if not pages:  # nobody watches it: forgotten (the next page starts from what it reads itself)
                del self._pages[game_id]
                self._seen.pop(game_id, None)

    def end_all(self) -> None:
        """End every open page's stream (the server is stopping: the pages reconnect to whichever serves them next)."""
        for game_id, pages in list(self._pages.items()):
            for queue in list(pages):
                self.close(game_id, queue)
                while not queue.empty():
                    queue.get_nowait()
                queue.put_nowait(None)

    def watching(self, game_id: int) -> int:
        """How many pages are open on the game."""
        return len(self._pages.get(game_id, ()))

    def changed(self, game_id: int | None, version: int | None) -> None:
        """Game ``game_id`` has ``version`` now (game ``None``: any game may have changed; version ``None``: the game
        has something new to show at the same version, its review): tell its open pages. Called from the event loop's
        thread; returns at once."""
        if game_id is None:
            for known in list(self._pages):
                self._schedule(known)
            return
        if version is None:
            if game_id in self._pages:
                self._schedule(game_id)
            return
        if game_id not in self._pages or self._seen.get(game_id, 0) >= version:
            return
        self._seen[game_id] = version
        self._schedule(game_id)

    def _schedule(self, game_id: int) -> None:
        if game_id in self._pending:  # an update is being drawn: another follows it, reading the game anew
            self._again.add(game_id)
            return
        self._pending[game_id] = asyncio.get_running_loop().create_task(self._publish(game_id))

    async def _publish(self, game_id: int) -> None:
        try:
            while True:
                self._again.discard(game_id)
                for language in sorted(set(self._pages.get(game_id, {}).values())):
                    try:
                        event = await self._update(game_id, language)
                    except Exception:
                        log.exception("could not draw game %d's update for its pages", game_id)
                        continue
                    self._deliver(game_id, language, event)
                if game_id not in self._again:
                    return
        finally:
            self._pending.pop(game_id, None)

    def _deliver(self, game_id: int, language: str, event: bytes | None) -> None:
        for queue, wanted in list(self._pages.get(game_id, {}).items()):
            if wanted != language:
                continue
            try:
                queue.put_nowait(event)  # None: the page was taken down
            except asyncio.QueueFull:  # too slow: its stream ends; it reconnects and asks for what it missed
                self.close(game_id, queue)
                while not queue.empty():
                    queue.get_nowait()
                queue.put_nowait(None)
