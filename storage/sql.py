"""The storage interface, written once in SQL that SQLite and PostgreSQL both understand.

A :class:`Driver` runs statements for one database (``?`` placeholders, ``RETURNING id`` on
inserts); :class:`SqlStore` keeps users, chats, challenges, games and ratings on top of it. Every
change to a game is ``UPDATE … WHERE id = ? AND version = ?``: a second writer with a stale copy
changes nothing and gets :class:`ConflictError`, in this process or another one.
"""

from __future__ import annotations

import json
import logging
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import replace
from typing import Any, ClassVar

from storage.chats import ChatTable
from storage.driver import Driver, Row
from storage.lessons import LessonTable
from storage.links import LinkTable
from storage.models import Challenge, Chat, ConflictError, GameRow, NotFoundError, StoreError, User, until_taken
from storage.outbox import OutboxTable, Outgoing
from storage.pages import PageTable
from storage.prepared import CorrespondenceTable
from storage.puzzles import PuzzleTable
from storage.rows import (
    GAME_COLUMNS,
    CorruptRow,
    chat_of,
    checked_id,
    game_of,
    insert_game,
    unreadable_game,
    user_of,
    verify_replay,
)
from storage.sessions import SessionTable
from storage.tables import ChallengeTable, RatingRule, RatingTable
from storage.tournaments import TournamentTable

log = logging.getLogger("storage")


class SqlStore(ChallengeTable, RatingTable, OutboxTable, PuzzleTable, TournamentTable, PageTable, SessionTable, LinkTable,
               ChatTable, LessonTable, CorrespondenceTable):
    """Users (and their links), chats, challenges, games, ratings, the outbox, puzzles and tournaments. Open one with
    :func:`storage.open_store`."""

    def __init__(self, driver: Driver, clock: Callable[[], float] = time.time) -> None:
        self._db = driver
        self._clock = clock
        self.owner = uuid.uuid4().hex  # names this process in game locks

    @property
    def dialect(self) -> str:
        return self._db.dialect

    async def close(self) -> None:
        """Finish pending writes and close the database."""
        await self._db.close()

    async def schema_version(self) -> int:
        return await self._db.schema_version()

    def pool_waits(self) -> tuple[int, float]:
        """Statements that waited for a free pooled connection and the seconds they waited (0, 0.0: no pool)."""
        waits = getattr(self._db, "pool_waits", None)
        return waits() if waits is not None else (0, 0.0)

    async def backup(self, target: str, *, replace: bool = False) -> None:
        """A consistent copy of the database at ``target`` while it is in use."""
        raise StoreError(f"online backup is for SQLite; back up a {self.dialect} database with its own tools (pg_dump)")

    # -- copying whole databases -----------------------------------------------------------------

    # Every table, in an order that keeps its references valid, with the columns that order its rows; what a copy
    # leaves out (LEFT_OUT) and why. A table in neither is refused by whole-database copies (a test lists them).
    TABLES: ClassVar[dict[str, str]] = {
        "users": "id", "chats": "id", "games": "id", "challenges": "id", "ratings": "user_id, game, scope",
        "outbox": "id", "seen_updates": "platform, update_id", "reviews": "game_id", "puzzle_sessions": "chat_id",
        "puzzle_scores": "user_id, scope", "puzzle_ratings": "game, number", "puzzle_days": "chat_id, day",
        "puzzle_history": "chat_id, game, number, created_at", "tournaments": "id",
        "tournament_players": "tournament_id, user_id", "tournament_boards": "tournament_id, round, board",
        "answered_questions": "platform, chat_id, message_id", "refused_messages": "platform, chat_id, user_id",
        "pages": "token", "web_sessions": "token_hash", "signin_links": "code_hash", "link_codes": "code_hash",
        "channel_marks": "platform, chat_id", "chat_members": "chat_id, user_id", "bot_state": "name",
        "lessons": "player_id, game", "prepared_lines": "game_id, user_id",
    }
    LEFT_OUT: ClassVar[dict[str, str]] = {
        "game_locks": "a lock is held by a running process on the database it was taken in",
        "schema_version": "each database keeps its own, written by its migrations",
    }
    BATCH = 500  # rows read (and written) at a time: a table of any size is copied in little memory

    async def table_names(self) -> set[str]:
        """The tables this database has."""
        if self.dialect == "sqlite":
            rows = await self._db.fetch_all("SELECT name FROM sqlite_master WHERE type = 'table'")
        else:
            rows = await self._db.fetch_all("SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()")
        return {str(row["name"]) for row in rows if not str(row["name"]).startswith("sqlite_")}

    async def table_batches(self, table: str) -> AsyncIterator[list[dict[str, Any]]]:
        """The rows of one of :attr:`TABLES`, as stored, in its key's order, :attr:`BATCH` at a time."""
        if table not in self.TABLES:
            raise ValueError(f"unknown table {table!r}")
        offset = 0
        while True:
            rows = await self._db.fetch_all(
                f"SELECT * FROM {table} ORDER BY {self.TABLES[table]} LIMIT ? OFFSET ?", (self.BATCH, offset))
            if not rows:
                return
            yield [dict(row) for row in rows]
            offset += len(rows)

    async def table_rows(self, table: str) -> list[dict[str, Any]]:
        """Every row of one of :attr:`TABLES`, as stored, in its key's order."""
        return [row async for batch in self.table_batches(table) for row in batch]

    async def table_size(self, table: str) -> int:
        if table not in self.TABLES:
            raise ValueError(f"unknown table {table!r}")
        row = await self._db.fetch_one(f"SELECT count(*) AS n FROM {table}")
        return int(row["n"]) if row else 0

    async def copy_rows(self, table: str, rows: Sequence[Mapping[str, Any]]) -> None:
        """Insert rows read by :meth:`table_batches` from another store, keeping their ids, in one transaction."""
        if table not in self.TABLES:
            raise ValueError(f"unknown table {table!r}")
        if not rows:
            return
        columns = list(rows[0])
        sql = f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' for _ in columns)})"
        async with self._db.transaction() as db:
            for row in rows:
                await db.execute(sql, [row[column] for column in columns])
            if self.dialect == "postgresql" and "id" in columns:
                await db.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), (SELECT max(id) FROM {table}))"
                )

    # -- locks across processes ----------------------------------------------------------------

    @asynccontextmanager
    async def game_lock(self, game_id: int, *, wait: float = 10.0, lease: float = 30.0) -> AsyncIterator[None]:
        """Hold the game for this process: other processes (and tasks) wait until it is released.

        Here the lock is a row with an expiry, so a process that dies holding it blocks others for at
        most ``lease`` seconds (PostgreSQL's store holds a lock that dies with the connection instead).
        Raises :class:`GameBusy` when the game stays locked ``wait`` seconds.
        """
        token = f"{self.owner}:{uuid.uuid4().hex}"

        async def take() -> bool:
            now = self._clock()
            return bool(await self._db.execute(
                "INSERT INTO game_locks (game_id, owner, until) VALUES (?, ?, ?) ON CONFLICT (game_id) DO UPDATE"
                " SET owner = excluded.owner, until = excluded.until WHERE game_locks.until < ?",
                (game_id, token, now + lease, now),
            ))

        await until_taken(take, wait, f"game {game_id}")
        try:
            yield
        finally:
            await self._db.execute("DELETE FROM game_locks WHERE game_id = ? AND owner = ?", (game_id, token))

    # -- users and chats -------------------------------------------------------------------------

    async def user(self, platform: str, platform_id: str, name: str) -> User:
        """The user with this platform id, created on first sight; the display name is kept fresh."""
        row = await self._db.fetch_one("SELECT * FROM users WHERE platform = ? AND platform_id = ?", (platform, platform_id))
        if row is None:
            await self._db.execute(
                "INSERT INTO users (platform, platform_id, name, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (platform, platform_id, name, self._clock()),
            )
            row = await self._db.fetch_one("SELECT * FROM users WHERE platform = ? AND platform_id = ?", (platform, platform_id))
        elif name and row["name"] != name:
            await self._db.execute("UPDATE users SET name = ? WHERE id = ?", (name, row["id"]))
            row = await self._db.fetch_one("SELECT * FROM users WHERE id = ?", (row["id"],))
        assert row is not None
        return user_of(row)

    async def user_by_id(self, user_id: int) -> User:
        row = await self._db.fetch_one("SELECT * FROM users WHERE id = ?", (checked_id("user", user_id),))
        if row is None:
            raise NotFoundError(f"no user {user_id}")
        return user_of(row)

    async def find_user(self, platform: str, name_or_id: str) -> User | None:
        """A user of ``platform`` by platform id or display name (case-insensitive), or ``None``."""
        row = await self._db.fetch_one(
            "SELECT * FROM users WHERE platform = ? AND (platform_id = ? OR lower(name) = lower(?)) ORDER BY id LIMIT 1",
            (platform, name_or_id, name_or_id),
        )
        return user_of(row) if row else None

    async def set_user(self, user_id: int, *, language: str | None = None, prefs: dict[str, Any] | None = None) -> User:
        """Change a user's language and/or merge ``prefs`` into their preferences."""
        user = await self.user_by_id(user_id)
        merged = {**user.prefs, **(prefs or {})}
        await self._db.execute(
            "UPDATE users SET language = ?, prefs = ? WHERE id = ?",
            (language if language is not None else user.language, json.dumps(merged), user_id),
        )
        return await self.user_by_id(user_id)

    async def chat(self, platform: str, platform_id: str) -> Chat:
        """The chat with this platform id, created on first sight."""
        row = await self._db.fetch_one("SELECT * FROM chats WHERE platform = ? AND platform_id = ?", (platform, platform_id))
        if row is None:
            await self._db.execute(
                "INSERT INTO chats (platform, platform_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                (platform, platform_id, self._clock()),
            )
            row = await self._db.fetch_one("SELECT * FROM chats WHERE platform = ? AND platform_id = ?", (platform, platform_id))
        assert row is not None
        return chat_of(row)

    async def find_chat(self, platform: str, platform_id: str) -> Chat | None:
        """The chat with this platform id, if the bot has seen it (nothing is created)."""
        row = await self._db.fetch_one("SELECT * FROM chats WHERE platform = ? AND platform_id = ?", (platform, platform_id))
        return None if row is None else chat_of(row)

    async def chats_within(self, platform: str, platform_id: str) -> list[Chat]:
        """The chat with this platform id and every chat within it (a forum's topics: ``<chat>/<topic>``), if seen."""
        rows = await self._db.fetch_all("SELECT * FROM chats WHERE platform = ? AND (platform_id = ? OR platform_id LIKE ?)"
                                        " ORDER BY id", (platform, platform_id, platform_id.replace("%", "") + "/%"))
        return [chat_of(row) for row in rows]

    async def chat_by_id(self, chat_id: int) -> Chat:
        row = await self._db.fetch_one("SELECT * FROM chats WHERE id = ?", (checked_id("chat", chat_id),))
        if row is None:
            raise NotFoundError(f"no chat {chat_id}")
        return chat_of(row)

    async def set_chat(self, chat_id: int, settings: dict[str, Any]) -> Chat:
        """Merge ``settings`` into the chat's settings."""
        chat = await self.chat_by_id(chat_id)
        await self._db.execute("UPDATE chats SET settings = ? WHERE id = ?", (json.dumps({**chat.settings, **settings}), chat_id))
        return await self.chat_by_id(chat_id)

    async def accept_challenge(self, challenge: Challenge, white_id: int, black_id: int, state: dict[str, Any],
                               owe: Callable[[int], Sequence[Outgoing]] | None = None,
                               first_look: Callable[[float], float | None] | None = None,
                               guest: tuple[int, int] | None = None) -> GameRow:
        """Close the open challenge and create its game in one transaction, with what the start owes the chats
        (``owe`` makes the items from the new game's id; it must not use the database); ``first_look`` says from the
        start's time when the clocks first need to look at it (at once when not given); ``guest`` is the opponent who
        accepted in a chat other than the challenge's, and that chat (the game is played from both)."""
        now = self._clock()
        async with self._db.transaction() as db:
            changed = await db.execute(
                "UPDATE challenges SET status = 'accepted' WHERE id = ? AND status = 'open'", (challenge.id,)
            )
            if changed != 1:
                raise ConflictError(f"challenge {challenge.id} is no longer open")
            game_id = await insert_game(db, game=challenge.game, options=challenge.options, chat_id=challenge.chat_id,
                                        white_id=white_id, black_id=black_id, ai_level=challenge.ai_level, state=state,
                                        time_per_move=challenge.time_per_move, rated=challenge.rated, now=now,
                                        first_look=first_look(now) if first_look is not None else None,
                                        guest=guest)
            await db.execute("UPDATE challenges SET game_id = ? WHERE id = ?", (game_id, challenge.id))
            if owe is not None:
                await self.owe(db, list(owe(game_id)))
        return await self.game(game_id)

    # -- games -----------------------------------------------------------------------------------

    async def game(self, game_id: int) -> GameRow:
        """The stored game, as stored (no replay check: see :meth:`load_game`)."""
        row = await self._db.fetch_one(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (checked_id("game", game_id),))
        if row is None:
            raise NotFoundError(f"no game {game_id}")
        return await self._read_game(row)

    async def load_game(self, game_id: int) -> GameRow:
        """The game after checking that its move list replays to its stored state.

        A mismatch is never repaired: the game is frozen (status ``frozen``) and the evidence logged.
        """
        row = await self.game(game_id)
        if row.status == "frozen" or row.verified:
            return row
        problem = verify_replay(row)
        if problem is None:  # checked once: this version is trusted from now on
            await self._db.execute("UPDATE games SET verified_version = version WHERE id = ? AND version = ?",
                                   (game_id, row.version))
            return replace(row, verified=True)
        log.warning("game %d frozen: %s", game_id, problem)
        await self._db.execute(
            "UPDATE games SET status = 'frozen', result = ?, version = version + 1, updated_at = ? WHERE id = ?",
            (json.dumps({"frozen": problem}), self._clock(), game_id),
        )
        return await self.game(game_id)

    async def _read_game(self, row: Row) -> GameRow:
        """The game of ``row``; an unreadable one is frozen (its columns kept as evidence) and stands in frozen."""
        try:
            return game_of(row)
        except CorruptRow as exc:
            if row["status"] != "frozen":
                log.warning("game %d frozen: %s", row["id"], exc.problem)
                evidence = {"frozen": exc.problem, "unreadable": True, "result_was": str(row["result"])[:2000]}
                await self._db.execute(
                    "UPDATE games SET status = 'frozen', result = ?, version = version + 1, updated_at = ? WHERE id = ?",
                    (json.dumps(evidence), self._clock(), row["id"]),
                )
                fresh = await self._db.fetch_one(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (row["id"],))
                row = fresh or row
            return unreadable_game(row, exc.problem)

    async def _read_games(self, rows: list[Row], *, frozen_too: bool = False) -> list[GameRow]:
        """The games of ``rows``; unreadable ones are frozen and left out (unless ``frozen_too``)."""
        games = [await self._read_game(r) for r in rows]
        return [g for g in games if frozen_too or not (g.result or {}).get("unreadable")]

    async def update_game(self, row: GameRow, *, rate: RatingRule | None = None, owe: Sequence[Outgoing] = (),
                          verified: bool = False, **changes: Any) -> GameRow:
        """Write ``changes`` to the game if it still has ``row.version``; the version goes up by one.

        ``owe`` is what the change owes the chats (a board, an announcement): written in the same
        transaction, so it exists exactly when the change does (see :mod:`storage.outbox`).

        With ``rate`` (the game ended), both players' ratings, everywhere and in the game's chat, are
        updated by it in the same transaction: a game's end is never counted twice, never lost.
        ``verified`` says the new ``state`` was made from a checked one by the rules (it is trusted). A change
        to the clock (deadline, reminders, status) makes the game due for the clocks' look at once, unless
        ``clock_due`` says when; a new state notes who is to move.
        Raises :class:`ConflictError` (and writes nothing) when the stored version differs.
        """
        columns = []
        values: list[Any] = []
        now = self._clock()
        for name, value in changes.items():
            if name not in {"state", "moves", "status", "result", "deadline", "remind_stage", "last_move_at",
                            "board_message_id", "takeback_by", "draw_by", "time_per_move", "thread_id", "clock_due"}:
                raise ValueError(f"cannot change {name!r}")
            columns.append(f"{name} = ?")
            values.append(json.dumps(value) if name in ("state", "moves", "result") and value is not None else value)
        if "state" in changes:
            columns += ["to_move_id = ?", "verified_version = ?"]
            to_play = changes["state"].get("to_play")
            values += [row.player_of(to_play) if to_play in ("white", "black") else None,
                       row.version + 1 if verified else None]
        if "clock_due" not in changes and {"deadline", "remind_stage", "status", "time_per_move"} & set(changes):
            active = changes.get("status", row.status) == "active"
            columns.append("clock_due = ?")
            values.append(now if active and changes.get("deadline", row.deadline) is not None else None)
        columns += ["version = version + 1", "updated_at = ?"]
        values += [now, row.id, row.version]
        sql = f"UPDATE games SET {', '.join(columns)} WHERE id = ? AND version = ?"
        if rate is None and not owe:
            changed = await self._db.execute(sql, values)
        else:
            async with self._db.transaction() as db:
                changed = await db.execute(sql, values)
                if changed == 1 and rate is not None:
                    await self.rate_game(db, row, rate)
                if changed == 1:
                    await self.owe(db, list(owe))
        if changed != 1:
            raise ConflictError(f"game {row.id} changed since version {row.version}")
        kept = {name: value for name, value in changes.items() if name != "clock_due"}
        return replace(row, **kept, version=row.version + 1, updated_at=now, verified=verified and "state" in changes)

    async def watch_changes(self, changed: Callable[[int | None, int | None], None]) -> Callable[[], Awaitable[None]] | None:
        """Have ``changed(game id, version)`` called when another process changes a game (``changed(None, 0)``
        after a gap in which some may have been missed); the function that stops it, or ``None`` where no other
        process can write (SQLite)."""
        return None

    async def active_games_of(self, user_id: int) -> list[GameRow]:
        rows = await self._db.fetch_all(
            f"SELECT {GAME_COLUMNS} FROM games WHERE status = 'active' AND (white_id = ? OR black_id = ?) ORDER BY id",
            (user_id, user_id),
        )
        return await self._read_games(rows)

    async def games_bot_to_move(self) -> list[GameRow]:
        """Active games in which the built-in opponent (a user of the platform ``bot``) is to move."""
        rows = await self._db.fetch_all(
            f"SELECT {GAME_COLUMNS} FROM games WHERE status = 'active'"
            " AND to_move_id IN (SELECT id FROM users WHERE platform = 'bot') ORDER BY id"
        )
        return await self._read_games(rows)

    async def active_games_in(self, chat_id: int) -> list[GameRow]:
        rows = await self._db.fetch_all(
            f"SELECT {GAME_COLUMNS} FROM games WHERE status = 'active' AND (chat_id = ? OR guest_chat_id = ?) ORDER BY id",
            (chat_id, chat_id),
        )
        return await self._read_games(rows)

    async def games_in(self, chat_id: int, limit: int = 100) -> list[GameRow]:
        """The chat's games, those going on first, then the latest finished (at most ``limit``), newest first."""
        rows = await self._db.fetch_all(
            f"SELECT {GAME_COLUMNS} FROM games WHERE (chat_id = ? OR guest_chat_id = ?)"
            " ORDER BY (CASE WHEN status = 'active' THEN 0 ELSE 1 END), id DESC LIMIT ?", (chat_id, chat_id, limit))
        return await self._read_games(rows, frozen_too=True)

    async def latest_game_of(self, user_id: int, chat_id: int) -> GameRow | None:
        """The user's most recent game in the chat, finished or not."""
        row = await self._db.fetch_one(
            f"SELECT {GAME_COLUMNS} FROM games WHERE (chat_id = ? OR guest_chat_id = ?) AND (white_id = ? OR black_id = ?)"
            " ORDER BY id DESC LIMIT 1", (chat_id, chat_id, user_id, user_id),
        )
        return await self._read_game(row) if row else None

    async def game_by_board_message(self, chat_id: int, message_id: str) -> GameRow | None:
        row = await self._db.fetch_one(
            f"SELECT {GAME_COLUMNS} FROM games WHERE chat_id = ? AND board_message_id = ? ORDER BY id DESC LIMIT 1",
            (chat_id, message_id),
        )
        return await self._read_game(row) if row else None

    async def games_clock_due(self, now: float, limit: int = 500) -> list[GameRow]:
        """Up to ``limit`` active games whose clock needs a look by ``now`` (a reminder, a loss on time, or
        only the time of its next look), soonest first."""
        rows = await self._db.fetch_all(
            f"SELECT {GAME_COLUMNS} FROM games WHERE status = 'active' AND clock_due <= ? ORDER BY clock_due LIMIT ?",
            (now, limit),
        )
        return await self._read_games(rows)

    async def set_board_message(self, game_id: int, message_id: str) -> None:
        """Note the platform message that shows the game's board (bookkeeping: no new version)."""
        await self._db.execute("UPDATE games SET board_message_id = ? WHERE id = ?", (message_id, game_id))

    async def set_clock_due(self, row: GameRow, when: float | None) -> None:
        """When the clocks should look at the game next (bookkeeping: no new version; a game that changed
        since ``row`` keeps what its change set)."""
        await self._db.execute("UPDATE games SET clock_due = ? WHERE id = ? AND version = ?", (when, row.id, row.version))

    async def review_of(self, game_id: int) -> dict[str, Any] | None:
        """The stored review of a finished game, or ``None``."""
        row = await self._db.fetch_one("SELECT body FROM reviews WHERE game_id = ?", (game_id,))
        return json.loads(row["body"]) if row else None

    async def save_review(self, game_id: int, body: dict[str, Any], owe: Sequence[Outgoing] = ()) -> None:
        """Keep a game's review (the first one written stays) and, in the same transaction, what its making
        owes the chats (its announcement, sent until it arrives)."""
        async with self._db.transaction() as db:  # two processes may finish the same review: one row stays
            await db.execute("INSERT INTO reviews (game_id, body, created_at) VALUES (?, ?, ?) ON CONFLICT (game_id) DO NOTHING",
                             (game_id, json.dumps(body), self._clock()))
            await self.owe(db, list(owe))
            if self.dialect == "postgresql":  # the other processes' open pages show it too (see watch_changes)
                await db.execute("SELECT pg_notify('game_changed', ?)", (f"{game_id}:review",))

    async def active_game_count(self) -> int:
        row = await self._db.fetch_one("SELECT count(*) AS n FROM games WHERE status = 'active'")
        return int(row["n"]) if row else 0

    async def all_games(self) -> list[GameRow]:
        rows = await self._db.fetch_all(f"SELECT {GAME_COLUMNS} FROM games ORDER BY id")
        return await self._read_games(rows, frozen_too=True)
