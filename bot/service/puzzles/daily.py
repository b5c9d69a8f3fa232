"""The daily puzzle: posted by the clock's tick at each chat's hour in its time zone, the day claimed with the
outbox item that delivers it, and yesterday's solvers named under it."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from typing import Any

from ai.puzzles import Puzzle, find
from ai.puzzles.worth import pick
from bot.service.app import App
from bot.service.events import Reply
from bot.service.options import OptionError, zone_of
from bot.service.puzzles.sessions import (
    game_keys,
    goal_line,
    message,
)
from bot.service.texts import Words
from storage import Chat, Outgoing


async def daily(app: App, now: float) -> list[Reply]:
    """Post each chat's daily puzzle once its hour has come in the chat's time zone (once a day, whichever
    process gets there first), with the previous day's solution and who solved it."""
    replies: list[Reply] = []
    for chat_id in await app.puzzles.chats_with_daily_puzzles():
        chat = await app.people.chat_by_id(chat_id)
        when = chat.settings.get("puzzle_daily")
        if not isinstance(when, dict):
            continue
        try:
            local = datetime.fromtimestamp(now, zone_of(chat.settings.get("zone")))
        except OptionError:
            local = datetime.fromtimestamp(now, UTC)
        if local.strftime("%H:%M") < str(when.get("at", "09:00")):
            continue
        day = local.date().isoformat()
        if await app.puzzles.puzzle_day(chat.id, day) is not None:
            continue
        reply = await _post_daily(app, chat, day, when.get("game"), local.date() - timedelta(days=1))
        if reply is not None:
            replies.append(reply)
    return replies


async def _post_daily(app: App, chat: Chat, day: str, game: str | None, yesterday: Any) -> Reply | None:
    words = Words(str(chat.settings.get("language") or app.config.default_language))
    keys = game_keys()
    key = game if game in keys else keys[datetime.fromisoformat(day).toordinal() % len(keys)]
    rng = random.Random(f"{chat.id}:{day}")
    puzzle = pick(key, None, rng, await app.puzzles.puzzles_shown(chat.id, key))
    if puzzle is None:
        return None
    lines = [words("puzzle.daily", day=day), goal_line(words, puzzle), words("puzzle.how")]
    before = await app.puzzles.puzzle_day(chat.id, yesterday.isoformat())
    if before is not None:
        lines += await yesterday_lines(app, words, *before)
    item = daily_item(chat.id, puzzle, lines, words.language)
    await app.puzzles.set_puzzle_rating(puzzle.game, puzzle.number, puzzle.rating)
    if await app.puzzles.open_puzzle(chat.id, puzzle.game, puzzle.number, day=day, owe=[item]) is None:
        return None  # another process posts it
    return await message(app, chat, words, puzzle, 0, lines, item.id)


async def yesterday_lines(app: App, words: Words, game: str, number: int, solvers: list[int]) -> list[str]:
    """The previous daily puzzle's solution and who solved it."""
    puzzle = find(game, number)
    if puzzle is None:
        return []
    names = [(await app.people.by_id(user_id)).name for user_id in solvers]
    who = words("puzzle.solved_by", users=words.join(names)) if names else words("puzzle.unsolved")
    return [words("puzzle.yesterday", game=words.game(game), number=number, line=" · ".join(puzzle.line)), who]


def daily_item(chat_id: int, puzzle: Puzzle, lines: list[str], language: str) -> Outgoing:
    """The outbox item of a daily puzzle's post (sent again until it arrives)."""
    return Outgoing(chat_id, "puzzle", {"game": puzzle.game, "number": puzzle.number, "lines": lines,
                                        "language": language})


async def redelivered(app: App, chat: Chat, words: Words, body: dict[str, Any], delivery: int | None) -> Reply | None:
    """The reply of a daily puzzle's outbox item (see :func:`daily_item`)."""
    puzzle = find(str(body.get("game")), int(body.get("number", 0)))
    if puzzle is None:
        return None
    return await message(app, chat, words, puzzle, 0, list(body.get("lines", [])), delivery)


