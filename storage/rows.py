"""Stored rows as the storage's models, and the replay check of a stored game."""

from __future__ import annotations

import json

from rules import MoveError, get_game
from storage.driver import Row
from storage.models import Challenge, Chat, GameRow, NotFoundError, Rating, User

GAME_COLUMNS = (
    "id, game, options, chat_id, white_id, black_id, ai_level, state, moves, status, result, time_per_move, "
    "deadline, remind_stage, last_move_at, version, created_at, updated_at, board_message_id, takeback_by, draw_by, thread_id"
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
    except (KeyError, ValueError, MoveError) as exc:
        return f"replay failed: {exc}"
    if replayed != stored:
        return f"the move list ({len(row.moves)} moves) does not give the stored position"
    return None


def user_of(row: Row) -> User:
    return User(row["id"], row["platform"], row["platform_id"], row["name"], row["language"], json.loads(row["prefs"]))


def chat_of(row: Row) -> Chat:
    return Chat(row["id"], row["platform"], row["platform_id"], json.loads(row["settings"]))


def challenge_of(row: Row) -> Challenge:
    return Challenge(
        row["id"], row["chat_id"], row["game"], json.loads(row["options"]), row["challenger_id"], row["target_id"],
        row["ai_level"], row["colour"], row["time_per_move"], row["status"], row["created_at"], row["game_id"],
    )


def game_of(row: Row) -> GameRow:
    return GameRow(
        id=row["id"], game=row["game"], options=json.loads(row["options"]), chat_id=row["chat_id"],
        white_id=row["white_id"], black_id=row["black_id"], ai_level=row["ai_level"], state=json.loads(row["state"]),
        moves=json.loads(row["moves"]), status=row["status"], result=json.loads(row["result"]) if row["result"] else None,
        time_per_move=row["time_per_move"], deadline=row["deadline"], remind_stage=row["remind_stage"],
        last_move_at=row["last_move_at"], version=row["version"], created_at=row["created_at"], updated_at=row["updated_at"],
        board_message_id=row["board_message_id"], takeback_by=row["takeback_by"], draw_by=row["draw_by"],
        thread_id=row["thread_id"],
    )


def rating_of(row: Row) -> Rating:
    return Rating(
        row["user_id"], row["game"], row["scope"], row["rating"], row["games"], row["wins"], row["losses"], row["draws"]
    )
