"""Putting games into words in the reader's language: names, sides, durations, results, move errors."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from ai import LEVELS
from bot.i18n import has, mark_direction, template, text
from rules import MoveError, all_games
from rules.core import State
from rules.errors import quote, shown

LIST_COMMAS = {"fa": "، "}  # how a list's items are joined, where it is not ", "

# Parameters of rules errors that name a player or a colour: shown in the reader's words.
_SIDE_PARAMS = frozenset({"player"})
_COLOUR_PARAMS = frozenset({"colour"})


@cache
def lists(language: str) -> dict[str, str]:
    """What help texts list, derived from the games, their options and the levels: ``game_list``,
    ``option_list``, ``level_list``, joined as ``language`` joins a list."""
    options = []
    for game in all_games():
        for option in game.option_spec:
            if option.words:
                options.append("|".join(dict.fromkeys(option.describe(v) for v in option.words.values())))
            else:
                options.append(f"{option.keys[0]}=N")
    comma = LIST_COMMAS.get(language, ", ")
    return {"game_list": comma.join(game.key for game in all_games()), "option_list": comma.join(options),
            "level_list": "|".join(LEVELS)}


class Words:
    """Messages in one language."""

    def __init__(self, language: str) -> None:
        self.language = language

    def __call__(self, key: str, **params: Any) -> str:
        return text(self.language, key, **{**lists(self.language), **params})

    def join(self, items: Any) -> str:
        """``items`` as a list in this language: ``a, b, c`` (Persian: ``a، b، c``)."""
        return LIST_COMMAS.get(self.language, ", ").join(str(item) for item in items)

    def marked(self, message: str) -> str:
        """``message`` with right-to-left marks when the language needs them."""
        return mark_direction(self.language, message)

    def game(self, key: str) -> str:
        return self(f"name.{key}")

    def side(self, side: str) -> str:
        return self(f"side.{side}")

    def colour(self, colour: str) -> str:
        return self(f"colour.{colour}")

    def duration(self, seconds: float) -> str:
        """A time left, rounded down (never more than there is): ``2 d``, ``5 h``, ``14 min``, ``40 s``."""
        seconds = max(0, int(seconds))
        if seconds >= 2 * 86400 or (seconds >= 86400 and seconds % 86400 == 0):
            return self("duration.days", n=seconds // 86400)
        if seconds >= 2 * 3600 or (seconds >= 3600 and seconds % 3600 == 0):
            return self("duration.hours", n=seconds // 3600)
        if seconds >= 60:
            return self("duration.minutes", n=seconds // 60)
        return self("duration.seconds", n=seconds)

    def span(self, seconds: float) -> str:
        """A length in days and hours, in words, rounded down to the hour: ``13 days 23 hours``, ``1 hour``."""
        hours = max(0, int(seconds)) // 3600
        days, hours = divmod(hours, 24)
        parts = [self("span.days", n=days)] if days else []
        if hours or not days:
            parts.append(self("span.hours", n=hours))
        return " ".join(parts)

    def time_limit(self, seconds: int | None) -> str:
        """A time per move in words: ``1 day per move``, ``1 day 12 hours per move``, ``30 min per move``."""
        if not seconds:
            return self("time.none")
        return self("time.per_move", time=self.length(seconds))

    def length(self, seconds: int) -> str:
        """A set length of time: whole hours in words (``1 day``, ``1 day 12 hours``), else as :meth:`duration`."""
        return self.span(seconds) if seconds % 3600 == 0 else self.duration(seconds)

    def switch(self, value: Any) -> str:
        return self("on") if value else self("off")

    def result(self, state: State, names: dict[str, str]) -> str:
        """``Black wins (a tower reached the home row).`` or ``Draw (…)``."""
        outcome = state.outcome()
        if outcome is None:
            return ""
        reason = self(f"reason.{outcome.reason}")
        if outcome.winner is None:
            return self("game.draw", reason=reason)
        return self("game.won", player=names[outcome.winner], reason=reason)

    def move_error(self, error: MoveError, game: str, move_text: Callable[[str], str] | None = None) -> str:
        """A move error in this language with all its detail: the rules' own words in English, the
        catalogue's ``error.<code>`` filled with the error's parameters otherwise; ``move_text`` puts the
        moves it lists (the candidates of an ambiguous move) into this language's words."""
        key = f"error.{error.code}"
        if self.language == "en" or not has(self.language, key):
            return str(error)
        values = dict(error.params)
        if move_text is not None and isinstance(values.get("moves"), (list, tuple)):
            values["moves"] = [move_text(str(m)) for m in values["moves"]]
        params = shown(values, LIST_COMMAS.get(self.language, ", "))
        for name, value in error.params.items():
            if name in _SIDE_PARAMS and value in ("white", "black"):
                params[name] = self.side(value)
            elif name in _COLOUR_PARAMS and has(self.language, f"colour.{value}"):
                params[name] = self.colour(value)
        if "examples" in params:
            params["examples"] = self(f"examples.{game}")
        message = self(key, **params)
        if "text" in error.params and "{text}" not in template(self.language, key):
            message = f"{quote(str(error.params['text']))}: {message}"  # as the rules' English does
        return message
