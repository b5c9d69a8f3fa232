"""The rows the store keeps: users, chats, challenges, games and ratings."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar


class StoreError(Exception):
    """Base class of storage errors."""


class StoreUnavailable(StoreError):
    """The database cannot be reached right now (a server down, a connection lost): nothing was written."""


class ConflictError(StoreError):
    """The row changed since it was read (another move, another process): nothing was written."""


class GameBusy(ConflictError):
    """Another process is making a move in the game and did not finish in time: nothing was written."""


class NotFoundError(StoreError):
    """No row with that id."""


@dataclass(frozen=True)
class User:
    id: int
    platform: str
    platform_id: str
    name: str
    language: str | None = None
    prefs: dict[str, Any] = field(default_factory=dict)
    player_id: int | None = None  # the first account of the player this one is linked to (None: its own player)

    @property
    def player(self) -> int:
        """The id of the player this account is: its own, or its first account's when linked to one."""
        return self.player_id or self.id

    @property
    def is_bot(self) -> bool:
        """True for the built-in opponent's own user row."""
        return self.platform == "bot"


@dataclass(frozen=True)
class Chat:
    id: int
    platform: str
    platform_id: str
    settings: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Challenge:
    id: int
    chat_id: int
    game: str
    options: dict[str, Any]
    challenger_id: int
    target_id: int | None  # None: anyone in the chat may accept
    ai_level: str | None  # set when the challenge is against the built-in opponent
    colour: str  # the challenger's colour: "white", "black" or "random"
    time_per_move: int | None  # seconds, None for no limit
    status: str  # open, accepted, declined, cancelled
    created_at: float
    game_id: int | None = None
    rated: bool = True  # an unrated game changes no rating (and allows takebacks against the bot)


@dataclass(frozen=True)
class GameRow:
    """A game as stored. ``moves`` alone rebuilds ``state`` from ``options``."""

    id: int
    game: str
    options: dict[str, Any]
    chat_id: int
    white_id: int
    black_id: int
    ai_level: str | None
    state: dict[str, Any]
    moves: list[str]
    status: str  # active, finished, frozen, aborted
    result: dict[str, Any] | None
    time_per_move: int | None
    deadline: float | None
    remind_stage: int
    last_move_at: float
    version: int
    created_at: float
    updated_at: float
    board_message_id: str | None = None
    takeback_by: int | None = None
    draw_by: int | None = None
    thread_id: str | None = None
    rated: bool = True
    verified: bool = False  # this version's state was checked against its move list (or made from a checked one)
    guest_chat_id: int | None = None  # a second chat it is played from (its boards go there too), or None
    guest_id: int | None = None  # the player who plays from the guest chat

    @property
    def chats(self) -> tuple[int, ...]:
        """The chats the game is played in: its own, then its guest chat (a player's chat elsewhere) if it has one."""
        return (self.chat_id,) if self.guest_chat_id is None else (self.chat_id, self.guest_chat_id)

    def chat_of(self, user_id: int) -> int:
        """The chat the player ``user_id`` plays the game from (the game's own chat for anyone else)."""
        return self.guest_chat_id if self.guest_chat_id is not None and user_id == self.guest_id else self.chat_id

    def player_of(self, side: str) -> int:
        """The user id playing ``side``."""
        return self.white_id if side == "white" else self.black_id

    def side_of(self, user_id: int) -> str | None:
        """``"white"``, ``"black"`` or ``None`` when the user does not play here."""
        if user_id == self.white_id:
            return "white"
        if user_id == self.black_id:
            return "black"
        return None


@dataclass(frozen=True)
class Rating:
    user_id: int
    game: str
    scope: str  # "all" or "chat:<id>"
    rating: float
    games: int
    wins: int
    losses: int
    draws: int


async def until_taken(take: Callable[[], Awaitable[bool]], wait: float, what: str) -> None:
    """Call ``take`` until it says it took a lock, pausing a little longer each time; :class:`GameBusy` (about
    ``what``) when ``wait`` seconds pass first."""
    give_up = time.monotonic() + wait
    delay = 0.005
    while not await take():
        if time.monotonic() > give_up:
            raise GameBusy(f"{what} is busy")
        await asyncio.sleep(delay)
        delay = min(delay * 2, 0.2)


R = TypeVar("R")
T = TypeVar("T")


async def until_written(read: Callable[[int], Awaitable[R]], change: Callable[[R], Awaitable[T]], tries: int = 3) -> T:
    """Run ``change`` on ``read(attempt)`` (the row as read for that attempt, from 0) until it writes without a
    :class:`ConflictError`, at most ``tries`` times; the last conflict when every try has one."""
    for attempt in range(tries):
        row = await read(attempt)
        try:
            return await change(row)
        except ConflictError:
            if attempt == tries - 1:
                raise
    raise AssertionError("unreachable")
