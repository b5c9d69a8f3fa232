"""The Ashtarashki game object behind the common interface."""

from __future__ import annotations

from typing import Any

from rules.ashtarashki import notation, record
from rules.ashtarashki.state import AshtarashkiState
from rules.core import COMMON_REASONS, Game


class Ashtarashki(Game):
    """Yuri Khalafyan's checkers variant with numbered stones.

    >>> from rules import get_game
    >>> game = get_game("ashtarashki")
    >>> state = game.new_state(position="White: M3 d4. Black: M2 – a5, b6, c5. White to move.")
    >>> game.format_move(state, game.parse_move(state, "d4:c5"))
    'M3d4:c5:b6:a5'
    """

    key = "ashtarashki"
    notation = notation
    records = record
    state_class = AshtarashkiState
    name = "Ashtarashki"
    aliases = ("a", "ash", "ashtarak", "аштарашки", "آشتاراشکی", "asztaraski")
    players = ("white", "black")
    outcome_reasons = ("no_stones", "home", "liquidation", "blocked", *COMMON_REASONS)

    def taps(self, state: Any, move: Any) -> tuple[str, ...]:
        """The stone's square, then each square it lands on (a capture chain landing by landing).

        >>> from rules import get_game
        >>> game = get_game("ashtarashki")
        >>> state = game.new_state(position="White: M3 d4. Black: M2 – a5, b6, c5. White to move.")
        >>> game.taps(state, game.parse_move(state, "d4:c5"))
        ('d4', 'c5', 'b6', 'a5')
        """
        return tuple(move.path)

    def new_state(self, position: str | None = None, **unknown: Any) -> AshtarashkiState:
        """The usual start (White first), or ``position`` in the author's format."""
        if unknown:
            raise ValueError(f"unknown Ashtarashki option {', '.join(sorted(unknown))}: expected position")
        if position is None:
            return AshtarashkiState.start()
        board, to_play = notation.read_position(position)
        return AshtarashkiState.start(board, to_play, notation.board_text(board, to_play))
