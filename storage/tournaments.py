"""The tournament tables of the SQL store (mixed into :class:`storage.sql.SqlStore`): tournaments, their
entrants, and the boards of their rounds (each a game of the chat, a bye or a forfeit).

Every change to a tournament is ``UPDATE … WHERE id = ? AND version = ?``, like a game's: a round is begun
by one process once, whatever restarts or other processes do meanwhile.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from storage.driver import Driver, Row, Statements
from storage.models import ConflictError, NotFoundError
from storage.outbox import Outgoing
from storage.rows import checked_id, insert_game

LIVE = "status IN ('open', 'running')"  # a chat has at most one tournament in these states


@dataclass(frozen=True)
class Tournament:
    """A tournament of one chat: ``system`` ``swiss`` or ``roundrobin`` (``cycles`` 2: double), ``rounds`` in all
    (a round robin's once it starts), ``round`` the one being played (0 before the start); ``status`` ``open``,
    ``running``, ``finished`` or ``cancelled``."""

    id: int
    chat_id: int
    creator_id: int
    game: str
    options: dict[str, Any]
    system: str
    cycles: int
    rounds: int
    time_per_move: int | None
    rated: bool
    status: str
    round: int
    language: str
    version: int
    created_at: float


@dataclass(frozen=True)
class Entrant:
    """A player of a tournament: ``seed`` orders them (joining order, then ratings at the start); ``withdrawn`` is
    the round in which they left, if they did."""

    user_id: int
    seed: int
    withdrawn: int | None


@dataclass(frozen=True)
class BoardRow:
    """A board of a round as stored, with its game's status and result when it has a game."""

    round: int
    board: int
    white_id: int
    black_id: int | None
    game_id: int | None
    white_points: int | None
    black_points: int | None
    game_status: str | None
    game_result: dict[str, Any] | None


@dataclass(frozen=True)
class PlannedBoard:
    """A board of a round about to begin: a new game (``state`` its first position), or a result given at once
    (a bye, a forfeit) in ``points`` (white's, black's; in halves)."""

    white_id: int
    black_id: int | None
    state: dict[str, Any] | None = None
    ai_level: str | None = None
    points: tuple[int, int | None] | None = None


def _tournament_of(row: Row) -> Tournament:
    return Tournament(row["id"], row["chat_id"], row["creator_id"], row["game"], json.loads(row["options"]),
                      row["system"], row["cycles"], row["rounds"], row["time_per_move"], bool(row["rated"]),
                      row["status"], row["round"], row["language"], row["version"], row["created_at"])


class TournamentTable:
    """Tournaments: created, joined and left while open, begun round by round, finished or cancelled."""

    _db: Driver
    _clock: Callable[[], float]

    owe: Callable[[Statements, list[Outgoing]], Awaitable[None]]  # the outbox table's

    async def create_tournament(self, chat_id: int, creator_id: int, game: str, options: dict[str, Any], system: str,
                                cycles: int, rounds: int, time_per_move: int | None, rated: bool,
                                language: str) -> Tournament | None:
        """A new open tournament in the chat, its creator its first entrant; ``None`` when the chat has one open or
        running already."""
        now = self._clock()
        async with self._db.transaction() as db:
            if await db.fetch_one(f"SELECT id FROM tournaments WHERE chat_id = ? AND {LIVE}",
                                  (chat_id,)):
                return None
            tournament_id = await db.insert(
                "INSERT INTO tournaments (chat_id, creator_id, game, options, system, cycles, rounds, time_per_move,"
                " rated, language, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                (chat_id, creator_id, game, json.dumps(options), system, cycles, rounds, time_per_move, int(rated),
                 language, now, now))
            await db.execute("INSERT INTO tournament_players (tournament_id, user_id, seed) VALUES (?, ?, 1)",
                             (tournament_id, creator_id))
        return await self.tournament(tournament_id)

    async def tournament(self, tournament_id: int) -> Tournament:
        row = await self._db.fetch_one("SELECT * FROM tournaments WHERE id = ?", (checked_id("tournament", tournament_id),))
        if row is None:
            raise NotFoundError(f"no tournament {tournament_id}")
        return _tournament_of(row)

    async def live_tournament(self, chat_id: int) -> Tournament | None:
        """The chat's open or running tournament, if any."""
        row = await self._db.fetch_one(f"SELECT * FROM tournaments WHERE chat_id = ? AND {LIVE}",
                                       (chat_id,))
        return _tournament_of(row) if row else None

    async def latest_tournament(self, chat_id: int) -> Tournament | None:
        """The chat's open or running tournament, else its last finished one."""
        row = await self._db.fetch_one(
            "SELECT * FROM tournaments WHERE chat_id = ? AND status IN ('open', 'running', 'finished')"
            " ORDER BY CASE WHEN status = 'finished' THEN 1 ELSE 0 END, id DESC LIMIT 1", (chat_id,))
        return _tournament_of(row) if row else None

    async def tournament_of_game(self, game_id: int) -> int | None:
        """The tournament whose round the game is a board of, if any."""
        row = await self._db.fetch_one("SELECT tournament_id FROM tournament_boards WHERE game_id = ?", (game_id,))
        return int(row["tournament_id"]) if row else None

    async def entrants(self, tournament_id: int) -> list[Entrant]:
        """The tournament's players in seed order."""
        rows = await self._db.fetch_all(
            "SELECT user_id, seed, withdrawn_round FROM tournament_players WHERE tournament_id = ? ORDER BY seed, user_id",
            (tournament_id,))
        return [Entrant(row["user_id"], row["seed"], row["withdrawn_round"]) for row in rows]

    async def tournament_boards(self, tournament_id: int) -> list[BoardRow]:
        """Every board of every round begun, in order, with its game's status and result."""
        rows = await self._db.fetch_all(
            "SELECT b.round, b.board, b.white_id, b.black_id, b.game_id, b.white_points, b.black_points,"
            " g.status AS game_status, g.result AS game_result FROM tournament_boards b"
            " LEFT JOIN games g ON g.id = b.game_id WHERE b.tournament_id = ? ORDER BY b.round, b.board",
            (tournament_id,))
        return [BoardRow(row["round"], row["board"], row["white_id"], row["black_id"], row["game_id"],
                         row["white_points"], row["black_points"], row["game_status"],
                         json.loads(row["game_result"]) if row["game_result"] else None) for row in rows]

    async def _bump(self, db: Statements, tournament: Tournament, while_status: str, *, versioned: bool = True,
                    **changes: Any) -> None:
        """Write ``changes`` to the tournament while it is ``while_status`` and (``versioned``) still has
        ``tournament.version``; :class:`ConflictError` otherwise. The row stays locked to the end of ``db``."""
        sets = "".join(f", {column} = ?" for column in changes)
        where = " AND version = ?" if versioned else ""
        changed = await db.execute(
            f"UPDATE tournaments SET version = version + 1, updated_at = ?{sets} WHERE id = ? AND status = ?{where}",
            (self._clock(), *changes.values(), tournament.id, while_status, *([tournament.version] if versioned else [])))
        if changed != 1:
            raise ConflictError(f"tournament {tournament.id} changed")

    async def join_tournament(self, tournament: Tournament, user_id: int, most: int) -> Literal["joined", "in", "full"]:
        """Enter the user in the open tournament: ``"joined"``, ``"in"`` (they were already) or ``"full"`` (it has
        ``most`` players). Others joining or leaving at the same time are no conflict; :class:`ConflictError` when
        it is no longer open (it began, or was cancelled). Each call changes the version, so a start that read the
        entrants before it conflicts."""
        async with self._db.transaction() as db:
            await self._bump(db, tournament, "open", versioned=False)  # first: the row's lock orders the entries
            if await db.fetch_one("SELECT 1 FROM tournament_players WHERE tournament_id = ? AND user_id = ?",
                                  (tournament.id, user_id)):
                return "in"
            found = await db.fetch_one("SELECT COUNT(*) AS n, MAX(seed) AS last FROM tournament_players"
                                       " WHERE tournament_id = ?", (tournament.id,))
            count, last = (int(found["n"]), int(found["last"] or 0)) if found else (0, 0)
            if count >= most:
                return "full"
            await db.execute("INSERT INTO tournament_players (tournament_id, user_id, seed) VALUES (?, ?, ?)",
                             (tournament.id, user_id, last + 1))
        return "joined"

    async def leave_tournament(self, tournament: Tournament, user_id: int, owe: Sequence[Outgoing] = ()) -> bool:
        """Take the user out of the tournament as read in ``tournament``: struck from it while it is open (others
        joining or leaving meanwhile are no conflict), withdrawn from the round being played once it runs (with what
        that owes the chat); ``False`` when they were not in it (or withdrew already). :class:`ConflictError` when
        it began or ended meanwhile (or, running, went on to another round)."""
        async with self._db.transaction() as db:
            await self._bump(db, tournament, tournament.status, versioned=tournament.status != "open")  # first: locks
            found = await db.fetch_one(
                "SELECT withdrawn_round FROM tournament_players WHERE tournament_id = ? AND user_id = ?",
                (tournament.id, user_id))
            if found is None or found["withdrawn_round"] is not None:
                return False
            if tournament.status == "open":
                await db.execute("DELETE FROM tournament_players WHERE tournament_id = ? AND user_id = ?",
                                 (tournament.id, user_id))
            else:
                await db.execute("UPDATE tournament_players SET withdrawn_round = ? WHERE tournament_id = ? AND user_id = ?",
                                 (max(tournament.round, 1), tournament.id, user_id))
            await self.owe(db, list(owe))
        return True

    async def begin_round(self, tournament: Tournament, number: int, boards: Sequence[PlannedBoard],
                          owe: Callable[[list[int | None]], Sequence[Outgoing]], *, rounds: int | None = None,
                          seeds: Sequence[int] = ()) -> Tournament:
        """Begin round ``number`` of the tournament as read in ``tournament``: its games created, its byes and
        forfeits scored, and what it owes the chat (``owe`` makes it from each board's new game id, ``None`` where
        no game is played) written, all at once; the first round also fixes ``rounds`` and the entrants' ``seeds``
        (user ids in seed order). :class:`ConflictError`, with nothing written, when another process began it
        (or anything else changed the tournament) since it was read."""
        now = self._clock()
        async with self._db.transaction() as db:
            await self._bump(db, tournament, tournament.status, status="running", round=number,
                             rounds=rounds if rounds is not None else tournament.rounds)
            for seed, user_id in enumerate(seeds, 1):
                await db.execute("UPDATE tournament_players SET seed = ? WHERE tournament_id = ? AND user_id = ?",
                                 (seed, tournament.id, user_id))
            game_ids: list[int | None] = []
            for board_number, board in enumerate(boards, 1):
                game_id = None
                if board.state is not None and board.black_id is not None:
                    game_id = await insert_game(db, game=tournament.game, options=tournament.options,
                                                chat_id=tournament.chat_id, white_id=board.white_id,
                                                black_id=board.black_id, ai_level=board.ai_level, state=board.state,
                                                time_per_move=tournament.time_per_move, rated=tournament.rated, now=now)
                white_points, black_points = board.points or (None, None)
                await db.execute(
                    "INSERT INTO tournament_boards (tournament_id, round, board, white_id, black_id, game_id,"
                    " white_points, black_points) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (tournament.id, number, board_number, board.white_id, board.black_id, game_id, white_points,
                     black_points))
                game_ids.append(game_id)
            await self.owe(db, list(owe(game_ids)))
        return await self.tournament(tournament.id)

    async def close_tournament(self, tournament: Tournament, status: str, owe: Sequence[Outgoing] = ()) -> Tournament:
        """Finish or cancel the tournament as read in ``tournament``, with what that owes the chat;
        :class:`ConflictError` when it changed meanwhile (another process closed it first)."""
        async with self._db.transaction() as db:
            await self._bump(db, tournament, tournament.status, status=status)
            await self.owe(db, list(owe))
        return await self.tournament(tournament.id)

    async def tournaments_between_rounds(self) -> list[Tournament]:
        """The running tournaments whose current round has no game left to play (the next round is due)."""
        rows = await self._db.fetch_all(
            "SELECT * FROM tournaments t WHERE t.status = 'running' AND NOT EXISTS ("
            " SELECT 1 FROM tournament_boards b JOIN games g ON g.id = b.game_id"
            " WHERE b.tournament_id = t.id AND b.round = t.round AND g.status IN ('active', 'frozen')) ORDER BY t.id")
        return [_tournament_of(row) for row in rows]
