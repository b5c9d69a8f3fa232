"""resign, takeback and draw (Krepost's count by agreement), and the yes/no answers to offers."""

from __future__ import annotations

from typing import Any

from bot.presenters import presenter_for
from bot.service import outbox
from bot.service.app import App
from bot.service.boards import board_reply
from bot.service.commands.base import Command
from bot.service.context import Context
from bot.service.events import Choice, Reply
from bot.service.finding import playing, visible
from bot.service.moves import Played, commit_shown
from bot.service.payloads import AnswerOffer, Confirm, encode
from rules import get_game
from rules.core import event_text, other
from storage import ConflictError, GameRow, NotFoundError

OFFER_COLUMNS = {"takeback": "takeback_by", "draw": "draw_by"}


YES = frozenset({"yes", "y", "!", "да", "بله", "igen"})


async def resign_command(app: App, ctx: Context, rest: str) -> list[Reply]:
    """``resign`` asks first (with buttons); ``resign yes`` resigns at once."""
    words = rest.split()
    sure = bool(words) and words[-1].lower() in YES
    found = await playing(app, ctx, " ".join(words[:-1]) if sure else rest)
    if isinstance(found, list):
        return found
    row, side = found
    names = await app.people.names(row)
    if not sure:
        w = ctx.words
        buttons = ((Choice(w("button.resign"), encode(Confirm(row.id, len(row.moves), "resign"))),
                    Choice(w("button.keep"), encode(Confirm(row.id, len(row.moves), "keep")))),)
        question = w("resign.confirm", player=names[side], id=row.id, opponent=names[other(side)])
        return [ctx.question(question, buttons)]
    return await _resign(app, ctx, row, side, names)


async def _resign(app: App, ctx: Context, row: GameRow, side: str, names: dict[str, str]) -> list[Reply]:
    state = await app.games.state(row)
    played = Played()
    try:
        row = await commit_shown(app, row, state.resign(side), row.moves + [event_text("resign", side)],
                                 [ctx.words("resign.done", player=names[side])], played, ctx.words)
    except ConflictError:
        return [ctx.reply(ctx.words("game.changed"))]
    return [await board_reply(app, ctx, row, await app.games.state(row), played)]


async def abort_command(app: App, ctx: Context, rest: str) -> list[Reply]:
    """Call a game off before the sender has moved in it: no result, no rating (like a game never played)."""
    found = await playing(app, ctx, rest)
    if isinstance(found, list):
        return found
    row, side = found
    tournament_id = await app.tournaments.tournament_of_game(row.id)
    if tournament_id is not None and (await app.tournaments.tournament(tournament_id)).status == "running":
        return [ctx.refuse(ctx.words("tournament.no_abort", id=row.id))]
    if _cut_for(row, side) is not None:
        return [ctx.reply(ctx.words("abort.late", id=row.id))]
    said = outbox.text(row.chat_id, ctx.words("abort.done", id=row.id, player=ctx.user.name), ctx.words.language,
                       game_id=row.id)
    try:
        await app.games.update(row, status="aborted", result={"aborted_by": ctx.user.id, "reason": "abort"},
                               deadline=None, owe=[said])
    except ConflictError:
        return [ctx.reply(ctx.words("game.changed"))]
    return [outbox.text_reply(ctx.chat, said)]


async def confirm_button(app: App, ctx: Context, payload: Confirm) -> list[Reply]:
    """The answer to "resign?": resign (if the game is still where it was asked), or play on."""
    found = await playing(app, ctx, f"#{payload.game}")
    if isinstance(found, list):
        return found
    row, side = found
    if payload.action == "keep":
        return ctx.closing([ctx.private(ctx.words("confirm.kept", id=row.id))])
    if len(row.moves) != payload.ply:
        return ctx.closing([ctx.private(ctx.words("game.changed"))])
    return ctx.closing(await _resign(app, ctx, row, side, await app.people.names(row)))


async def takeback_command(app: App, ctx: Context, rest: str) -> list[Reply]:
    found = await playing(app, ctx, rest)
    if isinstance(found, list):
        return found
    row, side = found
    opponent_id = row.player_of(other(side))
    if row.takeback_by == opponent_id:
        return await _undo(app, ctx, row, other(side))
    if await app.people.is_bot(opponent_id):
        if row.rated:  # against the bot a rated game is played as it stands
            return [ctx.reply(ctx.words("takeback.rated", game=row.game))]
        return await _undo(app, ctx, row, side)
    if _cut_for(row, side) is None:
        return [ctx.reply(ctx.words("takeback.nothing"))]
    return await _propose(app, ctx, row, side, "takeback")


def _cut_for(row: GameRow, side: str) -> int | None:
    """How many moves stay when ``side`` takes back their last move (``None`` if they have none)."""
    movers = [mover for mover, _ in get_game(row.game).history(row.moves, **row.options)]
    return max((index for index, mover in enumerate(movers) if mover == side), default=None)


async def _undo(app: App, ctx: Context, row: GameRow, side: str) -> list[Reply]:
    cut = _cut_for(row, side)
    if cut is None:
        return [ctx.reply(ctx.words("takeback.nothing"))]
    moves = row.moves[:cut]
    undone = len(row.moves) - cut
    state = get_game(row.game).replay(moves, **row.options)
    played = Played()
    try:
        row = await commit_shown(app, row, state, moves, [ctx.words("takeback.done", count=undone)], played, ctx.words)
    except ConflictError:
        return [ctx.reply(ctx.words("game.changed"))]
    return [await board_reply(app, ctx, row, state, played)]


async def draw_command(app: App, ctx: Context, rest: str) -> list[Reply]:
    found = await playing(app, ctx, rest)
    if isinstance(found, list):
        return found
    row, side = found
    if not get_game(row.game).count_by_agreement:
        return [ctx.reply(ctx.words("draw.not_here", game=ctx.words.game(row.game)))]
    opponent_id = row.player_of(other(side))
    against_bot = await app.people.is_bot(opponent_id)
    if row.draw_by == opponent_id or against_bot:
        agreed = (await app.games.state(row)).agree_to_count()
        outcome = agreed.outcome()
        if against_bot and (outcome is None or outcome.winner != other(side)):  # the bot agrees only to win
            names = await app.people.names(row)
            lines = [ctx.words("draw.bot_declines", bot=names[other(side)])]
            return [ctx.reply("\n".join(lines + presenter_for(row.game).ending(agreed, names, ctx.words)))]
        played = Played()
        try:
            row = await commit_shown(app, row, agreed, row.moves + [event_text("agree")], [], played, ctx.words)
        except ConflictError:
            return [ctx.reply(ctx.words("game.changed"))]
        return [await board_reply(app, ctx, row, agreed, played)]
    return await _propose(app, ctx, row, side, "draw")


async def _propose(app: App, ctx: Context, row: GameRow, side: str, offer: str) -> list[Reply]:
    """Record the sender's take-back or draw offer and ask the opponent with yes/no buttons."""
    w = ctx.words
    names = await app.people.names(row)
    buttons = ((Choice(w("button.yes"), encode(AnswerOffer(row.id, offer, True))),
                Choice(w("button.no"), encode(AnswerOffer(row.id, offer, False)))),)
    opponent = await app.people.by_id(row.player_of(other(side)))
    asked = outbox.text(row.chat_id, w(f"{offer}.asked", player=names[side], opponent=names[other(side)]), w.language,
                        mentions=[opponent.platform_id], choices=buttons, game_id=row.id)
    try:
        changes: dict[str, Any] = {OFFER_COLUMNS[offer]: ctx.user.id}
        await app.games.update(row, owe=[asked], **changes)
    except ConflictError:
        return [ctx.reply(ctx.words("game.changed"))]
    return [outbox.text_reply(ctx.chat, asked)]


async def answer_button(app: App, ctx: Context, payload: AnswerOffer) -> list[Reply]:
    if payload.yes:
        command = takeback_command if payload.offer == "takeback" else draw_command
        replies = await command(app, ctx, f"#{payload.game}")
        return ctx.closing(replies) if any(r.game_id for r in replies) else replies
    try:
        row = await app.games.fresh(payload.game)
    except NotFoundError:
        return [ctx.private(ctx.words("game.not_found", id=payload.game))]
    if not visible(row, ctx, acting=True):
        return [ctx.private(ctx.words("game.not_here", id=payload.game))]
    column = OFFER_COLUMNS[payload.offer]
    asked_by = row.takeback_by if payload.offer == "takeback" else row.draw_by
    if row.side_of(ctx.user.id) is None or asked_by is None or asked_by == ctx.user.id:
        return [ctx.private(ctx.words("game.not_yours"))]
    refused = outbox.text(row.chat_id, ctx.words("takeback.refused", player=ctx.user.name), ctx.words.language,
                          game_id=row.id)
    try:
        cleared: dict[str, Any] = {column: None}
        await app.games.update(row, owe=[refused], **cleared)
    except ConflictError:
        return [ctx.reply(ctx.words("game.changed"))]
    return ctx.closing([outbox.text_reply(ctx.chat, refused)])


COMMANDS = (
    Command("resign", resign_command, about_game=True),
    Command("abort", abort_command, about_game=True),
    Command("takeback", takeback_command, about_game=True),
    Command("draw", draw_command, menu=False, about_game=True),
)
BUTTONS = {AnswerOffer: answer_button, Confirm: confirm_button}
