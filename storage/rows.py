"""Stored rows as the storage's models, and the replay check of a stored game."""

from __future__ import annotations

import json
from typing import Any

from rules import MoveError, get_game
from storage.driver import Row, Statements
from storage.models import Challenge, Chat, GameRow, NotFoundError, Rating, StoreError, User

GAME_COLUMNS = (
    "id, game, options, chat_id, white_id, black_id, ai_level, state, moves, status, result, time_per_move, "
    "deadline, remind_stage, last_move_at, version, created_at, updated_at, board_message_id, takeback_by, draw_by, thread_id, "
    "rated, verified_version, guest_chat_id, guest_id"
)

#: The largest id a row can have (PostgreSQL's INTEGER; SQLite's are never larger in practice).
MAX_ID = 2**31 - 1


def checked_id(kind: str, number: int) -> int:
    """``number`` if it can be the id of a row, else :class:`NotFoundError` (never a database error)."""
    if not isinstance(number, int) or not 0 < number <= MAX_ID:
        raise NotFoundError(f"no {kind} {number}")
    return number


def verify_replay(row: GameRow) -> str | None:
    """``None`` when the move list replays to the stored state, else what went wrong."""
    try:
        game = get_game(row.game)
        replayed = game.replay(row.moves, **row.options)
        stored = game.state_from_dict(row.state)
    except (KeyError, ValueError, TypeError, AttributeError, MoveError) as exc:
        return f"replay failed: {exc}"
    if replayed != stored:
        return f"the move list ({len(row.moves)} moves) does not give the stored position"
    return None


async def insert_game(db: Statements, *, game: str, options: dict[str, Any], chat_id: int, white_id: int, black_id: int,
                      ai_level: str | None, state: dict[str, Any], time_per_move: int | None, rated: bool,
                      now: float, first_look: float | None = None, guest: tuple[int, int] | None = None) -> int:
    """Create an active game in the caller's transaction ``db`` (its first deadline running from ``now``, the clocks'
    first look at it at ``first_look``, or at once when not given; ``guest``: the player who plays it from a chat of
    their own, and that chat); its id."""
    deadline = now + time_per_move if time_per_move else None
    to_move = {"white": white_id, "black": black_id}.get(str(state.get("to_play")))
    return await db.insert(
        "INSERT INTO games (game, options, chat_id, white_id, black_id, ai_level, state, moves, status,"
        " time_per_move, deadline, last_move_at, created_at, updated_at, rated, to_move_id, clock_due,"
        " verified_version, guest_id, guest_chat_id) VALUES (?, ?, ?, ?, ?, ?, ?, '[]', 'active', ?, ?, ?, ?, ?, ?, ?, ?, 1,"
        " ?, ?)"
        " RETURNING id",
        (game, json.dumps(options), chat_id, white_id, black_id, ai_level, json.dumps(state), time_per_move, deadline,
         now, now, now, int(rated), to_move, None if deadline is None else first_look if first_look is not None else now,
         *(guest or (None, None))),
    )


def user_of(row: Row) -> User:
    return User(row["id"], row["platform"], row["platform_id"], row["name"], row["language"], json.loads(row["prefs"]),
                row["player_id"] if "player_id" in row.keys() else None)  # noqa: SIM118 (an sqlite3.Row: "in" reads values)


def chat_of(row: Row) -> Chat:
    return Chat(row["id"], row["platform"], row["platform_id"], json.loads(row["settings"]))


def challenge_of(row: Row) -> Challenge:
    return Challenge(
        row["id"], row["chat_id"], row["game"], json.loads(row["options"]), row["challenger_id"], row["target_id"],
        row["ai_level"], row["colour"], row["time_per_move"], row["status"], row["created_at"], row["game_id"],
        bool(row["rated"]),
    )


class CorruptRow(StoreError):
    """A stored game whose columns cannot be read; ``problem`` says which and why."""

    def __init__(self, game_id: int, problem: str) -> None:
        super().__init__(f"game {game_id} cannot be read: {problem}")
        self.game_id = game_id
        self.problem = problem


def _json(row: Row, column: str, kind: type) -> Any:
    try:
        value = json.loads(row[column]) if row[column] is not None else None
    except (TypeError, ValueError) as exc:
        raise CorruptRow(row["id"], f"{column} is not JSON ({exc})") from None
    if not isinstance(value, kind):
        raise CorruptRow(row["id"], f"{column} is not a JSON {kind.__name__}")
    return value


def game_of(row: Row) -> GameRow:
    """The game of a stored row; :class:`CorruptRow` when a column cannot be read."""
    moves = _json(row, "moves", list)
    if not all(isinstance(m, str) for m in moves):
        raise CorruptRow(row["id"], "moves holds something other than move texts")
    result = _json(row, "result", dict) if row["result"] else None
    return GameRow(
        id=row["id"], game=row["game"], options=_json(row, "options", dict), chat_id=row["chat_id"],
        white_id=row["white_id"], black_id=row["black_id"], ai_level=row["ai_level"], state=_json(row, "state", dict),
        moves=moves, status=row["status"], result=result,
        time_per_move=row["time_per_move"], deadline=row["deadline"], remind_stage=row["remind_stage"],
        last_move_at=row["last_move_at"], version=row["version"], created_at=row["created_at"], updated_at=row["updated_at"],
        board_message_id=row["board_message_id"], takeback_by=row["takeback_by"], draw_by=row["draw_by"],
        thread_id=row["thread_id"], rated=bool(row["rated"]), verified=row["verified_version"] == row["version"],
        guest_chat_id=row["guest_chat_id"], guest_id=row["guest_id"],
    )


def unreadable_game(row: Row, problem: str) -> GameRow:
    """A frozen stand-in for a game whose columns cannot be read (they stay as they are, as evidence)."""
    return GameRow(
        id=row["id"], game=str(row["game"]), options={}, chat_id=row["chat_id"], white_id=row["white_id"],
        black_id=row["black_id"], ai_level=row["ai_level"], state={}, moves=[], status="frozen",
        result={"frozen": problem, "unreadable": True}, time_per_move=row["time_per_move"], deadline=None,
        remind_stage=row["remind_stage"], last_move_at=row["last_move_at"], version=row["version"],
        created_at=row["created_at"], updated_at=row["updated_at"], board_message_id=row["board_message_id"],
        takeback_by=None, draw_by=None, thread_id=row["thread_id"], guest_chat_id=row["guest_chat_id"],
        guest_id=row["guest_id"],
    )


def rating_of(row: Row) -> Rating:
    return Rating(
        row["user_id"], row["game"], row["scope"], row["rating"], row["games"], row["wins"], row["losses"], row["draws"]
    )
