"""The games repository: the only owner of game rows and states in this process and the only writer of games.

Every write is checked against the row's version (:class:`~storage.ConflictError` when someone
else wrote first). With a shared database (other processes write too) rows are read fresh and a
database lock is held around each move.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import replace
from typing import Any, TypeVar

from bot.service.lanes import Lanes
from bot.service.lru import Recent
from rules import Outcome, get_game
from rules.core import State
from storage import Challenge, ConflictError, GameRow, Outgoing, SqlStore
from storage.models import until_written
from storage.tables import RatingRule

T = TypeVar("T")
DeadlineRule = Callable[[GameRow, State, float], Awaitable[float | None]]
RatingRuleFor = Callable[[GameRow, Outcome], RatingRule | None]


CACHED_GAMES = 2000  # rows and states kept in memory; finished games leave at once


class GameFrozen(Exception):
    """The game's move list does not give its stored state: it is frozen until someone looks."""

    def __init__(self, game_id: int) -> None:
        super().__init__(game_id)
        self.game_id = game_id


class Games:
    """Game rows and their states, cached by version; version-checked writes; per-game locks."""

    def __init__(self, store: SqlStore, *, shared: bool = False, clock: Callable[[], float] = time.time) -> None:
        self._store = store
        self._shared = shared
        self._clock = clock
        self._rows: Recent[int, GameRow] = Recent(CACHED_GAMES)
        self._states: Recent[int, tuple[int, State]] = Recent(CACHED_GAMES)
        self._lanes: Lanes[int] = Lanes()
        self.lock_wait = 10.0  # seconds a move waits for another process's move in the same game
        self.deadline_rule: DeadlineRule | None = None
        self.look_rule: Callable[[GameRow], Awaitable[float | None]] | None = None  # when the clocks next look at it
        self.first_look: Callable[[float, int], float] | None = None  # ... at a game begun then, with that time a move
        self._ended: list[int] = []  # games this process finished or called off, until someone takes them
        self.rating_rule: RatingRuleFor | None = None
        # Told (game id, new version) after every change a page shows (a move, an end, the clock): the web's live pages.
        self.watchers: list[Callable[[int, int | None], None]] = []  # (game, its new version; None: reviewed)

    # -- reading ---------------------------------------------------------------------------------

    async def row(self, game_id: int) -> GameRow:
        """The game as this process last wrote or read it (fresh from the database when shared).

        Raises :class:`~storage.NotFoundError`. A stale copy is caught by the version check on
        every write; refusals are checked against the database with :meth:`confirmed`.
        """
        row = None if self._shared else self._rows.get(game_id)
        if row is None:
            row = self._rows[game_id] = await self._store.game(game_id)
        return row

    async def of_chat(self, chat_id: int) -> list[GameRow]:
        """The chat's games as stored now: those going on, then the latest finished (see ``SqlStore.games_in``)."""
        return await self._store.games_in(chat_id)

    async def fresh(self, game_id: int) -> GameRow:
        """The game as stored now."""
        row = self._rows[game_id] = await self._store.game(game_id)
        return row

    async def confirmed(self, row: GameRow) -> GameRow | None:
        """The stored game when it is newer than ``row`` (another process moved), else ``None``."""
        fresh = await self.fresh(row.id)
        return fresh if fresh.version != row.version else None

    async def state(self, row: GameRow) -> State:
        """The position of ``row``, checked once against its move list; raise :class:`GameFrozen` when they differ."""
        cached = self._states.get(row.id)
        if cached and cached[0] == row.version:
            return cached[1]
        if row.verified and row.status != "frozen":  # this version's state was checked when written or first read
            state = get_game(row.game).state_from_dict(row.state)
            self._states[row.id] = (row.version, state)
            return state
        checked = await self._store.load_game(row.id)
        if checked.status == "frozen":
            self._rows[row.id] = checked
            raise GameFrozen(row.id)
        state = get_game(checked.game).state_from_dict(checked.state)
        self._states[row.id] = (checked.version, state)
        return state

    async def by_board_message(self, chat_id: int, message_id: str) -> GameRow | None:
        return await self._store.game_by_board_message(chat_id, message_id)

    async def active_in(self, chat_id: int) -> list[GameRow]:
        return await self._store.active_games_in(chat_id)

    async def active_of(self, user_id: int) -> list[GameRow]:
        return await self._store.active_games_of(user_id)

    async def bot_to_move(self) -> list[GameRow]:
        """Active games where the built-in opponent is to move (a restart, or a crash, left them waiting)."""
        return await self._store.games_bot_to_move()

    async def review_of(self, game_id: int) -> dict[str, Any] | None:
        """The kept review of a finished game, or ``None``."""
        return await self._store.review_of(game_id)

    async def save_review(self, game_id: int, body: dict[str, Any], owe: Sequence[Outgoing] = ()) -> None:
        """Keep a game's review, with what its making owes the chat (written together); its open pages show it."""
        await self._store.save_review(game_id, body, owe)
        for watcher in self.watchers:
            watcher(game_id, None)

    async def latest_of(self, user_id: int, chat_id: int) -> GameRow | None:
        return await self._store.latest_game_of(user_id, chat_id)

    async def clock_due(self, now: float) -> list[GameRow]:
        """Games whose clock needs a look by ``now`` (found by index, however many games there are)."""
        return await self._store.games_clock_due(now)

    async def next_clock_look(self, row: GameRow, when: float | None) -> None:
        """When the clocks should look at ``row`` again (``None``: never, it has no clock running)."""
        await self._store.set_clock_due(row, when)

    # -- writing ---------------------------------------------------------------------------------

    async def start(self, challenge: Challenge, white_id: int, black_id: int, state: State,
                    owe: Callable[[int], Sequence[Outgoing]] | None = None, guest: tuple[int, int] | None = None) -> GameRow:
        """Close the challenge and create its game, with what the start owes the chats (``owe`` makes it from the
        new game's id), played also from a guest's chat when ``guest`` (the player, the chat) is given; raise
        :class:`ConflictError` when it was taken meanwhile."""
        per_move = challenge.time_per_move

        def first_look(now: float) -> float | None:
            return self.first_look(now, per_move) if self.first_look is not None and per_move else None

        row = await self._store.accept_challenge(challenge, white_id, black_id, state.to_dict(), owe, first_look,
                                                 guest)
        if per_move and self.look_rule is not None and self.first_look is not None:
            look = await self.look_rule(row)  # the first player's quiet hours may want a notice before the first look
            if look is not None and look < self.first_look(row.last_move_at, per_move):
                await self.next_clock_look(row, look)
        self._rows[row.id] = row
        self._states[row.id] = (row.version, state)
        return row

    async def update(self, row: GameRow, *, rate: RatingRule | None = None, owe: Sequence[Outgoing] = (),
                     verified: bool = False, **changes: Any) -> GameRow:
        """Write ``changes`` (and the ratings ``rate`` gives, and the outbox items ``owe``) if the game still has
        ``row.version``; raise :class:`ConflictError` otherwise (nothing written). A change to the clock sets when
        the clocks next look at the game (``look_rule``: its next reminder, warning or deadline), so a tick reads
        only the games really due."""
        clock_changed = {"deadline", "remind_stage", "status", "time_per_move"} & set(changes)
        if clock_changed and "clock_due" not in changes and self.look_rule is not None:
            after = replace(row, **{k: v for k, v in changes.items() if k in GameRow.__dataclass_fields__})
            changes["clock_due"] = await self.look_rule(after) if after.status == "active" else None
        try:
            new = await self._store.update_game(row, rate=rate, owe=owe, verified=verified, **changes)
        except ConflictError:
            self._rows.pop(row.id, None)
            raise
        self._rows[new.id] = new
        if changes.get("status") in ("finished", "aborted"):
            self._ended.append(new.id)
        if {"state", "moves", "status", "deadline", "takeback_by", "draw_by"} & set(changes):  # what a page shows
            for watcher in self.watchers:
                watcher(new.id, new.version)
        return new

    def take_ended(self) -> list[int]:
        """The games this process finished or called off since the last call (each given once)."""
        ended, self._ended = self._ended, []
        return ended

    async def retry(self, game_id: int, change: Callable[[GameRow], Awaitable[T]], tries: int = 3) -> T:
        """Run ``change`` on the latest row until it writes without a conflict (at most ``tries`` times)."""

        async def read(attempt: int) -> GameRow:
            return await (self.row(game_id) if attempt == 0 else self.fresh(game_id))

        return await until_written(read, change, tries)

    async def commit(self, row: GameRow, state: State, moves: list[str], owe: Sequence[Outgoing] = ()) -> GameRow:
        """Store the position ``state`` reached by ``moves``: its status, result, the next deadline, when the
        game ended the players' ratings, and what it owes the chat (``owe``), all at once. Raise
        :class:`ConflictError` when ``row`` is stale."""
        now = self._clock()
        outcome = state.outcome()
        deadline = None
        if outcome is None and self.deadline_rule is not None:
            deadline = await self.deadline_rule(row, state, now)
        result: dict[str, Any] | None = None if outcome is None else {"winner": outcome.winner, "reason": outcome.reason}
        rate = None
        if outcome is not None and row.rated and self.rating_rule is not None:  # an unrated game rates nobody
            rate = self.rating_rule(row, outcome)
            if rate is not None and result is not None:
                result["ratings"] = await self._rating_change(row, rate)
        new = await self.update(
            row, rate=rate, owe=owe, verified=True, state=state.to_dict(), moves=moves,
            status="finished" if outcome else "active", result=result, deadline=deadline, remind_stage=0,
            last_move_at=now, takeback_by=None, draw_by=None,
        )
        if outcome is None:
            self._states[new.id] = (new.version, state)
        else:
            self.forget(new.id)  # a finished game is seldom looked at again
        return new

    async def _rating_change(self, row: GameRow, rate: RatingRule) -> dict[str, list[int]]:
        """Each side's overall rating in ``row``'s game before and after ``rate`` (what the end of the game says)."""
        white, black = (await self._store.rating(row.white_id, row.game, "all"),
                        await self._store.rating(row.black_id, row.game, "all"))
        after = rate(white, black)
        return {"white": [round(white.rating), round(after[0].rating)], "black": [round(black.rating), round(after[1].rating)]}

    async def remember_board(self, game_id: int, message_id: str) -> None:
        """Note which platform message shows the game's board (bookkeeping: no new version, so a move made
        meanwhile is never refused for it)."""
        await self._store.set_board_message(game_id, message_id)
        cached = self._rows.get(game_id)
        if cached is not None:
            self._rows[game_id] = replace(cached, board_message_id=message_id)

    async def remember_thread(self, game_id: int, thread_id: str) -> None:
        """Note the discussion thread a front end opened for the game."""
        await self.retry(game_id, lambda row: self.update(row, thread_id=thread_id))

    def forget(self, game_id: int) -> None:
        """Drop this process's copy of the game (something else changed it in the database)."""
        self._rows.pop(game_id, None)
        self._states.pop(game_id, None)

    # -- locking ---------------------------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def lock(self, game_id: int) -> AsyncIterator[None]:
        """Hold the game against other tasks of this process, and against other processes when the
        database is shared (:class:`ConflictError` when another process holds it too long)."""
        async with self._lanes.hold(game_id):
            if self._shared:
                async with self._store.game_lock(game_id):
                    yield
            else:
                yield
