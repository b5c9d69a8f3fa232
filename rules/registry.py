"""Finding games by name: keys, aliases and localised names."""

from __future__ import annotations

import importlib
from types import ModuleType

from rules.core import Game
from rules.text import normalize

_GAMES: dict[str, Game] = {}
_NAMES: dict[str, str] = {}


def register(game: Game) -> Game:
    """Make ``game`` findable by its key, its name and its aliases."""
    _GAMES[game.key] = game
    for name in (game.key, game.name, *game.aliases):
        _NAMES[normalize(name)] = game.key
    return game


def get_game(name: str) -> Game:
    """The game called ``name`` (key, alias or localised name, any case).

    >>> get_game("Kamisado").key
    'kamisado'

    Raises :class:`KeyError` with the known names when there is no such game.
    """
    key = _NAMES.get(normalize(name.strip()))
    if key is None:
        known = ", ".join(sorted(_GAMES))
        raise KeyError(f"no game called {name!r}; the games are {known}")
    return _GAMES[key]


def all_games() -> list[Game]:
    """Every registered game, in registration order."""
    return list(_GAMES.values())


def module_for(package: str, key: str) -> ModuleType:
    """The module ``<package>.<key>`` where a layer keeps its part of the game ``key`` (its engine,
    pictures, presentation); raise :class:`KeyError` when the layer has none.

    >>> module_for("rules", "kamisado").__name__
    'rules.kamisado'
    """
    try:
        return importlib.import_module(f"{package}.{key}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{package}.{key}":
            raise
        raise KeyError(f"{package} has nothing for the game {key!r}") from None
