"""Commands for a chat's administrators: abort a broken game, move a deadline, show why a game froze."""

from __future__ import annotations

from typing import Any

from bot.service import outbox
from bot.service.app import App
from bot.service.commands.base import Command
from bot.service.context import Context
from bot.service.events import Reply
from bot.service.ids import read_id
from bot.service.options import OptionError, parse_duration
from rules import get_game
from storage import ConflictError, GameRow, NotFoundError, verify_replay


async def admin_command(app: App, ctx: Context, rest: str) -> list[Reply]:
    """``admin abort #N [reason]`` · ``admin deadline #N 2d`` · ``admin evidence #N``."""
    if not await app.administers(ctx):
        return [ctx.private(ctx.words("admin.denied"))]
    words = rest.split()
    game_id = read_id(words[1]) if len(words) >= 2 else None
    if game_id is None or words[0].lower() not in ("abort", "deadline", "evidence"):
        return [ctx.reply(ctx.words("help.admin"))]
    action = words[0].lower()
    try:
        row = await app.games.fresh(game_id)
    except NotFoundError:
        return [ctx.reply(ctx.words("game.not_found", id=game_id))]
    if row.chat_id != ctx.chat.id and not app.is_operator(ctx.event):
        return [ctx.reply(ctx.words("admin.elsewhere", id=game_id))]
    if action == "abort":
        return await _abort(app, ctx, row, " ".join(words[2:]))
    if action == "deadline":
        return await _deadline(app, ctx, row, words[2] if len(words) > 2 else "")
    return [ctx.reply(evidence(ctx, row))]


async def _abort(app: App, ctx: Context, row: GameRow, reason: str) -> list[Reply]:
    if row.status not in ("active", "frozen"):
        return [ctx.reply(ctx.words("admin.not_active", id=row.id, status=row.status))]
    result: dict[str, Any] = {"aborted_by": ctx.user.id, "reason": reason or None}
    if row.result and "frozen" in row.result:
        result["frozen"] = row.result["frozen"]
    said = outbox.game_texts(row, ctx.words("admin.aborted", id=row.id, admin=ctx.user.name,
                                            reason=f" ({reason})" if reason else ""), ctx.words.language, ends=True)
    try:
        await app.games.update(row, status="aborted", result=result, deadline=None, owe=said)
    except ConflictError:
        return [ctx.reply(ctx.words("game.changed"))]
    return await outbox.text_replies(app.people, said)


async def _deadline(app: App, ctx: Context, row: GameRow, text: str) -> list[Reply]:
    if row.status != "active":
        return [ctx.reply(ctx.words("admin.not_active", id=row.id, status=row.status))]
    if not row.time_per_move or row.deadline is None:
        return [ctx.reply(ctx.words("admin.no_clock", id=row.id))]
    try:
        seconds = parse_duration(text) if text else None
    except OptionError:
        seconds = None
    if seconds is None:
        return [ctx.reply(ctx.words("help.admin"))]
    to_play = row.state.get("to_play")
    names = await app.people.names(row)
    player = names.get(to_play, "?") if isinstance(to_play, str) else "?"
    mention = await app.people.by_id(row.player_of(to_play)) if isinstance(to_play, str) else None
    said = outbox.game_texts(row, ctx.words("admin.deadline", admin=ctx.user.name, id=row.id, player=player,
                                            left=ctx.words.duration(seconds)), ctx.words.language, mention=mention)
    try:
        await app.games.update(row, deadline=app.clock() + seconds, remind_stage=0, owe=said)
    except ConflictError:
        return [ctx.reply(ctx.words("game.changed"))]
    return await outbox.text_replies(app.people, said)


def evidence(ctx: Context, row: GameRow) -> str:
    """What an administrator needs to judge a frozen game: the problem, the last moves, what differs."""
    problem = verify_replay(row)
    if row.status != "frozen" and problem is None:
        return ctx.words("admin.not_frozen", id=row.id)
    stored_problem = (row.result or {}).get("frozen") or problem or "?"
    fields = "?"
    if (row.result or {}).get("unreadable"):
        fields = "the stored row itself (its columns are kept unchanged)"
        return ctx.words("admin.evidence", id=row.id, problem=stored_problem, count="?", last="?", fields=fields)
    try:
        game = get_game(row.game)
        replayed = game.replay(row.moves, **row.options).to_dict()
        fields = ", ".join(sorted(k for k in set(replayed) | set(row.state) if replayed.get(k) != row.state.get(k))) or "-"
    except Exception as exc:  # a move that does not replay at all: that is the evidence
        fields = f"{type(exc).__name__}: {exc}"
    last = ", ".join(row.moves[-6:]) or "-"
    return ctx.words("admin.evidence", id=row.id, problem=stored_problem, count=len(row.moves), last=last, fields=fields)


COMMANDS = (Command("admin", admin_command),)
