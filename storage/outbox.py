"""The outbox: what committed changes owe the chats, kept until a front end says it was delivered.

A change that owes a chat something (a board after a move, a reminder, an announcement) writes an
:class:`Outgoing` in the same transaction as itself, so nothing owed is lost when the process dies
between the commit and the send. A board owed for a game replaces the game's boards still waiting
for the same chat (their lines come first in the new one): a chat gets one board with everything that happened.

Each pending item has a ``due`` time: the process that wrote it sends it at once and holds it for
:data:`CLAIM` seconds; after that (a failed send, a dead process) any process may claim it again.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from storage.driver import Driver, Statements

CLAIM = 30.0  # seconds an item is held by the process sending it
MOST_ATTEMPTS = 12  # then the item is given up (a chat that stays unreachable for hours)


@dataclass
class Outgoing:
    """Something owed to chat ``chat_id`` (the store's id): a ``board`` of ``game_id`` at ``body["ply"]``
    with ``body["lines"]``, or a ``text``. ``id`` is set once it is written."""

    chat_id: int
    kind: str
    body: dict[str, Any]
    game_id: int | None = None
    id: int | None = field(default=None, compare=False)
    not_before: float | None = field(default=None, compare=False)  # held until then (its reader's quiet hours)
    # Set by :meth:`OutboxTable.owe` on a board: the lines of the game's earlier boards to this chat that it replaces and
    # that never arrived (their send failed, or they were held): the board sent now names them first.
    missed: list[str] = field(default_factory=list, compare=False)


@dataclass(frozen=True)
class Delivery:
    """A pending item claimed for sending; ``attempts`` counts the claims so far, this one included."""

    id: int
    chat_id: int
    kind: str
    body: dict[str, Any]
    game_id: int | None
    attempts: int


def retry_delay(attempts: int) -> float:
    """Seconds before an item that failed ``attempts`` times is tried again (5 s doubling, at most 10 min).

    >>> [retry_delay(n) for n in (0, 1, 2, 10)]
    [5.0, 10.0, 20.0, 600.0]
    """
    return float(min(5 * 2**attempts, 600))


class OutboxTable:
    """Pending deliveries (owed in a change's transaction, claimed, delivered, retried or given up), and the
    updates seen, so that one delivered twice is handled once."""

    _db: Driver
    _clock: Callable[[], float]
    owner: str  # this process

    async def owe(self, db: Statements, items: list[Outgoing]) -> None:
        """Write ``items`` inside the caller's transaction ``db``, held for this process for :data:`CLAIM` seconds."""
        now = self._clock()
        for item in items:
            body = dict(item.body)
            if item.kind == "board" and item.game_id is not None:
                waiting = await db.fetch_all(
                    "UPDATE outbox SET status = 'superseded' WHERE game_id = ? AND chat_id = ? AND kind = 'board'"
                    " AND status = 'pending' RETURNING id, body, claimed_by", (item.game_id, item.chat_id),
                )
                if waiting:
                    waiting = sorted(waiting, key=lambda row: int(row["id"]))  # RETURNING keeps no order
                    earlier = [line for row in waiting for line in json.loads(row["body"]).get("lines", [])]
                    body["lines"] = earlier + list(body.get("lines", []))
                    # in no process's hands: it failed, or was held (one being sent now names its lines itself)
                    item.missed = [line for row in waiting if row["claimed_by"] is None
                                   for line in json.loads(row["body"]).get("lines", [])]
            item.id = await db.insert(
                "INSERT INTO outbox (chat_id, game_id, kind, body, status, attempts, due, claimed_by, created_at)"
                " VALUES (?, ?, ?, ?, 'pending', 0, ?, ?, ?) RETURNING id",
                (item.chat_id, item.game_id, item.kind, json.dumps(body),
                 now + CLAIM if item.not_before is None else max(now, item.not_before),  # held: any process sends it
                 self.owner if item.not_before is None else None, now),
            )

    async def claim_due(self, limit: int = 20, platform: str | None = None) -> list[Delivery]:
        """Up to ``limit`` pending items whose time has come (for the chats of ``platform`` only, when given), each
        now held by this process for :data:`CLAIM` s."""
        now = self._clock()
        if platform is None:
            rows = await self._db.fetch_all(
                "SELECT * FROM outbox WHERE status = 'pending' AND due <= ? ORDER BY id LIMIT ?", (now, limit)
            )
        else:
            rows = await self._db.fetch_all(
                "SELECT outbox.* FROM outbox JOIN chats ON chats.id = outbox.chat_id"
                " WHERE outbox.status = 'pending' AND outbox.due <= ? AND chats.platform = ? ORDER BY outbox.id LIMIT ?",
                (now, platform, limit),
            )
        claimed = []
        for row in rows:
            won = await self._db.execute(
                "UPDATE outbox SET due = ?, claimed_by = ?, attempts = attempts + 1"
                " WHERE id = ? AND status = 'pending' AND due <= ?",
                (now + CLAIM, self.owner, row["id"], now),
            )
            if won:
                claimed.append(Delivery(row["id"], row["chat_id"], row["kind"], json.loads(row["body"]), row["game_id"],
                                        row["attempts"] + 1))
        return claimed

    async def still_pending(self, item_id: int) -> bool:
        """Whether item ``item_id`` is still owed (not delivered, superseded by a newer board, or given up)."""
        row = await self._db.fetch_one("SELECT status FROM outbox WHERE id = ?", (item_id,))
        return row is not None and row["status"] == "pending"

    async def delivered(self, item_id: int) -> None:
        """The item reached its chat: it is never sent again."""
        await self._db.execute("UPDATE outbox SET status = 'sent', sent_at = ? WHERE id = ? AND status = 'pending'",
                               (self._clock(), item_id))

    async def owe_now(self, items: list[Outgoing]) -> None:
        """Write ``items`` in a transaction of their own (what no other change owes: a failure's notice)."""
        async with self._db.transaction() as db:
            await self.owe(db, items)

    async def undelivered(self, item_id: int, *, permanent: bool = False) -> None:
        """The send failed: try again later (sooner for the first failures), or never when ``permanent``
        (the chat is gone or refuses the bot) or after :data:`MOST_ATTEMPTS` tries."""
        row = await self._db.fetch_one("SELECT attempts FROM outbox WHERE id = ?", (item_id,))
        if row is None:
            return
        if permanent or row["attempts"] >= MOST_ATTEMPTS:
            await self._db.execute("UPDATE outbox SET status = 'failed' WHERE id = ? AND status = 'pending'", (item_id,))
        else:
            await self._db.execute("UPDATE outbox SET due = ?, claimed_by = NULL WHERE id = ? AND status = 'pending'",
                                   (self._clock() + retry_delay(row["attempts"]), item_id))  # in nobody's hands now

    async def release_claims(self) -> int:
        """Make every pending item that another process held due now (this process alone uses the database,
        so the others are dead); the number released. An item held for later (no process claims it: its reader's
        quiet hours) stays held."""
        return await self._db.execute(
            "UPDATE outbox SET due = 0 WHERE status = 'pending' AND due > 0 AND claimed_by IS NOT NULL AND claimed_by <> ?",
            (self.owner,),
        )

    async def pending_count(self) -> int:
        row = await self._db.fetch_one("SELECT count(*) AS n FROM outbox WHERE status = 'pending'")
        return int(row["n"]) if row else 0

    async def forget_delivered(self, older_than: float) -> int:
        """Drop the outbox items that were sent (or given up, or replaced) before ``older_than``; how many."""
        sent = await self._db.execute("DELETE FROM outbox WHERE sent_at < ? AND status = 'sent'", (older_than,))
        ended = 0
        for status in ("superseded", "failed"):  # by the (status, due) index: their due time was when they were owed
            ended += await self._db.execute("DELETE FROM outbox WHERE status = ? AND due < ?", (status, older_than))
        return sent + ended

    async def forget_answers(self, older_than: float) -> int:
        """Drop the questions answered before ``older_than`` (their messages' buttons have long been replaced)."""
        return await self._db.execute("DELETE FROM answered_questions WHERE answered_at < ?", (older_than,))

    async def remembered(self, name: str) -> str | None:
        """What the bot remembered as ``name`` (:meth:`remember`), or None."""
        row = await self._db.fetch_one("SELECT value FROM bot_state WHERE name = ?", (name,))
        return str(row["value"]) if row else None

    async def remember(self, name: str, value: str) -> None:
        """Keep ``value`` as ``name``, for every process and after restarts."""
        await self._db.execute(
            "INSERT INTO bot_state (name, value, changed_at) VALUES (?, ?, ?)"
            " ON CONFLICT (name) DO UPDATE SET value = excluded.value, changed_at = excluded.changed_at",
            (name, value, time.time()))

    async def outbox_backlog(self) -> tuple[int, float | None]:
        """How many items the chats are owed and not yet sent, and when the oldest of them was written (Unix time)."""
        row = await self._db.fetch_one("SELECT count(*) AS n, min(created_at) AS oldest FROM outbox WHERE status = 'pending'")
        if row is None:
            return 0, None
        return int(row["n"]), float(row["oldest"]) if row["oldest"] is not None else None

    async def first_sight(self, platform: str, update_id: str) -> bool:
        """Whether this is the first time any process sees update ``update_id`` of ``platform`` (a platform
        that delivers an update twice gets it handled once)."""
        return bool(await self._db.execute(
            "INSERT INTO seen_updates (platform, update_id, seen_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
            (platform, update_id, self._clock()),
        ))

    async def forget_updates(self, older_than: float) -> int:
        """Forget the updates seen before ``older_than`` (platforms deliver again within minutes, not days)."""
        return await self._db.execute("DELETE FROM seen_updates WHERE seen_at < ?", (older_than,))

    async def mark_read(self, platform: str, chat_id: str, message_id: str) -> None:
        """Message ``message_id`` (a snowflake: later messages have larger ids) of channel ``chat_id`` was handled:
        the channel's mark moves up to it, never back."""
        await self._db.execute(
            "INSERT INTO channel_marks (platform, chat_id, message_id) VALUES (?, ?, ?)"
            " ON CONFLICT (platform, chat_id) DO UPDATE SET message_id = excluded.message_id"
            " WHERE length(excluded.message_id) > length(channel_marks.message_id)"
            " OR (length(excluded.message_id) = length(channel_marks.message_id)"
            " AND excluded.message_id > channel_marks.message_id)", (platform, chat_id, message_id))

    async def marked_channels_of_games(self, platform: str) -> dict[str, str]:
        """Each channel of ``platform`` where a game goes on (its chat, a player's guest chat, its thread) and a message
        was handled: the last message handled there (see :meth:`mark_read`)."""
        rows = await self._db.fetch_all(
            "SELECT m.chat_id, m.message_id FROM channel_marks m WHERE m.platform = ? AND (m.chat_id IN ("
            " SELECT c.platform_id FROM games g JOIN chats c ON c.id IN (g.chat_id, g.guest_chat_id)"
            " WHERE g.status = 'active' AND c.platform = ?)"
            " OR m.chat_id IN (SELECT g.thread_id FROM games g WHERE g.status = 'active' AND g.thread_id IS NOT NULL))",
            (platform, platform))
        return {str(r["chat_id"]): str(r["message_id"]) for r in rows}

    async def channel_marks(self, platform: str, chat_ids: list[str]) -> dict[str, str]:
        """The marks (the last message handled, see :meth:`mark_read`) of those of ``chat_ids`` that have one."""
        if not chat_ids:
            return {}
        places = ", ".join("?" for _ in chat_ids)
        rows = await self._db.fetch_all(f"SELECT chat_id, message_id FROM channel_marks WHERE platform = ? AND chat_id IN"
                                        f" ({places})", (platform, *chat_ids))
        return {str(r["chat_id"]): str(r["message_id"]) for r in rows}

    async def answer_question(self, platform: str, chat_id: str, message_id: str) -> None:
        """Mark the question in message ``message_id`` answered: its buttons are dead for every process."""
        await self._db.execute(
            "INSERT INTO answered_questions (platform, chat_id, message_id, answered_at) VALUES (?, ?, ?, ?)"
            " ON CONFLICT DO NOTHING", (platform, chat_id, message_id, self._clock()))

    async def question_answered(self, platform: str, chat_id: str, message_id: str) -> bool:
        """Whether the question in message ``message_id`` was answered already."""
        return await self._db.fetch_one(
            "SELECT 1 AS one FROM answered_questions WHERE platform = ? AND chat_id = ? AND message_id = ?",
            (platform, chat_id, message_id)) is not None

    async def note_refusal(self, platform: str, chat_id: str, user_id: str, message_id: str | None) -> None:
        """Remember ``message_id`` as the sender's last refused message in the chat (``None``: they have none now),
        so an edit correcting it counts in whichever process it reaches."""
        if message_id is None:
            await self._db.execute("DELETE FROM refused_messages WHERE platform = ? AND chat_id = ? AND user_id = ?",
                                   (platform, chat_id, user_id))
            return
        await self._db.execute(
            "INSERT INTO refused_messages (platform, chat_id, user_id, message_id, refused_at) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT (platform, chat_id, user_id) DO UPDATE SET message_id = excluded.message_id,"
            " refused_at = excluded.refused_at", (platform, chat_id, user_id, message_id, self._clock()))

    async def last_refusal(self, platform: str, chat_id: str, user_id: str) -> str | None:
        """The sender's last refused message in the chat, if it was not followed by one the bot acted on."""
        row = await self._db.fetch_one(
            "SELECT message_id FROM refused_messages WHERE platform = ? AND chat_id = ? AND user_id = ?",
            (platform, chat_id, user_id))
        return str(row["message_id"]) if row else None
