"""Putting games into words in the reader's language: names, moves, whose turn, results, move errors."""

from __future__ import annotations

import re
from typing import Any

from bot.i18n import mark_direction, text
from rules import AmbiguousMoveError, MoveError
from rules.core import State
from rules.kamisado import COLOURS

_COLOUR_WORD = re.compile(r"\b(" + "|".join(COLOURS) + r")\b")
EXAMPLES = {
    "kamisado": "'purple l5', '4', 'e5', 'c1-e3'",
    "ashtarashki": "'c3-d4', 'M3d4', 'd4:c5:b6'",
    "krepost": "'@e4', 'e4-e5', 'e4-e6-g6', 'e4-e5 xf7'",
}


class Words:
    """Messages in one language."""

    def __init__(self, language: str) -> None:
        self.language = language

    def __call__(self, key: str, **params: Any) -> str:
        return text(self.language, key, **params)

    def marked(self, message: str) -> str:
        """``message`` with right-to-left marks when the language needs them."""
        return mark_direction(self.language, message)

    def game(self, key: str) -> str:
        return self(f"name.{key}")

    def side(self, side: str) -> str:
        return self(f"side.{side}")

    def colour(self, colour: str) -> str:
        return self(f"colour.{colour}")

    def move(self, notation: str) -> str:
        """A move's canonical text with Kamisado's colour words in this language."""
        if self.language == "en":
            return notation
        return _COLOUR_WORD.sub(lambda m: self.colour(m.group(1)), notation)

    def duration(self, seconds: float) -> str:
        seconds = max(0, int(seconds))
        if seconds >= 2 * 86400 or (seconds >= 86400 and seconds % 86400 == 0):
            return self("duration.days", n=round(seconds / 86400))
        if seconds >= 2 * 3600 or (seconds >= 3600 and seconds % 3600 == 0):
            return self("duration.hours", n=round(seconds / 3600))
        return self("duration.minutes", n=max(1, round(seconds / 60)))

    def time_limit(self, seconds: int | None) -> str:
        return self("time.none") if not seconds else self("time.per_move", time=self.duration(seconds))

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

    def move_error(self, error: MoveError, game: str, typed: str) -> str:
        """A move error for a player: the rules' own words in English, a translation otherwise."""
        if self.language == "en":
            return str(error)
        shown = typed.strip()[:40]
        if error.code.endswith(".over"):
            return self("move.over")
        if isinstance(error, AmbiguousMoveError):
            return self("move.ambiguous", text=shown)
        if error.code in ("invalid",) or error.__class__.__name__ == "InvalidMoveError":
            return self("move.invalid", text=shown, examples=EXAMPLES.get(game, ""))
        return self("move.illegal", text=shown)
