"""What a command module declares: its commands (name, handler, whether platform menus list it) and its buttons."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from bot.service.app import App
from bot.service.context import Context
from bot.service.events import Reply

Handler = Callable[[App, Context, str], Awaitable[list[Reply]]]
ButtonHandler = Callable[[App, Context, Any], Awaitable[list[Reply]]]


@dataclass(frozen=True)
class Command:
    """A command: ``name`` (and ``aliases``) typed with or without a slash, handled by ``handler``.

    ``menu`` puts it into the platforms' command menus, described by the catalogues' ``menu.<name>``;
    ``about_game`` commands take a game as ``#N``, written before or after them (``#6 resign``).
    """

    name: str
    handler: Handler
    aliases: tuple[str, ...] = ()
    menu: bool = True
    about_game: bool = False
