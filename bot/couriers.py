"""The front ends running in this process, by platform, so that a reply made elsewhere reaches its chat.

A move made on a web page owes its chat a board (an outbox item). The web front end hands it to the courier of the
chat's platform when that front end runs in this process; otherwise the item is marked unsent, and whichever process
runs that platform sends it on its next look at the outbox (``Service.redeliver``). Nothing is lost either way.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence

from bot.service import Reply, Service
from bot.service.lanes import FairLanes

log = logging.getLogger(__name__)

Send = Callable[[list[Reply]], Awaitable[None]]
OWED = "owed"  # who sends in a chat's turn what no message of it brought (the outbox, the clocks, the pages)


async def send_in_turn(lanes: FairLanes[str], service: Service, replies: Sequence[Reply],
                       send: Callable[[Reply], Awaitable[None]]) -> None:
    """``send`` each reply made outside its chat's turn (what the outbox owes again, the clocks' notices, a move on a
    page) in that turn, as one more sender of the chat's lane, and only while it is still owed: a board sent meanwhile
    by a newer one's turn is never sent after it."""
    for reply in replies:
        async with lanes.hold(reply.chat_id, OWED):
            if await service.still_owed(reply):
                await send(reply)


class Couriers:
    """Each platform's sender in this process (``send(replies)`` posts them and reports each to the service)."""

    def __init__(self) -> None:
        self._senders: dict[str, Send] = {}
        self._sending: set[asyncio.Task[None]] = set()

    def add(self, platform: str, send: Send) -> None:
        """``send`` delivers the replies for ``platform``'s chats from now on."""
        self._senders[platform] = send

    def remove(self, platform: str) -> None:
        self._senders.pop(platform, None)

    def hand_over(self, service: Service, replies: Sequence[Reply]) -> None:
        """:meth:`deliver` the replies without waiting for it: a platform may hold a chat's messages back for
        seconds (Telegram's 20 a minute in a group), and the page that made the move need not wait for that."""
        if not replies:
            return
        task = asyncio.create_task(self.deliver(service, list(replies)))
        self._sending.add(task)
        task.add_done_callback(self._sending.discard)

    async def settle(self, timeout: float = 1.0) -> None:
        """Let what was handed over finish for up to ``timeout`` seconds, then stop it (before the front ends and the
        database close; the outbox sends the rest after the restart)."""
        if self._sending:
            _, late = await asyncio.wait(set(self._sending), timeout=timeout)
            for task in late:
                task.cancel()
            await asyncio.gather(*late, return_exceptions=True)

    async def deliver(self, service: Service, replies: Sequence[Reply]) -> None:
        """Send each reply through its platform's front end here, or leave it to the outbox (marked unsent, so any
        process running that platform sends it soon)."""
        for platform in dict.fromkeys(r.platform for r in replies):
            mine = [r for r in replies if r.platform == platform]
            send = self._senders.get(platform)
            if send is not None:
                try:
                    await send(mine)
                    continue
                except Exception:  # a front end that fails here must not lose the board: the outbox has it
                    log.exception("the %s front end could not send a page's replies; the outbox sends them", platform)
            for reply in mine:
                await service.unsent(reply)
