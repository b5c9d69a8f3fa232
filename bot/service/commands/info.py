"""help and rules."""

from __future__ import annotations

from bot.i18n import has
from bot.service.app import App
from bot.service.commands.base import Command
from bot.service.context import Context
from bot.service.events import Reply
from rules import all_games, get_game

HELP_TOPICS = ("play", "move", "draw", "settings", "admin", "puzzle", "tournament", "board", "link", "signin", "learn", "if",
               "notices")


def game_key(name: str) -> str | None:
    """The key of the game named by the first word of ``name`` (or the one game it begins, ``kami``), or ``None``."""
    words = name.split()
    if not words:
        return None
    try:
        return get_game(words[0]).key
    except KeyError:
        pass
    prefix = words[0].lower()
    if len(prefix) < 3:
        return None
    found = {g.key for g in all_games() for n in (g.key, g.name, *g.aliases) if n.lower().startswith(prefix)}
    return found.pop() if len(found) == 1 else None


async def help_command(app: App, ctx: Context, rest: str) -> list[Reply]:
    topic = rest.lstrip("/").lower()
    if topic == "vacation":
        return [ctx.reply(ctx.words("help.vacation", days=app.config.vacation_days))]
    if not topic:
        note = "\n" + ctx.words("help.answers_only") if ctx.event.answers_only else ""
        return [ctx.reply(ctx.words("help") + note)]
    lines = []
    if has(ctx.words.language, f"menu.{topic}"):  # every command in the menus has its one line
        lines.append(ctx.words("help.command", command=topic, description=ctx.words(f"menu.{topic}")))
    if topic in HELP_TOPICS:  # and some a longer explanation
        lines.append(ctx.words(f"help.{topic}"))
    if lines:
        return [ctx.reply("\n".join(lines))]
    return [ctx.reply(ctx.words("help.unknown", command=topic))]


async def rules_command(app: App, ctx: Context, rest: str) -> list[Reply]:
    if not rest:
        return [ctx.reply(ctx.words("games.list"))]
    key = game_key(rest)
    if key is None:
        return [ctx.reply(ctx.words("unknown_game", name=rest))]
    return [ctx.reply(ctx.words(f"rules.{key}") + "\n" + ctx.words(f"scoring.{key}"))]


COMMANDS: tuple[Command, ...] = (
    Command("help", help_command),
    Command("start", help_command, menu=False),
    Command("rules", rules_command),
)
