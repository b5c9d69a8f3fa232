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
    puzzles = [] if key is not None else await puzzle_lines(app, ctx)
    if not ratings and not puzzles:
        return [ctx.reply(w("stats.none"))]
    lines = [w("stats.header", user=ctx.user.name), *puzzles]
    everywhere = {r.game: r for r in ratings if r.scope == "all"}
    for r in ratings:
        same = everywhere.get(r.game)
        if r.scope != "all" and same is not None and (same.rating, same.games) == (r.rating, r.games):
            continue  # all their games were played here: one line says it
        scope = w("scope.all") if r.scope == "all" else w("scope.chat")
        lines.append(w("stats.line", game=w.game(r.game), scope=scope, rating=round(r.rating), games=r.games,
                       wins=r.wins, losses=r.losses, draws=r.draws))
    return [ctx.reply("\n".join(lines))]


async def puzzle_lines(app: App, ctx: Context) -> list[str]:
    """The sender's puzzle rating, solves and streak (everywhere), once they have tried a puzzle."""
    score = await app.puzzles.puzzle_score(ctx.user.id, "all")
    if score is None or score.solved + score.failed + score.unrated_solved == 0:
        return []
    return [ctx.words("stats.puzzles", rating=round(score.rating), solved=score.solved, tried=score.solved + score.failed,
                      streak=score.streak, best=score.best_streak)]


async def top_command(app: App, ctx: Context, rest: str) -> list[Reply]:
    if rest.lower() in ("puzzle", "puzzles"):
        return await top_puzzles(app, ctx)
    keys = [game_key(rest)] if rest else [game.key for game in all_games()]
    w = ctx.words
    lines: list[str] = []
    for key in keys:
        if key is None:
            return [ctx.reply(w("unknown_game", name=rest))]
        shown = None
        for scope, label in ((f"chat:{ctx.chat.id}", w("scope.chat")), ("all", w("scope.all"))):
            rows = await app.ratings.top(key, scope, 10 if rest else 5)
            ranking = [(user.id, round(r.rating), r.games) for r, user in rows]
            if not rows or ranking == shown:
                continue  # everywhere looks just like this chat: say it once
            shown = ranking
            lines.append(w("top.header", game=w.game(key), scope=label))
            lines += [w("top.line", rank=i, user=user.name, rating=round(r.rating), games=r.games)
                      for i, (r, user) in enumerate(rows, 1)]
    if not lines:
        return [ctx.reply(w("top.none", game=w.join(w.game(k) for k in keys if k)))]
    return [ctx.reply("\n".join(lines))]


async def top_puzzles(app: App, ctx: Context) -> list[Reply]:
    """The best puzzle solvers of this chat, and everywhere when that list differs."""
    w = ctx.words
    lines: list[str] = []
    shown = None
    for scope, label in ((f"chat:{ctx.chat.id}", w("scope.chat")), ("all", w("scope.all"))):
        rows = await app.puzzles.top_puzzle_scores(scope, 10)
        ranking = [(user.id, round(s.rating)) for s, user in rows]
        if not rows or ranking == shown:
            continue
        shown = ranking
        lines.append(w("top.puzzles", scope=label))
        lines += [w("top.puzzle_line", rank=i, user=user.name, rating=round(s.rating), solved=s.solved,
                    tried=s.solved + s.failed, streak=s.streak, best=s.best_streak)
                  + (" · " + w("top.puzzle_unrated", count=s.unrated_solved) if s.unrated_solved else "")
                  for i, (s, user) in enumerate(rows, 1)]
    return [ctx.reply("\n".join(lines) if lines else w("top.no_puzzles"))]


COMMANDS = (
    Command("stats", stats_command),
    Command("top", top_command),
)
