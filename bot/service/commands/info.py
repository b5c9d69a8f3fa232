"""help and rules."""

from __future__ import annotations

from bot.service.app import App
from bot.service.commands.base import Command
from bot.service.context import Context
from bot.service.events import Reply
from rules import get_game

HELP_TOPICS = ("play", "move", "draw", "settings", "admin")


def game_key(name: str) -> str | None:
    """The key of the game named by the first word of ``name``, or ``None``."""
    try:
        return get_game(name.split()[0]).key
    except (KeyError, IndexError):
        return None


async def help_command(app: App, ctx: Context, rest: str) -> list[Reply]:
    topic = rest.lstrip("/").lower()
    if topic == "vacation":
        return [ctx.reply(ctx.words("help.vacation", days=app.config.vacation_days))]
    if topic in HELP_TOPICS:
        return [ctx.reply(ctx.words(f"help.{topic}"))]
    return [ctx.reply(ctx.words("help"))]


async def rules_command(app: App, ctx: Context, rest: str) -> list[Reply]:
    key = game_key(rest) if rest else None
    if key is None:
        return [ctx.reply(ctx.words("unknown_game", name=rest or "?"))]
    return [ctx.reply(ctx.words(f"rules.{key}"))]


COMMANDS = (
    Command("help", help_command),
    Command("start", help_command, menu=False),
    Command("rules", rules_command),
)
