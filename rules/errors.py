"""Errors raised for moves a player typed or chose.

Every error is a :class:`ValueError` whose message a player can read. Each also carries a
stable ``code`` and the ``params`` used to build the message, so a chat front end can show the
same error in the player's own language.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


class MoveError(ValueError):
    """Base class of every error about a move."""

    code: str = "move_error"

    def __init__(self, message: str, *, code: str | None = None, **params: Any) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code
        self.params: dict[str, Any] = params

    @property
    def message(self) -> str:
        """The English message, the same as ``str(error)``."""
        return str(self)


class InvalidMoveError(MoveError):
    """The text cannot be read as a move of this game."""

    code = "invalid"


class IllegalMoveError(MoveError):
    """The text was read as a move, but that move is not legal in this position."""

    code = "illegal"


class AmbiguousMoveError(MoveError):
    """The text fits several legal moves; :attr:`candidates` lists them."""

    code = "ambiguous"

    def __init__(
        self, message: str, candidates: Sequence[Any], *, code: str | None = None, **params: Any
    ) -> None:
        super().__init__(message, code=code, **params)
        self.candidates: tuple[Any, ...] = tuple(candidates)


def quote(text: str, limit: int = 40) -> str:
    """Return ``text`` quoted for an error message, shortened and with control characters shown."""
    shown = "".join(ch if ch.isprintable() else "\ufffd" for ch in text)
    if len(shown) > limit:
        shown = shown[: limit - 1] + "…"
    return f"'{shown}'"
