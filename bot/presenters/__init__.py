"""How each game is put into words and buttons in a chat: one :class:`Presenter` per game.

``bot/presenters/<game key>.py`` holds the game's ``PRESENTER``; these modules are the only place
in ``bot/`` that knows a game's own types. :func:`presenter_for` finds them by the game's key.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from bot.service.texts import Words
from render import square_boxes
from rules import get_game
from rules.core import State
from rules.registry import module_for


@dataclass(frozen=True)
class MoveButton:
    """A button that plays ``move``, showing ``label``."""

    label: str
    move: Any


@dataclass(frozen=True)
class StoneButton:
    """A button that shows the moves of the piece on ``square`` (showing ``label``, the square when empty)."""

    square: str
    label: str = ""


Button = MoveButton | StoneButton


class Presenter:
    """A game in a chat. The defaults say nothing beyond the common captions."""

    key: str
    every_move_by_buttons = True  # whether the board's buttons make every move (else some moves must be typed)
    def events(self, before: State, move: Any, after: State, names: dict[str, str], words: Words) -> list[str]:
        """Lines about what ``move`` brought about besides itself (pushes, passes, rounds won, extra turns)."""
        return []

    def eventful(self, before: State, move: Any, after: State) -> bool:
        """Whether ``move`` did more than move a piece (a capture, a push, a prisoner, a round's end): a replay
        pauses longer on it."""
        return bool(self.events(before, move, after, {"white": "", "black": ""}, Words("en")))

    def status(self, state: State, names: dict[str, str], words: Words, lines: list[str]) -> list[str]:
        """The status lines of an unfinished game, given the common ``lines`` (who is to move)."""
        return lines

    def ending(self, state: State, names: dict[str, str], words: Words) -> list[str]:
        """Lines that give a finished game's score (a count, points, a match score) beyond who won and why."""
        return []

    def legend(self, state: State, words: Words) -> str:
        """The key to a text diagram's symbols (and its counts) in the reader's language."""
        return words(f"legend.{self.key}")

    def hint(self, state: State, words: Words) -> str:
        """A line that helps after a refused move ('' when there is nothing to add)."""
        return ""

    def beside(self, state: State, words: Words) -> str:
        """What the squares do not show, in words (the score, the stones in hand); '' when they show everything."""
        return ""

    def board_buttons(self, state: State, words: Words) -> list[Button]:
        """The buttons under the board of an unfinished game."""
        return []

    def move_label(self, state: State, move: Any) -> str:
        """The text of a button that plays ``move``."""
        return get_game(self.key).format_move(state, move)

    def moves_from(self, state: State, square: str) -> list[MoveButton]:
        """The legal moves of the piece on ``square`` (for :class:`StoneButton`), labelled by where they end."""
        return []

    def tap_label(self, state: State, tap: str, words: Words) -> str:
        """The words of a tap that is no square (see ``Game.taps``), on a page's button."""
        return tap

    def page_hint(self, state: State, words: Words) -> str | None:
        """What a page tells the player to move about this turn when tapping a piece and its square is not all (a
        choice that is no move, an extra turn, a compulsory capture); ``None`` for the usual words."""
        return None

    def square_words(self, state: State, square: str, words: Words) -> str:
        """What stands on ``square`` (and what the square is, where that matters), in words for a screen reader:
        ``black orange tower, 1 tooth; orange square``."""
        return words("square.empty")

    def move_text(self, notation: str, words: Words) -> str:
        """A move's canonical text as shown to a reader of ``words``' language."""
        return notation


def position_words(state: State, words: Words) -> str:
    """Where everything stands, in words (every occupied square, as :meth:`Presenter.square_words` says it): a board
    picture's text alternative.

    >>> from rules import get_game
    >>> position_words(get_game("krepost").new_state(), Words("en"))
    ''
    """
    presenter, empty = presenter_for(state.game_key), words("square.empty")
    said = ((square, presenter.square_words(state, square, words)) for square in square_boxes(state))
    return ". ".join(f"{square}: {text}" for square, text in said if not text.startswith(empty))


@cache
def presenter_for(key: str) -> Presenter:
    """The presenter of the game ``key``; raise :class:`KeyError` when there is none."""
    presenter: Presenter = module_for("bot.presenters", key).PRESENTER
    return presenter
