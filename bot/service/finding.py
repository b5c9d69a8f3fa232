"""Which game a command is about: ``#<id>``, a reply to its board, or the sender's one game here (which game a typed
move is for is :mod:`bot.service.meaning`'s to say)."""

from __future__ import annotations

from bot.service.app import App
from bot.service.context import Context
from bot.service.events import Choice, Reply
from bot.service.ids import read_id
from bot.service.payloads import GameCommand, encode
from storage import GameRow, NotFoundError

MOST_CHOICES = 8


def visible(row: GameRow, ctx: Context, *, acting: bool) -> bool:
    """Whether ``row`` is shown in the event's chat: in its own chat, and to its players in private
    (only to look: moves and offers belong in the game's chat, where its spectators are). A button
    answers for the game it was made for wherever its player presses it (the board goes to the game's chat)."""
    if ctx.chat.id in row.chats or (ctx.event.payload and row.side_of(ctx.user.id) is not None):
        return True
    return not acting and ctx.event.is_private and row.side_of(ctx.user.id) is not None


async def target_game(app: App, ctx: Context, content: str) -> tuple[GameRow | None, str, str | None]:
    """The game ``#N`` names (first in ``content``), or whose board the message replies to, or the sender's one game
    here; the rest of the text; and a message when no game fits (``None``: nothing to say). With several games of the
    sender here, the message names the ``#N`` form of the command being run for each."""
    if content.startswith("#"):
        word, _, rest = content[1:].partition(" ")
        number = read_id(word)
        if number is None:
            return None, rest, ctx.words("game.not_found", id=word[:20])
        try:
            row = await app.games.row(number)
        except NotFoundError:
            return None, rest, ctx.words("game.not_found", id=number)
        if not visible(row, ctx, acting=False):
            return None, rest, ctx.words("game.not_here", id=number)
        return row, rest.strip(), None
    if ctx.event.reply_to:
        replied = await app.games.by_board_message(ctx.chat.id, ctx.event.reply_to)
        if replied is not None:
            return replied, content, None
    games = [g for g in await app.games.active_in(ctx.chat.id) if g.side_of(ctx.user.id)]
    if len(games) == 1:
        return games[0], content, None
    if len(games) > 1:
        command = ctx.command or "board"
        forms = ctx.words.join(f"'#{g.id} {command}'" for g in games)
        return None, content, ctx.words("game.which_command", forms=forms)
    return None, content, None


async def my_game(app: App, ctx: Context, rest: str, none: str = "game.none") -> tuple[GameRow | None, list[Reply]]:
    """The game a command is about (the latest one of the sender here by default), or the replies that say why
    none (the message ``none`` when the sender has no game here). A bare number is the game's number (``replay 3``
    is ``replay #3``)."""
    if read_id(rest.strip()) is not None:
        rest = "#" + rest.strip()
    row, _, problem = await target_game(app, ctx, rest)
    if row is None and problem is None:
        row = await app.games.latest_of(ctx.user.id, ctx.chat.id)
    if row is None:
        return None, [ctx.reply(problem or ctx.words(none), choices=await _which(app, ctx, problem))]
    return row, []


async def _which(app: App, ctx: Context, problem: str | None) -> tuple[tuple[Choice, ...], ...]:
    """Where the command's game is not known (several of the sender's here), a button that runs it in each."""
    if problem is None or ctx.command is None or ctx.event.payload:
        return ()
    games = [g for g in await app.games.active_in(ctx.chat.id) if g.side_of(ctx.user.id)]
    if len(games) < 2:
        return ()
    buttons = [Choice(f"#{g.id} {ctx.words.game(g.game)}: {ctx.command}", encode(GameCommand(g.id, ctx.command)))
               for g in games[:MOST_CHOICES]]
    return tuple(tuple(buttons[i:i + 2]) for i in range(0, len(buttons), 2))


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


async def named_game(app: App, ctx: Context, number: int) -> GameRow | list[Reply]:
    """Game ``number`` as the sender may act on it here (``#N``), or the refusal that says why not."""
    try:
        row = await app.games.row(number)
    except NotFoundError:
        return [ctx.refuse(ctx.words("game.not_found", id=number))]
    if not visible(row, ctx, acting=True):
        return [ctx.refuse(ctx.words("game.not_here", id=number))]
    return row
