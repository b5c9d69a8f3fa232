"""stats and top: ratings per game, everywhere and in this chat."""

from __future__ import annotations

from bot.service.app import App
from bot.service.commands.base import Command
from bot.service.commands.info import game_key
from bot.service.context import Context
from bot.service.events import Reply
from rules import all_games


async def stats_command(app: App, ctx: Context, rest: str) -> list[Reply]:
    key = game_key(rest) if rest else None
    ratings = [r for r in await app.ratings.of(ctx.user.id)
               if (key is None or r.game == key) and (r.scope == "all" or r.scope == f"chat:{ctx.chat.id}")]
    w = ctx.words
    if not ratings:
        return [ctx.reply(w("stats.none"))]
    lines = [w("stats.header", user=ctx.user.name)]
    for r in ratings:
        scope = w("scope.all") if r.scope == "all" else w("scope.chat")
        lines.append(w("stats.line", game=w.game(r.game), scope=scope, rating=round(r.rating), games=r.games,
                       wins=r.wins, losses=r.losses, draws=r.draws))
    return [ctx.reply("\n".join(lines))]


async def top_command(app: App, ctx: Context, rest: str) -> list[Reply]:
    keys = [game_key(rest)] if rest else [game.key for game in all_games()]
    w = ctx.words
    lines: list[str] = []
    for key in keys:
        if key is None:
            return [ctx.reply(w("unknown_game", name=rest))]
        for scope, label in ((f"chat:{ctx.chat.id}", w("scope.chat")), ("all", w("scope.all"))):
            rows = await app.ratings.top(key, scope, 10 if rest else 5)
            if not rows:
                continue
            lines.append(w("top.header", game=w.game(key), scope=label))
            lines += [w("top.line", rank=i, user=user.name, rating=round(r.rating), games=r.games)
                      for i, (r, user) in enumerate(rows, 1)]
    if not lines:
        return [ctx.reply(w("top.none", game=", ".join(w.game(k) for k in keys if k)))]
    return [ctx.reply("\n".join(lines))]


COMMANDS = (
    Command("stats", stats_command),
    Command("top", top_command),
)
