"""Which game a message is about: ``#<id>``, a reply to its board, or the one game where it fits."""

from __future__ import annotations

from typing import Any

from bot.service.app import App
from bot.service.context import Context
from bot.service.events import Reply
from bot.service.ids import read_id
from rules import AmbiguousMoveError, InvalidMoveError, MoveError, get_game
from rules.core import State
from storage import GameRow, NotFoundError


class Readings:
    """A typed text read as a move once per game position, however many times its way asks (which game it is for,
    whether the chat's puzzle takes it instead, whose game it fits, the move itself)."""

    def __init__(self) -> None:
        self._read: dict[tuple[int, int, str], Any] = {}

    def read(self, row: GameRow, state: State, content: str) -> Any:
        """The move ``content`` is in ``row``'s position ``state``, or the :class:`MoveError` that refuses it."""
        key = (row.id, row.version, content)
        if key not in self._read:
            try:
                self._read[key] = get_game(row.game).parse_move(state, content)
            except MoveError as exc:
                self._read[key] = exc
        return self._read[key]


def visible(row: GameRow, ctx: Context, *, acting: bool) -> bool:
    """Whether ``row`` is shown in the event's chat: in its own chat, and to its players in private
    (only to look: moves and offers belong in the game's chat, where its spectators are). A button
    answers for the game it was made for wherever its player presses it (the board goes to the game's chat)."""
    if ctx.chat.id in row.chats or (ctx.event.payload and row.side_of(ctx.user.id) is not None):
        return True
    return not acting and ctx.event.is_private and row.side_of(ctx.user.id) is not None


async def target_game(app: App, ctx: Context, content: str, *, want_turn: bool) -> tuple[GameRow | None, str, str | None]:
    """The game, the rest of the text, and a message when no game fits (``None``: nothing to say)."""
    if content.startswith("#"):
        word, _, rest = content[1:].partition(" ")
        number = read_id(word)
        if number is None:
            return None, rest, ctx.words("game.not_found", id=word[:20])
        try:
            row = await app.games.row(number)
        except NotFoundError:
            return None, rest, ctx.words("game.not_found", id=number)
        if not visible(row, ctx, acting=want_turn):
            return None, rest, ctx.words("game.not_here", id=number)
        return row, rest.strip(), None
    if ctx.event.reply_to:
        replied = await app.games.by_board_message(ctx.chat.id, ctx.event.reply_to)
        if replied is not None:
            return replied, content, None
    games = [g for g in await app.games.active_in(ctx.chat.id) if g.side_of(ctx.user.id)]
    if want_turn and len(games) > 1:
        ready = []
        for g in games:
            if (await app.games.state(g)).to_play == g.side_of(ctx.user.id):
                ready.append(g)
        games = ready or games
    if len(games) == 1:
        return games[0], content, None
    if len(games) > 1:
        return None, content, ctx.words("game.which", games=ctx.words.join(f"#{g.id}" for g in games))
    return None, content, None


async def game_for_move(app: App, ctx: Context, content: str, *, speak: bool,
                        readings: Readings) -> tuple[GameRow | None, str, str | None]:
    """The game a move without ``#<id>`` is meant for, as :func:`target_game` answers. Of the sender's
    games here, the one where it is their turn and the text is a legal move; else where it at least
    reads as a move; when it reads only in games where it is not their turn, the message says so. Text no
    game can read names the games to choose from only when ``speak`` (in a group it is chatter)."""
    if content.startswith("#") or ctx.event.reply_to:
        return await target_game(app, ctx, content, want_turn=True)
    mine = [g for g in await app.games.active_in(ctx.chat.id) if g.side_of(ctx.user.id)]
    if len(mine) < 2:  # the one game here, or none (nothing to say)
        return (mine[0] if mine else None), content, None
    ready: dict[str, list[GameRow]] = {"legal": [], "readable": [], "unreadable": []}
    waiting: list[GameRow] = []
    for row in mine:
        state = await app.games.state(row)
        reading = _reading(readings.read(row, state, content))
        if state.to_play == row.side_of(ctx.user.id):
            ready[reading].append(row)
        elif reading != "unreadable":
            waiting.append(row)
    for kind in ("legal", "readable"):
        if len(ready[kind]) == 1:
            return ready[kind][0], content, None
        if ready[kind]:
            return None, content, ctx.words("game.which", games=_numbers(ready[kind]))
    if waiting:
        return None, content, ctx.words("game.not_your_turn_in", games=_numbers(waiting))
    if len(ready["unreadable"]) == 1:
        return ready["unreadable"][0], content, None  # its error and hint, where a move was surely meant
    return None, content, ctx.words("game.which", games=_numbers(ready["unreadable"] or mine)) if speak else None


def _reading(read: Any) -> str:
    """How a text read (:meth:`Readings.read`) in a position reads: a legal move (or several), a move that is not legal
    there, or no move of that game at all."""
    if isinstance(read, AmbiguousMoveError) or not isinstance(read, MoveError):
        return "legal"
    return "unreadable" if isinstance(read, InvalidMoveError) else "readable"


def _numbers(rows: list[GameRow]) -> str:
    return ", ".join(f"#{row.id}" for row in rows)


async def my_game(app: App, ctx: Context, rest: str, none: str = "game.none") -> tuple[GameRow | None, list[Reply]]:
    """The game a command is about (the latest one of the sender here by default), or the replies that say why
    none (the message ``none`` when the sender has no game here). A bare number is the game's number (``replay 3``
    is ``replay #3``)."""
    if read_id(rest.strip()) is not None:
        rest = "#" + rest.strip()
    row, _, problem = await target_game(app, ctx, rest, want_turn=False)
    if row is None and problem is None:
        row = await app.games.latest_of(ctx.user.id, ctx.chat.id)
    if row is None:
        return None, [ctx.reply(problem or ctx.words(none))]
    return row, []


async def playing(app: App, ctx: Context, rest: str, *, ending: bool = False) -> tuple[GameRow, str] | list[Reply]:
    """The active game the sender plays in (and their side), or the replies that say why not. With ``ending`` (a
    resignation, an abort) a player may name their game from their private chat with the bot too: the game's chat
    may be one the bot can no longer write in, or only answer in."""
    row, problem = await my_game(app, ctx, rest)
    if row is None:
        return problem
    if not visible(row, ctx, acting=not ending):
        return [ctx.reply(ctx.words("game.not_here", id=row.id))]
    side = row.side_of(ctx.user.id)
    if side is None:
        return [ctx.private(ctx.words("game.not_yours"))]
    if row.status != "active":
        return [ctx.reply(ctx.words("game.finished", id=row.id))]
    return row, side
