"""Applying moves: one move stored with the version check and described for the caption, then the
built-in opponent's answers (its search runs off the event loop)."""

from __future__ import annotations

import asyncio
import json
import logging
import random
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ai import choose, greedy_move, ready_within
from bot.metrics import METRICS
from bot.presenters import presenter_for
from bot.service import outbox, prepared
from bot.service.app import App
from bot.service.events import Reply
from bot.service.fair_share import FAIR
from bot.service.lru import Recent
from bot.service.people import level_of
from bot.service.texts import Words
from rules import get_game
from rules.core import State
from storage import GameRow, Outgoing, User

log = logging.getLogger(__name__)


@dataclass
class Played:
    """What happened while moves were applied, for the caption (``lines``, in the acting player's words), and the
    boards that show it all, by chat: each one's outbox item (each commit's board replaces the one before while it
    waits) and its language and lines (a guest chat's reader may read another language)."""

    lines: list[str] = field(default_factory=list)
    deliveries: dict[int, int] = field(default_factory=dict)
    shown: dict[int, tuple[str, list[str]]] = field(default_factory=dict)
    missed: dict[int, list[str]] = field(default_factory=dict)  # by chat: what its earlier boards said and never showed

    def add(self, lines: list[str], items: Sequence[Outgoing]) -> None:
        """Take in what a commit wrote: its lines and its boards' outbox items (one per chat of the game)."""
        self.lines += lines
        for item in items:
            assert item.id is not None
            self.deliveries[item.chat_id] = item.id
            before = self.shown.get(item.chat_id, ("", []))[1]
            self.shown[item.chat_id] = (str(item.body["language"]), item.missed + before + list(item.body["lines"]))
            if item.missed:
                self.missed[item.chat_id] = self.missed.get(item.chat_id, []) + item.missed

    def delivery(self, chat_id: int) -> int | None:
        """The outbox item of the board owed to chat ``chat_id``, if a commit owed it one."""
        return self.deliveries.get(chat_id)


Said = Callable[[Words], list[str]]  # what happened, in a reader's words


async def boards_owed(app: App, row: GameRow, ply: int, said: Said, words: Words) -> list[Outgoing]:
    """The board of ``row`` after ``ply`` moves, captioned with what happened, for each chat the game is played in:
    in ``words``, and a guest game's other chat in its own reader's words."""
    boards = []
    for chat_id in row.chats:
        reader = await reader_words(app, row, chat_id) if row.guest_chat_id is not None else None
        told = reader if reader is not None and reader.language != words.language else words
        boards.append(outbox.board(chat_id, row.id, ply, said(told), told.language))
    return boards


async def reader_words(app: App, row: GameRow, chat_id: int) -> Words | None:
    """The words of the player who reads the game in chat ``chat_id`` (the guest in theirs, the other player in the
    game's own); ``None`` when that is the built-in opponent."""
    guest = row.guest_id
    assert guest is not None, "a game with a guest chat has its guest"
    host = row.black_id if guest == row.white_id else row.white_id  # who plays from the game's own chat
    reader = await app.people.by_id(guest if chat_id == row.guest_chat_id else host)
    return None if reader.is_bot else await player_words(app, row, reader)


async def player_words(app: App, row: GameRow, player: User) -> Words:
    """The words ``player`` reads game ``row`` in: their language in the chat they play it from."""
    return Words(app.language(player, await app.people.chat_by_id(row.chat_of(player.id))))


async def commit_shown(app: App, row: GameRow, state: State, moves: list[str], said: Said, played: Played,
                       words: Words) -> GameRow:
    """Commit the position ``state`` reached by ``moves`` together with the boards it owes the game's chats,
    captioned with what ``said`` says happened (in ``words``, or a guest chat's reader's); note both in ``played``.
    :class:`~storage.ConflictError` when stale."""
    boards = await boards_owed(app, row, len(moves), said, words)
    row = await app.games.commit(row, state, moves, owe=boards)
    played.add(said(words), boards)
    return row


async def commit_move(app: App, row: GameRow, state: State, move: Any, played: Played, words: Words, *,
                      prepared: bool = False) -> tuple[GameRow, State]:
    """Play one move and store it with the version check; describe it into ``played`` (a ``prepared`` answer, played
    for its player, says so).

    Raises :class:`~storage.ConflictError` (nothing stored) when ``row`` is not the latest version.
    """
    game = get_game(row.game)
    presenter = presenter_for(row.game)
    names = await app.people.names(row)
    mover = state.to_play or ""
    notation = game.format_move(state, move)
    after = state.play(move)

    def said(w: Words) -> list[str]:
        return [w("game.played", player=names[mover], move=presenter.move_text(notation, w)),
                *([w("prepared.played", player=names[mover])] if prepared else []),
                *presenter.events(state, move, after, names, w)]

    row = await commit_shown(app, row, after, row.moves + [notation], said, played, words)
    METRICS.move_made()
    log.info("move %s", notation, extra={"game_id": row.id, "user_id": row.player_of(mover) if mover else None})
    return row, after


OVERRUN = 1.1  # the bot answers within its budget and a tenth, whatever the process is doing


UNFLOORED = ("beginner", "easy", "normal", "hard")  # levels that may fall back to a one-ply search when starved
AIM = 0.8  # of the budget: when the searches' shares are planned to end (a search stops a little after it is told)
MASTER_PATIENCE = 10.0  # seconds the master waits past its budget for its own search before anything else is played


async def bot_move(state: State, level: str, budget: float, seed: int, game_id: int,
                   recent: Sequence[Any] = ()) -> Any:
    """The built-in opponent's move, never a random one: its search waits for its turn on the processor
    (:data:`FAIR`: one search at a time, the earliest deadline first), runs in a worker thread with its share of the
    time left to ``budget`` (all of it when nothing else waits, never less than its level's floor), and is told to
    stop and give its best move when that share is spent. If even that does not come by ``budget`` ×
    :data:`OVERRUN` (a machine busy with other work), a level below the master plays the best move of a one-ply
    search; the master waits for its own, up to :data:`MASTER_PATIENCE` more (a search that hears nothing is a
    fault, logged as one). While the engines are still being compiled (a first start on a cold
    cache) the move waits for them, late rather than weak (logged). The only legal move is played at once."""
    legal = state.legal_moves()
    if len(legal) == 1:  # a forced move (one capture sequence, say): nothing to think about
        return legal[0]
    began = time.monotonic()
    if not await asyncio.to_thread(ready_within, budget):
        log.info("the engines are still being compiled: the %s opponent's move waits for them", level,
                 extra={"game_id": game_id})
        await asyncio.to_thread(ready_within, None)
        log.warning("the %s opponent's move waited %.1f s for the engines to be compiled", level,
                    time.monotonic() - began, extra={"game_id": game_id})
        began = time.monotonic()
    async with FAIR.turn(began + budget * AIM, level, budget) as share:
        cancel = threading.Event()
        search = asyncio.ensure_future(asyncio.to_thread(choose, state, level=level, time_budget=share, seed=seed,
                                                         cancel=cancel, recent=recent))
        done, _ = await asyncio.wait({search}, timeout=share)
        if not done:
            cancel.set()  # the best move found so far, please
            late = max(0.0, began + budget * OVERRUN - time.monotonic())
            if level not in UNFLOORED:
                late += MASTER_PATIENCE
            done, _ = await asyncio.wait({search}, timeout=max(late, share * (OVERRUN - 1)))
        if done:
            return search.result()
    log.warning("the %s opponent did not answer within %.2f s: the best move of a one-ply search instead", level,
                budget * OVERRUN, extra={"game_id": game_id})
    return await asyncio.to_thread(greedy_move, state, random.Random(seed))


RECENT = 2  # the bot's own latest moves it is told of, to prefer progress to undoing them


# The moves of recent games as last read, with the position they reach: a game's next move reads only what is new.
_HISTORIES: Recent[int, tuple[str, str, tuple[str, ...], list[tuple[str | None, Any, str]], State]] = Recent(1024)


def history_of(row: GameRow) -> list[tuple[str | None, Any, str]]:
    """``row``'s moves (its events left out) as (mover, move, stored text); empty when they no longer read. Each
    move is read in its position by the rules, as ``Game.history`` reads them; the moves read before for the same
    game, options and first moves are not read again."""
    texts = tuple(m for m in row.moves if not m.startswith("!"))
    options = json.dumps(row.options, sort_keys=True)
    game = get_game(row.game)
    known = _HISTORIES.get(row.id)
    if known is not None and known[:2] == (row.game, options) and texts[:len(known[2])] == known[2]:
        history, state = list(known[3]), known[4]
    else:
        history, state = [], game.new_state(**row.options)
    try:
        for text in texts[len(history):]:
            move = game.parse_move(state, text)
            history.append((state.to_play, move, text))
            state = state.play(move)
    except ValueError:
        return []
    _HISTORIES[row.id] = (row.game, options, texts, history, state)
    return list(history)


def _own_recent(row: GameRow, player: str) -> list[Any]:
    """The latest :data:`RECENT` moves ``player`` made in ``row`` (latest last)."""
    return [move for mover, move, _ in history_of(row) if mover == player][-RECENT:]


async def let_prepared_move(app: App, row: GameRow, state: State, played: Played,
                            words: Words) -> tuple[GameRow, State, list[Reply]]:
    """After the opponent's move, the answer the player to move prepared for it, played at once (see
    :mod:`bot.service.prepared`); or, when they prepared none for it, the notice that tells them their answers for
    that position are cleared. Call it holding the game's lock, right after the move it answers."""
    while True:  # when both prepared, an answer may meet the other's prepared answer to it, and so on
        found = await prepared.answer(app, row, state)
        if isinstance(found, list):
            return row, state, found
        row, state = await commit_move(app, row, state, found[0], played, words, prepared=True)


BOTS_MOVES_AT_ONCE = 4  # moves a game between two levels makes in one go, so a tick or a request stays short


async def let_bot_move(app: App, row: GameRow, state: State, played: Played, words: Words) -> tuple[GameRow, State]:
    """While it is the built-in opponent's turn, let it move (each level as itself). A game between two levels (a
    tournament's) goes on a few moves at a time, its board shown only once it ends."""
    both = all([(await app.people.by_id(row.white_id)).is_bot, (await app.people.by_id(row.black_id)).is_bot])
    made = 0
    while row.status == "active" and state.to_play and (mover := await app.people.by_id(row.player_of(state.to_play))).is_bot:
        if both and made == BOTS_MOVES_AT_ONCE:
            break
        seed = row.id * 100_000 + len(row.moves)  # the same in a replay, different from game to game
        began = time.perf_counter()
        level = level_of(mover, row.ai_level)
        move = await bot_move(state, level, app.config.ai_time_budget, seed, row.id, _own_recent(row, state.to_play))
        METRICS.ai_thought(time.perf_counter() - began, row.game, str(level))
        if both:
            row, state = await _commit_unseen(app, row, state, move, played, words)
        else:
            row, state = await commit_move(app, row, state, move, played, words)
        made += 1
    return row, state


async def _commit_unseen(app: App, row: GameRow, state: State, move: Any, played: Played,
                         words: Words) -> tuple[GameRow, State]:
    """A move of a game between two levels: stored like any, its board owed to the chat only when it ends it."""
    after = state.play(move)
    notation = get_game(row.game).format_move(state, move)
    if after.outcome() is not None:
        return await commit_move(app, row, state, move, played, words)
    row = await app.games.commit(row, after, row.moves + [notation])
    return row, after
