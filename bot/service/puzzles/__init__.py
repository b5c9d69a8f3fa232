"""Puzzles in the chats: the puzzle open in each chat and its answers (:mod:`.sessions`), and the daily puzzle
(:mod:`.daily`). The sets and their proofs are :mod:`ai.puzzles`."""

from bot.service.options import daily_time, zone_of
from bot.service.puzzles.daily import daily, redelivered
from bot.service.puzzles.sessions import (
    ambiguous,
    answer,
    difficulty_word,
    find_of,
    game_index,
    game_keys,
    game_of_index,
    goal_line,
    hint,
    hint_text,
    move_choices,
    open_numbered,
    position,
    read_move,
    show,
    solution,
    start,
    title_line,
)

__all__ = [
    "ambiguous",
    "answer",
    "daily",
    "daily_time",
    "difficulty_word",
    "find_of",
    "game_index",
    "game_keys",
    "game_of_index",
    "goal_line",
    "hint",
    "hint_text",
    "move_choices",
    "open_numbered",
    "position",
    "read_move",
    "redelivered",
    "show",
    "solution",
    "start",
    "title_line",
    "zone_of",
]
