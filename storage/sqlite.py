"""The SQLite store: WAL, a busy timeout, foreign keys, migrations, one writer behind a lock.

Every change to a game is ``UPDATE … WHERE id = ? AND version = ?``: a second writer with a stale
copy changes nothing and gets :class:`ConflictError`.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import aiosqlite

from rules import MoveError, get_game
from storage.migrations import MIGRATIONS
from storage.models import Challenge, Chat, ConflictError, GameRow, NotFoundError, Rating, User

log = logging.getLogger(__name__)

_GAME_COLUMNS = (
    "id, game, options, chat_id, white_id, black_id, ai_level, state, moves, status, result, time_per_move, "
    "deadline, remind_stage, last_move_at, version, created_at, updated_at, board_message_id, takeback_by, draw_by, thread_id"
)


class SqliteStore:
    """Users, chats, challenges, games and ratings in one SQLite file. Open with :meth:`open`."""

    def __init__(self, connection: aiosqlite.Connection, clock: Callable[[], float]) -> None:
        self._db = connection
        self._lock = asyncio.Lock()
        self._clock = clock

    @classmethod
    async def open(cls, path: str | Path, clock: Callable[[], float] = time.time) -> SqliteStore:
        """Open (creating if needed) the database at ``path`` and bring its schema up to date."""
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        # Autocommit: a single statement commits itself; several go between explicit BEGIN and COMMIT.
        connection = await aiosqlite.connect(str(path), timeout=30, isolation_level=None)
        connection.row_factory = aiosqlite.Row
        await connection.execute("PRAGMA journal_mode = WAL")
        await connection.execute("PRAGMA synchronous = NORMAL")
        await connection.execute("PRAGMA busy_timeout = 10000")
        await connection.execute("PRAGMA foreign_keys = ON")
        store = cls(connection, clock)
        await store._migrate()
        return store

    async def close(self) -> None:
        """Finish pending writes and close the database."""
        async with self._lock:
            await self._db.close()

    async def _migrate(self) -> None:
        async with self._lock:
            cursor = await self._db.execute("PRAGMA user_version")
            row = await cursor.fetchone()
            current = int(row[0]) if row else 0
            for number, script in enumerate(MIGRATIONS, 1):
                if number <= current:
                    continue
                await self._db.executescript(f"BEGIN; {script}; PRAGMA user_version = {number}; COMMIT;")
                log.info("database migrated to version %d", number)

    async def schema_version(self) -> int:
        cursor = await self._db.execute("PRAGMA user_version")
        row = await cursor.fetchone()
        return int(row[0]) if row else 0

    async def _write(self, sql: str, params: Sequence[Any] = ()) -> aiosqlite.Cursor:
        async with self._lock:
            return await self._db.execute(sql, params)

    async def _one(self, sql: str, params: Sequence[Any] = ()) -> aiosqlite.Row | None:
        rows = await self._db.execute_fetchall(sql, params)
        return next(iter(rows), None)

    async def _all(self, sql: str, params: Sequence[Any] = ()) -> list[aiosqlite.Row]:
        return list(await self._db.execute_fetchall(sql, params))

    # -- users and chats -------------------------------------------------------------------------

    async def user(self, platform: str, platform_id: str, name: str) -> User:
        """The user with this platform id, created on first sight; the display name is kept fresh."""
        row = await self._one("SELECT * FROM users WHERE platform = ? AND platform_id = ?", (platform, platform_id))
        if row is None:
            async with self._lock:
                await self._db.execute(
                    "INSERT OR IGNORE INTO users (platform, platform_id, name, created_at) VALUES (?, ?, ?, ?)",
                    (platform, platform_id, name, self._clock()),
                )
            row = await self._one("SELECT * FROM users WHERE platform = ? AND platform_id = ?", (platform, platform_id))
        elif name and row["name"] != name:
            await self._write("UPDATE users SET name = ? WHERE id = ?", (name, row["id"]))
            row = await self._one("SELECT * FROM users WHERE id = ?", (row["id"],))
        assert row is not None
        return _user(row)

    async def user_by_id(self, user_id: int) -> User:
        row = await self._one("SELECT * FROM users WHERE id = ?", (user_id,))
        if row is None:
            raise NotFoundError(f"no user {user_id}")
        return _user(row)

    async def find_user(self, platform: str, name_or_id: str) -> User | None:
        """A user of ``platform`` by platform id or display name (case-insensitive), or ``None``."""
        row = await self._one(
            "SELECT * FROM users WHERE platform = ? AND (platform_id = ? OR lower(name) = lower(?)) ORDER BY id LIMIT 1",
            (platform, name_or_id, name_or_id),
        )
        return _user(row) if row else None

    async def set_user(self, user_id: int, *, language: str | None = None, prefs: dict[str, Any] | None = None) -> User:
        """Change a user's language and/or merge ``prefs`` into their preferences."""
        user = await self.user_by_id(user_id)
        merged = {**user.prefs, **(prefs or {})}
        await self._write(
            "UPDATE users SET language = ?, prefs = ? WHERE id = ?",
            (language if language is not None else user.language, json.dumps(merged), user_id),
        )
        return await self.user_by_id(user_id)

    async def chat(self, platform: str, platform_id: str) -> Chat:
        """The chat with this platform id, created on first sight."""
        row = await self._one("SELECT * FROM chats WHERE platform = ? AND platform_id = ?", (platform, platform_id))
        if row is None:
            async with self._lock:
                await self._db.execute(
                    "INSERT OR IGNORE INTO chats (platform, platform_id, created_at) VALUES (?, ?, ?)",
                    (platform, platform_id, self._clock()),
                )
            row = await self._one("SELECT * FROM chats WHERE platform = ? AND platform_id = ?", (platform, platform_id))
        assert row is not None
        return _chat(row)

    async def chat_by_id(self, chat_id: int) -> Chat:
        row = await self._one("SELECT * FROM chats WHERE id = ?", (chat_id,))
        if row is None:
            raise NotFoundError(f"no chat {chat_id}")
        return _chat(row)

    async def set_chat(self, chat_id: int, settings: dict[str, Any]) -> Chat:
        """Merge ``settings`` into the chat's settings."""
        chat = await self.chat_by_id(chat_id)
        await self._write("UPDATE chats SET settings = ? WHERE id = ?", (json.dumps({**chat.settings, **settings}), chat_id))
        return await self.chat_by_id(chat_id)

    # -- challenges ------------------------------------------------------------------------------

    async def create_challenge(
        self, chat_id: int, game: str, options: dict[str, Any], challenger_id: int, target_id: int | None,
        ai_level: str | None, colour: str, time_per_move: int | None,
    ) -> Challenge:
        cursor = await self._write(
            "INSERT INTO challenges (chat_id, game, options, challenger_id, target_id, ai_level, colour, time_per_move,"
            " status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'open', ?)",
            (chat_id, game, json.dumps(options), challenger_id, target_id, ai_level, colour, time_per_move, self._clock()),
        )
        return await self.challenge(int(cursor.lastrowid or 0))

    async def challenge(self, challenge_id: int) -> Challenge:
        row = await self._one("SELECT * FROM challenges WHERE id = ?", (challenge_id,))
        if row is None:
            raise NotFoundError(f"no challenge {challenge_id}")
        return _challenge(row)

    async def open_challenges(self, chat_id: int) -> list[Challenge]:
        rows = await self._all("SELECT * FROM challenges WHERE chat_id = ? AND status = 'open' ORDER BY id", (chat_id,))
        return [_challenge(r) for r in rows]

    async def close_challenge(self, challenge_id: int, status: str, game_id: int | None = None) -> None:
        """Mark an open challenge accepted, declined or cancelled; :class:`ConflictError` if it is no longer open."""
        cursor = await self._write(
            "UPDATE challenges SET status = ?, game_id = ? WHERE id = ? AND status = 'open'", (status, game_id, challenge_id)
        )
        if cursor.rowcount != 1:
            raise ConflictError(f"challenge {challenge_id} is no longer open")

    async def accept_challenge(self, challenge: Challenge, white_id: int, black_id: int, state: dict[str, Any]) -> GameRow:
        """Close the open challenge and create its game in one transaction."""
        now = self._clock()
        deadline = now + challenge.time_per_move if challenge.time_per_move else None
        async with self._lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                cursor = await self._db.execute(
                    "UPDATE challenges SET status = 'accepted' WHERE id = ? AND status = 'open'", (challenge.id,)
                )
                if cursor.rowcount != 1:
                    raise ConflictError(f"challenge {challenge.id} is no longer open")
                cursor = await self._db.execute(
                    "INSERT INTO games (game, options, chat_id, white_id, black_id, ai_level, state, moves, status,"
                    " time_per_move, deadline, last_move_at, created_at, updated_at)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, '[]', 'active', ?, ?, ?, ?, ?)",
                    (challenge.game, json.dumps(challenge.options), challenge.chat_id, white_id, black_id,
                     challenge.ai_level, json.dumps(state), challenge.time_per_move, deadline, now, now, now),
                )
                game_id = int(cursor.lastrowid or 0)
                await self._db.execute("UPDATE challenges SET game_id = ? WHERE id = ?", (game_id, challenge.id))
                await self._db.execute("COMMIT")
            except BaseException:
                await self._db.execute("ROLLBACK")
                raise
        return await self.game(game_id)

    # -- games -----------------------------------------------------------------------------------

    async def game(self, game_id: int) -> GameRow:
        """The stored game, as stored (no replay check: see :meth:`load_game`)."""
        row = await self._one(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        if row is None:
            raise NotFoundError(f"no game {game_id}")
        return _game(row)

    async def load_game(self, game_id: int) -> GameRow:
        """The game after checking that its move list replays to its stored state.

        A mismatch is never repaired: the game is frozen (status ``frozen``) and the evidence logged.
        """
        row = await self.game(game_id)
        if row.status == "frozen":
            return row
        problem = verify_replay(row)
        if problem is None:
            return row
        log.error("game %d frozen: %s", game_id, problem)
        async with self._lock:
            await self._db.execute(
                "UPDATE games SET status = 'frozen', result = ?, version = version + 1, updated_at = ? WHERE id = ?",
                (json.dumps({"frozen": problem}), self._clock(), game_id),
            )
        return await self.game(game_id)

    async def update_game(self, row: GameRow, **changes: Any) -> GameRow:
        """Write ``changes`` to the game if it still has ``row.version``; the version goes up by one.

        Raises :class:`ConflictError` (and writes nothing) when the stored version differs.
        """
        columns = []
        values: list[Any] = []
        for name, value in changes.items():
            if name not in {"state", "moves", "status", "result", "deadline", "remind_stage", "last_move_at",
                            "board_message_id", "takeback_by", "draw_by", "time_per_move", "thread_id"}:
                raise ValueError(f"cannot change {name!r}")
            columns.append(f"{name} = ?")
            values.append(json.dumps(value) if name in ("state", "moves", "result") and value is not None else value)
        now = self._clock()
        columns += ["version = version + 1", "updated_at = ?"]
        values += [now, row.id, row.version]
        cursor = await self._write(f"UPDATE games SET {', '.join(columns)} WHERE id = ? AND version = ?", values)
        if cursor.rowcount != 1:
            raise ConflictError(f"game {row.id} changed since version {row.version}")
        return replace(row, **changes, version=row.version + 1, updated_at=now)

    async def active_games_of(self, user_id: int) -> list[GameRow]:
        rows = await self._all(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE status = 'active' AND (white_id = ? OR black_id = ?) ORDER BY id",
            (user_id, user_id),
        )
        return [_game(r) for r in rows]

    async def active_games_in(self, chat_id: int) -> list[GameRow]:
        rows = await self._all(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE status = 'active' AND chat_id = ? ORDER BY id", (chat_id,)
        )
        return [_game(r) for r in rows]

    async def latest_game_of(self, user_id: int, chat_id: int) -> GameRow | None:
        """The user's most recent game in the chat, finished or not."""
        row = await self._one(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE chat_id = ? AND (white_id = ? OR black_id = ?) ORDER BY id DESC LIMIT 1",
            (chat_id, user_id, user_id),
        )
        return _game(row) if row else None

    async def game_by_board_message(self, chat_id: int, message_id: str) -> GameRow | None:
        row = await self._one(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE chat_id = ? AND board_message_id = ? ORDER BY id DESC LIMIT 1",
            (chat_id, message_id),
        )
        return _game(row) if row else None

    async def games_with_clocks(self) -> list[GameRow]:
        """Active games with a time limit: the ones that may need a reminder or a loss on time."""
        rows = await self._all(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE status = 'active' AND deadline IS NOT NULL ORDER BY deadline"
        )
        return [_game(r) for r in rows]

    async def all_games(self) -> list[GameRow]:
        rows = await self._all(f"SELECT {_GAME_COLUMNS} FROM games ORDER BY id")
        return [_game(r) for r in rows]

    # -- ratings ---------------------------------------------------------------------------------

    async def rating(self, user_id: int, game: str, scope: str) -> Rating:
        row = await self._one("SELECT * FROM ratings WHERE user_id = ? AND game = ? AND scope = ?", (user_id, game, scope))
        if row is None:
            return Rating(user_id, game, scope, 1500.0, 0, 0, 0, 0)
        return _rating(row)

    async def save_ratings(self, ratings: list[Rating]) -> None:
        """Write several ratings in one transaction."""
        async with self._lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                await self._db.executemany(
                    "INSERT INTO ratings (user_id, game, scope, rating, games, wins, losses, draws)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
                    " ON CONFLICT (user_id, game, scope) DO UPDATE SET rating = excluded.rating, games = excluded.games,"
                    " wins = excluded.wins, losses = excluded.losses, draws = excluded.draws",
                    [(r.user_id, r.game, r.scope, r.rating, r.games, r.wins, r.losses, r.draws) for r in ratings],
                )
                await self._db.execute("COMMIT")
            except BaseException:
                await self._db.execute("ROLLBACK")
                raise

    async def top(self, game: str, scope: str, limit: int = 10) -> list[tuple[Rating, User]]:
        rows = await self._all(
            "SELECT r.*, u.id AS u_id, u.platform, u.platform_id, u.name, u.language, u.prefs FROM ratings r"
            " JOIN users u ON u.id = r.user_id WHERE r.game = ? AND r.scope = ? AND r.games > 0"
            " ORDER BY r.rating DESC, r.games DESC LIMIT ?",
            (game, scope, limit),
        )
        return [(_rating(r), User(r["u_id"], r["platform"], r["platform_id"], r["name"], r["language"], json.loads(r["prefs"])))
                for r in rows]

    async def ratings_of(self, user_id: int) -> list[Rating]:
        rows = await self._all("SELECT * FROM ratings WHERE user_id = ? ORDER BY game, scope", (user_id,))
        return [_rating(r) for r in rows]

    async def backup(self, target: str | Path) -> None:
        """A consistent copy of the database at ``target`` while it is in use."""
        async with self._lock:
            destination = await aiosqlite.connect(str(target))
            try:
                await self._db.backup(destination)
            finally:
                await destination.close()


def verify_replay(row: GameRow) -> str | None:
    """``None`` when the move list replays to the stored state, else what went wrong."""
    try:
        game = get_game(row.game)
        replayed = game.replay(row.moves, **row.options)
        stored = game.state_from_dict(row.state)
    except (KeyError, ValueError, MoveError) as exc:
        return f"replay failed: {exc}"
    if replayed != stored:
        return f"the move list ({len(row.moves)} moves) does not give the stored position"
    return None


def _user(row: aiosqlite.Row) -> User:
    return User(row["id"], row["platform"], row["platform_id"], row["name"], row["language"], json.loads(row["prefs"]))


def _chat(row: aiosqlite.Row) -> Chat:
    return Chat(row["id"], row["platform"], row["platform_id"], json.loads(row["settings"]))


def _challenge(row: aiosqlite.Row) -> Challenge:
    return Challenge(
        row["id"], row["chat_id"], row["game"], json.loads(row["options"]), row["challenger_id"], row["target_id"],
        row["ai_level"], row["colour"], row["time_per_move"], row["status"], row["created_at"], row["game_id"],
    )


def _game(row: aiosqlite.Row) -> GameRow:
    return GameRow(
        id=row["id"], game=row["game"], options=json.loads(row["options"]), chat_id=row["chat_id"],
        white_id=row["white_id"], black_id=row["black_id"], ai_level=row["ai_level"], state=json.loads(row["state"]),
        moves=json.loads(row["moves"]), status=row["status"], result=json.loads(row["result"]) if row["result"] else None,
        time_per_move=row["time_per_move"], deadline=row["deadline"], remind_stage=row["remind_stage"],
        last_move_at=row["last_move_at"], version=row["version"], created_at=row["created_at"], updated_at=row["updated_at"],
        board_message_id=row["board_message_id"], takeback_by=row["takeback_by"], draw_by=row["draw_by"],
        thread_id=row["thread_id"],
    )


def _rating(row: aiosqlite.Row) -> Rating:
    return Rating(
        row["user_id"], row["game"], row["scope"], row["rating"], row["games"], row["wins"], row["losses"], row["draws"]
    )
