"""The command table, assembled from the command modules, and the handlers of button payloads."""

from __future__ import annotations

from typing import Any

from bot.service.commands import (
    admin,
    board,
    challenges,
    info,
    learn,
    links,
    moves,
    offers,
    prepared,
    puzzles,
    ratings,
    replay,
    review,
    settings,
    tournaments,
    vacation,
)
from bot.service.commands.base import ButtonHandler, Command, Handler

MODULES: tuple[Any, ...] = (challenges, moves, board, replay, review, offers, prepared, puzzles, learn, tournaments, info,
                            settings, ratings, vacation, links, admin)

#: Every command by its name and its aliases.
COMMANDS: dict[str, Command] = {
    name: command for module in MODULES for command in module.COMMANDS for name in (command.name, *command.aliases)
}
#: The handler of each payload type (see :mod:`bot.service.payloads`).
BUTTONS: dict[type, ButtonHandler] = {
    kind: handler for module in MODULES for kind, handler in getattr(module, "BUTTONS", {}).items()
}


def command_names() -> list[str]:
    """Every command name and alias, for the front ends that register commands."""
    return list(COMMANDS)


def menu() -> list[str]:
    """The commands the platforms' menus list, in order."""
    return [c.name for module in MODULES for c in module.COMMANDS if c.menu]


__all__ = ["BUTTONS", "COMMANDS", "ButtonHandler", "Command", "Handler", "command_names", "menu"]
