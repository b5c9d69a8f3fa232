"""move (or just the move), and the buttons that play moves or show a stone's moves."""

from __future__ import annotations

from typing import Any

from bot.presenters import presenter_for
from bot.service.app import App
from bot.service.boards import board_replies, board_reply, draw_ahead, move_choices
from bot.service.commands.base import Command
from bot.service.context import Context
from bot.service.events import Choice, Reply
from bot.service.finding import named_game, visible
from bot.service.moves import Played, commit_move, let_bot_move, let_prepared_move
from bot.service.payloads import Confirm, PickStone, PlayMove, encode
from rules import AmbiguousMoveError, InvalidMoveError, MoveError, get_game
from rules.core import State, other
from storage import ConflictError, GameBusy, GameRow, NotFoundError


async def move_command(app: App, ctx: Context, rest: str) -> list[Reply]:
    """``move`` alone: how to type a move (``move <text>`` is read by the dispatcher as a move, never a command)."""
    return [ctx.reply(ctx.words("help.move"))]


async def in_game(app: App, ctx: Context, number: int | None, text: str, word: str = "") -> list[Reply]:
    """``text`` for game ``number`` alone (``#N text``, a reply to its board): played when it is a legal move there and
    the sender's turn, else refused with that game's reason; an empty text shows the board. ``word`` is what ``#word``
    said where it names no number."""
    if number is None:
        return [ctx.refuse(ctx.words("game.not_found", id=word))]
    row = await named_game(app, ctx, number)
    if isinstance(row, list):
        return row
    if not text:
        return [await board_reply(app, ctx, row, await app.games.state(row))]
    return await _move_in(app, ctx, row, text, None, explicit=True, retry=True)


async def play_read(app: App, ctx: Context, number: int, text: str, read: Any, *, explicit: bool) -> list[Reply]:
    """``text``, read as ``read`` (a move, or the error that refuses it) in game ``number``'s position, played there."""
    row = await app.games.row(number)
    return await _move_in(app, ctx, row, text, (row.version, read), explicit=explicit, retry=True)


async def _move_in(app: App, ctx: Context, row: GameRow, content: str, read: tuple[int, Any] | None, *, explicit: bool,
                   retry: bool) -> list[Reply]:
    """``content`` as the sender's move in ``row``; ``read`` is what it was read as at a version of the game (read
    again at any other)."""
    state = await app.games.state(row)
    side = row.side_of(ctx.user.id)
    if side is None:
        return [ctx.private(ctx.words("game.not_yours"), refusal=True)]
    if (row.status != "active" or state.to_play != side) and retry:
        fresh = await app.games.confirmed(row)
        if fresh is not None:
            return await _move_in(app, ctx, fresh, content, read, explicit=explicit, retry=False)
    if row.status != "active":
        return [ctx.refuse(ctx.words("game.finished", id=row.id))]
    if state.to_play != side:
        names = await app.people.names(row)
        return [ctx.private(ctx.words("game.not_your_turn", player=names.get(state.to_play or "", "?")), refusal=True)]
    move = read[1] if read is not None and read[0] == row.version else _read(row, state, content)
    if isinstance(move, AmbiguousMoveError):
        message = ctx.words.move_error(move, row.game, lambda text: presenter_for(row.game).move_text(text, ctx.words))
        return [ctx.refuse(message, choices=move_choices(row, state, move.candidates))]
    if isinstance(move, InvalidMoveError) and not (explicit or ctx.event.is_private or ctx.event.reply_to):
        return []  # probably not meant as a move
    if isinstance(move, MoveError):
        return [ctx.refuse(_with_hint(move, row, state, ctx))]
    warning = await _warning(app, ctx, row, state, move)
    return [warning] if warning is not None else await apply(app, ctx, row, state, move)


def _read(row: GameRow, state: State, content: str) -> Any:
    try:
        return get_game(row.game).parse_move(state, content)
    except MoveError as exc:
        return exc


MOST_REPLIES_CHECKED = 600


def winning_reply(state: State, move: Any) -> tuple[State, Any] | None:
    """If ``move`` loses at once: the state after it and the opponent's winning reply (``None`` as the reply
    when the move itself ends the game against its player); else ``None``."""
    mover = state.to_play
    after = state.play(move)
    outcome = after.outcome()
    if outcome is not None:
        return (after, None) if outcome.winner not in (None, mover) else None
    if after.to_play in (None, mover) or len(after.legal_moves()) > MOST_REPLIES_CHECKED:
        return None
    for reply in after.legal_moves():
        ended = after.play(reply).outcome()
        if ended is not None and ended.winner == after.to_play:
            return after, reply
    return None


async def _warning(app: App, ctx: Context, row: GameRow, state: State, move: Any) -> Reply | None:
    """A question before a move that loses at once, with a button to play it all the same: only where it
    coaches nobody (against the bot, in an unrated game) or the player asked for it (``settings warnings``),
    never in a tournament game between people (it would coach one entrant against another), and never when the
    move is the only one."""
    wanted = ctx.user.prefs.get("warnings")
    rival_is_bot = await app.people.is_bot(row.player_of(other(row.side_of(ctx.user.id) or "white")))
    if wanted is None:
        wanted = not row.rated or rival_is_bot
    if not wanted or len(state.legal_moves()) == 1:
        return None
    found = winning_reply(state, move)
    if found is None or (not rival_is_bot and await app.tournaments.tournament_of_game(row.id) is not None):
        return None
    after, reply = found
    game, names, w = get_game(row.game), await app.people.names(row), ctx.words
    presenter = presenter_for(row.game)
    shown = presenter.move_text(game.format_move(state, move), w)
    ended = after if reply is None else after.play(reply)
    outcome = ended.outcome()
    if outcome is not None and outcome.reason == "count":  # whatever is played next: say what the count says
        result = " ".join([w.result(ended, names), *presenter.ending(ended, names, w)])
        question = w("move.counted", move=shown, result=result)
    elif reply is None:
        question = w("move.loses_now", move=shown, result=w.result(after, names))
    else:
        opponent = names[after.to_play or ""]
        question = w("move.loses", move=shown, opponent=opponent, reply=presenter.move_text(game.format_move(after, reply), w))
    index = list(state.legal_moves()).index(move)
    buttons = ((Choice(w("button.play_anyway"), encode(PlayMove(row.id, len(row.moves), index, sure=True))),
                Choice(w("button.keep"), encode(Confirm(row.id, len(row.moves), "keep")))),)
    return ctx.question(question, buttons)


def _with_hint(error: MoveError, row: GameRow, state: State, ctx: Context) -> str:
    """The error in the player's words, then what may be played, unless the error already lists it."""
    message = ctx.words.move_error(error, row.game)
    hint = "" if "targets" in error.params else presenter_for(row.game).hint(state, ctx.words)
    return message + ("\n" + hint if hint else "")


async def apply(app: App, ctx: Context, row: GameRow, state: State, move: Any) -> list[Reply]:
    """Play ``move`` (once, whatever else arrives at the same time), then the bot's answers; the new board."""
    try:
        async with app.games.lock(row.id):
            played = Played()
            await draw_ahead(app, ctx, row, state.play(move), get_game(row.game).format_move(state, move))
            try:
                row, state = await commit_move(app, row, state, move, played, ctx.words)
            except ConflictError:
                fresh = await app.games.fresh(row.id)
                if fresh.moves != row.moves or fresh.status != "active":
                    return [ctx.reply(ctx.words("game.changed"))]
                # Only the game's bookkeeping changed (its board message, a reminder): play on the fresh copy.
                played = Played()
                try:
                    row, state = await commit_move(app, fresh, state, move, played, ctx.words)
                except ConflictError:
                    return [ctx.reply(ctx.words("game.changed"))]
            row, state, told = await let_prepared_move(app, row, state, played, ctx.words)
            row, state = await let_bot_move(app, row, state, played, ctx.words)
    except GameBusy:  # another process is making a move in it
        return [ctx.reply(ctx.words("game.busy", id=row.id))]
    except ConflictError:
        return [ctx.reply(ctx.words("game.changed"))]
    return await board_replies(app, ctx, row, state, played) + told


async def _button_game(app: App, ctx: Context, game_id: int, ply: int) -> tuple[GameRow, State] | list[Reply]:
    """The game a move button belongs to, if the presser may use it now."""
    try:
        row = await app.games.fresh(game_id)
    except NotFoundError:
        return [ctx.private(ctx.words("game.not_found", id=game_id))]
    if not visible(row, ctx, acting=True):
        return [ctx.private(ctx.words("game.not_here", id=game_id))]
    side = row.side_of(ctx.user.id)
    if side is None:
        return [ctx.private(ctx.words("game.not_yours"))]
    if row.status != "active":
        return [ctx.private(ctx.words("game.finished", id=row.id))]
    if ply != len(row.moves):  # a stale button, or a page that showed an older position
        return [ctx.private(ctx.words("game.changed"))]
    state = await app.games.state(row)
    if state.to_play != side:
        names = await app.people.names(row)
        return [ctx.private(ctx.words("game.not_your_turn", player=names.get(state.to_play or "", "?")))]
    return row, state


async def play_button(app: App, ctx: Context, payload: PlayMove) -> list[Reply]:
    found = await _button_game(app, ctx, payload.game, payload.ply)
    if isinstance(found, list):
        return found
    row, state = found
    legal = state.legal_moves()
    if payload.index >= len(legal):
        return [ctx.private(ctx.words("game.changed"))]
    move = legal[payload.index]
    if payload.sure:  # the answer to "play it anyway?"
        return ctx.closing(await apply(app, ctx, row, state, move))
    warning = await _warning(app, ctx, row, state, move)
    return [warning] if warning is not None else await apply(app, ctx, row, state, move)


async def stone_button(app: App, ctx: Context, payload: PickStone) -> list[Reply]:
    found = await _button_game(app, ctx, payload.game, payload.ply)
    if isinstance(found, list):
        return found
    row, state = found
    buttons = presenter_for(row.game).moves_from(state, payload.square)
    if not buttons:
        return [ctx.private(ctx.words("move.ambiguous", text=payload.square))]
    targets = ctx.words.join(b.label for b in buttons)
    return [ctx.question(ctx.words("move.hint_targets", targets=targets), move_choices(row, state, [b.move for b in buttons]))]


COMMANDS = (
    Command("move", move_command, about_game=True),
    Command("m", move_command, menu=False, about_game=True),
)
BUTTONS = {PlayMove: play_button, PickStone: stone_button}
