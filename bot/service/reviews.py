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
    tasks: set[asyncio.Task[None]] = field(default_factory=set)  # every review not yet ended, called off or not
    ready: list[Reply] = field(default_factory=list)
    progress_messages: dict[tuple[str, str], str] = field(default_factory=dict)  # (platform, chat) → message id

    def start(self, chat_id: int, cancel: threading.Event, task: asyncio.Task[None]) -> None:
        """Note the chat's review being made by ``task``, which ``cancel`` calls off."""
        self.running[chat_id] = (cancel, task)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def busy(self, chat_id: int) -> bool:
        return chat_id in self.running

    def cancel(self, chat_id: int) -> bool:
        """Call off the chat's review (the chat may ask for another at once); whether one was being made."""
        job = self.running.pop(chat_id, None)
        if job is None:
            return False
        job[0].set()
        return True

    def finished(self, chat_id: int, cancel: threading.Event) -> None:
        """The review that ``cancel`` calls off is over (a review started after it was called off stays)."""
        job = self.running.get(chat_id)
        if job is not None and job[0] is cancel:
            del self.running[chat_id]

    def take_ready(self) -> list[Reply]:
        """The replies of reviews finished since the last call."""
        ready, self.ready = self.ready, []
        return ready
