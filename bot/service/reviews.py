"""Reviews being made in this process: at most one per chat, each cancellable; what a finished one owes
its chat waits here for the front end (:meth:`~bot.service.Service.redeliver`), and in the outbox until
it arrives (another process sends it if this one dies)."""

from __future__ import annotations

import asyncio
import threading
from dataclasses import dataclass, field

from bot.service.events import Reply

PROGRESS = "review_progress"  # marks (in ``Reply.extra``) the message that a review's progress edits


@dataclass
class Reviews:
    running: dict[int, tuple[threading.Event, asyncio.Task[None]]] = field(default_factory=dict)
    ready: list[Reply] = field(default_factory=list)
    progress_messages: dict[tuple[str, str], str] = field(default_factory=dict)  # (platform, chat) → message id

    def busy(self, chat_id: int) -> bool:
        return chat_id in self.running

    def cancel(self, chat_id: int) -> bool:
        """Call off the chat's review; whether one was being made."""
        job = self.running.get(chat_id)
        if job is None:
            return False
        job[0].set()
        return True

    def take_ready(self) -> list[Reply]:
        """The replies of reviews finished since the last call."""
        ready, self.ready = self.ready, []
        return ready
