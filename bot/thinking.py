"""A "typing…" notice while an answer takes long (the built-in opponent thinking), for the chat front ends."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TypeVar

log = logging.getLogger(__name__)
T = TypeVar("T")

AFTER = 1.0  # seconds before the notice appears: quick answers need none
EVERY = 4.5  # platforms show it for about five seconds


async def while_thinking(work: Awaitable[T], notify: Callable[[], Awaitable[object]], after: float = AFTER,
                         every: float = EVERY) -> T:
    """The result of ``work``; while it runs longer than ``after`` seconds, ``notify`` is called every ``every``
    seconds (a failing notice is only logged: it must never cost the answer)."""
    task = asyncio.ensure_future(work)
    try:
        done, _ = await asyncio.wait({task}, timeout=after)
        while not done:
            try:
                await notify()
            except Exception as exc:
                log.debug("could not show that the bot is thinking: %s", exc)
            done, _ = await asyncio.wait({task}, timeout=every)
        return task.result()
    finally:
        if not task.done():
            task.cancel()
