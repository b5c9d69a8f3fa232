"""The command table, assembled from the command modules, and the handlers of button payloads."""

from __future__ import annotations

from typing import Any

from bot.i18n.command_words import COMMAND_WORDS, folded
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
from bot.service.meaning import Commands

MODULES: tuple[Any, ...] = (challenges, moves, board, replay, review, offers, prepared, puzzles, learn, tournaments, info,
                            settings, ratings, vacation, links, admin)

#: Every command by its name and its aliases (in English and the commands' own words in the other languages).
COMMANDS: dict[str, Command] = {
    folded(name): command for module in MODULES for command in module.COMMANDS
    for name in (command.name, *command.aliases, *COMMAND_WORDS.get(command.name, ()))
}
#: The commands as :func:`bot.service.meaning.resolve` reads a line's first word.
TABLE = Commands({name: command.name for name, command in COMMANDS.items()},
                 {command.name for command in COMMANDS.values() if command.about_game}, folded)
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


__all__ = ["BUTTONS", "COMMANDS", "TABLE", "ButtonHandler", "Command", "Handler", "command_names", "menu"]
