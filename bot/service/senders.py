"""What the dispatcher remembers of each sender: how fast they write (the rate limit) and their last refused message
(an edit of it is a correction, acted on)."""

from __future__ import annotations

from collections import defaultdict, deque
from collections.abc import Callable

from bot.service.lru import Recent
from bot.service.outbox import Outbox

KEPT = 10_000  # senders remembered before quiet ones are forgotten
Sender = tuple[str, str, str]  # platform, chat, user


class RateLimit:
    """At most ``limit`` events per sender in any ``window`` seconds; a flooding sender is told once a window."""

    def __init__(self, limit: int, window: float, clock: Callable[[], float]) -> None:
        self.limit, self.window, self._clock = limit, window, clock
        self._recent: defaultdict[tuple[str, str], deque[float]] = defaultdict(deque)
        self._told: dict[tuple[str, str], float] = {}  # when each flooding sender was last told to slow down

    def wait(self, platform: str, user_id: str) -> int | None:
        """``None`` when the sender may go on (counted); else the seconds until they may, or 0 when they were told so
        already in this window."""
        now = self._clock()
        if len(self._recent) > KEPT:  # forget those who have been quiet for a window
            for key in [k for k, times in self._recent.items() if not times or times[-1] <= now - self.window]:
                del self._recent[key]
                self._told.pop(key, None)
        key = (platform, user_id)
        recent = self._recent[key]
        while recent and recent[0] <= now - self.window:
            recent.popleft()
        if len(recent) < self.limit:
            recent.append(now)
            return None
        if self._told.get(key, -1.0) > now - self.window:
            return 0
        self._told[key] = now
        return max(1, int(recent[0] + self.window - now + 0.999))


class Refusals:
    """Each sender's last refused message, in this process and (for webhook workers, other processes) the outbox."""

    def __init__(self, outbox: Outbox, shared: bool) -> None:
        self._outbox, self._shared = outbox, shared
        self._kept: Recent[Sender, str] = Recent(KEPT)

    async def last(self, sender: Sender) -> str | None:
        """The sender's last refused message: this process's memory, else what any process noted."""
        return self._kept.get(sender) or await self._outbox.last_refusal(*sender)

    async def note(self, sender: Sender, message_id: str | None) -> None:
        """Remember the sender's refused message (``None``: their last message was acted on) where every process sees
        it; a sender who was never refused costs no write on a database of its own."""
        if message_id is not None:
            self._kept[sender] = message_id
        elif self._kept.pop(sender, None) is None and not self._shared:
            return
        await self._outbox.note_refusal(*sender, message_id)
