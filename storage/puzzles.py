"""The puzzle tables of the SQL store (mixed into :class:`storage.sql.SqlStore`): the puzzle open in each chat,
the players' puzzle ratings and streaks, the puzzles' own ratings, and the daily puzzles sent."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from storage.driver import Driver, Row, Statements
from storage.links import PLAYER_OF
from storage.models import ConflictError, User
from storage.outbox import Outgoing
from storage.rows import user_of

START_RATING = 1500.0
FIRST_RATING = ("INSERT INTO puzzle_ratings (game, number, rating, attempts) VALUES (?, ?, ?, 0)"
                " ON CONFLICT (game, number) DO NOTHING")  # a rating a puzzle has is kept
#: How a player's rating and a puzzle's change with one attempt: (player, puzzle) → (player, puzzle).
PuzzleRule = Callable[[float, float], tuple[float, float]]


@dataclass(frozen=True)
class PuzzleSession:
    """The puzzle open in a chat: ``step`` moves of its line are played; ``failed`` and ``hinted`` are the
    users who made a wrong move or asked for a hint (their attempt is scored already, or not at all)."""

    chat_id: int
    game: str
    number: int
    step: int
    failed: tuple[int, ...]
    hinted: tuple[int, ...]
    day: str | None  # the date of a daily puzzle
    version: int
    created_at: float


@dataclass(frozen=True)
class PuzzleScore:
    """A player's puzzle rating in one scope (``all`` or ``chat:<id>``), with the puzzles solved and failed."""

    user_id: int
    scope: str
    rating: float
    solved: int
    failed: int
    streak: int
    best_streak: int
    unrated_solved: int = 0  # finished after a hint or a wrong try: no rating change, but solved all the same


def _session_of(row: Row) -> PuzzleSession:
    return PuzzleSession(row["chat_id"], row["game"], row["number"], row["step"], tuple(json.loads(row["failed"])),
                         tuple(json.loads(row["hinted"])), row["day"], row["version"], row["created_at"])


def _score_of(row: Row) -> PuzzleScore:
    return PuzzleScore(row["user_id"], row["scope"], row["rating"], row["solved"], row["failed"], row["streak"],
                       row["best_streak"], row["unrated_solved"])


class PuzzleTable:
    """Puzzles in chats. Every change to an open puzzle is checked against its version, like a game's."""

    _db: Driver
    _clock: Callable[[], float]

    owe: Callable[[Statements, list[Outgoing]], Awaitable[None]]  # the outbox table's

    async def puzzle_session(self, chat_id: int) -> PuzzleSession | None:
        """The puzzle open in the chat, if any."""
        row = await self._db.fetch_one("SELECT * FROM puzzle_sessions WHERE chat_id = ?", (chat_id,))
        return _session_of(row) if row else None

    async def open_puzzle(self, chat_id: int, game: str, number: int, day: str | None = None,
                          owe: Sequence[Outgoing] = ()) -> PuzzleSession | None:
        """Open puzzle ``number`` of ``game`` in the chat (closing the one open there), note it was shown and write
        what that owes the chat. With ``day`` it is that day's daily puzzle: None when some process opened the
        day's puzzle already (then that process sends it, not this one)."""
        now = self._clock()
        async with self._db.transaction() as db:
            if day is not None and await db.execute(
                    "INSERT INTO puzzle_days (chat_id, day, game, number) VALUES (?, ?, ?, ?)"
                    " ON CONFLICT (chat_id, day) DO NOTHING", (chat_id, day, game, number)) != 1:
                return None
            await db.execute("DELETE FROM puzzle_sessions WHERE chat_id = ?", (chat_id,))
            await db.execute("INSERT INTO puzzle_sessions (chat_id, game, number, step, day, created_at)"
                             " VALUES (?, ?, ?, 0, ?, ?)", (chat_id, game, number, day, now))
            await db.execute("INSERT INTO puzzle_history (chat_id, game, number, created_at) VALUES (?, ?, ?, ?)",
                             (chat_id, game, number, now))
            await self.owe(db, list(owe))
        return PuzzleSession(chat_id, game, number, 0, (), (), day, 1, now)

    async def last_puzzle_shown(self, chat_id: int) -> tuple[str, int, float] | None:
        """(game, number, when) of the puzzle the chat was shown last, if any."""
        row = await self._db.fetch_one("SELECT game, number, created_at FROM puzzle_history WHERE chat_id = ?"
                                       " ORDER BY created_at DESC LIMIT 1", (chat_id,))
        return None if row is None else (str(row["game"]), int(row["number"]), float(row["created_at"]))

    async def puzzles_shown(self, chat_id: int, game: str) -> frozenset[int]:
        """The numbers of the puzzles of ``game`` the chat has been shown."""
        rows = await self._db.fetch_all("SELECT number FROM puzzle_history WHERE chat_id = ? AND game = ?",
                                        (chat_id, game))
        return frozenset(row["number"] for row in rows)

    async def change_puzzle(self, session: PuzzleSession, *, step: int | None = None, failed: int | None = None,
                            hinted: int | None = None, attempt: tuple[int, float, PuzzleRule] | None = None,
                            close: bool = False, solver: int | None = None,
                            unrated_solver: int | None = None) -> PuzzleSession:
        """Change the open puzzle as read in ``session`` (:class:`ConflictError` if it changed since): play on
        to ``step``, note a user who ``failed`` or was ``hinted``, score an ``attempt`` (user, score, rule), count an
        ``unrated_solver``'s solve, and ``close`` it (with the ``solver`` of a daily puzzle noted for the next day's
        message)."""
        new_failed = session.failed + ((failed,) if failed is not None and failed not in session.failed else ())
        new_hinted = session.hinted + ((hinted,) if hinted is not None and hinted not in session.hinted else ())
        new_step = session.step if step is None else step
        async with self._db.transaction() as db:
            if close:
                changed = await db.execute("DELETE FROM puzzle_sessions WHERE chat_id = ? AND version = ?",
                                           (session.chat_id, session.version))
            else:
                changed = await db.execute(
                    "UPDATE puzzle_sessions SET step = ?, failed = ?, hinted = ?, version = version + 1"
                    " WHERE chat_id = ? AND version = ?",
                    (new_step, json.dumps(new_failed), json.dumps(new_hinted), session.chat_id, session.version))
            if changed != 1:
                raise ConflictError(f"the puzzle in chat {session.chat_id} changed")
            if attempt is not None:
                await self._score(db, session, *attempt)
            if unrated_solver is not None:
                for scope in ("all", f"chat:{session.chat_id}"):
                    await db.execute(f"INSERT INTO puzzle_scores (user_id, scope, rating) VALUES ({PLAYER_OF}, ?, ?)"
                                     " ON CONFLICT (user_id, scope) DO NOTHING", (unrated_solver, scope, START_RATING))
                    await db.execute("UPDATE puzzle_scores SET unrated_solved = unrated_solved + 1"
                                     f" WHERE user_id = {PLAYER_OF} AND scope = ?", (unrated_solver, scope))
            if close and solver is not None and session.day is not None:
                await db.execute("UPDATE puzzle_days SET solvers = ? WHERE chat_id = ? AND day = ?",
                                 (json.dumps([solver]), session.chat_id, session.day))
        return PuzzleSession(session.chat_id, session.game, session.number, new_step, new_failed, new_hinted,
                             session.day, session.version + 1, session.created_at)

    async def _score(self, db: Statements, session: PuzzleSession, account: int, score: float, rule: PuzzleRule) -> None:
        lock = " FOR UPDATE" if self._db.dialect == "postgresql" else ""
        found_player = await db.fetch_one(f"SELECT {PLAYER_OF} AS player", (account,))
        user_id = int(found_player["player"]) if found_player else account  # the score is the player's
        await db.execute(FIRST_RATING, (session.game, session.number, START_RATING))
        found = await db.fetch_one(f"SELECT rating FROM puzzle_ratings WHERE game = ? AND number = ?{lock}",
                                   (session.game, session.number))
        puzzle_rating = float(found["rating"]) if found else START_RATING
        new_puzzle = puzzle_rating
        for scope in ("all", f"chat:{session.chat_id}"):
            await db.execute("INSERT INTO puzzle_scores (user_id, scope, rating) VALUES (?, ?, ?)"
                             " ON CONFLICT (user_id, scope) DO NOTHING", (user_id, scope, START_RATING))
            row = await db.fetch_one(f"SELECT * FROM puzzle_scores WHERE user_id = ? AND scope = ?{lock}", (user_id, scope))
            assert row is not None
            mine = _score_of(row)
            rating, puzzle_after = rule(mine.rating, puzzle_rating)
            if scope == "all":
                new_puzzle = puzzle_after
            won = score >= 1.0
            streak = mine.streak + 1 if won else 0
            await db.execute(
                "UPDATE puzzle_scores SET rating = ?, solved = ?, failed = ?, streak = ?, best_streak = ?"
                " WHERE user_id = ? AND scope = ?",
                (rating, mine.solved + won, mine.failed + (not won), streak, max(mine.best_streak, streak), user_id, scope))
        await db.execute("UPDATE puzzle_ratings SET rating = ?, attempts = attempts + 1 WHERE game = ? AND number = ?",
                         (new_puzzle, session.game, session.number))

    async def set_puzzle_rating(self, game: str, number: int, rating: float) -> None:
        """Give a puzzle its starting rating the first time it is shown (a rating it has is kept)."""
        await self._db.execute(FIRST_RATING, (game, number, rating))

    async def puzzle_rating(self, game: str, number: int) -> float | None:
        row = await self._db.fetch_one("SELECT rating FROM puzzle_ratings WHERE game = ? AND number = ?", (game, number))
        return float(row["rating"]) if row else None

    async def puzzle_score(self, user_id: int, scope: str) -> PuzzleScore | None:
        """The puzzle score of user ``user_id``'s player in ``scope``, or None before its first puzzle."""
        row = await self._db.fetch_one(f"SELECT * FROM puzzle_scores WHERE user_id = {PLAYER_OF} AND scope = ?",
                                       (user_id, scope))
        return _score_of(row) if row else None

    async def top_puzzle_scores(self, scope: str, limit: int) -> list[tuple[PuzzleScore, User]]:
        """The best puzzle ratings of ``scope``, highest first."""
        rows = await self._db.fetch_all(
            "SELECT s.*, u.id AS uid, u.platform, u.platform_id, u.name, u.language, u.prefs FROM puzzle_scores s"
            " JOIN users u ON u.id = s.user_id WHERE s.scope = ? AND s.solved + s.failed + s.unrated_solved > 0"
            " AND u.player_id IS NULL"
            " ORDER BY s.rating DESC, s.user_id LIMIT ?", (scope, limit))
        return [(_score_of(row), user_of({**row, "id": row["uid"]})) for row in rows]

    async def puzzle_day(self, chat_id: int, day: str) -> tuple[str, int, list[int]] | None:
        """The game, number and solvers of the chat's daily puzzle of ``day``."""
        row = await self._db.fetch_one("SELECT * FROM puzzle_days WHERE chat_id = ? AND day = ?", (chat_id, day))
        return (row["game"], row["number"], list(json.loads(row["solvers"]))) if row else None

    async def chats_with_daily_puzzles(self) -> list[int]:
        """The chats whose settings ask for a daily puzzle."""
        rows = await self._db.fetch_all("SELECT id FROM chats WHERE settings LIKE ? ORDER BY id", ('%"puzzle_daily"%',))
        return [row["id"] for row in rows]

