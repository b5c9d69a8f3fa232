"""Errors raised for moves a player typed or chose, and the reasons they give.

Every error is a :class:`ValueError` whose message a player can read in English. Each also
carries a stable ``code`` and the ``params`` its message was built from, so a chat front end can
say the same thing in the player's own language. The English wording of every code lives in
:data:`MESSAGES` (each game adds its own); a translation uses the same placeholders.

>>> error = IllegalMoveError.because(Reason.of("move.control", text="a\\x00"), text="a\\x00")
>>> error.code, str(error)
('move.control', "'a\\ufffd' has control characters")
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

#: The English wording of every error and reason code, filled by :func:`declare`.
MESSAGES: dict[str, str] = {}

#: Parameters shown quoted (what the player typed) and parameters that are lists.
QUOTED = frozenset({"text", "word"})


def declare(messages: Mapping[str, str]) -> None:
    """Add error codes and their English templates (each game declares its own)."""
    for code, template in messages.items():
        if MESSAGES.get(code, template) != template:
            raise ValueError(f"error code {code!r} declared twice with different words")
        MESSAGES[code] = template


def shown(params: Mapping[str, Any], comma: str = ", ") -> dict[str, str]:
    """``params`` as they appear in a message: typed text quoted, lists joined by ``comma``."""
    out: dict[str, str] = {}
    for name, value in params.items():
        if name in QUOTED and isinstance(value, str):
            out[name] = quote(value)
        elif isinstance(value, (list, tuple)):
            out[name] = comma.join(str(v) for v in value)
        else:
            out[name] = str(value)
    return out


@dataclass(frozen=True)
class Reason:
    """Why something cannot be done: a declared ``code`` and the ``params`` of its message.

    >>> str(Reason.of("move.not_text"))
    'a move must be text'
    """

    code: str
    params: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, code: str, **params: Any) -> Reason:
        """The reason ``code`` (which must be declared) with ``params``."""
        if code not in MESSAGES:
            raise KeyError(f"undeclared error code {code!r}")
        return cls(code, params)

    def __str__(self) -> str:
        return MESSAGES[self.code].format(**shown(self.params))


class MoveError(ValueError):
    """Base class of every error about a move."""

    code: str = "move_error"

    def __init__(self, message: str, *, code: str | None = None, **params: Any) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code
        self.params: dict[str, Any] = params

    @classmethod
    def because(cls, reason: Reason, *args: Any, text: str | None = None) -> Any:
        """The error that ``reason`` gives; with ``text`` (what was typed), the message starts with it
        unless the reason's own words already quote it."""
        message = str(reason)
        if text is not None and "text" not in reason.params:
            message = f"{quote(text)}: {message}"
        params = dict(reason.params)
        if text is not None:
            params.setdefault("text", text)
        return cls(message, *args, code=reason.code, **params)

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
    shown_text = "".join(ch if ch.isprintable() else "\ufffd" for ch in text)
    if len(shown_text) > limit:
        shown_text = shown_text[: limit - 1] + "…"
    return f"'{shown_text}'"


declare({
    "move.not_text": "a move must be text",
    "move.too_long": "that text is too long for a move ({length} characters); try {examples}",
    "move.control": "{text} has control characters",
    "move.event": "unknown game event {text}",
    "move.no_agreement": "this game has no count by agreement",
    "move.off_board": "{text}: {square} is off the board (files a–{last_file}, ranks 1–{ranks})",
})
